//! Pairs from a club's member CSV, read with the players' CSV reader (same separators,
//! quoting, French or English headers).

use crate::csv::{collapse, detect_separator, folded_words, quote, read_rows, ImportError, Row};
use crate::text::{self, Label, Text};

use super::log::append;
use super::session::{check_pair, load_pairs, session_movement, write_pair};
use super::*;
use crate::error::{Error, Result};
use crate::Store;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Number,
    Name1,
    Name2,
    Club,
    Licence1,
    Licence2,
}

impl Column {
    fn from_header(header: &str) -> Option<Column> {
        let key = folded_words(header).join(" ");
        Some(match key.as_str() {
            "number" | "no" | "n" | "nr" | "numero" | "pair" | "pair number" | "paire"
            | "numero de paire" | "n paire" | "no paire" => Column::Number,
            "name1" | "name 1" | "player 1" | "player1" | "joueur 1" | "joueur1" | "nom 1"
            | "nom1" | "north" | "nord" => Column::Name1,
            "name2" | "name 2" | "player 2" | "player2" | "joueur 2" | "joueur2" | "nom 2"
            | "nom2" | "partner" | "partenaire" => Column::Name2,
            "club" | "club name" | "nom du club" => Column::Club,
            "licence 1"
            | "licence1"
            | "license 1"
            | "license1"
            | "licence joueur 1"
            | "n licence 1"
            | "no licence 1"
            | "numero de licence 1"
            | "member number 1" => Column::Licence1,
            "licence 2"
            | "licence2"
            | "license 2"
            | "license2"
            | "licence joueur 2"
            | "n licence 2"
            | "no licence 2"
            | "numero de licence 2"
            | "member number 2" => Column::Licence2,
            _ => return None,
        })
    }

    fn describe(self) -> &'static str {
        match self {
            Column::Number => "pair number",
            Column::Name1 => "name 1",
            Column::Name2 => "name 2",
            Column::Club => "club",
            Column::Licence1 => "licence 1",
            Column::Licence2 => "licence 2",
        }
    }
}

/// Pairs read from the file: (number if given, names, where the row starts).
type ReadPair = (Option<(u32, (usize, usize))>, NewPair, (usize, usize));

fn read_pairs(text: &str) -> std::result::Result<Vec<ReadPair>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rows = read_rows(text, detect_separator(text))?;
    let mut rows = rows.into_iter().filter(|r| !r.is_blank());
    let Some(header) = rows.next() else {
        return Err(ImportError::new(1, 1, "a header line", "an empty file"));
    };
    let mut columns: Vec<(Column, usize)> = Vec::new();
    for (i, cell) in header.cells.iter().enumerate() {
        let Some(c) = Column::from_header(&cell.text) else {
            continue;
        };
        if columns.iter().any(|&(d, _)| d == c) {
            return Err(ImportError::new(
                cell.line,
                cell.column,
                format!("one {} column", c.describe()),
                format!("a second one, {}", quote(&cell.text)),
            ));
        }
        columns.push((c, i));
    }
    let col = |c: Column| columns.iter().find(|&&(d, _)| d == c).map(|&(_, i)| i);
    let (Some(name1), Some(name2)) = (col(Column::Name1), col(Column::Name2)) else {
        let names: Vec<&str> = header.cells.iter().map(|c| c.text.trim()).collect();
        return Err(ImportError::new(
            header.cells.first().map_or(1, |c| c.line),
            1,
            "columns name 1 and name 2 (or joueur 1 and joueur 2)",
            format!("the columns {}", quote(&names.join(", "))),
        ));
    };
    let mut out = Vec::new();
    for row in rows {
        out.push(read_pair(
            &row,
            name1,
            name2,
            col(Column::Number),
            col(Column::Club),
            [col(Column::Licence1), col(Column::Licence2)],
        )?);
    }
    Ok(out)
}

fn read_pair(
    row: &Row,
    name1: usize,
    name2: usize,
    number: Option<usize>,
    club: Option<usize>,
    licences: [Option<usize>; 2],
) -> std::result::Result<ReadPair, ImportError> {
    let cell = |i: usize| match row.cells.get(i) {
        Some(c) => (c.text.as_str(), c.line, c.column),
        None => ("", row.end_line, row.end_column),
    };
    let start = row
        .cells
        .first()
        .map_or((row.end_line, 1), |c| (c.line, c.column));
    // Each name through the one constructor of stored text, refused at its cell.
    fn text_of<const MAX: usize>(
        (t, line, column): (&str, usize, usize),
    ) -> std::result::Result<Text<MAX>, ImportError> {
        Text::parse(&collapse(t)).map_err(|e| {
            ImportError::new(
                line,
                column,
                text::expected(MAX),
                format!("{}: {e}", quote(t)),
            )
        })
    }
    let licence = |i: Option<usize>| match i.map(cell) {
        None => Ok(Licence::default()),
        Some((t, line, column)) => Licence::parse(t)
            .ok_or_else(|| ImportError::new(line, column, Licence::EXPECTED, quote(t))),
    };
    let (t1, l1, c1) = cell(name1);
    let p = NewPair {
        name1: text_of(cell(name1))?,
        name2: text_of(cell(name2))?,
        club: match club {
            Some(i) => text_of(cell(i))?,
            None => Label::default(),
        },
        licence1: licence(licences[0])?,
        licence2: licence(licences[1])?,
    };
    if p.name1.is_empty() {
        return Err(ImportError::new(l1, c1, "a player's name", quote(t1)));
    }
    let number = match number.map(cell) {
        None => None,
        Some((t, line, column)) => {
            let n = t
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| ImportError::new(line, column, "a pair number", quote(t)))?;
            Some((n, (line, column)))
        }
    };
    Ok((number, p, start))
}

/// Where a file's value is, as every file error names it.
pub(super) fn at(file: &str, line: usize, column: usize) -> String {
    format!("{file}, line {line}, column {column}")
}

impl Store {
    /// Pairs from a member CSV (`number`/`numéro` optional, `name 1`/`joueur 1`,
    /// `name 2`/`joueur 2`, `club`, `licence 1` and `licence 2` optional). Without numbers, pairs are filled in the
    /// movement's order. All or nothing: the first wrong value names its line and column.
    pub fn import_pairs_csv(
        &self,
        actor: &str,
        id: SessionId,
        text: &str,
        file: &str,
    ) -> Result<usize> {
        let read = read_pairs(text).map_err(|e| e.into_invalid(file))?;
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            let order = m.pair_numbers();
            let mut seen: Vec<(u32, (usize, usize))> = Vec::new();
            let mut next = order.iter();
            let before = load_pairs(tx, id, &m)?;
            for (number, pair, (line, column)) in &read {
                let (n, place) = match number {
                    Some((n, place)) => (*n, *place),
                    None => match next.next() {
                        Some(&n) => (n, (*line, *column)),
                        None => {
                            return Err(Error::invalid(
                                at(file, *line, *column),
                                format!("at most {} pairs (the movement's)", order.len()),
                                format!("pair {}", order.len() + 1),
                            ))
                        }
                    },
                };
                if let Err(e) = check_pair(&m, n) {
                    return Err(Error::invalid(
                        at(file, place.0, place.1),
                        e.to_string(),
                        n.to_string(),
                    ));
                }
                if let Some((_, first)) = seen.iter().find(|s| s.0 == n) {
                    return Err(Error::invalid(
                        at(file, place.0, place.1),
                        format!("each pair once (pair {n} is on line {})", first.0),
                        format!("pair {n} again"),
                    ));
                }
                seen.push((n, place));
                write_pair(tx, id, n, pair)?;
            }
            let after = load_pairs(tx, id, &m)?;
            append(tx, id, actor, "import_pairs", &before, &after)?;
            Ok(read.len())
        })
    }
}
