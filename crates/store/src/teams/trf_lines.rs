//! The lines where a team file's records start, so that the registration's reader
//! (`trf_import.rs`) and the rounds' reader (`trf_rounds.rs`) name the line of what they refuse.

use std::collections::HashMap;

/// Where the records the import reports on start.
#[derive(Default)]
pub(crate) struct Lines {
    /// Start number → its `001` line.
    pub(crate) players: HashMap<u32, usize>,
    /// The team records' lines in file order, with `true` for a `310` (false: `013`).
    pub(crate) teams: Vec<(usize, bool)>,
    /// Tournament-section code → its (last) line.
    records: HashMap<String, usize>,
    /// Tournament-section code → its first line.
    first: HashMap<String, usize>,
}

impl Lines {
    pub(crate) fn read(text: &str) -> Lines {
        let mut out = Lines::default();
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Lines end at CR, LF or CRLF, as for the reader.
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        for (i, line) in text.split('\n').enumerate() {
            let no = i + 1;
            let code: String = line.chars().take(3).collect();
            match code.as_str() {
                "001" => {
                    let n: String = line.chars().skip(4).take(4).collect();
                    if let Ok(n) = n.trim().parse() {
                        out.players.insert(n, no);
                    }
                }
                "310" | "013" => out.teams.push((no, code == "310")),
                _ => {
                    out.first.entry(code.clone()).or_insert(no);
                    out.records.insert(code, no);
                }
            }
        }
        out
    }

    pub(crate) fn record(&self, code: &str) -> usize {
        self.records.get(code).copied().unwrap_or(1)
    }

    /// Whether the file has a record with this code.
    pub(crate) fn has(&self, code: &str) -> bool {
        self.first.contains_key(code)
    }

    /// The first line of a record code (1 when the file has none).
    pub(crate) fn first(&self, code: &str) -> usize {
        self.first.get(code).copied().unwrap_or(1)
    }
}
