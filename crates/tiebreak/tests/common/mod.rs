//! Helpers shared by the tie-break tests: the conformance folder and a reader for its
//! round-by-round JSON files (the same events as the TRF files).
#![allow(dead_code)]

use std::path::PathBuf;

use serde_json::Value as Json;
use tiebreak::Value;
use tournament::{Color, Entry, GameResult, Player, PlayerId, Points, Tournament};

/// `../shared/conformance/tiebreak` seen from the repository root, or `None` (test skipped).
pub fn conformance_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/conformance/tiebreak"
    ));
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: {} not found", dir.display());
        None
    }
}

pub fn read_json(path: &std::path::Path) -> Json {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn points(x: &Json) -> Points {
    let s = x.to_string();
    s.parse().unwrap_or_else(|_| panic!("points {s}"))
}

/// A tournament from the `players[].rounds[]` JSON of the conformance folder.
pub fn tournament_from_json(doc: &Json) -> Tournament {
    let mut t = Tournament::default();
    for p in doc["players"].as_array().expect("players") {
        let id = PlayerId(p["id"].as_u64().expect("id") as u32);
        let rounds = p["rounds"]
            .as_array()
            .expect("rounds")
            .iter()
            .map(|r| {
                let opp = r["opp"].as_u64().map(|o| PlayerId(o as u32));
                let color = match r["color"].as_str() {
                    Some("w") => Some(Color::White),
                    Some("b") => Some(Color::Black),
                    _ => None,
                };
                match r["kind"].as_str().expect("kind") {
                    "played" => {
                        let pts = points(&r["points"]);
                        Entry::Played {
                            opponent: opp.expect("opponent"),
                            color: color.expect("colour"),
                            result: if pts == Points::ONE {
                                GameResult::Win
                            } else if pts == Points::HALF {
                                GameResult::Draw
                            } else {
                                GameResult::Loss
                            },
                            rated: true,
                        }
                    }
                    "pab" => Entry::PairingBye,
                    "full_bye" => Entry::FullBye,
                    "half_bye" => Entry::HalfBye,
                    "zero_bye" | "absent" => Entry::ZeroBye,
                    "forfeit_win" => Entry::ForfeitWin {
                        opponent: opp,
                        color,
                    },
                    "forfeit_loss" => Entry::ForfeitLoss {
                        opponent: opp,
                        color,
                    },
                    k => panic!("unknown kind {k}"),
                }
            })
            .collect();
        let rating = p["rating"].as_u64().filter(|&r| r > 0).map(|r| r as u16);
        t.players.push(Player {
            id,
            name: p["name"].as_str().unwrap_or_default().to_string(),
            rating,
            points: p.get("score").map(points).unwrap_or_default(),
            rounds,
            ..Player::default()
        });
    }
    t
}

/// A JSON number as an exact value (the files print at most a few decimals).
pub fn exact(x: &Json) -> Option<Value> {
    let s = x.as_number()?.to_string();
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let den = 10i64.pow(frac.len() as u32);
    let neg = int.starts_with('-');
    let whole: i64 = int.trim_start_matches('-').parse().ok()?;
    let f: i64 = if frac.is_empty() {
        0
    } else {
        frac.parse().ok()?
    };
    let n = whole * den + f;
    Some(Value::ratio(if neg { -n } else { n }, den))
}

/// True when `ours` printed with `decimals` decimals would be within half a unit of `theirs`.
pub fn close(ours: Value, theirs: Value, decimals: u32) -> bool {
    let diff = ours - theirs;
    let scale = 2 * 10i64.pow(decimals);
    let d = Value::ratio(diff.numerator().abs() * scale, diff.denominator());
    d <= Value::integer(1)
}

/// Builds small tournaments in code, round by round.
#[derive(Debug, Default)]
pub struct Builder {
    pub t: Tournament,
}

impl Builder {
    pub fn new() -> Builder {
        Builder::default()
    }

    fn index(&mut self, id: u32) -> usize {
        match self.t.players.iter().position(|p| p.id.0 == id) {
            Some(i) => i,
            None => {
                self.t.players.push(Player {
                    id: PlayerId(id),
                    name: format!("Player {id}"),
                    ..Player::default()
                });
                self.t.players.len() - 1
            }
        }
    }

    pub fn player(&mut self, id: u32, name: &str, rating: Option<u16>) -> &mut Self {
        let i = self.index(id);
        self.t.players[i].name = name.to_string();
        self.t.players[i].rating = rating;
        self
    }

    /// Sets round `round` (1-based) of player `id`.
    pub fn set(&mut self, id: u32, round: usize, e: Entry) -> &mut Self {
        let i = self.index(id);
        let rounds = &mut self.t.players[i].rounds;
        if rounds.len() < round {
            rounds.resize(round, Entry::NotPaired);
        }
        rounds[round - 1] = e;
        self
    }

    /// A game played in `round`; `result` is White's.
    pub fn game(&mut self, round: usize, white: u32, black: u32, result: GameResult) -> &mut Self {
        self.set(
            white,
            round,
            Entry::Played {
                opponent: PlayerId(black),
                color: Color::White,
                result,
                rated: true,
            },
        );
        self.set(
            black,
            round,
            Entry::Played {
                opponent: PlayerId(white),
                color: Color::Black,
                result: result.reversed(),
                rated: true,
            },
        )
    }

    /// A forfeit in `round`: `winner` won against the absent `loser`.
    pub fn forfeit(&mut self, round: usize, winner: u32, loser: u32) -> &mut Self {
        self.set(
            winner,
            round,
            Entry::ForfeitWin {
                opponent: Some(PlayerId(loser)),
                color: Some(Color::White),
            },
        );
        self.set(
            loser,
            round,
            Entry::ForfeitLoss {
                opponent: Some(PlayerId(winner)),
                color: Some(Color::Black),
            },
        )
    }

    /// Pads every record to `rounds` rounds with `NotPaired`.
    pub fn rounds(&mut self, rounds: usize) -> Tournament {
        for p in &mut self.t.players {
            if p.rounds.len() < rounds {
                p.rounds.resize(rounds, Entry::NotPaired);
            }
        }
        self.t.clone()
    }
}

/// Round-robin rounds for `n` players (circle method): pairs of 0-based positions per round.
pub fn round_robin_schedule(n: usize) -> Vec<Vec<(usize, usize)>> {
    let m = if n.is_multiple_of(2) { n } else { n + 1 };
    let mut ring: Vec<usize> = (0..m).collect();
    let mut rounds = Vec::new();
    for _ in 0..m - 1 {
        let mut pairs = Vec::new();
        for k in 0..m / 2 {
            let (a, b) = (ring[k], ring[m - 1 - k]);
            if a < n && b < n {
                pairs.push((a, b));
            }
        }
        rounds.push(pairs);
        let last = ring.pop().unwrap();
        ring.insert(1, last);
    }
    rounds
}

/// A round robin from a crosstable: `table[i][j]` is what player i scored against j
/// (1, 0.5 or 0). Player ids are 1-based positions.
pub fn round_robin(names: &[&str], table: &[Vec<f64>]) -> Tournament {
    let mut b = Builder::new();
    for (i, name) in names.iter().enumerate() {
        b.player(i as u32 + 1, name, None);
    }
    for (r, pairs) in round_robin_schedule(names.len()).iter().enumerate() {
        for &(a, c) in pairs {
            let result = match table[a][c] {
                x if x > 0.75 => GameResult::Win,
                x if x > 0.25 => GameResult::Draw,
                _ => GameResult::Loss,
            };
            b.game(r + 1, a as u32 + 1, c as u32 + 1, result);
        }
    }
    let rounds = b.t.recorded_rounds() as usize;
    b.rounds(rounds)
}
