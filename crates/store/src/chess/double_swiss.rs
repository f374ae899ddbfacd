//! Double-Swiss events (C.04.5) in the store: match `k` of two games is rounds `2k − 1` (game 1)
//! and `2k` (game 2, colours reversed) of the event, exactly the two TRF columns the engine and
//! `arbiter check --system double-swiss` read. The pairing-allocated bye of a match is a bye
//! board in both rounds, written `U` then `H` (a game won and a game drawn, Art. 1.4); a
//! requested bye or an absence covers the whole match (Preface: byes "apply only to matches"):
//! asked for either game, it is stored on both, and it counts once against the event's limit
//! on requested byes.
//!
//! ```
//! use store::chess::double_swiss::{games_of_match, match_of_round};
//! assert_eq!(match_of_round(5), (3, 1));
//! assert_eq!(games_of_match(3), [5, 6]);
//! ```

use tournament::{Entry, GameResult, Points};

use crate::chess::types::{EventSettings, ResultCode};

/// The match a round of the event belongs to, and which game of it (1 or 2).
pub const fn match_of_round(round: u32) -> (u32, u32) {
    (round.div_ceil(2), 2 - round % 2)
}

/// The rounds of the event that hold match `k`'s two games.
pub const fn games_of_match(k: u32) -> [u32; 2] {
    [2 * k - 1, 2 * k]
}

/// The points of one game for its White and its Black (a forfeit loss scores nothing).
fn game_points(r: ResultCode, s: &EventSettings) -> (Points, Points) {
    let zero = Points::from_tenths(0);
    let of = |g: GameResult| match g {
        GameResult::Win => s.points_win,
        GameResult::Draw => s.points_draw,
        GameResult::Loss => s.points_loss,
    };
    match (r.played(), r) {
        (Some((white, black)), _) => (of(white), of(black)),
        (None, ResultCode::WhiteForfeitWin) => (s.points_win, zero),
        (None, ResultCode::BlackForfeitWin) => (zero, s.points_win),
        // The double forfeit.
        (None, _) => (zero, zero),
    }
}

/// The match result (Preface: 2-0, 1½-½ … 0-0) for game 1's White and game 1's Black, once
/// both games have a result; game 2 is played with the colours reversed.
pub fn match_result(
    game1: Option<ResultCode>,
    game2: Option<ResultCode>,
    s: &EventSettings,
) -> Option<(Points, Points)> {
    let (w1, b1) = game_points(game1?, s);
    let (w2, b2) = game_points(game2?, s);
    Some((w1 + b2, b1 + w2))
}

/// C.04.5 2.1.2 (C2): the player already had the pairing-allocated bye, a full-point bye, or
/// won a match by forfeit (both games; a single forfeited game leaves the match played).
pub(crate) fn barred_from_bye(rounds: &[Entry]) -> bool {
    rounds.chunks(2).any(|m| {
        matches!(
            m,
            [Entry::PairingBye, ..]
                | [Entry::FullBye, ..]
                | [Entry::ForfeitWin { .. }, Entry::ForfeitWin { .. }]
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tournament::PlayerId;

    #[test]
    fn match_results_add_both_games_colours_reversed() {
        let s = EventSettings::new("Open".parse().unwrap(), 10);
        let text =
            |g1, g2| match_result(g1, g2, &s).map(|(a, b): (Points, Points)| format!("{a}-{b}"));
        use ResultCode::*;
        // Game 1's White wins game 1 and, with Black, game 2: 2-0.
        assert_eq!(text(Some(WhiteWins), Some(BlackWins)).unwrap(), "2.0-0.0");
        assert_eq!(text(Some(Draw), Some(WhiteWins)).unwrap(), "0.5-1.5");
        assert_eq!(text(Some(DoubleForfeit), Some(Draw)).unwrap(), "0.5-0.5");
        assert_eq!(
            text(Some(DoubleForfeit), Some(DoubleForfeit)).unwrap(),
            "0.0-0.0"
        );
        assert_eq!(
            text(Some(WhiteForfeitWin), Some(BlackForfeitWin)).unwrap(),
            "2.0-0.0"
        );
        assert_eq!(text(Some(Draw), None), None);
        // The arbiter's non-standard results: each side its own points.
        assert_eq!(
            text(Some(WhiteHalfBlackZero), Some(BothLose)).unwrap(),
            "0.5-0.0"
        );
        assert_eq!(
            text(Some(WhiteZeroBlackHalf), Some(WhiteHalfBlackZero)).unwrap(),
            "0.0-1.0"
        );
    }

    #[test]
    fn rounds_and_matches() {
        assert_eq!(match_of_round(1), (1, 1));
        assert_eq!(match_of_round(2), (1, 2));
        assert_eq!(games_of_match(1), [1, 2]);
    }

    #[test]
    fn a_single_forfeited_game_does_not_bar_the_bye() {
        let win = Entry::ForfeitWin {
            opponent: Some(PlayerId(2)),
            color: None,
        };
        let draw = Entry::Played {
            opponent: PlayerId(2),
            color: tournament::Color::Black,
            result: tournament::GameResult::Draw,
            rated: true,
        };
        assert!(!barred_from_bye(&[win, draw]));
        assert!(barred_from_bye(&[draw, draw, win, win]));
        assert!(barred_from_bye(&[Entry::PairingBye, Entry::HalfBye]));
        assert!(!barred_from_bye(&[Entry::HalfBye, Entry::HalfBye]));
    }
}
