//! The session model: boards with one traveller line per table, and its validation.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Seat, Vulnerability};
use crate::contract::Played;
use crate::rational::Ratio;

/// A fast hasher for small integer keys (pair numbers, rounds); no untrusted-key concerns
/// here, and SipHash showed up in the benchmark profile.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub(crate) type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

/// A table keyed by small integers: a plain vector when the key range is small (the usual
/// case, and much faster than hashing 150,000 keys), a hash map otherwise.
pub(crate) enum Slots<T> {
    Dense(Vec<Option<T>>),
    Sparse(IntMap<u128, T>),
}

impl<T: Copy> Slots<T> {
    pub(crate) fn new(size: u128) -> Self {
        if size <= 1 << 20 {
            Slots::Dense(vec![None; size as usize])
        } else {
            Slots::Sparse(IntMap::default())
        }
    }

    pub(crate) fn get(&self, k: u128) -> Option<T> {
        match self {
            Slots::Dense(v) => v.get(k as usize).copied().flatten(),
            Slots::Sparse(m) => m.get(&k).copied(),
        }
    }

    fn any(&self, f: impl Fn(T) -> bool) -> bool {
        match self {
            Slots::Dense(v) => v.iter().flatten().any(|&x| f(x)),
            Slots::Sparse(m) => m.values().any(|&x| f(x)),
        }
    }

    pub(crate) fn insert(&mut self, k: u128, value: T) -> Option<T> {
        match self {
            Slots::Dense(v) => v.get_mut(k as usize).and_then(|s| s.replace(value)),
            Slots::Sparse(m) => m.insert(k, value),
        }
    }
}

/// The largest score accepted (the largest possible is 7,600: 7NT redoubled, 13 down,
/// vulnerable).
pub const MAX_SCORE: i32 = 100_000;

/// The largest least common multiple of the boards' numbers of results (and those numbers
/// less one and two, the cross-IMP and Butler divisors) accepted. Matchpoints, Neuberg values
/// and IMP averages are exact fractions over these numbers, and a pair's total is a fraction
/// over their lcm: past this bound the exact sums and percentages no longer fit in `i128`.
/// Real sessions stay far below it (boards played 1 to 36 times: 1.4 × 10^14).
pub const MAX_RESULTS_LCM: u128 = 1_000_000_000_000_000;

/// Parses a score in points, refusing values beyond [`MAX_SCORE`].
pub fn parse_points(t: &str) -> Option<i32> {
    t.trim()
        .parse::<i32>()
        .ok()
        .filter(|x| x.unsigned_abs() <= MAX_SCORE.unsigned_abs())
}

/// A pair number as printed on the traveller.
pub type PairId = u32;

/// A position in an input file (1-based). `line == 0` means "not from a file".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
}

impl Pos {
    pub fn new(line: u32, column: u32) -> Pos {
        Pos { line, column }
    }
}

/// Most traveller lines in one session (all boards together). The generated benchmark has
/// 72,000; a session at this bound is read, scored and written in a few hundred MB.
pub const MAX_LINES: usize = 1_000_000;

/// Most boards in one session (a club session has 20 to 36).
pub const MAX_BOARDS: usize = 10_000;

/// Characters of the input quoted in a message, at most.
pub const EXCERPT_CHARS: usize = 40;

/// The start of `s`, cut after [`EXCERPT_CHARS`] characters with `…` and the full length:
/// a 50 MB field must not make a 50 MB message.
pub fn excerpt(s: &str) -> String {
    match s.char_indices().nth(EXCERPT_CHARS) {
        None => s.to_string(),
        Some((cut, _)) => format!("{}… ({} characters)", &s[..cut], s.chars().count()),
    }
}

/// `s` in double quotes, as an [`excerpt`] when long.
pub fn quote(s: &str) -> String {
    match s.char_indices().nth(EXCERPT_CHARS) {
        None => format!("\"{s}\""),
        Some((cut, _)) => format!("\"{}…\" ({} characters)", &s[..cut], s.chars().count()),
    }
}

/// Counts the boards and lines a reader stores, refusing the first past [`MAX_BOARDS`] or
/// [`MAX_LINES`] before it is stored.
#[derive(Debug, Default)]
pub(crate) struct Budget {
    boards: usize,
    lines: usize,
}

impl Budget {
    pub(crate) fn board(&mut self, file: &str, pos: Pos, number: u32) -> Result<(), InputError> {
        Self::count(&mut self.boards, MAX_BOARDS, || {
            InputError::beyond_limits(
                file,
                pos,
                format!("at most {MAX_BOARDS} boards in a session"),
                format!("board {number} after {MAX_BOARDS} others"),
            )
        })
    }

    pub(crate) fn line(&mut self, file: &str, pos: Pos) -> Result<(), InputError> {
        Self::count(&mut self.lines, MAX_LINES, || {
            InputError::beyond_limits(
                file,
                pos,
                format!("at most {MAX_LINES} traveller lines in a session"),
                format!("a line after {MAX_LINES} others"),
            )
        })
    }

    /// Counts one more, refusing the first past `max`.
    fn count(
        counter: &mut usize,
        max: usize,
        refusal: impl FnOnce() -> InputError,
    ) -> Result<(), InputError> {
        *counter += 1;
        if *counter > max {
            return Err(refusal());
        }
        Ok(())
    }
}

/// Why the input was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum InputErrorKind {
    /// Not a valid file of its format.
    #[default]
    Invalid,
    /// Valid as far as read, but larger than the documented limits ([`MAX_LINES`],
    /// [`MAX_BOARDS`]).
    BeyondLimits,
}

/// Bad input: which file, where, what was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: expected {expected}, found {found}")]
pub struct InputError {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub expected: String,
    pub found: String,
    pub kind: InputErrorKind,
}

/// Longest `expected` or `found` kept: a safety net behind the quoting helpers.
const MAX_MESSAGE_PART: usize = 300;

fn capped(s: String) -> String {
    if s.len() <= MAX_MESSAGE_PART {
        return s;
    }
    let mut cut = MAX_MESSAGE_PART;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}… ({} bytes)", &s[..cut], s.len())
}

impl InputError {
    pub fn new(
        file: &str,
        pos: Pos,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> InputError {
        InputError {
            file: file.to_string(),
            line: pos.line,
            column: pos.column,
            expected: capped(expected.into()),
            found: capped(found.into()),
            kind: InputErrorKind::Invalid,
        }
    }

    /// An input past [`MAX_LINES`] or [`MAX_BOARDS`], refused before it is stored.
    pub fn beyond_limits(
        file: &str,
        pos: Pos,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> InputError {
        InputError {
            kind: InputErrorKind::BeyondLimits,
            ..InputError::new(file, pos, expected, found)
        }
    }
}

/// An artificial adjusted score (Law 12C2): Average+, Average, Average− or a set percentage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Artificial {
    AveragePlus,
    Average,
    AverageMinus,
    /// A percentage of the standard top, e.g. 60.
    Percent(Ratio),
}

impl fmt::Display for Artificial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Artificial::AveragePlus => f.write_str("A+"),
            Artificial::Average => f.write_str("A="),
            Artificial::AverageMinus => f.write_str("A-"),
            Artificial::Percent(p) => write!(f, "{}%", p.to_short(2)),
        }
    }
}

/// What happened at one table on one board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TableResult {
    /// A real result: a contract and its tricks, or a pass-out (an ordinary score of 0).
    Played(Played),
    /// An assigned score given as a number, from North-South's side (Law 12C1(a)).
    Assigned(i32),
    /// A weighted assigned score (Law 12C1(c)): NS scores with weights summing to 1.
    Weighted(Vec<(i32, Ratio)>),
    /// Non-balancing scores: NS is scored as if `ns`, EW as if `ew` (both from NS's side).
    Split { ns: i32, ew: i32 },
    /// Artificial scores for each side; the table is left out of the comparison.
    Artificial { ns: Artificial, ew: Artificial },
    /// The table did not play the board: it leaves both pairs' tops.
    NotPlayed,
}

impl TableResult {
    /// A real result compared with the other tables.
    pub fn is_real(&self) -> bool {
        matches!(
            self,
            TableResult::Played(_)
                | TableResult::Assigned(_)
                | TableResult::Weighted(_)
                | TableResult::Split { .. }
        )
    }
}

/// One line of a traveller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub ns: PairId,
    pub ew: PairId,
    pub result: TableResult,
    pub lead: Option<String>,
    pub table: Option<u32>,
    pub round: Option<u32>,
    /// For a fouled board: which version of the deal was played. Each group is scored
    /// on its own (then Neuberg to the full board).
    pub group: u8,
    pub pos: Pos,
}

impl Line {
    pub fn new(ns: PairId, ew: PairId, result: TableResult) -> Line {
        Line {
            ns,
            ew,
            result,
            lead: None,
            table: None,
            round: None,
            group: 0,
            pos: Pos::default(),
        }
    }
}

/// A board and its traveller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub number: u32,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    /// The PBN deal string, when known.
    pub deal: Option<String>,
    /// Where the deal's text starts in the file (line 0 when not from a file).
    pub deal_pos: Pos,
    /// Results expected on this board for Neuberg, when set explicitly.
    pub expected: Option<u32>,
    pub lines: Vec<Line>,
    pub pos: Pos,
}

impl Board {
    /// A board with the dealer and vulnerability of the standard cycle.
    pub fn standard(number: u32) -> Board {
        Board {
            number,
            dealer: crate::board::dealer_of(number),
            vulnerability: crate::board::vulnerability_of(number),
            deal: None,
            deal_pos: Pos::default(),
            expected: None,
            lines: Vec::new(),
            pos: Pos::default(),
        }
    }
}

/// How pairs are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldKind {
    /// Howell or arrow-switched Mitchell: one ranking.
    One,
    /// Mitchell: NS and EW ranked separately.
    Two,
}

/// A player's federation licence number (FFB licence, EBU number, ACBL player number…):
/// 1 to 20 ASCII letters and digits, with `-`, `.` or `/` inside. Every entry point (files,
/// forms) goes through [`Licence::new`], so no writer meets a value its format cannot carry.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Licence(String);

impl Licence {
    /// Most characters in a licence number.
    pub const MAX_LEN: usize = 20;

    /// The licence, surrounding spaces removed; `None` unless it is 1 to 20 letters, digits
    /// and inner `-`, `.` or `/`.
    pub fn new(text: &str) -> Option<Licence> {
        let t = text.trim();
        let ok = !t.is_empty()
            && t.len() <= Self::MAX_LEN
            && t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'/'))
            && t.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
            && t.bytes().last().is_some_and(|b| b.is_ascii_alphanumeric());
        ok.then(|| Licence(t.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Licence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A pairs session.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Session {
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    /// The field kind when the file says it.
    pub field: Option<FieldKind>,
    pub boards: Vec<Board>,
    /// Pair names as printed on the ranking (`"Martin - Durand"`), by pair number: the pair
    /// numbers are unique across the session, as the movements number them.
    pub names: BTreeMap<PairId, String>,
    /// The players' federation licence numbers by pair number, in the order of the names
    /// in [`Session::names`] (`None` for a player without one).
    pub licences: BTreeMap<PairId, Vec<Option<Licence>>>,
}

impl Session {
    /// One field or two: as the file says, else two when the NS and EW pair numbers are
    /// disjoint or a pair number meets itself (a Mitchell), else one.
    pub fn field_kind(&self) -> FieldKind {
        if let Some(f) = self.field {
            return f;
        }
        let max_pair = self
            .boards
            .iter()
            .flat_map(|b| &b.lines)
            .map(|l| u128::from(l.ns.max(l.ew)))
            .max()
            .unwrap_or(0);
        let mut seen: Slots<u8> = Slots::new(max_pair + 1);
        for l in self.boards.iter().flat_map(|b| &b.lines) {
            if l.ns == l.ew {
                return FieldKind::Two;
            }
            let ns = seen.get(l.ns.into()).unwrap_or(0) | 1;
            seen.insert(l.ns.into(), ns);
            let ew = seen.get(l.ew.into()).unwrap_or(0) | 2;
            seen.insert(l.ew.into(), ew);
        }
        if !seen.any(|v| v == 3) {
            FieldKind::Two
        } else {
            FieldKind::One
        }
    }

    /// Checks what a reader cannot check line by line: repeated boards, a pair twice on a
    /// board or twice in a round, weights that do not add up.
    pub fn validate(&self, file: &str, field: FieldKind) -> Result<(), InputError> {
        let mut boards: IntMap<u32, Pos> = IntMap::default();
        let lines = self.boards.iter().flat_map(|b| &b.lines);
        let max_pair = u128::from(lines.clone().map(|l| l.ns.max(l.ew)).max().unwrap_or(0));
        let max_round = u128::from(lines.filter_map(|l| l.round).max().unwrap_or(0));
        let pairs = 3 * (max_pair + 1);
        // (field side, pair) -> (board index, pos), and (round, side, pair) -> (opponent, pos).
        let mut on_board: Slots<(usize, Pos)> = Slots::new(pairs);
        let mut rounds: Slots<(PairId, Pos)> = Slots::new(pairs * (max_round + 1));
        let slot = |side: u8, pair: PairId| u128::from(side) * (max_pair + 1) + u128::from(pair);
        let mut lcm: u128 = 1;
        // (deal group, real results) of one board.
        let mut counts: Vec<(u8, u32)> = Vec::new();
        for (index, board) in self.boards.iter().enumerate() {
            counts.clear();
            for line in board.lines.iter().filter(|l| l.result.is_real()) {
                match counts.iter_mut().find(|c| c.0 == line.group) {
                    Some(c) => c.1 += 1,
                    None => counts.push((line.group, 1)),
                }
            }
            for &(_, n) in &counts {
                for k in [n, n - 1, n.saturating_sub(2)].map(u128::from) {
                    if k > 1 {
                        lcm = lcm / gcd(lcm, k) * k;
                    }
                    if lcm > MAX_RESULTS_LCM {
                        return Err(InputError::new(
                            file,
                            board.pos,
                            format!(
                                "boards whose numbers of results have a least common multiple \
                                 of at most {MAX_RESULTS_LCM} (the scores are exact fractions)"
                            ),
                            format!(
                                "board {} with {n} results after boards with other numbers \
                                 of results",
                                board.number
                            ),
                        ));
                    }
                }
            }
            if let Some(first) = boards.insert(board.number, board.pos) {
                return Err(InputError::new(
                    file,
                    board.pos,
                    format!(
                        "each board once (board {} was already given at line {})",
                        board.number, first.line
                    ),
                    format!("board {} again", board.number),
                ));
            }
            for line in &board.lines {
                let (ns_key, ew_key) = match field {
                    FieldKind::One => ((0, line.ns), (0, line.ew)),
                    FieldKind::Two => ((1, line.ns), (2, line.ew)),
                };
                if field == FieldKind::One && line.ns == line.ew {
                    return Err(InputError::new(
                        file,
                        line.pos,
                        "two different pairs at a table (one-field event)",
                        format!("pair {} against itself on board {}", line.ns, board.number),
                    ));
                }
                for key in [ns_key, ew_key] {
                    let first = on_board.insert(slot(key.0, key.1), (index, line.pos));
                    if let Some((_, first)) = first.filter(|f| f.0 == index) {
                        return Err(InputError::new(
                            file,
                            line.pos,
                            format!(
                                "each pair once on board {} (pair {} already played it at line {})",
                                board.number, key.1, first.line
                            ),
                            format!("pair {} playing board {} twice", key.1, board.number),
                        ));
                    }
                }
                if let Some(r) = line.round {
                    for (key, opp) in [(ns_key, line.ew), (ew_key, line.ns)] {
                        let k = u128::from(r) * pairs + slot(key.0, key.1);
                        match rounds.get(k) {
                            Some((o, first)) if o != opp => {
                                return Err(InputError::new(
                                    file,
                                    line.pos,
                                    format!(
                                        "one table per pair in round {r} (pair {} met pair {o} at line {})",
                                        key.1, first.line
                                    ),
                                    format!("pair {} playing twice in round {r}, against pair {opp}", key.1),
                                ));
                            }
                            Some(_) => {}
                            None => {
                                rounds.insert(k, (opp, line.pos));
                            }
                        }
                    }
                }
                // No real bridge score comes near this; it keeps every difference and
                // negation far from integer overflow.
                let scores: &[i32] = match &line.result {
                    TableResult::Assigned(x) => std::slice::from_ref(x),
                    TableResult::Split { ns, ew } => &[*ns, *ew],
                    _ => &[],
                };
                let weighted = match &line.result {
                    TableResult::Weighted(parts) => parts.as_slice(),
                    _ => &[],
                };
                if let Some(bad) = scores
                    .iter()
                    .copied()
                    .chain(weighted.iter().map(|p| p.0))
                    .find(|x| x.unsigned_abs() > MAX_SCORE.unsigned_abs())
                {
                    return Err(InputError::new(
                        file,
                        line.pos,
                        format!("a score between -{MAX_SCORE} and {MAX_SCORE}"),
                        bad.to_string(),
                    ));
                }
                if let TableResult::Weighted(parts) = &line.result {
                    let percent = |r: Ratio| {
                        let s = (r * Ratio::from_int(100)).to_fixed(4);
                        s.trim_end_matches('0').trim_end_matches('.').to_string()
                    };
                    // Name the zero or negative weight itself: weights such as 120% and
                    // -20% add up to 100% and the total alone would not say what is wrong.
                    if let Some(bad) = parts.iter().find(|p| p.1 <= Ratio::ZERO) {
                        return Err(InputError::new(
                            file,
                            line.pos,
                            "weights above 0%",
                            format!("a weight of {}% (score {})", percent(bad.1), bad.0),
                        ));
                    }
                    let total: Ratio = parts.iter().map(|p| p.1).sum();
                    if total != Ratio::ONE {
                        // Weights have at most 4 decimals, so 4 decimals show the exact total.
                        return Err(InputError::new(
                            file,
                            line.pos,
                            "weights adding up to 100%",
                            format!("weights adding up to {}%", percent(total)),
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
