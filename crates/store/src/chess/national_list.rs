//! A national federation's rating list (the FFE's, say), read from the CSV or TXT the
//! federation publishes with its columns mapped once by the arbiter, kept in the database one
//! list per federation, and searched at registration by licence number or name like FIDE's
//! list ([`super::rating_list`]). The mapping is saved with the list: the next list of that
//! federation loads without asking again.
//!
//! ```
//! use store::national_list::{read_national_list, ListColumn, ListMapping};
//! let text = "NrFFE;Nom;Prenom;Elo\nK59857;MARTIN;Alice;1790 N\n";
//! let mapping = ListMapping {
//!     separator: None,
//!     columns: vec![
//!         (ListColumn::Licence, "NrFFE".into()),
//!         (ListColumn::Surname, "Nom".into()),
//!         (ListColumn::FirstName, "Prenom".into()),
//!         (ListColumn::Rating, "Elo".into()),
//!     ],
//! };
//! let list = read_national_list("FRA", text, &mapping).unwrap();
//! assert_eq!(list[0].player.name, "MARTIN, Alice");
//! assert_eq!(list[0].player.national_rating, Some(1790));
//! ```

use std::collections::HashMap;

use rusqlite::{params, OptionalExtension, Row as SqlRow};
use serde::{Deserialize, Serialize};

use crate::chess::import::{by_name, csv_player, Field, Names};
use crate::chess::types::NewPlayer;
use crate::csv::{collapse, detect_separator, folded_words, quote, read_rows, ImportError};
use crate::error::{Error, Result};
use crate::text::Label;
use crate::{Licence, LicenceType, NationalData, RatingKind, Store};

/// Most players a search answers.
pub const MAX_RESULTS: usize = 50;

/// Candidates read from the database before they are ranked by name.
const CANDIDATES: usize = 5000;

/// What a column of a national list holds, as the arbiter maps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ListColumn {
    Licence,
    Surname,
    FirstName,
    /// The whole name (`SURNAME First`).
    FullName,
    /// The national rating, with its kind after it or not (`1790 N`, `1790`).
    Rating,
    /// `F`, `N` or `E` in a column of its own.
    RatingKind,
    FideRating,
    FideId,
    Title,
    /// The player's federation (a foreign player licensed here).
    Federation,
    Club,
    League,
    LicenceType,
    /// A date or a year.
    BirthDate,
    Sex,
    /// The category as the list writes it (`PupF`, `Sen`).
    Category,
}

impl ListColumn {
    pub const ALL: [ListColumn; 16] = [
        ListColumn::Licence,
        ListColumn::Surname,
        ListColumn::FirstName,
        ListColumn::FullName,
        ListColumn::Rating,
        ListColumn::RatingKind,
        ListColumn::FideRating,
        ListColumn::FideId,
        ListColumn::Title,
        ListColumn::Federation,
        ListColumn::Club,
        ListColumn::League,
        ListColumn::LicenceType,
        ListColumn::BirthDate,
        ListColumn::Sex,
        ListColumn::Category,
    ];

    /// As forms, the database and the JSON API write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            ListColumn::Licence => "licence",
            ListColumn::Surname => "surname",
            ListColumn::FirstName => "first_name",
            ListColumn::FullName => "full_name",
            ListColumn::Rating => "rating",
            ListColumn::RatingKind => "rating_kind",
            ListColumn::FideRating => "fide_rating",
            ListColumn::FideId => "fide_id",
            ListColumn::Title => "title",
            ListColumn::Federation => "federation",
            ListColumn::Club => "club",
            ListColumn::League => "league",
            ListColumn::LicenceType => "licence_type",
            ListColumn::BirthDate => "birth_date",
            ListColumn::Sex => "sex",
            ListColumn::Category => "category",
        }
    }

    pub fn parse(s: &str) -> Option<ListColumn> {
        ListColumn::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// In English, for the errors that name it.
    pub const fn describe(self) -> &'static str {
        match self {
            ListColumn::Licence => "licence number",
            ListColumn::Surname => "surname",
            ListColumn::FirstName => "first name",
            ListColumn::FullName => "full name",
            ListColumn::Rating => "national rating",
            ListColumn::RatingKind => "rating kind",
            ListColumn::FideRating => "FIDE rating",
            ListColumn::FideId => "FIDE id",
            ListColumn::Title => "title",
            ListColumn::Federation => "federation",
            ListColumn::Club => "club",
            ListColumn::League => "league",
            ListColumn::LicenceType => "licence type",
            ListColumn::BirthDate => "birth date",
            ListColumn::Sex => "sex",
            ListColumn::Category => "category",
        }
    }

    /// The player import's reading of the column (the category is the list's own).
    fn field(self) -> Option<Field> {
        Some(match self {
            ListColumn::Licence => Field::Licence,
            ListColumn::Surname => Field::Surname,
            ListColumn::FirstName => Field::FirstName,
            ListColumn::FullName => Field::FullName,
            ListColumn::Rating => Field::NationalRating,
            ListColumn::RatingKind => Field::RatingKind,
            ListColumn::FideRating => Field::Rating,
            ListColumn::FideId => Field::FideId,
            ListColumn::Title => Field::Title,
            ListColumn::Federation => Field::Federation,
            ListColumn::Club => Field::Club,
            ListColumn::League => Field::League,
            ListColumn::LicenceType => Field::LicenceType,
            ListColumn::BirthDate => Field::BirthDate,
            ListColumn::Sex => Field::Sex,
            ListColumn::Category => return None,
        })
    }
}

/// Which column of a federation's file holds what, named by its header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListMapping {
    /// `;`, `,` or a tab; `None` to take the one the header uses most.
    pub separator: Option<char>,
    /// Each column mapped, with the header that names it in the file (case, accents and blanks
    /// ignored when it is looked for).
    pub columns: Vec<(ListColumn, String)>,
}

/// What a mapping must hold, for the errors that name it.
pub const MAPPING_EXPECTED: &str =
    "a licence number column and a name (a full name, or a surname with or without a first name), each column mapped once";

impl ListMapping {
    /// The header mapped to `column`.
    pub fn header(&self, column: ListColumn) -> Option<&str> {
        self.columns
            .iter()
            .find(|(c, _)| *c == column)
            .map(|(_, h)| h.as_str())
    }

    /// Refuses a mapping no list can be read with: no licence, no name, a column twice, a
    /// first name without a surname, a separator other than `;`, `,` and tab.
    pub fn check(&self) -> Result<()> {
        if let Some(sep) = self.separator.filter(|c| !matches!(c, ';' | ',' | '\t')) {
            return Err(Error::invalid(
                "separator",
                "a semicolon, a comma or a tab",
                format!("{sep:?}"),
            ));
        }
        let mut seen: Vec<(ListColumn, String)> = Vec::new();
        for (column, header) in &self.columns {
            let key = folded_words(header).join(" ");
            if key.is_empty() {
                return Err(Error::invalid(
                    column.as_str(),
                    "the header of the column in the file",
                    "nothing",
                ));
            }
            if let Some((other, _)) = seen.iter().find(|(c, k)| c == column || *k == key) {
                return Err(Error::invalid(
                    column.as_str(),
                    MAPPING_EXPECTED,
                    format!("{} mapped twice (with {})", quote(header), other.describe()),
                ));
            }
            seen.push((*column, key));
        }
        let has = |c: ListColumn| self.header(c).is_some();
        // A full name, or a surname (with a first name or not): never both, never a first
        // name alone.
        let named = has(ListColumn::FullName) != has(ListColumn::Surname)
            && (has(ListColumn::Surname) || !has(ListColumn::FirstName));
        if !has(ListColumn::Licence) || !named {
            let mapped: Vec<&str> = self.columns.iter().map(|(c, _)| c.describe()).collect();
            return Err(Error::invalid(
                "mapping",
                MAPPING_EXPECTED,
                if mapped.is_empty() {
                    "no column".to_string()
                } else {
                    mapped.join(", ")
                },
            ));
        }
        Ok(())
    }
}

/// One player of a national list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NationalEntry {
    /// Whose list (`FRA`).
    pub federation: String,
    /// What registration takes: the name, the national rating and data, and FIDE's id, rating
    /// and title when the list has them.
    pub player: NewPlayer,
    /// The category as the list writes it.
    pub category: String,
}

impl NationalEntry {
    /// Writes what the list knows of the player into `p`: the licence, its type, the league
    /// and the national rating with its kind always; the club, birth date, sex and federation
    /// where the list has them; FIDE's id, rating and title when the list has an id and `p`
    /// has no other one.
    pub fn fill(&self, p: &mut NewPlayer) {
        let l = &self.player;
        p.national = l.national.clone();
        p.national_rating = l.national_rating;
        if !l.club.is_empty() {
            p.club = l.club.clone();
        }
        for (to, from) in [
            (&mut p.birth_date, &l.birth_date),
            (&mut p.sex, &l.sex),
            (&mut p.federation, &l.federation),
        ] {
            if !from.is_empty() {
                to.clone_from(from);
            }
        }
        if l.fide_id.is_some() && p.fide_id.is_none_or(|id| Some(id) == l.fide_id) {
            p.fide_id = l.fide_id;
            if l.rating.is_some() {
                p.rating = l.rating;
            }
            if !l.title.is_empty() {
                p.title.clone_from(&l.title);
            }
        }
    }

    /// The player as registered from the list alone.
    pub fn new_player(&self) -> NewPlayer {
        let mut p = NewPlayer {
            name: self.player.name.clone(),
            rating: self.player.rating,
            title: self.player.title.clone(),
            ..NewPlayer::default()
        };
        self.fill(&mut p);
        p
    }
}

/// Reads `federation`'s list with `mapping` (checked first with [`ListMapping::check`]). A bad
/// cell is refused with its line and column; a line without a licence number, or with one
/// already read, too.
pub fn read_national_list(
    federation: &str,
    text: &str,
    mapping: &ListMapping,
) -> Result<Vec<NationalEntry>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let sep = mapping
        .separator
        .map_or_else(|| detect_separator(text), |c| c as u8);
    let rows = read_rows(text, sep)?;
    let mut rows = rows.into_iter().filter(|r| !r.is_blank());
    let Some(header) = rows.next() else {
        return Err(ImportError::new(1, 1, "a header line", "an empty file"));
    };
    let header_line = header.cells.first().map_or(1, |c| c.line);
    let mut index: Vec<(ListColumn, usize)> = Vec::new();
    for (column, name) in &mapping.columns {
        let key = folded_words(name).join(" ");
        let Some(i) = header
            .cells
            .iter()
            .position(|c| folded_words(&c.text).join(" ") == key)
        else {
            let names: Vec<&str> = header.cells.iter().map(|c| c.text.trim()).collect();
            return Err(ImportError::new(
                header_line,
                1,
                format!("a column {} (the {})", quote(name), column.describe()),
                format!("the columns {}", quote(&names.join(", "))),
            ));
        };
        index.push((*column, i));
    }
    let at = |c: ListColumn| index.iter().find(|(k, _)| *k == c).map(|&(_, i)| i);
    let col = |f: Field| {
        index
            .iter()
            .find(|(k, _)| k.field() == Some(f))
            .map(|&(_, i)| i)
    };
    let names = match (at(ListColumn::Surname), at(ListColumn::FirstName)) {
        (Some(surname), Some(first)) => Names::Split { surname, first },
        (Some(whole), None) => Names::Whole(whole),
        _ => match at(ListColumn::FullName) {
            Some(whole) => Names::Whole(whole),
            None => {
                return Err(ImportError::new(
                    header_line,
                    1,
                    MAPPING_EXPECTED,
                    "no name column mapped",
                ))
            }
        },
    };
    let licence_at = at(ListColumn::Licence).ok_or_else(|| {
        ImportError::new(header_line, 1, MAPPING_EXPECTED, "no licence column mapped")
    })?;
    let mut lines: HashMap<Licence, usize> = HashMap::new();
    let mut list = Vec::new();
    for row in rows {
        let player = csv_player(&row, &names, &col)?;
        let cell = |i: usize| match row.cells.get(i) {
            Some(c) => (c.text.as_str(), c.line, c.column),
            None => ("", row.end_line, row.end_column),
        };
        let (text, line, column) = cell(licence_at);
        if player.national.licence.is_empty() {
            return Err(ImportError::new(
                line,
                column,
                "a licence number (letters and digits)",
                quote(text),
            ));
        }
        if let Some(first) = lines.insert(player.national.licence.clone(), line) {
            return Err(ImportError::new(
                line,
                column,
                "one line per licence number",
                format!("{} again (first on line {first})", quote(text)),
            ));
        }
        let category = match at(ListColumn::Category) {
            Some(i) => {
                let (text, line, column) = cell(i);
                Label::parse(&collapse(text))
                    .map_err(|e| {
                        ImportError::new(
                            line,
                            column,
                            crate::text::expected(Label::MAX),
                            format!("{}: {e}", quote(text)),
                        )
                    })?
                    .to_string()
            }
            None => String::new(),
        };
        list.push(NationalEntry {
            federation: federation.to_string(),
            player,
            category,
        });
    }
    Ok(list)
}

/// Where a federation's stored list came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NationalListSource {
    pub federation: String,
    pub file_name: String,
    pub loaded_at: String,
    pub players: u64,
}

/// A federation code as the store keeps it (`FRA`), or the error naming the field.
fn federation_code(federation: &str) -> Result<String> {
    let f = federation.trim();
    if f.len() == 3 && f.chars().all(|c| c.is_ascii_alphabetic()) {
        Ok(f.to_ascii_uppercase())
    } else {
        Err(Error::invalid(
            "federation",
            "a three-letter federation code (FRA)",
            format!("{f:?}"),
        ))
    }
}

const ENTRY_COLUMNS: &str =
    "federation, licence, name, rating, rating_kind, fide_rating, fide_id, \
    title, player_federation, club, league, licence_type, birth_date, sex, category";

fn entry_from_row(r: &SqlRow<'_>) -> rusqlite::Result<NationalEntry> {
    Ok(NationalEntry {
        federation: r.get(0)?,
        player: NewPlayer {
            name: r.get(2)?,
            national_rating: r.get(3)?,
            rating: r.get(5)?,
            fide_id: r.get::<_, Option<i64>>(6)?.map(|v| v as u64),
            title: r.get(7)?,
            federation: r.get(8)?,
            club: r.get(9)?,
            birth_date: r.get(12)?,
            sex: r.get(13)?,
            national: NationalData {
                licence: Licence::from_stored(&r.get::<_, String>(1)?),
                licence_type: LicenceType::parse(&r.get::<_, String>(11)?).unwrap_or(None),
                league: r.get(10)?,
                national_rating_kind: RatingKind::parse(&r.get::<_, String>(4)?).unwrap_or(None),
            },
        },
        category: r.get(14)?,
    })
}

impl Store {
    /// The mapping saved with `federation`'s last list, if one was loaded.
    pub fn national_list_mapping(&self, federation: &str) -> Result<Option<ListMapping>> {
        let federation = federation_code(federation)?;
        let stored: Option<(String, String)> = self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT separator, columns FROM national_list_mapping WHERE federation = ?1",
                [&federation],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
        })?;
        let Some((separator, columns)) = stored else {
            return Ok(None);
        };
        Ok(Some(ListMapping {
            separator: separator.chars().next(),
            columns: serde_json::from_str(&columns)?,
        }))
    }

    /// Reads `text` as `federation`'s list with `mapping`, or without one with the mapping
    /// saved by its last list, and replaces that federation's stored list with it, saving the
    /// mapping: all in one transaction, so a file refused at any line leaves the stored list
    /// as it was. A bad cell is [`Error::Invalid`] on the field `file, line L, column C`.
    /// Answers how many players were loaded.
    pub fn import_national_list(
        &self,
        federation: &str,
        file_name: &str,
        text: &str,
        mapping: Option<&ListMapping>,
    ) -> Result<usize> {
        let code = federation_code(federation)?;
        let mapping = match mapping {
            Some(m) => m.clone(),
            None => self.national_list_mapping(&code)?.ok_or_else(|| {
                Error::invalid(
                    "mapping",
                    "the columns of the list mapped (the first list of a federation is mapped once)",
                    format!("no mapping saved for {code}"),
                )
            })?,
        };
        mapping.check()?;
        let list = read_national_list(&code, text, &mapping).map_err(|e| e.into_invalid("file"))?;
        if list.is_empty() {
            return Err(Error::invalid(
                "file",
                "a national rating list with at least one player",
                "no player",
            ));
        }
        self.transaction(|tx| {
            tx.execute("DELETE FROM national_list WHERE federation = ?1", [&code])?;
            let mut st = tx.prepare(&format!(
                "INSERT INTO national_list ({ENTRY_COLUMNS}, folded) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)"
            ))?;
            for e in &list {
                let p = &e.player;
                let n = &p.national;
                st.execute(params![
                    code,
                    n.licence.as_str(),
                    p.name.trim(),
                    p.national_rating,
                    n.national_rating_kind.map_or("", RatingKind::as_str),
                    p.rating,
                    p.fide_id.map(|v| v as i64),
                    p.title,
                    p.federation,
                    p.club,
                    n.league,
                    n.licence_type.map_or("", LicenceType::as_str),
                    p.birth_date,
                    p.sex,
                    e.category,
                    folded_words(&p.name).join(" "),
                ])?;
            }
            tx.execute(
                "INSERT OR REPLACE INTO national_list_source (federation, file_name, loaded_at, players) \
                 VALUES (?1, ?2, ?3, ?4)",
                params![code, file_name, crate::db::now(), list.len() as i64],
            )?;
            tx.execute(
                "INSERT OR REPLACE INTO national_list_mapping (federation, separator, columns) \
                 VALUES (?1, ?2, ?3)",
                params![
                    code,
                    mapping.separator.map(String::from).unwrap_or_default(),
                    serde_json::to_string(&mapping.columns)?
                ],
            )?;
            Ok(list.len())
        })
    }

    /// The stored national lists, by federation.
    pub fn national_list_sources(&self) -> Result<Vec<NationalListSource>> {
        self.with_conn(|c| {
            let mut st = c.prepare(
                "SELECT federation, file_name, loaded_at, players FROM national_list_source \
                 ORDER BY federation",
            )?;
            let rows = st.query_map([], |r| {
                Ok(NationalListSource {
                    federation: r.get(0)?,
                    file_name: r.get(1)?,
                    loaded_at: r.get(2)?,
                    players: r.get::<_, i64>(3)? as u64,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// Players of the stored national lists matching `query`: a licence number (exactly), or
    /// words that begin words of the name (case and accents ignored); at most
    /// [`MAX_RESULTS`], the licence first, then as FIDE's list ranks names.
    pub fn search_national_list(&self, query: &str) -> Result<Vec<NationalEntry>> {
        let words = folded_words(query);
        let Some(longest) = words.iter().max_by_key(|w| w.len()) else {
            return Ok(Vec::new());
        };
        let licence = Licence::parse(query).filter(|l| !l.is_empty());
        let (by_licence, candidates) = self.with_conn(|c| {
            let mut exact = Vec::new();
            if let Some(l) = &licence {
                let mut st = c.prepare_cached(&format!(
                    "SELECT {ENTRY_COLUMNS} FROM national_list WHERE licence = ?1 ORDER BY federation"
                ))?;
                let rows = st.query_map([l.as_str()], entry_from_row)?;
                exact = rows.collect::<rusqlite::Result<Vec<_>>>()?;
            }
            let mut st = c.prepare_cached(&format!(
                "SELECT {ENTRY_COLUMNS} FROM national_list WHERE folded LIKE ?1 ESCAPE '\\' LIMIT ?2"
            ))?;
            let pattern = format!(
                "%{}%",
                longest
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_")
            );
            let rows = st.query_map(params![pattern, CANDIDATES as i64], entry_from_row)?;
            Ok((exact, rows.collect::<rusqlite::Result<Vec<_>>>()?))
        })?;
        let named = by_name(&candidates, query, MAX_RESULTS, |e| {
            (e.player.name.as_str(), false, e.player.national_rating)
        });
        let mut found = by_licence;
        for e in named {
            if !found
                .iter()
                .any(|f| f.player.national.licence == e.player.national.licence)
            {
                found.push(e.clone());
            }
        }
        found.truncate(MAX_RESULTS);
        Ok(found)
    }

    /// The player of `federation`'s stored list with this licence number.
    pub fn national_entry(&self, federation: &str, licence: &str) -> Result<NationalEntry> {
        let code = federation_code(federation)?;
        let licence = Licence::parse(licence).unwrap_or_default();
        self.with_conn(|c| {
            c.query_row(
                &format!(
                    "SELECT {ENTRY_COLUMNS} FROM national_list WHERE federation = ?1 AND licence = ?2"
                ),
                params![code, licence.as_str()],
                entry_from_row,
            )
            .optional()?
            .ok_or(Error::NotFound("licence"))
        })
    }
}
