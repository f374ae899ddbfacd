//! Typed problems found while reading a TRF file, each with its line and column.

use std::fmt;

/// What kind of problem a [`TrfError`] is, so callers can react without parsing messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrfErrorKind {
    /// A character where the fixed-column layout wants a blank, or a field out of place.
    Layout,
    /// A number, date-free text or code that cannot be read in its field.
    BadField,
    /// A result code that TRF does not define.
    UnknownResult,
    /// A colour other than `w`, `b`, `-` or blank.
    BadColor,
    /// An opponent or bye entry that is not allowed with this result (e.g. `12 w H`).
    BadEntry,
    /// The same start number on two player lines.
    DuplicatePlayer,
    /// A start number that names no player, or start numbers that are not 1 to n.
    UnknownPlayer,
    /// A player named as their own opponent.
    SelfOpponent,
    /// An opponent whose own entry for that round does not name this player.
    OpponentMismatch,
    /// Two opponents with the same colour, or one colour missing.
    ColorMismatch,
    /// Two opponents whose results do not complement each other.
    ResultMismatch,
    /// The points column disagrees with the results under the point system.
    ScoreMismatch,
    /// An entry or record for a round after the declared number of rounds.
    RoundOutOfRange,
    /// A single-valued record written twice.
    DuplicateRecord,
    /// Two notations of the same fact that disagree (e.g. `XXR 7` and `142 9`).
    Conflict,
    /// More than one pairing-allocated bye in a round.
    SecondPairingBye,
    /// A player listed in two teams, or twice in one forbidden-pairs group.
    DuplicateMember,
    /// No player line (`001`) at all: an empty file, or not a TRF file.
    NoPlayers,
    /// A team number that names no team, or a number given to two teams.
    UnknownTeam,
    /// In a team file, members of one team facing different teams in one round, or a team
    /// named as the bye's receiver in a round its members played.
    TeamMismatch,
    /// A record this program keeps but does not apply (a warning, never an error): its
    /// content changes nothing the program computes.
    NotApplied,
}

/// One problem in a TRF file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: expected {expected}, found {found}")]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) where the problem starts.
    pub column: usize,
    pub kind: TrfErrorKind,
    /// What the reader expected there.
    pub expected: String,
    /// What it found, quoted when it is file text.
    pub found: String,
}

impl TrfError {
    pub(crate) fn new(
        line: usize,
        column: usize,
        kind: TrfErrorKind,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> Self {
        TrfError {
            line,
            column,
            kind,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// Every problem found in a file, in line then column order. Never empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfErrors(pub Vec<TrfError>);

impl TrfErrors {
    pub fn iter(&self) -> std::slice::Iter<'_, TrfError> {
        self.0.iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for TrfErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for TrfErrors {}

impl<'a> IntoIterator for &'a TrfErrors {
    type Item = &'a TrfError;
    type IntoIter = std::slice::Iter<'a, TrfError>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// A problem that [`read_for_pairing`](super::read_for_pairing) stepped over: it is in a
/// column that pairing engines do not read, so the file is still paired, and `action` says
/// what was read instead. [`read`](super::read) reports the same problem as a [`TrfError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfWarning {
    pub problem: TrfError,
    /// What the reader did instead, e.g. "the title is left out".
    pub action: String,
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.problem, self.action)
    }
}
