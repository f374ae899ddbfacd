//! A section's label and rating limits, and the check that a player's pairing rating is within
//! them: what adding a player to an event (`event.rs`) and the group's pages (`sections.rs`)
//! both ask, so that neither imports the other for it.

use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::chess::rows::load_event;
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::text::Text;

/// A section's label as the hall reads it: `A`, `B`, `Rapide`.
pub type SectionLabel = Text<20>;

/// What a rating outside a section's limits is refused with (the server words it by this text).
pub const SECTION_RATING_LIMITS: &str = "a pairing rating within the section's limits";

/// The pairing ratings a section takes: at least `from`, strictly less than `under` (a B open
/// "under 1600" takes 1599). A player without a pairing rating is within any `under` limit and
/// below any `from` limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RatingLimits {
    pub from: Option<u16>,
    pub under: Option<u16>,
}

impl RatingLimits {
    /// Whether a pairing rating is within the limits.
    ///
    /// ```
    /// let b = store::chess::sections::RatingLimits { from: None, under: Some(1600) };
    /// assert!(b.admits(Some(1599)) && b.admits(None) && !b.admits(Some(1600)));
    /// ```
    pub fn admits(self, rating: Option<u16>) -> bool {
        let from_ok = self.from.is_none_or(|f| rating.is_some_and(|r| r >= f));
        let under_ok = self.under.is_none_or(|u| rating.is_none_or(|r| r < u));
        from_ok && under_ok
    }

    /// The limits in signs any language reads: `≥ 1600`, `< 1600`, `≥ 1200, < 1600`; empty
    /// without any.
    pub fn text(self) -> String {
        let from = self.from.map(|f| format!("≥ {f}"));
        let under = self.under.map(|u| format!("< {u}"));
        [from, under]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(crate) fn validate(self) -> Result<()> {
        for (field, v) in [("rating_from", self.from), ("rating_under", self.under)] {
            if v.is_some_and(|v| v > 4000) {
                return Err(Error::invalid(
                    field,
                    "a rating from 0 to 4000, or nothing",
                    v.unwrap_or(0).to_string(),
                ));
            }
        }
        if let (Some(f), Some(u)) = (self.from, self.under) {
            if f >= u {
                return Err(Error::invalid(
                    "rating_under",
                    format!("a limit above the lower one ({f})"),
                    u.to_string(),
                ));
            }
        }
        Ok(())
    }
}

/// The section row of an event: (group, label, limits), `None` outside any group.
pub(crate) fn section_row(
    conn: &Connection,
    event: EventId,
) -> Result<Option<(GroupId, SectionLabel, RatingLimits)>> {
    Ok(conn
        .query_row(
            "SELECT group_id, label, rating_from, rating_under FROM event_section WHERE event_id = ?1",
            [event],
            |r| {
                Ok((
                    r.get(0)?,
                    SectionLabel::from_stored(&r.get::<_, String>(1)?),
                    RatingLimits {
                        from: r.get(2)?,
                        under: r.get(3)?,
                    },
                ))
            },
        )
        .optional()?)
}

/// Refuses a player whose pairing rating (the section's choice) is outside its limits, naming
/// the rating's field; an event outside any group has no limits.
pub(crate) fn check_rating_limits(conn: &Connection, event: EventId, p: &NewPlayer) -> Result<()> {
    let Some((_, label, limits)) = section_row(conn, event)? else {
        return Ok(());
    };
    let choice = load_event(conn, event)?.settings.pairing_rating;
    let used = p.pairing_rating(choice);
    if limits.admits(used.rating) {
        return Ok(());
    }
    let field = match (used.kind, choice) {
        (Some(RatingKind::F), _) => "rating",
        (Some(_), _) | (None, PairingRating::National) => "national_rating",
        (None, _) => "rating",
    };
    Err(Error::invalid(
        field,
        format!(
            "{SECTION_RATING_LIMITS} of section {label} ({})",
            limits.text()
        ),
        used.rating
            .map_or_else(|| "no rating".into(), |r| r.to_string()),
    ))
}
