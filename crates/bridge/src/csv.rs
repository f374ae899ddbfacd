//! A simple CSV traveller format: a header row naming the columns, then one row per table.
//!
//! ```text
//! board,ns,ew,contract,declarer,lead,result,score
//! 4,1,8,3C,S,HK,+1,130
//! 4,2,2,3NT,N,D10,-3,-300
//! ```
//!
//! Columns (any order, names case-insensitive): `board`, `ns`, `ew` (required);
//! `contract` (`3NT`, `4SX`, `PASS`, or `NP` for not played); `declarer`; `result` (`=`,
//! `+1`, `-2` or tricks taken); `score` (NS's side; checked against the contract when both are
//! given). Without a contract, `score` may be an assigned score (`-620`), a weighted one
//! (`620@70%;-100@30%`), a split one (`110|-140`: NS scored as +110, EW as if −140, both
//! from NS's side) or artificial scores for NS/EW (`A+/A-`, `A/A`, `60/40`). Optional: `lead`,
//! `round`, `table`, `group` (fouled board: which version of the deal), `vul` and `dealer`
//! (otherwise the 16-board cycle).

use std::collections::BTreeMap;

use crate::board::{dealer_of, vulnerability_of, Seat, Vulnerability};
use crate::contract::{parse_result, Bid, Played};
use crate::pbn::{parse_artificial, parse_weighted};
use crate::session::{
    Artificial, Board, Budget, InputError, Line, PairId, Pos, Session, TableResult,
};

pub(crate) struct Field<'a> {
    pub(crate) text: std::borrow::Cow<'a, str>,
    pub(crate) pos: Pos,
}

/// Splits one CSV record; quoted fields may hold commas and doubled quotes.
pub(crate) fn split<'a>(
    line: &'a str,
    line_no: u32,
    file: &str,
) -> Result<Vec<Field<'a>>, InputError> {
    let mut out = Vec::with_capacity(10);
    let bytes = line.as_bytes();
    let mut i = 0;
    // Columns are counted on from the previous field, not from the line's start each time
    // (quadratic on a long line).
    let (mut counted, mut col) = (0, 1u32);
    loop {
        col += line[counted..i].chars().count() as u32;
        counted = i;
        if i < bytes.len() && bytes[i] == b'"' {
            let mut s = String::new();
            i += 1;
            loop {
                match bytes.get(i) {
                    None => {
                        return Err(InputError::new(
                            file,
                            Pos::new(line_no, col),
                            "a closing double quote",
                            "the end of the line",
                        ))
                    }
                    Some(b'"') if bytes.get(i + 1) == Some(&b'"') => {
                        s.push('"');
                        i += 2;
                    }
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(_) => {
                        let c = line[i..].chars().next().unwrap_or(' ');
                        s.push(c);
                        i += c.len_utf8();
                    }
                }
            }
            out.push(Field {
                text: std::borrow::Cow::Owned(s),
                pos: Pos::new(line_no, col),
            });
            match bytes.get(i) {
                None => break,
                Some(b',') => i += 1,
                Some(_) => {
                    return Err(InputError::new(
                        file,
                        Pos::new(line_no, line[..i].chars().count() as u32 + 1),
                        "a comma after a quoted field",
                        crate::session::quote(&line[i..]),
                    ))
                }
            }
        } else {
            let end = line[i..].find(',').map_or(line.len(), |e| i + e);
            out.push(Field {
                text: std::borrow::Cow::Borrowed(line[i..end].trim()),
                pos: Pos::new(line_no, col),
            });
            if end == line.len() {
                break;
            }
            i = end + 1;
        }
    }
    Ok(out)
}

/// A field's text as an error message quotes it.
pub(crate) fn q(s: &str) -> String {
    if s.is_empty() {
        "an empty field".to_string()
    } else {
        crate::session::quote(s)
    }
}

/// A CSV file read record by record: blank lines and `#` comments skipped, a byte-order mark
/// dropped, the first record the header (its column names lower-cased), every later record
/// checked to have as many fields as the header and counted against the session's limits.
pub(crate) struct Records<'a> {
    file: &'a str,
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    /// The header's line number and text.
    pub(crate) header_no: u32,
    pub(crate) header: &'a str,
    names: Vec<String>,
    /// The lines and boards read so far, against the session's limits.
    pub(crate) budget: Budget,
}

impl<'a> Records<'a> {
    /// Reads up to the header; an empty file is refused as expecting `header_hint`.
    pub(crate) fn new(text: &'a str, file: &'a str, header_hint: &str) -> Result<Self, InputError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut records = Records {
            file,
            lines: text.lines().enumerate(),
            header_no: 0,
            header: "",
            names: Vec::new(),
            budget: Budget::default(),
        };
        let Some((header_no, header)) = records.next_line() else {
            return Err(InputError::new(
                file,
                Pos::new(1, 1),
                header_hint,
                "an empty file",
            ));
        };
        records.names = split(header, header_no, file)?
            .iter()
            .map(|f| f.text.trim().to_ascii_lowercase())
            .collect();
        records.header_no = header_no;
        records.header = header;
        Ok(records)
    }

    /// The next line that is neither blank nor a comment: (its number, its text without `\r`).
    fn next_line(&mut self) -> Option<(u32, &'a str)> {
        self.lines
            .by_ref()
            .map(|(i, l)| (i as u32 + 1, l.strip_suffix('\r').unwrap_or(l)))
            .find(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
    }

    /// The first column named one of `names`.
    pub(crate) fn find(&self, names: &[&str]) -> Option<usize> {
        self.names.iter().position(|c| names.contains(&c.as_str()))
    }

    /// The first column named one of `names`, refused at the header (as `names[0]`) without one.
    pub(crate) fn need(&self, names: &[&str]) -> Result<usize, InputError> {
        self.find(names).ok_or_else(|| {
            InputError::new(
                self.file,
                Pos::new(self.header_no, 1),
                format!("a \"{}\" column in the header", names[0]),
                q(self.header),
            )
        })
    }

    /// The next record: its line number and its fields, as many as the header's.
    pub(crate) fn next_record(&mut self) -> Option<Result<(u32, Vec<Field<'a>>), InputError>> {
        let (line_no, l) = self.next_line()?;
        Some(self.record(line_no, l))
    }

    fn record(&mut self, line_no: u32, l: &'a str) -> Result<(u32, Vec<Field<'a>>), InputError> {
        self.budget.line(self.file, Pos::new(line_no, 1))?;
        let row = split(l, line_no, self.file)?;
        if row.len() != self.names.len() {
            return Err(InputError::new(
                self.file,
                Pos::new(line_no, 1),
                format!("{} fields as in the header", self.names.len()),
                format!("{} fields", row.len()),
            ));
        }
        Ok((line_no, row))
    }
}

/// A field's whole number (0 allowed), refused as `what`.
pub(crate) fn number(f: &Field, file: &str, what: &str) -> Result<u32, InputError> {
    f.text
        .parse::<u32>()
        .map_err(|_| InputError::new(file, f.pos, what, q(&f.text)))
}

/// A field's positive whole number (a board's, a player's), refused as `what`.
pub(crate) fn positive(f: &Field, file: &str, what: &str) -> Result<u32, InputError> {
    number(f, file, what)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| InputError::new(file, f.pos, what, q(&f.text)))
}

/// Reads a CSV traveller file.
pub fn read(text: &str, file: &str) -> Result<Session, InputError> {
    let mut records = Records::new(
        text,
        file,
        "a header row (board,ns,ew,contract,declarer,result,…)",
    )?;
    let find = |n: &[&str]| records.find(n);
    let c_board = records.need(&["board"])?;
    let c_ns = records.need(&["ns", "pair_ns", "ns_pair"])?;
    let c_ew = records.need(&["ew", "pair_ew", "ew_pair"])?;
    let c_contract = find(&["contract"]);
    let c_declarer = find(&["declarer", "by"]);
    let c_result = find(&["result", "tricks"]);
    let c_score = find(&["score", "score_ns"]);
    let c_lead = find(&["lead"]);
    let c_round = find(&["round"]);
    let c_table = find(&["table"]);
    let c_group = find(&["group"]);
    let c_vul = find(&["vul", "vulnerable", "vulnerability"]);
    let c_dealer = find(&["dealer"]);
    if c_contract.is_none() && c_score.is_none() {
        return Err(InputError::new(
            file,
            Pos::new(records.header_no, 1),
            "a \"contract\" or \"score\" column in the header",
            q(records.header),
        ));
    }
    let mut boards: BTreeMap<u32, Board> = BTreeMap::new();
    while let Some(record) = records.next_record() {
        let (_, row) = record?;
        let get = |c: Option<usize>| c.map(|i| &row[i]).filter(|f| !f.text.is_empty());
        let num = |f: &Field, what: &str| number(f, file, what);
        let b = positive(&row[c_board], file, "a board number")?;
        let ns: PairId = num(&row[c_ns], "a pair number")?;
        let ew: PairId = num(&row[c_ew], "a pair number")?;
        if !boards.contains_key(&b) {
            records.budget.board(file, row[c_board].pos, b)?;
        }
        let board = boards.entry(b).or_insert_with(|| {
            let mut board = Board::standard(b);
            board.pos = row[c_board].pos;
            board
        });
        if let Some(f) = get(c_vul) {
            let v: Vulnerability = f.text.parse().map_err(|_| {
                InputError::new(
                    file,
                    f.pos,
                    "a vulnerability (None, NS, EW or All)",
                    q(&f.text),
                )
            })?;
            if board.lines.is_empty() {
                board.vulnerability = v;
            } else if board.vulnerability != v {
                return Err(InputError::new(
                    file,
                    f.pos,
                    format!(
                        "the vulnerability of board {b} given before ({})",
                        board.vulnerability
                    ),
                    q(&f.text),
                ));
            }
        } else if board.lines.is_empty() {
            board.vulnerability = vulnerability_of(b);
        }
        if let Some(f) = get(c_dealer) {
            board.dealer = f
                .text
                .parse::<Seat>()
                .map_err(|_| InputError::new(file, f.pos, "a dealer (N, E, S or W)", q(&f.text)))?;
        } else if board.lines.is_empty() {
            board.dealer = dealer_of(b);
        }
        let result = row_result(
            board,
            get(c_contract),
            get(c_declarer),
            get(c_result),
            get(c_score),
            &row[0],
            file,
        )?;
        let group = match get(c_group) {
            Some(f) => u8::try_from(num(f, "a deal group 0-255")?)
                .map_err(|_| InputError::new(file, f.pos, "a deal group 0-255", q(&f.text)))?,
            None => 0,
        };
        let round = get(c_round).map(|f| num(f, "a round number")).transpose()?;
        let table = get(c_table).map(|f| num(f, "a table number")).transpose()?;
        board.lines.push(Line {
            ns,
            ew,
            result,
            lead: get(c_lead).map(|f| f.text.to_string()),
            table,
            round,
            group,
            pos: row[0].pos,
        });
    }
    let session = Session {
        boards: boards.into_values().collect(),
        ..Session::default()
    };
    let field = session.field_kind();
    session.validate(file, field)?;
    Ok(session)
}

fn row_result(
    board: &Board,
    contract: Option<&Field>,
    declarer: Option<&Field>,
    result: Option<&Field>,
    score: Option<&Field>,
    first: &Field,
    file: &str,
) -> Result<TableResult, InputError> {
    if let Some(c) = contract {
        if c.text.eq_ignore_ascii_case("NP") || c.text.eq_ignore_ascii_case("not played") {
            return Ok(TableResult::NotPlayed);
        }
        let bid: Bid = c
            .text
            .parse()
            .map_err(|e: crate::contract::ContractError| {
                let mut pos = c.pos;
                pos.column += e.offset as u32;
                InputError::new(file, pos, e.expected, e.found)
            })?;
        let played = match bid {
            Bid::Pass => Played::PassedOut,
            Bid::Contract(k) => {
                let d = declarer.ok_or_else(|| {
                    InputError::new(
                        file,
                        c.pos,
                        format!("a declarer for {k} on board {}", board.number),
                        "none",
                    )
                })?;
                let seat: Seat = d.text.parse().map_err(|_| {
                    InputError::new(file, d.pos, "a declarer (N, E, S or W)", q(&d.text))
                })?;
                let r = result.ok_or_else(|| {
                    InputError::new(
                        file,
                        c.pos,
                        format!("a result for {k} on board {}", board.number),
                        "none",
                    )
                })?;
                let tricks = parse_result(k, &r.text)
                    .map_err(|(e, f)| InputError::new(file, r.pos, e, f))?;
                Played::Made {
                    contract: k,
                    declarer: seat,
                    tricks,
                }
            }
        };
        if let Some(s) = score {
            let computed = played.score_ns(board.vulnerability);
            let given: i32 = s.text.parse().map_err(|_| {
                InputError::new(file, s.pos, "a score in points (NS's side)", q(&s.text))
            })?;
            if given != computed {
                return Err(InputError::new(
                    file,
                    s.pos,
                    format!(
                        "the score of {} by {} on board {} ({computed} for NS, vulnerable {})",
                        c.text,
                        declarer.map_or("-", |d| &d.text),
                        board.number,
                        board.vulnerability
                    ),
                    given.to_string(),
                ));
            }
        }
        return Ok(TableResult::Played(played));
    }
    let Some(s) = score else {
        return Err(InputError::new(
            file,
            first.pos,
            format!("a contract or a score on board {}", board.number),
            "neither",
        ));
    };
    let t = s.text.trim();
    if t.parse::<i64>().is_ok() && crate::session::parse_points(t).is_none() {
        let max = crate::session::MAX_SCORE;
        return Err(InputError::new(
            file,
            s.pos,
            format!("a score between -{max} and {max}"),
            q(t),
        ));
    }
    if let Some(v) = crate::session::parse_points(t) {
        return Ok(TableResult::Assigned(v));
    }
    if t.contains('@') {
        return parse_weighted(t).map(TableResult::Weighted).ok_or_else(|| {
            InputError::new(
                file,
                s.pos,
                "a weighted score such as 620@70%;-100@30%",
                q(t),
            )
        });
    }
    if let Some((a, b)) = t.split_once('|') {
        use crate::session::parse_points;
        return match (parse_points(a), parse_points(b)) {
            (Some(ns), Some(ew)) => Ok(TableResult::Split { ns, ew }),
            _ => Err(InputError::new(
                file,
                s.pos,
                "a split score such as 110|-140",
                q(t),
            )),
        };
    }
    if let Some((a, b)) = t.split_once('/') {
        if let (Some(ns), Some(ew)) = (parse_artificial(a), parse_artificial(b)) {
            return Ok(TableResult::Artificial { ns, ew });
        }
    }
    Err(InputError::new(
        file,
        s.pos,
        "a score: points, 620@70%;-100@30%, 110|-140 or an artificial A+/A- or 60/40 (percentages with at most 4 decimals)",
        q(t),
    ))
}

/// An artificial score as the reader takes it, percentages with all their (at most 4)
/// decimals.
fn artificial(a: Artificial) -> String {
    match a {
        Artificial::Percent(p) => format!("{}%", p.to_short(4)),
        other => other.to_string(),
    }
}

/// Writes a session back as CSV (the reader's format).
pub fn write(session: &Session) -> String {
    use std::fmt::Write as _;
    let mut out = String::from(
        "board,dealer,vul,round,table,ns,ew,contract,declarer,lead,result,score,group\n",
    );
    for b in &session.boards {
        for l in &b.lines {
            let opt = |v: Option<u32>| v.map_or(String::new(), |v| v.to_string());
            let (contract, declarer, result, score) = match &l.result {
                TableResult::Played(Played::PassedOut) => {
                    ("PASS".into(), String::new(), String::new(), "0".into())
                }
                TableResult::Played(
                    p @ Played::Made {
                        contract, declarer, ..
                    },
                ) => (
                    contract.to_string(),
                    declarer.to_string(),
                    p.relative(),
                    p.score_ns(b.vulnerability).to_string(),
                ),
                TableResult::Assigned(s) => {
                    (String::new(), String::new(), String::new(), s.to_string())
                }
                TableResult::Weighted(w) => (
                    String::new(),
                    String::new(),
                    String::new(),
                    crate::pbn::format_weighted(w),
                ),
                TableResult::Split { ns, ew } => (
                    String::new(),
                    String::new(),
                    String::new(),
                    format!("{ns}|{ew}"),
                ),
                TableResult::Artificial { ns, ew } => (
                    String::new(),
                    String::new(),
                    String::new(),
                    format!("{}/{}", artificial(*ns), artificial(*ew)),
                ),
                TableResult::NotPlayed => {
                    ("NP".into(), String::new(), String::new(), String::new())
                }
            };
            let lead = l.lead.as_deref().unwrap_or("");
            let lead = if lead.contains([',', '"']) {
                format!("\"{}\"", lead.replace('"', "\"\""))
            } else {
                lead.to_string()
            };
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{contract},{declarer},{lead},{result},{score},{}",
                b.number,
                b.dealer,
                b.vulnerability,
                opt(l.round),
                opt(l.table),
                l.ns,
                l.ew,
                if l.group == 0 {
                    String::new()
                } else {
                    l.group.to_string()
                }
            );
        }
    }
    out
}
