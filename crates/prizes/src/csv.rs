//! The prize list as a CSV file (issue 23 §5): the header `prize;category;amount` (in French
//! `prix;catégorie;montant`; either language's words, in any case), then one line per prize, in the order the prizes of a category are awarded. `category` is empty for
//! the general ranking, else conditions joined by `&` ([`Category`]); `amount` is money
//! (`150`, `150.50`, `150,50`), or empty for an object (the prize's name says what it is).
//! Fields may be quoted (`"1st; A"`, `""` for a quote); blank lines are skipped.
//!
//! ```
//! let text = "prize;category;amount\n1st;;150\nBest U1600;rating<1600;50\nCup;women;\n";
//! let file = prizes::csv::read(text).unwrap();
//! assert_eq!(file.list.len(), 3);
//! assert_eq!(file.lines[1].line, 3);
//! // The same list typed on a French page, written back in either language.
//! let french = prizes::csv::read("prix;catégorie;montant\n1er;;150\nMeilleur -1600;elo<1600;50\nCoupe;féminin;\n").unwrap();
//! assert_eq!(french.written(prizes::Language::French), "prix;catégorie;montant\n1er;;150,00\nMeilleur -1600;elo<1600;50,00\nCoupe;féminin;\n");
//! assert_eq!(french.to_string(), "prize;category;amount\n1er;;150.00\nMeilleur -1600;rating<1600;50.00\nCoupe;women;\n");
//! let errors = prizes::csv::read("prize;category;amount\n1st;;15O\n").unwrap_err();
//! assert_eq!((errors[0].line, errors[0].column), (2, 6));
//! ```

use std::fmt;

use crate::category::{folded, Category, Language};
use crate::money::Money;
use crate::prize::{Prize, PrizeError, PrizeList, PrizeListError, PrizeValue};

/// The header the file must start with (or [`HEADER_FR`]).
pub const HEADER: &str = "prize;category;amount";
/// The header in French.
pub const HEADER_FR: &str = "prix;catégorie;montant";

/// The header in `language`.
pub fn header(language: Language) -> &'static str {
    match language {
        Language::English => HEADER,
        Language::French => HEADER_FR,
    }
}

/// Where each prize was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrizeLine {
    /// The line number, 1 first (the header is line 1).
    pub line: usize,
    /// The column of the category field's first character.
    pub category_column: usize,
}

/// A prize list read from a file, and where each prize was written (index for index).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeFile {
    pub list: PrizeList,
    pub lines: Vec<PrizeLine>,
}

/// One problem of the file: where, what was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: expected {expected}, found {found}")]
pub struct CsvError {
    pub line: usize,
    pub column: usize,
    pub expected: String,
    pub found: String,
}

/// A field's text and the column of its first character.
struct Field {
    column: usize,
    text: String,
}

/// Quotes a text for a message, cut to 40 characters.
fn quoted(s: &str) -> String {
    let n = s.chars().count();
    if n > 40 {
        format!(
            "{:?} ({n} characters)",
            s.chars().take(40).collect::<String>()
        )
    } else {
        format!("{s:?}")
    }
}

/// Splits one line into `;`-separated fields, reading quoted fields.
fn fields(line: &str, number: usize) -> Result<Vec<Field>, CsvError> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let start = i;
        // Spaces before an opening quote do not make it part of the text.
        let mut q = i;
        while q < chars.len() && chars[q] == ' ' {
            q += 1;
        }
        if chars.get(q) == Some(&'"') {
            let mut text = String::new();
            let mut j = q + 1;
            loop {
                match chars.get(j) {
                    None => {
                        return Err(CsvError {
                            line: number,
                            column: q + 1,
                            expected: "a closing quote for the field that opens here".into(),
                            found: "the end of the line".into(),
                        })
                    }
                    Some('"') if chars.get(j + 1) == Some(&'"') => {
                        text.push('"');
                        j += 2;
                    }
                    Some('"') => break,
                    Some(&c) => {
                        text.push(c);
                        j += 1;
                    }
                }
            }
            j += 1;
            while j < chars.len() && chars[j] == ' ' {
                j += 1;
            }
            out.push(Field {
                column: q + 2,
                text,
            });
            match chars.get(j) {
                None => return Ok(out),
                Some(';') => i = j + 1,
                Some(&c) => {
                    return Err(CsvError {
                        line: number,
                        column: j + 1,
                        expected: "; after a quoted field".into(),
                        found: format!("{c:?}"),
                    })
                }
            }
        } else {
            let mut j = start;
            while j < chars.len() && chars[j] != ';' {
                j += 1;
            }
            out.push(Field {
                column: start + 1,
                text: chars[start..j].iter().collect(),
            });
            if j == chars.len() {
                return Ok(out);
            }
            i = j + 1;
        }
    }
}

/// Reads a prize list: every problem as a [`CsvError`], line and column, in file order.
pub fn read(text: &str) -> Result<PrizeFile, Vec<CsvError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(vec![CsvError {
            line: 1,
            column: 1,
            expected: format!("the header {HEADER}"),
            found: "an empty file".into(),
        }]);
    }
    let mut errors = Vec::new();
    let mut prizes = Vec::new();
    let mut lines = Vec::new();
    let mut header_seen = false;
    // Lines end at LF, CRLF or a lone CR.
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    for (k, line) in normalised.split('\n').enumerate() {
        let number = k + 1;
        if !header_seen {
            let names: Vec<String> = line
                .split(';')
                .map(|f| folded(f.trim().trim_matches('"')))
                .collect();
            let known = |name: &str, words: [&str; 2]| words.contains(&name);
            let header_ok = names.len() == 3
                && known(&names[0], ["prize", "prix"])
                && known(&names[1], ["category", "categorie"])
                && known(&names[2], ["amount", "montant"]);
            if !header_ok {
                errors.push(CsvError {
                    line: number,
                    column: 1,
                    expected: format!("the header {HEADER} (or {HEADER_FR})"),
                    found: quoted(line),
                });
                return Err(errors);
            }
            header_seen = true;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let f = match fields(line, number) {
            Ok(f) => f,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if f.len() != 3 {
            let column = f.get(3).map_or(line.chars().count() + 1, |x| x.column);
            errors.push(CsvError {
                line: number,
                column,
                expected: "3 fields: prize;category;amount".into(),
                found: format!("{} fields", f.len()),
            });
            continue;
        }
        let category = match f[1].text.parse::<Category>() {
            Ok(c) => c,
            Err(e) => {
                errors.push(CsvError {
                    line: number,
                    column: f[1].column + e.column - 1,
                    expected: e.expected,
                    found: e.found,
                });
                continue;
            }
        };
        let amount = f[2].text.trim();
        let value = if amount.is_empty() {
            PrizeValue::Object
        } else {
            match amount.parse::<Money>() {
                Ok(m) => PrizeValue::Money(m),
                Err(_) => {
                    let lead = f[2].text.chars().take_while(|c| c.is_whitespace()).count();
                    errors.push(CsvError {
                        line: number,
                        column: f[2].column + lead,
                        expected: "an amount such as 150 or 150.50 (two decimals at most), or \
                                   nothing for an object"
                            .into(),
                        found: quoted(amount),
                    });
                    continue;
                }
            }
        };
        match Prize::new(&f[0].text, category, value) {
            Ok(p) => {
                prizes.push(p);
                lines.push(PrizeLine {
                    line: number,
                    category_column: f[1].column,
                });
            }
            Err(e) => {
                let (column, expected, found) = match e {
                    PrizeError::ZeroAmount => (
                        f[2].column,
                        "an amount above 0, or nothing for an object".to_string(),
                        quoted(amount),
                    ),
                    PrizeError::EmptyName => (
                        f[0].column,
                        "a prize name".to_string(),
                        "nothing".to_string(),
                    ),
                    PrizeError::BadName { max, found } => (
                        f[0].column,
                        format!("a prize name of at most {max} characters"),
                        quoted(&found),
                    ),
                };
                errors.push(CsvError {
                    line: number,
                    column,
                    expected,
                    found,
                });
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if prizes.is_empty() {
        return Err(vec![CsvError {
            line: normalised.split('\n').count().max(2),
            column: 1,
            expected: "a prize line after the header".into(),
            found: "none".into(),
        }]);
    }
    match PrizeList::new(prizes) {
        Ok(list) => Ok(PrizeFile { list, lines }),
        Err(PrizeListError::MoneyAfterObject {
            prize,
            name,
            object,
        }) => Err(vec![CsvError {
            line: lines[prize].line,
            column: 1,
            expected: format!(
                "the money prizes of a category before its objects (line {} is an object)",
                lines[object].line
            ),
            found: format!("the money prize {}", quoted(&name)),
        }]),
    }
}

impl PrizeFile {
    /// The list written back as a file in `language`: its header, categories and amounts
    /// (`150.00`, in French `150,00`) in their canonical form. It reads back as the same list.
    pub fn written(&self, language: Language) -> String {
        let mut out = String::new();
        out.push_str(header(language));
        out.push('\n');
        for p in self.list.prizes() {
            let name = if p.name().contains([';', '"']) {
                format!("\"{}\"", p.name().replace('"', "\"\""))
            } else {
                p.name().to_string()
            };
            let amount = p.value().money().map(|m| m.to_string()).unwrap_or_default();
            let amount = match language {
                Language::English => amount,
                Language::French => amount.replace('.', ","),
            };
            let category = p.category().written(language);
            out.push_str(&format!("{name};{category};{amount}\n"));
        }
        out
    }
}

impl fmt::Display for PrizeFile {
    /// The list written back as a file in English ([`PrizeFile::written`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written(Language::English))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<(usize, usize)> {
        read(text)
            .unwrap_err()
            .iter()
            .map(|e| (e.line, e.column))
            .collect()
    }

    #[test]
    fn reads_a_list() {
        let text = "\u{feff}Prize ; Category ; Amount\r\n1st;;1000\r\n\r\n\"Best; U1600\";rating<1600;\"50,5\"\r\nCup;women;\r\n";
        let file = read(text).unwrap();
        let p = file.list.prizes();
        assert_eq!(p.len(), 3);
        assert_eq!(p[1].name(), "Best; U1600");
        assert_eq!(p[1].value(), PrizeValue::Money("50.50".parse().unwrap()));
        assert_eq!(p[2].value(), PrizeValue::Object);
        assert_eq!(
            file.lines,
            vec![
                PrizeLine {
                    line: 2,
                    category_column: 5
                },
                PrizeLine {
                    line: 4,
                    category_column: 15
                },
                PrizeLine {
                    line: 5,
                    category_column: 5
                },
            ]
        );
        // Written back, it reads the same.
        let again = read(&file.to_string()).unwrap();
        assert_eq!(again.list, file.list);
    }

    #[test]
    fn every_problem_with_its_place() {
        assert_eq!(errors(""), vec![(1, 1)]);
        assert_eq!(errors("prize,category,amount\n"), vec![(1, 1)]);
        assert_eq!(errors("prix;catégorie\n"), vec![(1, 1)]);
        assert!(read("PRIX ; Categorie ; Montant\n1er;;100\n").is_ok());
        assert_eq!(errors("prize;category;amount\n"), vec![(2, 1)]);
        assert_eq!(
            errors(
                "prize;category;amount\n1st;;-5\n;;5\n2nd;ratin<1600;5\n3rd;age<12 & womn;5\n4th;;5;x\n\"5th;;5\n6th;;0\n"
            ),
            vec![(2, 6), (3, 1), (4, 5), (5, 14), (6, 8), (7, 1), (8, 6)]
        );
        assert_eq!(
            errors("prize;category;amount\nCup;women;\nBest woman;women;40\n"),
            vec![(3, 1)]
        );
        let e = &read("prize;category;amount\n1st;;12.345\n").unwrap_err()[0];
        assert_eq!(e.to_string(), "2:6: expected an amount such as 150 or 150.50 (two decimals at most), or nothing for an object, found \"12.345\"");
    }
}
