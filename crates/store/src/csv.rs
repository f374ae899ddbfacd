//! Reading the text files organisers already have: CSV (RFC 4180, whichever of `;`, tab and `,`
//! the header uses), with every problem reported at its line and column, and the text helpers
//! the importers share (quoting file text in messages, folding accents for searches).
//!
//! Used by the chess player import and the bridge member import.

/// A value that cannot be imported, and where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: expected {expected}, found {found}")]
pub struct ImportError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was expected there.
    pub expected: String,
    /// What was found: file text is quoted (an excerpt with its length when long).
    pub found: String,
}

impl ImportError {
    pub(crate) fn new(
        line: usize,
        column: usize,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> Self {
        ImportError {
            line,
            column,
            expected: expected.into(),
            found: found.into(),
        }
    }

    /// The field a page or the API names for this cell: `FILE, line L, column C`, followed by
    /// `: FIELD` when the cell was for one of a player's fields
    /// ([`crate::import::field_expected`]), whose own message the server then shows.
    pub fn field(&self, file: &str) -> String {
        let place = format!("{file}, line {}, column {}", self.line, self.column);
        match crate::import_fields::field_expected(&self.expected) {
            Some(f) => format!("{place}: {f}"),
            None => place,
        }
    }

    /// As [`crate::Error::Invalid`], the file named as [`ImportError::field`] says.
    pub fn into_invalid(self, file: &str) -> crate::Error {
        crate::Error::Invalid {
            field: self.field(file),
            expected: self.expected,
            found: self.found,
        }
    }
}

/// Longest piece of file text a message quotes.
const QUOTE_CHARS: usize = 40;

/// Quotes file text for a message; long text is cut to an excerpt with its length.
pub(crate) fn quote(s: &str) -> String {
    let t = s.trim();
    if t.is_empty() {
        return "an empty field".to_string();
    }
    match t.char_indices().nth(QUOTE_CHARS) {
        None => format!("{t:?}"),
        Some((cut, _)) => format!("{:?}… ({} characters)", &t[..cut], t.chars().count()),
    }
}

/// Trims and turns every run of white space (line breaks included) into one blank.
pub(crate) fn collapse(s: &str) -> String {
    let t = s.trim();
    let mut after_blank = false;
    let simple = t.chars().all(|c| {
        let ok = c != ' ' || !after_blank;
        after_blank = c == ' ';
        ok && (c == ' ' || !c.is_whitespace())
    });
    if simple {
        return t.to_string();
    }
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The ASCII letter(s) a lower-case accented Latin letter reads as, or `""` for a combining
/// accent.
fn fold_char(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĳ' => "ij",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'þ' => "th",
        '\u{300}'..='\u{36f}' => "",
        _ => return None,
    })
}

/// Appends `s` in lower case without accents (`Lévy` → `levy`).
pub(crate) fn fold_into(s: &str, out: &mut String) {
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else {
            for l in c.to_lowercase() {
                match fold_char(l) {
                    Some(r) => out.push_str(r),
                    None => out.push(l),
                }
            }
        }
    }
}

/// Folded words: lower case, no accents, split at anything but letters and digits.
pub fn folded_words(s: &str) -> Vec<String> {
    let mut f = String::new();
    fold_into(s, &mut f);
    f.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// One cell as read, with where its text starts.
#[derive(Debug)]
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// One record; it may span lines when a quoted cell holds a line break.
#[derive(Debug)]
pub(crate) struct Row {
    pub(crate) cells: Vec<Cell>,
    /// Where the record ends (for a cell that is missing).
    pub(crate) end_line: usize,
    pub(crate) end_column: usize,
}

impl Row {
    pub(crate) fn is_blank(&self) -> bool {
        self.cells.iter().all(|c| c.text.trim().is_empty())
    }
}

/// The separator the header uses most, among `;`, tab and `,` (ties in that order); `,` when
/// there is none. Blank lines (and rows of separators alone) before the header are passed over.
pub(crate) fn detect_separator(text: &str) -> u8 {
    const CANDIDATES: [u8; 3] = [b';', b'\t', b','];
    let mut counts = [0usize; 3];
    // Over every line, for a file with no header.
    let mut totals = [0usize; 3];
    let mut quoted = false;
    let mut content = false;
    for &b in text.as_bytes() {
        match b {
            b'"' => {
                quoted = !quoted;
                content = true;
            }
            _ if quoted => {}
            b'\n' | b'\r' => {
                if content {
                    break;
                }
                counts = [0; 3];
            }
            _ => {
                if let Some(i) = CANDIDATES.iter().position(|&c| c == b) {
                    counts[i] += 1;
                    totals[i] += 1;
                } else if !b.is_ascii_whitespace() {
                    content = true;
                }
            }
        }
    }
    if !content {
        counts = totals;
    }
    let mut best = 2;
    for i in [1, 0] {
        if counts[i] >= counts[best] && counts[i] > 0 {
            best = i;
        }
    }
    CANDIDATES[best]
}

/// Splits CSV text into records (RFC 4180, any line end).
pub(crate) fn read_rows(text: &str, sep: u8) -> Result<Vec<Row>, ImportError> {
    let b = text.as_bytes();
    let n = b.len();
    let blank = |c: u8| c == b' ' || (c == b'\t' && sep != b'\t');
    let end_of_cell = |c: u8| c == sep || c == b'\n' || c == b'\r';
    // A character starts at every byte that is not a UTF-8 continuation byte.
    let starts_char = |c: u8| c & 0xC0 != 0x80;
    let (mut i, mut line, mut column) = (0, 1, 1);
    let mut rows = Vec::new();
    while i < n {
        let mut cells = Vec::new();
        loop {
            let mut j = i;
            while j < n && blank(b[j]) {
                j += 1;
            }
            if j < n && b[j] == b'"' {
                column += j - i;
                i = j + 1;
                let (qline, qcolumn) = (line, column);
                column += 1;
                let mut value = String::new();
                let mut from = i;
                loop {
                    if i >= n {
                        return Err(ImportError::new(
                            qline,
                            qcolumn,
                            "a closing quote for the quote opened here",
                            "the end of the file",
                        ));
                    }
                    match b[i] {
                        b'"' if i + 1 < n && b[i + 1] == b'"' => {
                            value.push_str(&text[from..=i]);
                            i += 2;
                            column += 2;
                            from = i;
                        }
                        b'"' => {
                            value.push_str(&text[from..i]);
                            i += 1;
                            column += 1;
                            break;
                        }
                        b'\r' | b'\n' => {
                            value.push_str(&text[from..i]);
                            value.push('\n');
                            i += if b[i] == b'\r' && i + 1 < n && b[i + 1] == b'\n' {
                                2
                            } else {
                                1
                            };
                            line += 1;
                            column = 1;
                            from = i;
                        }
                        c => {
                            column += usize::from(starts_char(c));
                            i += 1;
                        }
                    }
                }
                while i < n && blank(b[i]) {
                    i += 1;
                    column += 1;
                }
                if i < n && !end_of_cell(b[i]) {
                    let end = (i..n).find(|&k| end_of_cell(b[k])).unwrap_or(n);
                    return Err(ImportError::new(
                        line,
                        column,
                        "a separator or the end of the line after a closing quote",
                        quote(&text[i..end]),
                    ));
                }
                cells.push(Cell {
                    text: value,
                    line: qline,
                    column: qcolumn,
                });
            } else {
                let start = i;
                let mut first_text = None;
                while i < n && !end_of_cell(b[i]) {
                    if first_text.is_none() && !blank(b[i]) {
                        first_text = Some(column);
                    }
                    column += usize::from(starts_char(b[i]));
                    i += 1;
                }
                cells.push(Cell {
                    text: text[start..i].to_string(),
                    line,
                    column: first_text.unwrap_or(column),
                });
            }
            if i < n && b[i] == sep {
                i += 1;
                column += 1;
                continue;
            }
            let (end_line, end_column) = (line, column);
            if i < n {
                i += if b[i] == b'\r' && i + 1 < n && b[i + 1] == b'\n' {
                    2
                } else {
                    1
                };
                line += 1;
                column = 1;
            }
            rows.push(Row {
                cells,
                end_line,
                end_column,
            });
            break;
        }
    }
    Ok(rows)
}
