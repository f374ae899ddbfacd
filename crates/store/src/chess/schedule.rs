//! The rounds' dates and times: set by the arbiter ahead of each round (from the settings or the
//! round's page), printed on the pairing lists and written to TRF's `132` record.
//!
//! ```
//! use store::{EventSettings, RoundStart, Store};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("chief", &EventSettings::new("Open".parse().unwrap(), 5)).unwrap();
//! let start: RoundStart = "2026-11-28 14:00".parse().unwrap();
//! let written = store.set_round_starts("chief", event, &[(1, Some(start.clone()))], None).unwrap();
//! assert_eq!(written.changed, 1);
//! assert_eq!(store.round_starts(event).unwrap(), vec![(1, start)]);
//! ```

use serde_json::json;

use crate::chess::log::shown_at;
use crate::chess::rows::{load_event, load_round_starts, write_round_start};
use crate::chess::types::*;
use crate::edits::{merge, Changed, Merge, Shown, Version, Written};
use crate::error::{Error, Result};
use crate::Store;

/// The most rounds an event holds (as the `event` table's check).
const MAX_ROUNDS: u32 = 99;

impl Store {
    /// The dates and times set, by round (rounds without one are left out).
    pub fn round_starts(&self, event: EventId) -> Result<Vec<(u32, RoundStart)>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            load_round_starts(c, event)
        })
    }

    /// Sets (or with `None` clears) the date and time of several rounds as one action.
    ///
    /// With `seen`, the version the form was built from, only the rounds the user changed are
    /// written; a round someone else changed meanwhile to another value is a conflict (in
    /// [`Written::conflicts`]), left as stored. Nothing changed: nothing is logged.
    pub fn set_round_starts(
        &self,
        actor: &str,
        event: EventId,
        starts: &[(u32, Option<RoundStart>)],
        seen: Option<Version>,
    ) -> Result<Written> {
        self.logged_if(actor, event, "set_round_starts", |tx| {
            load_event(tx, event)?;
            let stored_all = load_round_starts(tx, event)?;
            let shown = shown_at(tx, event, seen)?;
            let mut out = Written::default();
            let mut logged = Vec::new();
            for (round, yours) in starts {
                let round = *round;
                if !(1..=MAX_ROUNDS).contains(&round) {
                    return Err(Error::invalid(
                        "round",
                        format!("a round from 1 to {MAX_ROUNDS}"),
                        round.to_string(),
                    ));
                }
                let stored = stored_all
                    .iter()
                    .find(|(n, _)| *n == round)
                    .map(|(_, s)| s.clone());
                let was = match &shown {
                    None => Shown::Unknown,
                    Some(s) => Shown::As(s.round_start(round).cloned()),
                };
                match merge(was.as_ref(), &stored, yours) {
                    Merge::Unchanged => continue,
                    Merge::Conflict => {
                        out.conflicts.push(Changed::RoundStart {
                            round,
                            shown: was.value().flatten(),
                            stored,
                            yours: yours.clone(),
                        });
                        continue;
                    }
                    Merge::Write => {}
                }
                write_round_start(tx, event, round, yours.as_ref())?;
                logged.push(json!([round, yours.as_ref().map(RoundStart::to_string)]));
                out.changed += 1;
            }
            let detail = (!logged.is_empty()).then(|| json!({ "rounds": logged }));
            Ok((out, detail))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::Version;

    fn start(s: &str) -> Option<RoundStart> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn a_colleagues_date_set_meanwhile_is_kept_and_undo_takes_a_date_back() {
        let store = Store::open_in_memory().unwrap();
        let event = store
            .create_event("chief", &EventSettings::new("Open".parse().unwrap(), 5))
            .unwrap();
        let seen = Version(store.event_version(event).unwrap());
        store
            .set_round_starts(
                "deputy",
                event,
                &[(2, start("2026-11-28 14:00"))],
                Some(seen),
            )
            .unwrap();
        // The chief's form was built before: round 2 conflicts, round 3 is written.
        let w = store
            .set_round_starts(
                "chief",
                event,
                &[(2, start("2026-11-28 15:00")), (3, start("2026-11-29"))],
                Some(seen),
            )
            .unwrap();
        assert_eq!(w.changed, 1);
        assert_eq!(w.conflicts.len(), 1);
        assert_eq!(
            store.round_starts(event).unwrap(),
            vec![
                (2, start("2026-11-28 14:00").unwrap()),
                (3, start("2026-11-29").unwrap())
            ]
        );
        // Undo the chief's action: round 3 has no date again, the deputy's stays.
        store.undo_last("chief", event).unwrap();
        assert_eq!(
            store.round_starts(event).unwrap(),
            vec![(2, start("2026-11-28 14:00").unwrap())]
        );
        // Clearing, and a round out of range.
        store
            .set_round_starts("chief", event, &[(2, None)], None)
            .unwrap();
        assert!(store.round_starts(event).unwrap().is_empty());
        assert!(store
            .set_round_starts("chief", event, &[(100, start("2026-11-29"))], None)
            .is_err());
    }

    #[test]
    fn round_start_reads_forms_and_refuses_what_is_not_a_date() {
        assert_eq!(RoundStart::from_fields("", ""), Ok(None));
        assert!(RoundStart::from_fields("", "14:00").is_err());
        assert!(RoundStart::from_fields("28/11/2026", "").is_err());
        assert!(RoundStart::from_fields("2026-11-28", "2pm").is_err());
        assert!(RoundStart::new("2028-02-29", "").is_ok());
        assert!(RoundStart::new("2026-02-29", "").is_err());
        assert_eq!(
            "2026-11-28T09:05"
                .parse::<RoundStart>()
                .unwrap()
                .to_string(),
            "2026-11-28 09:05"
        );
    }
}
