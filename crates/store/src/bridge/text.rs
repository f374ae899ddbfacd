//! The bridge crate's values as the text a person reads, in the JSON API and the log (the
//! bridge crate itself knows nothing of serde).

use bridge::Artificial;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Adjustment;

fn parse_or<'de, D: Deserializer<'de>, T>(
    d: D,
    what: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<T, D::Error> {
    let text = String::deserialize(d)?;
    parse(&text).ok_or_else(|| serde::de::Error::custom(format!("expected {what}, found {text:?}")))
}

/// A movement kind by its command-line name (`mitchell`, `howell`, …).
pub mod kind {
    use super::*;
    use bridge::movement::Kind;

    pub fn serialize<S: Serializer>(k: &Kind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(k.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Kind, D::Error> {
        parse_or(d, "a movement kind", |t| t.parse().ok())
    }
}

/// A masterpoint scale as [`bridge::masterpoints::Scale`] writes it; none as `""`.
pub mod masterpoints {
    use super::*;
    use bridge::masterpoints::Scale;

    pub fn code(m: &Option<Scale>) -> String {
        m.as_ref().map_or(String::new(), Scale::to_string)
    }

    pub fn parse(t: &str) -> Option<Option<Scale>> {
        if t.trim().is_empty() {
            return Some(None);
        }
        t.parse().ok().map(Some)
    }

    pub fn serialize<S: Serializer>(m: &Option<Scale>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&code(m))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Scale>, D::Error> {
        parse_or(d, "a masterpoint scale", parse)
    }
}

/// `relay` or `skip`.
pub mod pair_numbering {
    use super::*;
    use bridge::movement::PairNumbering;

    pub fn serialize<S: Serializer>(n: &PairNumbering, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(n.code())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PairNumbering, D::Error> {
        parse_or(d, "through or per-line", PairNumbering::parse)
    }
}

pub mod even {
    use super::*;
    use bridge::movement::EvenTables;

    pub fn code(e: EvenTables) -> &'static str {
        match e {
            EvenTables::RelayByeStand => "relay",
            EvenTables::Skip => "skip",
        }
    }

    pub fn parse(t: &str) -> Option<EvenTables> {
        match t {
            "relay" => Some(EvenTables::RelayByeStand),
            "skip" => Some(EvenTables::Skip),
            _ => None,
        }
    }

    pub fn serialize<S: Serializer>(e: &EvenTables, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(code(*e))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<EvenTables, D::Error> {
        parse_or(d, "relay or skip", parse)
    }
}

/// A seat as its letter, `N`, `E`, `S`, `W`, or null.
pub mod seat {
    use super::*;
    use bridge::Seat;

    pub fn serialize<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
        match seat {
            Some(x) => s.serialize_some(&x.letter().to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Seat>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        match text.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(t) => t.parse::<Seat>().map(Some).map_err(|_| {
                serde::de::Error::custom(format!("expected N, E, S or W, found {t:?}"))
            }),
        }
    }
}

/// `A+`, `A=`, `A-` or a percentage with all the decimals the reader takes (`62.5%`).
fn artificial_text(a: Artificial) -> String {
    match a {
        Artificial::Percent(p) => {
            let t = p.to_fixed(4);
            let t = if t.contains('.') {
                t.trim_end_matches('0').trim_end_matches('.')
            } else {
                &t
            };
            format!("{t}%")
        }
        _ => a.to_string(),
    }
}

/// [`Adjustment`] as text: artificial scores as `A+`/`60%`, weighted ones as PBN writes
/// them (`620@70%;-100@30%`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum AdjustmentText {
    Artificial { ns: String, ew: String },
    Assigned(i32),
    Weighted(String),
    Split { ns: i32, ew: i32 },
    NotPlayed,
}

impl From<Adjustment> for AdjustmentText {
    fn from(a: Adjustment) -> AdjustmentText {
        match a {
            Adjustment::Artificial { ns, ew } => AdjustmentText::Artificial {
                ns: artificial_text(ns),
                ew: artificial_text(ew),
            },
            Adjustment::Assigned(x) => AdjustmentText::Assigned(x),
            Adjustment::Weighted(parts) => {
                AdjustmentText::Weighted(bridge::pbn::format_weighted(&parts))
            }
            Adjustment::Split { ns, ew } => AdjustmentText::Split { ns, ew },
            Adjustment::NotPlayed => AdjustmentText::NotPlayed,
        }
    }
}

impl TryFrom<AdjustmentText> for Adjustment {
    type Error = String;
    fn try_from(a: AdjustmentText) -> Result<Adjustment, String> {
        let art = |t: &str| {
            bridge::pbn::parse_artificial(t)
                .ok_or_else(|| format!("expected A+, A=, A- or a percentage, found {t:?}"))
        };
        Ok(match a {
            AdjustmentText::Artificial { ns, ew } => Adjustment::Artificial {
                ns: art(&ns)?,
                ew: art(&ew)?,
            },
            AdjustmentText::Assigned(x) => Adjustment::Assigned(x),
            AdjustmentText::Weighted(t) => {
                Adjustment::Weighted(bridge::pbn::parse_weighted(&t).ok_or_else(|| {
                    format!("expected weighted scores such as 620@70%;-100@30%, found {t:?}")
                })?)
            }
            AdjustmentText::Split { ns, ew } => Adjustment::Split { ns, ew },
            AdjustmentText::NotPlayed => Adjustment::NotPlayed,
        })
    }
}
