//! What each cell of an imported file expects, and the field a refused cell names: a player's
//! field (a CSV of players, a TRF's players) or a team round's problem (a team TRF). The pages
//! word a refusal with that field's own message; the files' readers and the generic CSV error
//! both look here, so neither imports the other.

use crate::text::{self, PersonName};
use crate::{Licence, LicenceType, RatingKind};

pub(crate) const TITLES_EXPECTED: &str = "a title GM, IM, FM, CM, WGM, WIM, WFM, WCM or nothing";
pub(crate) const RATING_EXPECTED: &str = "a rating from 0 to 3999 or nothing";
pub(crate) const FEDERATION_EXPECTED: &str = "a three-letter federation code such as FRA";
pub(crate) const DATE_EXPECTED: &str = "a date YYYY/MM/DD, YYYY-MM-DD, DD/MM/YYYY or a year YYYY";
pub(crate) const FIDE_ID_EXPECTED: &str = "a FIDE id (digits) or nothing";
pub(crate) const FIDE_ID_REQUIRED: &str = "a FIDE id (digits)";
pub(crate) const SEX_EXPECTED: &str = "a sex m or f (also w, h, male, female) or nothing";
pub(crate) const NAME_EXPECTED: &str = "a name";
pub(crate) const SURNAME_EXPECTED: &str = "a surname";
pub(crate) const NATIONAL_EXPECTED: &str =
    "a rating from 0 to 3999, with or without its kind F, N or E after it (1850 F), or nothing";

/// A board's two players do not name each other back as one game.
pub const GAME_EXPECTED: &str = "a game against the player on the same board of the opposing team, who names this player back with the opposite result";
/// A team of a match without one player per board.
pub const LINEUP_EXPECTED: &str = "one player on each board of the match (352) for each team";
/// A board whose colours are not the boards' colours of the match.
pub const COLOUR_EXPECTED: &str = "the board's colour (352) for the team: the team with White on board 1 has the colours W, B, W, …, its opponent the others";
/// A result a team board cannot hold.
pub const RESULT_EXPECTED: &str = "a rated result: 1, =, 0, + or -";
/// A team without a match that is neither the bye nor absent.
pub const BYE_EXPECTED: &str =
    "for a team without a match, the pairing-allocated bye (U) or an absence (Z or nothing)";
/// The teams of a round do not face one team each.
pub const OPPONENT_EXPECTED: &str =
    "every player of a team facing players of one opposing team, which faces this team";
/// More rounds played than the event has.
pub const ROUNDS_EXPECTED: &str = "at most the event's number of rounds (142)";

/// The field a round's problem is named by (`team_round_game`, …), whose message the server
/// says in the visitor's language.
fn team_round_field(expected: &str) -> Option<&'static str> {
    [
        (GAME_EXPECTED, "team_round_game"),
        (LINEUP_EXPECTED, "team_round_lineup"),
        (COLOUR_EXPECTED, "team_round_colour"),
        (RESULT_EXPECTED, "team_round_result"),
        (BYE_EXPECTED, "team_round_bye"),
        (OPPONENT_EXPECTED, "team_round_opponent"),
        (ROUNDS_EXPECTED, "team_round_count"),
    ]
    .into_iter()
    .find(|(e, _)| *e == expected)
    .map(|(_, field)| field)
}

/// The player's field a file's cell was refused for, from what the cell expected: the server
/// words the error with that field's own message (in the visitor's language) rather than the
/// English `expected` text. `None` for what is not one player field (a header, XML).
///
/// ```
/// let e = store::import::players_from_csv("name;rating\nAnn;4000\n").unwrap_err();
/// assert_eq!(store::import::field_expected(&e.expected), Some("rating"));
/// ```
pub fn field_expected(expected: &str) -> Option<&'static str> {
    let fields: [(&str, &'static str); 13] = [
        (TITLES_EXPECTED, "title"),
        (RATING_EXPECTED, "rating"),
        (NATIONAL_EXPECTED, "national_rating"),
        (RatingKind::EXPECTED, "national_rating_kind"),
        (Licence::EXPECTED, "licence"),
        (LicenceType::EXPECTED, "licence_type"),
        (FEDERATION_EXPECTED, "federation"),
        (DATE_EXPECTED, "birth_date"),
        (FIDE_ID_EXPECTED, "fide_id"),
        (FIDE_ID_REQUIRED, "fide_id"),
        (SEX_EXPECTED, "sex"),
        (NAME_EXPECTED, "name"),
        (SURNAME_EXPECTED, "name"),
    ];
    fields
        .into_iter()
        .find(|(e, _)| *e == expected)
        .map(|(_, field)| field)
        .or_else(|| (expected == text::expected(PersonName::MAX)).then_some("name"))
        .or_else(|| team_round_field(expected))
}
