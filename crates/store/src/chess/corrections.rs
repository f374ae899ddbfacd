//! A round corrected after a later one was paired. FIDE's C.04.2 (4.3): a result corrected
//! (or a game found played with the wrong colours) affects only the pairings still to be made;
//! whether it changes a pairing already published but not yet played is the arbiter's decision.
//! So the desk must say when it happens: each pairing is compared with the results it was made
//! on (the event as the log kept it just before the pairing), and a pairing whose earlier
//! results changed since is *stale*. While none of its results is entered, the arbiter may pair
//! it again ([`Store::repair_round`]); once one is, it stands as paired.
//!
//! Rounds read from a file (a TRF or Papi import) were not paired here: they have no such record
//! and are never called stale.

use std::collections::{BTreeMap, HashMap};

use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tournament::{Entry, PlayerId, Points};

use crate::chess::log::{conflict, seats, shown_at};
use crate::chess::model::{build, entry_for, point_system};
use crate::chess::rounds::{ensure_open, pair_in, rounds_of_pairing, unpair_in};
use crate::chess::rows::{load_event, load_players, load_rounds, paired_rounds};
use crate::chess::types::*;
use crate::edits::{Changed, Version};
use crate::error::Result;
use crate::Store;

/// What a pairing was made on: the earlier rounds' games and byes, as the log's snapshot before
/// the pairing holds them (the rest of the snapshot is not read).
#[derive(Deserialize)]
struct PairedOn {
    games: Vec<Game>,
    byes: Vec<Bye>,
}

/// One earlier result that changed after the pairing was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Correction {
    /// A board's result (or, never from the desk, its seats).
    Result {
        round: u32,
        board: u32,
        white: PlayerKey,
        black: Option<PlayerKey>,
        /// What the pairing was made on.
        was: Option<ResultCode>,
        now: Option<ResultCode>,
    },
    /// A player's bye in that round (given, taken back or changed).
    Bye {
        round: u32,
        player: PlayerKey,
        was: Option<ByeKind>,
        now: Option<ByeKind>,
    },
}

impl Correction {
    /// The round it is in.
    pub fn round(&self) -> u32 {
        match *self {
            Correction::Result { round, .. } | Correction::Bye { round, .. } => round,
        }
    }
}

/// A player whose record before the stale pairing changed since it was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AffectedPlayer {
    pub player: PlayerKey,
    /// The player's score before the paired round when it was paired, and now. Equal when
    /// only the kind of result changed (a forfeit become a game played: colours and
    /// opponents count differently for pairing).
    #[serde(with = "crate::chess::types::points_text")]
    pub was: Points,
    #[serde(with = "crate::chess::types::points_text")]
    pub now: Points,
    /// The player's board in the paired round; `None` for the pairing-allocated bye or when
    /// not paired in it.
    pub board: Option<u32>,
}

/// A pairing made on earlier results that were corrected since.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StalePairing {
    /// The round paired (a Double-Swiss match: its first game).
    pub round: u32,
    /// The rounds the pairing made (both games of a Double-Swiss match).
    pub rounds: Vec<u32>,
    /// What changed, in round and board order.
    pub corrections: Vec<Correction>,
    /// Their players, by board in the paired round (unpaired ones last).
    pub players: Vec<AffectedPlayer>,
    /// No result of the pairing is entered and no later round is paired: it may still be paired
    /// again on today's results. Otherwise it stands as paired.
    pub repairable: bool,
}

impl StalePairing {
    /// The pairing is about `round` (one of its own rounds).
    pub fn covers(&self, round: u32) -> bool {
        self.rounds.contains(&round)
    }

    /// One of its corrections is in `round`.
    pub fn corrected_in(&self, round: u32) -> bool {
        self.corrections.iter().any(|c| c.round() == round)
    }
}

/// The snapshot saved before the pairing of `round` now in force: the last pairing of that
/// round not undone (`pair`, or `repair` that paired it again).
fn paired_on(c: &Connection, event: EventId, round: u32) -> Result<Option<PairedOn>> {
    let mut st = c.prepare_cached(
        "SELECT id, detail FROM action_log WHERE event_id = ?1 AND undone = 0 \
         AND action IN ('pair', 'repair') AND before IS NOT NULL ORDER BY id DESC",
    )?;
    let rows = st.query_map([event], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
    })?;
    let mut found = None;
    for row in rows {
        let (id, detail) = row?;
        let detail: serde_json::Value = serde_json::from_str(&detail).unwrap_or_default();
        if detail["round"].as_u64() == Some(u64::from(round)) {
            found = Some(id);
            break;
        }
    }
    let Some(id) = found else { return Ok(None) };
    if !may_have_changed(c, event, id, round)? {
        return Ok(None);
    }
    let before: Option<String> = c
        .query_row("SELECT before FROM action_log WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(before.map(|text| serde_json::from_str(&text)).transpose()?)
}

/// The actions that write no game and no bye: after a pairing, they change nothing it was made
/// on.
const LEAVE_RESULTS: [&str; 13] = [
    "check_in",
    "set_present",
    "set_all_present",
    "update_event",
    "update_player",
    "set_round_starts",
    "draw_lots",
    "set_entry_settings",
    "set_payment",
    "reject_entry",
    "add_forbidden_pair",
    "remove_forbidden_pair",
    "set_prizes",
];

/// Whether an action logged after the log entry `pairing` (the pairing of `round`) may have
/// changed a game or a bye of an earlier round: the snapshot is read only then (a page of a
/// 200-player event read eight of them at every view). An action on `round` or later, or one
/// that writes no result, cannot; anything else (a correction, an undo, a player added) is
/// compared.
fn may_have_changed(c: &Connection, event: EventId, pairing: i64, round: u32) -> Result<bool> {
    let mut st = c.prepare_cached(
        "SELECT action, detail FROM action_log WHERE event_id = ?1 AND id > ?2 \
         AND before IS NOT NULL",
    )?;
    let rows = st.query_map(rusqlite::params![event, pairing], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })?;
    for row in rows {
        let (action, detail) = row?;
        if LEAVE_RESULTS.contains(&action.as_str()) {
            continue;
        }
        let detail: serde_json::Value = serde_json::from_str(&detail).unwrap_or_default();
        match detail["round"].as_u64() {
            Some(r) if r >= u64::from(round) && action != "undo" && action != "redo" => {}
            _ => return Ok(true),
        }
    }
    Ok(false)
}

/// The corrections of the rounds before `first` between `then` and today.
fn corrections(then: &PairedOn, rounds: &[Round], first: u32) -> Vec<Correction> {
    type Seat = (PlayerKey, Option<PlayerKey>, Option<ResultCode>);
    let games = |games: &mut dyn Iterator<Item = &Game>| -> BTreeMap<(u32, u32), Seat> {
        games
            .filter(|g| g.round < first)
            .map(|g| ((g.round, g.board), (g.white, g.black, g.result)))
            .collect()
    };
    let was = games(&mut then.games.iter());
    let now = games(&mut rounds.iter().flat_map(|r| &r.games));
    let mut out = Vec::new();
    for key in was
        .keys()
        .chain(now.keys().filter(|k| !was.contains_key(k)))
    {
        let (w, n) = (was.get(key), now.get(key));
        if w == n {
            continue;
        }
        // The board as it stands (as it was, when it is gone).
        let (white, black, _) = *n.or(w).expect("a key of one of them");
        out.push(Correction::Result {
            round: key.0,
            board: key.1,
            white,
            black,
            was: w.and_then(|s| s.2),
            now: n.and_then(|s| s.2),
        });
    }
    let byes = |byes: &mut dyn Iterator<Item = &Bye>| -> BTreeMap<(u32, PlayerKey), ByeKind> {
        byes.filter(|b| b.round < first)
            .map(|b| ((b.round, b.player), b.kind))
            .collect()
    };
    let was = byes(&mut then.byes.iter());
    let now = byes(&mut rounds.iter().flat_map(|r| &r.byes));
    for key in was
        .keys()
        .chain(now.keys().filter(|k| !was.contains_key(k)))
    {
        let (w, n) = (was.get(key).copied(), now.get(key).copied());
        if w != n {
            out.push(Correction::Bye {
                round: key.0,
                player: key.1,
                was: w,
                now: n,
            });
        }
    }
    out.sort_by_key(|c| match *c {
        Correction::Result { round, board, .. } => (round, 0, i64::from(board)),
        Correction::Bye { round, player, .. } => (round, 1, player),
    });
    out
}

/// A round's record for a bye of that kind (none: nothing, scored as an absence).
fn bye_entry(kind: Option<ByeKind>) -> Entry {
    match kind {
        Some(ByeKind::Half) => Entry::HalfBye,
        Some(ByeKind::Full) => Entry::FullBye,
        Some(ByeKind::Zero) | None => Entry::ZeroBye,
    }
}

/// The points each player of `corrections` had from them then (`was`) and has now.
fn points_of(
    e: &Event,
    players: &[Player],
    then: &PairedOn,
    rounds: &[Round],
    corrections: &[Correction],
) -> (HashMap<PlayerKey, Points>, HashMap<PlayerKey, Points>) {
    let system = point_system(&e.settings);
    let number: HashMap<PlayerKey, PlayerId> =
        players.iter().map(|p| (p.id, PlayerId(p.number))).collect();
    let opponent = |p: PlayerKey| number.get(&p).copied();
    let add = |sums: &mut HashMap<PlayerKey, Points>, game: &Game| {
        let white = entry_for(game, true, game.black.and_then(opponent));
        *sums.entry(game.white).or_insert(Points::ZERO) += white.points(&system);
        if let Some(black) = game.black {
            let entry = entry_for(game, false, opponent(game.white));
            *sums.entry(black).or_insert(Points::ZERO) += entry.points(&system);
        }
    };
    let bye_points = |kind: Option<ByeKind>| bye_entry(kind).points(&system);
    let (mut was, mut now) = (HashMap::new(), HashMap::new());
    for c in corrections {
        match *c {
            Correction::Result { round, board, .. } => {
                let at = |g: &&Game| g.round == round && g.board == board;
                if let Some(g) = then.games.iter().find(at) {
                    add(&mut was, g);
                }
                if let Some(g) = rounds.iter().flat_map(|r| &r.games).find(at) {
                    add(&mut now, g);
                }
            }
            Correction::Bye {
                player,
                was: w,
                now: n,
                ..
            } => {
                *was.entry(player).or_insert(Points::ZERO) += bye_points(w);
                *now.entry(player).or_insert(Points::ZERO) += bye_points(n);
            }
        }
    }
    let everybody: Vec<PlayerKey> = was.keys().chain(now.keys()).copied().collect();
    for p in everybody {
        was.entry(p).or_insert(Points::ZERO);
        now.entry(p).or_insert(Points::ZERO);
    }
    (was, now)
}

/// The stale pairing of the pairing that made `first` (and the rounds after it in `made`).
fn stale_at(
    c: &Connection,
    e: &Event,
    players: &[Player],
    rounds: &[Round],
    made: Vec<u32>,
) -> Result<Option<StalePairing>> {
    let first = made[0];
    let Some(then) = paired_on(c, e.id, first)? else {
        return Ok(None);
    };
    let system = point_system(&e.settings);
    let mut corrections = corrections(&then, rounds, first);
    // A bye that scores what its absence scored changes nobody's pairing: the absences given
    // to a late entry, or to a player reinstated, for the rounds they missed.
    corrections.retain(|c| match *c {
        Correction::Bye { was, now, .. } => {
            bye_entry(was).points(&system) != bye_entry(now).points(&system)
        }
        Correction::Result { .. } => true,
    });
    if corrections.is_empty() {
        return Ok(None);
    }
    let (was_from, now_from) = points_of(e, players, &then, rounds, &corrections);
    // Today's scores before the round, as the engines count them; then's differ by what the
    // corrections changed.
    let t = build(c, e.id, first - 1, false)?;
    let index: HashMap<PlayerKey, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let board_of = |p: PlayerKey| {
        rounds
            .iter()
            .filter(|r| made.contains(&r.number))
            .flat_map(|r| &r.games)
            .find(|g| g.black.is_some() && (g.white == p || g.black == Some(p)))
            .map(|g| g.board)
    };
    let mut affected: Vec<AffectedPlayer> = now_from
        .keys()
        .filter_map(|p| {
            let now = t.players.get(*index.get(p)?)?.points;
            Some(AffectedPlayer {
                player: *p,
                was: now - now_from[p] + was_from[p],
                now,
                board: board_of(*p),
            })
        })
        .collect();
    affected.sort_by_key(|a| (a.board.is_none(), a.board, a.player));
    let closed = made.iter().any(|n| {
        rounds
            .iter()
            .find(|r| r.number == *n)
            .is_some_and(|r| ensure_open_rows(e, r, rounds).is_err())
    });
    Ok(Some(StalePairing {
        round: first,
        rounds: made,
        corrections,
        players: affected,
        repairable: !closed,
    }))
}

/// [`ensure_open`]'s rule on rows already read: the pairing is the last one and none of its
/// boards has a result.
fn ensure_open_rows(e: &Event, round: &Round, rounds: &[Round]) -> std::result::Result<(), ()> {
    let last = if e.settings.is_double_swiss() {
        crate::chess::double_swiss::games_of_match(
            crate::chess::double_swiss::match_of_round(round.number).0,
        )[1]
    } else {
        round.number
    };
    let paired = rounds.len() as u32;
    let has_result = round
        .games
        .iter()
        .any(|g| g.black.is_some() && g.result.is_some());
    if paired != last || has_result {
        Err(())
    } else {
        Ok(())
    }
}

/// Every stale pairing of the event, earliest first.
fn stale_pairings_on(c: &Connection, event: EventId) -> Result<Vec<StalePairing>> {
    let e = load_event(c, event)?;
    if e.settings.system.is_round_robin() {
        // The Berger table pairs by pairing numbers alone: no result changes a later round.
        return Ok(Vec::new());
    }
    let rounds = load_rounds(c, event)?;
    let players = load_players(c, event)?;
    let mut out = Vec::new();
    let mut n = 2;
    while n <= rounds.len() as u32 {
        let made = rounds_of_pairing(c, event, n)?;
        let next = made.last().copied().unwrap_or(n) + 1;
        if made[0] == n {
            if let Some(s) = stale_at(c, &e, &players, &rounds, made)? {
                out.push(s);
            }
        }
        n = next;
    }
    Ok(out)
}

impl Store {
    /// The event's pairings made on earlier results that were corrected since, earliest
    /// first (see the module's documentation).
    pub fn stale_pairings(&self, event: EventId) -> Result<Vec<StalePairing>> {
        self.with_conn(|c| stale_pairings_on(c, event))
    }

    /// Takes back the pairing of `round` and pairs it again on today's results, as one action
    /// (logged `repair`, undone as one): allowed while no result of it is entered and no later
    /// round is paired ([`crate::Refusal::RoundClosed`] otherwise).
    ///
    /// With `seen`, the version the page was built from: refused with
    /// [`crate::Error::Conflict`] when the round's pairing changed since (a swap, or paired
    /// again).
    pub fn repair_round(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        seen: Option<Version>,
    ) -> Result<Round> {
        let first = self.with_conn(|c| {
            load_event(c, event)?;
            Ok(rounds_of_pairing(c, event, round)?[0])
        })?;
        self.logged(actor, event, "repair", json!({ "round": first }), |tx| {
            let made = rounds_of_pairing(tx, event, first)?;
            if paired_rounds(tx, event)? < first {
                return Err(crate::Error::NotFound("round"));
            }
            for &n in &made {
                let r = crate::chess::rows::load_round(tx, event, n)?;
                ensure_open(tx, event, &r)?;
                if let Some(shown) = shown_at(tx, event, seen)? {
                    if shown.seats(n) != seats(r.games.iter()) {
                        return Err(conflict(tx, event, vec![Changed::Pairing { round: n }])?);
                    }
                }
            }
            unpair_in(tx, event, first)?;
            pair_in(tx, event, first)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::types::EventSettings;

    fn settings(rounds: u32) -> EventSettings {
        EventSettings::new("Open".parse().unwrap(), rounds)
    }

    /// Four players, round 1 played, round 2 paired.
    fn event(store: &Store) -> EventId {
        let id = store.create_event("a", &settings(3)).unwrap();
        for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)] {
            let p = NewPlayer::named(name.parse().unwrap(), Some(rating));
            store.add_player("a", id, &p).unwrap();
        }
        store.pair_round("a", id, 1).unwrap();
        let r1 = store.round(id, 1).unwrap();
        let all: Vec<_> = r1
            .games
            .iter()
            .map(|g| (g.board, Some(ResultCode::WhiteWins)))
            .collect();
        store.set_results("a", id, 1, &all, None).unwrap();
        store.pair_round("a", id, 2).unwrap();
        id
    }

    #[test]
    fn a_correction_makes_the_later_pairing_stale_until_it_is_paired_again() {
        let store = Store::open_in_memory().unwrap();
        let id = event(&store);
        assert!(store.stale_pairings(id).unwrap().is_empty());
        store
            .set_results("a", id, 1, &[(1, Some(ResultCode::BlackWins))], None)
            .unwrap();
        let stale = store.stale_pairings(id).unwrap();
        assert_eq!(stale.len(), 1);
        let s = &stale[0];
        assert_eq!((s.round, s.repairable), (2, true));
        assert_eq!(s.corrections.len(), 1);
        let r1 = store.round(id, 1).unwrap();
        let (w, b) = (r1.games[0].white, r1.games[0].black.unwrap());
        let one = Points::from_tenths(10);
        let white = s.players.iter().find(|p| p.player == w).unwrap();
        assert_eq!((white.was, white.now), (one, Points::ZERO));
        let black = s.players.iter().find(|p| p.player == b).unwrap();
        assert_eq!((black.was, black.now), (Points::ZERO, one));
        assert!(white.board.is_some() && black.board.is_some());
        // Undoing the correction makes it current again.
        store.undo_last("a", id).unwrap();
        assert!(store.stale_pairings(id).unwrap().is_empty());
        store.redo_last("a", id).unwrap();
        assert_eq!(store.stale_pairings(id).unwrap().len(), 1);
        // Paired again: made on today's results.
        store.repair_round("a", id, 2, None).unwrap();
        assert!(store.stale_pairings(id).unwrap().is_empty());
        // Undone as one action: the stale pairing is back.
        store.undo_last("a", id).unwrap();
        assert_eq!(store.stale_pairings(id).unwrap().len(), 1);
    }

    #[test]
    fn a_late_entry_or_a_bye_changes_what_it_scores() {
        let store = Store::open_in_memory().unwrap();
        let id = event(&store);
        // A late entry gets absences for the rounds paired: nobody's pairing changes.
        let late = NewPlayer::named("E".parse().unwrap(), Some(1600));
        let e = store.add_player("a", id, &late).unwrap();
        assert!(store.stale_pairings(id).unwrap().is_empty());
        // Their round-1 absence become a half-point bye: round 2 was paired without it.
        store
            .set_bye("a", id, e, 1, Some(ByeKind::Half), None)
            .unwrap();
        let stale = store.stale_pairings(id).unwrap();
        assert_eq!(stale.len(), 1);
        assert!(matches!(
            stale[0].corrections[..],
            [Correction::Bye { round: 1, .. }]
        ));
        assert_eq!(stale[0].players[0].board, None, "not paired in round 2");
    }

    #[test]
    fn a_round_robin_is_never_stale() {
        let store = Store::open_in_memory().unwrap();
        let mut s = settings(3);
        s.system = System::RoundRobin;
        let id = store.create_event("a", &s).unwrap();
        for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)] {
            let p = NewPlayer::named(name.parse().unwrap(), Some(rating));
            store.add_player("a", id, &p).unwrap();
        }
        store.pair_round("a", id, 1).unwrap();
        let all: Vec<_> = (1..=2).map(|b| (b, Some(ResultCode::WhiteWins))).collect();
        store.set_results("a", id, 1, &all, None).unwrap();
        store.pair_round("a", id, 2).unwrap();
        store
            .set_results("a", id, 1, &[(1, Some(ResultCode::Draw))], None)
            .unwrap();
        assert!(store.stale_pairings(id).unwrap().is_empty());
    }

    #[test]
    fn a_pairing_with_a_result_stands() {
        let store = Store::open_in_memory().unwrap();
        let id = event(&store);
        store
            .set_results("a", id, 1, &[(2, Some(ResultCode::Draw))], None)
            .unwrap();
        store
            .set_results("a", id, 2, &[(1, Some(ResultCode::Draw))], None)
            .unwrap();
        let stale = store.stale_pairings(id).unwrap();
        assert!(!stale[0].repairable);
        let e = store.repair_round("a", id, 2, None).unwrap_err();
        assert!(
            matches!(
                e,
                crate::Error::Refused {
                    reason: crate::Refusal::RoundClosed,
                    ..
                }
            ),
            "{e:?}"
        );
        // Nothing changed.
        assert_eq!(
            store.round(id, 2).unwrap().games[0].result,
            Some(ResultCode::Draw)
        );
    }
}
