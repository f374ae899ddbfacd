//! The printer layer: one table model rendered as text or CSV. JSON output has its own
//! per-command schema (built with serde_json); HTML is the web application's documents,
//! rendered by the `report` crate.

use clap::ValueEnum;

/// Output formats for commands whose result is a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
    Html,
}

/// How a column is aligned in text output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A plain table: a header row and data rows of strings.
#[derive(Debug, Clone, Default)]
pub struct Table {
    pub title: Option<String>,
    pub headers: Vec<String>,
    pub align: Vec<Align>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new<S: Into<String>>(headers: impl IntoIterator<Item = (S, Align)>) -> Self {
        let (headers, align) = headers.into_iter().map(|(h, a)| (h.into(), a)).unzip();
        Table {
            title: None,
            headers,
            align,
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// Columns padded to their widest cell, two spaces apart.
    pub fn to_text(&self) -> String {
        let n = self.headers.len();
        let mut width: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate().take(n) {
                width[i] = width[i].max(cell.chars().count());
            }
        }
        let mut out = String::new();
        if let Some(t) = &self.title {
            out.push_str(t);
            out.push('\n');
        }
        let line = |cells: &[String], out: &mut String| {
            let mut s = String::new();
            for (i, cell) in cells.iter().enumerate().take(n) {
                if i > 0 {
                    s.push_str("  ");
                }
                let pad = width[i].saturating_sub(cell.chars().count());
                match self.align.get(i).copied().unwrap_or(Align::Left) {
                    Align::Left => {
                        s.push_str(cell);
                        s.extend(std::iter::repeat_n(' ', pad));
                    }
                    Align::Right => {
                        s.extend(std::iter::repeat_n(' ', pad));
                        s.push_str(cell);
                    }
                }
            }
            out.push_str(s.trim_end());
            out.push('\n');
        };
        line(&self.headers, &mut out);
        for row in &self.rows {
            line(row, &mut out);
        }
        out
    }

    /// RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, and a cell that
    /// would start a spreadsheet formula is written as text ([`report::csv`]).
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        for row in std::iter::once(&self.headers).chain(self.rows.iter()) {
            out.push_str(&report::csv::row(row));
            out.push_str("\r\n");
        }
        out
    }
}
