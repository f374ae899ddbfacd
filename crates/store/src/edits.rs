//! Several people edit one event at once (the chief arbiter, a deputy, the players' phones): a
//! form changes only what its page showed, never what someone else wrote meanwhile.
//!
//! A page is built at a [`Version`] of its event ([`crate::Store::event_version`]) or bridge
//! session ([`crate::Store::bridge_version`]), and its form sends that version back. The store
//! then knows what the page showed, without the page carrying it: the event as it was at that
//! version is in the action log (the state saved by the first action after it), a bridge line
//! or pair in the session's log (the `before` of the first change after it). For each value the
//! form sends, [`merge`] compares what the page showed, what is stored now and what the form
//! asks for: a value the user left as shown is not written, a value changed only by the form is
//! written, and a value someone else changed meanwhile to something else is a [`Changed`] for
//! the user to see (both values), never overwritten.
//!
//! ```
//! use store::{EventSettings, NewPlayer, Store, Version};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("chief", &EventSettings::new("Open".parse().unwrap(), 5)).unwrap();
//! let id = store.add_player("chief", event, &NewPlayer::named("Levy, Anne".parse().unwrap(), Some(1800))).unwrap();
//! // Two arbiters open the player's page at the same version.
//! let seen = Version(store.event_version(event).unwrap());
//! let mut deputy = store.player(event, id).unwrap().details;
//! deputy.rating = Some(1850);
//! store.update_player("deputy", event, id, &deputy, Some(seen)).unwrap();
//! // The chief's form, built before the deputy's change, is refused: nothing is overwritten.
//! let mut chief = store.player(event, id).unwrap().details;
//! chief.rating = Some(1900);
//! assert!(matches!(
//!     store.update_player("chief", event, id, &chief, Some(seen)),
//!     Err(store::Error::Conflict { .. })
//! ));
//! assert_eq!(store.player(event, id).unwrap().details.rating, Some(1850));
//! ```

use serde::{Deserialize, Serialize};

use crate::bridge::{BridgeSettings, Line, NewPair};
use crate::chess::types::{ByeKind, EventSettings, NewPlayer, PlayerKey, ResultCode, RoundStart};
use bridge::movement::PairLabels;

/// The version of an event or a bridge session a page was built from: it grows with every
/// change to it (a player's report, which waits for the arbiter, is not a change).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Version(pub i64);

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for Version {
    type Err = std::num::ParseIntError;
    /// `41`, or as an HTTP entity tag: `"41"`, `W/"41"`.
    fn from_str(s: &str) -> Result<Version, Self::Err> {
        let t = s.trim();
        let t = t.strip_prefix("W/").unwrap_or(t);
        t.trim_matches('"').parse().map(Version)
    }
}

/// A value a form would change that someone else changed first, since the version its page
/// was built from: what the page showed, what is stored now, and what the form asked for.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Changed {
    /// A board's result (`shown` is `None` too when the page showed another pairing there).
    Board {
        round: u32,
        board: u32,
        shown: Option<ResultCode>,
        stored: Option<ResultCode>,
        yours: Option<ResultCode>,
    },
    /// A round's pairing was changed (a swap, or paired again).
    Pairing { round: u32 },
    /// A player's details.
    Player {
        player: PlayerKey,
        shown: Option<Box<NewPlayer>>,
        stored: Box<NewPlayer>,
        yours: Box<NewPlayer>,
    },
    /// A player's check-in.
    Presence {
        player: PlayerKey,
        name: String,
        shown: Option<bool>,
        stored: bool,
        yours: bool,
    },
    /// A player's withdrawal (the first round not paired, or none).
    Withdrawal {
        player: PlayerKey,
        name: String,
        shown: Option<u32>,
        stored: Option<u32>,
    },
    /// A player's bye in one round.
    Bye {
        player: PlayerKey,
        name: String,
        round: u32,
        shown: Option<ByeKind>,
        stored: Option<ByeKind>,
        yours: Option<ByeKind>,
    },
    /// The event's settings.
    Settings {
        shown: Option<Box<EventSettings>>,
        stored: Box<EventSettings>,
    },
    /// A bridge traveller line (its result, status or open conflict).
    Line {
        board: u32,
        ns: u32,
        ew: u32,
        /// How the session shows its pair numbers (`2 EW` for pair 9 numbered per line), for
        /// the message; the API's JSON keeps the movement's numbers.
        #[serde(skip)]
        labels: PairLabels,
        shown: Option<Box<Line>>,
        stored: Box<Line>,
    },
    /// A bridge pair's names.
    Pair {
        number: u32,
        /// How the session shows its pair numbers, as for [`Changed::Line`].
        #[serde(skip)]
        labels: PairLabels,
        shown: Option<Box<NewPair>>,
        stored: Box<NewPair>,
        yours: Box<NewPair>,
    },
    /// A board of a team match (`table`: the match's number in the round).
    TeamBoard {
        round: u32,
        table: u32,
        board: u32,
        stored: Option<ResultCode>,
        yours: Option<ResultCode>,
    },
    /// The bridge session's settings.
    Session {
        shown: Option<Box<BridgeSettings>>,
        stored: Box<BridgeSettings>,
    },
    /// A chess round's date and time.
    RoundStart {
        round: u32,
        shown: Option<RoundStart>,
        stored: Option<RoundStart>,
        yours: Option<RoundStart>,
    },
    /// A team event's settings.
    TeamSettings {
        stored: Box<crate::teams::TeamEventSettings>,
    },
    /// What a player paid of the entry fee (amount and method, `None` for nothing paid).
    Payment {
        player: PlayerKey,
        name: String,
        shown: Option<(String, String)>,
        stored: Option<(String, String)>,
        yours: (String, String),
    },
    /// A player entered since the page was built who is the same person as the one the form
    /// adds (same FIDE id, licence, or name and birth date).
    Added {
        player: PlayerKey,
        stored: Box<NewPlayer>,
        yours: Box<NewPlayer>,
    },
    /// A room's board of a bridge teams match the director's grid would change, entered or
    /// changed since its page was built (`room`: `open` or `closed`).
    RoomBoard {
        round: u32,
        #[serde(rename = "match")]
        match_no: u32,
        room: String,
        board: u32,
        stored: Option<Box<crate::bridge::Entry>>,
        yours: Box<crate::bridge::Entry>,
    },
    /// A form that replaces what its page showed as a whole, refused because arbiters or
    /// directors changed the scope since ([`crate::versions`]).
    Since { changes: Vec<Change> },
}

/// What a batch of edits did: how many values were written, and those someone else had
/// changed first (left as stored).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Written {
    pub changed: usize,
    pub conflicts: Vec<Changed>,
}

/// What the page showed of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shown<T> {
    /// No version was sent (a script): the form's value is compared with the stored one.
    Unknown,
    /// The value as the page showed it.
    As(T),
    /// The page showed something else in its place (another pairing on that board, a player
    /// added since): any change is a conflict.
    Gone,
}

impl<T> Shown<T> {
    pub(crate) fn map<U>(self, f: impl FnOnce(T) -> U) -> Shown<U> {
        match self {
            Shown::Unknown => Shown::Unknown,
            Shown::As(v) => Shown::As(f(v)),
            Shown::Gone => Shown::Gone,
        }
    }

    pub(crate) fn as_ref(&self) -> Shown<&T> {
        match self {
            Shown::Unknown => Shown::Unknown,
            Shown::As(v) => Shown::As(v),
            Shown::Gone => Shown::Gone,
        }
    }

    /// The value shown, when there was one.
    pub(crate) fn value(self) -> Option<T> {
        match self {
            Shown::As(v) => Some(v),
            _ => None,
        }
    }
}

/// What to do with one value a form sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Merge {
    /// Nothing to write: left as shown, or already what the form asks for.
    Unchanged,
    Write,
    /// Someone else changed it since the page was built, to something else than the form asks.
    Conflict,
}

/// Decides one value: written only when the user changed it and nobody else did meanwhile.
pub(crate) fn merge<T: PartialEq>(shown: Shown<&T>, stored: &T, yours: &T) -> Merge {
    if yours == stored {
        return Merge::Unchanged;
    }
    match shown {
        Shown::Unknown => Merge::Write,
        Shown::As(s) if yours == s => Merge::Unchanged,
        Shown::As(s) if stored == s => Merge::Write,
        Shown::As(_) | Shown::Gone => Merge::Conflict,
    }
}

/// Whether a form that sets one value explicitly (a player's details, the settings, a bye)
/// may write it: the value is still as its page showed it, or already what the form asks.
/// Unlike [`merge`], a value left as shown is written too (the form asked for it), so a value
/// someone else changed meanwhile is a conflict even when the form repeats what it showed.
pub(crate) fn still_as_shown<T: PartialEq>(shown: Shown<&T>, stored: &T, yours: &T) -> bool {
    match shown {
        Shown::Unknown => true,
        Shown::As(s) => stored == s || yours == stored,
        Shown::Gone => yours == stored,
    }
}

/// One change made after a version: when, who, and the log's code for what (`update_player`,
/// `settings`, `team`, …); an empty `actor` when the scope keeps no log of its own (a series).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub at: String,
    pub actor: String,
    pub action: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_the_user_changed_is_written() {
        // Left as shown: a colleague's value stays.
        assert_eq!(merge(Shown::As(&1), &2, &1), Merge::Unchanged);
        // Changed by the user alone.
        assert_eq!(merge(Shown::As(&1), &1, &3), Merge::Write);
        // Changed by both, the same way.
        assert_eq!(merge(Shown::As(&1), &2, &2), Merge::Unchanged);
        // Changed by both, differently: a conflict.
        assert_eq!(merge(Shown::As(&1), &2, &3), Merge::Conflict);
        // No version: whatever differs from the stored value.
        assert_eq!(merge(Shown::Unknown, &2, &3), Merge::Write);
        assert_eq!(merge(Shown::Unknown, &2, &2), Merge::Unchanged);
        assert_eq!(merge(Shown::Gone, &2, &3), Merge::Conflict);
    }

    #[test]
    fn a_value_set_explicitly_conflicts_when_changed_meanwhile() {
        assert!(still_as_shown(Shown::As(&1), &1, &3));
        assert!(still_as_shown(Shown::As(&1), &2, &2));
        // Repeating what the page showed still overwrites a colleague's change: refused.
        assert!(!still_as_shown(Shown::As(&1), &2, &1));
        assert!(!still_as_shown(Shown::As(&1), &2, &3));
        assert!(still_as_shown(Shown::Unknown, &2, &3));
    }

    #[test]
    fn versions_read_as_entity_tags() {
        assert_eq!("41".parse(), Ok(Version(41)));
        assert_eq!("\"41\"".parse(), Ok(Version(41)));
        assert_eq!("W/\"41\"".parse(), Ok(Version(41)));
        assert!("x".parse::<Version>().is_err());
    }
}
