//! Entries (issue 23 §4): an event's public registration form, closed by default and opened by
//! the organiser (until a closing time if one is set); the registrations it receives wait for
//! the arbiter, who validates them (the player is added exactly as the desk adds one) or
//! rejects them with a reason; the entry fees by category and what each player paid.
//!
//! ```
//! use store::{EntrySettings, NewPlayer, Store};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("chief", &store::EventSettings::new("Open A".parse().unwrap(), 5)).unwrap();
//! let mut open = EntrySettings::default();
//! open.open = true;
//! open.fee_default = "20".parse().unwrap();
//! store.set_entry_settings("chief", event, &open).unwrap();
//! let challenge = store.new_challenge().unwrap();
//! let player = NewPlayer { name: "Durand, Anne".parse().unwrap(), ..NewPlayer::default() };
//! let entry = store
//!     .submit_entry("192.0.2.7", event, &challenge.token, challenge.answer(), &player)
//!     .unwrap();
//! let id = store.validate_entry("chief", event, entry).unwrap();
//! assert_eq!(store.player(event, id).unwrap().details.name, "Durand, Anne");
//! assert_eq!(store.entry_fees(event).unwrap().totals.due.to_string(), "20.00");
//! ```

use prizes::Money;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::chess::entries_state::EntriesState;
use crate::chess::event::add_player_in;
use crate::chess::log::{conflict, shown_at};
use crate::chess::rows::{load_event, load_player, load_players};
use crate::chess::same_person::same_person;
use crate::chess::types::*;
pub use crate::chess::types::{EntryId, EntryStatus};
use crate::edits::{Changed, Version};
use crate::error::{Error, Refusal, Result};
use crate::{Label, Store};

/// The registration form and the entry fees of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntrySettings {
    /// The public form takes registrations.
    pub open: bool,
    /// `YYYY-MM-DD HH:MM` in the server's local time (the hall's), or empty: the form closes then.
    #[serde(default)]
    pub closes_at: String,
    /// The fee of a player no other rule applies to.
    #[serde(with = "money_text")]
    pub fee_default: Money,
    /// The fee of a young player (FFE categories Petit poussin to Junior, U20), or the
    /// default one when unset.
    #[serde(default, with = "money_or_empty")]
    pub fee_youth: Option<Money>,
    /// GM, IM, WGM and WIM enter free.
    #[serde(default)]
    pub titled_free: bool,
    /// The fee of a woman (sex `w`), or none.
    #[serde(default, with = "money_or_empty")]
    pub fee_women: Option<Money>,
    /// The fee of a veteran: FFE category Vet (S65: 65 and over in the calendar year the
    /// season ends in), and Sep (S50, 50 to 64) too with `veteran_sep`; or none.
    #[serde(default, with = "money_or_empty")]
    pub fee_veteran: Option<Money>,
    #[serde(default)]
    pub veteran_sep: bool,
    /// Entries that may wait for the arbiter at once: past it, the form says it is full until
    /// the arbiter validates or rejects some (a script cannot fill the event with thousands).
    #[serde(default = "default_pending_limit")]
    pub pending_limit: u32,
}

/// Entries waiting for the arbiter, at most, unless the organiser sets another number: more
/// than a weekend open receives between two looks at the page.
pub const DEFAULT_PENDING_LIMIT: u32 = 200;

fn default_pending_limit() -> u32 {
    DEFAULT_PENDING_LIMIT
}

impl Default for EntrySettings {
    fn default() -> EntrySettings {
        EntrySettings {
            open: false,
            closes_at: String::new(),
            fee_default: Money::ZERO,
            fee_youth: None,
            titled_free: false,
            fee_women: None,
            fee_veteran: None,
            veteran_sep: false,
            pending_limit: DEFAULT_PENDING_LIMIT,
        }
    }
}

/// Money as the API writes it: `"20.00"`.
mod money_text {
    use prizes::Money;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(m: &Money, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&m.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Money, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// An optional amount: `""` for none.
mod money_or_empty {
    use prizes::Money;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(m: &Option<Money>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&m.map(|m| m.to_string()).unwrap_or_default())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Money>, D::Error> {
        let s = Option::<String>::deserialize(d)?.unwrap_or_default();
        if s.trim().is_empty() {
            return Ok(None);
        }
        s.parse().map(Some).map_err(serde::de::Error::custom)
    }
}

/// The titles that enter free when the organiser says so.
pub const FREE_TITLES: [&str; 4] = ["GM", "IM", "WGM", "WIM"];

/// What a closing time is written as.
pub const CLOSES_AT_EXPECTED: &str = "a date and time as YYYY-MM-DD HH:MM, or nothing";

/// `YYYY-MM-DD HH:MM` (a `T` between them, as a browser's date-time field sends it, is taken
/// too), written back with a blank; `None` when it is not one.
pub fn parse_closes_at(s: &str) -> Option<String> {
    let t = s.trim();
    if t.is_empty() {
        return Some(String::new());
    }
    let (date, time) = t.split_once([' ', 'T'])?;
    // Year first, and a day the month has.
    if date.len() != 10 || date.as_bytes()[4] != b'-' {
        return None;
    }
    let date = date
        .parse::<prizes::Date>()
        .ok()?
        .to_string()
        .replace('/', "-");
    let (h, m) = time.trim().split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.get(..2)?.parse().ok()?);
    (h < 24 && m < 60).then(|| format!("{date} {h:02}:{m:02}"))
}

/// Why an entry looks like a player already registered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Duplicate {
    /// `fide_id`, `licence` or `name_birth`.
    pub by: &'static str,
    /// The name of the player (or the other entry) it matches.
    pub with: String,
    /// The other one is an entry still waiting, not a player of the event.
    pub pending: bool,
}

/// A registration received through the public form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub id: EntryId,
    pub player: NewPlayer,
    /// When it was sent (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    pub sent_at: String,
    pub status: EntryStatus,
    pub decided_at: String,
    pub decided_by: String,
    /// Why it was rejected.
    pub reason: String,
    /// The player it became.
    pub player_id: Option<PlayerKey>,
    /// Players (or other waiting entries) of the event it may be the same person as.
    pub duplicates: Vec<Duplicate>,
}

/// The question a registration form asks: the sum of two small numbers, and the token the form
/// sends back with the answer. The token carries the question and the time it was asked, signed
/// with a key of the database ([`challenge_token`]): nothing is stored when a form is shown, so
/// no number of page loads can push a player's question out, and any process on the file can
/// check it. It keeps out a robot that fills every form it finds, not a script written for this
/// one: the budget of waiting entries ([`EntrySettings::pending_limit`]) bounds what such a
/// script can do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub token: String,
    pub a: u32,
    pub b: u32,
}

impl Challenge {
    pub fn answer(&self) -> i64 {
        i64::from(self.a + self.b)
    }
}

/// How long a challenge can be answered.
const CHALLENGE_MS: i64 = 2 * 60 * 60_000;

/// The key the challenges are signed with, made at first use (32 random bytes).
fn challenge_key(store: &Store) -> Result<Vec<u8>> {
    const NAME: &str = "entry-challenge";
    let read = |c: &Connection| -> Result<Option<Vec<u8>>> {
        Ok(c.query_row(
            "SELECT value FROM server_secret WHERE name = ?1",
            [NAME],
            |r| r.get(0),
        )
        .optional()?)
    };
    if let Some(key) = store.with_conn(read)? {
        return Ok(key);
    }
    store.transaction(|tx| {
        tx.execute(
            "INSERT OR IGNORE INTO server_secret (name, value) VALUES (?1, randomblob(32))",
            [NAME],
        )?;
        read(tx)?.ok_or(Error::NotFound("the challenges' key"))
    })
}

/// The signature of a challenge's fields (keyed BLAKE2s), hexadecimal.
fn challenge_mac(key: &[u8], fields: &str) -> String {
    use blake2::digest::{KeyInit, Mac};
    let mut mac = match <blake2::Blake2sMac256 as KeyInit>::new_from_slice(key) {
        Ok(m) => m,
        // A key of 32 bytes is always taken; an unusable one signs nothing anyone can match.
        Err(_) => return String::new(),
    };
    mac.update(fields.as_bytes());
    mac.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `issued.a.b.nonce.signature`: the time in milliseconds, the two numbers, a random nonce (the
/// challenge is spent once answered) and the signature of the four.
fn challenge_token(key: &[u8], issued_ms: i64, a: u32, b: u32, nonce: &str) -> String {
    let fields = format!("{issued_ms}.{a}.{b}.{nonce}");
    let mac = challenge_mac(key, &fields);
    format!("{fields}.{mac}")
}

/// A token's (issued time, answer, nonce) when its signature is right.
fn read_challenge(key: &[u8], token: &str) -> Option<(i64, i64, String)> {
    let (fields, mac) = token.rsplit_once('.')?;
    let expected = challenge_mac(key, fields);
    // Compared in constant time for equal lengths.
    let same = !expected.is_empty()
        && expected.len() == mac.len()
        && expected
            .bytes()
            .zip(mac.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0;
    if !same {
        return None;
    }
    let mut parts = fields.split('.');
    let issued = parts.next()?.parse::<i64>().ok()?;
    let a = parts.next()?.parse::<i64>().ok()?;
    let b = parts.next()?.parse::<i64>().ok()?;
    let nonce = parts.next()?.to_string();
    Some((issued, a + b, nonce))
}

/// How a fee was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Cash,
    Cheque,
    Transfer,
    Card,
}

impl PaymentMethod {
    pub const ALL: [PaymentMethod; 4] = [
        PaymentMethod::Cash,
        PaymentMethod::Cheque,
        PaymentMethod::Transfer,
        PaymentMethod::Card,
    ];
    pub const EXPECTED: &'static str = "cash, cheque, transfer, card or nothing";

    pub const fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Cash => "cash",
            PaymentMethod::Cheque => "cheque",
            PaymentMethod::Transfer => "transfer",
            PaymentMethod::Card => "card",
        }
    }

    /// `Ok(None)` for a blank.
    pub fn parse(s: &str) -> Result<Option<PaymentMethod>, CodeError> {
        let t = s.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Ok(None);
        }
        PaymentMethod::ALL
            .into_iter()
            .find(|m| m.as_str() == t)
            .map(Some)
            .ok_or(CodeError {
                expected: PaymentMethod::EXPECTED,
                found: s.trim().to_string(),
            })
    }
}

/// One player's fee: what is due by their category and what they paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FeeRow {
    pub player: Player,
    /// The FFE category in the event's season (`BenF`, `SenM`), empty without a birth year.
    pub category: String,
    /// Which fee applies: `default`, `youth`, `veteran`, `women` or `titled`.
    pub rule: &'static str,
    #[serde(with = "money_text")]
    pub fee: Money,
    #[serde(with = "money_text")]
    pub paid: Money,
    pub method: Option<PaymentMethod>,
}

impl FeeRow {
    /// What the player still owes (nothing when they paid as much or more).
    pub fn outstanding(&self) -> Money {
        Money::from_cents((self.fee.cents() - self.paid.cents()).max(0)).unwrap_or(Money::ZERO)
    }
}

/// The treasurer's totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct FeeTotals {
    #[serde(with = "money_text")]
    pub due: Money,
    #[serde(with = "money_text")]
    pub paid: Money,
    /// The sum of what each player still owes.
    #[serde(with = "money_text")]
    pub outstanding: Money,
    /// What was paid by each method, in [`PaymentMethod::ALL`]'s order (without a method last).
    pub by_method: Vec<(Option<PaymentMethod>, MoneyText)>,
}

/// An amount written as `"20.00"` in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoneyText(#[serde(with = "money_text")] pub Money);

/// Every player's fee and the totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryFees {
    pub rows: Vec<FeeRow>,
    pub totals: FeeTotals,
}

fn add(a: Money, b: Money) -> Money {
    // Each amount is at most Money::MAX and an event has at most some thousand players.
    Money::from_cents(a.cents() + b.cents()).unwrap_or(Money::MAX)
}

impl EntrySettings {
    /// The fee of `p` in an event played on `date` (`YYYY-MM-DD`), and the rule that gave it:
    /// a titled player enters free when the organiser says so; otherwise the lowest of the
    /// fees that apply (`youth`, `veteran`, `women`, in that order when equal), else the
    /// default one.
    pub fn fee_of(&self, p: &NewPlayer, date: &str) -> (Money, &'static str) {
        if self.titled_free && FREE_TITLES.contains(&p.title.as_str()) {
            return (Money::ZERO, "titled");
        }
        let category = ffe_category(p, date);
        let youth = category.is_some_and(|c| c <= prizes::FfeCategory::Jun);
        // FfeCategory's order is the age order: Sep (S50) then Vet (S65) (prizes::age).
        let oldest = if self.veteran_sep {
            prizes::FfeCategory::Sep
        } else {
            prizes::FfeCategory::Vet
        };
        let veteran = category.is_some_and(|c| c >= oldest);
        let women = p.sex == "w";
        [
            (self.fee_youth, youth, "youth"),
            (self.fee_veteran, veteran, "veteran"),
            (self.fee_women, women, "women"),
        ]
        .into_iter()
        .filter_map(|(fee, applies, rule)| fee.filter(|_| applies).map(|f| (f, rule)))
        .min_by_key(|(fee, _)| fee.cents())
        .unwrap_or((self.fee_default, "default"))
    }
}

/// The FFE category of `p` in the season of `date` (`YYYY-MM-DD`), from the birth year;
/// `None` without one.
fn ffe_category(p: &NewPlayer, date: &str) -> Option<prizes::FfeCategory> {
    let year = p.birth_date.get(..4).and_then(|y| y.parse::<i32>().ok())?;
    let date = date.replace('-', "/").parse::<prizes::Date>().ok()?;
    Some(prizes::FfeCategory::of(
        year,
        prizes::Season::containing(date),
    ))
}

/// The day the event's categories are taken on: its start date, else today.
fn category_date(conn: &Connection, e: &Event) -> Result<String> {
    if !e.settings.start_date.is_empty() {
        return Ok(e.settings.start_date.clone());
    }
    Ok(conn.query_row("SELECT date('now', 'localtime')", [], |r| r.get(0))?)
}

pub(crate) fn load_settings(conn: &Connection, event: EventId) -> Result<EntrySettings> {
    let row = conn
        .query_row(
            "SELECT open, closes_at, fee_default, fee_youth, titled_free, fee_women, fee_veteran, \
             veteran_sep, pending_limit FROM entry_settings WHERE event_id = ?1",
            [event],
            |r| {
                Ok(EntrySettings {
                    open: r.get(0)?,
                    closes_at: r.get(1)?,
                    fee_default: Money::from_cents(r.get(2)?).unwrap_or(Money::ZERO),
                    fee_youth: r.get::<_, Option<i64>>(3)?.and_then(Money::from_cents),
                    titled_free: r.get(4)?,
                    fee_women: r.get::<_, Option<i64>>(5)?.and_then(Money::from_cents),
                    fee_veteran: r.get::<_, Option<i64>>(6)?.and_then(Money::from_cents),
                    veteran_sep: r.get(7)?,
                    pending_limit: r.get(8)?,
                })
            },
        )
        .optional()?;
    Ok(row.unwrap_or_default())
}

/// Whether the event has as many entries waiting for the arbiter as it takes.
pub(crate) fn is_full(conn: &Connection, event: EventId, s: &EntrySettings) -> Result<bool> {
    let pending: i64 = conn.query_row(
        "SELECT count(*) FROM entry WHERE event_id = ?1 AND status = 'pending'",
        [event],
        |r| r.get(0),
    )?;
    Ok(pending >= i64::from(s.pending_limit))
}

/// Whether the form takes registrations now.
pub(crate) fn is_open(conn: &Connection, s: &EntrySettings) -> Result<bool> {
    if !s.open {
        return Ok(false);
    }
    if s.closes_at.is_empty() {
        return Ok(true);
    }
    let now: String = conn.query_row(
        "SELECT strftime('%Y-%m-%d %H:%M', 'now', 'localtime')",
        [],
        |r| r.get(0),
    )?;
    Ok(now < s.closes_at)
}

fn entry_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(Entry, String)> {
    Ok((
        Entry {
            id: r.get(0)?,
            player: NewPlayer::default(),
            sent_at: r.get(2)?,
            status: EntryStatus::parse(&r.get::<_, String>(3)?),
            decided_at: r.get(4)?,
            decided_by: r.get(5)?,
            reason: r.get(6)?,
            player_id: r.get(7)?,
            duplicates: Vec::new(),
        },
        r.get(1)?,
    ))
}

const ENTRY_COLUMNS: &str =
    "id, player, sent_at, status, decided_at, decided_by, reason, player_id";

fn load_entries(conn: &Connection, event: EventId) -> Result<Vec<Entry>> {
    let mut st = conn.prepare(&format!(
        "SELECT {ENTRY_COLUMNS} FROM entry WHERE event_id = ?1 ORDER BY id"
    ))?;
    let rows = st
        .query_map([event], entry_from_row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    rows.into_iter()
        .map(|(mut e, json)| {
            e.player = serde_json::from_str(&json)?;
            Ok(e)
        })
        .collect()
}

fn load_entry(conn: &Connection, event: EventId, id: EntryId) -> Result<Entry> {
    let row = conn
        .query_row(
            &format!("SELECT {ENTRY_COLUMNS} FROM entry WHERE event_id = ?1 AND id = ?2"),
            params![event, id],
            entry_from_row,
        )
        .optional()?;
    let (mut e, json) = row.ok_or(Error::NotFound("entry"))?;
    e.player = serde_json::from_str(&json)?;
    Ok(e)
}

fn duplicates(e: &Entry, players: &[Player], entries: &[Entry]) -> Vec<Duplicate> {
    let mut out: Vec<Duplicate> = players
        .iter()
        .filter(|p| Some(p.id) != e.player_id)
        .filter_map(|p| {
            same_person(&e.player, &p.details).map(|by| Duplicate {
                by,
                with: p.details.name.to_string(),
                pending: false,
            })
        })
        .collect();
    out.extend(
        entries
            .iter()
            .filter(|o| o.id != e.id && o.status == EntryStatus::Pending)
            .filter_map(|o| {
                same_person(&e.player, &o.player).map(|by| Duplicate {
                    by,
                    with: o.player.name.to_string(),
                    pending: true,
                })
            }),
    );
    out
}

fn decided(e: &Entry) -> Result<()> {
    if e.status != EntryStatus::Pending {
        return Err(Error::refused(
            Refusal::EntryDecided,
            format!("entry {} is already {}", e.id, e.status.as_str()),
        ));
    }
    Ok(())
}

impl Store {
    pub fn entry_settings(&self, event: EventId) -> Result<EntrySettings> {
        self.with_conn(|c| {
            load_event(c, event)?;
            load_settings(c, event)
        })
    }

    /// Opens or closes the registration form and sets the fees (logged).
    pub fn set_entry_settings(&self, actor: &str, event: EventId, s: &EntrySettings) -> Result<()> {
        let closes_at = parse_closes_at(&s.closes_at).ok_or_else(|| {
            Error::invalid(
                "closes_at",
                CLOSES_AT_EXPECTED,
                format!("{:?}", s.closes_at),
            )
        })?;
        self.transaction(|tx| {
            load_event(tx, event)?;
            tx.execute(
                "INSERT INTO entry_settings (event_id, open, closes_at, fee_default, fee_youth, titled_free, \
                 fee_women, fee_veteran, veteran_sep, pending_limit) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT (event_id) DO UPDATE SET open = ?2, \
                 closes_at = ?3, fee_default = ?4, fee_youth = ?5, titled_free = ?6, fee_women = ?7, \
                 fee_veteran = ?8, veteran_sep = ?9, pending_limit = ?10",
                params![
                    event,
                    s.open,
                    closes_at,
                    s.fee_default.cents(),
                    s.fee_youth.map(Money::cents),
                    s.titled_free,
                    s.fee_women.map(Money::cents),
                    s.fee_veteran.map(Money::cents),
                    s.veteran_sep,
                    s.pending_limit
                ],
            )?;
            crate::chess::log::append(tx, Some(event), actor, "set_entry_settings", json!(s), None)
        })
    }

    /// The events whose registration form takes entries now, in the order they were created.
    pub fn open_registrations(&self) -> Result<Vec<Event>> {
        self.with_conn(|c| {
            let mut st =
                c.prepare("SELECT event_id FROM entry_settings WHERE open = 1 ORDER BY event_id")?;
            let ids = st
                .query_map([], |r| r.get::<_, EventId>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let mut out = Vec::new();
            for id in ids {
                if is_open(c, &load_settings(c, id)?)? {
                    out.push(load_event(c, id)?);
                }
            }
            Ok(out)
        })
    }

    /// Whether `event`'s form takes entries now.
    pub fn registration_open(&self, event: EventId) -> Result<bool> {
        self.with_conn(|c| {
            load_event(c, event)?;
            is_open(c, &load_settings(c, event)?)
        })
    }

    /// A new question for a registration form: nothing is written (see [`Challenge`]).
    pub fn new_challenge(&self) -> Result<Challenge> {
        use rand::Rng;
        let mut rng = rand::thread_rng();
        let (a, b) = (rng.gen_range(2..=9), rng.gen_range(2..=9));
        let nonce = crate::auth::random_token()[..32].to_string();
        let key = challenge_key(self)?;
        Ok(Challenge {
            token: challenge_token(&key, crate::throttle::now_ms(), a, b, &nonce),
            a,
            b,
        })
    }

    /// Whether `event`'s form has as many entries waiting as it takes
    /// ([`EntrySettings::pending_limit`]): it then says so instead of asking its question.
    pub fn registration_full(&self, event: EventId) -> Result<bool> {
        self.with_conn(|c| is_full(c, event, &load_settings(c, event)?))
    }

    /// A registration from the public form, sent from `address`: counted against the address
    /// ([`crate::throttle::ENTRY_ADDRESS`], refused with [`Error::TooManyAttempts`] while it
    /// waits), refused while the form is closed or full ([`Refusal::RegistrationFull`]), its
    /// challenge answered once within two hours (a wrong answer, a spent or an expired
    /// question is [`Error::Invalid`] on `answer`); it then waits for the arbiter.
    pub fn submit_entry(
        &self,
        address: &str,
        event: EventId,
        token: &str,
        answer: i64,
        p: &NewPlayer,
    ) -> Result<EntryId> {
        self.submit_entry_checked(address, event, token, answer, p, |_| Ok(()))
    }

    /// [`Store::submit_entry`] with `check` run on the player once the address is counted and
    /// before the challenge is spent (a section's rating limits on the group's form).
    pub(crate) fn submit_entry_checked(
        &self,
        address: &str,
        event: EventId,
        token: &str,
        answer: i64,
        p: &NewPlayer,
        check: impl FnOnce(&Connection) -> Result<()>,
    ) -> Result<EntryId> {
        let json = serde_json::to_string(p)?;
        let key = challenge_key(self)?;
        // The count is kept whatever the outcome.
        self.transaction(|tx| {
            if let Err(e) =
                crate::throttle::attempt_in(tx, &crate::throttle::ENTRY_ADDRESS, address)?
            {
                return Ok(Err(e));
            }
            load_event(tx, event)?;
            if !is_open(tx, &load_settings(tx, event)?)? {
                return Ok(Err(Error::refused(
                    Refusal::RegistrationClosed,
                    "this event's registration form is closed",
                )));
            }
            if let Err(e) = check(tx) {
                return Ok(Err(e));
            }
            let settings = load_settings(tx, event)?;
            if is_full(tx, event, &settings)? {
                return Ok(Err(Error::refused(
                    Refusal::RegistrationFull,
                    format!(
                        "this event has {} entries waiting for the arbiter, as many as it takes",
                        settings.pending_limit
                    ),
                )));
            }
            let now = crate::throttle::now_ms();
            let wrong = || {
                Err(Error::invalid(
                    "answer",
                    "the answer to the question on the form",
                    answer.to_string(),
                ))
            };
            let Some((issued, expected, nonce)) = read_challenge(&key, token) else {
                return Ok(wrong());
            };
            // Asked within two hours (and not in the future: a clock set back a minute is fine).
            if now - issued > CHALLENGE_MS || issued - now > 60_000 {
                return Ok(wrong());
            }
            // Spent, right or wrong: a wrong answer gets a new question.
            tx.execute(
                "DELETE FROM entry_challenge_spent WHERE issued_ms < ?1",
                [now - CHALLENGE_MS],
            )?;
            let fresh = tx.execute(
                "INSERT OR IGNORE INTO entry_challenge_spent (nonce, issued_ms) VALUES (?1, ?2)",
                params![nonce, issued],
            )?;
            if fresh == 0 || expected != answer {
                return Ok(wrong());
            }
            tx.execute(
                "INSERT INTO entry (event_id, player, sent_at, address) VALUES (?1, ?2, ?3, ?4)",
                params![event, json, crate::db::now(), address],
            )?;
            Ok(Ok(tx.last_insert_rowid()))
        })?
    }

    /// The event's entries, oldest first, each with the players it may duplicate.
    pub fn entries(&self, event: EventId) -> Result<Vec<Entry>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            let players = load_players(c, event)?;
            let mut entries = load_entries(c, event)?;
            let found: Vec<Vec<Duplicate>> = entries
                .iter()
                .map(|e| {
                    if e.status == EntryStatus::Pending {
                        duplicates(e, &players, &entries)
                    } else {
                        Vec::new()
                    }
                })
                .collect();
            for (e, d) in entries.iter_mut().zip(found) {
                e.duplicates = d;
            }
            Ok(entries)
        })
    }

    pub fn entry(&self, event: EventId, id: EntryId) -> Result<Entry> {
        self.with_conn(|c| load_entry(c, event, id))
    }

    /// The arbiter accepts a waiting entry: the player is added as the desk adds one, in the
    /// same transaction as the entry's new status (logged, and undone like an added player).
    pub fn validate_entry(&self, actor: &str, event: EventId, id: EntryId) -> Result<PlayerKey> {
        let e = self.entry(event, id)?;
        self.logged(
            actor,
            event,
            "validate_entry",
            json!({ "entry": id, "name": e.player.name }),
            |tx| {
                let e = load_entry(tx, event, id)?;
                decided(&e)?;
                let player = add_player_in(tx, event, &e.player)?;
                tx.execute(
                    "UPDATE entry SET status = 'validated', decided_at = ?1, decided_by = ?2, player_id = ?3 WHERE id = ?4",
                    params![crate::db::now(), actor, player, id],
                )?;
                Ok(player)
            },
        )
    }

    /// The arbiter turns a waiting entry down, saying why (logged; undone back to pending).
    pub fn reject_entry(
        &self,
        actor: &str,
        event: EventId,
        id: EntryId,
        reason: &Label,
    ) -> Result<()> {
        let e = self.entry(event, id)?;
        self.logged(
            actor,
            event,
            "reject_entry",
            json!({ "entry": id, "name": e.player.name, "reason": reason }),
            |tx| {
                decided(&load_entry(tx, event, id)?)?;
                tx.execute(
                    "UPDATE entry SET status = 'rejected', decided_at = ?1, decided_by = ?2, reason = ?3 WHERE id = ?4",
                    params![crate::db::now(), actor, reason.trim(), id],
                )?;
                Ok(())
            },
        )
    }

    /// What a player paid of the entry fee, and how (logged; undone back to the previous
    /// amount).
    pub fn set_payment(
        &self,
        actor: &str,
        event: EventId,
        player: PlayerKey,
        paid: Money,
        method: Option<PaymentMethod>,
    ) -> Result<()> {
        self.set_payment_at(actor, event, player, paid, method, None)
    }

    /// [`Store::set_payment`] from a page built at version `seen`: refused with
    /// [`Error::Conflict`] when someone else recorded another payment for the player since
    /// (a colleague at the desk took it), unless it already says what the form does.
    pub fn set_payment_at(
        &self,
        actor: &str,
        event: EventId,
        player: PlayerKey,
        paid: Money,
        method: Option<PaymentMethod>,
        seen: Option<Version>,
    ) -> Result<()> {
        let p = self.player(event, player)?;
        let method_text = method.map_or("", PaymentMethod::as_str);
        // Logged with the event's state before it: undo puts the previous amount back.
        self.logged(
            actor,
            event,
            "set_payment",
            json!({ "player": player, "name": p.details.name, "paid": paid.to_string(),
                    "method": method_text }),
            |tx| {
                load_player(tx, event, player)?;
                let stored = EntriesState::load(tx, event)?.payment(player);
                let yours = Some((paid.cents(), method_text.to_string()));
                let shown = shown_at(tx, event, seen)?.and_then(|s| s.payment(player));
                if let Some(shown) = shown {
                    if shown != stored && yours != stored {
                        let text = |x: &Option<(i64, String)>| {
                            x.as_ref().map(|(cents, m)| {
                                let amount = Money::from_cents(*cents).map(|a| a.to_string()).unwrap_or_default();
                                (amount, m.clone())
                            })
                        };
                        let changed = Changed::Payment {
                            player,
                            name: p.details.name.to_string(),
                            shown: text(&shown),
                            stored: text(&stored),
                            yours: (paid.to_string(), method_text.to_string()),
                        };
                        return Err(conflict(tx, event, vec![changed])?);
                    }
                }
                tx.execute(
                    "INSERT INTO entry_payment (event_id, player_id, paid, method) VALUES (?1, ?2, ?3, ?4) \
                     ON CONFLICT (event_id, player_id) DO UPDATE SET paid = ?3, method = ?4",
                    params![event, player, paid.cents(), method_text],
                )?;
                Ok(())
            },
        )
    }

    /// Every player's fee by category, what they paid, and the treasurer's totals.
    /// The fee a player entering `event` owes, and the rule that gives it (`default`,
    /// `youth`, `veteran`, `women`, `titled`), as [`Store::entry_fees`] counts it.
    pub fn entry_fee(&self, event: EventId, p: &NewPlayer) -> Result<(Money, &'static str)> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let date = category_date(c, &e)?;
            Ok(load_settings(c, event)?.fee_of(p, &date))
        })
    }

    pub fn entry_fees(&self, event: EventId) -> Result<EntryFees> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let settings = load_settings(c, event)?;
            let date = category_date(c, &e)?;
            let mut st =
                c.prepare("SELECT player_id, paid, method FROM entry_payment WHERE event_id = ?1")?;
            let payments: std::collections::HashMap<PlayerKey, (i64, String)> = st
                .query_map([event], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?
                .collect::<rusqlite::Result<_>>()?;
            let mut rows = Vec::new();
            let mut totals = FeeTotals::default();
            let mut by_method: Vec<(Option<PaymentMethod>, Money)> = PaymentMethod::ALL
                .into_iter()
                .map(|m| (Some(m), Money::ZERO))
                .chain([(None, Money::ZERO)])
                .collect();
            for p in load_players(c, event)? {
                let (fee, rule) = settings.fee_of(&p.details, &date);
                let (paid, method) = payments
                    .get(&p.id)
                    .map(|(cents, m)| {
                        (
                            Money::from_cents(*cents).unwrap_or(Money::ZERO),
                            PaymentMethod::parse(m).ok().flatten(),
                        )
                    })
                    .unwrap_or((Money::ZERO, None));
                let row = FeeRow {
                    category: p.details.ffe_category(&date),
                    player: p,
                    rule,
                    fee,
                    paid,
                    method,
                };
                totals.due = add(totals.due, fee);
                totals.paid = add(totals.paid, paid);
                totals.outstanding = add(totals.outstanding, row.outstanding());
                if !paid.is_zero() {
                    if let Some(slot) = by_method.iter_mut().find(|(m, _)| *m == method) {
                        slot.1 = add(slot.1, paid);
                    }
                }
                rows.push(row);
            }
            totals.by_method = by_method
                .into_iter()
                .map(|(m, v)| (m, MoneyText(v)))
                .collect();
            Ok(EntryFees { rows, totals })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closing_times_are_read_as_typed_or_as_a_browser_sends_them() {
        assert_eq!(
            parse_closes_at("2026-05-01 20:00").unwrap(),
            "2026-05-01 20:00"
        );
        assert_eq!(
            parse_closes_at("2026-05-01T9:05").unwrap(),
            "2026-05-01 09:05"
        );
        assert_eq!(parse_closes_at("").unwrap(), "");
        assert!(parse_closes_at("2026-05-01").is_none());
        assert!(parse_closes_at("2026-02-30 10:00").is_none());
        assert!(parse_closes_at("2026-05-01 24:00").is_none());
    }

    #[test]
    fn fees_follow_the_category() {
        let s = EntrySettings {
            open: true,
            closes_at: String::new(),
            fee_default: "25".parse().unwrap(),
            fee_youth: Some("12.50".parse().unwrap()),
            titled_free: true,
            ..EntrySettings::default()
        };
        let mut p = NewPlayer::default();
        assert_eq!(s.fee_of(&p, "2026-03-14").0.to_string(), "25.00");
        // Born 2006: 20 in 2026, Junior in the 2025/2026 season; born 2005, Senior.
        p.birth_date = "2006/12/31".into();
        assert_eq!(
            s.fee_of(&p, "2026-03-14"),
            ("12.50".parse().unwrap(), "youth")
        );
        p.birth_date = "2005/01/01".into();
        assert_eq!(s.fee_of(&p, "2026-03-14").1, "default");
        p.title = "IM".into();
        assert_eq!(s.fee_of(&p, "2026-03-14"), (Money::ZERO, "titled"));
        p.title = "FM".into();
        assert_eq!(s.fee_of(&p, "2026-03-14").1, "default");
    }
}
