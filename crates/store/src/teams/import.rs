//! Rosters from a spreadsheet's CSV export: one line per player, with its team and its board.
//!
//! The first non-blank line names the columns, in French or English, in any order and case,
//! with or without accents: `team`/`équipe` and `name`/`nom` (required), `board`/`échiquier`/
//! `order`/`ordre`, `rating`/`elo`, `fide id`/`id fide`/`code fide`, `federation`/`fed`/
//! `fédération`, `title`/`titre`; the federation's data: `sex`/`sexe` (`m`/`h`, `w`/`f`),
//! `licence`/`n° licence`/`nrffe`, `licence type`/`type licence`/`lic` (A, B), `national rating`/
//! `elo national`/`elo ffe` with its kind after the number or in `rating kind`/`type elo`
//! (`1850 F`: F FIDE, N national, E estimated), `club`. A team's club is the club all its players
//! with one name. A cup's `division`/`niveau` (1 the highest, to 99) and `entry round`/`tour
//! d'entrée` (1 to 10) are the team's: the lines of a team that give one give the same. Other columns are ignored. The separator, quoting and
//! line ends are read as for the players' import ([`crate::csv`]). Within a team, players are
//! put in board order; without a board column, in the file's order. The first bad value is
//! reported at its line and column, and nothing is returned.
//!
//! ```
//! use store::teams::import::rosters_from_csv;
//! let text = "équipe;échiquier;nom;elo\nTours;2;Martin, Paul;1900\nTours;1;Levy, Anne;2010\n";
//! let teams = rosters_from_csv(text).unwrap();
//! assert_eq!(teams[0].name, "Tours");
//! assert_eq!(teams[0].members[0].name, "Levy, Anne");
//! let bad = rosters_from_csv("team,name,rating\nTours,Levy,20x0\n").unwrap_err();
//! assert_eq!((bad.line, bad.column), (2, 12));
//! ```

use crate::chess::import::{federation, fide_id, rating, title};
pub use crate::csv::ImportError;
use crate::csv::{collapse, detect_separator, fold_into, quote, read_rows, Row};
use crate::import_fields::{FEDERATION_EXPECTED, RATING_EXPECTED, TITLES_EXPECTED};
use crate::teams::types::NewMember;
use crate::text::{self, Label, PersonName};
use crate::{Licence, LicenceType, RatingKind};

/// A team and its players as the file lists them, in board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedTeam {
    pub name: Label,
    /// The club every player of the team with a club names (empty if they differ).
    pub club: Label,
    /// A cup's division, 1 the highest, when the file gives one.
    pub division: Option<u8>,
    /// The cup round the team enters at, when the file gives one.
    pub entry_round: Option<u8>,
    pub members: Vec<NewMember>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Team,
    Board,
    Name,
    Rating,
    FideId,
    Federation,
    Title,
    Sex,
    Licence,
    LicenceType,
    NationalRating,
    RatingKind,
    Club,
    Division,
    EntryRound,
}

const FIELDS: usize = 15;

impl Field {
    fn from_header(text: &str) -> Option<Field> {
        let mut folded = String::new();
        fold_into(text.trim(), &mut folded);
        let key: String = folded.chars().filter(|c| c.is_alphanumeric()).collect();
        Some(match key.as_str() {
            "team" | "equipe" => Field::Team,
            "board" | "echiquier" | "ech" | "order" | "ordre" => Field::Board,
            "name" | "nom" | "player" | "joueur" | "nomprenom" => Field::Name,
            "rating" | "elo" | "fiderating" | "elofide" => Field::Rating,
            "fideid" | "idfide" | "codefide" | "fide" => Field::FideId,
            "federation" | "fed" | "pays" => Field::Federation,
            "title" | "titre" => Field::Title,
            "sex" | "sexe" => Field::Sex,
            "licence" | "license" | "nlicence" | "nrffe" | "licenceno" => Field::Licence,
            "licencetype" | "typelicence" | "lic" | "typelic" => Field::LicenceType,
            "nationalrating" | "elonational" | "eloffe" | "elonat" => Field::NationalRating,
            "ratingkind" | "typeelo" | "nationalratingkind" => Field::RatingKind,
            "club" => Field::Club,
            "division" | "niveau" | "div" => Field::Division,
            "entryround" | "tourdentree" | "entree" | "entrytour" => Field::EntryRound,
            _ => return None,
        })
    }

    fn describe(self) -> &'static str {
        match self {
            Field::Team => "team",
            Field::Board => "board",
            Field::Name => "name",
            Field::Rating => "rating",
            Field::FideId => "FIDE id",
            Field::Federation => "federation",
            Field::Title => "title",
            Field::Sex => "sex",
            Field::Licence => "licence",
            Field::LicenceType => "licence type",
            Field::NationalRating => "national rating",
            Field::RatingKind => "rating kind",
            Field::Club => "club",
            Field::Division => "division",
            Field::EntryRound => "entry round",
        }
    }
}

/// Reads the rosters of a CSV file (see the module's documentation).
pub fn rosters_from_csv(text: &str) -> Result<Vec<ImportedTeam>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rows = read_rows(text, detect_separator(text))?;
    let mut rows = rows.into_iter().filter(|r| !r.is_blank());
    let Some(header) = rows.next() else {
        return Err(ImportError::new(1, 1, "a header line", "an empty file"));
    };
    let mut columns: [Option<usize>; FIELDS] = [None; FIELDS];
    for (i, cell) in header.cells.iter().enumerate() {
        let Some(field) = Field::from_header(&cell.text) else {
            continue;
        };
        let slot = &mut columns[field as usize];
        if slot.is_some() {
            return Err(ImportError::new(
                cell.line,
                cell.column,
                format!("one {} column", field.describe()),
                format!("a second one, {}", quote(&cell.text)),
            ));
        }
        *slot = Some(i);
    }
    for required in [Field::Team, Field::Name] {
        if columns[required as usize].is_none() {
            let names: Vec<&str> = header.cells.iter().map(|c| c.text.trim()).collect();
            let line = header.cells.first().map_or(1, |c| c.line);
            return Err(ImportError::new(
                line,
                1,
                format!(
                    "a {} column ({})",
                    required.describe(),
                    match required {
                        Field::Team => "team, équipe",
                        _ => "name, nom",
                    }
                ),
                format!("the columns {}", quote(&names.join(", "))),
            ));
        }
    }
    // (team, [(board, line, column, member)]) in the order teams first appear.
    type Listed = (usize, usize, usize, NewMember);
    // A team's division and entry round, each the same on every line that gives it.
    let mut teams: Vec<(Label, [Option<u8>; 2], Vec<Listed>)> = Vec::new();
    for row in rows {
        let (team, board, member, cup) = read_line(&row, &columns)?;
        let place = match teams.iter().position(|(t, _, _)| t == &team.0) {
            Some(k) => k,
            None => {
                teams.push((team.0.clone(), [None, None], Vec::new()));
                teams.len() - 1
            }
        };
        for (k, what) in ["division", "entry round"].into_iter().enumerate() {
            let Some((d, line, column)) = cup[k] else {
                continue;
            };
            match teams[place].1[k] {
                Some(before) if before != d => {
                    return Err(ImportError::new(
                        line,
                        column,
                        format!("{what} {before}, as on team {}'s earlier lines", team.0),
                        format!("{what} {d}"),
                    ))
                }
                _ => teams[place].1[k] = Some(d),
            }
        }
        let list = &mut teams[place].2;
        let order = board.map_or(list.len() + 1, |b| b.0);
        if let Some(b) = board {
            if list.iter().any(|m| m.0 == b.0) {
                return Err(ImportError::new(
                    b.1,
                    b.2,
                    format!("a board not yet given in team {}", team.0),
                    format!("board {} a second time", b.0),
                ));
            }
        }
        list.push((order, team.1, team.2, member));
    }
    Ok(teams
        .into_iter()
        .map(|(name, [division, entry_round], mut list)| {
            list.sort_by_key(|m| m.0);
            let members: Vec<NewMember> = list.into_iter().map(|m| m.3).collect();
            ImportedTeam {
                club: shared_club(&members),
                name,
                division,
                entry_round,
                members,
            }
        })
        .collect())
}

/// A cell's value with where it starts.
type Placed<T> = (T, usize, usize);

/// A line's team, board (if given), player, and team's division and entry round (if given).
type Line = (
    Placed<Label>,
    Option<Placed<usize>>,
    NewMember,
    [Option<Placed<u8>>; 2],
);

fn read_line(row: &Row, columns: &[Option<usize>; FIELDS]) -> Result<Line, ImportError> {
    let cell = |f: Field| -> Option<(&str, usize, usize)> {
        columns[f as usize].map(|i| match row.cells.get(i) {
            Some(c) => (c.text.as_str(), c.line, c.column),
            None => ("", row.end_line, row.end_column),
        })
    };
    let bad = |(t, line, column): (&str, usize, usize), expected: &str| {
        ImportError::new(line, column, expected, quote(t))
    };
    let text_at = |(t, line, column): (&str, usize, usize), e: text::TextError, max: usize| {
        ImportError::new(
            line,
            column,
            text::expected(max),
            format!("{}: {e}", quote(t)),
        )
    };
    let team_cell = cell(Field::Team).unwrap_or(("", row.end_line, row.end_column));
    let team = Label::parse(&collapse(team_cell.0)).map_err(|e| text_at(team_cell, e, 200))?;
    if team.is_empty() {
        return Err(bad(team_cell, "the player's team"));
    }
    let name_cell = cell(Field::Name).unwrap_or(("", row.end_line, row.end_column));
    let placed = |(_, line, column): (&str, usize, usize)| {
        move |e: MemberFieldError| ImportError::new(line, column, e.expected, e.found)
    };
    let mut member = NewMember::default();
    set_member_field(&mut member, MemberField::Name, name_cell.0).map_err(placed(name_cell))?;
    let board = match cell(Field::Board) {
        Some(c) if !c.0.trim().is_empty() => match c.0.trim().parse::<usize>() {
            Ok(b) if (1..=99).contains(&b) => Some((b, c.1, c.2)),
            _ => return Err(bad(c, "a board number from 1 to 99")),
        },
        _ => None,
    };
    for (field, column) in MEMBER_COLUMNS {
        if let Some(c) = cell(column) {
            set_member_field(&mut member, field, c.0).map_err(placed(c))?;
        }
    }
    let division = match cell(Field::Division) {
        Some(c) if !c.0.trim().is_empty() => match c.0.trim().parse::<u8>() {
            Ok(d) if (1..=99).contains(&d) => Some((d, c.1, c.2)),
            _ => return Err(bad(c, "a division from 1 (the highest) to 99, or nothing")),
        },
        _ => None,
    };
    let entry_round = match cell(Field::EntryRound) {
        Some(c) if !c.0.trim().is_empty() => match c.0.trim().parse::<u8>() {
            Ok(r) if (1..=10).contains(&r) => Some((r, c.1, c.2)),
            _ => return Err(bad(c, "a cup round from 1 to 10, or nothing")),
        },
        _ => None,
    };
    Ok((
        (team, team_cell.1, team_cell.2),
        board,
        member,
        [division, entry_round],
    ))
}

/// A roster player's field, as a CSV's column and the roster form (and the API) name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberField {
    Name,
    Title,
    Rating,
    FideId,
    Federation,
    Sex,
    Licence,
    LicenceType,
    NationalRating,
    NationalRatingKind,
    Club,
}

/// The CSV's columns of a player after the name, in the order they are read (the national
/// rating's kind after the rating, so that its own column wins).
const MEMBER_COLUMNS: [(MemberField, Field); 10] = [
    (MemberField::Rating, Field::Rating),
    (MemberField::FideId, Field::FideId),
    (MemberField::Federation, Field::Federation),
    (MemberField::Title, Field::Title),
    (MemberField::Sex, Field::Sex),
    (MemberField::Licence, Field::Licence),
    (MemberField::LicenceType, Field::LicenceType),
    (MemberField::NationalRating, Field::NationalRating),
    (MemberField::NationalRatingKind, Field::RatingKind),
    (MemberField::Club, Field::Club),
];

impl MemberField {
    /// Every field, in the roster form's order.
    pub const ALL: [MemberField; 11] = [
        MemberField::Name,
        MemberField::Title,
        MemberField::Rating,
        MemberField::FideId,
        MemberField::Federation,
        MemberField::Sex,
        MemberField::Licence,
        MemberField::LicenceType,
        MemberField::NationalRating,
        MemberField::NationalRatingKind,
        MemberField::Club,
    ];

    /// The form's and the API's name of the field (`name`, `fide_id`, `national_rating`, …).
    pub const fn key(self) -> &'static str {
        match self {
            MemberField::Name => "name",
            MemberField::Title => "title",
            MemberField::Rating => "rating",
            MemberField::FideId => "fide_id",
            MemberField::Federation => "federation",
            MemberField::Sex => "sex",
            MemberField::Licence => "licence",
            MemberField::LicenceType => "licence_type",
            MemberField::NationalRating => "national_rating",
            MemberField::NationalRatingKind => "national_rating_kind",
            MemberField::Club => "club",
        }
    }
}

/// Why a player's field was refused: what was expected and what was found (quoted).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}, found {found}")]
pub struct MemberFieldError {
    pub expected: String,
    pub found: String,
}

/// Sets one field of a roster player from its text, checked as a CSV's cell is: the rosters'
/// import and the roster form read a player alike. The name is required; every other field
/// may be empty. A national rating may carry its kind after the number (`1850 F`).
pub fn set_member_field(
    member: &mut NewMember,
    field: MemberField,
    text: &str,
) -> Result<(), MemberFieldError> {
    let bad = |expected: &str| MemberFieldError {
        expected: expected.to_string(),
        found: quote(text),
    };
    let text_error = |e: text::TextError, max: usize| MemberFieldError {
        expected: text::expected(max),
        found: format!("{}: {e}", quote(text)),
    };
    match field {
        MemberField::Name => {
            let name =
                PersonName::parse(&collapse(text)).map_err(|e| text_error(e, PersonName::MAX))?;
            if name.is_empty() {
                return Err(bad("the player's name"));
            }
            member.name = name;
        }
        MemberField::Rating => member.rating = rating(text).map_err(|()| bad(RATING_EXPECTED))?,
        MemberField::FideId => {
            member.fide_id = fide_id(text).map_err(|()| bad("a FIDE id (digits) or nothing"))?
        }
        MemberField::Federation => {
            member.federation = federation(text).ok_or_else(|| bad(FEDERATION_EXPECTED))?
        }
        MemberField::Title => {
            member.title = title(text).ok_or_else(|| bad(TITLES_EXPECTED))?.to_string()
        }
        MemberField::Sex => {
            member.sex = match text.trim().to_lowercase().as_str() {
                "" => "",
                "m" | "h" => "m",
                "w" | "f" => "w",
                _ => return Err(bad("a sex m (h) or w (f), or nothing")),
            }
            .to_string()
        }
        MemberField::Licence => {
            member.national.licence = Licence::parse(text).ok_or_else(|| bad(Licence::EXPECTED))?
        }
        MemberField::LicenceType => {
            member.national.licence_type = LicenceType::parse(text).map_err(|e| bad(e.expected))?
        }
        MemberField::NationalRating => {
            // « 1850 F »: the kind may follow the number.
            let t = text.trim();
            let (number, kind) = match t.rsplit_once(' ') {
                Some((n, k)) if k.len() == 1 => (n, k),
                _ => (t, ""),
            };
            member.national_rating = rating(number).map_err(|()| bad(RATING_EXPECTED))?;
            member.national.national_rating_kind =
                RatingKind::parse(kind).map_err(|e| bad(e.expected))?;
        }
        MemberField::NationalRatingKind => {
            if let Some(kind) = RatingKind::parse(text).map_err(|e| bad(e.expected))? {
                member.national.national_rating_kind = Some(kind);
            }
        }
        MemberField::Club => {
            member.club = Label::parse(&collapse(text)).map_err(|e| text_error(e, Label::MAX))?
        }
    }
    Ok(())
}

/// The club every player with a club names, or empty when they name several (or none).
pub fn shared_club(members: &[NewMember]) -> Label {
    let mut clubs = members.iter().map(|m| &m.club).filter(|c| !c.is_empty());
    match clubs.next() {
        Some(first) if clubs.all(|c| c == first) => first.clone(),
        _ => Label::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_header_in_any_order_and_file_order_without_boards() {
        let text = "Name,Team,Rating,FIDE ID,Federation,Title\n\
                    \"Levy, Anne\",Tours,2010,123456,fra,im\n\
                    \"Martin, Paul\",Tours,,,,\n\
                    \"Roy, Eva\",Blois,1700,,,\n";
        let teams = rosters_from_csv(text).unwrap();
        assert_eq!(teams.len(), 2);
        assert_eq!(teams[0].name, "Tours");
        let anne = &teams[0].members[0];
        assert_eq!(anne.rating, Some(2010));
        assert_eq!(anne.fide_id, Some(123456));
        assert_eq!(anne.federation, "FRA");
        assert_eq!(anne.title, "IM");
        assert_eq!(teams[0].members[1].name, "Martin, Paul");
        assert_eq!(teams[1].members.len(), 1);
    }

    #[test]
    fn french_header_sorts_by_board() {
        let text = "Équipe;Échiquier;Nom;Elo;Id FIDE;Fédération;Titre\n\
                    Tours;3;C;1500;;;\nTours;1;A;1700;;;\nTours;2;B;1600;;;\n";
        let teams = rosters_from_csv(text).unwrap();
        let names: Vec<&str> = teams[0].members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["A", "B", "C"]);
    }

    #[test]
    fn bad_values_are_named_at_their_line_and_column() {
        let cases = [
            (
                "team;name;board\nTours;A;1\nTours;B;1\n",
                3,
                9,
                "board 1 a second time",
            ),
            ("team;name;board\nTours;A;x\n", 2, 9, "\"x\""),
            ("team;name;title\nTours;A;XX\n", 2, 9, "\"XX\""),
            ("team;name;fed\nTours;A;FRANCE\n", 2, 9, "\"FRANCE\""),
            ("team;name\n;A\n", 2, 1, "an empty field"),
            ("team;name\nTours;\n", 2, 7, "an empty field"),
            ("nom;elo\nA;1500\n", 1, 1, "the columns \"nom, elo\""),
        ];
        for (text, line, column, found) in cases {
            let e = rosters_from_csv(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert_eq!(e.found, found, "{text:?}");
        }
    }

    #[test]
    fn a_cups_division_is_the_teams() {
        let text = "équipe;nom;niveau\nTours;A;2\nTours;B;\nBlois;C;\nOrléans;D;5\n";
        let teams = rosters_from_csv(text).unwrap();
        let divisions: Vec<Option<u8>> = teams.iter().map(|t| t.division).collect();
        assert_eq!(divisions, [Some(2), None, Some(5)]);
        let cases = [
            (
                "team;name;division\nTours;A;2\nTours;B;3\n",
                3,
                9,
                "division 3",
            ),
            ("team;name;division\nTours;A;0\n", 2, 9, "\"0\""),
            ("team;name;division\nTours;A;N3\n", 2, 9, "\"N3\""),
        ];
        for (text, line, column, found) in cases {
            let e = rosters_from_csv(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert_eq!(e.found, found, "{text:?}");
        }
    }

    #[test]
    fn a_cups_entry_round_is_the_teams() {
        let text = "équipe;nom;tour d'entrée\nTours;A;2\nTours;B;\nBlois;C;\n";
        let teams = rosters_from_csv(text).unwrap();
        let rounds: Vec<Option<u8>> = teams.iter().map(|t| t.entry_round).collect();
        assert_eq!(rounds, [Some(2), None]);
        let e = rosters_from_csv("team;name;entry round\nTours;A;2\nTours;B;3\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.found.as_str()),
            (3, 9, "entry round 3")
        );
        let e = rosters_from_csv("team;name;entry round\nTours;A;11\n").unwrap_err();
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 9, "\"11\""));
    }

    #[test]
    fn a_name_with_a_forbidden_character_is_refused() {
        let e = rosters_from_csv("team;name\nTours;\"A\u{202e}B\"\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.found.contains("character 2"), "{e}");
    }
}
