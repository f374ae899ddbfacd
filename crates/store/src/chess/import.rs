//! Players from the files an organiser already has: a spreadsheet's CSV export, a TRF file, and
//! FIDE's published rating list (the fixed-column TXT download and the XML download).
//!
//! Every function here is pure: it reads the text it is given and returns players or the first
//! problem, with its line and its column (1-based, in characters).
//!
//! # CSV
//!
//! The first non-blank line names the columns, in French or English, in any order, in any case,
//! with or without accents: `name`/`nom` (or a surname column `surname`/`nom` with a first-name
//! column `first name`/`prénom`, joined as `Surname, First`), `title`/`titre`,
//! `rating`/`elo`/`fide rating`, `national rating`/`elo national`/`classement`,
//! `federation`/`fed`/`fédération`/`pays`, `fide id`/`id fide`/`code fide`,
//! `birth date`/`naissance`/`né le`/`date de naissance`, `sex`/`sexe`, `club`, and the national
//! federation's data: `licence`/`n° de licence`/`nr ffe`, `licence type`/`type de licence`
//! (`A` or `B`), `league`/`ligue`, `rating kind`/`type elo` (`F`, `N` or `E`; the FFE's lists
//! also write the kind after the national rating, `1850 F`, which is read too). A column with
//! another name is ignored; a file without a name column is refused. The separator is whichever
//! of `;`, tab and `,` the header uses most (French Excel writes `;`). Fields follow RFC 4180
//! (`"a ""b"""`, separators and line breaks inside quotes); CRLF, LF or CR line ends; a UTF-8
//! byte-order mark is skipped; blank lines (and rows of empty cells) are skipped. White space
//! inside a name or a club (a line break in a quoted cell) reads as one blank.
//!
//! Birth dates are written `YYYY/MM/DD` whether they were `YYYY-MM-DD`, `YYYY/MM/DD`,
//! `DD/MM/YYYY` or `DD.MM.YYYY` (day first, as in Europe), or a year alone.
//!
//! # FIDE's rating list
//!
//! The TXT download's columns are found from its header line, whatever their positions: a
//! column runs from the first letter of its header word to the first letter of the next one.
//! The rating is the `SRtng` (combined list) or month-named (`MAR26`, standard list) column.
//! Titles FIDE adds one day are read as no title rather than refusing a whole list; any other
//! bad value is refused with its place. [`find_in_fide_list`] looks a player up in a list read
//! once.

use std::borrow::Cow;
use std::cmp::Reverse;

pub use crate::csv::ImportError;
use crate::csv::{collapse, detect_separator, fold_into, folded_words, quote, read_rows, Row};
pub use crate::import_fields::field_expected;
use crate::import_fields::*;
use crate::text::{self, Label, PersonName};
use crate::{Licence, LicenceType, NewPlayer, RatingKind};

/// One player of FIDE's rating list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FideEntry {
    pub player: NewPlayer,
    /// Flagged inactive (`i` in the flag column).
    pub inactive: bool,
}

const TITLES: [&str; 8] = ["GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"];

/// A title in upper case (empty for none), if it is one of FIDE's.
pub(crate) fn title(s: &str) -> Option<&'static str> {
    let t = s.trim();
    if t.is_empty() {
        return Some("");
    }
    TITLES.into_iter().find(|c| c.eq_ignore_ascii_case(t))
}

/// A rating: empty or 0 is none; at most 3999.
pub(crate) fn rating(s: &str) -> Result<Option<u16>, ()> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    match t.parse::<u16>() {
        Ok(0) => Ok(None),
        Ok(r) if r <= 3999 => Ok(Some(r)),
        _ => Err(()),
    }
}

/// A national rating with the kind the FFE writes after it: `1850`, `1850 F`, `1420E`.
fn rating_with_kind(s: &str) -> Result<(Option<u16>, Option<RatingKind>), ()> {
    let t = s.trim();
    let digits = t
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .trim_end();
    let kind = RatingKind::parse(&t[digits.len()..]).map_err(|_| ())?;
    Ok((rating(digits)?, kind))
}

/// A FIDE id: empty or 0 is none.
pub(crate) fn fide_id(s: &str) -> Result<Option<u64>, ()> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    match t.parse::<u64>() {
        Ok(0) => Ok(None),
        Ok(id) => Ok(Some(id)),
        Err(_) => Err(()),
    }
}

/// A federation code in upper case, or empty.
pub(crate) fn federation(s: &str) -> Option<String> {
    let t = s.trim();
    (t.is_empty() || (t.len() == 3 && t.bytes().all(|b| b.is_ascii_alphabetic())))
        .then(|| t.to_ascii_uppercase())
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

/// A birth date as `YYYY/MM/DD` or `YYYY`, or empty.
pub(crate) fn birth_date(s: &str) -> Option<String> {
    let t = s.trim();
    if t.is_empty() {
        return Some(String::new());
    }
    if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) {
        return (t != "0000").then(|| t.to_string());
    }
    let digits = |p: &str, min: usize, max: usize| {
        (p.len() >= min && p.len() <= max && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse::<u32>().ok())
            .flatten()
    };
    let parts: Vec<&str> = t.split(['/', '-', '.']).collect();
    let (y, m, d) = match parts[..] {
        [y] => {
            return digits(y, 4, 4)
                .filter(|&y| y > 0)
                .map(|y| format!("{y:04}"))
        }
        [y, m, d] if y.len() == 4 => (digits(y, 4, 4)?, digits(m, 1, 2)?, digits(d, 1, 2)?),
        [d, m, y] if y.len() == 4 => (digits(y, 4, 4)?, digits(m, 1, 2)?, digits(d, 1, 2)?),
        _ => return None,
    };
    ((1..=12).contains(&m) && d >= 1 && d <= days_in_month(y, m) && y > 0)
        .then(|| format!("{y:04}/{m:02}/{d:02}"))
}

/// Sex as the store writes it: `m`, `w` or empty.
fn sex(s: &str) -> Option<&'static str> {
    let mut folded = String::new();
    fold_into(s.trim(), &mut folded);
    Some(match folded.as_str() {
        "" => "",
        "m" | "h" | "male" | "man" | "masculin" | "homme" => "m",
        "f" | "w" | "female" | "woman" | "feminin" | "femme" => "w",
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// CSV

/// What a CSV column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    /// The whole name.
    FullName,
    /// `name`/`nom`: the whole name, or the surname when there is a first-name column.
    NameOrSurname,
    Surname,
    FirstName,
    Title,
    Rating,
    NationalRating,
    Federation,
    FideId,
    BirthDate,
    Sex,
    Club,
    Licence,
    LicenceType,
    League,
    RatingKind,
}

impl Field {
    fn from_header(header: &str) -> Option<Field> {
        let words = folded_words(header);
        let key = words.join(" ");
        Some(match key.as_str() {
            "name" | "nom" => Field::NameOrSurname,
            "full name" | "player" | "player name" | "joueur" | "nom complet" | "nom prenom"
            | "nom et prenom" | "nom prenoms" => Field::FullName,
            "surname" | "last name" | "lastname" | "family name" | "nom de famille" => {
                Field::Surname
            }
            "first name" | "firstname" | "given name" | "forename" | "prenom" | "prenoms" => {
                Field::FirstName
            }
            "title" | "titre" | "tit" | "fide title" | "titre fide" => Field::Title,
            "rating" | "elo" | "fide rating" | "rating fide" | "elo fide" | "fide elo" | "rtg"
            | "fide rtg" | "standard rating" => Field::Rating,
            "national rating"
            | "rating national"
            | "elo national"
            | "elo nat"
            | "national elo"
            | "classement"
            | "classement national"
            | "nat rating" => Field::NationalRating,
            "federation" | "fed" | "pays" | "country" | "nation" => Field::Federation,
            "fide id" | "fideid" | "id fide" | "code fide" | "fide code" | "fide number"
            | "fide no" | "fide nr" | "numero fide" | "no fide" | "n fide" => Field::FideId,
            "birth" | "birth date" | "birthdate" | "date of birth" | "dob" | "born"
            | "birthday" | "b day" | "bday" | "year of birth" | "naissance" | "ne le"
            | "nee le" | "ne e le" | "date de naissance" | "annee de naissance" => Field::BirthDate,
            "sex" | "sexe" | "gender" => Field::Sex,
            "club" | "club name" | "nom du club" => Field::Club,
            "licence" | "license" | "licence number" | "license number" | "licence no"
            | "numero de licence" | "numero licence" | "n de licence" | "no de licence"
            | "no licence" | "n licence" | "nr ffe" | "ffe id" | "code ffe" => Field::Licence,
            "licence type" | "license type" | "type de licence" | "type licence" | "aff"
            | "affiliation" => Field::LicenceType,
            "league" | "ligue" | "region" => Field::League,
            "rating kind"
            | "national rating kind"
            | "type elo"
            | "type de classement"
            | "fide nat" => Field::RatingKind,
            _ => return None,
        })
    }

    fn describe(self) -> &'static str {
        match self {
            Field::FullName | Field::NameOrSurname => "name",
            Field::Surname => "surname",
            Field::FirstName => "first name",
            Field::Title => "title",
            Field::Rating => "rating",
            Field::NationalRating => "national rating",
            Field::Federation => "federation",
            Field::FideId => "FIDE id",
            Field::BirthDate => "birth date",
            Field::Sex => "sex",
            Field::Club => "club",
            Field::Licence => "licence",
            Field::LicenceType => "licence type",
            Field::League => "league",
            Field::RatingKind => "rating kind",
        }
    }
}

/// Reads players from a spreadsheet's CSV export (see the module documentation for the
/// columns and formats understood).
pub fn players_from_csv(text: &str) -> Result<Vec<NewPlayer>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let sep = detect_separator(text);
    let rows = read_rows(text, sep)?;
    let mut rows = rows.into_iter().filter(|r| !r.is_blank());
    let Some(header) = rows.next() else {
        return Err(ImportError::new(1, 1, "a header line", "an empty file"));
    };
    let mut columns: Vec<(Field, usize)> = Vec::new();
    for (i, cell) in header.cells.iter().enumerate() {
        let Some(field) = Field::from_header(&cell.text) else {
            continue;
        };
        if columns.iter().any(|&(f, _)| f == field) {
            return Err(ImportError::new(
                cell.line,
                cell.column,
                format!("one {} column", field.describe()),
                format!("a second one, {}", quote(&cell.text)),
            ));
        }
        columns.push((field, i));
    }
    let col = |f: Field| columns.iter().find(|&&(g, _)| g == f).map(|&(_, i)| i);
    let header_line = header.cells.first().map_or(1, |c| c.line);
    let missing_name = || {
        let names: Vec<&str> = header.cells.iter().map(|c| c.text.trim()).collect();
        ImportError::new(
            header_line,
            1,
            "a name column (name, nom, or surname/nom and first name/prénom)",
            format!("the columns {}", quote(&names.join(", "))),
        )
    };
    let name_columns = match (col(Field::FirstName), col(Field::Surname)) {
        (Some(first), Some(surname)) => Names::Split { surname, first },
        (Some(first), None) => match col(Field::NameOrSurname) {
            Some(surname) => Names::Split { surname, first },
            None => return Err(missing_name()),
        },
        (None, surname) => {
            match col(Field::FullName)
                .or(col(Field::NameOrSurname))
                .or(surname)
            {
                Some(i) => Names::Whole(i),
                None => return Err(missing_name()),
            }
        }
    };
    let mut players = Vec::new();
    for row in rows {
        players.push(csv_player(&row, &name_columns, &col)?);
    }
    Ok(players)
}

#[derive(Debug)]
pub(crate) enum Names {
    Whole(usize),
    Split { surname: usize, first: usize },
}

pub(crate) fn csv_player(
    row: &Row,
    names: &Names,
    col: &dyn Fn(Field) -> Option<usize>,
) -> Result<NewPlayer, ImportError> {
    // The cell of a column, and where to point at when it is wrong (the end of the record
    // when the row is short).
    let cell = |i: usize| -> (&str, usize, usize) {
        match row.cells.get(i) {
            Some(c) => (c.text.as_str(), c.line, c.column),
            None => ("", row.end_line, row.end_column),
        }
    };
    let value = |f: Field| col(f).map(cell);
    let bad = |(text, line, column): (&str, usize, usize), expected: &str| {
        let found = if text.trim().is_empty() && column == row.end_column && line == row.end_line {
            "the end of the line".to_string()
        } else {
            quote(text)
        };
        ImportError::new(line, column, expected, found)
    };
    // Free text through the one constructor of stored text: what no file can carry is
    // refused at its cell.
    let text_at = |v: (&str, usize, usize), e: text::TextError, max: usize| -> ImportError {
        ImportError::new(
            v.1,
            v.2,
            text::expected(max),
            format!("{}: {e}", quote(v.0)),
        )
    };
    let mut p = NewPlayer::default();
    match *names {
        Names::Whole(i) => {
            let name = collapse(cell(i).0);
            if name.is_empty() {
                return Err(bad(cell(i), NAME_EXPECTED));
            }
            p.name = PersonName::parse(&name).map_err(|e| text_at(cell(i), e, PersonName::MAX))?;
        }
        Names::Split { surname, first } => {
            let s = collapse(cell(surname).0);
            let f = collapse(cell(first).0);
            if s.is_empty() {
                return Err(bad(cell(surname), SURNAME_EXPECTED));
            }
            let name = if f.is_empty() { s } else { format!("{s}, {f}") };
            p.name =
                PersonName::parse(&name).map_err(|e| text_at(cell(surname), e, PersonName::MAX))?;
        }
    }
    if let Some(v) = value(Field::Title) {
        p.title = title(v.0)
            .ok_or_else(|| bad(v, TITLES_EXPECTED))?
            .to_string();
    }
    if let Some(v) = value(Field::Rating) {
        p.rating = rating(v.0).map_err(|()| bad(v, RATING_EXPECTED))?;
    }
    if let Some(v) = value(Field::NationalRating) {
        // The FFE writes the kind after the number (`1850 F`, `1420E`).
        let (number, kind) = rating_with_kind(v.0).map_err(|()| bad(v, NATIONAL_EXPECTED))?;
        p.national_rating = number;
        p.national.national_rating_kind = kind;
    }
    if let Some(v) = value(Field::RatingKind) {
        let kind = RatingKind::parse(v.0).map_err(|_| bad(v, RatingKind::EXPECTED))?;
        if kind.is_some() {
            p.national.national_rating_kind = kind;
        }
    }
    if let Some(v) = value(Field::Licence) {
        p.national.licence = Licence::parse(v.0).ok_or_else(|| bad(v, Licence::EXPECTED))?;
    }
    if let Some(v) = value(Field::LicenceType) {
        p.national.licence_type =
            LicenceType::parse(v.0).map_err(|_| bad(v, LicenceType::EXPECTED))?;
    }
    if let Some(v) = value(Field::League) {
        let league = collapse(v.0);
        p.national.league = Label::parse(&league).map_err(|e| text_at(v, e, Label::MAX))?;
    }
    if let Some(v) = value(Field::Federation) {
        p.federation = federation(v.0).ok_or_else(|| bad(v, FEDERATION_EXPECTED))?;
    }
    if let Some(v) = value(Field::FideId) {
        p.fide_id = fide_id(v.0).map_err(|()| bad(v, FIDE_ID_EXPECTED))?;
    }
    if let Some(v) = value(Field::BirthDate) {
        p.birth_date = birth_date(v.0).ok_or_else(|| bad(v, DATE_EXPECTED))?;
    }
    if let Some(v) = value(Field::Sex) {
        p.sex = sex(v.0).ok_or_else(|| bad(v, SEX_EXPECTED))?.to_string();
    }
    if let Some(v) = value(Field::Club) {
        let club = collapse(v.0);
        p.club = Label::parse(&club).map_err(|e| text_at(v, e, Label::MAX))?;
    }
    Ok(p)
}

// ---------------------------------------------------------------------------------------------
// TRF

/// Reads the players (`001` lines) of a TRF file, TRF-16 or TRF-2026. Rounds are not checked
/// against each other; the first problem of a line is reported as the TRF reader words it.
pub fn players_from_trf(text: &str) -> Result<Vec<NewPlayer>, ImportError> {
    let t = tournament::trf::read_unchecked(text).map_err(|errors| {
        // The reader's errors come in line order; there is always one.
        match errors.iter().next() {
            Some(e) => ImportError::new(e.line, e.column, e.expected.clone(), e.found.clone()),
            None => ImportError::new(1, 1, "a TRF file", "an unreadable file"),
        }
    })?;
    if t.players.is_empty() {
        let found = if text.trim_start_matches('\u{feff}').trim().is_empty() {
            "an empty file"
        } else {
            "no 001 line"
        };
        return Err(ImportError::new(
            1,
            1,
            "a TRF file with player lines (001)",
            found,
        ));
    }
    // The model keeps the players in the order of their lines: the n-th player is the n-th
    // `001` line, which is where to point at for a value the store does not accept.
    let mut lines = trf_player_lines(text).into_iter();
    let mut players = Vec::with_capacity(t.players.len());
    for pl in &t.players {
        let line = lines.next().unwrap_or(1);
        let rating = match pl.rating {
            Some(r) if r > 3999 => {
                return Err(ImportError::new(
                    line,
                    49,
                    RATING_EXPECTED,
                    format!("\"{r}\""),
                ))
            }
            r => r,
        };
        let fed = pl.federation.as_deref().unwrap_or("");
        let federation = federation(fed)
            .ok_or_else(|| ImportError::new(line, 54, FEDERATION_EXPECTED, quote(fed)))?;
        let birth = pl.birth_date.as_deref().unwrap_or("");
        let birth_date = birth_date(birth)
            .ok_or_else(|| ImportError::new(line, 70, DATE_EXPECTED, quote(birth)))?;
        // The name field starts at column 15 of a `001` line.
        let name = PersonName::parse(&pl.name).map_err(|e| {
            ImportError::new(
                line,
                15,
                text::expected(PersonName::MAX),
                format!("{}: {e}", quote(&pl.name)),
            )
        })?;
        if name.is_empty() {
            return Err(ImportError::new(line, 15, "a name", "an empty field"));
        }
        players.push(NewPlayer {
            name,
            title: pl.title.map(|t| t.code().to_string()).unwrap_or_default(),
            rating,
            national_rating: pl.national_rating,
            federation,
            fide_id: pl.fide_id.filter(|&id| id > 0),
            birth_date,
            sex: match pl.sex {
                Some(tournament::Sex::Male) => "m",
                Some(tournament::Sex::Female) => "w",
                None => "",
            }
            .to_string(),
            club: Label::default(),
            national: Default::default(),
        });
    }
    Ok(players)
}

/// The numbers of the `001` lines (lines end at CR, LF or CRLF, as for the TRF reader).
fn trf_player_lines(text: &str) -> Vec<usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let b = text.as_bytes();
    let (mut i, mut no) = (0, 1);
    while i < b.len() {
        let end = (i..b.len())
            .find(|&k| b[k] == b'\n' || b[k] == b'\r')
            .unwrap_or(b.len());
        if b[i..end].starts_with(b"001") {
            out.push(no);
        }
        i = if end + 1 < b.len() && b[end] == b'\r' && b[end + 1] == b'\n' {
            end + 2
        } else {
            end + 1
        };
        no += 1;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// FIDE's rating list

/// The values of one player of FIDE's list as written, each with where it is (`at` is a
/// column for the TXT list, a byte offset for the XML one).
#[derive(Debug, Default)]
struct RawEntry<'a> {
    id: (Cow<'a, str>, usize),
    name: (Cow<'a, str>, usize),
    fed: (Cow<'a, str>, usize),
    sex: (Cow<'a, str>, usize),
    title: (Cow<'a, str>, usize),
    w_title: (Cow<'a, str>, usize),
    rating: (Cow<'a, str>, usize),
    birth: (Cow<'a, str>, usize),
    flag: (Cow<'a, str>, usize),
}

impl RawEntry<'_> {
    /// The entry, or the first bad value; `place` turns an `at` into a line and a column.
    fn entry(&self, place: &dyn Fn(usize) -> (usize, usize)) -> Result<FideEntry, ImportError> {
        let bad = |(text, at): &(Cow<'_, str>, usize), expected: &str| {
            let (line, column) = place(*at);
            ImportError::new(line, column, expected, quote(text))
        };
        let fide_id = match fide_id(&self.id.0) {
            Ok(Some(id)) => id,
            _ => return Err(bad(&self.id, FIDE_ID_REQUIRED)),
        };
        let name = collapse(&self.name.0);
        if name.is_empty() {
            return Err(bad(&self.name, NAME_EXPECTED));
        }
        let name = PersonName::parse(&name)
            .map_err(|_| bad(&self.name, &text::expected(PersonName::MAX)))?;
        let federation =
            federation(&self.fed.0).ok_or_else(|| bad(&self.fed, FEDERATION_EXPECTED))?;
        let flag = self.flag.0.trim();
        let sex = match self.sex.0.trim() {
            "M" | "m" => "m",
            "F" | "f" | "W" | "w" => "w",
            "" if flag.contains('w') => "w",
            "" => "",
            _ => return Err(bad(&self.sex, "a sex M or F")),
        };
        // An unknown code is read as no title rather than refusing a list of a million players.
        let title = [&self.title.0, &self.w_title.0]
            .into_iter()
            .filter_map(|t| title(t))
            .find(|t| !t.is_empty())
            .unwrap_or_default()
            .to_string();
        let rating = rating(&self.rating.0).map_err(|()| bad(&self.rating, RATING_EXPECTED))?;
        let birth = self.birth.0.trim();
        let birth_date = if birth.bytes().all(|b| b == b'0') {
            String::new()
        } else {
            birth_date(birth).ok_or_else(|| bad(&self.birth, DATE_EXPECTED))?
        };
        Ok(FideEntry {
            player: NewPlayer {
                name,
                title,
                rating,
                national_rating: None,
                federation,
                fide_id: Some(fide_id),
                birth_date,
                sex: sex.to_string(),
                club: Label::default(),
                national: Default::default(),
            },
            inactive: flag.contains('i'),
        })
    }
}

/// Which value a column of the TXT list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TxtColumn {
    Id,
    Name,
    Fed,
    Sex,
    Title,
    WTitle,
    Rating,
    Birth,
    Flag,
}

impl TxtColumn {
    fn from_header(word: &str) -> Option<TxtColumn> {
        const MONTHS: [&str; 12] = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ];
        let w = word.to_ascii_lowercase();
        Some(match w.as_str() {
            "id number" | "id" | "fide id" | "fideid" | "id no" | "id nr" => TxtColumn::Id,
            "name" => TxtColumn::Name,
            "fed" | "federation" | "country" => TxtColumn::Fed,
            "sex" => TxtColumn::Sex,
            "tit" | "title" => TxtColumn::Title,
            "wtit" | "w_title" | "wtitle" => TxtColumn::WTitle,
            "srtng" | "std" | "rtng" | "rating" | "srating" => TxtColumn::Rating,
            "b-day" | "bday" | "born" | "birthday" | "b_day" => TxtColumn::Birth,
            "flag" => TxtColumn::Flag,
            _ if w.len() == 5
                && MONTHS.contains(&&w[..3])
                && w[3..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                TxtColumn::Rating
            }
            _ => return None,
        })
    }
}

/// The columns of the TXT list's header: each known column's character range.
fn txt_columns(header: &str) -> Vec<(TxtColumn, usize, usize)> {
    // Words with their starting character, `ID Number` and `FIDE ID` as one.
    let mut words: Vec<(String, usize)> = Vec::new();
    let mut current: Option<(String, usize)> = None;
    for (i, c) in header.chars().enumerate() {
        if c.is_whitespace() {
            words.extend(current.take());
        } else {
            current.get_or_insert_with(|| (String::new(), i)).0.push(c);
        }
    }
    words.extend(current);
    let mut merged: Vec<(String, usize)> = Vec::new();
    for (w, at) in words {
        if let Some(last) = merged.last_mut() {
            let pair = format!("{} {}", last.0, w).to_ascii_lowercase();
            if matches!(pair.as_str(), "id number" | "id no" | "id nr" | "fide id") {
                last.0 = pair;
                continue;
            }
        }
        merged.push((w, at));
    }
    let mut columns = Vec::new();
    for (k, (w, at)) in merged.iter().enumerate() {
        let end = merged.get(k + 1).map_or(usize::MAX, |n| n.1);
        if let Some(c) = TxtColumn::from_header(w) {
            if !columns.iter().any(|&(d, _, _)| d == c) {
                columns.push((c, *at, end));
            }
        }
    }
    columns
}

/// Reads FIDE's rating list as the TXT download (`players_list_foa.txt`,
/// `standard_rating_list.txt`): the columns are found from the header line.
pub fn players_from_fide_txt(text: &str) -> Result<Vec<FideEntry>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((header_no, header)) = lines.next() else {
        return Err(ImportError::new(
            1,
            1,
            "a header line naming the columns",
            "an empty file",
        ));
    };
    let columns = txt_columns(header);
    let has = |c: TxtColumn| columns.iter().any(|&(d, _, _)| d == c);
    if !has(TxtColumn::Id) || !has(TxtColumn::Name) {
        return Err(ImportError::new(
            header_no,
            1,
            "a header line naming the columns ID Number, Name, Fed, Sex, Tit, …",
            quote(header),
        ));
    }
    let mut out = Vec::with_capacity(text.len() / 160);
    // Byte offset of each character of a line that is not ASCII.
    let mut offsets: Vec<usize> = Vec::new();
    for (no, line) in lines {
        let ascii = line.is_ascii();
        if !ascii {
            offsets.clear();
            offsets.extend(line.char_indices().map(|(i, _)| i));
        }
        let chars = if ascii { line.len() } else { offsets.len() };
        let byte = |c: usize| {
            if c >= chars {
                line.len()
            } else if ascii {
                c
            } else {
                offsets[c]
            }
        };
        let mut raw = RawEntry::default();
        for &(column, from, to) in &columns {
            let s = &line[byte(from)..byte(to)];
            // Point at the value's first character, or the column's start when it is empty.
            let lead = s.len() - s.trim_start().len();
            let at = if lead == s.len() {
                from + 1
            } else {
                from + if ascii {
                    lead
                } else {
                    s[..lead].chars().count()
                } + 1
            };
            let value = (Cow::Borrowed(s), at);
            match column {
                TxtColumn::Id => raw.id = value,
                TxtColumn::Name => raw.name = value,
                TxtColumn::Fed => raw.fed = value,
                TxtColumn::Sex => raw.sex = value,
                TxtColumn::Title => raw.title = value,
                TxtColumn::WTitle => raw.w_title = value,
                TxtColumn::Rating => raw.rating = value,
                TxtColumn::Birth => raw.birth = value,
                TxtColumn::Flag => raw.flag = value,
            }
        }
        out.push(raw.entry(&|column| (no, column))?);
    }
    Ok(out)
}

/// One piece of XML.
#[derive(Debug)]
enum Token<'a> {
    Start {
        name: &'a str,
        empty: bool,
        at: usize,
    },
    End {
        name: &'a str,
        at: usize,
    },
    Text {
        text: &'a str,
        at: usize,
    },
    CData {
        text: &'a str,
        at: usize,
    },
    Eof,
}

/// A small reader for the flat XML of FIDE's list: elements, text, entities, CDATA; comments,
/// processing instructions and the document type are passed over; attributes are ignored.
#[derive(Debug)]
struct Xml<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Xml<'a> {
    /// Line and column of a byte offset.
    fn place(&self, at: usize) -> (usize, usize) {
        let before = &self.s[..at.min(self.s.len())];
        let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[start..].chars().count() + 1)
    }

    fn error(&self, at: usize, expected: &str, found: impl Into<String>) -> ImportError {
        let (line, column) = self.place(at);
        ImportError::new(line, column, expected, found)
    }

    /// The rest from `at`, quoted up to the next line end.
    fn found_at(&self, at: usize) -> String {
        let rest = &self.s[at..];
        if rest.is_empty() {
            return "the end of the file".to_string();
        }
        quote(rest.split(['\n', '\r']).next().unwrap_or(""))
    }

    fn skip_past(&mut self, at: usize, end: &str, what: &str) -> Result<usize, ImportError> {
        match self.s[self.pos..].find(end) {
            Some(i) => {
                self.pos += i + end.len();
                Ok(self.pos - end.len())
            }
            None => Err(self.error(
                at,
                &format!("the end of {what} ({end})"),
                "the end of the file",
            )),
        }
    }

    fn next(&mut self) -> Result<Token<'a>, ImportError> {
        loop {
            let s = self.s;
            let at = self.pos;
            let rest = &s[at..];
            if rest.is_empty() {
                return Ok(Token::Eof);
            }
            if !rest.starts_with('<') {
                let len = rest.find('<').unwrap_or(rest.len());
                self.pos += len;
                return Ok(Token::Text {
                    text: &rest[..len],
                    at,
                });
            }
            if rest.starts_with("<?") {
                self.skip_past(at, "?>", "a processing instruction")?;
            } else if rest.starts_with("<!--") {
                self.skip_past(at, "-->", "a comment")?;
            } else if rest.starts_with("<![CDATA[") {
                self.pos += 9;
                let end = self.skip_past(at, "]]>", "a CDATA section")?;
                return Ok(Token::CData {
                    text: &s[at + 9..end],
                    at: at + 9,
                });
            } else if rest.starts_with("<!") {
                self.skip_past(at, ">", "a declaration")?;
            } else {
                let closing = rest.starts_with("</");
                let name_from = at + if closing { 2 } else { 1 };
                let name_len = s[name_from..]
                    .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
                    .unwrap_or(s.len() - name_from);
                let name = &s[name_from..name_from + name_len];
                if name.is_empty() {
                    return Err(self.error(at, "an element name after <", self.found_at(at)));
                }
                // The end of the tag, passing over quoted attribute values.
                let mut quote_char = None;
                let mut end = None;
                for (i, c) in s[name_from + name_len..].char_indices() {
                    match (quote_char, c) {
                        (Some(q), c) if c == q => quote_char = None,
                        (Some(_), _) => {}
                        (None, '"' | '\'') => quote_char = Some(c),
                        (None, '>') => {
                            end = Some(name_from + name_len + i);
                            break;
                        }
                        (None, _) => {}
                    }
                }
                let Some(end) = end else {
                    return Err(self.error(at, "the end of the tag (>)", "the end of the file"));
                };
                self.pos = end + 1;
                return Ok(if closing {
                    Token::End { name, at }
                } else {
                    Token::Start {
                        name,
                        empty: s[..end].ends_with('/'),
                        at,
                    }
                });
            }
        }
    }
}

/// Replaces the five predefined entities and character references.
fn unescape<'a>(xml: &Xml<'_>, text: &'a str, at: usize) -> Result<Cow<'a, str>, ImportError> {
    if !text.contains('&') {
        return Ok(Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let here = at + (text.len() - rest.len()) + i;
        let entity = rest[i + 1..].find(';').map(|e| &rest[i + 1..i + 1 + e]);
        let c = entity.and_then(|e| match e {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let n = match e.strip_prefix("#x").or_else(|| e.strip_prefix("#X")) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => e.strip_prefix('#').and_then(|d| d.parse().ok()),
                };
                n.and_then(char::from_u32)
            }
        });
        match (c, entity) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &rest[i + e.len() + 2..];
            }
            _ => {
                let shown: String = rest[i..].chars().take(10).collect();
                return Err(xml.error(here, "an entity such as &amp; or &#233;", quote(&shown)));
            }
        }
    }
    out.push_str(rest);
    Ok(Cow::Owned(out))
}

/// Reads FIDE's rating list as the XML download (`<playerslist><player><fideid>…`); the
/// standard rating is `<rating>` in both the standard and the combined list.
pub fn players_from_fide_xml(text: &str) -> Result<Vec<FideEntry>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut xml = Xml { s: text, pos: 0 };
    // The root.
    loop {
        match xml.next()? {
            Token::Text { text, .. } if text.trim().is_empty() => {}
            Token::Start {
                name: "playerslist",
                empty,
                ..
            } => {
                if empty {
                    return Ok(Vec::new());
                }
                break;
            }
            Token::Eof => {
                return Err(ImportError::new(1, 1, "<playerslist>", "an empty file"));
            }
            Token::Start { at, .. }
            | Token::End { at, .. }
            | Token::Text { at, .. }
            | Token::CData { at, .. } => {
                return Err(xml.error(at, "<playerslist>", xml.found_at(at)));
            }
        }
    }
    let mut out = Vec::with_capacity(text.len() / 400);
    loop {
        match xml.next()? {
            Token::Text { text, .. } if text.trim().is_empty() => {}
            Token::Start {
                name: "player",
                empty,
                ..
            } => {
                let raw = if empty {
                    RawEntry::default()
                } else {
                    xml_player(&mut xml)?
                };
                let xml_ref = &xml;
                out.push(raw.entry(&|at| xml_ref.place(at))?);
            }
            Token::Start { name, empty, at } => {
                if !empty {
                    skip_element(&mut xml, name, at)?;
                }
            }
            Token::End {
                name: "playerslist",
                ..
            } => return Ok(out),
            Token::Eof => {
                return Err(xml.error(text.len(), "</playerslist>", "the end of the file"));
            }
            Token::End { at, .. } | Token::Text { at, .. } | Token::CData { at, .. } => {
                return Err(xml.error(at, "<player> or </playerslist>", xml.found_at(at)));
            }
        }
    }
}

/// Passes over an element and everything in it.
fn skip_element(xml: &mut Xml<'_>, name: &str, at: usize) -> Result<(), ImportError> {
    let mut depth = 1;
    while depth > 0 {
        match xml.next()? {
            Token::Start { empty: false, .. } => depth += 1,
            Token::End { .. } => depth -= 1,
            Token::Eof => {
                return Err(xml.error(
                    at,
                    &format!("</{name}> to close this element"),
                    "the end of the file",
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// The fields of one `<player>`, up to its `</player>`.
fn xml_player<'a>(xml: &mut Xml<'a>) -> Result<RawEntry<'a>, ImportError> {
    let mut raw = RawEntry::default();
    loop {
        let (name, at) = match xml.next()? {
            Token::Text { text, .. } if text.trim().is_empty() => continue,
            Token::End { name: "player", .. } => return Ok(raw),
            Token::Start {
                name,
                empty: true,
                at,
            } => {
                let value = (Cow::Borrowed(""), at);
                set_xml_field(&mut raw, name, value);
                continue;
            }
            Token::Start { name, at, .. } => (name, at),
            Token::Eof => {
                return Err(xml.error(xml.s.len(), "</player>", "the end of the file"));
            }
            Token::End { at, .. } | Token::Text { at, .. } | Token::CData { at, .. } => {
                return Err(xml.error(at, "a field of the player or </player>", xml.found_at(at)));
            }
        };
        // The text of a field: text and CDATA pieces up to its end tag.
        let mut value: Option<(Cow<'a, str>, usize)> = None;
        loop {
            let (piece, piece_at) = match xml.next()? {
                Token::Text { text, at } => (unescape(xml, text, at)?, at),
                Token::CData { text, at } => (Cow::Borrowed(text), at),
                Token::End { name: end, .. } if end == name => break,
                Token::End { at, .. } | Token::Start { at, .. } => {
                    return Err(xml.error(at, &format!("text and </{name}>"), xml.found_at(at)));
                }
                Token::Eof => {
                    return Err(xml.error(
                        at,
                        &format!("</{name}> to close this field"),
                        "the end of the file",
                    ));
                }
            };
            value = Some(match value {
                None => (piece, piece_at),
                Some((v, v_at)) => (Cow::Owned(format!("{v}{piece}")), v_at),
            });
        }
        let value = value.unwrap_or((Cow::Borrowed(""), at));
        set_xml_field(&mut raw, name, value);
    }
}

fn set_xml_field<'a>(raw: &mut RawEntry<'a>, name: &str, value: (Cow<'a, str>, usize)) {
    // The value's place is its first character that is not blank.
    let (text, at) = value;
    let lead = text.len() - text.trim_start().len();
    let value = (text, at + lead);
    match name {
        "fideid" => raw.id = value,
        "name" => raw.name = value,
        "country" => raw.fed = value,
        "sex" => raw.sex = value,
        "title" => raw.title = value,
        "w_title" => raw.w_title = value,
        "rating" => raw.rating = value,
        "birthday" => raw.birth = value,
        "flag" => raw.flag = value,
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// Search

/// Players of a list read with [`players_from_fide_txt`] or [`players_from_fide_xml`] that
/// match a query: a query of digits is a FIDE id, matched exactly; otherwise every word of the
/// query must begin a word of the name, in any case and with or without accents (`lévy` finds
/// `Levy, Anne`). At most 50 players, best first: the surname exactly, then whole words, then
/// beginnings of words; active players before inactive ones, then by rating.
pub fn find_in_fide_list<'a>(list: &'a [FideEntry], query: &str) -> Vec<&'a FideEntry> {
    const LIMIT: usize = 50;
    let q = query.trim();
    if q.is_empty() {
        return Vec::new();
    }
    if q.bytes().all(|b| b.is_ascii_digit()) {
        let Ok(id) = q.parse::<u64>() else {
            return Vec::new();
        };
        return list
            .iter()
            .filter(|e| e.player.fide_id == Some(id))
            .take(LIMIT)
            .collect();
    }
    by_name(list, q, LIMIT, |e| {
        (e.player.name.as_str(), e.inactive, e.player.rating)
    })
}

/// Players of `list` whose name every word of `query` begins (case and accents ignored), at
/// most `limit`, best first: the surname exactly, then whole words, then beginnings of words;
/// active players before inactive ones, then by rating. `key` gives a player's name, whether
/// they are inactive, and their rating.
pub(crate) fn by_name<'a, T>(
    list: &'a [T],
    query: &str,
    limit: usize,
    key: impl Fn(&T) -> (&str, bool, Option<u16>),
) -> Vec<&'a T> {
    let words = folded_words(query);
    if words.is_empty() {
        return Vec::new();
    }
    let mut folded = String::new();
    let mut found: Vec<(u8, &T)> = Vec::new();
    for e in list {
        let (name, _, _) = key(e);
        folded.clear();
        fold_into(name, &mut folded);
        let is_sep = |c: char| !c.is_alphanumeric();
        let name_words = || folded.split(is_sep).filter(|w| !w.is_empty());
        if !words
            .iter()
            .all(|w| name_words().any(|n| n.starts_with(w.as_str())))
        {
            continue;
        }
        // The surname (before the comma) as a run of the query's words.
        let surname: Vec<&str> = folded
            .split(',')
            .next()
            .unwrap_or("")
            .split(is_sep)
            .filter(|w| !w.is_empty())
            .collect();
        let exact_surname = !surname.is_empty()
            && words
                .windows(surname.len())
                .any(|run| run.iter().zip(&surname).all(|(a, b)| a == b));
        let tier = if exact_surname {
            0
        } else if words.iter().all(|w| name_words().any(|n| n == w)) {
            1
        } else {
            2
        };
        found.push((tier, e));
    }
    found.sort_by(|(ta, a), (tb, b)| {
        let (name_a, inactive_a, rating_a) = key(a);
        let (name_b, inactive_b, rating_b) = key(b);
        (ta, inactive_a, Reverse(rating_a), name_a).cmp(&(
            tb,
            inactive_b,
            Reverse(rating_b),
            name_b,
        ))
    });
    found.into_iter().take(limit).map(|(_, e)| e).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err<T: std::fmt::Debug>(r: Result<T, ImportError>) -> ImportError {
        r.expect_err("an error")
    }

    fn at(e: &ImportError) -> (usize, usize) {
        (e.line, e.column)
    }

    // ---- CSV

    #[test]
    fn csv_english_header_with_commas() {
        let text = "Name,Title,Rating,Federation,FIDE ID,Birth date,Sex,Club\n\
                    \"Carlsen, Magnus\",gm,2830,nor,1503014,1990/11/30,M,Offerspill\n\
                    Anne Levy,,0,fra,,,female,\n";
        let players = players_from_csv(text).unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(
            players[0],
            NewPlayer {
                name: "Carlsen, Magnus".parse().unwrap(),
                title: "GM".into(),
                rating: Some(2830),
                national_rating: None,
                federation: "NOR".into(),
                fide_id: Some(1503014),
                birth_date: "1990/11/30".into(),
                sex: "m".into(),
                club: "Offerspill".parse().unwrap(),
                national: Default::default(),
            }
        );
        assert_eq!(players[1].name, "Anne Levy");
        assert_eq!(players[1].rating, None);
        assert_eq!(players[1].federation, "FRA");
        assert_eq!(players[1].sex, "w");
        assert_eq!(players[1].fide_id, None);
    }

    #[test]
    fn csv_french_excel_semicolons_split_names_any_order() {
        // French Excel: `;`, CRLF, a byte-order mark, accents or not in the header.
        let text =
            "\u{feff}Prénom;NOM;Elo;Elo national;Fédération;Code FIDE;Né le;Sexe;Club;Remarque\r\n\
                    Marie;Dupont;1850;1790;FRA;20612345;05/03/1988;F;Échiquier de Lyon;payé\r\n\
                    Jean;Martin;;1500;fra;;1975;h;;\r\n";
        let players = players_from_csv(text).unwrap();
        assert_eq!(players.len(), 2);
        let p = &players[0];
        assert_eq!(p.name, "Dupont, Marie");
        assert_eq!(p.rating, Some(1850));
        assert_eq!(p.national_rating, Some(1790));
        assert_eq!(p.federation, "FRA");
        assert_eq!(p.fide_id, Some(20612345));
        assert_eq!(p.birth_date, "1988/03/05");
        assert_eq!(p.sex, "w");
        assert_eq!(p.club, "Échiquier de Lyon");
        let p = &players[1];
        assert_eq!(p.name, "Martin, Jean");
        assert_eq!((p.rating, p.national_rating), (None, Some(1500)));
        assert_eq!(p.birth_date, "1975");
        assert_eq!(p.sex, "m");
    }

    #[test]
    fn csv_header_variants() {
        let cases = [
            ("nom", "Dupont Marie", "Dupont Marie"),
            ("NAME", "x", "x"),
            ("Full name", "x", "x"),
            ("Joueur", "x", "x"),
        ];
        for (header, cell, name) in cases {
            let players = players_from_csv(&format!("{header}\n{cell}\n")).unwrap();
            assert_eq!(players[0].name, name, "{header}");
        }
        let text = "surname,first_name,fide_rating,fide_id,date-of-birth,gender,country,TITRE,classement\n\
                    Levy,Anne,2100,123,1999-12-31,w,isr,wim,1950\n";
        let p = &players_from_csv(text).unwrap()[0];
        assert_eq!(p.name, "Levy, Anne");
        assert_eq!(p.rating, Some(2100));
        assert_eq!(p.fide_id, Some(123));
        assert_eq!(p.birth_date, "1999/12/31");
        assert_eq!(p.sex, "w");
        assert_eq!(p.federation, "ISR");
        assert_eq!(p.title, "WIM");
        assert_eq!(p.national_rating, Some(1950));
        let text = "Nom de famille;Prénoms;ID FIDE;Naissance;Pays;Rating national\nLi;Wei;;31.01.2001;CHN;\n";
        let p = &players_from_csv(text).unwrap()[0];
        assert_eq!(p.name, "Li, Wei");
        assert_eq!(p.birth_date, "2001/01/31");
        assert_eq!(p.federation, "CHN");
        // Surname only, with no first name in that row.
        let p = &players_from_csv("Nom;Prenom\nPlato;\n").unwrap()[0];
        assert_eq!(p.name, "Plato");
    }

    #[test]
    fn csv_tab_separated() {
        let text = "Name\tElo\tClub\n\"Doe, John\"\t1600\tCercle, Paris\nRoe, Jane\t\t\n";
        let players = players_from_csv(text).unwrap();
        assert_eq!(players[0].name, "Doe, John");
        assert_eq!(players[0].rating, Some(1600));
        assert_eq!(players[0].club, "Cercle, Paris");
        assert_eq!(players[1].name, "Roe, Jane");
    }

    #[test]
    fn csv_quotes_separators_and_line_breaks_inside() {
        let text = "name;club;rating\n\
                    \"Smith; \"\"Bobby\"\" Jr\";\"Club\nde la\r\nGare\";1500\n\
                    \"Solo\";;\n\
                    \n\
                    ;;\n\
                    Third;  \"padded\"  ;1400\n";
        let players = players_from_csv(text).unwrap();
        assert_eq!(players.len(), 3);
        assert_eq!(players[0].name, "Smith; \"Bobby\" Jr");
        assert_eq!(players[0].club, "Club de la Gare");
        assert_eq!(players[0].rating, Some(1500));
        assert_eq!(players[1].name, "Solo");
        assert_eq!(players[2].club, "padded");
        // The line count goes on past the line breaks inside quotes.
        let text = "name;rating\n\"A\nB\";1\n\"C\";x\n";
        assert_eq!(at(&err(players_from_csv(text))), (4, 5));
    }

    #[test]
    fn csv_separator_detection() {
        assert_eq!(detect_separator("a;b,c;d"), b';');
        assert_eq!(detect_separator("a\tb\tc,d"), b'\t');
        assert_eq!(detect_separator("a,b,c"), b',');
        assert_eq!(detect_separator("name"), b',');
        assert_eq!(detect_separator("\"x;y\",b,c"), b',');
        assert_eq!(detect_separator(";;;\n\nname\tclub"), b'\t');
        // Old Mac line ends.
        let players = players_from_csv("name;elo\rA;1\rB;2\r").unwrap();
        assert_eq!(players.len(), 2);
    }

    #[test]
    fn csv_unknown_columns_are_ignored() {
        let p = &players_from_csv("Paid,Name,Notes\nyes,Ann,whatever\n").unwrap()[0];
        assert_eq!(p, &NewPlayer::named("Ann".parse().unwrap(), None));
    }

    #[test]
    fn csv_short_rows_read_as_empty() {
        let players = players_from_csv("name,rating,club\nAnn\nBob,1200\n").unwrap();
        assert_eq!(players[0].rating, None);
        assert_eq!(players[1].rating, Some(1200));
    }

    #[test]
    fn csv_empty_file() {
        for text in ["", "\u{feff}", "\n\n", " ;  ;\r\n"] {
            let e = err(players_from_csv(text));
            assert_eq!(at(&e), (1, 1), "{text:?}");
            assert_eq!(e.expected, "a header line");
            assert_eq!(
                e.to_string(),
                "line 1, column 1: expected a header line, found an empty file"
            );
        }
    }

    #[test]
    fn csv_missing_name_column() {
        let e = err(players_from_csv("Elo;Club\n1500;X\n"));
        assert_eq!(at(&e), (1, 1));
        assert!(e.expected.starts_with("a name column"), "{e}");
        assert_eq!(e.found, "the columns \"Elo, Club\"");
        // A first-name column alone is not a name.
        assert_eq!(at(&err(players_from_csv("Prénom;Elo\nAnn;1\n"))), (1, 1));
    }

    #[test]
    fn csv_duplicate_column() {
        let e = err(players_from_csv("Name;Elo;Rating\nA;1;2\n"));
        assert_eq!(at(&e), (1, 10));
        assert_eq!(
            e.to_string(),
            "line 1, column 10: expected one rating column, found a second one, \"Rating\""
        );
    }

    #[test]
    fn csv_bad_values_with_their_place() {
        let header = "name;title;elo;elo national;fed;fide id;born;sex\n";
        let cases: [(&str, (usize, usize), &str, &str); 12] = [
            ("Ann;XM;;;;;;", (2, 5), TITLES_EXPECTED, "\"XM\""),
            ("Ann;;4000;;;;;", (2, 6), RATING_EXPECTED, "\"4000\""),
            ("Ann;;-5;;;;;", (2, 6), RATING_EXPECTED, "\"-5\""),
            ("Ann;;  12a;;;;;", (2, 8), RATING_EXPECTED, "\"12a\""),
            ("Ann;;;99999;;;;", (2, 7), NATIONAL_EXPECTED, "\"99999\""),
            (
                "Ann;;;;FRANCE;;;",
                (2, 8),
                FEDERATION_EXPECTED,
                "\"FRANCE\"",
            ),
            (
                "Ann;;;;;12E+5;;",
                (2, 9),
                "a FIDE id (digits) or nothing",
                "\"12E+5\"",
            ),
            (
                "Ann;;;;;;31/02/2000;",
                (2, 10),
                DATE_EXPECTED,
                "\"31/02/2000\"",
            ),
            (
                "Ann;;;;;;2000/13/01;",
                (2, 10),
                DATE_EXPECTED,
                "\"2000/13/01\"",
            ),
            (
                "Ann;;;;;;;x",
                (2, 11),
                "a sex m or f (also w, h, male, female) or nothing",
                "\"x\"",
            ),
            (";GM;;;;;;", (2, 1), "a name", "an empty field"),
            (
                "Éva;;;;;;;x",
                (2, 11),
                "a sex m or f (also w, h, male, female) or nothing",
                "\"x\"",
            ),
        ];
        for (row, place, expected, found) in cases {
            let e = err(players_from_csv(&format!("{header}{row}\n")));
            assert_eq!(
                (at(&e), e.expected.as_str(), e.found.as_str()),
                (place, expected, found),
                "{row}"
            );
        }
        // A quoted value is reported at its opening quote.
        let e = err(players_from_csv("name;elo\nAnn;\"abc\"\n"));
        assert_eq!(at(&e), (2, 5));
        // A missing surname in split columns; a short row reports the end of its line.
        let e = err(players_from_csv("prenom,nom\nAnn,\n"));
        assert_eq!((at(&e), e.expected.as_str()), ((2, 5), "a surname"));
        let e = err(players_from_csv("elo,name\n1500\n"));
        assert_eq!((at(&e), e.found.as_str()), ((2, 5), "the end of the line"));
        // The error of a later row, after a good one.
        let e = err(players_from_csv("name,elo\nA,1\nB,2\nC,x\n"));
        assert_eq!(
            e.to_string(),
            "line 4, column 3: expected a rating from 0 to 3999 or nothing, found \"x\""
        );
    }

    #[test]
    fn csv_quoting_errors() {
        let e = err(players_from_csv("name,club\nAnn,\"Club\n"));
        assert_eq!(at(&e), (2, 5));
        assert_eq!(e.found, "the end of the file");
        let e = err(players_from_csv("name,club\nAnn,\"Club\"x y,\n"));
        assert_eq!(at(&e), (2, 11));
        assert_eq!(e.found, "\"x y\"");
    }

    #[test]
    fn long_values_are_quoted_as_excerpts() {
        let long = "x".repeat(60);
        let e = err(players_from_csv(&format!("name,elo\nA,{long}\n")));
        assert_eq!(e.found, format!("\"{}\"… (60 characters)", "x".repeat(40)));
    }

    #[test]
    fn columns_count_characters() {
        let e = err(players_from_csv("name;club;elo\nÉloïse;Ça va;z\n"));
        assert_eq!(at(&e), (2, 14));
    }

    // ---- TRF

    #[test]
    fn trf_players() {
        let text = include_str!("../../tests/data/players.trf");
        let players = players_from_trf(text).unwrap();
        assert_eq!(players.len(), 3);
        assert_eq!(
            players[0],
            NewPlayer {
                name: "Mercier, Lucie".parse().unwrap(),
                title: "WFM".into(),
                rating: Some(2105),
                national_rating: None,
                federation: "FRA".into(),
                fide_id: Some(20654321),
                birth_date: "1996/04/12".into(),
                sex: "w".into(),
                club: Default::default(),
                national: Default::default(),
            }
        );
        assert_eq!(players[1].name, "Okafor, Daniel");
        assert_eq!(players[1].title, "");
        assert_eq!(players[1].sex, "m");
        assert_eq!(players[1].birth_date, "2001");
        assert_eq!(players[2].rating, None);
        assert_eq!(players[2].fide_id, None);
        assert_eq!(players[2].federation, "");
    }

    #[test]
    fn trf_errors_keep_their_place() {
        let good = include_str!("../../tests/data/players.trf");
        // A bad title on the third player line (line 5).
        let bad = good.replace("001    3 m    ", "001    3 m XX ");
        let e = err(players_from_trf(&bad));
        assert_eq!(at(&e), (5, 11));
        assert!(e.expected.starts_with("a title"), "{e}");
        // A federation the store cannot take, from a file the TRF reader accepts.
        let bad = good.replace("2105 FRA", "2105 F1 ");
        let e = err(players_from_trf(&bad));
        assert_eq!((at(&e), e.found.as_str()), ((3, 54), "\"F1\""));
        let e = err(players_from_trf(&good.replace("2105 FRA", "5000 FRA")));
        assert_eq!(at(&e), (3, 49));
        let e = err(players_from_trf(""));
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected a TRF file with player lines (001), found an empty file"
        );
        let e = err(players_from_trf("012 Nothing else\n"));
        assert_eq!((at(&e), e.found.as_str()), ((1, 1), "no 001 line"));
        // A line the TRF reader refuses: its words, our place.
        let e = err(players_from_trf(&good.replace("1987 NGR", "19x7 NGR")));
        assert_eq!(e.line, 4);
    }

    // ---- FIDE list

    #[test]
    fn fide_txt() {
        let text = include_str!("../../tests/data/fide_list.txt");
        let list = players_from_fide_txt(text).unwrap();
        assert_eq!(list.len(), 5);
        assert_eq!(
            list[0],
            FideEntry {
                player: NewPlayer {
                    name: "Levy, Anne".parse().unwrap(),
                    title: "WGM".into(),
                    rating: Some(2312),
                    national_rating: None,
                    federation: "FRA".into(),
                    fide_id: Some(20699001),
                    birth_date: "1994".into(),
                    sex: "w".into(),
                    club: Default::default(),
                    national: Default::default(),
                },
                inactive: false,
            }
        );
        assert_eq!(list[1].player.title, "GM");
        assert_eq!(list[1].player.name, "Lévy-Martin, Paul");
        assert!(list[2].inactive);
        assert_eq!(list[2].player.rating, None);
        assert_eq!(list[2].player.birth_date, "");
        assert_eq!(list[3].player.sex, "w");
        assert!(list[3].inactive);
        assert_eq!(list[4].player.rating, Some(1650));
    }

    #[test]
    fn fide_txt_columns_come_from_the_header() {
        // The standard list: a month-named rating column, other widths, no SRtng.
        let text = "ID Number  Name                      Fed Sex Tit WTit OTit FOA MAR26 Gms K  B-day Flag\n\
                    1503014    Carlsen, Magnus           NOR M   GM                 2833  10 10 1990 \n\
                    99000001   Unrated, Uma              ENG F                      0     0  40 0000  wi\n";
        let list = players_from_fide_txt(text).unwrap();
        assert_eq!(list[0].player.rating, Some(2833));
        assert_eq!(list[0].player.birth_date, "1990");
        assert_eq!(list[1].player.rating, None);
        assert!(list[1].inactive);
        let e = err(players_from_fide_txt("Name Fed\nA    FRA\n"));
        assert_eq!(at(&e), (1, 1));
        assert_eq!(at(&err(players_from_fide_txt(""))), (1, 1));
    }

    #[test]
    fn fide_txt_errors() {
        let header = "ID Number Name         Fed Sex Tit  SRtng B-day Flag\n";
        let cases = [
            (
                "12x4      Ann          FRA F         1500 1990 ",
                (2, 1),
                "\"12x4\"",
            ),
            (
                "1234                   FRA F         1500 1990 ",
                (2, 11),
                "an empty field",
            ),
            (
                "1234      Ann          FRA F         15OO 1990 ",
                (2, 38),
                "\"15OO\"",
            ),
            (
                "1234      Ann          FRA X         1500 1990 ",
                (2, 28),
                "\"X\"",
            ),
            (
                "1234      Ann          FRA F         1500 19xx ",
                (2, 43),
                "\"19xx\"",
            ),
            (
                "1234      Ann          F4  F         1500 1990 ",
                (2, 24),
                "\"F4\"",
            ),
            (
                "1234      Çé           F4  F         1500 1990 ",
                (2, 24),
                "\"F4\"",
            ),
        ];
        for (line, place, found) in cases {
            let e = err(players_from_fide_txt(&format!("{header}{line}\n")));
            assert_eq!((at(&e), e.found.as_str()), (place, found), "{line}");
        }
    }

    #[test]
    fn fide_xml() {
        let text = include_str!("../../tests/data/fide_list.xml");
        let list = players_from_fide_xml(text).unwrap();
        assert_eq!(list.len(), 4);
        assert_eq!(
            list[0],
            FideEntry {
                player: NewPlayer {
                    name: "Levy, Anne".parse().unwrap(),
                    title: "WGM".into(),
                    rating: Some(2312),
                    national_rating: None,
                    federation: "FRA".into(),
                    fide_id: Some(20699001),
                    birth_date: "1994".into(),
                    sex: "w".into(),
                    club: Default::default(),
                    national: Default::default(),
                },
                inactive: false,
            }
        );
        // The combined list: the standard rating, not the rapid or blitz one.
        assert_eq!(list[1].player.rating, Some(2488));
        assert_eq!(list[1].player.name, "O'Brien & Sons, Kieran");
        assert_eq!(list[1].player.title, "IM");
        assert!(list[2].inactive);
        assert_eq!(list[2].player.sex, "w");
        assert_eq!(list[2].player.rating, None);
        assert_eq!(list[3].player.name, "Éric <CDATA>");
    }

    #[test]
    fn fide_xml_errors() {
        let e = err(players_from_fide_xml("<list/>"));
        assert_eq!((at(&e), e.expected.as_str()), ((1, 1), "<playerslist>"));
        assert_eq!(at(&err(players_from_fide_xml(""))), (1, 1));
        let text = "<playerslist>\n <player>\n  <fideid>1</fideid><name>A</name>\n  <rating>2x</rating>\n </player>\n</playerslist>\n";
        let e = err(players_from_fide_xml(text));
        assert_eq!(
            e.to_string(),
            "line 4, column 11: expected a rating from 0 to 3999 or nothing, found \"2x\""
        );
        let text = "<playerslist><player><fideid>x</fideid></player></playerslist>";
        assert_eq!(at(&err(players_from_fide_xml(text))), (1, 30));
        let text = "<playerslist><player><fideid>1</fideid><name>A &bogus; B</name></player></playerslist>";
        assert_eq!(at(&err(players_from_fide_xml(text))), (1, 48));
        let text = "<playerslist>\n<player><fideid>1</fideid><name>A</nom></player></playerslist>";
        assert_eq!(at(&err(players_from_fide_xml(text))), (2, 34));
        let text = "<playerslist>\n<player><fideid>1</fideid><name>A</name></player>\n";
        assert_eq!(err(players_from_fide_xml(text)).expected, "</playerslist>");
        let text = "<playerslist><player><fideid>1</fideid><name>A";
        assert!(err(players_from_fide_xml(text))
            .expected
            .contains("</name>"));
        // The player without a name.
        let text = "<playerslist><player><fideid>1</fideid><name/></player></playerslist>";
        let e = err(players_from_fide_xml(text));
        assert_eq!((at(&e), e.expected.as_str()), ((1, 40), "a name"));
    }

    #[test]
    fn find_by_id_and_by_name() {
        let list = players_from_fide_txt(include_str!("../../tests/data/fide_list.txt")).unwrap();
        let names = |q: &str| -> Vec<String> {
            find_in_fide_list(&list, q)
                .iter()
                .map(|e| e.player.name.to_string())
                .collect()
        };
        assert_eq!(names("20699001"), ["Levy, Anne"]);
        assert_eq!(names(" 20699002 "), ["Lévy-Martin, Paul"]);
        assert!(names("2069900").is_empty());
        assert!(names("").is_empty());
        // Accents either way, any case, words in any order, beginnings of words.
        assert_eq!(names("Lévy"), ["Levy, Anne", "Lévy-Martin, Paul"]);
        assert_eq!(names("LEVY anne"), ["Levy, Anne"]);
        assert_eq!(names("anne lévy"), ["Levy, Anne"]);
        assert_eq!(names("martin"), ["Martin, Zoé", "Lévy-Martin, Paul"]);
        assert_eq!(names("levy martin"), ["Lévy-Martin, Paul"]);
        assert_eq!(names("zoe"), ["Martin, Zoé"]);
        assert_eq!(names("mar"), ["Lévy-Martin, Paul", "Martin, Zoé"]);
        assert!(names("nobody").is_empty());
    }

    #[test]
    fn search_returns_at_most_fifty_exact_surnames_first() {
        let mut list: Vec<FideEntry> = (0..80)
            .map(|i| FideEntry {
                player: NewPlayer {
                    name: format!("Smithson, Al{i}").parse().unwrap(),
                    rating: Some(2000 + i),
                    fide_id: Some(u64::from(i)),
                    ..NewPlayer::default()
                },
                inactive: false,
            })
            .collect();
        list.push(FideEntry {
            player: NewPlayer {
                name: "Smith, Bo".parse().unwrap(),
                fide_id: Some(1000),
                ..NewPlayer::default()
            },
            inactive: true,
        });
        let found = find_in_fide_list(&list, "smith");
        assert_eq!(found.len(), 50);
        assert_eq!(found[0].player.name, "Smith, Bo");
        // Then by rating.
        assert_eq!(found[1].player.name, "Smithson, Al79");
    }

    #[test]
    fn folding() {
        let mut s = String::new();
        fold_into("Ærøskøbing Łódź Straße CAFE\u{301}", &mut s);
        assert_eq!(s, "aeroskobing lodz strasse cafe");
    }

    #[test]
    fn dates() {
        assert_eq!(birth_date("2000-02-29").as_deref(), Some("2000/02/29"));
        assert_eq!(birth_date("1900-02-29"), None);
        assert_eq!(birth_date("1/2/1990").as_deref(), Some("1990/02/01"));
        assert_eq!(birth_date("90/02/01"), None);
        assert_eq!(birth_date("0000"), None);
    }

    /// A list the size of FIDE's, scaled down: linear time, no per-line set-up. Run with
    /// `--profile test-release -- --nocapture` to see the time.
    #[test]
    fn large_txt_list() {
        let header = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\n";
        let mut text = String::with_capacity(200_001 * 170);
        text.push_str(header);
        for i in 0..200_000u64 {
            let name = format!("Player{i}, Given{}", i % 977);
            let sex = if i % 3 == 0 { "F" } else { "M" };
            let tit = if i % 101 == 0 { "FM" } else { "" };
            let flag = if i % 2 == 0 { "i" } else { "" };
            text.push_str(&format!(
                "{:<15}{:<61}{:<4}{:<4}{:<5}{:<5}{:<15}{:<4}{:>5}{:>4}{:>3}{:>6}{:>4}{:>3}{:>6}{:>4}{:>3}{:>6} {}\n",
                10_000_000 + i,
                name,
                ["FRA", "GER", "IND", "USA"][(i % 4) as usize],
                sex,
                tit,
                "",
                "",
                "",
                1000 + i % 1800,
                i % 50,
                20,
                1000 + i % 1700,
                0,
                20,
                1000 + i % 1600,
                0,
                20,
                1950 + i % 60,
                flag,
            ));
        }
        let lines = text.lines().count();
        let start = std::time::Instant::now();
        let list = players_from_fide_txt(&text).unwrap();
        let elapsed = start.elapsed();
        println!("read {lines} lines of FIDE TXT in {elapsed:?}");
        assert_eq!(list.len(), 200_000);
        assert_eq!(list[5].player.name, "Player5, Given5");
        assert_eq!(list[5].player.rating, Some(1005));
        assert_eq!(list[5].player.birth_date, "1955");
        assert_eq!(list[101].player.title, "FM");
        assert!(list[4].inactive && !list[5].inactive);
        let start = std::time::Instant::now();
        let found = find_in_fide_list(&list, "player1999 given");
        println!("searched {} players in {:?}", list.len(), start.elapsed());
        assert_eq!(found[0].player.name, "Player1999, Given45");
    }
}
