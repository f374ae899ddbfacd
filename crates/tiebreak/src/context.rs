//! The tournament prepared for tie-breaks under one rule edition: opponents resolved to
//! indices, actual and adjusted scores, and for every player and round the value that enters
//! Buchholz and Sonneborn-Berger (the opponent's adjusted score, or a dummy / virtual
//! opponent for an unplayed round).
//!
//! ```
//! // C.07 16.3: a player with L, PAB, forfeit win, then two zero-point byes at the end
//! // scored 2.0; the final byes count as draws for the opponents: 3.0.
//! use tiebreak::{parse_list, tiebreak_values, Edition, Options};
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
//! let mut t = Tournament::default();
//! let p = |id, rounds| Player { id: PlayerId(id), rounds, ..Player::default() };
//! t.players = vec![
//!     p(1, vec![Entry::Played { opponent: PlayerId(2), color: Color::White, result: GameResult::Loss, rated: true },
//!               Entry::PairingBye, Entry::ForfeitWin { opponent: None, color: None }, Entry::ZeroBye, Entry::ZeroBye]),
//!     // Player 2's pairing-allocated bye in round 5 shows that all five rounds were played.
//!     p(2, vec![Entry::Played { opponent: PlayerId(1), color: Color::Black, result: GameResult::Win, rated: true },
//!               Entry::ZeroBye, Entry::ZeroBye, Entry::ZeroBye, Entry::PairingBye]),
//! ];
//! let options = Options { edition: Some(Edition::C07_2024), ..Options::default() };
//! let v = tiebreak_values(&t, &parse_list("PTS,ABH").unwrap(), &options).unwrap();
//! assert_eq!((v[0][0].unwrap().to_string(), v[1][0].unwrap().to_string()), ("2".into(), "3".into()));
//! ```

use std::collections::HashMap;
use std::rc::Rc;

use tournament::{Color, Entry, GameResult, PlayerId, PointSystem, Tournament};

use crate::spec::Edition;
use crate::Error;

pub(crate) const NONE: u32 = u32::MAX;

/// Which view of forfeits a tie-break takes in a round robin (C.07 15.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// BH, SB, DE, KS…: forfeits count as played games.
    General,
    /// Art. 7: from 2026, forfeit losses stay unplayed.
    OwnRecord,
    /// Art. 10: from 2026, every forfeit stays unplayed.
    Rating,
}

/// One player's round seen as a game, after the forfeit rules of the edition.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Game {
    pub opponent: usize,
    pub result: GameResult,
    pub color: Option<Color>,
    /// Points awarded, in tenths.
    pub points: i32,
}

/// Player id → index in `Tournament::players`.
#[derive(Debug)]
pub(crate) enum IdIndex {
    Dense(Vec<u32>),
    Sparse(HashMap<u32, u32>),
}

impl IdIndex {
    pub fn build(t: &Tournament) -> Result<IdIndex, Error> {
        let n = t.players.len();
        let max = t.players.iter().map(|p| p.id.0).max().unwrap_or(0) as usize;
        if max <= 4 * n + 16 {
            let mut v = vec![NONE; max + 1];
            for (i, p) in t.players.iter().enumerate() {
                let slot = &mut v[p.id.0 as usize];
                if *slot != NONE {
                    return Err(Error::DuplicatePlayer { id: p.id });
                }
                *slot = i as u32;
            }
            Ok(IdIndex::Dense(v))
        } else {
            let mut m = HashMap::with_capacity(n);
            for (i, p) in t.players.iter().enumerate() {
                if m.insert(p.id.0, i as u32).is_some() {
                    return Err(Error::DuplicatePlayer { id: p.id });
                }
            }
            Ok(IdIndex::Sparse(m))
        }
    }

    pub fn get(&self, id: PlayerId) -> Option<usize> {
        match self {
            IdIndex::Dense(v) => v
                .get(id.0 as usize)
                .copied()
                .filter(|&i| i != NONE)
                .map(|i| i as usize),
            IdIndex::Sparse(m) => m.get(&id.0).map(|&i| i as usize),
        }
    }
}

/// The rounds of every player, resolved and padded to the same length.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    pub n: usize,
    pub rounds: usize,
    pub system: PointSystem,
    /// `n * rounds` entries; rounds beyond a player's record are `NotPaired`.
    pub entries: Vec<Entry>,
    /// The scheduled opponent's index for each entry, or `NONE`.
    pub opp: Vec<u32>,
    /// The points of each entry, tenths: the point system's, or a `299` record's value.
    pub points: Vec<i32>,
    /// Each player's penalties and bonuses (`299` with a blank type) in the rounds counted,
    /// tenths: they change the score (and what opponents see), not any game's result.
    pub adjustment: Vec<i32>,
    /// The points a draw in the final round would give each player (FB, 8.3).
    final_draw: Vec<i32>,
}

impl Grid {
    pub fn build(t: &Tournament, index: &IdIndex) -> Result<Grid, Error> {
        let n = t.players.len();
        // Only the rounds already played count (trf.md §5): byes announced for later rounds
        // and withdrawal blanks after the last played round are not results yet.
        let rounds = tournament::rounds::played_rounds_in_file(t) as usize;
        let mut entries = Vec::with_capacity(n * rounds);
        let mut opp = Vec::with_capacity(n * rounds);
        let mut points = Vec::with_capacity(n * rounds);
        let mut adjustment = Vec::with_capacity(n);
        let mut final_draw = Vec::with_capacity(n);
        for p in &t.players {
            adjustment.push(
                (1..=rounds as u32)
                    .map(|r| t.adjustment(p.id, r).tenths())
                    .sum(),
            );
            let draw = Entry::Played {
                opponent: p.id,
                color: Color::White,
                result: GameResult::Draw,
                rated: true,
            };
            final_draw.push(t.entry_points_of(p.id, &draw, rounds as u32).tenths());
            for r in 0..rounds {
                let e = p.rounds.get(r).copied().unwrap_or(Entry::NotPaired);
                points.push(t.entry_points_of(p.id, &e, r as u32 + 1).tenths());
                let o = match e.opponent() {
                    Some(id) => {
                        let j = index.get(id).ok_or(Error::UnknownOpponent {
                            player: p.id,
                            round: r as u32 + 1,
                            opponent: id,
                        })?;
                        if e.is_played() && t.players[j].id == p.id {
                            return Err(Error::PlaysItself {
                                player: p.id,
                                round: r as u32 + 1,
                            });
                        }
                        j as u32
                    }
                    None => NONE,
                };
                entries.push(e);
                opp.push(o);
            }
        }
        Ok(Grid {
            n,
            rounds,
            system: t.point_system,
            entries,
            opp,
            points,
            adjustment,
            final_draw,
        })
    }

    /// The same grid with every game played in the final round counted as a draw (FB, 8.3).
    pub fn with_final_round_drawn(&self) -> Grid {
        let mut g = self.clone();
        if g.rounds == 0 {
            return g;
        }
        for i in 0..g.n {
            let k = i * g.rounds + g.rounds - 1;
            let e = g.entries[k];
            let drawn = match (e, g.opp[k]) {
                (
                    Entry::Played {
                        opponent,
                        color,
                        rated,
                        ..
                    },
                    _,
                ) => Some(Entry::Played {
                    opponent,
                    color,
                    result: GameResult::Draw,
                    rated,
                }),
                (
                    Entry::ForfeitWin {
                        opponent: Some(opponent),
                        color,
                    }
                    | Entry::ForfeitLoss {
                        opponent: Some(opponent),
                        color,
                    },
                    o,
                ) if o != NONE => Some(Entry::Played {
                    opponent,
                    color: color.unwrap_or(Color::White),
                    result: GameResult::Draw,
                    rated: true,
                }),
                (Entry::DoubleForfeit { opponent, color }, _) => Some(Entry::Played {
                    opponent,
                    color,
                    result: GameResult::Draw,
                    rated: true,
                }),
                _ => None,
            };
            if let Some(d) = drawn {
                g.entries[k] = d;
                g.points[k] = g.final_draw[i];
            }
        }
        g
    }

    pub fn entry(&self, i: usize, r: usize) -> Entry {
        self.entries[i * self.rounds + r]
    }

    pub fn opponent(&self, i: usize, r: usize) -> Option<usize> {
        let o = self.opp[i * self.rounds + r];
        (o != NONE).then_some(o as usize)
    }

    pub fn points(&self, i: usize, r: usize) -> i32 {
        self.points[i * self.rounds + r]
    }

    pub fn win(&self) -> i32 {
        self.system.win.tenths()
    }

    pub fn draw(&self) -> i32 {
        self.system.draw.tenths()
    }
}

/// True for a requested bye: half- or zero-point bye, absence, or any round after a
/// withdrawal (C.07 16.1.1).
pub(crate) fn is_requested_bye(e: &Entry) -> bool {
    matches!(
        e,
        Entry::HalfBye | Entry::ZeroBye | Entry::NotPaired | Entry::Withdrawn
    )
}

/// True for a voluntary unplayed round: a requested bye or a forfeit loss (16.1.2).
pub(crate) fn is_vur(e: &Entry) -> bool {
    is_requested_bye(e) || matches!(e, Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. })
}

/// One round's contribution to Buchholz and Sonneborn-Berger.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Contribution {
    /// The opponent's (adjusted) score, or the dummy's; tenths.
    pub value: i32,
    /// Points the player scored in the round; tenths.
    pub scored: i32,
    /// A voluntary unplayed round (16.5 cut exception).
    pub vur: bool,
    /// False when the round adds nothing at all (an unplayed round in a round robin).
    pub counts: bool,
}

impl Contribution {
    /// The Sonneborn-Berger product, in hundredths.
    pub fn product(&self) -> i64 {
        self.value as i64 * self.scored as i64
    }
}

/// Everything the tie-breaks of one edition need.
#[derive(Debug)]
pub(crate) struct Context {
    pub edition: Edition,
    pub round_robin: bool,
    /// Shared between the contexts of one tournament.
    pub grid: Rc<Grid>,
    /// Actual scores, tenths.
    pub score: Vec<i32>,
    /// The scores the opponents see (16.3, or the historical rules), tenths.
    pub adjusted: Vec<i32>,
    /// `n * rounds` contributions.
    pub contributions: Vec<Contribution>,
}

impl Context {
    pub fn new(grid: Rc<Grid>, edition: Edition, round_robin: bool) -> Context {
        let n = grid.n;
        let rounds = grid.rounds;
        let draw = grid.draw();
        let win = grid.win();
        let score: Vec<i32> = (0..n)
            .map(|i| (0..rounds).map(|r| grid.points(i, r)).sum::<i32>() + grid.adjustment[i])
            .collect();
        // C.07 applies Art. 16 only in Swiss events; round robins count forfeits as games.
        let c07_round_robin = round_robin && edition.is_c07();
        let mut adjusted = Vec::with_capacity(n);
        // For each player, whether round r is followed only by VURs (category 16.2.5).
        let mut only_vurs_after = vec![false; rounds];
        for i in 0..n {
            let mut tail_all_vur = true;
            for r in (0..rounds).rev() {
                only_vurs_after[r] = tail_all_vur;
                if !is_vur(&grid.entry(i, r)) {
                    tail_all_vur = false;
                }
            }
            let mut adj = 0;
            for (r, &followed_only_by_vurs) in only_vurs_after.iter().enumerate() {
                let e = grid.entry(i, r);
                let pts = grid.points(i, r);
                adj += if c07_round_robin || e.is_played() {
                    pts
                } else if edition.is_c07() {
                    // 16.3: only requested byes of category 16.2.5 become draws.
                    if is_requested_bye(&e) && followed_only_by_vurs {
                        draw
                    } else {
                        pts
                    }
                } else {
                    // Historical rules: every unplayed round is a draw for the opponents.
                    draw
                };
            }
            adjusted.push(adj + grid.adjustment[i]);
        }

        let mut contributions = Vec::with_capacity(n * rounds);
        for i in 0..n {
            let mut before = 0;
            for r in 0..rounds {
                let e = grid.entry(i, r);
                let pts = grid.points(i, r);
                let opp = grid.opponent(i, r);
                let forfeit_game = c07_round_robin
                    && opp.is_some()
                    && matches!(
                        e,
                        Entry::ForfeitWin { .. }
                            | Entry::ForfeitLoss { .. }
                            | Entry::DoubleForfeit { .. }
                    );
                let c = if e.is_played() || forfeit_game {
                    let j = opp.unwrap_or(i);
                    Contribution {
                        value: adjusted[j],
                        scored: pts,
                        vur: false,
                        counts: true,
                    }
                } else if c07_round_robin {
                    Contribution::default()
                } else {
                    match edition {
                        Edition::C07_2024 | Edition::C07_2026 => {
                            let mut dummy = score[i];
                            if edition == Edition::C07_2026 {
                                let forfeit = matches!(
                                    e,
                                    Entry::ForfeitWin { .. }
                                        | Entry::ForfeitLoss { .. }
                                        | Entry::DoubleForfeit { .. }
                                );
                                let cap = match opp {
                                    // 16.4.1: a forfeit, capped by the scheduled opponent.
                                    Some(j) if forfeit => adjusted[j],
                                    // 16.4.2: capped at 50 % of the maximum.
                                    _ => draw * rounds as i32,
                                };
                                dummy = dummy.min(cap);
                            }
                            Contribution {
                                value: dummy,
                                scored: pts,
                                vur: is_vur(&e),
                                counts: true,
                            }
                        }
                        // A draw against oneself: one's own adjusted score, half the points.
                        Edition::Pre2012 => Contribution {
                            value: adjusted[i],
                            scored: draw,
                            vur: false,
                            counts: true,
                        },
                        Edition::Fide2012 => {
                            if round_robin {
                                Contribution {
                                    value: adjusted[i],
                                    scored: draw,
                                    vur: false,
                                    counts: true,
                                }
                            } else {
                                // Svon = score before + (win − result) + draw × rounds after.
                                let after = (rounds - r - 1) as i32;
                                Contribution {
                                    value: before + (win - pts) + draw * after,
                                    scored: pts,
                                    vur: false,
                                    counts: true,
                                }
                            }
                        }
                    }
                };
                contributions.push(c);
                before += pts;
            }
        }
        Context {
            edition,
            round_robin,
            grid,
            score,
            adjusted,
            contributions,
        }
    }

    pub fn n(&self) -> usize {
        self.grid.n
    }

    pub fn rounds(&self) -> usize {
        self.grid.rounds
    }

    pub fn contributions(&self, i: usize) -> &[Contribution] {
        let r = self.grid.rounds;
        &self.contributions[i * r..(i + 1) * r]
    }

    /// Round `r` of player `i` as a game, under the forfeit rules of `purpose`.
    pub fn game(&self, i: usize, r: usize, purpose: Purpose) -> Option<Game> {
        let e = self.grid.entry(i, r);
        let points = self.grid.points(i, r);
        if let Entry::Played { result, color, .. } = e {
            let opponent = self.grid.opponent(i, r)?;
            return Some(Game {
                opponent,
                result,
                color: Some(color),
                points,
            });
        }
        if !(self.round_robin && self.edition.is_c07()) {
            return None;
        }
        let opponent = self.grid.opponent(i, r)?;
        // 15.2: forfeits are games in a round robin, with the 2026 exceptions.
        let result = match e {
            Entry::ForfeitWin { .. } => GameResult::Win,
            Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. } => GameResult::Loss,
            _ => return None,
        };
        let counted = match (purpose, self.edition) {
            (Purpose::General, _) | (_, Edition::C07_2024) => true,
            (Purpose::OwnRecord, _) => result == GameResult::Win,
            (Purpose::Rating, _) => false,
        };
        counted.then_some(Game {
            opponent,
            result,
            color: e.color(),
            points,
        })
    }

    /// A forfeit with a known opponent, as a game (DE with `/P`, 6.1.1).
    pub fn forfeit_as_game(&self, i: usize, r: usize) -> Option<Game> {
        let e = self.grid.entry(i, r);
        let result = match e {
            Entry::ForfeitWin { .. } => GameResult::Win,
            Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. } => GameResult::Loss,
            _ => return None,
        };
        Some(Game {
            opponent: self.grid.opponent(i, r)?,
            result,
            color: e.color(),
            points: self.grid.points(i, r),
        })
    }
}
