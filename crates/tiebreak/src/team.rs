//! Team events (C.07 Art. 11–13 and the seed's Berlin system): matches derived from the
//! players' games and team membership (TRF 013/310), match and game points, board tie-breaks
//! (BC, TBR, BBE, Berlin), Buchholz and the extended Sonneborn-Berger family on either score,
//! and the extended direct encounter.
//!
//! The matches are [`tournament::team::team_histories`]', the reading pairing uses: the same
//! opponents, match points and game points, the pairing-allocated bye worth a drawn match
//! unless `320` says otherwise (C.04.6 1.4), and the `299` records. A player's board is their
//! place, in roster order, among the team members who had a game (played or forfeited) that
//! round; a team on the pairing-allocated or a full-point bye is credited a win on every board
//! for the board tie-breaks (C.07 12).
//!
//! ```
//! // Two teams of two: 1½–½, so 2 match points to the first team.
//! use tiebreak::{parse_list, team_standings, TeamOptions};
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Team, Tournament};
//! let g = |o, c, r| Entry::Played { opponent: PlayerId(o), color: c, result: r, rated: true };
//! let p = |id, rounds| Player { id: PlayerId(id), rounds, ..Player::default() };
//! let mut t = Tournament::default();
//! t.players = vec![
//!     p(1, vec![g(3, Color::White, GameResult::Win)]),
//!     p(2, vec![g(4, Color::Black, GameResult::Draw)]),
//!     p(3, vec![g(1, Color::Black, GameResult::Loss)]),
//!     p(4, vec![g(2, Color::White, GameResult::Draw)]),
//! ];
//! t.teams = vec![
//!     Team { name: "A".into(), players: vec![PlayerId(1), PlayerId(2)], ..Team::default() },
//!     Team { name: "B".into(), players: vec![PlayerId(3), PlayerId(4)], ..Team::default() },
//! ];
//! let s = team_standings(&t, &parse_list("GP,BC").unwrap(), &TeamOptions::default()).unwrap();
//! assert_eq!(s.rows[0].name, "A");
//! assert_eq!(s.rows[0].match_points.to_string(), "2");
//! assert_eq!(s.rows[1].values[0].to_string(), "0.5");
//! ```

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

use tournament::team::{team_histories, TeamEntry};
use tournament::{AbnormalKind, Entry, Tournament};

use crate::compute::apply_cut;
use crate::context::{Context, Grid, IdIndex};
use crate::direct::separate_by;
use crate::spec::{Code, Cut, Edition, TeamScore, TieBreak};
use crate::value::Value;
use crate::Error;

/// How to rank teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamOptions {
    /// The rule edition; `None` chooses the one in force at the start date.
    pub edition: Option<Edition>,
    /// The score teams are ranked by first (11.1). The match points of a won, drawn and lost
    /// match are the tournament's (`362`, 2 / 1 / 0 without one), as pairing reads them.
    pub primary: TeamScore,
}

impl Default for TeamOptions {
    fn default() -> Self {
        TeamOptions {
            edition: None,
            primary: TeamScore::MatchPoints,
        }
    }
}

/// A team tie-break value: one number, or a sequence compared element by element (TBR, BBE).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamValue {
    One(Option<Value>),
    Sequence(Vec<Value>),
}

impl TeamValue {
    fn cmp_better_first(&self, other: &TeamValue, lower_is_better: bool) -> Ordering {
        let o = match (self, other) {
            (TeamValue::One(Some(a)), TeamValue::One(Some(b))) => b.cmp(a),
            (TeamValue::One(Some(_)), TeamValue::One(None)) => return Ordering::Less,
            (TeamValue::One(None), TeamValue::One(Some(_))) => return Ordering::Greater,
            (TeamValue::Sequence(a), TeamValue::Sequence(b)) => b.cmp(a),
            _ => Ordering::Equal,
        };
        if lower_is_better {
            o.reverse()
        } else {
            o
        }
    }
}

impl fmt::Display for TeamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamValue::One(None) => Ok(()),
            TeamValue::One(Some(v)) => fmt::Display::fmt(v, f),
            TeamValue::Sequence(vs) => {
                for (k, v) in vs.iter().enumerate() {
                    if k > 0 {
                        f.write_str("/")?;
                    }
                    fmt::Display::fmt(v, f)?;
                }
                Ok(())
            }
        }
    }
}

/// One line of the team standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    pub rank: u32,
    pub rank_to: u32,
    /// The team number (TRF-2026 `310`), else its position in the file, from 1.
    pub number: u32,
    pub name: String,
    pub match_points: Value,
    pub game_points: Value,
    pub values: Vec<TeamValue>,
}

/// Ranked teams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStandings {
    pub edition: Edition,
    pub primary: TeamScore,
    pub tiebreaks: Vec<TieBreak>,
    pub rows: Vec<TeamRow>,
}

/// One team's round.
#[derive(Debug, Clone, Default)]
struct TeamRound {
    opponent: Option<usize>,
    /// The pairing-allocated or a full-point bye: a win on every board for Art. 12.
    bye: bool,
    /// Points per board, tenths, in board order.
    boards: Vec<i64>,
    /// The match's game points and match points, tenths ([`tournament::team`]: the values
    /// pairing uses, the bye's included).
    gp: i64,
    mp: i64,
    /// A match won, played or not, or a full-point bye.
    won: bool,
}

/// Every team's rounds and totals.
struct Teams {
    rounds: Vec<Vec<TeamRound>>,
    /// Totals, tenths, penalties and bonuses (`299`) included.
    mp: Vec<i64>,
    gp: Vec<i64>,
    /// The number of boards: the most members any team fielded in one round.
    boards: usize,
    round_count: usize,
    edition: Edition,
    /// The match points of a won, drawn and lost match, tenths (`362`, 2/1/0 without one).
    match_points: [i64; 3],
    win: i64,
}

impl Teams {
    /// The teams' matches as [`tournament::team::team_histories`] reads them, the one reading
    /// pairing uses too: the same match points and game points, the pairing-allocated bye's
    /// value (a drawn match unless `320` says otherwise, C.04.6 1.4) and the `299` records.
    fn build(t: &Tournament, ctx: &Context) -> Result<Teams, Error> {
        let histories = team_histories(t)?;
        let index: HashMap<u32, usize> = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.0, i))
            .collect();
        let place: HashMap<u32, usize> = histories
            .iter()
            .enumerate()
            .map(|(k, h)| (h.number, k))
            .collect();
        // A player listed in two teams plays for the first (the reader refuses it).
        let mut taken = vec![false; t.players.len()];
        let rosters: Vec<Vec<usize>> = t
            .teams
            .iter()
            .map(|team| {
                team.players
                    .iter()
                    .filter_map(|id| index.get(&id.0).copied())
                    .filter(|&i| !std::mem::replace(&mut taken[i], true))
                    .collect()
            })
            .collect();
        let scale = t.team_records.match_points.unwrap_or_default();
        let match_points = [scale.win, scale.draw, scale.loss].map(|p| i64::from(p.tenths()));
        let round_count = ctx.rounds();
        let mut boards = 0;
        let mut rounds = Vec::with_capacity(histories.len());
        let mut mp = Vec::with_capacity(histories.len());
        let mut gp = Vec::with_capacity(histories.len());
        for h in &histories {
            let mut list = Vec::with_capacity(round_count);
            for r in 0..round_count {
                let Some(round) = h.rounds.get(r) else {
                    list.push(TeamRound::default());
                    continue;
                };
                // Board by board, the members who had a game (played or forfeited), in roster
                // order.
                let on_board: Vec<i64> = rosters[h.index]
                    .iter()
                    .filter(|&&i| {
                        ctx.grid.opponent(i, r).is_some()
                            || matches!(ctx.grid.entry(i, r), Entry::ForfeitWin { .. })
                    })
                    .map(|&i| i64::from(ctx.grid.points(i, r)))
                    .collect();
                let opponent = round.entry.opponent().and_then(|o| place.get(&o).copied());
                let bye = matches!(round.entry, TeamEntry::PairingBye | TeamEntry::FullBye);
                boards = boards.max(on_board.len());
                list.push(TeamRound {
                    opponent,
                    bye,
                    boards: if opponent.is_some() {
                        on_board
                    } else {
                        Vec::new()
                    },
                    gp: i64::from(round.game_points.tenths()),
                    mp: i64::from(round.match_points.tenths()),
                    won: matches!(
                        round.result,
                        Some(AbnormalKind::Win | AbnormalKind::ForfeitWin | AbnormalKind::FullBye)
                    ) || round.match_points == scale.win,
                });
            }
            let counted = &h.rounds[..round_count.min(h.rounds.len())];
            mp.push(
                counted
                    .iter()
                    .map(|x| i64::from(x.match_score().tenths()))
                    .sum(),
            );
            gp.push(
                counted
                    .iter()
                    .map(|x| i64::from(x.game_score().tenths()))
                    .sum(),
            );
            rounds.push(list);
        }
        Ok(Teams {
            rounds,
            mp,
            gp,
            boards,
            round_count,
            edition: ctx.edition,
            match_points,
            win: ctx.grid.win() as i64,
        })
    }

    fn len(&self) -> usize {
        self.mp.len()
    }

    /// A team's total of a score, and the unit it is counted in (MP whole, GP tenths).
    fn total(&self, k: usize, s: TeamScore) -> i64 {
        match s {
            TeamScore::MatchPoints => self.mp[k],
            TeamScore::GamePoints => self.gp[k],
        }
    }

    fn in_round(&self, k: usize, r: usize, s: TeamScore) -> i64 {
        match s {
            TeamScore::MatchPoints => self.rounds[k][r].mp,
            TeamScore::GamePoints => self.rounds[k][r].gp,
        }
    }

    /// Both scores are counted in tenths.
    fn unit(_: TeamScore) -> i64 {
        10
    }

    /// The value of an opponent in round `r` on score `s`: the opposing team's total, or for
    /// a round without a match a dummy with the team's own total (16.4; capped at half the
    /// maximum from 2026). Returns (value, voluntary unplayed round).
    fn opponent_value(&self, k: usize, r: usize, s: TeamScore) -> (i64, bool) {
        let tr = &self.rounds[k][r];
        match tr.opponent {
            Some(o) => (self.total(o, s), false),
            None => {
                let own = self.total(k, s);
                let dummy = if self.edition == Edition::C07_2026 {
                    let draw_per_round = match s {
                        TeamScore::MatchPoints => self.match_points[1],
                        TeamScore::GamePoints => self.boards as i64 * self.win / 2,
                    };
                    own.min(draw_per_round * self.round_count as i64)
                } else {
                    own
                };
                (dummy, !tr.bye)
            }
        }
    }

    /// Board results of round `r`; a bye is a win on every board.
    fn board_points(&self, k: usize, r: usize) -> Vec<i64> {
        let tr = &self.rounds[k][r];
        if tr.bye {
            vec![self.win; self.boards]
        } else {
            tr.boards.clone()
        }
    }

    fn per_board(&self, k: usize) -> Vec<i64> {
        let mut sums = vec![0i64; self.boards];
        for r in 0..self.round_count {
            for (b, p) in self.board_points(k, r).into_iter().enumerate() {
                if b < sums.len() {
                    sums[b] += p;
                }
            }
        }
        sums
    }

    /// Σ over rounds of (opponent's total on `a`) × (own result on `b`), with a cut.
    fn extended_sb(&self, k: usize, a: TeamScore, b: TeamScore, cut: Cut) -> Value {
        let items: Vec<(i64, i64, bool)> = (0..self.round_count)
            .map(|r| {
                let (v, vur) = self.opponent_value(k, r, a);
                (v, v * self.in_round(k, r, b), vur)
            })
            .collect();
        let kept = apply_cut(
            items,
            cut,
            |x| (x.0, x.1),
            |x| x.2,
            |x| x.1,
            self.edition.is_c07(),
        );
        Value::ratio(
            kept.iter().map(|x| x.1).sum(),
            Teams::unit(a) * Teams::unit(b),
        )
    }

    fn value(&self, k: usize, tb: &TieBreak, primary: TeamScore) -> Result<TeamValue, Error> {
        let s = tb.score.unwrap_or(primary);
        let score = |k: usize, s: TeamScore| Value::ratio(self.total(k, s), Teams::unit(s));
        let one = |v: Value| Ok(TeamValue::One(Some(v)));
        use TeamScore::{GamePoints as G, MatchPoints as M};
        match tb.code {
            Code::Points => one(score(k, primary)),
            Code::MatchPoints => one(score(k, M)),
            Code::GamePoints => one(score(k, G)),
            Code::SecondaryScore => one(score(k, primary.other())),
            Code::Wins => one(Value::integer(
                (0..self.round_count)
                    .filter(|&r| self.rounds[k][r].won)
                    .count() as i64,
            )),
            Code::Buchholz => {
                let items: Vec<(i64, bool)> = (0..self.round_count)
                    .map(|r| self.opponent_value(k, r, s))
                    .collect();
                let kept = apply_cut(
                    items,
                    tb.cut,
                    |x| (x.0, 0),
                    |x| x.1,
                    |x| x.0,
                    self.edition.is_c07(),
                );
                one(Value::ratio(kept.iter().map(|x| x.0).sum(), Teams::unit(s)))
            }
            Code::SonnebornBerger => one(self.extended_sb(k, s, s, tb.cut)),
            Code::ExtendedSbMm => one(self.extended_sb(k, M, M, tb.cut)),
            Code::ExtendedSbMg => one(self.extended_sb(k, M, G, tb.cut)),
            Code::ExtendedSbGm => one(self.extended_sb(k, G, M, tb.cut)),
            Code::ExtendedSbGg => one(self.extended_sb(k, G, G, tb.cut)),
            Code::BoardCount => one(Value::ratio(
                self.per_board(k)
                    .iter()
                    .enumerate()
                    .map(|(b, p)| (b as i64 + 1) * p)
                    .sum(),
                10,
            )),
            Code::Berlin => {
                let n = self.boards as i64;
                one(Value::ratio(
                    self.per_board(k)
                        .iter()
                        .enumerate()
                        .map(|(b, p)| (n - b as i64) * p)
                        .sum(),
                    10,
                ))
            }
            Code::TopBoardResults => Ok(TeamValue::Sequence(
                self.per_board(k)
                    .iter()
                    .map(|&p| Value::ratio(p, 10))
                    .collect(),
            )),
            Code::BottomBoardElimination => {
                let per = self.per_board(k);
                let seq = (1..per.len())
                    .rev()
                    .map(|keep| Value::ratio(per[..keep].iter().sum(), 10))
                    .collect();
                Ok(TeamValue::Sequence(seq))
            }
            Code::ScoreAndScheduleStrength => {
                // 13.4: the factor is the highest achievable primary score over the highest
                // secondary score of one match, rounded towards zero.
                let secondary = primary.other();
                let max_primary = self.match_max(primary) * self.round_count as i64;
                let factor_num = max_primary * Teams::unit(secondary);
                let factor_den = self.match_max(secondary) * Teams::unit(primary);
                let factor = if factor_den == 0 {
                    1
                } else {
                    (factor_num / factor_den).max(1)
                };
                let bh: i64 = (0..self.round_count)
                    .map(|r| self.opponent_value(k, r, primary).0)
                    .sum();
                one(score(k, secondary) + Value::ratio(bh, Teams::unit(primary) * factor))
            }
            // Filled in by the ranking (group-dependent).
            code if code.is_direct() => Ok(TeamValue::One(None)),
            _ => Err(Error::NotForTeams {
                code: tb.to_string(),
            }),
        }
    }

    /// The matches of team `k` as (opponent, result on score `s`).
    fn games(&self, k: usize, s: TeamScore) -> Vec<(usize, i64)> {
        (0..self.round_count)
            .filter_map(|r| {
                self.rounds[k][r]
                    .opponent
                    .map(|o| (o, self.in_round(k, r, s)))
            })
            .collect()
    }

    /// The most a team can score in one match on `s`.
    fn match_max(&self, s: TeamScore) -> i64 {
        match s {
            TeamScore::MatchPoints => self.match_points[0],
            TeamScore::GamePoints => self.boards as i64 * self.win,
        }
    }

    /// DE on one score (Art. 6 applied to matches).
    fn direct(&self, group: &[usize], s: TeamScore, reapply: bool) -> Vec<Vec<usize>> {
        separate_by(group, &|k| self.games(k, s), self.match_max(s), reapply)
    }

    /// EDE (13.3): DE on the primary score; if it separates nobody, on the secondary; every
    /// new tied subset starts again (13.3.3).
    fn extended_direct(&self, group: &[usize], primary: TeamScore) -> Vec<Vec<usize>> {
        let mut blocks = self.direct(group, primary, true);
        if blocks.len() == 1 {
            blocks = self.direct(group, primary.other(), true);
        }
        if blocks.len() == 1 {
            return blocks;
        }
        blocks
            .into_iter()
            .flat_map(|b| {
                if b.len() > 1 {
                    self.extended_direct(&b, primary)
                } else {
                    vec![b]
                }
            })
            .collect()
    }
}

impl Teams {
    /// EDE and its 2026 chains (13.3.2): after EDE, exactly two teams still level on MP and GP
    /// are separated by the knock-out tie-breaks; every new subset restarts at EDE (13.3.3).
    fn extended_direct_chain(
        &self,
        group: &[usize],
        primary: TeamScore,
        code: Code,
    ) -> Vec<Vec<usize>> {
        let blocks = self.extended_direct(group, primary);
        let knockout: &[Code] = match code {
            Code::EdeBoardCountTop => &[Code::BoardCount, Code::TopBoardResults],
            Code::EdeBoardCountBottom => &[Code::BoardCount, Code::BottomBoardElimination],
            Code::EdeTop => &[Code::TopBoardResults],
            Code::EdeBottom => &[Code::BottomBoardElimination],
            _ => &[],
        };
        if knockout.is_empty() {
            return blocks;
        }
        blocks
            .into_iter()
            .flat_map(|b| {
                let level = b.len() == 2
                    && self.mp[b[0]] == self.mp[b[1]]
                    && self.gp[b[0]] == self.gp[b[1]];
                if !level {
                    return vec![b];
                }
                for &c in knockout {
                    let tb = TieBreak::new(c);
                    let (Ok(x), Ok(y)) = (
                        self.value(b[0], &tb, primary),
                        self.value(b[1], &tb, primary),
                    ) else {
                        continue;
                    };
                    match x.cmp_better_first(&y, tb.lower_is_better()) {
                        Ordering::Less => return vec![vec![b[0]], vec![b[1]]],
                        Ordering::Greater => return vec![vec![b[1]], vec![b[0]]],
                        Ordering::Equal => {}
                    }
                }
                vec![b]
            })
            .collect()
    }
}

/// Ranks the teams of `t` by their primary score and the tie-breaks in order (C.07 4.2).
pub fn team_standings(
    t: &Tournament,
    tiebreaks: &[TieBreak],
    options: &TeamOptions,
) -> Result<TeamStandings, Error> {
    let edition = options
        .edition
        .unwrap_or_else(|| match t.header.start_ymd() {
            Some((y, m, d)) => Edition::in_force_on(y, m, d),
            None => Edition::C07_2026,
        });
    let index = IdIndex::build(t)?;
    let grid = Grid::build(t, &index)?;
    let ctx = Context::new(std::rc::Rc::new(grid), edition, false);
    let teams = Teams::build(t, &ctx)?;
    let n = teams.len();
    let primary = options.primary;
    let mut columns: Vec<Vec<TeamValue>> = Vec::with_capacity(tiebreaks.len());
    for tb in tiebreaks {
        let col = (0..n)
            .map(|k| teams.value(k, tb, primary))
            .collect::<Result<Vec<_>, _>>()?;
        columns.push(col);
    }
    let mut order: Vec<usize> = (0..n).collect();
    let key = |k: usize| teams.total(k, primary);
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
    let mut bounds = vec![0];
    for k in 1..n {
        if key(order[k]) != key(order[k - 1]) {
            bounds.push(k);
        }
    }
    bounds.push(n);
    for (c, tb) in tiebreaks.iter().enumerate() {
        let mut next = vec![0];
        let direct = tb.code.is_direct();
        for w in bounds.windows(2) {
            let (s, e) = (w[0], w[1]);
            if direct {
                let group: Vec<usize> = order[s..e].to_vec();
                let blocks = if group.len() < 2 {
                    vec![group]
                } else if tb.code == Code::DirectEncounter {
                    teams.direct(
                        &group,
                        tb.score.unwrap_or(primary),
                        edition != Edition::Pre2012,
                    )
                } else {
                    teams.extended_direct_chain(&group, primary, tb.code)
                };
                let separated = blocks.len() > 1;
                let mut at = s;
                for block in blocks {
                    let place = if separated { (at - s + 1) as i64 } else { 0 };
                    for k in block {
                        order[at] = k;
                        columns[c][k] = TeamValue::One(Some(Value::integer(place)));
                        at += 1;
                    }
                    next.push(at);
                }
            } else {
                let col = &columns[c];
                order[s..e].sort_by(|&a, &b| {
                    col[a]
                        .cmp_better_first(&col[b], tb.lower_is_better())
                        .then(a.cmp(&b))
                });
                for k in s + 1..e {
                    if col[order[k]] != col[order[k - 1]] {
                        next.push(k);
                    }
                }
                next.push(e);
            }
        }
        next.dedup();
        bounds = next;
    }
    let mut rows = Vec::with_capacity(n);
    for w in bounds.windows(2) {
        for &k in &order[w[0]..w[1]] {
            let team = &t.teams[k];
            rows.push(TeamRow {
                rank: w[0] as u32 + 1,
                rank_to: w[1] as u32,
                number: team.id.unwrap_or(k as u32 + 1),
                name: team.name.clone(),
                match_points: Value::ratio(teams.mp[k], 10),
                game_points: Value::ratio(teams.gp[k], 10),
                values: columns.iter().map(|col| col[k].clone()).collect(),
            });
        }
    }
    Ok(TeamStandings {
        edition,
        primary,
        tiebreaks: tiebreaks.to_vec(),
        rows,
    })
}

/// For individual standings: the value of the player's team (`None` outside any team, and for
/// the sequence and group-dependent team tie-breaks).
pub(crate) fn player_values(t: &Tournament, ctx: &Context, tb: &TieBreak) -> Vec<Option<Value>> {
    let Ok(teams) = Teams::build(t, ctx) else {
        return vec![None; t.players.len()];
    };
    let mut team_of: HashMap<u32, usize> = HashMap::new();
    for (k, team) in t.teams.iter().enumerate() {
        for id in &team.players {
            team_of.entry(id.0).or_insert(k);
        }
    }
    t.players
        .iter()
        .map(|p| {
            let k = *team_of.get(&p.id.0)?;
            match teams.value(k, tb, TeamScore::MatchPoints) {
                Ok(TeamValue::One(v)) => v,
                _ => None,
            }
        })
        .collect()
}
