//! Masterpoints for a club session: a federation's published scale, or the club's own table
//! of points by place, applied to a ranking with shared places. Exact fractions; each scale
//! rounds as its text says (see `crates/bridge/README.md`, "Masterpoints", for the sources and
//! what they leave unclear).
//!
//! ```
//! use bridge::masterpoints::{award, Group, Scale};
//! use bridge::Ratio;
//!
//! // An ACBL open club game, a 5-table Howell (10 pairs): first place 5 × 0.10, four awards.
//! let places = [1, 2, 2, 4, 5];
//! let got = award(&Scale::AcblClub, Group { contestants: 10, tables: 5 }, &places);
//! let shown: Vec<String> = got.iter().map(|r| r.to_short(2)).collect();
//! // 2nd and 3rd (0.35 and 0.25) shared by the tied pairs: 0.30 each.
//! assert_eq!(shown, ["0.50", "0.30", "0.30", "0.18", "0"]);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::rational::Ratio;
use crate::score::{Field, Scored, Standing};

/// Points for first, second… place in the club's own table, at most this many places.
pub const MAX_PLACES: usize = 60;

/// How a session's masterpoints are worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scale {
    /// The ACBL's open club game (ACBL Handbook, ch. 4, "Calculating the awards"): first
    /// place 0.10 per table (at most 1.50), second 70 % of it, third 50 %, fourth 35 %, then
    /// 1/5, 1/6… of it, to 40 % of the group (rounded, half up); hundredths.
    AcblClub,
    /// The EBU's local points on the club scale (Licensing and Masterpoints Handbook): the
    /// top award for the event's size and boards as the handbook's table gives it (entered by
    /// the club), awards to the top third of the group (rounded down), going down in equal
    /// steps of `top / awards`, none below 6; whole local points (100 = 1 masterpoint).
    EbuClub { top: u32 },
    /// The club's own table: points for first, second… place, nothing below the last
    /// (the FFB's points d'expert, whose scale is not public, are entered this way).
    Table(PlaceTable),
}

/// A comparison group: the pairs ranked together (a Mitchell line, or the whole Howell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// Contestants ranked in the group (a Mitchell's half table counts as a full one).
    pub contestants: u32,
    /// Tables in play (a half table counts as a full one).
    pub tables: u32,
}

/// The club's points by place: 1 to [`MAX_PLACES`] non-negative amounts, each with at most
/// two decimals, never rising from one place to the next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceTable(Vec<Ratio>);

impl PlaceTable {
    pub fn points(&self) -> &[Ratio] {
        &self.0
    }
}

/// A scale that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScaleError {
    #[error("unknown masterpoint scale {0:?} (expected acbl-club, ebu-club:TOP or table:POINTS…)")]
    Unknown(String),
    #[error(
        "the EBU's top award must be a whole number of local points from 6 to 10000, not {0:?}"
    )]
    Top(String),
    #[error("place {place}: expected points with at most two decimals, found {found:?}")]
    Points { place: usize, found: String },
    #[error("place {place} gets more points than place {}", place - 1)]
    Rising { place: usize },
    #[error("the table gives points to no place")]
    Empty,
    #[error("the table gives points to more than {MAX_PLACES} places")]
    TooLong,
}

impl FromStr for PlaceTable {
    type Err = ScaleError;

    /// Points separated by blanks, commas or semicolons: `"100 70 50 35"`, `"1,5; 1"`
    /// (a decimal comma is not accepted: `1,5` is two places).
    fn from_str(s: &str) -> Result<PlaceTable, ScaleError> {
        let words: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Err(ScaleError::Empty);
        }
        if words.len() > MAX_PLACES {
            return Err(ScaleError::TooLong);
        }
        let mut points = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            let bad = || ScaleError::Points {
                place: i + 1,
                found: (*w).to_string(),
            };
            let (int, frac) = w.split_once('.').unwrap_or((w, ""));
            if int.is_empty()
                || int.len() > 6
                || frac.len() > 2
                || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            let p = Ratio::parse_decimal(w).ok_or_else(bad)?;
            if points.last().is_some_and(|&last| p > last) {
                return Err(ScaleError::Rising { place: i + 1 });
            }
            points.push(p);
        }
        Ok(PlaceTable(points))
    }
}

impl fmt::Display for PlaceTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&p.to_short(2))?;
        }
        Ok(())
    }
}

impl FromStr for Scale {
    type Err = ScaleError;

    /// `acbl-club`, `ebu-club:24`, `table:100 70 50`.
    fn from_str(s: &str) -> Result<Scale, ScaleError> {
        let s = s.trim();
        if s == "acbl-club" {
            return Ok(Scale::AcblClub);
        }
        if let Some(top) = s.strip_prefix("ebu-club:") {
            return match top.trim().parse::<u32>() {
                Ok(t) if (6..=10_000).contains(&t) => Ok(Scale::EbuClub { top: t }),
                _ => Err(ScaleError::Top(top.to_string())),
            };
        }
        if let Some(points) = s.strip_prefix("table:") {
            return points.parse().map(Scale::Table);
        }
        Err(ScaleError::Unknown(s.to_string()))
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scale::AcblClub => f.write_str("acbl-club"),
            Scale::EbuClub { top } => write!(f, "ebu-club:{top}"),
            Scale::Table(t) => write!(f, "table:{t}"),
        }
    }
}

/// `x` rounded half up to `decimals` places, exactly.
fn rounded(x: Ratio, decimals: u32) -> Ratio {
    let scale = 10i128.pow(decimals);
    // Awards are small and non-negative: the scaled value always fits.
    let n = x.round_scaled(decimals).unwrap_or(0);
    Ratio::new(n, scale)
}

impl Scale {
    /// An award as files and pages show it: hundredths for the ACBL (as its charts print
    /// them), else without needless decimals (`24`, a shared place's `19.50`).
    pub fn show(&self, award: Ratio) -> String {
        match self {
            Scale::AcblClub => award.to_fixed(2),
            Scale::EbuClub { .. } | Scale::Table(_) => award.to_short(2),
        }
    }

    /// The award for `place` (1-based) alone in a group, as the scale rounds it; zero past
    /// the last place awarded.
    pub fn place_award(&self, group: Group, place: u32) -> Ratio {
        if place == 0 {
            return Ratio::ZERO;
        }
        match self {
            Scale::AcblClub => {
                // Depth: 40 % of the group, .5 rounded up.
                let depth = (group.contestants * 4 + 5) / 10;
                if place > depth {
                    return Ratio::ZERO;
                }
                let first = Ratio::new(i128::from(group.tables), 10).min(Ratio::new(3, 2));
                let share = match place {
                    1 => Ratio::ONE,
                    2 => Ratio::new(7, 10),
                    3 => Ratio::new(1, 2),
                    4 => Ratio::new(35, 100),
                    k => Ratio::new(1, i128::from(k)),
                };
                rounded(first * share, 2)
            }
            Scale::EbuClub { top } => {
                let awards = group.contestants / 3;
                if place > awards {
                    return Ratio::ZERO;
                }
                let top = Ratio::from_int(i64::from(*top));
                let step = top / Ratio::from_int(i64::from(awards));
                let raw = top - step * Ratio::from_int(i64::from(place - 1));
                rounded(raw, 0).max(Ratio::from_int(6))
            }
            Scale::Table(t) => t.0.get(place as usize - 1).copied().unwrap_or(Ratio::ZERO),
        }
    }
}

/// The award of each contestant of a group, given its place (1-based; contestants sharing a
/// place have the same), in the same order. Contestants sharing a place split the awards of the places they
/// cover equally (two pairs 2= share the awards for 2nd and 3rd); the share is exact, so a
/// shared place may carry one more decimal than the scale's own awards.
pub fn award(scale: &Scale, group: Group, places: &[u32]) -> Vec<Ratio> {
    let mut sharing: std::collections::BTreeMap<u32, u32> = std::collections::BTreeMap::new();
    for &place in places {
        *sharing.entry(place).or_default() += 1;
    }
    places
        .iter()
        .map(|&place| {
            let k = sharing[&place];
            let sum: Ratio = (place..place + k)
                .map(|p| scale.place_award(group, p))
                .sum();
            sum / Ratio::from_int(i64::from(k))
        })
        .collect()
}

/// Each pair's award in a scored session, by comparison group: each line of a two-winner
/// Mitchell is a group (a half table counted as a full one: both lines the size of the
/// larger), a one-winner movement one group of all pairs. One award per row of
/// `scored.ranking`, in its order.
pub fn award_session(scale: &Scale, scored: &Scored) -> Vec<Ratio> {
    let in_field = |f: Field| scored.ranking.iter().filter(|s| s.field == f).count() as u32;
    let line = in_field(Field::NorthSouth).max(in_field(Field::EastWest));
    let all = in_field(Field::All);
    let mut out = vec![Ratio::ZERO; scored.ranking.len()];
    for field in [Field::NorthSouth, Field::EastWest, Field::All] {
        let rows: Vec<(usize, &Standing)> = scored
            .ranking
            .iter()
            .enumerate()
            .filter(|(_, s)| s.field == field)
            .collect();
        if rows.is_empty() {
            continue;
        }
        let group = match field {
            Field::All => Group {
                contestants: all,
                tables: all.div_ceil(2),
            },
            _ => Group {
                contestants: line,
                tables: line,
            },
        };
        let places: Vec<u32> = rows.iter().map(|(_, s)| s.rank).collect();
        for ((i, _), a) in rows.iter().zip(award(scale, group, &places)) {
            out[*i] = a;
        }
    }
    out
}

/// Each competitor's masterpoints over a series: the sum of its awards, sessions in any
/// order; competitors in their order.
pub fn series_totals<K: Ord + Clone>(sessions: &[Vec<(K, Ratio)>]) -> Vec<(K, Ratio)> {
    let mut by: std::collections::BTreeMap<K, Ratio> = std::collections::BTreeMap::new();
    for session in sessions {
        for (k, a) in session {
            *by.entry(k.clone()).or_default() += *a;
        }
    }
    by.into_iter().collect()
}
