//! The Double-Swiss system (C.04.5, rules applied from 1 February 2026): every pairing is a
//! match of two games between the same two players, colours reversed in the second game.
//!
//! **Matches in TRF.** TRF has one game per round column, so a match takes two columns: match
//! `k` is columns `2k − 1` (game 1) and `2k` (game 2), with the same opponent in both and
//! the colours reversed; each game keeps its own result code (`1 = 0`, `+ -`, `W D L`), so
//! every match result of the Preface (2-0 … 0-0, single forfeited games) is written exactly.
//! A match's bye takes both columns: the pairing-allocated bye is `U` in game 1 and, in game
//! 2, the entry that makes the bye's value (`H`: a game won and a game drawn, 1.4; `U`: two
//! wins; `Z`: one win); a requested bye is the same code twice (`H H` a drawn match, `Z Z`,
//! `F F`). Inside the file every round number counts columns: `142` is twice the number of
//! matches, and a `240`, `250` or `260` round names a column (a match by its first game's).
//! [`matches`] reads this back and refuses a file that breaks it.
//!
//! [`pair`] pairs match `k` ([`match_to_pair`]) with the Top-Scoregroup Procedure of Art. 3
//! ([`crate::top_scoregroup::procedure`], no colour criterion) and gives colours by Art. 4:
//! the returned [`crate::Pairing`]'s White plays game 1 with White.
//!
//! ```
//! use pairing::double_swiss::{match_to_pair, pair, DoubleSwissOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//! let t = Tournament {
//!     header: Header { rounds: Some(10), initial_color: Some(Color::White), ..Header::default() },
//!     players: (1..=5).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect(),
//!     ..Tournament::default()
//! };
//! assert_eq!(match_to_pair(&t).unwrap(), 1);
//! let p = pair(&t, 1, &DoubleSwissOptions::default()).unwrap();
//! // The PAB first (3.4: largest TPN), then 1-3 and 2-4 (3.6), colours by TPN parity (4.3.1).
//! let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
//! assert_eq!(boards, vec![(1, 3), (4, 2)]);
//! assert_eq!(p.bye, Some(PlayerId(5)));
//! ```

pub mod generator;

use tournament::{ByeKind, Color, Entry, Player, PlayerId, Tournament};

use crate::explain::{
    assemble, bye_reason, passed_over, ByeReason, ByeTieBreak, ColourReason, Explanation,
    FirstCandidate, Judge, Paired, PassArticles, PassReason,
};
use crate::top_scoregroup::history::{Field, History, Outcome, RoundRecord};
use crate::top_scoregroup::procedure::{
    pair_round, Compatibility, Contender, Paired as Brackets, Round,
};
use crate::{Board, Pairing, PairingError};

/// Options beyond what the file says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DoubleSwissOptions {
    /// Baku acceleration (C.04.7) even when the `192` code does not ask for it.
    pub baku: bool,
}

/// The entries of player `p` in column `c` (1-based), `NotPaired` beyond the record.
fn column(p: &Player, c: u32) -> Entry {
    p.entry(c).copied().unwrap_or(Entry::NotPaired)
}

/// True for an entry of a scheduled game, played or forfeited.
fn is_game(e: &Entry) -> bool {
    matches!(
        e,
        Entry::Played { .. }
            | Entry::ForfeitWin { .. }
            | Entry::ForfeitLoss { .. }
            | Entry::DoubleForfeit { .. }
    )
}

/// The player lost the game by forfeit (alone or with the opponent).
fn forfeited_by_player(e: &Entry) -> bool {
    matches!(e, Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. })
}

/// The opponent lost the game by forfeit.
fn forfeited_by_opponent(e: &Entry) -> bool {
    matches!(e, Entry::ForfeitWin { .. } | Entry::DoubleForfeit { .. })
}

/// One match of one player, as read from its two columns.
fn read_match(p: &Player, k: u32) -> Result<Outcome, String> {
    let (g1, g2) = (column(p, 2 * k - 1), column(p, 2 * k));
    let where_ = || {
        format!(
            "player {}, match {k} (columns {} and {})",
            p.id,
            2 * k - 1,
            2 * k
        )
    };
    match (is_game(&g1), is_game(&g2)) {
        (true, true) => {
            if g1.opponent() != g2.opponent() {
                return Err(format!(
                    "{}: both games against the same opponent, found {} and {}",
                    where_(),
                    g1.opponent().map_or("none".into(), |o| o.to_string()),
                    g2.opponent().map_or("none".into(), |o| o.to_string())
                ));
            }
            if let (Some(a), Some(b)) = (g1.color(), g2.color()) {
                if a == b {
                    return Err(format!(
                        "{}: reversed colours in the second game, found the same colour twice",
                        where_()
                    ));
                }
            }
            let opponent = g1.opponent().map(|o| o.0);
            // Preface: a match ends by forfeit only if a player forfeits both games.
            let lost_both = forfeited_by_player(&g1) && forfeited_by_player(&g2);
            let won_both = forfeited_by_opponent(&g1) && forfeited_by_opponent(&g2);
            if lost_both || won_both {
                return Ok(Outcome::Forfeited {
                    opponent,
                    won: won_both && !lost_both,
                });
            }
            let Some(opponent) = opponent else {
                return Err(format!("{}: the opponent's start number", where_()));
            };
            // 1.6: a colour when at least one game was played: game 1's scheduled colour.
            let played = g1.is_played() || g2.is_played();
            let color = played
                .then(|| g1.color().or_else(|| g2.color().map(Color::opposite)))
                .flatten();
            Ok(Outcome::Played { opponent, color })
        }
        (false, false) => Ok(match g1 {
            Entry::PairingBye => {
                if !matches!(
                    g2,
                    Entry::PairingBye | Entry::HalfBye | Entry::ZeroBye | Entry::NotPaired
                ) {
                    return Err(format!(
                        "{}: the second column of a pairing-allocated bye holds U, H or Z",
                        where_()
                    ));
                }
                Outcome::PairingBye
            }
            Entry::FullBye => Outcome::FullBye,
            _ => Outcome::NoMatch,
        }),
        _ => Err(format!(
            "{}: a match takes both columns, found a game in one and none in the other",
            where_()
        )),
    }
}

/// The match a pairing request asks for: the one after the last match anyone took part in
/// (a bye entered in advance in both columns of the next match leaves it to pair). A file
/// whose last match has only its first game is refused.
pub fn match_to_pair(t: &Tournament) -> Result<u32, PairingError> {
    // The columns count as matches whatever the type code says.
    let column = tournament::rounds::first_column_to_pair(t, 2);
    let k = (column - 1) / 2;
    let half_played = k >= 1
        && t.players.iter().any(|p| {
            p.entry(2 * k - 1).is_some_and(crate::request::took_part)
                && matches!(p.entry(2 * k), None | Some(Entry::NotPaired))
        });
    if half_played {
        return Err(PairingError::InvalidRequest(format!(
            "match {k} has its first game (column {}) but not its second: a Double-Swiss \
             match takes two columns",
            2 * k - 1
        )));
    }
    Ok(k + 1)
}

/// Every player's matches before match `before` (1-based), as the procedure's history.
pub fn matches(t: &Tournament, before: u32) -> Result<Vec<History>, PairingError> {
    t.players
        .iter()
        .map(|p| {
            let rounds = (1..before)
                .map(|k| {
                    let outcome = read_match(p, k).map_err(PairingError::InvalidRequest)?;
                    let points = t.round_points(p, 2 * k - 1) + t.round_points(p, 2 * k);
                    Ok(RoundRecord {
                        outcome,
                        points: i64::from(points.tenths()),
                    })
                })
                .collect::<Result<Vec<_>, PairingError>>()?;
            Ok(History {
                tpn: p.id.0,
                rounds,
            })
        })
        .collect()
}

fn type_code_asks_baku(t: &Tournament) -> bool {
    t.header
        .type_code
        .as_deref()
        .is_some_and(|c| c.trim().to_ascii_uppercase().ends_with("_BAKU"))
}

/// Virtual points (C.04.7) of every player for matches 1..=`upto`, in tenths: explicit `250`
/// records (by the column of each match's first game), else Baku when asked: group A (the
/// first 2·⌈N/4⌉ by TPN) gets the points of a won match (two games: our reading of "the
/// points for a win") in the first half of the first ⌈R/2⌉ matches, then half of it.
fn acceleration(t: &Tournament, upto: u32, baku: bool) -> Vec<Vec<i64>> {
    let n = t.players.len();
    let total_matches = t.header.rounds.unwrap_or(0) / 2;
    let mut by_id: Vec<usize> = (0..n).collect();
    by_id.sort_by_key(|&i| t.players[i].id);
    let mut in_a = vec![false; n];
    for &i in by_id.iter().take(2 * n.div_ceil(4)) {
        in_a[i] = true;
    }
    let accelerated = total_matches.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let win = 2 * i64::from(t.point_system.win.tenths());
    let explicit = !t.accelerations.is_empty() || !t.player_accelerations.is_empty();
    (0..n)
        .map(|i| {
            (1..=upto)
                .map(|k| {
                    if explicit {
                        i64::from(t.acceleration(t.players[i].id, 2 * k - 1).tenths())
                    } else if !baku || !in_a[i] {
                        0
                    } else if k <= full {
                        win
                    } else if k <= accelerated {
                        win / 2
                    } else {
                        0
                    }
                })
                .collect()
        })
        .collect()
}

/// Everything pairing one match needs, read once from the tournament.
#[derive(Debug)]
pub struct MatchRound {
    /// The match to pair (1-based).
    pub number: u32,
    pub field: Field,
    /// Indices (into the field) of the players to pair.
    pub to_pair: Vec<usize>,
    pub compatible: Compatibility,
    pub initial_colour: Option<Color>,
    /// True for the last match, where C7 and C8 lapse.
    pub last: bool,
}

impl MatchRound {
    pub fn new(
        t: &Tournament,
        number: u32,
        options: &DoubleSwissOptions,
    ) -> Result<MatchRound, PairingError> {
        if number == 0 {
            return Err(PairingError::InvalidRequest(
                "matches are numbered from 1".into(),
            ));
        }
        let histories = matches(t, number)?;
        let accel = acceleration(t, number, options.baku || type_code_asks_baku(t));
        let field = Field::new(histories, move |i, k| {
            accel[i].get(k as usize - 1).copied().unwrap_or(0)
        });
        let (g1, g2) = (2 * number - 1, 2 * number);
        let to_pair: Vec<usize> = t
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                let withdrawn = (1..g1).any(|c| column(p, c) == Entry::Withdrawn);
                let absent = [g1, g2].iter().any(|&c| {
                    let e = column(p, c);
                    e != Entry::NotPaired && !crate::request::took_part(&e)
                });
                let announced = t.announced_byes.iter().any(|b| {
                    (b.round == g1 || b.round == g2)
                        && b.kind != ByeKind::PairingAllocated
                        && b.players.contains(&p.id)
                });
                !withdrawn && !absent && !announced
            })
            .map(|(i, _)| i)
            .collect();
        let n = t.players.len();
        let mut compatible = Compatibility::all(n);
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (t.players[i].id, t.players[j].id);
                if field.met(i, j) || t.is_forbidden(a, b, g1) {
                    compatible.forbid(i, j);
                }
            }
        }
        let total = t.header.rounds.map(|c| c / 2);
        Ok(MatchRound {
            number,
            initial_colour: t
                .header
                .initial_color
                .or_else(|| infer_initial_colour(&field)),
            last: total == Some(number),
            field,
            to_pair,
            compatible,
        })
    }

    /// Art. 4: the player with White in game 1, then the other.
    pub fn colours(&self, a: usize, b: usize) -> Result<(usize, usize), PairingError> {
        self.colour_rule(a, b).map(|(w, b, _)| (w, b))
    }

    /// [`MatchRound::colours`] with the rule of Art. 4.3 that decided and its article.
    pub fn colour_rule(
        &self,
        a: usize,
        b: usize,
    ) -> Result<(usize, usize, (ColourReason, &'static str)), PairingError> {
        let f = &self.field;
        let (ca, cb) = (f.colours(a), f.colours(b));
        let (sa, sb) = (f.score(a, self.number), f.score(b, self.number));
        let (ta, tb) = (f.histories[a].tpn, f.histories[b].tpn);
        // 4.2: the higher ranked player: more points, then the smaller TPN.
        let a_higher = (sa, std::cmp::Reverse(ta)) > (sb, std::cmp::Reverse(tb));
        let white_a = |a_white: bool, reason: ColourReason, article: &'static str| {
            Ok(if a_white {
                (a, b, (reason, article))
            } else {
                (b, a, (reason, article))
            })
        };
        // 4.3.1: neither has had a colour yet.
        if ca.is_empty() && cb.is_empty() {
            let Some(initial) = self.initial_colour else {
                return Err(PairingError::InvalidRequest(
                    "the initial colour (152 W or B) is needed to give colours in this match"
                        .into(),
                ));
            };
            let (hrp_tpn, hrp_is_a) = if a_higher { (ta, true) } else { (tb, false) };
            let hrp_white = (initial == Color::White) == (hrp_tpn % 2 == 1);
            return white_a(hrp_white == hrp_is_a, ColourReason::Initial, "4.3.1");
        }
        // 4.3.2: White to the one who had fewer Whites.
        let whites = |c: &[Color]| c.iter().filter(|&&x| x == Color::White).count();
        if whites(&ca) != whites(&cb) {
            return white_a(
                whites(&ca) < whites(&cb),
                ColourReason::FewerWhites,
                "4.3.2",
            );
        }
        // 4.3.3: alternate from the most recent match in which their colours differed.
        for (x, y) in ca.iter().rev().zip(cb.iter().rev()) {
            if x != y {
                return white_a(*x == Color::Black, ColourReason::History, "4.3.3");
            }
        }
        // 4.3.4: alternate the higher ranked player's last colour; 4.3.5: the other's.
        let (hrp, other) = if a_higher { (&ca, &cb) } else { (&cb, &ca) };
        let (hrp_white, article) = match (hrp.last(), other.last()) {
            (Some(&c), _) => (c == Color::Black, "4.3.4"),
            (None, Some(&c)) => (c == Color::White, "4.3.5"),
            (None, None) => (true, "4.3.5"),
        };
        white_a(hrp_white == a_higher, ColourReason::Ranking, article)
    }
}

/// The initial colour implied by match 1 (4.3.1): the higher ranked player of a match between
/// two new players had the initial colour when its TPN is odd.
fn infer_initial_colour(field: &Field) -> Option<Color> {
    (0..field.histories.len()).find_map(|i| {
        let h = &field.histories[i];
        let Outcome::Played {
            opponent,
            color: Some(c),
        } = h.rounds.first()?.outcome
        else {
            return None;
        };
        let j = field.index_of(opponent)?;
        let (si, sj) = (field.score(i, 1), field.score(j, 1));
        let i_higher = (si, std::cmp::Reverse(h.tpn)) > (sj, std::cmp::Reverse(opponent));
        let (hrp, hrp_colour) = if i_higher {
            (h.tpn, c)
        } else {
            (opponent, c.opposite())
        };
        Some(if hrp % 2 == 1 {
            hrp_colour
        } else {
            hrp_colour.opposite()
        })
    })
}

/// Pairs match `number` of the Double-Swiss tournament `t`.
pub fn pair(
    t: &Tournament,
    number: u32,
    options: &DoubleSwissOptions,
) -> Result<Pairing, PairingError> {
    pair_prepared(&MatchRound::new(t, number, options)?)
}

/// [`pair`] on a match already read.
pub fn pair_prepared(r: &MatchRound) -> Result<Pairing, PairingError> {
    Ok(pair_in_brackets(r)?.0)
}

/// [`pair_prepared`], with the procedure's brackets (by position in `r.to_pair`).
fn pair_in_brackets(r: &MatchRound) -> Result<(Pairing, Brackets), PairingError> {
    let f = &r.field;
    let contenders: Vec<Contender> = r
        .to_pair
        .iter()
        .map(|&i| Contender {
            tpn: f.histories[i].tpn,
            score: f.score(i, r.number),
            matches_played: f.matches_played(i),
            bye_eligible: f.bye_eligible(i),
            floated: f.floated_in(i, r.number - 1),
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
    let no_colour_criteria = |_: usize, _: usize| (false, false);
    let round = Round {
        contenders: &contenders,
        compatible: &compatible,
        floats_count: !r.last,
        colour_cost: &no_colour_criteria,
    };
    let paired = pair_round(&round).ok_or(PairingError::NoValidPairing { round: r.number })?;
    let mut boards = Vec::with_capacity(m / 2);
    for &(a, b) in paired.brackets.iter().flatten() {
        boards.push(r.colours(r.to_pair[a], r.to_pair[b])?);
    }
    // GHR 3.6 on pairing scores.
    boards.sort_by_key(|&(w, b)| {
        let (sw, sb) = (f.score(w, r.number), f.score(b, r.number));
        let (tw, tb) = (f.histories[w].tpn, f.histories[b].tpn);
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
    });
    let pairing = Pairing {
        boards: boards
            .into_iter()
            .map(|(w, b)| Board {
                white: PlayerId(f.histories[w].tpn),
                black: PlayerId(f.histories[b].tpn),
            })
            .collect(),
        bye: paired.bye.map(|k| PlayerId(f.histories[r.to_pair[k]].tpn)),
    };
    Ok((pairing, paired))
}

/// Pairs match `number` as [`pair`] does and says, per player, whether they float (1.5: an
/// opponent with a different score), which rule of Art. 4.3 gave the colours of game 1, and
/// which rule of 3.4 gave the PAB (among the players C2, 2.1.2, allows). The explanation's
/// round is the match.
///
/// ```
/// use pairing::double_swiss::{explain, DoubleSwissOptions};
/// use pairing::explain::{ByeReason, ColourReason};
/// use tournament::{Color, Header, Player, PlayerId, Tournament};
/// let t = Tournament {
///     header: Header { rounds: Some(10), initial_color: Some(Color::White), ..Header::default() },
///     players: (1..=5).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect(),
///     ..Tournament::default()
/// };
/// let e = explain(&t, 1, &DoubleSwissOptions::default()).unwrap();
/// // Nobody has played: the initial colour and the higher ranked player's TPN (4.3.1).
/// assert_eq!(e.players[0].colour_by, Some((ColourReason::Initial, "4.3.1")));
/// // Everyone on 0 with no match played: the largest TPN has the PAB (3.4.4).
/// assert_eq!(e.players[4].bye_by, Some((ByeReason::LowestRank, "3.4.4")));
/// ```
pub fn explain(
    t: &Tournament,
    number: u32,
    options: &DoubleSwissOptions,
) -> Result<Explanation, PairingError> {
    let r = MatchRound::new(t, number, options)?;
    let (pairing, brackets) = pair_in_brackets(&r)?;
    let f = &r.field;
    let index = |id: PlayerId| {
        f.index_of(id.0).ok_or_else(|| {
            PairingError::InvalidRequest(format!("player {id} is not in the tournament"))
        })
    };
    let mut rules = Vec::with_capacity(pairing.boards.len());
    for b in &pairing.boards {
        let (_, _, rule) = r.colour_rule(index(b.white)?, index(b.black)?)?;
        rules.push((b.white, rule));
    }
    let bye_by = match pairing.bye {
        None => None,
        Some(id) => {
            let v = index(id)?;
            let score = |i: usize| f.score(i, r.number);
            // 3.4.2 to 3.4.4 in order, among the players C2 allows.
            let mut candidates: Vec<usize> = r
                .to_pair
                .iter()
                .copied()
                .filter(|&i| f.bye_eligible(i))
                .collect();
            candidates.sort_by_key(|&i| {
                (
                    score(i),
                    std::cmp::Reverse(f.matches_played(i)),
                    std::cmp::Reverse(f.histories[i].tpn),
                )
            });
            let by_score = |a: usize, b: usize| score(a).cmp(&score(b));
            let by_matches = |a: usize, b: usize| f.matches_played(b).cmp(&f.matches_played(a));
            let by_tpn = |a: usize, b: usize| f.histories[b].tpn.cmp(&f.histories[a].tpn);
            let order: [ByeTieBreak; 3] = [
                (ByeReason::LowestScore, "3.4.2", &by_score),
                (ByeReason::MostGames, "3.4.3", &by_matches),
                (ByeReason::LowestRank, "3.4.4", &by_tpn),
            ];
            Some(bye_reason(v, &candidates, "2.1.2", "3.4.1", &order))
        }
    };
    let paired: Vec<Paired> = r
        .to_pair
        .iter()
        .map(|&i| Paired {
            id: PlayerId(f.histories[i].tpn),
            score: i32::try_from(f.score(i, r.number)).unwrap_or(i32::MAX),
            tpn: f.histories[i].tpn,
        })
        .collect();
    let colour_by = |white| rules.iter().find(|(w, _)| *w == white).map(|(_, r)| *r);
    let expected = expected_in_brackets(&paired, &brackets);
    let bracket_of = |k: usize| {
        brackets
            .brackets
            .iter()
            .position(|b| b.iter().any(|&(x, y)| x == k || y == k))
    };
    let (to_pair, compatible) = (&r.to_pair, &r.compatible);
    let judge = Judge {
        allowed: &|a, b| compatible.allows(to_pair[a], to_pair[b]),
        blocked: &|a, b| {
            if f.met(to_pair[a], to_pair[b]) {
                PassReason::AlreadyPlayed
            } else {
                PassReason::Forbidden
            }
        },
        apart: &|a, b| bracket_of(a) != bracket_of(b),
        // No colour limits: colours never decide who meets (Art. 2).
        articles: PassArticles {
            played: "2.1.1",
            colours: "2.1.1",
            completion: "2.2.1",
            floaters: "3.5",
            order: "3.6",
        },
    };
    let passed = passed_over(&paired, &pairing, &expected, &judge);
    Ok(assemble(
        number, pairing, &paired, "1.5", &colour_by, bye_by, &passed,
    ))
}

/// Each player's expected opponent (by position in the players to pair): the one the first
/// pairing identifier (3.6) gives them in their bracket as it would stand with the first
/// upfloaters in the order of 3.5.3 (by score, then TPN), as many as the procedure took (C4).
/// The procedure's upfloaters that are not those have none.
fn expected_in_brackets(players: &[Paired], paired: &Brackets) -> Vec<Option<usize>> {
    let mut expected = vec![None; players.len()];
    let mut unpaired: Vec<bool> = (0..players.len()).map(|k| paired.bye != Some(k)).collect();
    for bracket in &paired.brackets {
        let members: Vec<usize> = bracket.iter().flat_map(|&(a, b)| [a, b]).collect();
        let Some(top) = members.iter().map(|&k| players[k].score).max() else {
            continue;
        };
        let mut naive: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&k| players[k].score == top)
            .collect();
        let upfloaters = members.len() - naive.len();
        let mut below: Vec<usize> = (0..players.len())
            .filter(|&k| unpaired[k] && players[k].score < top)
            .collect();
        below.sort_by_key(|&k| (std::cmp::Reverse(players[k].score), players[k].tpn));
        naive.extend(below.into_iter().take(upfloaters));
        naive.sort_by_key(|&k| players[k].tpn);
        for (a, b) in FirstCandidate::Halves.pairs(&naive) {
            for (x, y) in [(a, b), (b, a)] {
                if members.contains(&x) {
                    expected[x] = Some(y);
                }
            }
        }
        for k in members {
            unpaired[k] = false;
        }
    }
    expected
}

/// The tournament as it stood before match `k`: columns before its first game as recorded, in
/// that column only the absences (the checker's state, [`crate::checker::state_before_round`]).
pub fn state_before_match(t: &Tournament, k: u32) -> Tournament {
    crate::checker::state_before_round(t, 2 * k - 1)
}

/// The pairing of match `k` as the file records it: the game-1 White first, and the PAB.
pub fn file_pairing(t: &Tournament, k: u32) -> Pairing {
    let mut boards = Vec::new();
    let mut bye = None;
    for p in &t.players {
        let e = column(p, 2 * k - 1);
        match (e, e.opponent()) {
            (Entry::PairingBye, _) => bye = Some(p.id),
            (_, Some(o)) if is_game(&e) => {
                // Each game is on both lines: take it from the White player's, or from the
                // smaller number's when the colours are unknown.
                let keep = match e.color() {
                    Some(c) => c == Color::White,
                    None => p.id < o,
                };
                if keep {
                    boards.push(Board {
                        white: p.id,
                        black: o,
                    });
                }
            }
            _ => {}
        }
    }
    Pairing { boards, bye }
}

/// Replays every match (only those paired when `paired_only`) and compares the engine's
/// pairing with the file's; with `list`, the checklist of each match is added to it under a
/// `Round #k` header (k counts matches).
pub fn check(
    t: &Tournament,
    options: &DoubleSwissOptions,
    paired_only: bool,
    list: Option<&mut String>,
) -> Result<Vec<crate::checker::RoundCheck>, PairingError> {
    check_rounds(t, options, paired_only, crate::checker::Rounds::Every, list)
}

/// The number of matches [`check`] replays: two columns a match.
pub fn matches_to_check(t: &Tournament, paired_only: bool) -> u32 {
    let mut base = t.clone();
    if base.header.rounds.is_none() {
        base.header.rounds = Some(base.recorded_rounds().div_ceil(2) * 2);
    }
    crate::checker::rounds_to_check(&base, paired_only) / 2
}

/// [`check`] for the matches `which` names only.
pub fn check_rounds(
    t: &Tournament,
    options: &DoubleSwissOptions,
    paired_only: bool,
    which: crate::checker::Rounds,
    mut list: Option<&mut String>,
) -> Result<Vec<crate::checker::RoundCheck>, PairingError> {
    let mut base = t.clone();
    if base.header.rounds.is_none() {
        base.header.rounds = Some(base.recorded_rounds().div_ceil(2) * 2);
    }
    let matches = crate::checker::rounds_to_check(&base, paired_only) / 2;
    crate::checker::check_some(
        &base,
        which.within(matches),
        |state, k| {
            let r = MatchRound::new(state, k, options)?;
            let pairing = pair_prepared(&r);
            if let Some(list) = list.as_deref_mut() {
                list.push_str(&format!("Round #{k}\n"));
                list.push_str(&checklist(&r, pairing.as_ref().ok()));
            }
            pairing
        },
        |t, k| Ok((state_before_match(t, k), file_pairing(t, k))),
    )
}

/// The checklist of a match (the engines' `-l` table, trf.md §6.5): TPN, pairing score, the
/// game-1 colours of the played matches, C2, float in the previous match, this match's
/// opponent, and the opponents of earlier matches.
pub fn checklist(r: &MatchRound, pairing: Option<&Pairing>) -> String {
    let f = &r.field;
    let mut out = String::from("ID\tPts\t---\tC2\tFloat\tCur");
    for k in 1..r.number {
        out.push_str(&format!("\tM{k}"));
    }
    out.push('\n');
    let mut order = r.to_pair.clone();
    order.sort_by_key(|&i| (std::cmp::Reverse(f.score(i, r.number)), f.histories[i].tpn));
    for i in order {
        let h = &f.histories[i];
        let colours: String = f
            .colours(i)
            .iter()
            .map(|c| if *c == Color::White { 'W' } else { 'B' })
            .collect();
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
        out.push_str(&format!(
            "{}\t{}\t{colours}\t{}\t{}\t{cur}",
            h.tpn,
            tournament::Points::from_tenths(f.score(i, r.number) as i32),
            if f.bye_eligible(i) { "Y" } else { "N" },
            if f.floated_in(i, r.number - 1) {
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
