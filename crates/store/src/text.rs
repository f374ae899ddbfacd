//! Free text as the event database keeps it: a player's or an arbiter's name, an event's name,
//! a place, a club. Every entry point (forms, the JSON API, CSV and TRF imports, FIDE's rating
//! list, the bridge pairs and member CSV) builds it with [`Text::parse`], so no file written from
//! it (TRF, CSV, PBN, USEBIO, HTML) ever meets a line break inside a field: a name with a newline
//! once added a `001` record for a player who does not exist to the exported TRF.
//!
//! ```
//! use store::text::PersonName;
//! let name: PersonName = "  Lévy,  Anne ".parse().unwrap();
//! assert_eq!(name, "Lévy,  Anne");
//! assert!("Evil\n001    9 m    Nobody".parse::<PersonName>().is_err());
//! assert!("\u{202e}enilA".parse::<PersonName>().is_err());
//! assert!("x".repeat(101).parse::<PersonName>().is_err());
//! ```

use std::fmt;

use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a text cannot be stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Longer than the field holds.
    #[error("at most {max} characters, found {found}")]
    TooLong { max: usize, found: usize },
    /// A character no file can carry in a field: a control character (a line break, a tab, an
    /// escape), a line or paragraph separator, or an invisible or bidirectional formatting
    /// character (which would reorder or hide what a reader sees). `at` counts characters
    /// from 1, after the leading blanks.
    #[error("character {at} is {name}")]
    Forbidden { at: usize, ch: char, name: String },
}

/// What the field expects, as the errors say it.
pub fn expected(max: usize) -> String {
    format!(
        "one line of at most {max} characters, without control or invisible formatting characters"
    )
}

/// The name of a character stored text refuses, or `None` for one it keeps.
fn forbidden(c: char) -> Option<String> {
    let name = match c {
        '\n' => "a line break".to_string(),
        '\r' => "a carriage return".to_string(),
        '\t' => "a tab".to_string(),
        c if c.is_control() => format!("the control character U+{:04X}", c as u32),
        '\u{2028}' | '\u{2029}' => format!("the line separator U+{:04X}", c as u32),
        // Bidirectional embeddings, overrides and isolates, and the marks.
        '\u{200E}'
        | '\u{200F}'
        | '\u{061C}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' => {
            format!("the bidirectional formatting character U+{:04X}", c as u32)
        }
        // Invisible characters: zero-width space, word joiner and invisible operators, the
        // byte order mark, interlinear annotations, and non-characters.
        '\u{200B}'
        | '\u{2060}'..='\u{2064}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{FFFE}'
        | '\u{FFFF}' => format!("the invisible character U+{:04X}", c as u32),
        _ => return None,
    };
    Some(name)
}

/// One line of text of at most `MAX` characters, trimmed, without the characters [`TextError`]
/// names. Empty is allowed (an optional field); required fields check it themselves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Text<const MAX: usize>(String);

/// A person's name: a player, an arbiter, a bridge player.
pub type PersonName = Text<100>;

/// Any other short text: an event's or a session's name, a place, a club, a time control.
pub type Label = Text<200>;

impl<const MAX: usize> Text<MAX> {
    /// The most characters the text holds.
    pub const MAX: usize = MAX;

    /// Reads typed or imported text: the blanks around it (line breaks included) are dropped;
    /// a forbidden character inside it or a text too long is refused, never changed.
    pub fn parse(s: &str) -> Result<Self, TextError> {
        let t = s.trim();
        let mut n = 0;
        for (i, c) in t.chars().enumerate() {
            if let Some(name) = forbidden(c) {
                return Err(TextError::Forbidden {
                    at: i + 1,
                    ch: c,
                    name,
                });
            }
            n += 1;
        }
        if n > MAX {
            return Err(TextError::TooLong { max: MAX, found: n });
        }
        Ok(Text(t.to_string()))
    }

    /// Text read back from a database an earlier version wrote (or a log's snapshot): what
    /// [`Text::parse`] would refuse becomes a blank, and a text too long is cut, so that reading
    /// an old event never fails and what it holds is as safe as new text.
    pub fn from_stored(s: &str) -> Self {
        match Self::parse(s) {
            Ok(t) => t,
            Err(_) => {
                let cleaned: String = s
                    .chars()
                    .map(|c| if forbidden(c).is_some() { ' ' } else { c })
                    .collect();
                let words: Vec<&str> = cleaned.split(' ').filter(|w| !w.is_empty()).collect();
                Text(
                    words
                        .join(" ")
                        .chars()
                        .take(MAX)
                        .collect::<String>()
                        .trim()
                        .to_string(),
                )
            }
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl<const MAX: usize> std::str::FromStr for Text<MAX> {
    type Err = TextError;
    fn from_str(s: &str) -> Result<Self, TextError> {
        Self::parse(s)
    }
}

impl<const MAX: usize> std::ops::Deref for Text<MAX> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<const MAX: usize> AsRef<str> for Text<MAX> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl<const MAX: usize> fmt::Display for Text<MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<const MAX: usize> PartialEq<str> for Text<MAX> {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl<const MAX: usize> PartialEq<&str> for Text<MAX> {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl<const MAX: usize> From<Text<MAX>> for String {
    fn from(t: Text<MAX>) -> String {
        t.0
    }
}

impl<const MAX: usize> Serialize for Text<MAX> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

/// Read from the log's snapshots and back from our own JSON: cleaned like a stored value.
impl<'de, const MAX: usize> Deserialize<'de> for Text<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Ok(Self::from_stored(&s))
    }
}

impl<const MAX: usize> ToSql for Text<MAX> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.as_str()))
    }
}

impl<const MAX: usize> FromSql for Text<MAX> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        String::column_result(value).map(|s| Self::from_stored(&s))
    }
}

/// Names one a line (the deputy arbiters): each a [`PersonName`]; blank lines are dropped. In
/// JSON and in the database, the names joined with line breaks.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct PersonNames(Vec<PersonName>);

impl PersonNames {
    /// One name a line (`\n` or `\r\n`); the error names the line (from 1).
    pub fn parse(s: &str) -> Result<Self, (usize, TextError)> {
        let mut out = Vec::new();
        for (i, line) in s.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            out.push(PersonName::parse(line).map_err(|e| (i + 1, e))?);
        }
        Ok(PersonNames(out))
    }

    pub fn from_stored(s: &str) -> Self {
        PersonNames(
            s.lines()
                .map(PersonName::from_stored)
                .filter(|n| !n.is_empty())
                .collect(),
        )
    }

    pub fn names(&self) -> &[PersonName] {
        &self.0
    }

    /// The names joined with line breaks, as the form's text area shows them.
    pub fn joined(&self) -> String {
        let v: Vec<&str> = self.0.iter().map(|n| n.as_str()).collect();
        v.join("\n")
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for PersonNames {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.joined())
    }
}

impl<'de> Deserialize<'de> for PersonNames {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Ok(Self::from_stored(&s))
    }
}

impl ToSql for PersonNames {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.joined()))
    }
}

impl FromSql for PersonNames {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        String::column_result(value).map(|s| Self::from_stored(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_no_file_can_carry_is_refused() {
        for bad in [
            "Evil\n001    9",
            "Evil\r\nX",
            "a\tb",
            "\u{1b}[31mRed",
            "nul\0",
            "a\u{85}next line",
            "sep\u{2028}arator",
            "\u{202e}override",
            "iso\u{2067}late",
            "zero\u{200b}width",
            "b\u{feff}om",
        ] {
            assert!(PersonName::parse(bad).is_err(), "{bad:?}");
        }
        for good in [
            "Lévy, Anne",
            "Ødegård, Ola",
            "O'Brien-Smith, J.",
            "李, 娜",
            "محمد",
            "Nguyễn",
        ] {
            assert_eq!(PersonName::parse(good).unwrap(), good);
        }
        // Joiners are part of some scripts' spelling: kept.
        assert!(PersonName::parse("क्\u{200d}ष").is_ok());
        assert_eq!(PersonName::parse(" Ann \n").unwrap(), "Ann");
        assert_eq!(
            PersonName::parse("ab\ncd"),
            Err(TextError::Forbidden {
                at: 3,
                ch: '\n',
                name: "a line break".parse().unwrap()
            })
        );
        assert_eq!(
            Text::<3>::parse("abcd"),
            Err(TextError::TooLong { max: 3, found: 4 })
        );
    }

    #[test]
    fn old_values_are_cleaned_when_read() {
        assert_eq!(
            PersonName::from_stored("Evil\n001    9 m Nobody"),
            "Evil 001 9 m Nobody"
        );
        assert_eq!(Text::<4>::from_stored("ab\tcdef"), "ab c");
        assert_eq!(PersonName::from_stored("Lévy, Anne"), "Lévy, Anne");
    }

    #[test]
    fn names_one_a_line() {
        let n = PersonNames::parse("Durand, Claire\r\n\nMartin, Paul\n").unwrap();
        assert_eq!(n.joined(), "Durand, Claire\nMartin, Paul");
        assert_eq!(PersonNames::parse("ok\nbad\u{1b}").unwrap_err().0, 2);
    }
}
