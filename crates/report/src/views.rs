//! What the documents show: plain strings in the reader's language, built from plain rows, so
//! that templates only lay them out. The server builds these rows from its store; the command
//! line from a TRF file's `Tournament`.

use std::collections::HashMap;

use tournament::Points;

use crate::i18n::Tr;

/// A player as the caller knows them (no database type: the server converts its rows).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerRow {
    /// The caller's key for the player (the store's row id, or the pairing number).
    pub id: i64,
    /// Pairing number (1-based).
    pub number: u32,
    pub name: String,
    /// `GM`, `IM`, … or empty.
    pub title: String,
    pub rating: Option<u16>,
    pub federation: String,
    pub club: String,
    pub fide_id: Option<u64>,
    /// Checked in.
    pub present: bool,
    /// First round the player is no longer paired in.
    pub withdrawn_from: Option<u32>,
}

/// One line of computed standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingRow {
    pub rank: u32,
    /// The place is shared with others (`rank` is its first place).
    pub shared: bool,
    pub player: PlayerRow,
    pub points: Points,
    /// The tie-break values as the rules print them (`12.5`).
    pub values: Vec<String>,
    /// The performance rating, for the column that ranks nobody (see
    /// [`Standings::performance_column`]); `None` without a game that counts.
    pub performance: Option<i64>,
    /// The FIDE rating change (`+12.80`) or an unrated player's initial rating (`Ru 1807`), for
    /// the column that ranks nobody (see [`Standings::rating_change_column`]).
    pub rating_change: Option<String>,
}

/// Standings after a round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standings {
    /// After this round (0 before any result).
    pub after_round: u32,
    /// The tie-break codes in order, as the rules spell them.
    pub tiebreak_codes: Vec<String>,
    /// The table shows the performance column ("Perf."), after the tie-breaks: display only.
    pub performance_column: bool,
    /// The table shows the rating change column ("ΔElo"), last: display only.
    pub rating_change_column: bool,
    pub rows: Vec<StandingRow>,
}

/// A player as the lists show them.
#[derive(Debug, Clone, Default)]
pub struct PlayerView {
    pub id: i64,
    pub number: u32,
    pub name: String,
    pub title: String,
    pub rating: String,
    pub federation: String,
    pub club: String,
    pub fide_id: String,
    pub present: bool,
    pub withdrawn: String,
    /// Points before the round shown (pairing lists) or now.
    pub points: String,
}

impl PlayerView {
    pub fn new(p: &PlayerRow, points: Option<Points>, tr: &Tr) -> PlayerView {
        PlayerView {
            id: p.id,
            number: p.number,
            name: p.name.clone(),
            title: p.title.clone(),
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            federation: p.federation.clone(),
            club: p.club.clone(),
            fide_id: p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
            present: p.present,
            withdrawn: p.withdrawn_from.map(|r| r.to_string()).unwrap_or_default(),
            points: points.map(|p| tr.points(&p)).unwrap_or_default(),
        }
    }
}

/// One board of a round's pairing list as it is printed (no input, no board code).
#[derive(Debug, Clone, Default)]
pub struct BoardView {
    pub board: u32,
    /// With the points before the round.
    pub white: PlayerView,
    /// `None`: the pairing-allocated bye.
    pub black: Option<PlayerView>,
    /// `1-0`, `½-½`, `+/-`, …; for the pairing-allocated bye, the points it scores.
    pub result: String,
}

/// A bye line under the pairing list: who, and which kind (translated).
#[derive(Debug, Clone, Default)]
pub struct ByeView {
    pub player: PlayerView,
    pub kind: String,
}

/// A round's pairing list: its boards and its byes.
#[derive(Debug, Clone, Default)]
pub struct RoundView {
    pub number: u32,
    /// When the round starts, in the document's language (`samedi 28/11/2026 à 14h00`), or
    /// empty when the arbiter set no date.
    pub starts: String,
    pub boards: Vec<BoardView>,
    pub byes: Vec<ByeView>,
}

/// One line of the standings.
#[derive(Debug, Clone, Default)]
pub struct StandingView {
    /// `3`, or `3-5 ex æquo` (`3-5=`) for a shared place ([`Tr::place`]).
    pub place: String,
    pub player: PlayerView,
    pub points: String,
    pub values: Vec<String>,
    /// The performance rating, or empty (no game that counts, or the column hidden).
    pub performance: String,
    /// The rating change, or empty.
    pub rating_change: String,
}

/// Each row's place as (first, last): the range a shared place covers, `(rank, rank)` alone;
/// before any result, the starting rank.
fn places(s: &Standings) -> Vec<(u32, u32)> {
    let mut last_of: HashMap<u32, u32> = HashMap::new();
    for (i, row) in s.rows.iter().enumerate() {
        last_of.insert(row.rank, i as u32 + 1);
    }
    s.rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            if s.after_round == 0 {
                (i as u32 + 1, i as u32 + 1)
            } else if row.shared {
                (
                    row.rank,
                    last_of.get(&row.rank).copied().unwrap_or(row.rank),
                )
            } else {
                (row.rank, row.rank)
            }
        })
        .collect()
}

pub fn standings_rows(tr: &Tr, s: &Standings) -> Vec<StandingView> {
    let places = places(s);
    s.rows
        .iter()
        .zip(places)
        .map(|(row, (first, last))| StandingView {
            place: tr.place(first, last),
            player: PlayerView::new(&row.player, Some(row.points), tr),
            points: tr.points(&row.points),
            values: row.values.iter().map(|v| tr.num(v)).collect(),
            performance: row.performance.map(|p| p.to_string()).unwrap_or_default(),
            rating_change: row
                .rating_change
                .as_deref()
                .map(|d| tr.num(d))
                .unwrap_or_default(),
        })
        .collect()
}

/// One line of the team standings.
#[derive(Debug, Clone, Default)]
pub struct TeamStandingView {
    /// `3` or `3-5` for a shared place.
    pub place: String,
    pub number: u32,
    pub name: String,
    pub match_points: String,
    pub game_points: String,
    /// The tie-break values in the reader's language (`2/1.5` for a sequence).
    pub values: Vec<String>,
}

/// A code and what it means, for a legend under a table.
#[derive(Debug, Clone, Default)]
pub struct LegendItem {
    pub code: String,
    pub meaning: String,
}

/// A tie-break's name, the one wording the event form's picker, the legends and every page
/// use: the catalogue's entry for the whole code (`tb-bh-c1`, "Buchholz tronqué", the FFE's
/// word), else the base's (`tb-bh`) with each modifier's (`tbm-c2`); a team tie-break on the
/// other score adds it (`BH:GP/C1`: `tbs-gp`). An unknown code is shown as written.
pub fn tiebreak_name(tr: &Tr, code: &str) -> String {
    let mut pieces = code.split('/');
    let head = pieces.next().unwrap_or("");
    let modifiers: Vec<&str> = pieces.collect();
    let (base, score) = match head.split_once(':') {
        Some((base, score)) => (base, Some(score)),
        None => (head, None),
    };
    let key = |parts: &[&str]| format!("tb-{}", parts.join("-").to_ascii_lowercase());
    let whole: Vec<&str> = std::iter::once(base)
        .chain(modifiers.iter().copied())
        .collect();
    let mut name = match tr.lookup(&key(&whole), &[]) {
        Some(name) => name,
        None => {
            let mut name = tr
                .lookup(&key(&[base]), &[])
                .unwrap_or_else(|| base.to_string());
            for m in &modifiers {
                let text = tr
                    .lookup(&format!("tbm-{}", m.to_ascii_lowercase()), &[])
                    .unwrap_or_else(|| m.to_string());
                name.push_str(", ");
                name.push_str(&text);
            }
            name
        }
    };
    if let Some(score) = score {
        let s = tr
            .lookup(&format!("tbs-{}", score.to_ascii_lowercase()), &[])
            .unwrap_or_else(|| score.to_string());
        name.push(' ');
        name.push_str(&s);
    }
    name
}

/// The legend of tie-break codes: each code and its name ([`tiebreak_name`]).
pub fn legend(tr: &Tr, codes: &[String]) -> Vec<LegendItem> {
    codes
        .iter()
        .map(|code| LegendItem {
            code: code.clone(),
            meaning: tiebreak_name(tr, code),
        })
        .collect()
}

/// The legend under the standings: the tie-breaks' codes, then the performance column when
/// it is shown (what it counts, and that it ranks nobody).
pub fn standings_legend(tr: &Tr, s: &Standings) -> Vec<LegendItem> {
    let mut items = legend(tr, &s.tiebreak_codes);
    if s.performance_column {
        items.push(LegendItem {
            code: tr.t("col-perf"),
            meaning: tr.t("perf-legend"),
        });
    }
    if s.rating_change_column {
        items.push(LegendItem {
            code: tr.t("col-delo"),
            meaning: tr.t("delo-legend"),
        });
    }
    items
}

/// One round of one player, for the crosstable, as the caller knows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CrossCell {
    /// The opponent's pairing number (none for a bye or an unpaired round).
    pub opponent: Option<u32>,
    pub colour: Option<tournament::Color>,
    /// `1`, `½`, `0`, `+` (won by forfeit or the pairing-allocated bye), `-`, or empty.
    pub result: String,
}

/// One line of the crosstable (players in standings order; opponents by their line there).
#[derive(Debug, Clone, Default)]
pub struct CrossRow {
    pub place: String,
    pub player: PlayerView,
    /// Per round: `12b1`-style cells (opponent's line, colour, result).
    pub cells: Vec<String>,
    pub points: String,
    pub values: Vec<String>,
}

/// The crosstable's lines: the standings with, per round, the opponent's line in this table,
/// the colour and the result. `cells` gives each player's rounds by pairing number.
pub fn crosstable(tr: &Tr, s: &Standings, cells: &HashMap<u32, Vec<CrossCell>>) -> Vec<CrossRow> {
    let line_of: HashMap<u32, usize> = s
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.player.number, i + 1))
        .collect();
    standings_rows(tr, s)
        .into_iter()
        .zip(places(s))
        .map(|(row, (first, last))| {
            let cells = cells
                .get(&row.player.number)
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .map(|c| {
                    let line = c.opponent.and_then(|o| line_of.get(&o));
                    let colour = match c.colour {
                        Some(tournament::Color::White) => tr.t("colour-w-short"),
                        Some(tournament::Color::Black) => tr.t("colour-b-short"),
                        None => String::new(),
                    };
                    match line {
                        Some(line) => format!("{line}{colour}{}", c.result),
                        None => c.result.clone(),
                    }
                })
                .collect();
            CrossRow {
                // The grid's narrow column: the range alone (the standings say "ex æquo").
                place: if last > first {
                    format!("{first}-{last}")
                } else {
                    first.to_string()
                },
                points: row.points,
                values: row.values,
                player: row.player,
                cells,
            }
        })
        .collect()
}

/// Rounds as a list of runs, `1-2, 4-10` (for a norm's games, the rounds left out), the same in
/// every language.
pub fn rounds_text(rounds: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rounds.len() {
        let start = rounds[i];
        let mut end = start;
        while i + 1 < rounds.len() && rounds[i + 1] == end + 1 {
            i += 1;
            end = rounds[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn shared_places_and_the_legend() {
        let row = |rank, shared, number: u32, tenths| StandingRow {
            rank,
            shared,
            player: PlayerRow {
                id: i64::from(number),
                number,
                name: format!("P{number}"),
                ..PlayerRow::default()
            },
            points: Points::from_tenths(tenths),
            values: vec!["12.5".into()],
            performance: None,
            rating_change: None,
        };
        let s = Standings {
            after_round: 3,
            tiebreak_codes: vec!["BH/C1".into()],
            performance_column: false,
            rating_change_column: false,
            rows: vec![
                row(1, false, 2, 30),
                row(2, true, 1, 20),
                row(2, true, 3, 20),
            ],
        };
        let fr = Tr::new(Lang::Fr);
        let rows = standings_rows(&fr, &s);
        let places: Vec<&str> = rows.iter().map(|r| r.place.as_str()).collect();
        assert_eq!(places, ["1", "2-3 ex\u{a0}æquo", "2-3 ex\u{a0}æquo"]);
        let en: Vec<String> = standings_rows(&Tr::new(Lang::En), &s)
            .into_iter()
            .map(|r| r.place)
            .collect();
        assert_eq!(en, ["1", "2-3=", "2-3="]);
        assert_eq!(rows[0].values, ["12,5"]);
        let l = legend(&Tr::new(Lang::En), &s.tiebreak_codes);
        assert_eq!(l[0].code, "BH/C1");
        assert_eq!(l[0].meaning, "Buchholz Cut-1");
        // A team tie-break on the other score: the code's meaning, then the score.
        let l = legend(&fr, &["BH:GP/C1".into(), "EDE".into()]);
        assert_eq!(l[0].meaning, "Buchholz tronqué sur les points de partie");
        assert_eq!(l[1].meaning, "Confrontation directe étendue");
        // A combination without its own entry: the base and the modifier's words.
        assert_eq!(
            tiebreak_name(&fr, "AOB/C1"),
            "Moyenne des Buchholz des adversaires, sans le plus faible adversaire"
        );
        assert_eq!(tiebreak_name(&fr, "XYZ"), "XYZ");
    }
}
