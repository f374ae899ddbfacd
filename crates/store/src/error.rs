//! What can go wrong in the store, in terms the server turns into messages and statuses.

/// A store error. `Refused` and `NotFound` are the user's doing (a 4xx status); `Database` and
/// `Engine` are ours or the machine's.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The thing named does not exist (or belongs to another event).
    #[error("{0} not found")]
    NotFound(&'static str),
    /// The action is not allowed in the event's current state; the message says why, in English,
    /// and `reason` is a stable code the server translates.
    #[error("{message}")]
    Refused { reason: Refusal, message: String },
    /// A form or file value is wrong: which field (or line and column), what was expected, what was found.
    #[error("{field}: expected {expected}, found {found}")]
    Invalid {
        field: String,
        expected: String,
        found: String,
    },
    /// Someone else changed what the form edits since its page was built: nothing was written.
    /// `version` is the current one (a page built again at it may write).
    #[error("changed meanwhile by someone else ({} value(s)): nothing written", changed.len())]
    Conflict {
        version: crate::edits::Version,
        changed: Vec<crate::edits::Changed>,
    },
    /// The pairing engine could not pair the round.
    #[error("pairing: {0}")]
    Pairing(#[from] pairing::PairingError),
    #[error("tie-breaks: {0}")]
    Tiebreak(String),
    /// A team event's rows that chess-results.com's file cannot name (ours to fix).
    #[error("chess-results.com file: {0}")]
    ChessResults(#[from] tournament::chess_results::TeamFileError),
    #[error("database: {0}")]
    Database(#[from] rusqlite::Error),
    /// A database failure shared by several callers (a batch of players' reports).
    #[error("database: {0}")]
    Shared(String),
    #[error("database migration: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error("snapshot: {0}")]
    Snapshot(#[from] serde_json::Error),
    /// Too many wrong passwords or codes from here (or for this account): try again after
    /// the wait.
    #[error("too many failed attempts: wait {retry_after_ms} ms")]
    TooManyAttempts { retry_after_ms: u64 },
    /// The database file (or its folder or disk) cannot be written.
    #[error("the database cannot be written (a read-only file, folder or disk); arbiter writes every action to it")]
    ReadOnly(std::path::PathBuf),
    /// A file given to restore is not an arbiter database this version can take.
    #[error("not restored: {0}")]
    Restore(#[from] RestoreRefusal),
}

impl Error {
    /// The disk (or the database's size limit) is full: SQLite's `SQLITE_FULL`, also when a
    /// batch shared the failure.
    pub fn is_disk_full(&self) -> bool {
        match self {
            Error::Database(e)
            | Error::Migration(rusqlite_migration::Error::RusqliteError { err: e, .. }) => {
                is_full(e)
            }
            Error::Shared(message) => message.contains(FULL_MESSAGE),
            _ => false,
        }
    }
}

/// SQLite's words for `SQLITE_FULL`.
const FULL_MESSAGE: &str = "database or disk is full";

pub(crate) fn is_full(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DiskFull))
        || e.to_string().contains(FULL_MESSAGE)
}

/// Why an action was refused: stable codes for translation and for the JSON API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The previous round still has boards without a result.
    MissingResults,
    /// Every round of the event has been paired.
    AllRoundsPaired,
    /// The round's pairing can no longer change: a result is in, or the next round is paired.
    RoundClosed,
    /// The round asked for is not the one to pair next.
    WrongRound,
    /// Too few players to pair.
    TooFewPlayers,
    /// The player has used up their requested byes.
    ByeLimit,
    /// A player code that does not open this board, or a result already confirmed.
    BadCode,
    /// Too many wrong codes from one place: wait.
    RateLimited,
    /// The player is withdrawn (or not yet entered) in that round.
    NotPlaying,
    /// The setting can no longer change once round 1 is paired.
    EventStarted,
    /// Nothing to undo.
    NothingToUndo,
    /// Login failed or the account exists.
    Login,
    /// A round robin takes 3 to 24 players.
    RoundRobinSize,
    /// A round robin's players and games are fixed by its table once round 1 is paired: no late
    /// entry, no requested bye (a missed game is a forfeit).
    RoundRobinFixed,
    /// The board's result is already confirmed by the arbiter: a player's code no longer opens it.
    ResultConfirmed,
    /// Bridge: the board is not played at that table in that round (or by those pairs).
    NotThisTable,
    /// Bridge: the movement can no longer change once a result is entered.
    SessionStarted,
    /// Bridge: the pair number is not a pair of the session's movement.
    NoSuchPair,
    /// Checked-in players of the round wait to be paired by hand: no result, no next round.
    UnpairedPlayers,
    /// A Double-Swiss match changes by swaps (both games at once), not board by board.
    MatchEditedBySwaps,
    /// The pairing rating gave the pairing numbers: it is fixed once round 1 is paired.
    PairingRatingFixed,
    /// Sections: a player moves between sections before round 1 of both.
    SectionStarted,
    /// Sections: the event is a section of a group already.
    InAnotherGroup,
    /// Sections: a move between sections is taken back by moving the player back, not by undo.
    MovedBetweenSections,
    /// The event's registration form is closed (never opened, or past its closing time).
    RegistrationClosed,
    /// The event's registration form has as many entries waiting for the arbiter as it takes.
    RegistrationFull,
    /// The entry was already validated or rejected.
    EntryDecided,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub(crate) fn refused(reason: Refusal, message: impl Into<String>) -> Error {
        Error::Refused {
            reason,
            message: message.into(),
        }
    }

    pub(crate) fn invalid(
        field: impl Into<String>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> Error {
        Error::Invalid {
            field: field.into(),
            expected: expected.into(),
            found: found.into(),
        }
    }
}

impl crate::text::TextError {
    /// The store's error for a form field or a file value named `field`.
    pub fn invalid(&self, field: impl Into<String>, max: usize) -> Error {
        Error::Invalid {
            field: field.into(),
            expected: crate::text::expected(max),
            found: self.to_string(),
        }
    }
}

/// Why a file is not restored. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestoreRefusal {
    #[error("the file is not an SQLite database")]
    NotSqlite,
    #[error("the file is an SQLite database without arbiter's tables")]
    NotArbiter,
    #[error("the file comes from a newer arbiter (schema version {found}; this one knows up to {ours}): restore it with that version")]
    Newer { found: i64, ours: i64 },
    #[error("the file lacks arbiter's {kind} {name}")]
    Missing { kind: String, name: String },
    #[error("the file has a {kind} {name} that arbiter does not make")]
    Extra { kind: String, name: String },
    #[error("the file's {kind} {name} differs from arbiter's")]
    Changed { kind: String, name: String },
    #[error("the file is damaged: {0}")]
    Damaged(String),
    #[error("the file's table {table} has {rows} rows pointing to rows that do not exist")]
    BrokenReferences { table: String, rows: usize },
}

impl RestoreRefusal {
    /// A stable code for the API and the translated messages.
    pub fn code(&self) -> &'static str {
        match self {
            RestoreRefusal::NotSqlite => "not_sqlite",
            RestoreRefusal::NotArbiter => "not_arbiter",
            RestoreRefusal::Newer { .. } => "newer_version",
            RestoreRefusal::Missing { .. } => "missing_object",
            RestoreRefusal::Extra { .. } => "extra_object",
            RestoreRefusal::Changed { .. } => "changed_object",
            RestoreRefusal::Damaged(_) => "damaged",
            RestoreRefusal::BrokenReferences { .. } => "broken_references",
        }
    }

    /// The values its message names: `found`, `ours`, `kind`, `name`, `table`, `rows`.
    pub fn values(&self) -> Vec<(&'static str, String)> {
        match self {
            RestoreRefusal::Newer { found, ours } => {
                vec![("found", found.to_string()), ("ours", ours.to_string())]
            }
            RestoreRefusal::Missing { kind, name }
            | RestoreRefusal::Extra { kind, name }
            | RestoreRefusal::Changed { kind, name } => {
                vec![("kind", kind.clone()), ("name", name.clone())]
            }
            RestoreRefusal::BrokenReferences { table, rows } => {
                vec![("table", table.clone()), ("rows", rows.to_string())]
            }
            RestoreRefusal::NotSqlite | RestoreRefusal::NotArbiter | RestoreRefusal::Damaged(_) => {
                Vec::new()
            }
        }
    }
}
