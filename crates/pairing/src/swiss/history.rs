//! What the rounds already played say about every player of the field, paired this round or
//! not: points per round, the pairing score (points plus virtual points, C.04.7 Art. 1.5),
//! the games actually played and their colours, and C.04.1 Art. 4 (the PAB bar).
//!
//! ```
//! use pairing::swiss::history::Field;
//! use tournament::{Entry, Player, PlayerId, Tournament};
//!
//! let mut t = Tournament::default();
//! t.players = vec![Player { id: PlayerId(1), rounds: vec![Entry::FullBye, Entry::HalfBye], ..Player::default() }];
//! // Two rounds of history; one virtual point (10 tenths) in every round.
//! let field = Field::new(&t, 2, &|_, _| 10);
//! assert_eq!(field.plain_score(0), 15);
//! assert_eq!(field.pairing_score(0), 25);
//! // A full-point bye scored a win without playing: no PAB any more (C.04.1 Art. 4).
//! assert!(!field.bye_eligible(0));
//! assert_eq!(field.games_played(0), 0);
//! ```

use tournament::{Color, Entry, Player, PlayerId, PointSystem, Tournament};

/// The points of one history entry, in tenths.
pub fn entry_points(entry: &Entry, system: &PointSystem) -> i32 {
    entry.points(system).tenths()
}

/// The entry of a player in a (1-based) round, `NotPaired` beyond the record.
pub fn entry_of(player: &Player, round: u32) -> Entry {
    player.entry(round).copied().unwrap_or(Entry::NotPaired)
}

/// Direction of a float in a past round (Dutch 1.4; Lim 3.10 counts either).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Float {
    Down,
    Up,
    None,
}

/// Per-player facts about the whole field.
#[derive(Debug)]
pub struct Field<'a> {
    pub tournament: &'a Tournament,
    /// Rounds of history (the round being paired is `played_rounds + 1`).
    pub played_rounds: u32,
    /// Points of each history column, per player index.
    pub points: Vec<Vec<i32>>,
    /// Virtual points of each round 1..=played_rounds+1, per player index.
    pub acceleration: Vec<Vec<i32>>,
}

impl<'a> Field<'a> {
    /// The field after `played_rounds` rounds. `extra(player index, round)` adds virtual
    /// points to those the file gives (`250`/`XXA`), for a method the engine computes itself
    /// (Baku, [`super::acceleration`]).
    pub fn new(
        tournament: &'a Tournament,
        played_rounds: u32,
        extra: &dyn Fn(usize, u32) -> i32,
    ) -> Self {
        // A round's points include what a `299` record assigns (a result's other value, a
        // penalty or bonus): TRF-2026 marks them mandatory for pairing.
        let points = tournament
            .players
            .iter()
            .map(|p| {
                (1..=played_rounds)
                    .map(|r| tournament.round_points(p, r).tenths())
                    .collect()
            })
            .collect();
        let acceleration = tournament
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (1..=played_rounds + 1)
                    .map(|r| tournament.acceleration(p.id, r).tenths() + extra(i, r))
                    .collect()
            })
            .collect();
        Field {
            tournament,
            played_rounds,
            points,
            acceleration,
        }
    }

    /// Score without acceleration after the history.
    pub fn plain_score(&self, player: usize) -> i32 {
        self.points[player].iter().sum()
    }

    /// The pairing score for the round being paired: the score plus that round's virtual
    /// points (C.04.7 Art. 1.5).
    pub fn pairing_score(&self, player: usize) -> i32 {
        self.plain_score(player) + self.acceleration[player][self.played_rounds as usize]
    }

    /// Pairing score as it was `rounds_back` rounds before the round being paired.
    pub fn score_back(&self, player: usize, rounds_back: u32) -> i32 {
        let upto = (self.played_rounds - rounds_back) as usize;
        let real: i32 = self.points[player][..upto].iter().sum();
        real + self.acceleration[player][upto]
    }

    /// The index in `Tournament::players` of the player with this pairing number.
    pub fn index_of(&self, id: PlayerId) -> Option<usize> {
        let players = &self.tournament.players;
        let guess = (id.0 as usize).wrapping_sub(1);
        match players.get(guess) {
            Some(p) if p.id == id => Some(guess),
            _ => players.iter().position(|p| p.id == id),
        }
    }

    /// C.04.1 Art. 4: no earlier PAB and no unplayed round scored at least a win.
    pub fn bye_eligible(&self, player: usize) -> bool {
        let t = self.tournament;
        let win = t.point_system.win.tenths();
        let p = &t.players[player];
        (1..=self.played_rounds).all(|r| {
            let e = entry_of(p, r);
            e != Entry::PairingBye && (e.is_played() || t.entry_points(p, r).tenths() < win)
        })
    }

    /// Played colours of the history, oldest first (C.04.2 Art. 3.4).
    pub fn colours(&self, player: usize) -> Vec<Color> {
        let p = &self.tournament.players[player];
        (1..=self.played_rounds)
            .filter_map(|r| entry_of(p, r).played_color())
            .collect()
    }

    /// The number of games actually played.
    pub fn games_played(&self, player: usize) -> u32 {
        let p = &self.tournament.players[player];
        (1..=self.played_rounds)
            .filter(|&r| entry_of(p, r).is_played())
            .count() as u32
    }

    /// The opponents met over the board (C.04.1 Art. 2 with C.04.2 Art. 3.5: a forfeit is not
    /// a meeting), oldest first.
    pub fn played_opponents(&self, player: usize) -> Vec<PlayerId> {
        let p = &self.tournament.players[player];
        (1..=self.played_rounds)
            .filter_map(|r| entry_of(p, r).played_opponent())
            .collect()
    }

    /// The float of `player` in the round `rounds_back` before the one being paired (Dutch
    /// 1.4): against an opponent of a lower pairing score it is down, of a higher one up; an
    /// unplayed round worth more than a loss is down (1.4.3), a forfeit loss or an absence
    /// none (1.4.4).
    pub fn float(&self, player: usize, rounds_back: u32) -> Float {
        let t = self.tournament;
        let round = self.played_rounds + 1 - rounds_back;
        let entry = entry_of(&t.players[player], round);
        if !entry.is_played() {
            let points = t.entry_points(&t.players[player], round).tenths();
            return if points > t.point_system.loss.tenths() {
                Float::Down
            } else {
                Float::None
            };
        }
        let Some(opponent) = entry.opponent().and_then(|o| self.index_of(o)) else {
            return Float::None;
        };
        let own = self.score_back(player, rounds_back);
        let theirs = self.score_back(opponent, rounds_back);
        match own.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    }
}
