//! CSV as the documents write it (RFC 4180), safe to open in a spreadsheet: a cell that a
//! spreadsheet would run as a formula is written as text.
//!
//! A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula (or can
//! start one) in Excel, LibreOffice and Google Sheets: a player named `=HYPERLINK("http://…")`
//! would put a link, or worse, into the arbiter's spreadsheet. Such a cell gets a leading
//! apostrophe (`'=HYPERLINK(…)`), which spreadsheets read as "this is text" and do not show.
//! A cell that is a plain number (`-1`, `+2.5`, `-0,5`) is left as it is, so that tie-break
//! values and scores stay numbers.
//!
//! ```
//! use report::csv::{cell, row};
//! assert_eq!(cell("=1+1"), "'=1+1");
//! assert_eq!(cell("-1"), "-1");
//! assert_eq!(cell("@SUM(A1:A9)"), "'@SUM(A1:A9)");
//! assert_eq!(cell("Lévy, Anne"), "\"Lévy, Anne\"");
//! assert_eq!(row(["1", "=cmd", "2.5"]), "1,'=cmd,2.5");
//! ```
//!
//! A spreadsheet reads CSV in its user's language: French Excel splits records on `;` and reads
//! `2,5` as a number (a comma-separated file opens as one column), and takes the file for
//! UTF-8 only when it starts with a byte order mark. [`Dialect`] writes for either reader:
//!
//! ```
//! use report::csv::Dialect;
//! let fr = Dialect::FRENCH;
//! assert_eq!(fr.row(["Lévy, Anne", &fr.number("2.5")]), "Lévy, Anne;2,5");
//! assert_eq!(fr.row(["a;b"]), "\"a;b\"");
//! assert_eq!(Dialect::ENGLISH.row(["Lévy, Anne", "2.5"]), "\"Lévy, Anne\",2.5");
//! assert!(fr.start().starts_with('\u{feff}') && Dialect::ENGLISH.start().is_empty());
//! ```

use std::borrow::Cow;

/// A number as a spreadsheet reads it: an optional sign, digits, and decimals after `.` or `,`.
fn is_number(s: &str) -> bool {
    let t = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (whole, decimals) = match t.split_once(['.', ',']) {
        Some((w, d)) => (w, Some(d)),
        None => (t, None),
    };
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && decimals.is_none_or(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a spreadsheet would take the cell for a formula.
fn starts_a_formula(s: &str) -> bool {
    s.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(s)
}

/// One cell: neutralised when it would start a formula, quoted when it holds a separator, a
/// quote or a line break.
pub fn cell(s: &str) -> Cow<'_, str> {
    cell_for(s, ',')
}

/// [`cell`] for a file whose records are split on `separator`.
fn cell_for(s: &str, separator: char) -> Cow<'_, str> {
    let text: Cow<'_, str> = if starts_a_formula(s) {
        Cow::Owned(format!("'{s}"))
    } else {
        Cow::Borrowed(s)
    };
    if text.contains([separator, '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        text
    }
}

/// One record: the cells joined with commas (no line end).
pub fn row<S: AsRef<str>>(cells: impl IntoIterator<Item = S>) -> String {
    Dialect::ENGLISH.row(cells)
}

/// How a spreadsheet of one language reads CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dialect {
    /// What separates the cells: `,`, or `;` where the comma is the decimal sign.
    pub separator: char,
    /// Decimals written `2,5`.
    pub decimal_comma: bool,
    /// The file starts with a byte order mark (Excel reads UTF-8 only with one).
    pub bom: bool,
}

impl Dialect {
    /// As English spreadsheets read it (and as the files were always written).
    pub const ENGLISH: Dialect = Dialect {
        separator: ',',
        decimal_comma: false,
        bom: false,
    };
    /// As French spreadsheets read it.
    pub const FRENCH: Dialect = Dialect {
        separator: ';',
        decimal_comma: true,
        bom: true,
    };

    /// The dialect of a page's language.
    pub fn of(lang: crate::i18n::Lang) -> Dialect {
        match lang {
            crate::i18n::Lang::Fr => Dialect::FRENCH,
            crate::i18n::Lang::En => Dialect::ENGLISH,
        }
    }

    /// One record: the cells joined with the separator (no line end).
    pub fn row<S: AsRef<str>>(&self, cells: impl IntoIterator<Item = S>) -> String {
        let sep = self.separator.to_string();
        let cells: Vec<String> = cells
            .into_iter()
            .map(|c| cell_for(c.as_ref(), self.separator).into_owned())
            .collect();
        cells.join(&sep)
    }

    /// A number with decimals (`2.5`, `-0.5`) as this dialect writes it.
    pub fn number(&self, s: &str) -> String {
        if self.decimal_comma && is_number(s) {
            s.replace('.', ",")
        } else {
            s.to_string()
        }
    }

    /// What the file starts with: the byte order mark, or nothing.
    pub fn start(&self) -> &'static str {
        if self.bom {
            "\u{feff}"
        } else {
            ""
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_text_and_numbers_stay_numbers() {
        for (typed, written) in [
            (
                "=HYPERLINK(\"http://x\",\"y\")",
                "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"",
            ),
            ("+33 6 12", "'+33 6 12"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tTab", "'\tTab"),
            ("\rCR", "\"'\rCR\""),
            ("-", "'-"),
            ("-1", "-1"),
            ("+2.5", "+2.5"),
            ("-0,5", "\"-0,5\""),
            ("12", "12"),
            ("Martin, Zoé", "\"Martin, Zoé\""),
            ("O'Brien", "O'Brien"),
            ("", ""),
        ] {
            assert_eq!(cell(typed), written, "{typed:?}");
        }
    }
}
