//! [`Tournament`] → [`PapiFile`] → Papi file.

use std::collections::HashMap;

use jet::{Database, Value};

use super::reader::TIEBREAKS;
use super::{
    PapiColor, PapiError, PapiFile, PapiPlayer, PapiRating, PapiResult, PapiRound, BYE_REF, EMPTY,
    MAX_ROUNDS,
};
use crate::{parse_ymd, Color, Entry, GameResult, PointSystem, Points, Sex, Title, Tournament};

/// The longest value of a setting (`INFO.Value` is Text (50)).
const SETTING_CHARS: usize = 50;

/// A Papi file made from a tournament, and what the tournament holds that Papi does not.
#[derive(Debug, Clone, PartialEq)]
pub struct FromTournament {
    pub file: PapiFile,
    /// One line per kind of data left out.
    pub warnings: Vec<String>,
}

pub(crate) fn from_tournament(t: &Tournament) -> Result<FromTournament, PapiError> {
    if t.is_team_event() {
        return Err(PapiError::Unsupported(
            "a team competition: Papi holds individual events only (the FFE records team \
             competitions' results in its own interclubs site, not from a Papi file)"
                .into(),
        ));
    }
    let rounds = t.header.rounds.unwrap_or(0).max(t.recorded_rounds());
    if rounds > MAX_ROUNDS {
        return Err(PapiError::Unsupported(format!(
            "{rounds} rounds: Papi holds at most {MAX_ROUNDS} (Rd01 to Rd24)"
        )));
    }
    let three_one_zero =
        PointSystem::from_game_values(Points::from_whole(3), Points::ONE, Points::ZERO);
    let decompte = if t.point_system.is_default() {
        "NON"
    } else if t.point_system == three_one_zero {
        "OUI"
    } else {
        return Err(PapiError::Unsupported(
            "a point system other than 1 / ½ / 0 or 3 / 1 / 0 (Papi's DecomptePoints)".into(),
        ));
    };
    let mut warnings = Vec::new();
    let mut file = PapiFile::empty();
    let h = &t.header;
    let set = |file: &mut PapiFile, name: &str, value: Option<String>| -> Result<(), PapiError> {
        if let Some(v) = &value {
            if v.chars().count() > SETTING_CHARS {
                return Err(PapiError::Unsupported(format!(
                    "the setting {name} ({v:?}) is longer than Papi's {SETTING_CHARS} characters"
                )));
            }
        }
        file.set(name, value);
        Ok(())
    };
    set(&mut file, "Nom", h.name.clone())?;
    set(&mut file, "Lieu", h.city.clone())?;
    set(&mut file, "Arbitre", h.chief_arbiter.clone())?;
    set(&mut file, "Cadence", h.time_control.clone())?;
    set(&mut file, "NbrRondes", Some(rounds.to_string()))?;
    let round_robin = h.says_round_robin() == Some(true);
    set(
        &mut file,
        "Genre",
        Some(
            if round_robin {
                "ToutesRondes"
            } else {
                "Suisse"
            }
            .into(),
        ),
    )?;
    set(
        &mut file,
        "Pairing",
        Some(if round_robin { "Berger" } else { "Standard" }.into()),
    )?;
    set(&mut file, "DecomptePoints", Some(decompte.into()))?;
    set(&mut file, "ClassElo", Some("Elo".into()))?;
    for (name, date) in [("DateDebut", &h.start_date), ("DateFin", &h.end_date)] {
        let value = match date.as_deref() {
            None => None,
            Some(d) => match parse_ymd(d) {
                Some((y, m, day)) => Some(format!("{day:02}/{m:02}/{y:04}")),
                None => {
                    warnings.push(format!(
                        "{name}: the date {d:?} is not a full date; left out"
                    ));
                    None
                }
            },
        };
        set(&mut file, name, value)?;
    }
    for r in 1..=MAX_ROUNDS {
        let value = h.round_dates.get(r as usize - 1).and_then(|d| {
            // TRF's 132 writes YY/MM/DD.
            let parts: Vec<u32> = d
                .trim()
                .split(['/', '.', '-'])
                .filter_map(|x| x.parse().ok())
                .collect();
            match parts.as_slice() {
                [y, m, d] if *y < 100 => Some(format!("{d:02}/{m:02}/{:04}", 2000 + y)),
                [y, m, d] => Some(format!("{d:02}/{m:02}/{y:04}")),
                _ => None,
            }
        });
        set(&mut file, &format!("DateRd{r}"), value)?;
    }
    let codes: Vec<&str> = h
        .tiebreaks
        .as_deref()
        .unwrap_or("")
        .split([',', ' ', ';'])
        .filter(|c| !c.is_empty())
        .collect();
    let mut papi_tiebreaks = Vec::new();
    for code in &codes {
        match TIEBREAKS.iter().find(|(_, c)| c.eq_ignore_ascii_case(code)) {
            Some((papi, _)) if papi_tiebreaks.len() < 3 => papi_tiebreaks.push(papi.to_string()),
            Some(_) => warnings.push(format!(
                "202: Papi holds three tie-breaks; {code} is left out"
            )),
            None => warnings.push(format!(
                "202: the tie-break {code} has no Papi name; left out"
            )),
        }
    }
    for (k, name) in ["Dep1", "Dep2", "Dep3"].into_iter().enumerate() {
        set(&mut file, name, papi_tiebreaks.get(k).cloned())?;
    }
    let dropped = [
        (
            h.federation.as_deref().is_some_and(|f| f != "FRA"),
            "032 (the federation)",
        ),
        (!h.deputy_arbiters.is_empty(), "112 (deputy arbiters)"),
        (
            h.declared_players.is_some() || h.declared_rated_players.is_some(),
            "062/072 (player counts, Papi counts them)",
        ),
        (h.type_code.is_some(), "192 (the type code)"),
        (h.initial_color.is_some(), "XXC/152 (the initial colour)"),
        (
            !t.accelerations.is_empty() || !t.player_accelerations.is_empty(),
            "acceleration (250/XXA)",
        ),
        (!t.forbidden.is_empty(), "forbidden pairs (260/XXP)"),
        (!t.announced_byes.is_empty(), "byes announced (240)"),
        (!t.teams.is_empty(), "teams (310/013)"),
        (
            !t.abnormal_points.is_empty(),
            "points outside the point system (299)",
        ),
        (!t.other_lines.is_empty(), "records Papi has no place for"),
    ];
    for (present, what) in dropped {
        if present {
            warnings.push(format!("{what}: Papi has no place for it; left out"));
        }
    }

    // Players: Ref is the pairing number plus one (Ref 1 is the bye).
    let refs: HashMap<u32, i32> = t
        .players
        .iter()
        .map(|p| (p.id.0, p.id.0 as i32 + 1))
        .collect();
    if let Some(p) = t.players.iter().find(|p| p.id.0 > i16::MAX as u32 - 1) {
        return Err(PapiError::Unsupported(format!(
            "pairing number {} is beyond Papi's {}",
            p.id,
            i16::MAX - 1
        )));
    }
    let mut bye_rounds = vec![PapiRound::NONE; MAX_ROUNDS as usize];
    let mut withdrawn = false;
    let mut players = Vec::with_capacity(t.players.len());
    let mut sorted: Vec<&crate::Player> = t.players.iter().collect();
    sorted.sort_by_key(|p| p.id);
    for p in sorted {
        let reference = refs[&p.id.0];
        let unsupported =
            |what: String| PapiError::Unsupported(format!("player {} ({}): {what}", p.id, p.name));
        let (last, first) = match p.name.split_once(',') {
            Some((l, f)) => (
                l.trim().to_string(),
                Some(f.trim().to_string()).filter(|f| !f.is_empty()),
            ),
            None => (p.name.trim().to_string(), None),
        };
        for (what, v) in [("last name", Some(&last)), ("first name", first.as_ref())] {
            if v.is_some_and(|v| v.chars().count() > 20) {
                return Err(unsupported(format!(
                    "the {what} is longer than Papi's 20 characters"
                )));
            }
        }
        let birth_date = match p.birth_date.as_deref() {
            None => None,
            Some(d) => match parse_ymd(d) {
                Some((y, m, day)) => Some(format!("{y:04}/{m:02}/{day:02}")),
                None => {
                    warnings.push(format!(
                        "player {}: the birth date {d:?} is not a full date; left out",
                        p.id
                    ));
                    None
                }
            },
        };
        let standard = match (p.rating, p.national_rating) {
            (Some(r), _) => PapiRating {
                value: Some(r as i16),
                kind: Some("F".into()),
            },
            (None, Some(n)) => PapiRating {
                value: Some(n as i16),
                kind: Some("N".into()),
            },
            (None, None) => PapiRating {
                value: Some(0),
                kind: Some("E".into()),
            },
        };
        let mut rounds = Vec::with_capacity(MAX_ROUNDS as usize);
        for r in 1..=MAX_ROUNDS {
            let e = p.entry(r).copied().unwrap_or(Entry::NotPaired);
            let side = |opp: crate::PlayerId,
                        color: Option<Color>|
             -> Result<(PapiColor, i32), PapiError> {
                let opp_ref = *refs.get(&opp.0).ok_or_else(|| {
                    unsupported(format!(
                        "round {r}: opponent {opp} is not in the tournament"
                    ))
                })?;
                let c = color.unwrap_or(if p.id < opp {
                    Color::White
                } else {
                    Color::Black
                });
                Ok((
                    if c == Color::White {
                        PapiColor::White
                    } else {
                        PapiColor::Black
                    },
                    opp_ref,
                ))
            };
            let cell = match e {
                Entry::Played {
                    opponent,
                    color,
                    result,
                    ..
                } => {
                    let (c, o) = side(opponent, Some(color))?;
                    let res = match result {
                        GameResult::Win => PapiResult::Win,
                        GameResult::Draw => PapiResult::Draw,
                        GameResult::Loss => PapiResult::Loss,
                    };
                    PapiRound {
                        color: c,
                        opponent: Some(o),
                        result: res,
                    }
                }
                Entry::ForfeitWin {
                    opponent: Some(opp),
                    color,
                } => {
                    let (c, o) = side(opp, color)?;
                    PapiRound {
                        color: c,
                        opponent: Some(o),
                        result: PapiResult::ForfeitWin,
                    }
                }
                Entry::ForfeitLoss {
                    opponent: Some(opp),
                    color,
                } => {
                    let (c, o) = side(opp, color)?;
                    PapiRound {
                        color: c,
                        opponent: Some(o),
                        result: PapiResult::ForfeitLoss,
                    }
                }
                Entry::DoubleForfeit { opponent, color } => {
                    let (c, o) = side(opponent, Some(color))?;
                    PapiRound {
                        color: c,
                        opponent: Some(o),
                        result: PapiResult::DoubleForfeit,
                    }
                }
                Entry::ForfeitWin { opponent: None, .. } | Entry::FullBye => PapiRound {
                    color: PapiColor::Bye,
                    opponent: None,
                    result: PapiResult::ForfeitWin,
                },
                Entry::ForfeitLoss { opponent: None, .. } | Entry::ZeroBye => PapiRound {
                    color: PapiColor::Bye,
                    opponent: None,
                    result: PapiResult::None,
                },
                Entry::Withdrawn => {
                    withdrawn = true;
                    PapiRound {
                        color: PapiColor::Bye,
                        opponent: None,
                        result: PapiResult::None,
                    }
                }
                Entry::HalfBye => PapiRound {
                    color: PapiColor::Bye,
                    opponent: None,
                    result: PapiResult::Draw,
                },
                Entry::PairingBye => {
                    let slot = &mut bye_rounds[r as usize - 1];
                    if slot.opponent.is_some() {
                        return Err(unsupported(format!(
                            "round {r} has a second pairing-allocated bye; Papi's bye row holds one"
                        )));
                    }
                    *slot = PapiRound {
                        color: PapiColor::Black,
                        opponent: Some(reference),
                        result: PapiResult::None,
                    };
                    PapiRound {
                        color: PapiColor::White,
                        opponent: Some(BYE_REF),
                        result: PapiResult::ForfeitWin,
                    }
                }
                Entry::NotPaired => PapiRound::NONE,
            };
            rounds.push(cell);
        }
        players.push(PapiPlayer {
            reference,
            ffe_ref: None,
            number: Some(p.id.0 as i16),
            licence: None,
            last_name: last,
            first_name: first,
            sex: p
                .sex
                .map(|s| if s == Sex::Male { "M" } else { "F" }.to_string()),
            birth_date,
            category: None,
            standard,
            rapid: PapiRating {
                value: Some(0),
                kind: Some("E".into()),
            },
            blitz: PapiRating {
                value: Some(0),
                kind: Some("E".into()),
            },
            federation: p.federation.clone(),
            club: None,
            league: None,
            fide_id: p.fide_id.map(|i| i.to_string()),
            title: p.title.map(|t| title_code(t).to_string()),
            licence_type: Some("N".into()),
            place: p.rank.map(|r| r as i16),
            rounds,
        });
    }
    if withdrawn {
        warnings
            .push("withdrawals: Papi writes a withdrawn player's rounds as absences (F, 0)".into());
    }
    let bye = file
        .players
        .iter_mut()
        .find(|p| p.reference == BYE_REF)
        .expect("Papi's empty file has the bye's row");
    bye.rounds = bye_rounds;
    file.players.retain(|p| p.reference == BYE_REF);
    file.players.extend(players);
    Ok(FromTournament { file, warnings })
}

pub(crate) fn title_code(t: Title) -> &'static str {
    match t {
        Title::GM => "g",
        Title::IM => "m",
        Title::FM => "f",
        Title::CM => "c",
        Title::WGM => "gf",
        Title::WIM => "mf",
        Title::WFM => "ff",
        Title::WCM => "cf",
    }
}

/// Writes a Papi file: Papi's own empty file with `INFO` and `JOUEUR` replaced by the file's
/// settings and players.
pub fn write(file: &PapiFile) -> Result<Vec<u8>, PapiError> {
    if let Some(p) = file
        .players
        .iter()
        .find(|p| p.rounds.len() > MAX_ROUNDS as usize)
    {
        return Err(PapiError::Unsupported(format!(
            "player Ref {} has {} rounds: Papi holds at most {MAX_ROUNDS}",
            p.reference,
            p.rounds.len()
        )));
    }
    let mut db = Database::from_bytes(EMPTY.to_vec())?;
    let info: Vec<Vec<Value>> = file
        .settings
        .iter()
        .map(|(n, v)| {
            vec![
                Value::Text(n.clone()),
                v.clone().map_or(Value::Null, Value::Text),
            ]
        })
        .collect();
    db.replace_rows("INFO", &info)?;

    let table = db.table("JOUEUR")?;
    let template = db
        .rows("JOUEUR")?
        .into_iter()
        .next()
        .expect("the bye's row");
    let index: HashMap<&str, usize> = table
        .columns()
        .iter()
        .enumerate()
        .map(|(k, c)| (c.name(), k))
        .collect();
    let mut rows = Vec::with_capacity(file.players.len());
    for p in &file.players {
        let mut row = template.clone();
        let mut put = |column: &str, v: Value| {
            if let Some(&k) = index.get(column) {
                row[k] = v;
            }
        };
        let text = |s: &Option<String>| s.clone().map_or(Value::Null, Value::Text);
        put("Ref", Value::Long(p.reference));
        put("RefFFE", p.ffe_ref.map_or(Value::Null, Value::Long));
        put("Nr", p.number.map_or(Value::Null, Value::Int));
        put("NrFFE", text(&p.licence));
        put("Nom", Value::Text(p.last_name.clone()));
        put("Prenom", text(&p.first_name));
        put("Sexe", text(&p.sex));
        put(
            "NeLe",
            p.birth_date
                .as_deref()
                .and_then(days_of)
                .map_or(Value::Null, Value::DateTime),
        );
        put("Cat", text(&p.category));
        for (value, kind, r) in [
            ("Elo", "Fide", &p.standard),
            ("Rapide", "RapideFide", &p.rapid),
            ("Blitz", "BlitzFide", &p.blitz),
        ] {
            put(value, r.value.map_or(Value::Null, Value::Int));
            put(kind, text(&r.kind));
        }
        put("Federation", text(&p.federation));
        put("Club", text(&p.club));
        put("Ligue", text(&p.league));
        put("FideCode", text(&p.fide_id));
        put("FideTitre", text(&p.title));
        put("AffType", text(&p.licence_type));
        put("Place", p.place.map_or(Value::Null, Value::Int));
        for r in 0..MAX_ROUNDS as usize {
            let cell = p.rounds.get(r).copied().unwrap_or(PapiRound::NONE);
            let n = r + 1;
            put(
                &format!("Rd{n:02}Cl"),
                Value::Text(cell.color.code().into()),
            );
            put(
                &format!("Rd{n:02}Adv"),
                cell.opponent.map_or(Value::Null, |o| Value::Int(o as i16)),
            );
            put(&format!("Rd{n:02}Res"), Value::Byte(cell.result.code()));
        }
        rows.push(row);
    }
    db.replace_rows("JOUEUR", &rows)?;
    Ok(db.into_bytes())
}

/// `YYYY/MM/DD` as days since 30 December 1899 (Access's dates).
fn days_of(date: &str) -> Option<f64> {
    let (y, m, d) = parse_ymd(date)?;
    // Days from 1970-01-01 (H. Hinnant's algorithm), then Access's epoch.
    let y = i64::from(y) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some((era * 146_097 + doe - 719_468 + 25_569) as f64)
}
