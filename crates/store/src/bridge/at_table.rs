//! The rules of a table's phone, one for a pairs table and a teams table's room alike: which
//! round the table is in, what a table's entry does to a result already there, and what its
//! confirmation does. The pairs lines ([`super::lines`]) and the teams results
//! ([`super::teams`]) each read their facts and write their own rows; the decisions are made
//! here once.

use super::{Entry, LineStatus};
use crate::error::{Error, Refusal, Result};

/// One round at a table, as the table's entries and the room's show it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct RoundAtTable {
    /// The table entered or confirmed a result of the round.
    pub(crate) entered: bool,
    /// The table has nothing more to do in the round: every result is final or said not
    /// played (or it has nothing to play there).
    pub(crate) done: bool,
    /// The round is over at the table though a result is still open: its players have moved
    /// on, or it handed the round to the director who was called there.
    pub(crate) left: bool,
}

/// The round a table is in, from its rounds in order: the last round it entered or confirmed
/// a result in (the first before any), moved on past every round it is done with or has left.
/// It never goes back to a round with a result left open: that result is the director's.
/// `None` without rounds.
pub(crate) fn round_at_table(rounds: &[RoundAtTable]) -> Option<u32> {
    if rounds.is_empty() {
        return None;
    }
    let mut i = rounds.iter().rposition(|r| r.entered).unwrap_or(0);
    while i + 1 < rounds.len() && (rounds[i].done || rounds[i].left) {
        i += 1;
    }
    Some(i as u32 + 1)
}

/// What a table's entry does where a result may already be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableEntry {
    /// Nothing was there, or this phone corrects its own entry before the opponents confirm.
    Write,
    /// The result already says this.
    Unchanged,
    /// Another phone's entry, or a confirmed one, differs: both are kept for the director.
    Conflict,
}

/// A result as stored, for [`table_entry`]: its status, its entry and the phone that made it.
pub(crate) struct StoredResult<'a> {
    pub(crate) status: LineStatus,
    pub(crate) entry: Option<&'a Entry>,
    pub(crate) device: &'a str,
}

/// What a table's `entry` from `device` does to the stored result: written where nothing is
/// or over the same phone's entry not yet confirmed; a confirmed result or another phone's
/// entry is never overwritten (a conflict); a result the director settled is refused.
pub(crate) fn table_entry(
    stored: Option<StoredResult<'_>>,
    entry: &Entry,
    device: &str,
    what: &str,
) -> Result<TableEntry> {
    let Some(s) = stored else {
        return Ok(TableEntry::Write);
    };
    if matches!(s.status, LineStatus::Director | LineStatus::Adjusted) {
        return Err(settled(what));
    }
    if s.entry == Some(entry) {
        return Ok(TableEntry::Unchanged);
    }
    if s.status == LineStatus::Entered && s.device == device {
        return Ok(TableEntry::Write);
    }
    Ok(TableEntry::Conflict)
}

/// The opponents' confirmation of a stored result of status `status`: `true` when it is to be
/// written, `false` when it was already confirmed; refused when nothing was entered or the
/// director settled it.
pub(crate) fn table_confirm(status: Option<LineStatus>, what: &str) -> Result<bool> {
    match status {
        None | Some(LineStatus::Missing) => Err(Error::NotFound("line")),
        Some(LineStatus::Entered) => Ok(true),
        Some(LineStatus::Confirmed) => Ok(false),
        Some(LineStatus::Director | LineStatus::Adjusted) => Err(settled(what)),
    }
}

fn settled(what: &str) -> Error {
    Error::refused(
        Refusal::ResultConfirmed,
        format!("{what} was settled by the director"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(entered: bool, done: bool, left: bool) -> RoundAtTable {
        RoundAtTable {
            entered,
            done,
            left,
        }
    }

    #[test]
    fn a_table_moves_on_past_rounds_done_or_left_and_never_back() {
        assert_eq!(round_at_table(&[]), None);
        let fresh = r(false, false, false);
        assert_eq!(round_at_table(&[fresh, fresh, fresh]), Some(1));
        // Round 1 done: round 2; round 2 left with a line open: round 3.
        let done = r(true, true, false);
        let left = r(true, false, true);
        assert_eq!(round_at_table(&[done, fresh, fresh]), Some(2));
        assert_eq!(round_at_table(&[done, left, fresh]), Some(3));
        // An entry in round 3 keeps the table there, whatever round 1 left open.
        let open = r(true, false, false);
        assert_eq!(round_at_table(&[open, fresh, open]), Some(3));
        // The last round is as far as it goes.
        assert_eq!(round_at_table(&[done, done]), Some(2));
    }

    #[test]
    fn a_phone_corrects_only_its_own_unconfirmed_entry() {
        let a = Entry::passed_out();
        let b = Entry::played("4S", bridge::Seat::North, 10, "");
        let stored = |status, device| {
            Some(StoredResult {
                status,
                entry: Some(&a),
                device,
            })
        };
        let entry = |s, d| table_entry(s, &b, d, "board 1");
        assert_eq!(entry(None, "p1").unwrap(), TableEntry::Write);
        assert_eq!(
            entry(stored(LineStatus::Entered, "p1"), "p1").unwrap(),
            TableEntry::Write
        );
        assert_eq!(
            entry(stored(LineStatus::Entered, "p2"), "p1").unwrap(),
            TableEntry::Conflict
        );
        assert_eq!(
            entry(stored(LineStatus::Confirmed, "p1"), "p1").unwrap(),
            TableEntry::Conflict
        );
        assert!(entry(stored(LineStatus::Director, ""), "p1").is_err());
        let same = table_entry(stored(LineStatus::Confirmed, "p2"), &a, "p1", "board 1");
        assert_eq!(same.unwrap(), TableEntry::Unchanged);
        assert!(table_confirm(Some(LineStatus::Entered), "b").unwrap());
        assert!(!table_confirm(Some(LineStatus::Confirmed), "b").unwrap());
        assert!(table_confirm(None, "b").is_err());
        assert!(table_confirm(Some(LineStatus::Director), "b").is_err());
    }
}
