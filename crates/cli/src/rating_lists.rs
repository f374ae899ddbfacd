//! `--rating-list` of `arbiter norms` and `arbiter rating-change`: the FIDE lists of an event's
//! later rating periods, so that each game is rated at the ratings and titles in force when it
//! was played (B.01 1.1.4, B.02), as the server reads its stored lists. The rounds fall into
//! periods by the TRF's round dates (`132`, the event's start `042` for an undated first
//! round), grouped as the server groups them (`store::group_rounds`); each later period reads
//! its month's list by FIDE id, and a player it does not list keeps the period before's values.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use rating::{RatingHistory, Standing};
use store::{PeriodUse, RatingPeriod};
use tournament::{PlayerId, Title, Tournament};

use crate::error::CliError;
use crate::io;

/// One `--rating-list` argument: `[YYYY-MM=]FILE`.
#[derive(Debug, Clone)]
pub struct ListArg {
    period: RatingPeriod,
    path: PathBuf,
}

impl ListArg {
    pub fn path(&self) -> &PathBuf {
        &self.path
    }
}

impl std::str::FromStr for ListArg {
    type Err = String;

    fn from_str(s: &str) -> Result<ListArg, String> {
        if let Some((month, file)) = s.split_once('=') {
            if let Ok(period) = month.parse::<RatingPeriod>() {
                return Ok(ListArg {
                    period,
                    path: PathBuf::from(file),
                });
            }
        }
        let path = PathBuf::from(s);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        match name.as_deref().and_then(RatingPeriod::from_file_name) {
            Some(period) => Ok(ListArg { period, path }),
            None => Err(format!(
                "expected YYYY-MM=FILE, or a file whose name gives the month as FIDE's downloads do \
                 (standard_dec26frl.txt), found {s:?}"
            )),
        }
    }
}

/// The period of a TRF date: `YY/MM/DD` (the `132` record) or a four-digit year.
fn period_of_trf_date(date: &str) -> Option<RatingPeriod> {
    let d = date.trim();
    let parts: Vec<&str> = d.split(['/', '-', '.']).collect();
    if parts.len() == 3 && parts[0].len() == 2 && parts[2].len() == 2 {
        let yy: u16 = parts[0].parse().ok()?;
        return RatingPeriod::new(2000 + yy, parts[1].parse().ok()?);
    }
    let (y, m, _) = tournament::parse_ymd(d)?;
    RatingPeriod::new(u16::try_from(y).ok()?, u8::try_from(m).ok()?)
}

/// Each round's period, 1 to `rounds`: its date's month, else the round before's (the first
/// round: the event's start).
fn round_periods(t: &Tournament, rounds: u32) -> Vec<Option<RatingPeriod>> {
    let mut current = t.header.start_date.as_deref().and_then(period_of_trf_date);
    (0..rounds as usize)
        .map(|k| {
            if let Some(p) = t
                .header
                .round_dates
                .get(k)
                .and_then(|d| period_of_trf_date(d))
            {
                current = Some(p);
            }
            current
        })
        .collect()
}

/// One list's players by FIDE id.
fn read_list(path: &Path) -> Result<HashMap<u64, Standing>, CliError> {
    let bytes = io::read_bytes(path)?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        // FIDE's TXT downloads are Latin-1.
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    let body = text.trim_start_matches('\u{feff}').trim_start();
    let xml = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xml"))
        || body.starts_with('<');
    let parsed = if xml {
        store::import::players_from_fide_xml(&text)
    } else {
        store::import::players_from_fide_txt(&text)
    };
    let list = parsed.map_err(|e| CliError::invalid(format!("{}: {e}", path.display())))?;
    if list.is_empty() {
        return Err(CliError::invalid(format!(
            "{}: expected FIDE's TXT or XML rating list, found no player",
            path.display()
        )));
    }
    Ok(list
        .into_iter()
        .filter_map(|e| {
            let p = e.player;
            let standing = Standing {
                rating: p.rating,
                title: Title::from_code(&p.title),
            };
            Some((p.fide_id?, standing))
        })
        .collect())
}

/// The event's rating history from the lists given (empty when the rounds' dates do not
/// leave the first month). A later period with no list keeps the ratings before it; it is
/// said on standard error.
pub fn history(t: &Tournament, rounds: u32, lists: &[ListArg]) -> Result<RatingHistory, CliError> {
    let periods = store::group_rounds(&round_periods(t, rounds));
    let later: Vec<RatingPeriod> = periods
        .iter()
        .filter(|u| u.later)
        .filter_map(|u| u.period)
        .collect();
    let mut by_month: BTreeMap<RatingPeriod, &ListArg> = BTreeMap::new();
    for l in lists {
        if by_month.insert(l.period, l).is_some() {
            return Err(CliError::invalid(format!(
                "--rating-list: expected one list a month, found two for {}",
                l.period
            )));
        }
        if !later.contains(&l.period) {
            let months = if later.is_empty() {
                "none: its round dates (132) stay in one month".to_string()
            } else {
                later
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(CliError::invalid(format!(
                "--rating-list {}: expected the month of a later rating period of the event \
                 ({months}), found {}",
                l.path.display(),
                l.period
            )));
        }
    }
    let mut history = RatingHistory::default();
    for used in periods.iter().filter(|u| u.later) {
        let Some(period) = used.period else { continue };
        let Some(list) = by_month.get(&period) else {
            eprintln!(
                "warning: {} in {period} and no --rating-list gives that month's list: the \
                 ratings and titles of the period before are kept",
                rounds_text(used)
            );
            continue;
        };
        let list = read_list(&list.path)?;
        let standings: Vec<(PlayerId, Standing)> = t
            .players
            .iter()
            .filter_map(|p| Some((p.id, *list.get(&p.fide_id?)?)))
            .collect();
        history
            .add_period(used.first_round, standings)
            .map_err(|e| CliError::invalid(format!("--rating-list: {e}")))?;
    }
    Ok(history)
}

fn rounds_text(used: &PeriodUse) -> String {
    if used.first_round == used.last_round {
        format!("round {} is", used.first_round)
    } else {
        format!("rounds {}-{} are", used.first_round, used.last_round)
    }
}
