//! The Swiss Team Pairing System (C.04.6, rules applied from 1 February 2026).
//!
//! [`pair`] pairs one round of a team competition read from a TRF-2026 team file: the teams'
//! matches come from their members' games ([`tournament::team`]), the system's variant from
//! the `192` code ([`TeamOptions::from_type_code`]: Type A, Type B or no colour preferences,
//! match or game points as the primary score, the secondary score for colours or not, Baku).
//! The pairing is the Top-Scoregroup Procedure of Art. 3
//! ([`crate::top_scoregroup::procedure`]) with the colour criteria C8 and C9, and the colours
//! of Art. 4 ([`colours`]). The [`crate::Pairing`] it returns names teams by their numbers.
//!
//! ```
//! use pairing::team::{pair, TeamOptions};
//! use tournament::{Color, Header, Player, PlayerId, Team, Tournament};
//! let t = Tournament {
//!     header: Header {
//!         rounds: Some(5),
//!         initial_color: Some(Color::White),
//!         type_code: Some("FIDE_TEAM_TYPEA_MP_GP".into()),
//!         ..Header::default()
//!     },
//!     players: (1..=4).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect(),
//!     teams: (1..=4)
//!         .map(|i| Team { id: Some(i), players: vec![PlayerId(i)], ..Team::default() })
//!         .collect(),
//!     ..Tournament::default()
//! };
//! let p = pair(&t, 1, &TeamOptions::of(&t).unwrap()).unwrap();
//! // Round 1: the first identifier pairs 1-3 and 2-4; colours by TPN parity (4.3.1).
//! let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
//! assert_eq!(boards, vec![(1, 3), (4, 2)]);
//! ```

pub mod colours;
pub mod generator;

use tournament::team::{team_histories, TeamEntry, TeamHistory};
use tournament::{AbnormalKind, ByeKind, Color, PlayerId, Points, Tournament};

use crate::top_scoregroup::history::{Field, History, Outcome, RoundRecord};
use crate::top_scoregroup::procedure::{pair_round, Compatibility, Contender, Round};
use crate::{Board, Pairing, PairingError};
use colours::{allocate, pair_cost, preference, ColourRule, Preference, PreferenceType, Side};

/// The score teams are paired by (1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamScore {
    MatchPoints,
    GamePoints,
}

/// The variant of the system a competition uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TeamOptions {
    pub preferences: PreferenceType,
    /// The primary score (1.2.1).
    pub primary: TeamScore,
    /// Whether the secondary score decides the first-team (4.2.2).
    pub secondary_for_colours: bool,
    /// Baku acceleration (C.04.7), computed by the engine; `250` records override it.
    pub baku: bool,
}

impl Default for TeamOptions {
    /// The defaults of the text: Type A, match points primary, game points for colours.
    fn default() -> Self {
        TeamOptions {
            preferences: PreferenceType::A,
            primary: TeamScore::MatchPoints,
            secondary_for_colours: true,
            baku: false,
        }
    }
}

impl TeamOptions {
    /// Reads a TRF-2026 `192` code `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`: a type
    /// names the preferences (no type with a score: no preferences; `FIDE_TEAM` alone is
    /// `FIDE_TEAM_TYPEA_MP_GP`), the first score is primary, a second one is used for colours.
    ///
    /// ```
    /// use pairing::team::{TeamOptions, TeamScore};
    /// use pairing::team::colours::PreferenceType;
    /// let o = TeamOptions::from_type_code("FIDE_TEAM_TYPEB_GP").unwrap();
    /// assert_eq!(o.preferences, PreferenceType::B);
    /// assert_eq!(o.primary, TeamScore::GamePoints);
    /// assert!(!o.secondary_for_colours);
    /// assert_eq!(TeamOptions::from_type_code("FIDE_TEAM").unwrap(), TeamOptions::default());
    /// assert!(TeamOptions::from_type_code("FIDE_TEAM_GP_MP_BAKU").is_err());
    /// ```
    pub fn from_type_code(code: &str) -> Result<TeamOptions, String> {
        let code = code.trim().to_ascii_uppercase();
        let Some(rest) = code.strip_prefix("FIDE_TEAM") else {
            return Err(format!("{code} is not a FIDE_TEAM type code"));
        };
        let mut words: Vec<&str> = rest.split('_').filter(|w| !w.is_empty()).collect();
        let baku = words.last() == Some(&"BAKU");
        if baku {
            words.pop();
        }
        if words.is_empty() {
            return Ok(TeamOptions {
                baku,
                ..TeamOptions::default()
            });
        }
        let preferences = match words[0] {
            "TYPEA" => {
                words.remove(0);
                PreferenceType::A
            }
            "TYPEB" => {
                words.remove(0);
                PreferenceType::B
            }
            _ => PreferenceType::None,
        };
        let score = |w: &str| match w {
            "MP" => Ok(TeamScore::MatchPoints),
            "GP" => Ok(TeamScore::GamePoints),
            other => Err(format!(
                "{code}: expected MP or GP after the colour type, found {other}"
            )),
        };
        let (primary, secondary_for_colours) = match words.as_slice() {
            [] => (TeamScore::MatchPoints, true),
            [p] => (score(p)?, false),
            [p, s] if p != s => (score(p)?, {
                score(s)?;
                true
            }),
            _ => {
                return Err(format!(
                    "{code}: expected FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]"
                ))
            }
        };
        if baku && primary == TeamScore::GamePoints {
            return Err(format!(
                "{code}: Baku acceleration needs match points as the primary score (C.04.7 1.4.4)"
            ));
        }
        Ok(TeamOptions {
            preferences,
            primary,
            secondary_for_colours,
            baku,
        })
    }

    /// The options a tournament's `192` code says, the defaults when it names no team system.
    pub fn of(t: &Tournament) -> Result<TeamOptions, String> {
        match t.header.type_code.as_deref() {
            Some(code) if code.trim().to_ascii_uppercase().starts_with("FIDE_TEAM") => {
                TeamOptions::from_type_code(code)
            }
            _ => Ok(TeamOptions::default()),
        }
    }
}

/// Everything the pairing of one round needs, built once from the tournament.
#[derive(Debug)]
pub struct TeamRound {
    pub round: u32,
    pub options: TeamOptions,
    /// Every team's history before the round (points: the primary score, in tenths).
    pub field: Field,
    /// The secondary score of each team before the round, in tenths.
    pub secondary: Vec<i64>,
    /// Indices (into the field) of the teams to pair.
    pub to_pair: Vec<usize>,
    pub compatible: Compatibility,
    pub initial_colour: Option<Color>,
    pub last_round: bool,
    /// True in the last two rounds, where C7 and C10 lapse.
    pub floats_lapse: bool,
}

fn entry_outcome(entry: &TeamEntry, won_by_forfeit: bool) -> Outcome {
    match *entry {
        TeamEntry::Match {
            opponent,
            played: true,
            color,
        } => match opponent {
            Some(opponent) => Outcome::Played { opponent, color },
            None => Outcome::Forfeited {
                opponent,
                won: won_by_forfeit,
            },
        },
        TeamEntry::Match { opponent, .. } => Outcome::Forfeited {
            opponent,
            won: won_by_forfeit,
        },
        TeamEntry::PairingBye => Outcome::PairingBye,
        TeamEntry::FullBye => Outcome::FullBye,
        _ => Outcome::NoMatch,
    }
}

/// Baku acceleration (C.04.7 1.2-1.4) for teams: group A is the first 2·⌈N/4⌉ teams by
/// number; in the first half of the first ⌈R/2⌉ rounds they get a match win's points, then
/// half of it.
fn baku(t: &Tournament, numbers: &[u32], win: i64) -> impl Fn(u32, u32) -> i64 {
    let total_rounds = t.header.rounds.unwrap_or(0);
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    let group_a: Vec<u32> = sorted
        .iter()
        .copied()
        .take(2 * numbers.len().div_ceil(4))
        .collect();
    let accelerated = total_rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    move |team, round| {
        if !group_a.contains(&team) {
            0
        } else if round <= full {
            win
        } else if round <= accelerated {
            win / 2
        } else {
            0
        }
    }
}

impl TeamRound {
    /// Reads what pairing round `round` of `t` needs.
    pub fn new(
        t: &Tournament,
        round: u32,
        options: &TeamOptions,
    ) -> Result<TeamRound, PairingError> {
        if round == 0 {
            return Err(PairingError::InvalidRequest(
                "rounds are numbered from 1".into(),
            ));
        }
        let histories =
            team_histories(t).map_err(|e| PairingError::InvalidRequest(e.to_string()))?;
        let numbers: Vec<u32> = histories.iter().map(|h| h.number).collect();
        let scale = t.team_records.match_points.unwrap_or_default();
        let explicit = !t.accelerations.is_empty();
        let baku_points = baku(t, &numbers, i64::from(scale.win.tenths()));
        let primary = options.primary;
        let acceleration_of = |team: u32, r: u32| -> i64 {
            if explicit {
                t.accelerations
                    .iter()
                    .filter(|a| {
                        (a.first_round..=a.last_round).contains(&r)
                            && (a.first_player.0..=a.last_player.0).contains(&team)
                    })
                    .map(|a| match primary {
                        TeamScore::MatchPoints => {
                            i64::from(a.match_points.unwrap_or(Points::ZERO).tenths())
                        }
                        TeamScore::GamePoints => i64::from(a.points.tenths()),
                    })
                    .sum()
            } else if options.baku {
                baku_points(team, r)
            } else {
                0
            }
        };
        let table: Vec<Vec<i64>> = numbers
            .iter()
            .map(|&n| (1..=round).map(|r| acceleration_of(n, r)).collect())
            .collect();
        let won = |h: &TeamHistory, r: usize| -> bool {
            matches!(
                h.rounds[r].result,
                Some(AbnormalKind::Win | AbnormalKind::ForfeitWin)
            )
        };
        let field_histories: Vec<History> = histories
            .iter()
            .map(|h| History {
                tpn: h.number,
                rounds: (0..(round as usize - 1).min(h.rounds.len()))
                    .map(|r| RoundRecord {
                        outcome: entry_outcome(&h.rounds[r].entry, won(h, r)),
                        points: i64::from(
                            match primary {
                                TeamScore::MatchPoints => h.rounds[r].match_score(),
                                TeamScore::GamePoints => h.rounds[r].game_score(),
                            }
                            .tenths(),
                        ),
                    })
                    .collect(),
            })
            .collect();
        let secondary: Vec<i64> = histories
            .iter()
            .map(|h| {
                h.rounds
                    .iter()
                    .take(round as usize - 1)
                    .map(|r| {
                        i64::from(
                            match primary {
                                TeamScore::MatchPoints => r.game_score(),
                                TeamScore::GamePoints => r.match_score(),
                            }
                            .tenths(),
                        )
                    })
                    .sum()
            })
            .collect();
        let field = Field::new(field_histories, move |i, r| {
            table[i].get(r as usize - 1).copied().unwrap_or(0)
        });
        let to_pair = teams_to_pair(t, &histories, round);
        let n = histories.len();
        let mut compatible = Compatibility::all(n);
        for i in 0..n {
            for j in i + 1..n {
                if field.met(i, j)
                    || t.is_forbidden(PlayerId(numbers[i]), PlayerId(numbers[j]), round)
                {
                    compatible.forbid(i, j);
                }
            }
        }
        let total = t.header.rounds;
        Ok(TeamRound {
            round,
            options: *options,
            secondary,
            to_pair,
            compatible,
            initial_colour: t
                .header
                .initial_color
                .or_else(|| infer_initial_colour(&field)),
            last_round: total == Some(round),
            floats_lapse: total.is_some_and(|n| round + 1 >= n),
            field,
        })
    }

    /// The colour preference of team `i` (1.7).
    pub fn preference(&self, i: usize) -> Preference {
        preference(
            &self.field.colours(i),
            self.options.preferences,
            self.last_round,
        )
    }

    fn side(&self, i: usize) -> Side {
        Side {
            tpn: self.field.histories[i].tpn,
            primary: self.field.score(i, self.round),
            secondary: self
                .options
                .secondary_for_colours
                .then(|| self.secondary[i]),
            colours: self.field.colours(i),
            preference: self.preference(i),
        }
    }

    /// The colours of a pair (Art. 4): the White team first, and the rule that decided.
    pub fn colours(&self, a: usize, b: usize) -> Result<(usize, usize, ColourRule), PairingError> {
        let initial = self.initial_colour.unwrap_or(Color::White);
        let needs_initial = self.field.colours(a).is_empty() && self.field.colours(b).is_empty();
        if needs_initial && self.initial_colour.is_none() {
            return Err(PairingError::InvalidRequest(
                "the initial colour (152 W or B) is needed to give colours in this round".into(),
            ));
        }
        let (colour, rule) = allocate(
            &self.side(a),
            &self.side(b),
            self.options.preferences,
            initial,
        );
        Ok(if colour == Color::White {
            (a, b, rule)
        } else {
            (b, a, rule)
        })
    }
}

/// The initial colour implied by round 1 (4.3.1): in a match of two new teams, the first-team
/// (the smaller number: scores are equal) got the initial colour when its number is odd.
fn infer_initial_colour(field: &Field) -> Option<Color> {
    field.histories.iter().find_map(|h| {
        let r = h.rounds.first()?;
        let Outcome::Played {
            opponent,
            color: Some(c),
        } = r.outcome
        else {
            return None;
        };
        let first = h.tpn.min(opponent);
        let first_colour = if first == h.tpn { c } else { c.opposite() };
        Some(if first % 2 == 1 {
            first_colour
        } else {
            first_colour.opposite()
        })
    })
}

/// The teams paired in `round`: not withdrawn, not named in a `240` for the round, and not
/// marked absent by every member's entry in that round's column (GHR 3.2, 3.3).
fn teams_to_pair(t: &Tournament, histories: &[TeamHistory], round: u32) -> Vec<usize> {
    let numbers = t.team_numbers();
    histories
        .iter()
        .enumerate()
        .filter(|(k, h)| {
            let withdrawn = h
                .rounds
                .iter()
                .take(round as usize - 1)
                .any(|r| r.entry == TeamEntry::Withdrawn);
            let announced = t.announced_byes.iter().any(|b| {
                b.round == round
                    && b.kind != ByeKind::PairingAllocated
                    && b.players.contains(&PlayerId(numbers[*k]))
            });
            let members = &t.teams[h.index].players;
            let marks: Vec<bool> = members
                .iter()
                .filter_map(|id| t.player(*id))
                .map(|p| {
                    p.entry(round).is_some_and(|e| {
                        *e != tournament::Entry::NotPaired && !crate::request::took_part(e)
                    })
                })
                .collect();
            let absent = !marks.is_empty() && marks.iter().all(|&m| m);
            !withdrawn && !announced && !absent
        })
        .map(|(k, _)| k)
        .collect()
}

/// Pairs round `round` (1-based) of the team competition `t`. The pairing's numbers are team
/// numbers; boards are in the order of GHR 3.6 (pairing scores).
pub fn pair(t: &Tournament, round: u32, options: &TeamOptions) -> Result<Pairing, PairingError> {
    let r = TeamRound::new(t, round, options)?;
    pair_prepared(&r)
}

/// [`pair`] on a round already read.
pub fn pair_prepared(r: &TeamRound) -> Result<Pairing, PairingError> {
    let field = &r.field;
    let contenders: Vec<Contender> = r
        .to_pair
        .iter()
        .map(|&i| Contender {
            tpn: field.histories[i].tpn,
            score: field.score(i, r.round),
            matches_played: field.matches_played(i),
            bye_eligible: field.bye_eligible(i),
            floated: field.floated_in(i, r.round - 1),
        })
        .collect();
    let m = r.to_pair.len();
    let mut compatible = Compatibility::all(m);
    for a in 0..m {
        for b in a + 1..m {
            if !r.compatible.allows(r.to_pair[a], r.to_pair[b]) {
                compatible.forbid(a, b);
            }
        }
    }
    let prefs: Vec<Preference> = r.to_pair.iter().map(|&i| r.preference(i)).collect();
    let kind = r.options.preferences;
    let cost = |a: usize, b: usize| pair_cost(prefs[a], prefs[b], kind);
    let round = Round {
        contenders: &contenders,
        compatible: &compatible,
        floats_count: !r.floats_lapse,
        colour_cost: &cost,
    };
    let paired = pair_round(&round).ok_or(PairingError::NoValidPairing { round: r.round })?;
    let mut boards = Vec::new();
    for &(a, b) in paired.brackets.iter().flatten() {
        let (white, black, _) = r.colours(r.to_pair[a], r.to_pair[b])?;
        boards.push((white, black));
    }
    // GHR 3.6: the higher score of the pair's higher-ranked team, then the higher sum, then
    // the smaller number of the higher-ranked team.
    let key = |&(w, b): &(usize, usize)| {
        let (sw, sb) = (field.score(w, r.round), field.score(b, r.round));
        let (tw, tb) = (field.histories[w].tpn, field.histories[b].tpn);
        let higher = if (sw, std::cmp::Reverse(tw)) > (sb, std::cmp::Reverse(tb)) {
            (sw, tw)
        } else {
            (sb, tb)
        };
        (
            std::cmp::Reverse(higher.0),
            std::cmp::Reverse(sw + sb),
            higher.1,
        )
    };
    boards.sort_by_key(key);
    Ok(Pairing {
        boards: boards
            .into_iter()
            .map(|(w, b)| Board {
                white: PlayerId(field.histories[w].tpn),
                black: PlayerId(field.histories[b].tpn),
            })
            .collect(),
        bye: paired
            .bye
            .map(|k| PlayerId(field.histories[r.to_pair[k]].tpn)),
    })
}

/// The number of boards of a team competition (`352`, else the most fielded, else the longest
/// roster).
pub fn board_count(t: &Tournament) -> u32 {
    tournament::team::TeamScoring::of(t).boards
}

/// The team competition as it stood before `round`: the checker's state
/// ([`crate::checker::state_before_round`]) with the team records of later rounds dropped, and
/// the members of a match forfeited as a whole (`330`) counted as paired.
pub fn state_before_round(t: &Tournament, round: u32) -> Tournament {
    let mut s = crate::checker::state_before_round(t, round);
    let in_round: Vec<u32> = t
        .team_records
        .forfeits
        .iter()
        .filter(|f| f.round == round)
        .flat_map(|f| [f.white, f.black])
        .collect();
    let numbers = t.team_numbers();
    for (team, &n) in t.teams.iter().zip(&numbers) {
        if !in_round.contains(&n) {
            continue;
        }
        for id in &team.players {
            if let Some(p) = s.players.iter_mut().find(|p| p.id == *id) {
                if let Some(e) = p.rounds.get_mut(round as usize - 1) {
                    *e = tournament::Entry::NotPaired;
                }
            }
        }
    }
    s.team_records.forfeits.retain(|f| f.round < round);
    if let Some(pab) = s.team_records.pab.as_mut() {
        pab.receivers.truncate(round as usize - 1);
    }
    s
}

/// Replays a team round robin against the Berger tables (C.05 Annex 1) with the teams as the
/// participants, numbered in the order of their numbers (`310`, else their place in the file):
/// each round's matches, White the team with White on board 1, against the table's, its
/// colours reversed when the file's initial colour (`152`) is Black. The team facing the
/// table's empty seat sits out: only the matches are compared.
pub fn check_round_robin(
    t: &Tournament,
    cycles: crate::berger::Cycles,
) -> Result<Vec<crate::checker::RoundCheck>, PairingError> {
    let mut numbers = t.team_numbers();
    numbers.sort_unstable();
    let n = numbers.len() as u32;
    let initial = t.header.initial_color.unwrap_or(Color::White);
    let last = tournament::rounds::played_rounds_in_file(t);
    let invalid = |e: crate::berger::BergerError| PairingError::InvalidRequest(e.to_string());
    let team = |k: PlayerId| PlayerId(numbers[k.0 as usize - 1]);
    let rounds = crate::checker::check_with(
        t,
        last,
        |_, round| {
            let table = crate::berger::round_with_initial_colour(n, cycles, round, initial)
                .map_err(invalid)?;
            Ok(Pairing {
                boards: table
                    .boards
                    .iter()
                    .map(|b| Board {
                        white: team(b.white),
                        black: team(b.black),
                    })
                    .collect(),
                bye: None,
            })
        },
        |t, round| {
            let mut recorded = file_pairing(t, round)?;
            recorded.bye = None;
            Ok((t.clone(), recorded))
        },
    )?;
    Ok(rounds)
}

/// The pairing of `round` as the file records it, by team: each match with the team whose
/// board-1 player was scheduled White (the `330` record's White team for a match forfeited
/// as a whole), and the PAB.
pub fn file_pairing(t: &Tournament, round: u32) -> Result<Pairing, PairingError> {
    let histories = team_histories(t).map_err(|e| PairingError::InvalidRequest(e.to_string()))?;
    let mut boards = Vec::new();
    let mut bye = None;
    for h in &histories {
        let Some(r) = h.rounds.get(round as usize - 1) else {
            continue;
        };
        match r.entry {
            TeamEntry::PairingBye => bye = Some(PlayerId(h.number)),
            TeamEntry::Match {
                opponent: Some(o), ..
            } if h.number < o => {
                let forfeit = t
                    .team_records
                    .forfeits
                    .iter()
                    .find(|f| f.round == round && (f.white == h.number || f.black == h.number));
                let white = match forfeit {
                    Some(f) => f.white,
                    None => {
                        // The board-1 player's scheduled colour, played or not.
                        let colour = t.teams[h.index]
                            .players
                            .iter()
                            .filter_map(|id| t.player(*id))
                            .filter_map(|p| p.entry(round))
                            .find(|e| e.opponent().is_some())
                            .and_then(|e| e.color());
                        match colour {
                            Some(Color::Black) => o,
                            _ => h.number,
                        }
                    }
                };
                let black = if white == h.number { o } else { h.number };
                boards.push(Board {
                    white: PlayerId(white),
                    black: PlayerId(black),
                });
            }
            _ => {}
        }
    }
    Ok(Pairing { boards, bye })
}

/// Replays every round of the team competition (only those paired when `paired_only`) and
/// compares the engine's pairing with the file's, team by team; with `list`, the checklist of
/// each round is added to it under a `Round #k` header.
pub fn check(
    t: &Tournament,
    options: &TeamOptions,
    paired_only: bool,
    list: Option<&mut String>,
) -> Result<Vec<crate::checker::RoundCheck>, PairingError> {
    check_rounds(t, options, paired_only, crate::checker::Rounds::Every, list)
}

/// [`check`] for the rounds `which` names only.
pub fn check_rounds(
    t: &Tournament,
    options: &TeamOptions,
    paired_only: bool,
    which: crate::checker::Rounds,
    mut list: Option<&mut String>,
) -> Result<Vec<crate::checker::RoundCheck>, PairingError> {
    let mut base = t.clone();
    if base.header.rounds.is_none() {
        base.header.rounds = Some(base.recorded_rounds());
    }
    let last = crate::checker::rounds_to_check(&base, paired_only);
    crate::checker::check_some(
        &base,
        which.within(last),
        |state, round| {
            let r = TeamRound::new(state, round, options)?;
            let pairing = pair_prepared(&r);
            if let Some(list) = list.as_deref_mut() {
                list.push_str(&format!("Round #{round}\n"));
                list.push_str(&checklist(&r, pairing.as_ref().ok()));
            }
            pairing
        },
        |t, round| Ok((state_before_round(t, round), file_pairing(t, round)?)),
    )
}

/// The checklist of a round (the engines' `-l` table, trf.md §6.5, by team): number, pairing
/// score, board-1 colours of the played matches, colour preference, C2 (may have the PAB),
/// float in the previous round, this round's opponent, and the opponents of earlier rounds.
pub fn checklist(r: &TeamRound, pairing: Option<&Pairing>) -> String {
    let f = &r.field;
    let mut out = String::from("ID\tPts\t---\tPref\tC2\tFloat\tCur");
    for k in 1..r.round {
        out.push_str(&format!("\tR{k}"));
    }
    out.push('\n');
    let mut order = r.to_pair.clone();
    order.sort_by_key(|&i| (std::cmp::Reverse(f.score(i, r.round)), f.histories[i].tpn));
    for i in order {
        let h = &f.histories[i];
        let colours: String = f
            .colours(i)
            .iter()
            .map(|c| if *c == Color::White { 'W' } else { 'B' })
            .collect();
        let pref = match r.preference(i) {
            Preference::None => "A".to_string(),
            Preference::Wants(c, s) => {
                let l = if c == Color::White { "W" } else { "B" };
                match s {
                    colours::Strength::Strong => l.to_string(),
                    colours::Strength::Mild => l.to_ascii_lowercase(),
                }
            }
        };
        let cur = pairing.map_or(String::new(), |p| {
            if p.bye == Some(PlayerId(h.tpn)) {
                return "(bye)".into();
            }
            p.boards
                .iter()
                .find_map(|b| {
                    if b.white.0 == h.tpn {
                        Some(format!("({}W)", b.black))
                    } else if b.black.0 == h.tpn {
                        Some(format!("({}B)", b.white))
                    } else {
                        None
                    }
                })
                .unwrap_or_default()
        });
        let score = f.score(i, r.round);
        out.push_str(&format!(
            "{}\t{}\t{colours}\t{pref}\t{}\t{}\t{cur}",
            h.tpn,
            Points::from_tenths(score as i32),
            if f.bye_eligible(i) { "Y" } else { "N" },
            if f.floated_in(i, r.round - 1) {
                "F"
            } else {
                ""
            },
        ));
        for rec in &h.rounds {
            let o = match rec.outcome {
                Outcome::Played { opponent, .. } => opponent.to_string(),
                _ => String::new(),
            };
            out.push_str(&format!("\t{o}"));
        }
        out.push('\n');
    }
    out
}
