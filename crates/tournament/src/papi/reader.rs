//! Papi file → [`PapiFile`] → [`Tournament`].

use std::collections::HashMap;

use jet::{Database, Value};

use super::{
    PapiColor, PapiError, PapiFile, PapiPlayer, PapiRating, PapiResult, PapiRound, BYE_REF,
    MAX_ROUNDS,
};
use crate::{
    Color, Entry, GameResult, Header, Player, PlayerId, PointSystem, Points, Sex, Title, Tournament,
};

/// Reads a Papi file's content: every setting and every player's row, each round cell a code.
pub fn read(bytes: &[u8]) -> Result<PapiFile, PapiError> {
    let db = Database::from_bytes(bytes.to_vec())?;
    let info = table(&db, "INFO", &["Variable", "Value"])?;
    let settings = info
        .rows
        .iter()
        .map(|r| {
            let text = |k: usize| r[k].as_text().map(str::to_string);
            (text(0).unwrap_or_default(), text(1))
        })
        .collect();
    let mut columns = vec![
        "Ref",
        "RefFFE",
        "Nr",
        "NrFFE",
        "Nom",
        "Prenom",
        "Sexe",
        "NeLe",
        "Cat",
        "Elo",
        "Rapide",
        "Blitz",
        "Federation",
        "Club",
        "Ligue",
        "Fide",
        "RapideFide",
        "BlitzFide",
        "FideCode",
        "FideTitre",
        "AffType",
        "Place",
    ]
    .into_iter()
    .map(str::to_string)
    .collect::<Vec<_>>();
    for r in 1..=MAX_ROUNDS {
        for part in ["Cl", "Adv", "Res"] {
            columns.push(format!("Rd{r:02}{part}"));
        }
    }
    let names: Vec<&str> = columns.iter().map(String::as_str).collect();
    let joueur = table(&db, "JOUEUR", &names)?;
    let mut players = Vec::with_capacity(joueur.rows.len());
    for row in &joueur.rows {
        players.push(player(row)?);
    }
    Ok(PapiFile { settings, players })
}

/// A table's rows with the named columns, in that order.
struct Picked {
    rows: Vec<Vec<Value>>,
}

fn table(db: &Database, name: &str, columns: &[&str]) -> Result<Picked, PapiError> {
    let t = db.table(name).map_err(|e| match e {
        jet::JetError::NoSuchTable(_) => PapiError::NotPapi(format!(
            "an Access database without the table {name} (its tables: {})",
            db.table_names().join(", ")
        )),
        e => PapiError::Database(e),
    })?;
    let mut picks = Vec::with_capacity(columns.len());
    for c in columns {
        picks
            .push(t.column_index(c).ok_or_else(|| {
                PapiError::NotPapi(format!("the table {name} has no column {c}"))
            })?);
    }
    let rows = db
        .rows(name)?
        .into_iter()
        .map(|r| picks.iter().map(|&k| r[k].clone()).collect())
        .collect();
    Ok(Picked { rows })
}

fn text(v: &Value) -> Option<String> {
    v.as_text()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

fn player(r: &[Value]) -> Result<PapiPlayer, PapiError> {
    let reference =
        r[0].as_i64()
            .ok_or_else(|| PapiError::NotPapi("a player without a Ref".into()))? as i32;
    let int = |v: &Value| v.as_i64().map(|i| i as i32);
    let small = |v: &Value| v.as_i64().map(|i| i as i16);
    let mut p = PapiPlayer {
        reference,
        ffe_ref: int(&r[1]),
        number: small(&r[2]),
        licence: text(&r[3]),
        last_name: text(&r[4]).unwrap_or_default(),
        first_name: text(&r[5]),
        sex: text(&r[6]),
        birth_date: match r[7] {
            Value::DateTime(days) => Some(date_of(days)),
            _ => None,
        },
        category: text(&r[8]),
        standard: PapiRating {
            value: small(&r[9]),
            kind: text(&r[15]),
        },
        rapid: PapiRating {
            value: small(&r[10]),
            kind: text(&r[16]),
        },
        blitz: PapiRating {
            value: small(&r[11]),
            kind: text(&r[17]),
        },
        federation: text(&r[12]),
        club: text(&r[13]),
        league: text(&r[14]),
        fide_id: text(&r[18]),
        title: text(&r[19]),
        licence_type: text(&r[20]),
        place: small(&r[21]),
        rounds: Vec::with_capacity(MAX_ROUNDS as usize),
    };
    for round in 0..MAX_ROUNDS as usize {
        let at = 22 + 3 * round;
        let bad = |part: &str, what: String| PapiError::Player {
            reference,
            name: p.display_name(),
            column: format!("Rd{:02}{part}", round + 1),
            what,
        };
        let cl = r[at].as_text().unwrap_or("").trim().to_string();
        let color = PapiColor::from_code(&cl).ok_or_else(|| {
            bad(
                "Cl",
                format!("expected a colour B, N, F or R, found {cl:?}"),
            )
        })?;
        let opponent = r[at + 1].as_i64().map(|i| i as i32);
        let res = r[at + 2].as_i64().unwrap_or(0);
        let result = u8::try_from(res)
            .ok()
            .and_then(PapiResult::from_code)
            .ok_or_else(|| bad("Res", format!("expected a result code 0 to 6, found {res}")))?;
        p.rounds.push(PapiRound {
            color,
            opponent,
            result,
        });
    }
    Ok(p)
}

/// Days since 30 December 1899 (Access's dates) as `YYYY/MM/DD`.
pub(crate) fn date_of(days: f64) -> String {
    let (y, m, d) = civil_from_days(days.floor() as i64 - 25_569);
    format!("{y:04}/{m:02}/{d:02}")
}

/// Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A tournament read from a Papi file, and what the file holds that TRF does not carry.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted {
    pub tournament: Tournament,
    /// One line per kind of data left out (the Papi setting named).
    pub warnings: Vec<String>,
    /// The `Ref` of each of the tournament's players, in the same order.
    pub references: Vec<i32>,
}

/// The points Papi counts: 1 / ½ / 0, or 3 / 1 / 0 when `DecomptePoints` is `OUI`.
fn point_system(f: &PapiFile) -> Result<PointSystem, PapiError> {
    match f
        .setting("DecomptePoints")
        .map(str::to_ascii_uppercase)
        .as_deref()
    {
        None | Some("NON") => Ok(PointSystem::default()),
        Some("OUI") => Ok(PointSystem::from_game_values(
            Points::from_whole(3),
            Points::ONE,
            Points::ZERO,
        )),
        Some(other) => Err(PapiError::Setting {
            name: "DecomptePoints".into(),
            expected: "OUI or NON".into(),
            found: other.into(),
        }),
    }
}

impl PapiFile {
    /// The tournament this file describes: players (pairing numbers from `Nr` when every player
    /// has one, else by rating then name, as Papi ranks them), every round up to the last one
    /// with results, and the settings TRF has a record for.
    pub fn to_tournament(&self) -> Result<Converted, PapiError> {
        let mut warnings = Vec::new();
        let planned = match self.setting("NbrRondes") {
            None => None,
            Some(s) => Some(
                s.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_ROUNDS).contains(n))
                    .ok_or_else(|| PapiError::Rounds { found: s.into() })?,
            ),
        };
        let rating_column = match self.setting("ClassElo") {
            None | Some("Elo") => 0,
            Some("Rapide") => 1,
            Some("Blitz") => 2,
            Some(other) => {
                return Err(PapiError::Setting {
                    name: "ClassElo".into(),
                    expected: "Elo, Rapide or Blitz".into(),
                    found: other.into(),
                })
            }
        };
        let entrants: Vec<&PapiPlayer> = self.entrants().collect();
        let by_ref: HashMap<i32, &PapiPlayer> =
            entrants.iter().map(|p| (p.reference, *p)).collect();
        let rating_of = |p: &PapiPlayer| match rating_column {
            1 => p.rapid.clone(),
            2 => p.blitz.clone(),
            _ => p.standard.clone(),
        };

        // Pairing numbers.
        let mut order: Vec<&PapiPlayer> = entrants.clone();
        let numbered = !order.is_empty() && order.iter().all(|p| p.number.is_some_and(|n| n > 0));
        if numbered {
            order.sort_by_key(|p| p.number);
        } else {
            order.sort_by(|a, b| {
                let ra = rating_of(a).value.unwrap_or(0);
                let rb = rating_of(b).value.unwrap_or(0);
                rb.cmp(&ra)
                    .then_with(|| a.last_name.cmp(&b.last_name))
                    .then_with(|| a.first_name.cmp(&b.first_name))
                    .then_with(|| a.reference.cmp(&b.reference))
            });
        }
        let mut tpn: HashMap<i32, PlayerId> = HashMap::new();
        for (k, p) in order.iter().enumerate() {
            let id = if numbered {
                PlayerId(p.number.expect("numbered") as u32)
            } else {
                PlayerId(k as u32 + 1)
            };
            if tpn.values().any(|&v| v == id) {
                return Err(PapiError::Player {
                    reference: p.reference,
                    name: p.display_name(),
                    column: "Nr".into(),
                    what: format!("pairing number {id} is given twice"),
                });
            }
            tpn.insert(p.reference, id);
        }

        // Every opponent is in the file (checked first, in the file's order).
        for p in &entrants {
            for (k, cell) in p.rounds.iter().enumerate() {
                if let Some(o) = cell
                    .opponent
                    .filter(|&o| o != BYE_REF && !by_ref.contains_key(&o))
                {
                    return Err(PapiError::MissingOpponent {
                        reference: p.reference,
                        name: p.display_name(),
                        column: format!("Rd{:02}Adv", k + 1),
                        opponent: o,
                    });
                }
            }
        }
        // Every round cell, checked against the opponent's row.
        let mut entries: Vec<Vec<Option<Entry>>> = Vec::with_capacity(order.len());
        for p in &order {
            let mut row = Vec::with_capacity(MAX_ROUNDS as usize);
            for (k, cell) in p.rounds.iter().enumerate() {
                row.push(entry(p, k as u32 + 1, cell, &by_ref, &tpn)?);
            }
            entries.push(row);
        }
        // The rounds with results: up to the last round where any player has a record; a round
        // paired but without results (still being played) ends the rounds read.
        let has = |r: u32, game: bool| {
            entries.iter().any(|e| match e[r as usize - 1] {
                None => true,
                Some(x) if game => x.opponent().is_some() || x == Entry::PairingBye,
                Some(x) => x != Entry::NotPaired,
            })
        };
        let mut last_recorded = (1..=MAX_ROUNDS).rev().find(|&r| has(r, false)).unwrap_or(0);
        // Papi leaves absences entered beyond the last round (F, 0) in the rows: without a game
        // there, they are not rounds.
        if let Some(n) = planned.filter(|&n| n < last_recorded) {
            if !(n + 1..=last_recorded).any(|r| has(r, true)) {
                warnings.push(format!(
                    "rounds {} to {last_recorded}: absences recorded beyond the {n} rounds of NbrRondes; left out",
                    n + 1
                ));
                last_recorded = n;
            }
        }
        let last_game = (1..=last_recorded)
            .rev()
            .find(|&r| has(r, true))
            .unwrap_or(0);
        let mut rounds = last_recorded;
        for r in 1..=last_game {
            let pending: Vec<&&PapiPlayer> = order
                .iter()
                .zip(&entries)
                .filter(|(_, e)| e[r as usize - 1].is_none())
                .map(|(p, _)| p)
                .collect();
            let Some(p) = pending.first() else { continue };
            if r == last_game {
                warnings.push(format!(
                    "round {r} is paired but has no results yet: rounds from {r} on are left out (TRF records played rounds)"
                ));
                rounds = r - 1;
                break;
            }
            return Err(PapiError::Player {
                reference: p.reference,
                name: p.display_name(),
                column: format!("Rd{r:02}Res"),
                what: format!(
                    "a game without a result in round {r}, while round {last_game} has results"
                ),
            });
        }
        if let Some(n) = planned {
            if rounds > n {
                return Err(PapiError::Setting {
                    name: "NbrRondes".into(),
                    expected: format!("at least the {rounds} rounds the players' rows record"),
                    found: n.to_string(),
                });
            }
        }

        let point_system = point_system(self)?;
        // The points count the rounds with games: byes entered ahead for the next round are not
        // in them yet (TRF's points column is written the same way).
        let games_until = (1..=rounds)
            .rev()
            .find(|&r| {
                entries
                    .iter()
                    .any(|e| matches!(e[r as usize - 1], Some(x) if x.opponent().is_some() || x == Entry::PairingBye))
            })
            .unwrap_or(0);
        let mut players = Vec::with_capacity(order.len());
        for (p, e) in order.iter().zip(&entries) {
            let mut rounds_of: Vec<Entry> = e[..rounds as usize]
                .iter()
                .map(|x| x.expect("complete round"))
                .collect();
            // As in TRF, a record ends with the player's last round with an entry.
            while rounds_of.last() == Some(&Entry::NotPaired) {
                rounds_of.pop();
            }
            let points = rounds_of
                .iter()
                .take(games_until as usize)
                .map(|e| e.points(&point_system))
                .sum();
            players.push(to_player(
                p,
                tpn[&p.reference],
                rounds_of,
                &rating_of(p),
                points,
            )?);
        }
        players.sort_by_key(|p| p.id);
        let mut references: Vec<(PlayerId, i32)> = tpn.iter().map(|(&r, &id)| (id, r)).collect();
        references.sort_unstable();

        let header = header(self, planned, &mut warnings)?;
        Ok(Converted {
            tournament: Tournament {
                header,
                point_system,
                players,
                ..Tournament::default()
            },
            warnings,
            references: references.into_iter().map(|(_, r)| r).collect(),
        })
    }
}

fn to_player(
    p: &PapiPlayer,
    id: PlayerId,
    rounds: Vec<Entry>,
    rating: &PapiRating,
    score: Points,
) -> Result<Player, PapiError> {
    let bad = |column: &str, what: String| PapiError::Player {
        reference: p.reference,
        name: p.display_name(),
        column: column.into(),
        what,
    };
    let name = match &p.first_name {
        Some(f) => format!("{}, {f}", p.last_name),
        None => p.last_name.clone(),
    };
    if name.is_empty() {
        return Err(bad("Nom", "a player without a name".into()));
    }
    let sex = match p.sex.as_deref().map(str::to_ascii_uppercase).as_deref() {
        None => None,
        Some("M") => Some(Sex::Male),
        Some("F") => Some(Sex::Female),
        Some(other) => return Err(bad("Sexe", format!("expected M or F, found {other:?}"))),
    };
    let title = match p.title.as_deref() {
        None => None,
        Some(code) => Some(title_of(code).ok_or_else(|| {
            bad(
                "FideTitre",
                format!("expected a title g, m, f, c, gf, mf, ff or cf, found {code:?}"),
            )
        })?),
    };
    let fide_id = match p.fide_id.as_deref() {
        None => None,
        Some(s) => Some(s.parse::<u64>().map_err(|_| {
            bad(
                "FideCode",
                format!("expected a FIDE id (digits), found {s:?}"),
            )
        })?),
    };
    let value = rating.value.filter(|&v| v > 0).map(|v| v as u16);
    let (rating, national_rating) = match rating.kind.as_deref() {
        Some("F") => (value, None),
        Some("N") => (None, value),
        _ => (None, None),
    };
    Ok(Player {
        id,
        sex,
        title,
        name,
        rating,
        national_rating,
        federation: p.federation.clone(),
        fide_id,
        birth_date: p.birth_date.clone(),
        points: score,
        rank: p.place.filter(|&r| r > 0).map(|r| r as u32),
        rounds,
    })
}

/// Papi's title codes (lower case; `f` suffix for the women's titles).
pub(crate) fn title_of(code: &str) -> Option<Title> {
    Some(match code {
        "g" => Title::GM,
        "m" => Title::IM,
        "f" => Title::FM,
        "c" => Title::CM,
        "gf" => Title::WGM,
        "mf" => Title::WIM,
        "ff" => Title::WFM,
        "cf" => Title::WCM,
        _ => return None,
    })
}

/// One round cell as a model entry; `None` for a game paired but without result yet.
fn entry(
    p: &PapiPlayer,
    round: u32,
    cell: &PapiRound,
    by_ref: &HashMap<i32, &PapiPlayer>,
    tpn: &HashMap<i32, PlayerId>,
) -> Result<Option<Entry>, PapiError> {
    let bad = |part: &str, what: String| PapiError::Player {
        reference: p.reference,
        name: p.display_name(),
        column: format!("Rd{round:02}{part}"),
        what,
    };
    let code = format!("{}/{}", cell.color.code(), cell.result.code());
    Ok(Some(match cell.color {
        PapiColor::None => match (cell.opponent, cell.result) {
            (None, PapiResult::None) => Entry::NotPaired,
            _ => {
                return Err(bad(
                    "Cl",
                    format!("colour R (not paired) with an opponent or a result ({code})"),
                ))
            }
        },
        PapiColor::Bye => match cell.result {
            PapiResult::None => Entry::ZeroBye,
            PapiResult::Draw => Entry::HalfBye,
            PapiResult::ForfeitWin => Entry::FullBye,
            _ => {
                return Err(bad(
                    "Res",
                    format!(
                        "a bye (colour F) with result {}, expected 0, 2 or 6",
                        cell.result.code()
                    ),
                ))
            }
        },
        PapiColor::White | PapiColor::Black => {
            let color = if cell.color == PapiColor::White {
                Color::White
            } else {
                Color::Black
            };
            let Some(opp) = cell.opponent else {
                return Err(bad(
                    "Adv",
                    format!("colour {} without an opponent", cell.color.code()),
                ));
            };
            if opp == BYE_REF {
                return match cell.result {
                    PapiResult::ForfeitWin => Ok(Some(Entry::PairingBye)),
                    _ => Err(bad(
                        "Res",
                        format!(
                            "the pairing-allocated bye (opponent Ref 1) with result {}, expected 6",
                            cell.result.code()
                        ),
                    )),
                };
            }
            let Some(other) = by_ref.get(&opp) else {
                return Err(bad("Adv", format!("opponent Ref {opp} is not in the file")));
            };
            if opp == p.reference {
                return Err(bad("Adv", "the player is paired against themself".into()));
            }
            let back = other.rounds[round as usize - 1];
            let expected_color = if color == Color::White {
                PapiColor::Black
            } else {
                PapiColor::White
            };
            if back.opponent != Some(p.reference)
                || back.color != expected_color
                || back.result != cell.result.mirrored()
            {
                return Err(bad("Adv", format!(
                    "plays Ref {opp} ({}) with {code}, but that player's round {round} records {}/{} against {}",
                    other.display_name(),
                    back.color.code(),
                    back.result.code(),
                    back.opponent.map_or("nobody".to_string(), |o| format!("Ref {o}")),
                )));
            }
            let opponent = tpn[&opp];
            match cell.result {
                PapiResult::None => return Ok(None),
                PapiResult::Win => Entry::Played {
                    opponent,
                    color,
                    result: GameResult::Win,
                    rated: true,
                },
                PapiResult::Draw => Entry::Played {
                    opponent,
                    color,
                    result: GameResult::Draw,
                    rated: true,
                },
                PapiResult::Loss => Entry::Played {
                    opponent,
                    color,
                    result: GameResult::Loss,
                    rated: true,
                },
                PapiResult::ForfeitWin => Entry::ForfeitWin {
                    opponent: Some(opponent),
                    color: Some(color),
                },
                PapiResult::ForfeitLoss => Entry::ForfeitLoss {
                    opponent: Some(opponent),
                    color: Some(color),
                },
                PapiResult::DoubleForfeit => Entry::DoubleForfeit { opponent, color },
            }
        }
    }))
}

/// `JJ/MM/AAAA` (Papi) as `YYYY/MM/DD` (TRF).
pub(crate) fn trf_date(name: &str, s: &str) -> Result<String, PapiError> {
    let parts: Vec<&str> = s.trim().split('/').collect();
    let bad = || PapiError::Setting {
        name: name.into(),
        expected: "a date DD/MM/YYYY".into(),
        found: s.into(),
    };
    match parts.as_slice() {
        [d, m, y] if d.len() <= 2 && m.len() <= 2 && y.len() == 4 => {
            let (d, m, y): (u32, u32, u32) = (
                d.parse().map_err(|_| bad())?,
                m.parse().map_err(|_| bad())?,
                y.parse().map_err(|_| bad())?,
            );
            if !(1..=31).contains(&d) || !(1..=12).contains(&m) {
                return Err(bad());
            }
            Ok(format!("{y:04}/{m:02}/{d:02}"))
        }
        _ => Err(bad()),
    }
}

/// Papi's tie-break names and TRF's codes (C.07), where one is the other.
pub(crate) const TIEBREAKS: [(&str, &str); 8] = [
    ("Solkoff", "BH"),
    ("Brésilien", "BH/C1"),
    ("Harkness", "BH/M1"),
    ("Cumulatif", "PS"),
    ("Sonnenborn-Berger", "SB"),
    ("Koya", "KS"),
    ("Nombre de Victoires", "WIN"),
    ("Performance", "TPR"),
];

fn header(
    f: &PapiFile,
    rounds: Option<u32>,
    warnings: &mut Vec<String>,
) -> Result<Header, PapiError> {
    let text = |n: &str| f.setting(n).map(str::to_string);
    let date = |n: &str| f.setting(n).map(|s| trf_date(n, s)).transpose();
    let mut round_dates = Vec::new();
    for r in 1..=rounds.unwrap_or(0) {
        let name = format!("DateRd{r}");
        match date(&name)? {
            // TRF's 132 writes YY/MM/DD.
            Some(d) => round_dates.push(d[2..].to_string()),
            None => break,
        }
    }
    let mut tiebreaks = Vec::new();
    for n in ["Dep1", "Dep2", "Dep3"] {
        if let Some(v) = f.setting(n) {
            match TIEBREAKS.iter().find(|(papi, _)| *papi == v) {
                Some((_, code)) => tiebreaks.push(*code),
                None => warnings.push(format!(
                    "{n}: the tie-break {v:?} has no TRF code; left out"
                )),
            }
        }
    }
    if let Some(p) = f
        .setting("Pairing")
        .filter(|p| *p != "Standard" && *p != "Berger")
    {
        warnings.push(format!(
            "Pairing: the accelerated pairing {p:?} is Papi's own; TRF does not carry it"
        ));
    }
    Ok(Header {
        name: text("Nom"),
        city: text("Lieu"),
        start_date: date("DateDebut")?,
        end_date: date("DateFin")?,
        chief_arbiter: text("Arbitre"),
        time_control: text("Cadence"),
        rounds,
        round_dates,
        tournament_type: f.is_round_robin().then(|| "Round robin".to_string()),
        tiebreaks: (!tiebreaks.is_empty()).then(|| tiebreaks.join(",")),
        ..Header::default()
    })
}
