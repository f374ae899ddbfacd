//! USEBIO 1.2 (the EBU's XML results format): reads travellers, writes travellers with
//! matchpoints (or IMPs) and the pairs' totals and places.
//!
//! An artificial adjusted score (Law 12C2) is written as scoring programs write it in a
//! traveller line's `SCORE`: `A` then North-South's and East-West's percentages in two digits
//! each (`A6040`: Average+ to NS, Average− to EW; `A5050`: Average to both), the awarded
//! matchpoints in `NS_MATCH_POINTS` and `EW_MATCH_POINTS` as for any line. Source: the USEBIO
//! reader of Steve Pomeroy's Pairs Stratification Program, which reads real 1.2 and 1.3 files
//! ("score might be an average (e.g. A5050 or A6040)"). What that cannot say (a weighted or a
//! split score, a percentage that is not a whole number below 100) leaves its board out, alone:
//! [`write_leaving_out`] exports the other boards and names the ones left out.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use quick_xml::escape::escape;
use quick_xml::events::Event;
use quick_xml::Reader;

use crate::board::Seat;
use crate::contract::{Bid, Played};
use crate::masterpoints::{award_session, Scale};
use crate::movement::PairLabels;
use crate::score::{Field, Method, Scored};
use crate::session::{
    excerpt, Artificial, Board, Budget, FieldKind, InputError, Licence, Line, PairId, Pos, Session,
    TableResult,
};

/// A parsed XML element.
#[derive(Debug, Default)]
struct Node {
    name: String,
    text: String,
    children: Vec<Node>,
    pos: Pos,
}

impl Node {
    fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }

    fn text_of(&self, name: &str) -> Option<&str> {
        self.child(name)
            .map(|c| c.text.trim())
            .filter(|t| !t.is_empty())
    }
}

/// Byte offsets to 1-based line and column. Events come in file order, so each column is
/// counted on from the previous position: counting from the line's start every time made a
/// file on one long line quadratic.
struct Lines {
    starts: Vec<usize>,
    /// The last offset asked for, its line index and its 1-based column.
    last: (usize, usize, usize),
}

impl Lines {
    fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines {
            starts,
            last: (0, 0, 1),
        }
    }

    fn pos(&mut self, text: &str, offset: usize) -> Pos {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let (last_offset, last_line, last_col) = self.last;
        let (from, col) = if line == last_line && offset >= last_offset {
            (last_offset, last_col)
        } else {
            (self.starts[line], 1)
        };
        let col = col + text[from..offset].chars().count();
        self.last = (offset, line, col);
        Pos::new(line as u32 + 1, col as u32)
    }
}

/// Deepest element nesting read. USEBIO itself needs seven levels (USEBIO, EVENT, SESSION,
/// SECTION, BOARD, TRAVELLER_LINE, a field); the bound keeps a file nested 150,000 deep from
/// overflowing the stack when the tree is walked or dropped.
pub const MAX_DEPTH: usize = 200;

fn parse_tree(text: &str, file: &str) -> Result<Node, InputError> {
    let mut lines = Lines::new(text);
    let mut reader = Reader::from_str(text);
    reader.config_mut().trim_text(true);
    let mut stack: Vec<Node> = vec![Node::default()];
    loop {
        let before = reader.buffer_position() as usize;
        let ev = reader.read_event().map_err(|e| {
            let at = lines.pos(text, reader.error_position() as usize);
            InputError::new(file, at, "well-formed XML", e.to_string())
        })?;
        // The event starts at the first '<' after the previous position.
        let start = text[before..].find('<').map_or(before, |i| before + i);
        let pos = lines.pos(text, start);
        let bad_attr = |e: quick_xml::events::attributes::AttrError| {
            InputError::new(file, pos, "well-formed XML attributes", e.to_string())
        };
        match ev {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(ev, Event::Empty(_));
                let node = Node {
                    name: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
                    pos,
                    ..Node::default()
                };
                // Attributes are not needed, but must be well formed.
                for a in e.attributes() {
                    let a = a.map_err(bad_attr)?;
                    a.unescape_value().map_err(|err| {
                        InputError::new(file, pos, "a well-formed attribute value", err.to_string())
                    })?;
                }
                if empty {
                    if let Some(top) = stack.last_mut() {
                        top.children.push(node);
                    }
                } else if stack.len() > MAX_DEPTH {
                    return Err(InputError::new(
                        file,
                        pos,
                        format!("elements nested at most {MAX_DEPTH} deep"),
                        format!("<{}> at depth {}", excerpt(&node.name), stack.len()),
                    ));
                } else {
                    stack.push(node);
                }
            }
            Event::End(_) => {
                let node = stack.pop().unwrap_or_default();
                match stack.last_mut() {
                    Some(parent) => parent.children.push(node),
                    None => {
                        return Err(InputError::new(
                            file,
                            pos,
                            "matching XML tags",
                            "an extra end tag",
                        ))
                    }
                }
            }
            Event::Text(t) => {
                let v = t.unescape().map_err(|err| {
                    InputError::new(file, pos, "well-formed XML text", err.to_string())
                })?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&v);
                }
            }
            Event::CData(t) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&String::from_utf8_lossy(&t));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if stack.len() != 1 {
        let open = stack.last().map(|n| excerpt(&n.name)).unwrap_or_default();
        return Err(InputError::new(
            file,
            lines.pos(text, text.len()),
            format!("</{open}>"),
            "the end of the file",
        ));
    }
    Ok(stack.pop().unwrap_or_default())
}

fn q(s: &str) -> String {
    crate::session::quote(s)
}

/// Reads a USEBIO 1.2 file.
pub fn read(text: &str, file: &str) -> Result<Session, InputError> {
    let root = parse_tree(text.strip_prefix('\u{feff}').unwrap_or(text), file)?;
    let Some(usebio) = root.child("USEBIO") else {
        let found = root
            .children
            .first()
            .map_or("nothing".to_string(), |c| format!("<{}>", excerpt(&c.name)));
        return Err(InputError::new(
            file,
            Pos::new(1, 1),
            "a <USEBIO> root element",
            found,
        ));
    };
    let Some(event) = usebio.child("EVENT") else {
        return Err(InputError::new(
            file,
            usebio.pos,
            "an <EVENT> element",
            "none",
        ));
    };
    let mut session = Session {
        event: event
            .text_of("TITLE")
            .or(event.text_of("EVENT_DESCRIPTION"))
            .map(str::to_string),
        site: event.text_of("VENUE").map(str::to_string),
        date: event.text_of("DATE").map(|d| {
            // dd/mm/yyyy to PBN's yyyy.mm.dd
            let p: Vec<&str> = d.split('/').collect();
            if p.len() == 3 {
                format!("{}.{}.{}", p[2], p[1], p[0])
            } else {
                d.to_string()
            }
        }),
        field: match event.text_of("WINNER_TYPE") {
            Some("1") => Some(FieldKind::One),
            Some("2") => Some(FieldKind::Two),
            _ => None,
        },
        boards: Vec::new(),
        names: BTreeMap::new(),
        licences: BTreeMap::new(),
    };
    let mut deals: Vec<(u32, String)> = Vec::new();
    let mut budget = Budget::default();
    let mut found = Found {
        boards: &mut session.boards,
        deals: &mut deals,
        names: &mut session.names,
        licences: &mut session.licences,
    };
    collect(event, file, &mut found, false, &mut budget)?;
    // HANDSET may sit beside EVENT as well as inside it.
    for h in usebio.children.iter().filter(|c| c.name == "HANDSET") {
        let mut found = Found {
            boards: &mut Vec::new(),
            deals: &mut deals,
            names: &mut BTreeMap::new(),
            licences: &mut BTreeMap::new(),
        };
        collect(h, file, &mut found, true, &mut budget)?;
    }
    for (n, deal) in deals {
        if let Some(b) = session.boards.iter_mut().find(|b| b.number == n) {
            b.deal = Some(deal);
        }
    }
    let field = session.field_kind();
    session.validate(file, field)?;
    Ok(session)
}

/// What the walk over the file collects.
struct Found<'a> {
    boards: &'a mut Vec<Board>,
    deals: &'a mut Vec<(u32, String)>,
    names: &'a mut BTreeMap<PairId, String>,
    licences: &'a mut BTreeMap<PairId, Vec<Option<Licence>>>,
}

/// Walks EVENT, SESSION and SECTION elements for boards with travellers, HANDSET boards and
/// the PARTICIPANTS' names.
fn collect(
    node: &Node,
    file: &str,
    found: &mut Found<'_>,
    in_handset: bool,
    budget: &mut Budget,
) -> Result<(), InputError> {
    for c in &node.children {
        match c.name.as_str() {
            "BOARD" if in_handset => {
                if let Some(deal) = handset_deal(c) {
                    let n = board_number(c, file)?;
                    found.deals.push((n, deal));
                }
            }
            "BOARD" => found.boards.push(read_board(c, file, budget)?),
            "HANDSET" => collect(c, file, found, true, budget)?,
            "SESSION" | "SECTION" => collect(c, file, found, in_handset, budget)?,
            "PARTICIPANTS" if !in_handset => {
                read_participants(c, file, found.names, found.licences)?
            }
            _ => {}
        }
    }
    Ok(())
}

/// Separates the players of a pair in [`Session::names`].
const PLAYERS_SEPARATOR: &str = " - ";

/// The pairs' names: each PAIR's PLAYER_NAMEs joined with " - " (a pair without names is
/// passed over), and the players' NATIONAL_ID_NUMBERs (their federation licences).
fn read_participants(
    node: &Node,
    file: &str,
    names: &mut BTreeMap<PairId, String>,
    licences: &mut BTreeMap<PairId, Vec<Option<Licence>>>,
) -> Result<(), InputError> {
    for pair in node.children.iter().filter(|c| c.name == "PAIR") {
        let named: Vec<&Node> = pair
            .children
            .iter()
            .filter(|c| c.name == "PLAYER" && c.text_of("PLAYER_NAME").is_some())
            .collect();
        if named.is_empty() {
            continue;
        }
        let number = pair_number(pair, "PAIR_NUMBER", file)?;
        let players: Vec<&str> = named
            .iter()
            .filter_map(|p| p.text_of("PLAYER_NAME"))
            .collect();
        names.insert(number, players.join(PLAYERS_SEPARATOR));
        let mut ids = Vec::with_capacity(named.len());
        for p in &named {
            ids.push(match p.child("NATIONAL_ID_NUMBER") {
                Some(n) if !n.text.trim().is_empty() => {
                    Some(Licence::new(&n.text).ok_or_else(|| {
                        InputError::new(
                            file,
                            n.pos,
                            "a licence number (1 to 20 letters, digits, - . or /)",
                            q(n.text.trim()),
                        )
                    })?)
                }
                _ => None,
            });
        }
        if ids.iter().any(Option::is_some) {
            licences.insert(number, ids);
        }
    }
    Ok(())
}

fn board_number(b: &Node, file: &str) -> Result<u32, InputError> {
    let t = b.text_of("BOARD_NUMBER").unwrap_or("");
    t.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
        InputError::new(
            file,
            b.child("BOARD_NUMBER").map_or(b.pos, |n| n.pos),
            "a board number",
            q(t),
        )
    })
}

/// A PBN deal string from the four HAND elements, North first.
fn handset_deal(b: &Node) -> Option<String> {
    let mut hands = Vec::new();
    for dir in ["North", "East", "South", "West"] {
        let h = b.children.iter().find(|h| {
            h.name == "HAND"
                && h.text_of("DIRECTION")
                    .is_some_and(|d| d.eq_ignore_ascii_case(dir))
        })?;
        // PBN writes the ten as T.
        let suit = |n: &str| h.text_of(n).unwrap_or("").replace("10", "T");
        hands.push(format!(
            "{}.{}.{}.{}",
            suit("SPADES"),
            suit("HEARTS"),
            suit("DIAMONDS"),
            suit("CLUBS")
        ));
    }
    Some(format!("N:{}", hands.join(" ")))
}

fn pair_number(n: &Node, name: &str, file: &str) -> Result<PairId, InputError> {
    let c = n.child(name);
    let t = c.map_or("", |c| c.text.trim());
    // Two-field events may write "1NS" / "1EW".
    let digits = t.trim_end_matches(|ch: char| ch.is_ascii_alphabetic());
    digits.parse::<PairId>().map_err(|_| {
        InputError::new(
            file,
            c.map_or(n.pos, |c| c.pos),
            format!("a pair number in <{name}>"),
            q(t),
        )
    })
}

fn read_board(b: &Node, file: &str, budget: &mut Budget) -> Result<Board, InputError> {
    let number = board_number(b, file)?;
    budget.board(file, b.pos, number)?;
    let mut board = Board::standard(number);
    board.pos = b.pos;
    for t in b.children.iter().filter(|c| c.name == "TRAVELLER_LINE") {
        budget.line(file, t.pos)?;
        let ns = pair_number(t, "NS_PAIR_NUMBER", file)?;
        let ew = pair_number(t, "EW_PAIR_NUMBER", file)?;
        let at = |name: &str| t.child(name).map_or(t.pos, |c| c.pos);
        if let Some(code) = t.text_of("SCORE").filter(|s| s.starts_with(['A', 'a'])) {
            let (ns_side, ew_side) = artificial_code(code).ok_or_else(|| {
                InputError::new(
                    file,
                    at("SCORE"),
                    "an artificial score such as A6040 (NS's and EW's percentages)",
                    q(code),
                )
            })?;
            board.lines.push(Line {
                ns,
                ew,
                result: TableResult::Artificial {
                    ns: ns_side,
                    ew: ew_side,
                },
                lead: None,
                table: None,
                round: None,
                group: 0,
                pos: t.pos,
            });
            continue;
        }
        let score = match t.text_of("SCORE") {
            Some(s) => Some(crate::session::parse_points(s).ok_or_else(|| {
                InputError::new(
                    file,
                    at("SCORE"),
                    "a score in points (NS's side) or an artificial score such as A6040",
                    q(s),
                )
            })?),
            None => None,
        };
        let result = match t.text_of("CONTRACT") {
            Some(c) => {
                let bid: Bid = c.parse().map_err(|e: crate::contract::ContractError| {
                    InputError::new(file, at("CONTRACT"), e.expected, e.found)
                })?;
                let played = match bid {
                    Bid::Pass => Played::PassedOut,
                    Bid::Contract(k) => {
                        let by = t.text_of("PLAYED_BY").unwrap_or("");
                        let declarer: Seat = by.parse().map_err(|_| {
                            InputError::new(
                                file,
                                at("PLAYED_BY"),
                                "a declarer (N, E, S or W)",
                                q(by),
                            )
                        })?;
                        let tr = t.text_of("TRICKS").unwrap_or("");
                        let tricks = crate::contract::parse_result(k, tr)
                            .map_err(|(e, f)| InputError::new(file, at("TRICKS"), e, f))?;
                        Played::Made {
                            contract: k,
                            declarer,
                            tricks,
                        }
                    }
                };
                let computed = played.score_ns(board.vulnerability);
                if let Some(s) = score.filter(|&s| s != computed) {
                    return Err(InputError::new(
                        file,
                        at("SCORE"),
                        format!(
                            "the score of {c} on board {number} ({computed} for NS, vulnerable {})",
                            board.vulnerability
                        ),
                        s.to_string(),
                    ));
                }
                TableResult::Played(played)
            }
            None => match score {
                Some(s) => TableResult::Assigned(s),
                None => TableResult::NotPlayed,
            },
        };
        board.lines.push(Line {
            ns,
            ew,
            result,
            lead: t.text_of("LEAD").map(str::to_string),
            table: None,
            round: None,
            group: 0,
            pos: t.pos,
        });
    }
    Ok(board)
}

/// The percentages an artificial score is written with: 60, 50, 40 for Average+, Average and
/// Average− (the standard values; the awarded matchpoints, whatever the session's averages,
/// are in the line's matchpoint elements), a set percentage as it is when it is a whole number
/// below 100.
fn artificial_percent(a: Artificial) -> Option<u8> {
    match a {
        Artificial::AveragePlus => Some(60),
        Artificial::Average => Some(50),
        Artificial::AverageMinus => Some(40),
        Artificial::Percent(p) => {
            let n = p.numer();
            (p.is_integer() && (0..100).contains(&n)).then_some(n as u8)
        }
    }
}

/// `A6040` read back: 60, 50 and 40 are Average+, Average and Average−.
fn artificial_code(code: &str) -> Option<(Artificial, Artificial)> {
    let digits = code.get(1..)?;
    if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let side = |d: &str| -> Option<Artificial> {
        let n: i64 = d.parse().ok()?;
        Some(match n {
            60 => Artificial::AveragePlus,
            50 => Artificial::Average,
            40 => Artificial::AverageMinus,
            n => Artificial::Percent(crate::rational::Ratio::from_int(n)),
        })
    };
    Some((side(&digits[..2])?, side(&digits[2..])?))
}

/// Why a line cannot be written, or `None`.
fn unwritable(result: &TableResult) -> Option<&'static str> {
    match result {
        TableResult::Weighted(_) => Some("a weighted score"),
        TableResult::Split { .. } => Some("a split score"),
        TableResult::Artificial { ns, ew } => (artificial_percent(*ns).is_none()
            || artificial_percent(*ew).is_none())
        .then_some("an artificial score that is not a whole percentage"),
        _ => None,
    }
}

/// A USEBIO file, and the boards it leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub xml: String,
    /// One entry per board left out: its first line USEBIO cannot hold.
    pub left_out: Vec<WriteError>,
}

/// Each seat with its four suits (spades first).
type Hands<'a> = Vec<(Seat, Vec<&'a str>)>;

/// The four hands of a PBN deal (`N:S.H.D.C E… S… W…`), clockwise from the first seat.
fn pbn_hands(deal: &str) -> Option<Hands<'_>> {
    let (first, rest) = deal.split_once(':')?;
    let mut seat: Seat = first.trim().parse().ok()?;
    let mut out = Vec::with_capacity(4);
    for hand in rest.split_whitespace() {
        let suits: Vec<&str> = hand.split('.').collect();
        if suits.len() != 4 || suits.iter().any(|s| s.contains(['<', '&'])) {
            return None;
        }
        out.push((seat, suits));
        seat = seat.next();
    }
    (out.len() == 4).then_some(out)
}

/// Why a session cannot be written as USEBIO.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("board {board}, pair {ns} against {ew}: {what} cannot be written in USEBIO 1.2")]
pub struct WriteError {
    pub board: u32,
    pub ns: PairId,
    pub ew: PairId,
    pub what: &'static str,
}

/// Text as an element (or an attribute) of ours holds it: escaped (`&`, `<`, `>` and both
/// quotes), and on one line without the control characters XML 1.0 cannot carry (each a blank).
pub(crate) fn xml_text(s: &str) -> String {
    let flat: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    escape(&flat).into_owned()
}

/// The club that ran the event, as a federation's upload names it (`CLUB`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Club {
    pub name: String,
    /// The club's federation number (EBU club id, ACBL club number, FFB club code), when
    /// known.
    pub number: Option<String>,
}

/// The prolog, the root, the `CLUB` and the opening `EVENT` tag with the program's name and
/// version.
pub(crate) fn begin(out: &mut String, event_type: &str, club: Option<&Club>) {
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE USEBIO SYSTEM \"usebio_v1_2.dtd\">\n<USEBIO Version=\"1.2\">\n");
    if let Some(c) = club.filter(|c| !c.name.trim().is_empty()) {
        let _ = writeln!(
            out,
            "  <CLUB>\n    <CLUB_NAME>{}</CLUB_NAME>",
            xml_text(c.name.trim())
        );
        if let Some(n) = c.number.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            let _ = writeln!(out, "    <CLUB_ID_NUMBER>{}</CLUB_ID_NUMBER>", xml_text(n));
        }
        out.push_str("  </CLUB>\n");
    }
    let _ = writeln!(out, "  <EVENT EVENT_TYPE=\"{event_type}\">");
    let _ = writeln!(
        out,
        "    <PROGRAM_NAME>arbiter</PROGRAM_NAME>\n    <PROGRAM_VERSION>{}</PROGRAM_VERSION>",
        env!("CARGO_PKG_VERSION")
    );
}

/// A `PLAYER` of a pair or a team: the name and the federation licence, when known.
pub(crate) fn write_player(out: &mut String, name: &str, licence: Option<&Licence>) {
    let _ = writeln!(
        out,
        "        <PLAYER>\n          <PLAYER_NAME>{}</PLAYER_NAME>",
        xml_text(name)
    );
    if let Some(l) = licence {
        // A Licence holds only letters, digits and - . /: nothing to escape.
        let _ = writeln!(
            out,
            "          <NATIONAL_ID_NUMBER>{l}</NATIONAL_ID_NUMBER>"
        );
    }
    out.push_str("        </PLAYER>\n");
}

/// Writes a scored session as USEBIO 1.2, refused when a board cannot be written in full
/// (see [`write_leaving_out`] to export the others).
pub fn write(session: &Session, scored: &Scored) -> Result<String, WriteError> {
    let w = write_leaving_out(session, scored);
    match w.left_out.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(w.xml),
    }
}

/// What an upload carries beyond the session: the club, and the pair numbers as the ranking
/// prints them.
#[derive(Debug, Clone, Default)]
pub struct Upload {
    pub club: Option<Club>,
    /// East-West pairs numbered from 1 again (`1 EO` … `8 EO`) when the club numbers them so:
    /// the file then writes the same numbers as the printed ranking, `DIRECTION` telling the
    /// two lines apart.
    pub labels: PairLabels,
    /// The club's masterpoint scale: each pair's award written as `MASTER_POINTS` (after
    /// `PLACE`, as the NZB converter and our DTD place it), in the scale's unit.
    pub masterpoints: Option<Scale>,
}

/// Writes a scored session as USEBIO 1.2, every board but those with a score the format cannot
/// hold (each left out alone, named in [`Written::left_out`] and in an XML comment).
pub fn write_leaving_out(session: &Session, scored: &Scored) -> Written {
    write_upload(session, scored, &Upload::default())
}

/// [`write_leaving_out`] with the club and the club's pair numbering.
pub fn write_upload(session: &Session, scored: &Scored, upload: &Upload) -> Written {
    let number = |pair: PairId| upload.labels.label(pair).number;
    let mut left_out = Vec::new();
    let mut out = String::with_capacity(
        session.boards.iter().map(|b| b.lines.len()).sum::<usize>() * 400 + 4096,
    );
    let (event_type, method, mp_ns, mp_ew) = match scored.method {
        Method::Matchpoints => (
            "MP_PAIRS",
            "MATCH_POINTS",
            "NS_MATCH_POINTS",
            "EW_MATCH_POINTS",
        ),
        Method::CrossImps { .. } => (
            "CROSS_IMP",
            "CROSS_IMPS",
            "NS_CROSS_IMP_POINTS",
            "EW_CROSS_IMP_POINTS",
        ),
        Method::Butler(_) => (
            "BUTLER_PAIRS",
            "BUTLER_IMPS",
            "NS_BUTLER_POINTS",
            "EW_BUTLER_POINTS",
        ),
    };
    begin(&mut out, event_type, upload.club.as_ref());
    let _ = writeln!(
        out,
        "    <WINNER_TYPE>{}</WINNER_TYPE>",
        if scored.field == FieldKind::One { 1 } else { 2 }
    );
    if let Some(e) = &session.event {
        let _ = writeln!(out, "    <TITLE>{}</TITLE>", xml_text(e.as_str()));
    }
    if let Some(d) = &session.date {
        let p: Vec<&str> = d.split('.').collect();
        let d = if p.len() == 3 {
            format!("{}/{}/{}", p[2], p[1], p[0])
        } else {
            d.clone()
        };
        let _ = writeln!(out, "    <DATE>{}</DATE>", xml_text(d.as_str()));
    }
    if let Some(s) = &session.site {
        let _ = writeln!(out, "    <VENUE>{}</VENUE>", xml_text(s.as_str()));
    }
    // BOARD_SCORING_METHOD, as for teams: the element the public readers of real files take.
    let _ = writeln!(
        out,
        "    <BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD>"
    );
    let _ = writeln!(out, "    <PARTICIPANTS EVENT_TYPE=\"{event_type}\">");
    let awards = upload
        .masterpoints
        .as_ref()
        .map(|scale| (scale, award_session(scale, scored)));
    for (i, r) in scored.ranking.iter().enumerate() {
        let dir = match r.field {
            Field::NorthSouth => "NS",
            Field::EastWest => "EW",
            Field::All => "",
        };
        out.push_str("      <PAIR>\n");
        // The number alone, as on the traveller lines; a Mitchell's two lines are told apart
        // by DIRECTION.
        let _ = writeln!(out, "        <PAIR_NUMBER>{}</PAIR_NUMBER>", number(r.pair));
        if !dir.is_empty() {
            let _ = writeln!(out, "        <DIRECTION>{dir}</DIRECTION>");
        }
        if let Some(name) = session.names.get(&r.pair).filter(|n| !n.trim().is_empty()) {
            let licences = session.licences.get(&r.pair);
            for (i, player) in name.split(PLAYERS_SEPARATOR).enumerate() {
                let licence = licences.and_then(|l| l.get(i)).and_then(Option::as_ref);
                write_player(&mut out, player, licence);
            }
        }
        let _ = writeln!(
            out,
            "        <TOTAL_SCORE>{}</TOTAL_SCORE>",
            r.total.to_fixed(2)
        );
        if let Some(p) = r.percent {
            let _ = writeln!(out, "        <PERCENTAGE>{}</PERCENTAGE>", p.to_fixed(2));
        }
        let _ = writeln!(
            out,
            "        <PLACE>{}{}</PLACE>",
            r.rank,
            if r.tied { "=" } else { "" }
        );
        if let Some((scale, awards)) = &awards {
            let _ = writeln!(
                out,
                "        <MASTER_POINTS>\n          <MASTER_POINTS_AWARDED>{}</MASTER_POINTS_AWARDED>\n        </MASTER_POINTS>",
                scale.show(awards[i])
            );
        }
        out.push_str("      </PAIR>\n");
    }
    out.push_str("    </PARTICIPANTS>\n");
    for (b, sb) in session.boards.iter().zip(&scored.boards) {
        if let Some((l, what)) = b
            .lines
            .iter()
            .find_map(|l| unwritable(&l.result).map(|w| (l, w)))
        {
            let e = WriteError {
                board: b.number,
                ns: l.ns,
                ew: l.ew,
                what,
            };
            let _ = writeln!(out, "    <!-- {e}: board left out -->");
            left_out.push(e);
            continue;
        }
        let _ = writeln!(
            out,
            "    <BOARD EVENT_TYPE=\"{event_type}\">\n      <BOARD_NUMBER>{}</BOARD_NUMBER>",
            b.number
        );
        for (l, sl) in b.lines.iter().zip(&sb.lines) {
            let (contract, by, tricks, score) = match &l.result {
                TableResult::NotPlayed => continue,
                TableResult::Played(Played::PassedOut) => (
                    "PASS".to_string(),
                    String::new(),
                    String::new(),
                    "0".to_string(),
                ),
                TableResult::Played(
                    p @ Played::Made {
                        contract,
                        declarer,
                        tricks,
                    },
                ) => (
                    contract.to_string(),
                    declarer.to_string(),
                    tricks.to_string(),
                    p.score_ns(b.vulnerability).to_string(),
                ),
                TableResult::Assigned(s) => {
                    (String::new(), String::new(), String::new(), s.to_string())
                }
                TableResult::Artificial { ns, ew } => {
                    // Checked above: both are whole percentages below 100.
                    let (Some(n), Some(e)) = (artificial_percent(*ns), artificial_percent(*ew))
                    else {
                        continue;
                    };
                    (
                        String::new(),
                        String::new(),
                        String::new(),
                        format!("A{n:02}{e:02}"),
                    )
                }
                // Left out above with their board.
                TableResult::Weighted(_) | TableResult::Split { .. } => continue,
            };
            out.push_str("      <TRAVELLER_LINE>\n");
            let _ = writeln!(
                out,
                "        <NS_PAIR_NUMBER>{}</NS_PAIR_NUMBER>\n        <EW_PAIR_NUMBER>{}</EW_PAIR_NUMBER>",
                number(l.ns),
                number(l.ew)
            );
            if !contract.is_empty() {
                let _ = writeln!(out, "        <CONTRACT>{contract}</CONTRACT>");
            }
            if !by.is_empty() {
                let _ = writeln!(out, "        <PLAYED_BY>{by}</PLAYED_BY>");
            }
            if let Some(lead) = &l.lead {
                let _ = writeln!(out, "        <LEAD>{}</LEAD>", xml_text(lead.as_str()));
            }
            if !tricks.is_empty() {
                let _ = writeln!(out, "        <TRICKS>{tricks}</TRICKS>");
            }
            let _ = writeln!(out, "        <SCORE>{score}</SCORE>");
            if let Some(v) = sl.ns {
                let _ = writeln!(out, "        <{mp_ns}>{}</{mp_ns}>", v.to_fixed(2));
            }
            if let Some(v) = sl.ew {
                let _ = writeln!(out, "        <{mp_ew}>{}</{mp_ew}>", v.to_fixed(2));
            }
            out.push_str("      </TRAVELLER_LINE>\n");
        }
        out.push_str("    </BOARD>\n");
    }
    out.push_str("  </EVENT>\n");
    write_handset(
        &mut out,
        session
            .boards
            .iter()
            .filter_map(|b| Some((b.number, b.deal.as_deref()?))),
    );
    out.push_str("</USEBIO>\n");
    Written { xml: out, left_out }
}

/// The `HANDSET`: each board's four hands (from PBN deals), after the `EVENT`.
pub(crate) fn write_handset<'a>(out: &mut String, deals: impl Iterator<Item = (u32, &'a str)>) {
    let hands: Vec<(u32, Hands)> = deals
        .filter_map(|(n, d)| Some((n, pbn_hands(d)?)))
        .collect();
    if !hands.is_empty() {
        out.push_str("  <HANDSET>\n");
        for (number, seats) in hands {
            let _ = writeln!(
                out,
                "    <BOARD>\n      <BOARD_NUMBER>{number}</BOARD_NUMBER>"
            );
            for (seat, suits) in seats {
                let dir = match seat {
                    Seat::North => "North",
                    Seat::East => "East",
                    Seat::South => "South",
                    Seat::West => "West",
                };
                let _ = writeln!(
                    out,
                    "      <HAND>\n        <DIRECTION>{dir}</DIRECTION>\n        <SPADES>{}</SPADES>\n        <HEARTS>{}</HEARTS>\n        <DIAMONDS>{}</DIAMONDS>\n        <CLUBS>{}</CLUBS>\n      </HAND>",
                    suits[0], suits[1], suits[2], suits[3]
                );
            }
            out.push_str("    </BOARD>\n");
        }
        out.push_str("  </HANDSET>\n");
    }
}
