//! The byte layout of a `.TUNX` file, read front to back: each section must start where the
//! previous one ended, so that a damaged or truncated file is refused where it goes wrong.

use std::collections::HashSet;

use super::{
    Absence, Date, GameCode, Kind, Pairing, Player, Round, Tiebreak, TunxError, TunxErrorKind,
    TunxFile,
};
use crate::model::{PlayerId, Sex};

const MAGIC: [u8; 4] = [0x93, 0xFF, 0x89, 0x44];
const CONFIG: [u8; 4] = [0x95, 0xFF, 0x89, 0x44];
const SCHEDULE: [u8; 4] = [0xA3, 0xFF, 0x89, 0x44];
const PLAYERS: [u8; 4] = [0xA5, 0xFF, 0x89, 0x44];
const PAIRINGS: [u8; 4] = [0xB3, 0xFF, 0x89, 0x44];
const INDEX: [u8; 4] = [0xD3, 0xFF, 0x89, 0x44];
const END: [u8; 4] = [0xE3, 0xFF, 0x89, 0x44];

const HEADER_LEN: usize = 0x6C;
/// The event's texts: Swiss-Manager writes 132 of them; more would be another layout.
const MAX_TEXTS: usize = 1000;
const ROUND_BLOCK: usize = 106;
const PLAYER_TEXTS: usize = 30;
const PLAYER_BLOCK: usize = 110;
const PAIRING_RECORD: usize = 21;
const ABSENT: u16 = 0xFFFE;
const BYE: u16 = 0xFFFF;

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn err(
    offset: usize,
    kind: TunxErrorKind,
    expected: impl Into<String>,
    found: impl Into<String>,
) -> TunxError {
    TunxError {
        offset,
        kind,
        expected: expected.into(),
        found: found.into(),
    }
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], TunxError> {
        let left = self.bytes.len() - self.at;
        if left < n {
            return Err(err(
                self.at,
                TunxErrorKind::Truncated,
                format!("{what} ({n} bytes)"),
                format!("the end of the file after {left} bytes"),
            ));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    fn u16(&mut self, what: &str) -> Result<u16, TunxError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn text(&mut self, what: &str) -> Result<String, TunxError> {
        let start = self.at;
        let n = self.u16(what)? as usize;
        let b = self.take(2 * n, what)?;
        let units: Vec<u16> = b
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16(&units).map_err(|_| {
            err(
                start,
                TunxErrorKind::BadText,
                format!("{what} as UTF-16 text"),
                "an unpaired surrogate",
            )
        })
    }

    fn peek_is(&self, marker: [u8; 4]) -> bool {
        self.bytes.get(self.at..self.at + 4) == Some(&marker[..])
    }

    fn marker(&mut self, marker: [u8; 4], section: &str) -> Result<(), TunxError> {
        let at = self.at;
        let found = self.take(4, &format!("the marker of the {section} section"))?;
        if found != marker {
            return Err(err(
                at,
                TunxErrorKind::Layout,
                format!("the marker of the {section} section ({})", hex(&marker)),
                hex(found),
            ));
        }
        Ok(())
    }
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn non_zero<T: PartialEq + Default>(v: T) -> Option<T> {
    (v != T::default()).then_some(v)
}

/// Reads a `.TUNX` file of an individual event (Swiss or round robin).
pub fn read(bytes: &[u8]) -> Result<TunxFile, TunxError> {
    if bytes.len() < 4 || bytes[..4] != MAGIC {
        let found = bytes.get(..4).map_or_else(
            || format!("{} bytes", bytes.len()),
            |b| format!("{} ({:?})", hex(b), String::from_utf8_lossy(b)),
        );
        return Err(err(
            0,
            TunxErrorKind::NotTunx,
            format!(
                "a Swiss-Manager tournament file (.TUNX), starting {}",
                hex(&MAGIC)
            ),
            found,
        ));
    }
    let mut c = Cursor { bytes, at: 0 };
    let header = c.take(HEADER_LEN, "the file's header")?;
    let chess_results_id = u32_at(header, 0x20);
    let program_date = Date::from_number(u32_at(header, 0x1C));

    // The event's texts, up to the settings' marker.
    let mut texts = Vec::new();
    while !c.peek_is(CONFIG) {
        if texts.len() == MAX_TEXTS {
            return Err(err(
                c.at,
                TunxErrorKind::Layout,
                format!(
                    "the settings' marker ({}) after the event's texts",
                    hex(&CONFIG)
                ),
                format!("more than {MAX_TEXTS} texts"),
            ));
        }
        texts.push(c.text("one of the event's texts")?);
    }
    let text = |i: usize| texts.get(i).map_or(String::new(), |s| s.trim().to_string());

    // Settings: fixed offsets from the marker's end; the schedule's marker follows them.
    let config_at = c.at + 4;
    c.marker(CONFIG, "settings")?;
    let settings = c.take(0x4F, "the event's settings")?;
    let rounds_planned = u16_at(settings, 0x00);
    let kind = match settings[0x0B] {
        0 => Kind::Swiss,
        1 => Kind::RoundRobin,
        2 => {
            return Err(err(
                config_at + 0x0B,
                TunxErrorKind::TeamEvent,
                "an individual event (type 0 Swiss or 1 round robin)",
                "a team tournament (type 2): team files are not read",
            ))
        }
        t => {
            return Err(err(
                config_at + 0x0B,
                TunxErrorKind::UnknownKind,
                "an individual event (type 0 Swiss or 1 round robin)",
                format!("type {t}"),
            ))
        }
    };
    let current_round = settings[0x11] as u16;
    let player_count = u16_at(settings, 0x13) as usize;
    let tiebreak_count = u16_at(settings, 0x1B) as usize;
    let tiebreaks = (0..tiebreak_count.min(10))
        .map(|i| Tiebreak {
            code: u16_at(settings, 0x1D + 2 * i),
        })
        .filter(|t| t.code != 0)
        .collect();
    let start_date = Date::from_number(u32_at(settings, 0x47));
    let end_date = Date::from_number(u32_at(settings, 0x4B));
    let rest = &bytes[c.at..];
    let Some(skip) = rest.windows(4).position(|w| w == SCHEDULE) else {
        return Err(err(
            c.at,
            TunxErrorKind::Truncated,
            format!("the schedule's marker ({})", hex(&SCHEDULE)),
            "the end of the file",
        ));
    };
    c.at += skip;
    c.marker(SCHEDULE, "schedule")?;

    // One entry per planned round: its time, then a fixed block.
    let mut rounds = Vec::with_capacity(rounds_planned as usize);
    let mut counts = Vec::with_capacity(rounds_planned as usize);
    for r in 1..=rounds_planned {
        let time = c.text(&format!("round {r}'s time"))?;
        let block = c.take(ROUND_BLOCK, &format!("round {r}'s schedule"))?;
        counts.push(u16_at(block, 36) as usize);
        rounds.push(Round {
            date: Date::from_number(u32_at(block, 48)),
            time: time.trim().to_string(),
            pairings: Vec::new(),
            fixed_by_hand: Vec::new(),
        });
    }
    c.marker(PLAYERS, "players")?;

    let mut players = Vec::with_capacity(player_count);
    for k in 1..=player_count {
        let mut s = Vec::with_capacity(PLAYER_TEXTS);
        for _ in 0..PLAYER_TEXTS {
            s.push(c.text(&format!("player {k}'s texts"))?.trim().to_string());
        }
        let n = c.take(PLAYER_BLOCK, &format!("player {k}'s numbers"))?;
        let [surname, first_name, _, _, title, national_id, _, _, _, club, federation, ..] = &s[..]
        else {
            unreachable!("30 texts were read")
        };
        players.push(Player {
            surname: surname.clone(),
            first_name: first_name.clone(),
            title: title.clone(),
            federation: federation.clone(),
            club: club.clone(),
            national_id: national_id.clone(),
            fide_id: non_zero(u32_at(n, 0x18)),
            rating: non_zero(u16_at(n, 0x08)),
            national_rating: non_zero(u16_at(n, 0x0A)),
            sex: (n[0x06] == 1).then_some(Sex::Female),
            birth: Date::from_number(u32_at(n, 0x0E)),
        });
    }
    c.marker(PAIRINGS, "pairings")?;

    for (r, (round, count)) in rounds.iter_mut().zip(&counts).enumerate() {
        let mut seen = HashSet::new();
        for board in 1..=*count {
            let at = c.at;
            let rec = c.take(PAIRING_RECORD, &format!("round {}'s record {board}", r + 1))?;
            let (w, b, code) = (u16_at(rec, 0), u16_at(rec, 2), u16_at(rec, 4));
            let pairing = record(at, w, b, code, player_count).map_err(|mut e| {
                e.expected = format!("in round {}, record {board}: {}", r + 1, e.expected);
                e
            })?;
            for p in pairing.players() {
                if !seen.insert(p) {
                    return Err(err(
                        at,
                        TunxErrorKind::BadPairing,
                        format!("each player once in round {}", r + 1),
                        format!("player {p} a second time (record {board})"),
                    ));
                }
            }
            if rec[6] == 1 {
                round.fixed_by_hand.push(round.pairings.len());
            }
            round.pairings.push(pairing);
        }
    }
    // Other sections may follow (a `C5` section of a few bytes in one file); the index
    // comes last before the end marker.
    if !c.peek_is(INDEX) {
        let rest = &bytes[c.at..];
        match rest.windows(4).position(|w| w == INDEX) {
            Some(skip) => c.at += skip,
            None => {
                return Err(err(
                    c.at,
                    TunxErrorKind::Truncated,
                    format!("the index's marker ({}) after the pairings", hex(&INDEX)),
                    "the end of the file",
                ))
            }
        }
    }
    c.marker(INDEX, "index")?;
    if !bytes.ends_with(&END) {
        return Err(err(
            bytes.len().saturating_sub(4),
            TunxErrorKind::Truncated,
            format!("the file's end marker ({})", hex(&END)),
            hex(&bytes[bytes.len().saturating_sub(4)..]),
        ));
    }

    let mut arbiters: Vec<String> = [text(6), text(35)]
        .iter()
        .flat_map(|l| {
            l.split(';')
                .map(|a| a.trim().to_string())
                .collect::<Vec<_>>()
        })
        .filter(|a| !a.is_empty())
        .collect();
    arbiters.dedup();
    Ok(TunxFile {
        chess_results_id,
        program_date,
        name: text(0),
        subtitle: text(1),
        tournament_director: text(3),
        organizer: text(4),
        venue: text(5),
        arbiters,
        city: text(10),
        time_control: text(14),
        federation: text(20),
        chief_arbiter: text(21),
        deputy_chief_arbiter: text(22).trim_matches('.').trim().to_string(),
        kind,
        rounds_planned,
        current_round,
        start_date,
        end_date,
        tiebreaks,
        players,
        rounds,
    })
}

/// One pairing record: White's start number, Black's (or 65534 absent, 65535 the bye) and
/// the result code.
fn record(at: usize, w: u16, b: u16, code: u16, players: usize) -> Result<Pairing, TunxError> {
    let player = |n: u16, off: usize| {
        if n == 0 || n as usize > players {
            Err(err(
                at + off,
                TunxErrorKind::BadPairing,
                format!("a start number from 1 to {players}"),
                n.to_string(),
            ))
        } else {
            Ok(PlayerId(n as u32))
        }
    };
    let unknown = |what: &str| {
        err(
            at + 4,
            TunxErrorKind::UnknownResult,
            what.to_string(),
            format!("code {code}"),
        )
    };
    let white = player(w, 0)?;
    Ok(match b {
        ABSENT => Pairing::Absent {
            player: white,
            value: match code {
                0 => Absence::Unscored,
                1 => Absence::FullPoint,
                2 => Absence::HalfPoint,
                3 => Absence::ZeroPoint,
                _ => return Err(unknown("an absence's value 0 to 3")),
            },
        },
        BYE => Pairing::PairingBye {
            player: white,
            scored: match code {
                0 => false,
                9 => true,
                _ => return Err(unknown("the bye's code 0 or 9")),
            },
        },
        _ => {
            let black = player(b, 2)?;
            if black == white {
                return Err(err(
                    at + 2,
                    TunxErrorKind::BadPairing,
                    "an opponent other than the player",
                    b.to_string(),
                ));
            }
            Pairing::Game {
                white,
                black,
                result: GameCode::from_code(code)
                    .ok_or_else(|| unknown("a result code 0 to 6 or 15 to 17"))?,
            }
        }
    })
}
