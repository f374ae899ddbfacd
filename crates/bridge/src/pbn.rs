//! PBN 2.1: reads deals and per-board `ScoreTable` travellers; writes `ScoreTable` with
//! matchpoints and percentages, and a `TotalScoreTable` ranking.
//!
//! Table columns are mapped by name, never by position. `Result` is tricks taken (a
//! relative `=`/`+1`/`-2` is also accepted). Scores may be given in the scoring side's column
//! only (`-` in the other) or in both; both given and not opposite is a split score. An
//! artificial score is a caret and a percentage (`^60`); a weighted score is written
//! `"620@70%;-100@30%"`. A line with no contract and no score is a board not played.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::board::{dealer_of, Seat, Vulnerability};
use crate::contract::{parse_result, Bid, Played, Strain};
use crate::dd::{DdTable, Par};
use crate::movement::PairLabels;
use crate::rational::Ratio;
use crate::score::{Field, Method, Scored, ScoredBoard};
use crate::session::{
    Artificial, Board, Budget, InputError, Line, PairId, Pos, Session, TableResult,
};

/// A tag value with where it was found.
#[derive(Debug, Clone)]
struct Tag {
    name: String,
    value: String,
    pos: Pos,
    /// Where the value starts (after the opening quote).
    value_pos: Pos,
}

/// One cell of a supplemental table.
#[derive(Debug, Clone)]
struct Cell<'a> {
    text: std::borrow::Cow<'a, str>,
    pos: Pos,
}

/// The rows of a table: all cells in one vector (one allocation per board, not per row).
#[derive(Debug, Default)]
struct Rows<'a> {
    cells: Vec<Cell<'a>>,
    /// (first cell, number of cells) of each row.
    rows: Vec<(usize, usize)>,
}

impl<'a> Rows<'a> {
    fn iter(&self) -> impl Iterator<Item = &[Cell<'a>]> {
        self.rows.iter().map(|&(at, n)| &self.cells[at..at + n])
    }
}

#[derive(Debug, Default)]
struct Game<'a> {
    tags: Vec<Tag>,
    /// Rows of the ScoreTable, with the tag that opened it.
    score_table: Option<(Tag, Rows<'a>)>,
    /// Rows of the TotalScoreTable (the ranking), read for the pairs' names.
    total_table: Option<(Tag, Rows<'a>)>,
}

impl Game<'_> {
    fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

fn err(file: &str, pos: Pos, expected: impl Into<String>, found: impl Into<String>) -> InputError {
    InputError::new(file, pos, expected, found)
}

fn quoted(s: &str) -> String {
    if s.is_empty() {
        "nothing".to_string()
    } else {
        crate::session::quote(s)
    }
}

/// Parses `[Name "value"]` starting at the `[` of `line`.
fn parse_tag(line: &str, line_no: u32, file: &str) -> Result<Tag, InputError> {
    let at = |i: usize| Pos::new(line_no, line[..i].chars().count() as u32 + 1);
    let body = &line[1..];
    let name_len = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    if name_len == 0 {
        return Err(err(file, at(1), "a tag name after [", quoted(body)));
    }
    let name = &body[..name_len];
    let rest = &body[name_len..];
    let trimmed = rest.trim_start();
    let mut i = 1 + name_len + (rest.len() - trimmed.len());
    if !trimmed.starts_with('"') {
        return Err(err(
            file,
            at(i),
            format!("a quoted value for tag [{name}]"),
            quoted(trimmed),
        ));
    }
    i += 1;
    let value_pos = at(i);
    let mut value = String::new();
    let mut chars = line[i..].char_indices();
    let mut end = None;
    while let Some((j, c)) = chars.next() {
        match c {
            // Only \" and \\ are escapes; other backslashes (column widths) are literal.
            '\\' if matches!(line[i + j + 1..].chars().next(), Some('"' | '\\')) => {
                if let Some((_, n)) = chars.next() {
                    value.push(n);
                }
            }
            '"' => {
                end = Some(i + j + 1);
                break;
            }
            c => value.push(c),
        }
    }
    let Some(end) = end else {
        return Err(err(
            file,
            at(line.len()),
            format!("a closing quote for tag [{name}]"),
            "the end of the line",
        ));
    };
    if !line[end..].trim_start().starts_with(']') {
        return Err(err(
            file,
            at(end),
            format!("] closing tag [{name}]"),
            quoted(line[end..].trim()),
        ));
    }
    Ok(Tag {
        name: name.to_string(),
        value,
        pos: at(0),
        value_pos,
    })
}

/// Splits a table row into cells: bare tokens or double-quoted strings.
fn split_row<'a>(
    line: &'a str,
    line_no: u32,
    file: &str,
    table: &mut Rows<'a>,
) -> Result<(), InputError> {
    let start = table.cells.len();
    let cells = &mut table.cells;
    let bytes = line.as_bytes();
    let mut i = 0;
    // Columns are counted on from the previous cell: counting from the line's start for
    // each cell made a 650 KB row take 24 s.
    let (mut counted, mut col) = (0, 1u32);
    while i < bytes.len() {
        let b = bytes[i];
        if b == b' ' || b == b'\t' {
            i += 1;
            continue;
        }
        let start = i;
        col += line[counted..start].chars().count() as u32;
        counted = start;
        if b == b'"' {
            i += 1;
            let content_start = i;
            let mut escaped = false;
            while i < bytes.len() && bytes[i] != b'"' {
                escaped |= bytes[i] == b'\\';
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            if i >= bytes.len() {
                return Err(err(
                    file,
                    Pos::new(line_no, col),
                    "a closing double quote",
                    "the end of the line",
                ));
            }
            let raw = &line[content_start..i];
            let text = if escaped {
                std::borrow::Cow::Owned(raw.replace("\\\"", "\"").replace("\\\\", "\\"))
            } else {
                std::borrow::Cow::Borrowed(raw)
            };
            cells.push(Cell {
                text,
                pos: Pos::new(line_no, col),
            });
            i += 1;
        } else {
            while i < bytes.len() && bytes[i] != b' ' && bytes[i] != b'\t' {
                i += 1;
            }
            cells.push(Cell {
                text: std::borrow::Cow::Borrowed(&line[start..i]),
                pos: Pos::new(line_no, col),
            });
        }
    }
    let n = table.cells.len() - start;
    table.rows.push((start, n));
    Ok(())
}

/// Column names of a table tag: `Name\width` with an optional sort sign.
fn columns(spec: &str) -> Vec<String> {
    spec.split(';')
        .map(|c| {
            let c = c.trim().trim_start_matches(['+', '-']);
            c.split('\\').next().unwrap_or("").to_string()
        })
        .collect()
}

/// Reads a PBN file into a session.
pub fn read(text: &str, file: &str) -> Result<Session, InputError> {
    let mut session = Session::default();
    let mut budget = Budget::default();
    let mut ranked = Ranked::default();
    for_each_game(text, file, &mut budget, |game, budget| {
        finish_game(game, &mut session, &mut ranked, file, budget)
    })?;
    ranked.apply(&mut session);
    let field = session.field_kind();
    session.validate(file, field)?;
    Ok(session)
}

/// Splits a PBN file into games (tags, and the ScoreTable and TotalScoreTable rows) and
/// hands each to `on_game` in order.
fn for_each_game<'a>(
    text: &'a str,
    file: &str,
    budget: &mut Budget,
    mut on_game: impl FnMut(&Game<'a>, &mut Budget) -> Result<(), InputError>,
) -> Result<(), InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Tags of the previous game, for PBN's "#" (same value as before).
    let mut previous: Vec<Tag> = Vec::new();
    let mut game = Game::default();
    let mut in_rows = false;
    let mut skipping_rows = false;
    // Where the open `{` comment started, if one is open.
    let mut in_brace: Option<Pos> = None;
    for (idx, raw) in text.lines().enumerate() {
        let line_no = idx as u32 + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if in_brace.is_some() {
            if line.contains('}') {
                in_brace = None;
            }
            continue;
        }
        let t = line.trim_start();
        if t.starts_with('%') || t.starts_with(';') {
            continue;
        }
        if t.is_empty() {
            if !game.tags.is_empty() || game.score_table.is_some() || game.total_table.is_some() {
                let done = std::mem::take(&mut game);
                on_game(&done, budget)?;
                previous = done.tags;
            }
            in_rows = false;
            skipping_rows = false;
            continue;
        }
        if t.starts_with('{') {
            if !t.contains('}') {
                let column = line[..line.len() - t.len()].chars().count() as u32 + 1;
                in_brace = Some(Pos::new(line_no, column));
            }
            continue;
        }
        if t.starts_with('[') {
            let offset = line.len() - t.len();
            let mut tag = parse_tag(t, line_no, file)?;
            tag.pos.column += offset as u32;
            tag.value_pos.column += offset as u32;
            in_rows = false;
            skipping_rows = false;
            if tag.name == "ScoreTable" {
                in_rows = true;
                game.score_table = Some((tag, Rows::default()));
            } else if tag.name == "TotalScoreTable" {
                in_rows = true;
                game.total_table = Some((tag, Rows::default()));
            } else {
                if tag.value == "#" {
                    if let Some(prev) = previous.iter().find(|p| p.name == tag.name) {
                        tag.value = prev.value.clone();
                    }
                }
                // Auction, Play and other tables have rows we do not read.
                skipping_rows = true;
                game.tags.push(tag);
            }
            continue;
        }
        if in_rows {
            if let Some((_, rows)) = game.score_table.as_mut().or(game.total_table.as_mut()) {
                // Counted as read: the rows of a game are all kept until its end.
                budget.line(file, Pos::new(line_no, 1))?;
                split_row(line, line_no, file, rows)?;
            }
        } else if !skipping_rows {
            return Err(err(
                file,
                Pos::new(line_no, 1),
                "a [Tag \"value\"] or a table row after a table tag",
                quoted(t),
            ));
        }
    }
    if let Some(pos) = in_brace {
        // Whatever the comment was meant to hide or end is unknown: refuse rather than guess.
        return Err(err(
            file,
            pos,
            "a } closing the comment opened here",
            "the end of the file",
        ));
    }
    if !game.tags.is_empty() || game.score_table.is_some() || game.total_table.is_some() {
        on_game(&game, budget)?;
    }
    Ok(())
}

/// Turns one PBN game into a board of the session (games without a board are skipped).
fn finish_game(
    g: &Game,
    session: &mut Session,
    ranked: &mut Ranked,
    file: &str,
    budget: &mut Budget,
) -> Result<(), InputError> {
    if session.event.is_none() {
        session.event = g
            .tag("Event")
            .map(|t| t.value.clone())
            .filter(|v| !v.is_empty());
        session.site = g
            .tag("Site")
            .map(|t| t.value.clone())
            .filter(|v| !v.is_empty());
        session.date = g
            .tag("Date")
            .map(|t| t.value.clone())
            .filter(|v| !v.is_empty());
    }
    if let Some((tag, rows)) = &g.total_table {
        read_names(tag, rows, ranked, file)?;
    }
    let Some(board_tag) = g.tag("Board") else {
        if let Some((tag, _)) = &g.score_table {
            return Err(err(
                file,
                tag.pos,
                "a [Board] tag before the ScoreTable",
                "none",
            ));
        }
        return Ok(());
    };
    // A hand record (no results) may leave the vulnerability to the board number (Law 2);
    // results are scored only with the vulnerability the file states.
    let (number, vulnerability, dealer) =
        board_header(g, board_tag, file, g.score_table.is_none())?;
    budget.board(file, board_tag.pos, number)?;
    let mut board = Board {
        number,
        dealer,
        vulnerability,
        deal: g
            .tag("Deal")
            .map(|t| t.value.clone())
            .filter(|v| !v.is_empty()),
        deal_pos: g.tag("Deal").map_or(Pos::default(), |t| t.value_pos),
        expected: None,
        lines: Vec::new(),
        pos: board_tag.pos,
    };
    if let Some((tag, rows)) = &g.score_table {
        read_score_table(tag, rows, &mut board, file)?;
    }
    session.boards.push(board);
    Ok(())
}

/// A game's board number, vulnerability and dealer: `[Board]`, `[Vulnerable]` (or, when
/// `default_vul`, the board number's) and `[Dealer]` (or the board number's).
fn board_header(
    g: &Game,
    board_tag: &Tag,
    file: &str,
    default_vul: bool,
) -> Result<(u32, Vulnerability, Seat), InputError> {
    let number: u32 = match board_tag.value.trim().parse() {
        Ok(n) if n > 0 => n,
        _ => {
            return Err(err(
                file,
                board_tag.pos,
                "a board number",
                quoted(&board_tag.value),
            ))
        }
    };
    let vulnerability: Vulnerability = match g.tag("Vulnerable") {
        Some(vul_tag) => vul_tag.value.parse().map_err(|_| {
            err(
                file,
                vul_tag.pos,
                "a vulnerability (None, NS, EW or All)",
                quoted(&vul_tag.value),
            )
        })?,
        None if default_vul => crate::board::vulnerability_of(number),
        None => {
            return Err(err(
                file,
                board_tag.pos,
                format!("a [Vulnerable] tag for board {number}"),
                "none",
            ))
        }
    };
    let dealer = match g.tag("Dealer") {
        Some(t) => t
            .value
            .parse::<Seat>()
            .map_err(|_| err(file, t.pos, "a dealer (N, E, S or W)", quoted(&t.value)))?,
        None => dealer_of(number),
    };
    Ok((number, vulnerability, dealer))
}

/// The `TotalScoreTable`'s pairs: number, line (`Direction` starting with E) and name.
#[derive(Debug, Default)]
struct Ranked {
    pairs: Vec<(PairId, bool, Option<String>)>,
}

impl Ranked {
    /// The names into the session, by the file's pair numbers (`Session::names` holds one
    /// name a number: where a file numbers East-West pairs from 1 again, the later row's).
    fn apply(self, session: &mut Session) {
        for (number, _, name) in self.pairs {
            if let Some(name) = name {
                session.names.insert(number, name);
            }
        }
    }
}

/// The pairs' names from a `TotalScoreTable` with `PairId` and `Names` columns (a table
/// without names is passed over).
fn read_names(tag: &Tag, rows: &Rows, ranked: &mut Ranked, file: &str) -> Result<(), InputError> {
    let cols = columns(&tag.value);
    let find = |name: &str| cols.iter().position(|c| c.eq_ignore_ascii_case(name));
    let Some(c_pair) = find("PairId") else {
        return Ok(());
    };
    let c_names = find("Names");
    let c_direction = find("Direction");
    if c_names.is_none() && c_direction.is_none() {
        return Ok(());
    }
    for row in rows.iter() {
        let names = c_names.map(|c| row.get(c));
        let (Some(pair), false) = (row.get(c_pair), matches!(names, Some(None))) else {
            let pos = row.first().map_or(tag.pos, |c| c.pos);
            return Err(err(
                file,
                pos,
                format!("{} cells as in the TotalScoreTable columns", cols.len()),
                format!("{} cells", row.len()),
            ));
        };
        let number = pair
            .text
            .trim()
            .parse::<PairId>()
            .map_err(|_| err(file, pair.pos, "a pair number", quoted(&pair.text)))?;
        let east_west = c_direction
            .and_then(|c| row.get(c))
            .is_some_and(|d| d.text.trim().starts_with(['E', 'e']));
        let name = names
            .flatten()
            .filter(|n| !is_empty(&n.text))
            .map(|n| n.text.to_string());
        ranked.pairs.push((number, east_west, name));
    }
    Ok(())
}

fn read_score_table(
    tag: &Tag,
    rows: &Rows,
    board: &mut Board,
    file: &str,
) -> Result<(), InputError> {
    let cols = columns(&tag.value);
    let find = |name: &str| cols.iter().position(|c| c.eq_ignore_ascii_case(name));
    let need = |name: &str| {
        find(name).ok_or_else(|| {
            err(
                file,
                tag.pos,
                format!("a {name} column in the ScoreTable"),
                quoted(&tag.value),
            )
        })
    };
    let c_ns = need("PairId_NS")?;
    let c_ew = need("PairId_EW")?;
    let c_contract = find("Contract");
    let c_declarer = find("Declarer");
    let c_result = find("Result");
    let c_score_ns = find("Score_NS");
    let c_score_ew = find("Score_EW");
    let c_pct_ns = find("Percentage_NS");
    let c_pct_ew = find("Percentage_EW");
    let c_lead = find("Lead");
    let c_table = find("Table");
    let c_round = find("Round");
    let c_group = find("Group");
    board.lines.reserve(rows.rows.len());
    for row in rows.iter() {
        if row.len() != cols.len() {
            let pos = row.first().map_or(tag.pos, |c| c.pos);
            return Err(err(
                file,
                pos,
                format!("{} cells as in the ScoreTable columns", cols.len()),
                format!("{} cells", row.len()),
            ));
        }
        let cell = |i: Option<usize>| i.map(|i| &row[i]).filter(|c| !is_empty(&c.text));
        let pair = |i: usize| -> Result<PairId, InputError> {
            let c = &row[i];
            c.text
                .trim()
                .parse::<PairId>()
                .map_err(|_| err(file, c.pos, "a pair number", quoted(&c.text)))
        };
        let number = |c: &Cell| -> Result<u32, InputError> {
            c.text
                .trim()
                .parse::<u32>()
                .map_err(|_| err(file, c.pos, "a number", quoted(&c.text)))
        };
        let ns = pair(c_ns)?;
        let ew = pair(c_ew)?;
        let result = table_result(
            board,
            cell(c_contract),
            cell(c_declarer),
            cell(c_result),
            cell(c_score_ns),
            cell(c_score_ew),
            cell(c_pct_ns),
            cell(c_pct_ew),
            &row[0],
            file,
        )?;
        let group = match cell(c_group) {
            Some(c) => u8::try_from(number(c)?)
                .map_err(|_| err(file, c.pos, "a deal group 0-255", quoted(&c.text)))?,
            None => 0,
        };
        board.lines.push(Line {
            ns,
            ew,
            result,
            lead: cell(c_lead).map(|c| c.text.to_string()),
            table: cell(c_table).map(number).transpose()?,
            round: cell(c_round).map(number).transpose()?,
            group,
            pos: row[0].pos,
        });
    }
    Ok(())
}

fn is_empty(s: &str) -> bool {
    matches!(s.trim(), "" | "-" | "?")
}

/// Parses one score cell (the side's own score, or `^60`, or weighted components).
enum ScoreCell {
    Points(i32),
    Artificial(Artificial),
    Weighted(Vec<(i32, Ratio)>),
}

fn parse_score_cell(c: &Cell, file: &str) -> Result<ScoreCell, InputError> {
    let t = c.text.trim();
    if let Some(p) = t.strip_prefix('^') {
        return parse_artificial(p)
            .map(ScoreCell::Artificial)
            .ok_or_else(|| {
                err(
                    file,
                    c.pos,
                    "an artificial score such as ^60, ^A+ or ^A- (a percentage with at most 4 decimals)",
                    quoted(t),
                )
            });
    }
    if t.contains('@') {
        return parse_weighted(t).map(ScoreCell::Weighted).ok_or_else(|| {
            err(
                file,
                c.pos,
                "a weighted score such as 620@70%;-100@30%",
                quoted(t),
            )
        });
    }
    crate::session::parse_points(t)
        .map(ScoreCell::Points)
        .ok_or_else(|| {
            err(
                file,
                c.pos,
                "a score in points (at most 100000 either way)",
                quoted(t),
            )
        })
}

/// `60`, `60%`, `62.5`, `A+`, `A=`, `A`, `A-` (also `AVE+` …): a percentage from 0 to 100
/// with at most 4 decimals.
pub fn parse_artificial(t: &str) -> Option<Artificial> {
    let u = t.trim().to_ascii_uppercase();
    match u.as_str() {
        "A+" | "AVE+" | "AV+" | "AVG+" => return Some(Artificial::AveragePlus),
        "A" | "A=" | "AVE" | "AVE=" | "AV" | "AVG" => return Some(Artificial::Average),
        "A-" | "AVE-" | "AV-" | "AVG-" => return Some(Artificial::AverageMinus),
        _ => {}
    }
    let p = u.trim_end_matches('%');
    // As for weights: at most 4 decimals and no fraction form, so that a pair's total over
    // its boards keeps a small denominator. `1/9223372036854775783` was read as a percentage
    // and two such on one pair's boards overflowed the exact sum.
    if p.contains('/') || p.split_once('.').is_some_and(|(_, d)| d.len() > 4) {
        return None;
    }
    let p = Ratio::parse_decimal(p)?;
    (p >= Ratio::ZERO && p <= Ratio::from_int(100)).then_some(Artificial::Percent(p))
}

/// `620@70%;-100@30%` (NS's side): score@weight, weights in percent with at most 4 decimals,
/// at most 20 components.
pub fn parse_weighted(t: &str) -> Option<Vec<(i32, Ratio)>> {
    let mut parts = Vec::new();
    for part in t.split([';', ' ']).filter(|p| !p.is_empty()) {
        let (s, w) = part.split_once('@')?;
        let s = crate::session::parse_points(s)?;
        let w = w.trim().trim_end_matches('%');
        // At most 4 decimals of a percent (and no fraction form): the exact sums then keep
        // small denominators.
        if w.contains('/') || w.split_once('.').is_some_and(|(_, d)| d.len() > 4) {
            return None;
        }
        let w = Ratio::parse_decimal(w)? / Ratio::from_int(100);
        parts.push((s, w));
    }
    (!parts.is_empty() && parts.len() <= 20).then_some(parts)
}

/// Writes weighted components as `620@70%;-100@30%`.
pub fn format_weighted(parts: &[(i32, Ratio)]) -> String {
    parts
        .iter()
        .map(|(s, w)| format!("{s}@{}%", (*w * Ratio::from_int(100)).to_short(4)))
        .collect::<Vec<_>>()
        .join(";")
}

#[allow(clippy::too_many_arguments)]
fn table_result(
    board: &Board,
    contract: Option<&Cell>,
    declarer: Option<&Cell>,
    result: Option<&Cell>,
    score_ns: Option<&Cell>,
    score_ew: Option<&Cell>,
    pct_ns: Option<&Cell>,
    pct_ew: Option<&Cell>,
    first: &Cell,
    file: &str,
) -> Result<TableResult, InputError> {
    let ns = score_ns.map(|c| parse_score_cell(c, file)).transpose()?;
    let ew = score_ew.map(|c| parse_score_cell(c, file)).transpose()?;
    if let Some(c) = contract {
        let up = c.text.trim();
        if ["NP", "NOT PLAYED", "NOTPLAYED"]
            .iter()
            .any(|x| up.eq_ignore_ascii_case(x))
        {
            return Ok(TableResult::NotPlayed);
        }
        if !up.starts_with(['^', 'A', 'a']) || up.eq_ignore_ascii_case("AP") {
            let played = read_played(board, c, declarer, result, first, file)?;
            let computed = played.score_ns(board.vulnerability);
            let given = match (&ns, &ew) {
                (Some(ScoreCell::Points(s)), _) => Some((*s, score_ns.unwrap_or(first))),
                (None, Some(ScoreCell::Points(s))) => Some((-*s, score_ew.unwrap_or(first))),
                _ => None,
            };
            if let Some((g, cell)) = given {
                if g != computed {
                    return Err(err(
                        file,
                        cell.pos,
                        format!(
                            "the score of {} on board {} ({} for NS, vulnerable {})",
                            describe(played),
                            board.number,
                            computed,
                            board.vulnerability
                        ),
                        format!("{g} for NS"),
                    ));
                }
            }
            return Ok(TableResult::Played(played));
        }
    }
    // No contract: an assigned, weighted, split or artificial score, or not played.
    let pct = |c: Option<&Cell>| -> Result<Option<Artificial>, InputError> {
        match c {
            Some(c) if c.text.trim().starts_with('^') => parse_artificial(&c.text.trim()[1..])
                .map(Some)
                .ok_or_else(|| {
                    err(
                        file,
                        c.pos,
                        "an artificial percentage such as ^60 (at most 4 decimals)",
                        quoted(&c.text),
                    )
                }),
            _ => Ok(None),
        }
    };
    let art = |a: Option<Artificial>, other: Option<Artificial>| {
        a.or_else(|| {
            other.map(|o| match o {
                Artificial::AveragePlus => Artificial::AverageMinus,
                Artificial::AverageMinus => Artificial::AveragePlus,
                Artificial::Average => Artificial::Average,
                Artificial::Percent(p) => Artificial::Percent(Ratio::from_int(100) - p),
            })
        })
    };
    let is_art = |x: &Option<ScoreCell>| matches!(x, Some(ScoreCell::Artificial(_)));
    if is_art(&ns) || is_art(&ew) {
        let side = |x: Option<ScoreCell>| match x {
            Some(ScoreCell::Artificial(a)) => Ok(Some(a)),
            None => Ok(None),
            Some(_) => Err(err(
                file,
                score_ns.or(score_ew).unwrap_or(first).pos,
                "artificial scores for both sides (or one side only)",
                "an artificial score next to points",
            )),
        };
        let a = side(ns)?;
        let b = side(ew)?;
        return Ok(TableResult::Artificial {
            ns: art(a, b).unwrap_or(Artificial::Average),
            ew: art(b, a).unwrap_or(Artificial::Average),
        });
    }
    match (ns, ew) {
        (Some(ScoreCell::Points(a)), Some(ScoreCell::Points(b))) => Ok(if a == -b {
            TableResult::Assigned(a)
        } else {
            TableResult::Split { ns: a, ew: -b }
        }),
        (Some(ScoreCell::Points(a)), None) => Ok(TableResult::Assigned(a)),
        (None, Some(ScoreCell::Points(b))) => Ok(TableResult::Assigned(-b)),
        (Some(ScoreCell::Weighted(w)), None) => Ok(TableResult::Weighted(w)),
        (None, Some(ScoreCell::Weighted(w))) => Ok(TableResult::Weighted(
            w.into_iter().map(|(s, x)| (-s, x)).collect(),
        )),
        (None, None) => {
            let a = pct(pct_ns)?;
            let b = pct(pct_ew)?;
            if a.is_some() || b.is_some() {
                Ok(TableResult::Artificial {
                    ns: art(a, b).unwrap_or(Artificial::Average),
                    ew: art(b, a).unwrap_or(Artificial::Average),
                })
            } else {
                Ok(TableResult::NotPlayed)
            }
        }
        _ => Err(err(
            file,
            score_ns.or(score_ew).unwrap_or(first).pos,
            "scores of the same kind for NS and EW",
            "a mixture of points, weighted and artificial scores",
        )),
    }
}

fn describe(p: Played) -> String {
    match p {
        Played::PassedOut => "a pass-out".to_string(),
        Played::Made {
            contract,
            declarer,
            tricks,
        } => format!("{contract} by {declarer} with {tricks} tricks"),
    }
}

fn read_played(
    board: &Board,
    c: &Cell,
    declarer: Option<&Cell>,
    result: Option<&Cell>,
    first: &Cell,
    file: &str,
) -> Result<Played, InputError> {
    let bid: Bid = c
        .text
        .parse()
        .map_err(|e: crate::contract::ContractError| {
            let mut pos = c.pos;
            pos.column += e.offset as u32;
            err(file, pos, e.expected, e.found)
        })?;
    let contract = match bid {
        Bid::Pass => return Ok(Played::PassedOut),
        Bid::Contract(k) => k,
    };
    let Some(d) = declarer else {
        return Err(err(
            file,
            c.pos,
            format!("a declarer for {contract} on board {}", board.number),
            "none",
        ));
    };
    let seat: Seat = d
        .text
        .trim()
        .parse()
        .map_err(|_| err(file, d.pos, "a declarer (N, E, S or W)", quoted(&d.text)))?;
    let Some(r) = result else {
        return Err(err(
            file,
            first.pos,
            format!("a result for {contract} on board {}", board.number),
            "none",
        ));
    };
    let tricks = parse_result(contract, &r.text).map_err(|(e, f)| err(file, r.pos, e, f))?;
    Ok(Played::Made {
        contract,
        declarer: seat,
        tricks,
    })
}

/// Reads a teams match: one game per board and room, each with `[Board]`, `[Room "Open"]`
/// or `[Room "Closed"]` (PBN 2.1's tag for the two rooms of a teams match), `[Contract]`
/// (`Pass` for a passed-out board), `[Declarer]` and `[Result]` (tricks taken); the
/// vulnerability and dealer from `[Vulnerable]` and `[Dealer]` or else the board number, the
/// teams' names from `[HomeTeam]` and `[VisitTeam]`. A `[Score "NS 620"]` given must agree
/// with the contract. Every board needs both rooms, each once.
pub fn read_match(text: &str, file: &str) -> Result<crate::teams::TeamMatch, InputError> {
    use crate::teams::{MatchBoard, RoomResult, TeamMatch};
    let mut m = TeamMatch::default();
    // Per board (in file order): number, dealer, vulnerability, open, closed.
    type Rooms = (
        u32,
        Seat,
        Vulnerability,
        Option<RoomResult>,
        Option<RoomResult>,
    );
    let mut boards: Vec<Rooms> = Vec::new();
    let mut budget = Budget::default();
    for_each_game(text, file, &mut budget, |g, budget| {
        for (name, slot) in [("HomeTeam", &mut m.home), ("VisitTeam", &mut m.visit)] {
            if slot.is_none() {
                *slot = g
                    .tag(name)
                    .map(|t| t.value.clone())
                    .filter(|v| !v.is_empty());
            }
        }
        let Some(board_tag) = g.tag("Board") else {
            return Ok(());
        };
        let (number, vulnerability, dealer) = board_header(g, board_tag, file, true)?;
        let Some(room_tag) = g.tag("Room") else {
            return Err(err(
                file,
                board_tag.pos,
                format!("a [Room \"Open\"] or [Room \"Closed\"] tag for board {number} (a teams match has two rooms)"),
                "none",
            ));
        };
        let open = match room_tag.value.trim().to_ascii_lowercase().as_str() {
            "open" => true,
            "closed" => false,
            _ => {
                return Err(err(
                    file,
                    room_tag.value_pos,
                    "a room: Open or Closed",
                    quoted(&room_tag.value),
                ))
            }
        };
        let played = game_result(g, board_tag, number, file)?;
        let score_ns = played.score_ns(vulnerability);
        if let Some(t) = g.tag("Score") {
            let given = parse_score_tag(&t.value).ok_or_else(|| {
                err(
                    file,
                    t.value_pos,
                    "a score such as \"NS 620\" or \"EW 100\"",
                    quoted(&t.value),
                )
            })?;
            if given != score_ns {
                return Err(err(
                    file,
                    t.value_pos,
                    format!("the score of the contract (NS {score_ns} at vulnerability {vulnerability})"),
                    quoted(&t.value),
                ));
            }
        }
        let result = RoomResult {
            played,
            score_ns,
            pos: board_tag.pos,
        };
        let at = match boards.iter().position(|b| b.0 == number) {
            Some(i) => i,
            None => {
                budget.board(file, board_tag.pos, number)?;
                boards.push((number, dealer, vulnerability, None, None));
                boards.len() - 1
            }
        };
        let b = &mut boards[at];
        if b.2 != vulnerability || b.1 != dealer {
            return Err(err(
                file,
                board_tag.pos,
                format!(
                    "board {number} with the same dealer and vulnerability in both rooms ({} {})",
                    b.1, b.2
                ),
                format!("{dealer} {vulnerability}"),
            ));
        }
        let slot = if open { &mut b.3 } else { &mut b.4 };
        if let Some(first) = slot {
            return Err(err(
                file,
                room_tag.pos,
                format!(
                    "one result of the {} room for board {number}",
                    if open { "open" } else { "closed" }
                ),
                format!("a second one (the first at line {})", first.pos.line),
            ));
        }
        *slot = Some(result);
        Ok(())
    })?;
    for (number, dealer, vulnerability, open, closed) in boards {
        match (open, closed) {
            (Some(open), Some(closed)) => m.boards.push(MatchBoard {
                number,
                dealer,
                vulnerability,
                open,
                closed,
            }),
            (Some(one), None) | (None, Some(one)) => {
                let (missing, present) = if closed.is_none() {
                    ("closed", "open")
                } else {
                    ("open", "closed")
                };
                return Err(err(
                    file,
                    one.pos,
                    format!("the {missing} room's result for board {number} too"),
                    format!("only the {present} room's"),
                ));
            }
            (None, None) => {}
        }
    }
    if m.boards.is_empty() {
        return Err(err(
            file,
            Pos::new(1, 1),
            "at least one board played in both rooms",
            "no board",
        ));
    }
    Ok(m)
}

/// A game's own result from its `[Contract]`, `[Declarer]` and `[Result]` tags.
fn game_result(g: &Game, board_tag: &Tag, number: u32, file: &str) -> Result<Played, InputError> {
    let Some(c) = g.tag("Contract") else {
        return Err(err(
            file,
            board_tag.pos,
            format!("a [Contract] tag for board {number}"),
            "none",
        ));
    };
    let contract = match c.value.parse::<Bid>() {
        Ok(Bid::Pass) => return Ok(Played::PassedOut),
        Ok(Bid::Contract(x)) => x,
        Err(e) => {
            return Err(err(
                file,
                Pos::new(c.value_pos.line, c.value_pos.column + e.offset as u32),
                e.expected,
                e.found,
            ))
        }
    };
    let Some(d) = g.tag("Declarer") else {
        return Err(err(
            file,
            c.pos,
            format!("a [Declarer] tag for {contract} on board {number}"),
            "none",
        ));
    };
    let declarer: Seat = d.value.trim().parse().map_err(|_| {
        err(
            file,
            d.value_pos,
            "a declarer (N, E, S or W)",
            quoted(&d.value),
        )
    })?;
    let Some(r) = g.tag("Result") else {
        return Err(err(
            file,
            c.pos,
            format!("a [Result] tag for {contract} on board {number}"),
            "none",
        ));
    };
    let tricks = parse_result(contract, &r.value).map_err(|(e, f)| err(file, r.value_pos, e, f))?;
    Ok(Played::Made {
        contract,
        declarer,
        tricks,
    })
}

/// `NS 620`, `EW 100` (EW's side: NS -100), `NS 620 EW -620`: North-South's score.
fn parse_score_tag(v: &str) -> Option<i32> {
    let mut w = v.split_whitespace();
    let side = w.next()?;
    let n = crate::session::parse_points(w.next()?)?;
    match side.to_ascii_uppercase().as_str() {
        "NS" => Some(n),
        "EW" => Some(-n),
        _ => None,
    }
}

/// What to put in the written file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// Decimals of matchpoints and IMPs.
    pub decimals: u32,
    /// Decimals of percentages.
    pub percent_decimals: u32,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            decimals: 2,
            percent_decimals: 2,
        }
    }
}

/// A board's double-dummy analysis after its `ScoreTable`, as Magic Contest writes it:
/// `OptimumScore` (the par, from North-South's side), `OptimumContract` (the par contract, its
/// declarer and its tricks), then PBN 2.1's `OptimumResultTable` (each declarer's tricks in
/// each strain).
fn write_optimum(out: &mut String, table: &DdTable, par: &Par) {
    let score = if par.score_ns < 0 {
        format!("EW {}", -par.score_ns)
    } else {
        format!("NS {}", par.score_ns)
    };
    let _ = writeln!(out, "[OptimumScore \"{score}\"]");
    if let Some(c) = par.contracts.first() {
        let _ = writeln!(
            out,
            "[OptimumContract \"{} {} {}\"]",
            c.contract,
            seat_str(c.declarer),
            c.tricks
        );
    }
    out.push_str("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n");
    for seat in Seat::ALL {
        for strain in Strain::ALL {
            let _ = writeln!(
                out,
                "{} {:>2} {:>2}",
                seat_str(seat),
                strain.code(),
                table.tricks(seat, strain)
            );
        }
    }
}

/// A tag's or a table cell's text as PBN carries it between quotes: `\` and `"` escaped, and
/// on one line (a control character, a line break above all, becomes a blank: it would end the
/// tag or the row).
pub(crate) fn escape(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// What a federation's file carries beyond the session: the pair numbers as the club prints
/// them, and each board's double-dummy analysis, as Magic Contest writes them for the FFB.
#[derive(Debug, Clone, Default)]
pub struct Federation {
    /// East-West pairs numbered from 1 again (`1 EO` … `8 EO`) when the club numbers them so;
    /// the `TotalScoreTable`'s `Direction` tells the lines apart.
    pub labels: PairLabels,
    /// Each board's double-dummy table and par by board number: `OptimumScore` and
    /// `OptimumContract` (Magic Contest's tags, e.g. `"NS 110"` and `"2H N 8"`), and PBN 2.1's
    /// `OptimumResultTable`.
    pub optimum: BTreeMap<u32, (DdTable, Par)>,
}

/// Writes the session with its scores: one game per board with a `ScoreTable`, then a game
/// with the `TotalScoreTable` ranking.
///
/// Without `scored`, only the travellers are written (no matchpoints and no ranking).
pub fn write(session: &Session, scored: Option<&Scored>, opts: &WriteOptions) -> String {
    write_federation(session, scored, opts, &Federation::default())
}

/// [`write`] with the club's pair numbers and the boards' double-dummy analysis.
pub fn write_federation(
    session: &Session,
    scored: Option<&Scored>,
    opts: &WriteOptions,
    fed: &Federation,
) -> String {
    let number = |pair: PairId| i64::from(fed.labels.label(pair).number);
    let mut out = String::with_capacity(
        session.boards.iter().map(|b| b.lines.len()).sum::<usize>() * 90 + 4096,
    );
    out.push_str("% PBN 2.1\n% EXPORT\n% Written by arbiter\n");
    let event = escape(session.event.as_deref().unwrap_or(""));
    let site = escape(session.site.as_deref().unwrap_or(""));
    let date = escape(session.date.as_deref().unwrap_or(""));
    let mp = !matches!(scored, Some(s) if s.method != Method::Matchpoints);
    let scoring = match scored.map(|s| (s.method, s.scale)) {
        None | Some((Method::Matchpoints, crate::score::Scale::TwoPerBeat)) => "MatchPoints",
        Some((Method::Matchpoints, crate::score::Scale::OnePerBeat)) => "MatchPoints;MP2",
        Some((Method::CrossImps { .. }, _)) => "CrossImps",
        Some((Method::Butler(_), _)) => "Butler",
    };
    let empty = Vec::new();
    let no_board = ScoredBoard {
        number: 0,
        expected: 0,
        top: Ratio::ZERO,
        lines: Vec::new(),
    };
    let with_rounds = session
        .boards
        .iter()
        .flat_map(|b| &b.lines)
        .any(|l| l.round.is_some());
    let with_tables = session
        .boards
        .iter()
        .flat_map(|b| &b.lines)
        .any(|l| l.table.is_some());
    let with_groups = session
        .boards
        .iter()
        .flat_map(|b| &b.lines)
        .any(|l| l.group != 0);
    for (i, board) in session.boards.iter().enumerate() {
        let scored_board = scored.map_or(&no_board, |s| &s.boards[i]);
        let scored_lines = scored.map_or(&empty, |s| &s.boards[i].lines);
        let _ = writeln!(
            out,
            "\n[Event \"{event}\"]\n[Site \"{site}\"]\n[Date \"{date}\"]"
        );
        let _ = writeln!(
            out,
            "[Board \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]",
            board.number, board.dealer, board.vulnerability
        );
        if let Some(d) = &board.deal {
            let _ = writeln!(out, "[Deal \"{}\"]", escape(d));
        }
        let _ = writeln!(out, "[Scoring \"{scoring}\"]\n[Competition \"Pairs\"]");
        if !date.is_empty() {
            let _ = writeln!(out, "[EventDate \"{date}\"]");
        }
        let _ = writeln!(
            out,
            "[Application \"arbiter {}\"]",
            env!("CARGO_PKG_VERSION")
        );
        out.push_str("[ScoreTable \"");
        if with_tables {
            out.push_str("Table\\3R;");
        }
        if with_rounds {
            out.push_str("Round\\2R;");
        }
        out.push_str("PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;");
        if with_groups {
            out.push_str("Group\\2R;");
        }
        if scored.is_none() {
            out.pop();
            out.push_str("\"]\n");
        } else if mp {
            out.push_str("MP_NS\\6R;MP_EW\\6R;Percentage_NS\\6R;Percentage_EW\\6R\"]\n");
        } else {
            out.push_str("IMP_NS\\6R;IMP_EW\\6R\"]\n");
        }
        for (j, l) in board.lines.iter().enumerate() {
            if with_tables {
                put(
                    &mut out,
                    &l.table.map_or(Cell2::Str("-"), |t| Cell2::Int(t.into())),
                    3,
                    false,
                );
            }
            if with_rounds {
                put(
                    &mut out,
                    &l.round.map_or(Cell2::Str("-"), |t| Cell2::Int(t.into())),
                    2,
                    false,
                );
            }
            put(&mut out, &Cell2::Int(number(l.ns)), 4, false);
            put(&mut out, &Cell2::Int(number(l.ew)), 4, false);
            let (contract, declarer, tricks): (Cell2, &str, Option<u8>) = match &l.result {
                TableResult::Played(Played::PassedOut) => (Cell2::Str("Pass"), "-", None),
                TableResult::Played(Played::Made {
                    contract,
                    declarer,
                    tricks,
                }) => (
                    Cell2::Contract(*contract),
                    seat_str(*declarer),
                    Some(*tricks),
                ),
                TableResult::NotPlayed => (Cell2::Str("NP"), "-", None),
                _ => (Cell2::Str("-"), "-", None),
            };
            let lead = l
                .lead
                .as_deref()
                .filter(|s| !s.is_empty() && !s.contains([' ', '\t', '"']))
                .unwrap_or("-");
            let result = tricks.map_or(Cell2::Str("-"), |t| Cell2::Int(i64::from(t)));
            put(&mut out, &contract, 5, true);
            put(&mut out, &Cell2::Str(declarer), 1, false);
            put(&mut out, &result, 2, false);
            put(&mut out, &Cell2::Str(lead), 3, true);
            let (sn, se) = score_cells(board, &l.result);
            put(&mut out, &sn, 6, false);
            put(&mut out, &se, 6, false);
            if with_groups {
                put(&mut out, &Cell2::Int(l.group.into()), 2, false);
            }
            let Some(sl) = scored_lines.get(j) else {
                out.pop();
                out.push('\n');
                continue;
            };
            put(
                &mut out,
                &Cell2::Fixed(sl.ns, opts.decimals, false),
                6,
                false,
            );
            put(
                &mut out,
                &Cell2::Fixed(sl.ew, opts.decimals, false),
                6,
                false,
            );
            if mp {
                let art = matches!(l.result, TableResult::Artificial { .. });
                put(
                    &mut out,
                    &Cell2::Fixed(scored_board.percent(sl.ns), opts.percent_decimals, art),
                    6,
                    false,
                );
                put(
                    &mut out,
                    &Cell2::Fixed(scored_board.percent(sl.ew), opts.percent_decimals, art),
                    6,
                    false,
                );
            }
            out.pop();
            out.push('\n');
        }
        if let Some((table, par)) = fed.optimum.get(&board.number) {
            write_optimum(&mut out, table, par);
        }
    }
    let Some(scored) = scored else {
        return out;
    };
    let _ = writeln!(
        out,
        "\n[Event \"{event}\"]\n[Site \"{site}\"]\n[Date \"{date}\"]\n[Competition \"Pairs\"]"
    );
    let two = scored.ranking.iter().any(|r| r.field != Field::All);
    let named = !session.names.is_empty();
    out.push_str("[TotalScoreTable \"Rank\\3R;PairId\\4R;");
    if named {
        out.push_str("Names\\40L;");
    }
    if two {
        out.push_str("Direction\\3L;");
    }
    if mp {
        out.push_str("TotalMP\\8R;MaxMP\\8R;TotalPercentage\\6R;NrBoards\\3R\"]\n");
    } else {
        out.push_str("TotalIMP\\8R;NrBoards\\3R\"]\n");
    }
    for r in &scored.ranking {
        let _ = write!(out, "{:>3} {:>4} ", r.rank, number(r.pair));
        if named {
            let name = session.names.get(&r.pair).map_or("", String::as_str);
            // One row a line: `escape` keeps a name on it.
            let cell = format!("\"{}\"", escape(name));
            let _ = write!(out, "{cell:<40} ");
        }
        if two {
            let _ = write!(out, "{:<3} ", r.field.label());
        }
        if mp {
            let _ = writeln!(
                out,
                "{:>8} {:>8} {:>6} {:>3}",
                r.total.to_fixed(opts.decimals),
                r.top.to_short(opts.decimals),
                r.percent
                    .map_or("-".to_string(), |p| p.to_fixed(opts.percent_decimals)),
                r.boards
            );
        } else {
            let _ = writeln!(
                out,
                "{:>8} {:>3}",
                r.total.to_fixed(opts.decimals),
                r.boards
            );
        }
    }
    out
}

fn seat_str(s: Seat) -> &'static str {
    match s {
        Seat::North => "N",
        Seat::East => "E",
        Seat::South => "S",
        Seat::West => "W",
    }
}

/// Writes a cell padded to `width` (left- or right-aligned) and a space, without going
/// through `fmt` for numbers.
fn put(out: &mut String, cell: &Cell2, width: usize, left: bool) {
    let mut buf = [0u8; 48];
    let wide: String;
    // Numbers and contracts are ASCII bytes pushed one by one: no UTF-8 re-validation.
    let ascii: &[u8] = match cell {
        Cell2::Str(s) => s.as_bytes(),
        Cell2::Owned(s) => s.as_bytes(),
        Cell2::Int(i) => digits(&mut buf, i128::from(*i), 0, false),
        Cell2::Contract(c) => contract_bytes(&mut buf, *c),
        Cell2::Fixed(None, _, _) => b"-",
        Cell2::Fixed(Some(v), d, caret) => match v.round_scaled(*d) {
            Ok(q) if *d <= 40 && u64::try_from(q.unsigned_abs()).is_ok() => {
                digits(&mut buf, q, *d, *caret)
            }
            // Too wide for the buffer: the exact digits, allocated.
            _ => {
                wide = format!("{}{}", if *caret { "^" } else { "" }, v.fixed(*d));
                wide.as_bytes()
            }
        },
    };
    let (text, len) = match cell {
        Cell2::Str(s) => (Some(*s), s.chars().count()),
        Cell2::Owned(s) => (Some(s.as_str()), s.chars().count()),
        _ => (None, ascii.len()),
    };
    let pad = width.saturating_sub(len);
    const SPACES: &str = "                                ";
    if !left {
        out.push_str(&SPACES[..pad.min(SPACES.len())]);
    }
    match text {
        Some(t) => out.push_str(t),
        None => out.extend(ascii.iter().map(|&b| b as char)),
    }
    if left {
        out.push_str(&SPACES[..pad.min(SPACES.len())]);
    }
    out.push(' ');
}

/// A contract such as `4SXX` as ASCII bytes.
fn contract_bytes(buf: &mut [u8; 48], c: crate::contract::Contract) -> &[u8] {
    use crate::contract::Doubling;
    buf[0] = b'0' + c.level();
    let mut n = 1;
    for &b in c.strain.code().as_bytes() {
        buf[n] = b;
        n += 1;
    }
    let x = match c.doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 1,
        Doubling::Redoubled => 2,
    };
    for _ in 0..x {
        buf[n] = b'X';
        n += 1;
    }
    &buf[..n]
}

/// `q` scaled by 10^decimals, written with its decimal point (and a caret if asked).
fn digits(buf: &mut [u8; 48], q: i128, decimals: u32, caret: bool) -> &[u8] {
    let mut i = buf.len();
    // u64 division is much cheaper than u128; the caller sends wider values elsewhere.
    let mut a = u64::try_from(q.unsigned_abs()).unwrap_or(u64::MAX);
    let mut written = 0;
    loop {
        if written == decimals && decimals > 0 {
            i -= 1;
            buf[i] = b'.';
        }
        i -= 1;
        buf[i] = b'0' + (a % 10) as u8;
        a /= 10;
        written += 1;
        if (a == 0 && written > decimals) || i < 3 {
            break;
        }
    }
    if q < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    if caret {
        i -= 1;
        buf[i] = b'^';
    }
    &buf[i..]
}

/// Score_NS and Score_EW cells: the scoring side's score, `-` in the other column.
fn score_cells(board: &Board, r: &TableResult) -> (Cell2<'static>, Cell2<'static>) {
    let plain = |s: i32| {
        if s >= 0 {
            (Cell2::Int(s.into()), Cell2::Str("-"))
        } else {
            (Cell2::Str("-"), Cell2::Int((-s).into()))
        }
    };
    match r {
        TableResult::Played(p) => plain(p.score_ns(board.vulnerability)),
        TableResult::Assigned(s) => plain(*s),
        TableResult::Split { ns, ew } => (Cell2::Int((*ns).into()), Cell2::Int((-*ew).into())),
        TableResult::Weighted(parts) => (
            Cell2::Owned(format!("\"{}\"", format_weighted(parts))),
            Cell2::Str("-"),
        ),
        TableResult::Artificial { ns, ew } => (
            Cell2::Owned(format!("^{}", art_text(*ns))),
            Cell2::Owned(format!("^{}", art_text(*ew))),
        ),
        TableResult::NotPlayed => (Cell2::Str("-"), Cell2::Str("-")),
    }
}

/// A table cell written straight into the output with `{:>6}`-style padding, without a
/// `String` per cell (the benchmark writes 72,000 lines).
enum Cell2<'a> {
    Str(&'a str),
    Owned(String),
    Int(i64),
    Contract(crate::contract::Contract),
    /// A value with decimals, `-` when absent, `^` first for an artificial score.
    Fixed(Option<Ratio>, u32, bool),
}

fn art_text(a: Artificial) -> String {
    match a {
        Artificial::AveragePlus => "A+".to_string(),
        Artificial::Average => "A".to_string(),
        Artificial::AverageMinus => "A-".to_string(),
        Artificial::Percent(p) => p.to_short(4),
    }
}

#[cfg(test)]
mod tests {
    use super::{write, WriteOptions};

    #[test]
    fn any_number_of_decimals_is_written_in_full() {
        // Three results on one board: 0, 2 and 4 matchpoints of 4, so 0 %, 50 % and 100 %.
        let csv = "board,ns,ew,score\n1,1,2,100\n1,3,4,120\n1,5,6,90\n";
        let session = crate::csv::read(csv, "x.csv").unwrap();
        let scored = crate::score_session(&session, &crate::Options::default());
        for n in [0u32, 2, 40, 1000] {
            let opts = WriteOptions {
                decimals: n,
                percent_decimals: n,
            };
            let text = write(&session, Some(&scored), &opts);
            let zeros = "0".repeat(n as usize);
            let point = if n == 0 { "" } else { "." };
            for shown in ["50", "100", "2", "4"] {
                let want = format!(" {shown}{point}{zeros} ");
                assert!(text.contains(&want), "{n}: no {want:?} in\n{text}");
            }
        }
    }
}
