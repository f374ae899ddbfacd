//! The bridge forms and the JSON API's bodies (same field names), read into the store's types
//! with an [`AppError::Invalid`] naming the field when a value is wrong. No rule here: a
//! contract is read by [`bridge::Bid`], a relative result by [`bridge::contract::parse_result`].

use bridge::movement::{EvenTables, Kind, PairNumbering};
use bridge::notation::{Notation, NotationError};
use bridge::{Artificial, Bid, Ratio, Seat};
use serde::Deserialize;
use serde_json::Value;
use store::bridge::{Adjustment, BridgeSettings, Entry, NewPair, Scoring};

use crate::error::AppError;
use crate::forms::{flag, free_text, number};

pub(crate) fn text(v: &Option<Value>) -> String {
    match v {
        Some(Value::String(s)) => s.trim().to_string(),
        None | Some(Value::Null) => String::new(),
        Some(other) => other.to_string(),
    }
}

/// `relay` or `skip`, as the forms and the API write it.
pub fn even_code(e: EvenTables) -> &'static str {
    match e {
        EvenTables::RelayByeStand => "relay",
        EvenTables::Skip => "skip",
    }
}

/// The session's set-up form. Every field may be left out: the settings it starts from
/// (a new session's defaults, or the stored ones) keep their value.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SessionForm {
    pub name: Option<String>,
    pub club: Option<String>,
    pub place: Option<String>,
    pub date: Option<String>,
    pub director: Option<String>,
    pub tables: Option<Value>,
    /// `auto` (suggested from the tables), `mitchell`, `arrow-switch`, `howell`,
    /// `three-quarter-howell`.
    pub movement: Option<String>,
    /// `relay` or `skip`.
    pub even: Option<String>,
    pub boards_per_round: Option<Value>,
    /// A pair number, or empty for none.
    pub phantom: Option<Value>,
    /// `mp2`, `mp1`, `ximp`, `ximp_avg`, `butler`.
    pub scoring: Option<String>,
    pub average_plus: Option<Value>,
    pub average: Option<Value>,
    pub average_minus: Option<Value>,
    /// Average+ (Average−) is the pair's session percentage when higher (lower).
    pub session_average: Option<Value>,
    pub public: Option<Value>,
    /// The address printed on the code slips (empty: the browser's).
    pub public_url: Option<String>,
    /// The table's phone shows a confirmed board's score and percentages.
    pub table_results: Option<Value>,
    /// `through` (a Mitchell's East-West pairs numbered 8–14 with 7 tables) or `per-line`
    /// (1–7 EW).
    pub pair_numbering: Option<String>,
    /// The club's masterpoint scale (every session of the club takes it): empty for none,
    /// `acbl-club`, `ebu-club` (with `masterpoints_top`) or `table` (with
    /// `masterpoints_table`), or the whole scale as text (`ebu-club:24`, `table:100 70 50`).
    pub masterpoints: Option<String>,
    /// The EBU's top award in local points, for `ebu-club`.
    pub masterpoints_top: Option<String>,
    /// The club's points by place, for `table`: `100 70 50 35`.
    pub masterpoints_table: Option<String>,
    /// Sent by the HTML form: an unticked checkbox means "no".
    pub form: Option<String>,
    /// The session's version the form (or the API client) read the settings at.
    pub version: Option<Value>,
}

fn percent(field: &str, v: &Option<Value>, current: u32) -> Result<u32, AppError> {
    let p: u32 = number(field, v, "a percentage from 0 to 100")?.unwrap_or(current);
    if p > 100 {
        return Err(AppError::invalid(
            field,
            "a percentage from 0 to 100",
            p.to_string(),
        ));
    }
    Ok(p)
}

impl SessionForm {
    /// The settings of a new session.
    pub fn new_settings(&self) -> Result<BridgeSettings, AppError> {
        let name = self.name.as_deref().unwrap_or("").trim();
        if name.is_empty() {
            return Err(AppError::invalid("name", "the session's name", "nothing"));
        }
        let tables: u32 = number("tables", &self.tables, "a number of tables")?
            .ok_or_else(|| AppError::invalid("tables", "a number of tables", "nothing"))?;
        let mut base = BridgeSettings::new(free_text("name", name)?, tables);
        // A new session's movement: the one suggested for one ranking unless chosen.
        if let Ok(k) = bridge::movement::suggest(tables, true) {
            base.movement = k;
        }
        self.apply(base)
    }

    /// `base` changed by the fields given.
    pub fn apply(&self, base: BridgeSettings) -> Result<BridgeSettings, AppError> {
        let mut s = base;
        let keep = |v: &Option<String>, current: &str| -> String {
            v.as_deref()
                .map(|t| t.trim().to_string())
                .unwrap_or_else(|| current.to_string())
        };
        let name = keep(&self.name, &s.name);
        if name.is_empty() {
            return Err(AppError::invalid(
                "name",
                "the session's name",
                format!("{name:?}"),
            ));
        }
        s.name = free_text("name", &name)?;
        s.club = free_text("club", &keep(&self.club, &s.club))?;
        s.place = free_text("place", &keep(&self.place, &s.place))?;
        s.date = crate::forms::date("date", &keep(&self.date, &s.date))?;
        s.director = free_text("director", &keep(&self.director, &s.director))?;
        let tables: u32 =
            number("tables", &self.tables, "a number of tables from 3 to 20")?.unwrap_or(s.tables);
        if !(1..=40).contains(&tables) {
            return Err(AppError::invalid(
                "tables",
                "a number of tables from 3 to 20",
                tables.to_string(),
            ));
        }
        let tables_changed = tables != s.tables;
        s.tables = tables;
        match self
            .movement
            .as_deref()
            .map(str::trim)
            .filter(|m| !m.is_empty())
        {
            Some("auto") => {
                s.movement = bridge::movement::suggest(tables, true).unwrap_or(Kind::Mitchell)
            }
            Some(m) => {
                s.movement = m.parse::<Kind>().map_err(|()| {
                    AppError::invalid(
                        "movement",
                        "mitchell, arrow-switch, howell or three-quarter-howell",
                        format!("{m:?}"),
                    )
                })?
            }
            None if tables_changed && !s.movement.tables().contains(&tables) => {
                s.movement = bridge::movement::suggest(tables, true).unwrap_or(Kind::Mitchell)
            }
            None => {}
        }
        if let Some(e) = self
            .even
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            s.even = match e {
                "relay" => EvenTables::RelayByeStand,
                "skip" => EvenTables::Skip,
                other => {
                    return Err(AppError::invalid(
                        "even",
                        "relay or skip",
                        format!("{other:?}"),
                    ))
                }
            };
        }
        // The skip is only for an even Mitchell: an odd count or a Howell falls back quietly.
        let mitchell = matches!(s.movement, Kind::Mitchell | Kind::ArrowSwitch);
        if !(mitchell && tables.is_multiple_of(2)) {
            s.even = EvenTables::RelayByeStand;
        }
        s.boards_per_round = number(
            "boards_per_round",
            &self.boards_per_round,
            "a number of boards per round (0: the movement's)",
        )?
        .unwrap_or(s.boards_per_round);
        if self.phantom.is_some() {
            s.phantom = number("phantom", &self.phantom, "a pair number")?.filter(|&p| p > 0);
        }
        if let Some(sc) = self
            .scoring
            .as_deref()
            .map(str::trim)
            .filter(|x| !x.is_empty())
        {
            s.scoring = Scoring::parse(sc).ok_or_else(|| {
                AppError::invalid(
                    "scoring",
                    "mp2, mp1, ximp, ximp_avg or butler",
                    format!("{sc:?}"),
                )
            })?;
        }
        s.average_plus = percent("average_plus", &self.average_plus, s.average_plus)?;
        s.average = percent("average", &self.average, s.average)?;
        s.average_minus = percent("average_minus", &self.average_minus, s.average_minus)?;
        let unticked = self.form.is_some().then_some(false);
        s.public = flag(&self.public).or(unticked).unwrap_or(s.public);
        s.session_average = flag(&self.session_average)
            .or(unticked)
            .unwrap_or(s.session_average);
        s.table_results = flag(&self.table_results)
            .or(unticked)
            .unwrap_or(s.table_results);
        if let Some(n) = self
            .pair_numbering
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            s.pair_numbering = PairNumbering::parse(n).ok_or_else(|| {
                AppError::invalid("pair_numbering", "through or per-line", format!("{n:?}"))
            })?;
        }
        if let Some(u) = &self.public_url {
            s.public_url = public_url(u)?;
        }
        if let Some(code) = self.masterpoints.as_deref().map(str::trim) {
            s.masterpoints = self.scale(code)?;
        }
        Ok(s)
    }

    /// The scale chosen, read by [`bridge::masterpoints::Scale`]; the error names the field
    /// that holds the wrong part.
    fn scale(&self, code: &str) -> Result<Option<bridge::masterpoints::Scale>, AppError> {
        let (field, expected, text) = match code {
            "" => return Ok(None),
            "ebu-club" => (
                "masterpoints_top",
                "the EBU's top award, 6 to 10000 local points",
                format!("ebu-club:{}", trimmed(&self.masterpoints_top)),
            ),
            "table" => (
                "masterpoints_table",
                "points for 1st, 2nd… place, never rising, two decimals at most",
                format!("table:{}", trimmed(&self.masterpoints_table)),
            ),
            other => (
                "masterpoints",
                "acbl-club, ebu-club:TOP or table:POINTS…",
                other.to_string(),
            ),
        };
        text.parse()
            .map(Some)
            .map_err(|e: bridge::masterpoints::ScaleError| {
                let found = text.split_once(':').map_or(&*text, |(_, v)| v);
                AppError::invalid(field, expected, format!("{found:?} ({e})"))
            })
    }
}

/// The slips' public address: `http://` or `https://`, a host and maybe a port, nothing else
/// (it is printed and drawn as a QR code). Empty clears it.
fn public_url(text: &str) -> Result<String, AppError> {
    let t = text.trim().trim_end_matches('/');
    if t.is_empty() {
        return Ok(String::new());
    }
    let host = t
        .strip_prefix("http://")
        .or_else(|| t.strip_prefix("https://"))
        .unwrap_or("");
    let ok = !host.is_empty()
        && host.len() <= 200
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b));
    if ok {
        Ok(t.to_string())
    } else {
        Err(AppError::invalid(
            "public_url",
            "an address such as http://192.168.1.20:8080",
            format!("{t:?}"),
        ))
    }
}

/// A pair's names in the JSON API.
#[derive(Debug, Clone, Deserialize)]
pub struct PairBody {
    pub number: Value,
    #[serde(default)]
    pub name1: String,
    #[serde(default)]
    pub name2: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub licence1: String,
    #[serde(default)]
    pub licence2: String,
}

impl PairBody {
    pub fn read(&self) -> Result<(u32, NewPair), AppError> {
        let n: u32 =
            crate::forms::required_number("number", &Some(self.number.clone()), "a pair number")?;
        Ok((
            n,
            NewPair {
                name1: free_text("name1", &self.name1)?,
                name2: free_text("name2", &self.name2)?,
                club: free_text("club", &self.club)?,
                licence1: crate::forms::licence("licence1", &self.licence1)?,
                licence2: crate::forms::licence("licence2", &self.licence2)?,
            },
        ))
    }
}

/// What North (or the director) types for a board: either `contract` as text (`3NT`, `4SX`,
/// `PASS`, `4♠X`) or `level` (1–7 or `P`), `strain` and `doubling`; the declarer; the lead as
/// text or `lead_suit` + `lead_card`; the result as `tricks` (taken by the declarer) or `result`
/// (`=`, `+1`, `-2`, or tricks as a number).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EntryForm {
    pub contract: Option<String>,
    /// `4` or `"4"` (a JSON number as well as the forms' text), or `P`.
    pub level: Option<Value>,
    pub strain: Option<String>,
    pub doubling: Option<String>,
    pub declarer: Option<String>,
    pub lead: Option<String>,
    pub lead_suit: Option<String>,
    pub lead_card: Option<String>,
    pub tricks: Option<Value>,
    pub result: Option<Value>,
}

fn trimmed(v: &Option<String>) -> &str {
    v.as_deref().map(str::trim).unwrap_or("")
}

/// A strain chosen from the table page's list (English codes, symbols accepted).
fn suit_letter(s: &str) -> Option<char> {
    match s.trim() {
        "♠" | "S" | "s" => Some('S'),
        "♥" | "H" | "h" => Some('H'),
        "♦" | "D" | "d" => Some('D'),
        "♣" | "C" | "c" => Some('C'),
        "NT" | "nt" | "SA" | "sa" | "N" | "n" => Some('N'),
        _ => None,
    }
}

/// A typed contract or lead refused: the field, and for an ambiguous French letter the field
/// `FIELD_ambiguous_X` whose message says what to type instead.
fn notation_error(field: &str, text: &str, e: NotationError) -> AppError {
    match e {
        NotationError::Ambiguous { which, .. } => AppError::invalid(
            format!("{field}_ambiguous_{}", which.code()),
            which.instead(),
            format!("{text:?}"),
        ),
        NotationError::Contract(e) => AppError::invalid(
            field,
            format!("a contract such as 3NT, 4SX or PASS ({e})"),
            format!("{text:?}"),
        ),
        NotationError::Lead { .. } => {
            AppError::invalid(field, "a card such as SA, H10 or ♦7", format!("{text:?}"))
        }
    }
}

/// A declarer letter: N, E, S, W (O for Ouest).
pub fn seat(text: &str) -> Option<Seat> {
    bridge::notation::parse_seat(text)
}

impl EntryForm {
    /// The contract the form describes: typed text is read in `notation`, the table page's
    /// lists send English codes.
    fn bid(&self, notation: Notation) -> Result<Bid, AppError> {
        let contract = trimmed(&self.contract);
        if !contract.is_empty() {
            return bridge::notation::parse_bid(contract, notation)
                .map_err(|e| notation_error("contract", contract, e));
        }
        let level = text(&self.level);
        let level = level.as_str();
        let text = if level.eq_ignore_ascii_case("p") || level.eq_ignore_ascii_case("pass") {
            "PASS".to_string()
        } else {
            let strain = suit_letter(trimmed(&self.strain))
                .map(|c| {
                    if c == 'N' {
                        "NT".to_string()
                    } else {
                        c.to_string()
                    }
                })
                .unwrap_or_else(|| trimmed(&self.strain).to_string());
            format!("{level}{strain}{}", trimmed(&self.doubling).to_uppercase())
        };
        bridge::notation::parse_bid(&text, Notation::English)
            .map_err(|e| notation_error("contract", &text, e))
    }

    /// The store's entry, typed text read in English notation (the JSON API's).
    pub fn entry(&self) -> Result<Entry, AppError> {
        self.entry_in(Notation::English)
    }

    /// The store's entry, the typed contract and lead read in `notation` (the page's language).
    pub fn entry_in(&self, notation: Notation) -> Result<Entry, AppError> {
        let bid = self.bid(notation)?;
        let Bid::Contract(contract) = bid else {
            return Ok(Entry::passed_out());
        };
        let declarer_text = trimmed(&self.declarer);
        let declarer = seat(declarer_text).ok_or_else(|| {
            AppError::invalid("declarer", "N, E, S or W", format!("{declarer_text:?}"))
        })?;
        let typed = trimmed(&self.lead);
        let lead = if typed.is_empty() {
            let code = format!("{}{}", trimmed(&self.lead_suit), trimmed(&self.lead_card));
            bridge::notation::parse_lead(&code, Notation::English)
                .map_err(|e| notation_error("lead", &code, e))?
        } else {
            bridge::notation::parse_lead(typed, notation)
                .map_err(|e| notation_error("lead", typed, e))?
        };
        let tricks: u8 = match number::<u8>("tricks", &self.tricks, "tricks from 0 to 13")? {
            Some(t) if t <= 13 => t,
            Some(t) => {
                return Err(AppError::invalid(
                    "tricks",
                    "tricks from 0 to 13",
                    t.to_string(),
                ))
            }
            None => {
                let r = text(&self.result);
                if r.is_empty() {
                    return Err(AppError::invalid(
                        "result",
                        "=, +1, -2 or the tricks taken",
                        "nothing",
                    ));
                }
                let r = r.replace('−', "-");
                bridge::contract::parse_result(contract, &r)
                    .map_err(|(expected, found)| AppError::invalid("result", expected, found))?
            }
        };
        Ok(Entry::played(
            &Bid::Contract(contract).to_string(),
            declarer,
            tricks,
            &lead,
        ))
    }
}

/// An artificial score: `A+`, `A=` (or `A`), `A-`, or a percentage (`60`, `60%`).
fn artificial(field: &str, text: &str) -> Result<Artificial, AppError> {
    let t = text.trim().replace('−', "-");
    match t.to_ascii_uppercase().as_str() {
        "A+" | "AVG+" | "M+" => Ok(Artificial::AveragePlus),
        "A=" | "A" | "AVG" | "M" | "M=" => Ok(Artificial::Average),
        "A-" | "AVG-" | "M-" => Ok(Artificial::AverageMinus),
        _ => Ratio::parse_percent(t.trim_end_matches('%').trim())
            .map(Artificial::Percent)
            .ok_or_else(|| {
                AppError::invalid(field, "A+, A=, A- or a percentage", format!("{t:?}"))
            }),
    }
}

fn score(field: &str, v: &Option<Value>) -> Result<i32, AppError> {
    let t = text(v).replace('−', "-");
    t.parse::<i32>()
        .ok()
        .filter(|s| s.abs() <= 10_000 && s % 10 == 0)
        .ok_or_else(|| {
            AppError::invalid(
                field,
                "a North-South score such as 420 or -100",
                format!("{t:?}"),
            )
        })
}

/// A director's adjusted score: `kind` is `artificial` (`art_ns` and `art_ew`: `A+`, `A=`,
/// `A-` or a percentage), `assigned` (`score`), `weighted` (`weighted`: `620@70%;-100@30%`), `split`
/// (`split_ns`, `split_ew`) or `not_played`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct AdjustForm {
    pub kind: Option<String>,
    pub art_ns: Option<String>,
    pub art_ew: Option<String>,
    pub score: Option<Value>,
    pub weighted: Option<String>,
    pub split_ns: Option<Value>,
    pub split_ew: Option<Value>,
}

impl AdjustForm {
    pub fn adjustment(&self) -> Result<Adjustment, AppError> {
        match trimmed(&self.kind) {
            "artificial" | "" => Ok(Adjustment::Artificial {
                ns: artificial("art_ns", trimmed(&self.art_ns))?,
                ew: artificial("art_ew", trimmed(&self.art_ew))?,
            }),
            "assigned" => Ok(Adjustment::Assigned(score("score", &self.score)?)),
            "split" => Ok(Adjustment::Split {
                ns: score("split_ns", &self.split_ns)?,
                ew: score("split_ew", &self.split_ew)?,
            }),
            "not_played" => Ok(Adjustment::NotPlayed),
            "weighted" => {
                let t = trimmed(&self.weighted);
                let expected = "scores with weights such as 620@70%;-100@30%";
                let wrong = || AppError::invalid("weighted", expected, format!("{t:?}"));
                let mut parts = Vec::new();
                for part in t.split([';', ',']).map(str::trim).filter(|p| !p.is_empty()) {
                    let (s, w) = part.split_once('@').ok_or_else(wrong)?;
                    let s: i32 = s.trim().replace('−', "-").parse().map_err(|_| wrong())?;
                    let w = Ratio::parse_percent(w.trim().trim_end_matches('%').trim())
                        .ok_or_else(wrong)?;
                    parts.push((s, w / Ratio::from_int(100)));
                }
                let total: Ratio = parts.iter().map(|p| p.1).sum();
                if parts.len() < 2 || total != Ratio::ONE {
                    return Err(wrong());
                }
                Ok(Adjustment::Weighted(parts))
            }
            other => Err(AppError::invalid(
                "kind",
                "artificial, assigned, weighted, split or not_played",
                format!("{other:?}"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> EntryForm {
        let v: serde_json::Map<String, Value> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
            .collect();
        serde_json::from_value(Value::Object(v)).unwrap()
    }

    #[test]
    fn entries_from_text_or_parts() {
        let e = form(&[
            ("contract", "3SA"),
            ("declarer", "O"),
            ("lead", "♠a"),
            ("result", "+1"),
        ])
        .entry()
        .unwrap();
        assert_eq!(e, Entry::played("3NT", Seat::West, 10, "SA"));
        let e = form(&[
            ("level", "4"),
            ("strain", "♥"),
            ("doubling", "X"),
            ("declarer", "S"),
            ("lead_suit", "C"),
            ("lead_card", "10"),
            ("result", "-2"),
        ])
        .entry()
        .unwrap();
        assert_eq!(e, Entry::played("4HX", Seat::South, 8, "C10"));
        assert_eq!(
            form(&[("level", "P")]).entry().unwrap(),
            Entry::passed_out()
        );
        // The API's JSON may give the level as a number (API.md: `level` 1–7).
        let json: EntryForm = serde_json::from_value(serde_json::json!({
            "level": 3, "strain": "NT", "declarer": "N", "tricks": 9
        }))
        .unwrap();
        assert_eq!(
            json.entry().unwrap(),
            Entry::played("3NT", Seat::North, 9, "")
        );
        assert!(
            form(&[("contract", "8NT"), ("declarer", "N"), ("result", "=")])
                .entry()
                .is_err()
        );
        assert!(form(&[("contract", "3NT"), ("result", "=")])
            .entry()
            .is_err());
    }

    #[test]
    fn adjusted_scores() {
        let a: AdjustForm = serde_json::from_value(
            serde_json::json!({"kind": "artificial", "art_ns": "A+", "art_ew": "40%"}),
        )
        .unwrap();
        assert!(matches!(
            a.adjustment().unwrap(),
            Adjustment::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::Percent(_)
            }
        ));
        let w: AdjustForm = serde_json::from_value(
            serde_json::json!({"kind": "weighted", "weighted": "620@70%;-100@30%"}),
        )
        .unwrap();
        assert!(matches!(w.adjustment().unwrap(), Adjustment::Weighted(p) if p.len() == 2));
    }
}
