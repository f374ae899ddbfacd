//! Small events built round by round, for the hand computations of the tests.

use tournament::{Color, Entry, GameResult, Player, PlayerId, Sex, Title, Tournament};

/// A player: number, rating (0 for unrated), federation, title.
pub fn player(id: u32, rating: u16, federation: &str, title: Option<Title>) -> Player {
    Player {
        id: PlayerId(id),
        rating: (rating > 0).then_some(rating),
        federation: (!federation.is_empty()).then(|| federation.to_string()),
        title,
        sex: Some(Sex::Male),
        name: format!("Player {id}"),
        ..Player::default()
    }
}

/// An event under construction: every round lists its games as (white, black, result for
/// white: "1", "=", "0", "+" for a forfeit won by White, "-" for one won by Black); players
/// not named get `absent` (a pairing-allocated bye if "U", otherwise a zero-point bye).
#[derive(Debug)]
pub struct Event {
    pub t: Tournament,
}

impl Event {
    pub fn new(players: Vec<Player>, start: &str) -> Event {
        let mut t = Tournament::default();
        t.header.start_date = Some(start.to_string());
        t.players = players;
        Event { t }
    }

    pub fn planned(mut self, rounds: u32) -> Event {
        self.t.header.rounds = Some(rounds);
        self
    }

    pub fn round(self, games: &[(u32, u32, &str)]) -> Event {
        self.round_with_bye(games, None)
    }

    pub fn round_with_bye(mut self, games: &[(u32, u32, &str)], bye: Option<u32>) -> Event {
        let n = self.t.players.first().map_or(0, |p| p.rounds.len()) + 1;
        for &(w, b, r) in games {
            let (ew, eb) = match r {
                "1" | "=" | "0" => {
                    let res = match r {
                        "1" => GameResult::Win,
                        "=" => GameResult::Draw,
                        _ => GameResult::Loss,
                    };
                    (
                        Entry::Played {
                            opponent: PlayerId(b),
                            color: Color::White,
                            result: res,
                            rated: true,
                        },
                        Entry::Played {
                            opponent: PlayerId(w),
                            color: Color::Black,
                            result: res.reversed(),
                            rated: true,
                        },
                    )
                }
                "+" => (
                    Entry::ForfeitWin {
                        opponent: Some(PlayerId(b)),
                        color: Some(Color::White),
                    },
                    Entry::ForfeitLoss {
                        opponent: Some(PlayerId(w)),
                        color: Some(Color::Black),
                    },
                ),
                _ => (
                    Entry::ForfeitLoss {
                        opponent: Some(PlayerId(b)),
                        color: Some(Color::White),
                    },
                    Entry::ForfeitWin {
                        opponent: Some(PlayerId(w)),
                        color: Some(Color::Black),
                    },
                ),
            };
            self.push(w, ew);
            self.push(b, eb);
        }
        for p in &mut self.t.players {
            if p.rounds.len() < n {
                p.rounds.push(if Some(p.id.0) == bye {
                    Entry::PairingBye
                } else {
                    Entry::ZeroBye
                });
            }
        }
        self
    }

    fn push(&mut self, id: u32, e: Entry) {
        let p = self
            .t
            .players
            .iter_mut()
            .find(|p| p.id.0 == id)
            .expect("a player of the event");
        p.rounds.push(e);
    }
}
