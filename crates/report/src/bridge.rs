//! A scored bridge pairs session as pages and documents show it: the ranking with pair names
//! (flagged provisional while lines are missing), every traveller with both sides' matchpoints
//! and percentages (and the deal when known), and a personal score card per pair, in French
//! and English. Plain rows built from the engines' model ([`bridge::Session`]) and results
//! ([`bridge::Scored`]): no database, no scoring here (a line's score is
//! [`bridge::Played::score_ns`]). The web application's pages include the partials
//! (`bridge/ranking_table.html`, `bridge/travellers_list.html`, `bridge/score_cards.html`)
//! and the command line's `bridge score --format html` prints [`document`].
//!
//! ```
//! use report::i18n::Lang;
//! let csv = "board,ns,ew,contract,declarer,result\n1,1,3,3NT,N,=\n1,2,4,4S,E,-1\n";
//! let session = bridge::csv::read(csv, "club.csv").unwrap();
//! let scored = bridge::score_session(&session, &bridge::Options::default());
//! let page = report::bridge::document(Lang::Fr, &session, &scored, &[], Default::default(), false).unwrap();
//! assert!(page.contains("Feuilles ambulantes") && page.contains("3SA"));
//! ```

use askama::Template;
use std::collections::{BTreeMap, BTreeSet};

use bridge::movement::PairLabels;
use bridge::{
    Artificial, Bid, DdTable, Doubling, Field, FieldKind, Method, Par, Played, Ratio, Seat, Strain,
    TableResult,
};

use crate::i18n::{Lang, Tr};
use crate::ReportError;

/// The bridge pages' own styles (travellers, deals, the table page, slips), screen and print;
/// the standalone document adds them to [`crate::EXPORT_CSS`].
pub const CSS: &str = include_str!("../static/bridge.css");

/// A line the movement expects and nobody has scored yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Missing {
    pub board: u32,
    pub round: u32,
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
}

/// One pair's line in a ranking.
#[derive(Debug, Clone, Default)]
pub struct RankRow {
    /// `1`, `2=` for a shared place.
    pub rank: String,
    pub pair: u32,
    /// The pair's number as the session shows it ([`pair_text`]).
    pub label: String,
    pub names: String,
    pub total: String,
    pub top: String,
    pub percent: String,
    pub boards: u32,
    /// Lines of this pair still missing.
    pub missing: usize,
    /// The pair's masterpoints, when the club awards some (each player gets them).
    pub masterpoints: String,
}

/// One ranking (the whole field, or NS / EW of a Mitchell).
#[derive(Debug, Clone, Default)]
pub struct RankField {
    /// `all`, `ns`, `ew`: for element ids.
    pub code: &'static str,
    /// Heading: empty for a single field.
    pub label: String,
    pub rows: Vec<RankRow>,
}

/// One traveller line.
#[derive(Debug, Clone, Default)]
pub struct TravLine {
    pub round: String,
    pub table: String,
    pub ns: u32,
    pub ew: u32,
    pub ns_label: String,
    pub ew_label: String,
    pub contract: String,
    pub declarer: String,
    pub lead: String,
    pub result: String,
    pub score_ns: String,
    pub score_ew: String,
    pub mp_ns: String,
    pub mp_ew: String,
    pub pct_ns: String,
    pub pct_ew: String,
    /// The adjustment in words, when the line is an adjusted score.
    pub note: String,
    pub missing: bool,
}

/// A hand of the deal: its seat's name and the four suits.
#[derive(Debug, Clone, Default)]
pub struct Hand {
    pub seat: String,
    pub suits: Vec<(&'static str, String)>,
}

/// One board with its traveller.
#[derive(Debug, Clone, Default)]
pub struct TravBoard {
    pub board: u32,
    pub dealer: String,
    pub vulnerability: String,
    /// North, West, East, South (the diagram's order), when the deal is known.
    pub hands: Vec<Hand>,
    /// The deal's double-dummy tricks and par, once solved.
    pub analysis: Option<DdView>,
    pub lines: Vec<TravLine>,
    pub missing: usize,
    /// "Scored with Neuberg: 7 results for 8 expected", when the board's matchpoints were
    /// scaled to the expected number of results (empty otherwise).
    pub neuberg: String,
}

/// One board of a pair's score card.
#[derive(Debug, Clone, Default)]
pub struct CardRow {
    pub board: u32,
    pub round: String,
    pub direction: &'static str,
    pub opponent: u32,
    pub opponent_label: String,
    pub opponent_names: String,
    pub contract: String,
    pub declarer: String,
    pub lead: String,
    pub result: String,
    /// The score from this pair's side.
    pub score: String,
    pub mp: String,
    pub percent: String,
    pub note: String,
    pub missing: bool,
}

/// A pair's personal score card.
#[derive(Debug, Clone, Default)]
pub struct Card {
    pub pair: u32,
    pub label: String,
    pub names: String,
    pub rank: String,
    pub total: String,
    pub percent: String,
    pub rows: Vec<CardRow>,
}

/// Everything the ranking, travellers and score cards show.
#[derive(Debug, Clone, Default)]
pub struct Results {
    /// Matchpoints (with percentages) or IMPs.
    pub matchpoints: bool,
    /// The ranking has a masterpoints column ([`Results::add_masterpoints`]).
    pub masterpoints: bool,
    pub fields: Vec<RankField>,
    pub travellers: Vec<TravBoard>,
    pub cards: Vec<Card>,
    /// Lines still missing (the ranking is provisional while any is).
    pub missing: Vec<Missing>,
}

fn strain_text(tr: &Tr, code: &str) -> String {
    match code {
        "C" => "♣".into(),
        "D" => "♦".into(),
        "H" => "♥".into(),
        "S" => "♠".into(),
        _ => match tr.lang {
            Lang::Fr => "SA".into(),
            Lang::En => "NT".into(),
        },
    }
}

/// A contract as the reader writes it: `3SA`/`3NT`, `4♠X`, `Passe`/`Pass`.
pub fn contract_text(tr: &Tr, contract: &str) -> String {
    match contract.parse::<Bid>() {
        Ok(Bid::Pass) => tr.t("bridge-passed-out"),
        Ok(Bid::Contract(c)) => {
            let text = c.to_string();
            let level = &text[..1];
            let rest = &text[1..];
            let (strain, doubling) = match rest.strip_prefix("NT") {
                Some(d) => ("NT", d),
                None => rest.split_at(1),
            };
            format!("{level}{}{doubling}", strain_text(tr, strain))
        }
        Err(_) => contract.to_string(),
    }
}

/// A seat's letter in the reader's language (`O` for West in French).
pub fn seat_letter(tr: &Tr, s: Seat) -> String {
    match (s, tr.lang) {
        (Seat::West, Lang::Fr) => "O".into(),
        (s, _) => s.letter().to_string(),
    }
}

fn seat_name(tr: &Tr, s: Seat) -> String {
    tr.t(match s {
        Seat::North => "bridge-north",
        Seat::East => "bridge-east",
        Seat::South => "bridge-south",
        Seat::West => "bridge-west",
    })
}

/// A lead such as `SA` shown `♠A`; the ten, `T` in PBN and USEBIO, shown `10` as players write it.
pub fn lead_text(tr: &Tr, lead: &str) -> String {
    let mut chars = lead.chars();
    match chars.next() {
        Some(c @ ('S' | 'H' | 'D' | 'C')) => {
            let card = chars.as_str();
            let card = match (tr.lang, card) {
                (Lang::Fr, "K") => "R",
                (Lang::Fr, "Q") => "D",
                (Lang::Fr, "J") => "V",
                (_, "T") => "10",
                (_, other) => other,
            };
            format!("{}{card}", strain_text(tr, &c.to_string()))
        }
        _ => lead.to_string(),
    }
}

fn artificial_text(tr: &Tr, a: Artificial) -> String {
    match a {
        Artificial::AveragePlus => tr.t("bridge-average-plus-short"),
        Artificial::Average => tr.t("bridge-average-short"),
        Artificial::AverageMinus => tr.t("bridge-average-minus-short"),
        Artificial::Percent(p) => format!("{} %", tr.num(&p.to_short(2))),
    }
}

fn score_text(s: i32) -> String {
    if s < 0 {
        format!("−{}", -s)
    } else {
        s.to_string()
    }
}

/// What the traveller shows for a result: contract, declarer, lead, result, NS score, EW score
/// (the side that scored positive), note.
struct Shown {
    contract: String,
    declarer: String,
    lead: String,
    result: String,
    ns: Option<i32>,
    note: String,
}

fn shown(tr: &Tr, board: &bridge::Board, line: &bridge::Line) -> Shown {
    let lead = line
        .lead
        .as_deref()
        .map(|l| lead_text(tr, l))
        .unwrap_or_default();
    let mut s = Shown {
        contract: String::new(),
        declarer: String::new(),
        lead,
        result: String::new(),
        ns: None,
        note: String::new(),
    };
    match &line.result {
        TableResult::Played(p) => {
            s.ns = Some(p.score_ns(board.vulnerability));
            match p {
                Played::PassedOut => s.contract = tr.t("bridge-passed-out"),
                Played::Made {
                    contract, declarer, ..
                } => {
                    s.contract = contract_text(tr, &contract.to_string());
                    s.declarer = seat_letter(tr, *declarer);
                    s.result = p.relative();
                }
            }
        }
        TableResult::Assigned(v) => {
            s.ns = Some(*v);
            s.note = tr.t("bridge-adjust-assigned");
        }
        TableResult::Weighted(parts) => {
            let text: Vec<String> = parts
                .iter()
                .map(|(v, w)| {
                    format!(
                        "{} ({} %)",
                        score_text(*v),
                        tr.num(&(*w * Ratio::from_int(100)).to_short(2))
                    )
                })
                .collect();
            s.note = format!("{} : {}", tr.t("bridge-adjust-weighted"), text.join(", "));
        }
        TableResult::Split { ns, ew } => {
            s.note = format!(
                "{} : {} / {}",
                tr.t("bridge-adjust-split"),
                score_text(*ns),
                score_text(-*ew)
            );
        }
        TableResult::Artificial { ns, ew } => {
            s.note = format!(
                "{} / {}",
                artificial_text(tr, *ns),
                artificial_text(tr, *ew)
            );
        }
        TableResult::NotPlayed => s.note = tr.t("bridge-not-played"),
    }
    s
}

pub fn vulnerability_text(tr: &Tr, v: bridge::Vulnerability) -> String {
    tr.t(match v {
        bridge::Vulnerability::None => "bridge-vul-none",
        bridge::Vulnerability::NorthSouth => "bridge-vul-ns",
        bridge::Vulnerability::EastWest => "bridge-vul-ew",
        bridge::Vulnerability::All => "bridge-vul-both",
    })
}

/// The four hands of a PBN deal (`N:AKQ.J32.T98.7654 …`), in the diagram's order
/// (North, West, East, South); empty when the text is not a deal.
fn hands(tr: &Tr, deal: &str) -> Vec<Hand> {
    let Some((first, rest)) = deal.trim().split_once(':') else {
        return Vec::new();
    };
    let Some(mut seat) = first.trim().chars().next().and_then(Seat::from_letter) else {
        return Vec::new();
    };
    let parts: Vec<&str> = rest.split_whitespace().collect();
    if parts.len() != 4 {
        return Vec::new();
    }
    let mut by_seat: BTreeMap<char, Hand> = BTreeMap::new();
    for part in parts {
        let suits: Vec<&str> = part.split('.').collect();
        let hand = if suits.len() == 4 {
            ["♠", "♥", "♦", "♣"]
                .into_iter()
                .zip(suits)
                .map(|(sym, cards)| {
                    let cards = if cards.is_empty() || cards == "-" {
                        "—".to_string()
                    } else {
                        let t = cards.replace('T', "10");
                        match tr.lang {
                            Lang::Fr => t.replace('K', "R").replace('Q', "D").replace('J', "V"),
                            Lang::En => t,
                        }
                    };
                    (sym, cards)
                })
                .collect()
        } else {
            Vec::new()
        };
        by_seat.insert(
            seat.letter(),
            Hand {
                seat: seat_name(tr, seat),
                suits: hand,
            },
        );
        seat = seat.next();
    }
    ['N', 'W', 'E', 'S']
        .into_iter()
        .filter_map(|c| by_seat.remove(&c))
        .collect()
}

/// Decimals shown for matchpoints (or IMPs) and for percentages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimals {
    pub points: u32,
    pub percent: u32,
}

impl Default for Decimals {
    fn default() -> Self {
        Decimals {
            points: 2,
            percent: 2,
        }
    }
}

/// Numbers in the reader's way (`71,43` in French), with the chosen decimals.
struct Numbers<'a> {
    tr: &'a Tr,
    d: Decimals,
}

impl Numbers<'_> {
    /// Matchpoints or IMPs, every one with the same decimals (`4.00` beside `4.50`: a `4`
    /// there would read as another kind of value).
    fn value(&self, v: Option<Ratio>) -> String {
        v.map(|v| self.tr.num(&v.to_fixed(self.d.points)))
            .unwrap_or_default()
    }

    fn pct(&self, v: Option<Ratio>) -> String {
        v.map(|v| self.tr.num(&v.to_fixed(self.d.percent)))
            .unwrap_or_default()
    }
}

/// A pair's number as the session shows it, the one label every page, card and document
/// uses: `9`, or `2 EO` / `2 EW` where the club numbers East-West pairs per line.
pub fn pair_text(tr: &Tr, labels: PairLabels, pair: u32) -> String {
    let l = labels.label(pair);
    if l.east_west {
        format!("{} {}", l.number, tr.t("bridge-ew"))
    } else {
        l.number.to_string()
    }
}

fn names_of(session: &bridge::Session, pair: u32) -> String {
    session.names.get(&pair).cloned().unwrap_or_default()
}

fn rank_text(s: &bridge::Standing) -> String {
    if s.tied {
        format!("{}=", s.rank)
    } else {
        s.rank.to_string()
    }
}

impl Results {
    /// The pages' rows for a scored session; `missing` are the lines still expected.
    pub fn new(
        tr: &Tr,
        session: &bridge::Session,
        scored: &bridge::Scored,
        missing: &[Missing],
    ) -> Results {
        Results::with_decimals(tr, session, scored, missing, Decimals::default())
    }

    /// [`Results::new`] with other decimals.
    pub fn with_decimals(
        tr: &Tr,
        session: &bridge::Session,
        scored: &bridge::Scored,
        missing: &[Missing],
        decimals: Decimals,
    ) -> Results {
        Results::labelled(
            tr,
            session,
            scored,
            missing,
            decimals,
            PairLabels::default(),
        )
    }

    /// [`Results::with_decimals`] with the pairs numbered as the session shows them.
    pub fn labelled(
        tr: &Tr,
        session: &bridge::Session,
        scored: &bridge::Scored,
        missing: &[Missing],
        decimals: Decimals,
        labels: PairLabels,
    ) -> Results {
        let pair_label = |pair: u32| pair_text(tr, labels, pair);
        let n = Numbers { tr, d: decimals };
        let value = |v| n.value(v);
        let pct = |v| n.pct(v);
        let matchpoints = scored.method == Method::Matchpoints;
        let missing_of = |pair: u32| {
            missing
                .iter()
                .filter(|m| m.ns == pair || m.ew == pair)
                .count()
        };
        let mut fields: Vec<RankField> = Vec::new();
        for s in &scored.ranking {
            let (code, label) = match (scored.field, s.field) {
                (FieldKind::One, _) | (_, Field::All) => ("all", String::new()),
                (FieldKind::Two, Field::NorthSouth) => ("ns", tr.t("bridge-field-ns")),
                (FieldKind::Two, Field::EastWest) => ("ew", tr.t("bridge-field-ew")),
            };
            if fields.last().is_none_or(|f| f.code != code) {
                fields.push(RankField {
                    code,
                    label,
                    rows: Vec::new(),
                });
            }
            if let Some(f) = fields.last_mut() {
                f.rows.push(RankRow {
                    rank: rank_text(s),
                    pair: s.pair,
                    label: pair_label(s.pair),
                    names: names_of(session, s.pair),
                    total: value(Some(s.total)),
                    // A top is a count of matchpoints: `336`, decimals only where Neuberg
                    // or an adjusted score left a fraction.
                    top: if matchpoints {
                        n.tr.num(&s.top.to_short(n.d.points))
                    } else {
                        String::new()
                    },
                    percent: pct(s.percent),
                    boards: s.boards,
                    missing: missing_of(s.pair),
                    masterpoints: String::new(),
                });
            }
        }
        // Pairs with no scored board yet still appear, last (a ranking at the start).
        let ranked: BTreeSet<u32> = scored.ranking.iter().map(|s| s.pair).collect();
        let mut unranked: Vec<u32> = missing
            .iter()
            .flat_map(|m| [m.ns, m.ew])
            .filter(|p| !ranked.contains(p))
            .collect::<BTreeSet<u32>>()
            .into_iter()
            .collect();
        unranked.sort_unstable();
        if !unranked.is_empty() {
            if fields.is_empty() {
                fields.push(RankField {
                    code: "all",
                    label: String::new(),
                    rows: Vec::new(),
                });
            }
            for p in unranked {
                let ns_side = missing.iter().any(|m| m.ns == p);
                let at = if fields.len() == 2 && !ns_side { 1 } else { 0 };
                fields[at].rows.push(RankRow {
                    pair: p,
                    label: pair_label(p),
                    names: names_of(session, p),
                    missing: missing_of(p),
                    ..RankRow::default()
                });
            }
        }

        let mut travellers = Vec::new();
        // Per pair: (board, round, row).
        let mut card_rows: BTreeMap<u32, Vec<(u32, u32, CardRow)>> = BTreeMap::new();
        let mut boards: Vec<u32> = session.boards.iter().map(|b| b.number).collect();
        boards.extend(missing.iter().map(|m| m.board));
        boards.sort_unstable();
        boards.dedup();
        for number in boards {
            let board = session.boards.iter().position(|b| b.number == number);
            let standard = bridge::Board::standard(number);
            let (b, sb) = match board {
                Some(i) => (&session.boards[i], scored.boards.get(i)),
                None => (&standard, None),
            };
            let mut lines: Vec<(u32, u32, TravLine)> = Vec::new();
            for (i, l) in b.lines.iter().enumerate() {
                let s = shown(tr, b, l);
                let (mp_ns, mp_ew, pct_ns, pct_ew) = match sb {
                    Some(sb) => {
                        let sl = sb.lines.get(i).copied().unwrap_or_default();
                        (
                            value(sl.ns),
                            value(sl.ew),
                            pct(sb.pct_ns(i)),
                            pct(sb.pct_ew(i)),
                        )
                    }
                    None => Default::default(),
                };
                let round = l.round.unwrap_or(0);
                let line = TravLine {
                    round: l.round.map(|r| r.to_string()).unwrap_or_default(),
                    table: l.table.map(|t| t.to_string()).unwrap_or_default(),
                    ns: l.ns,
                    ew: l.ew,
                    ns_label: pair_label(l.ns),
                    ew_label: pair_label(l.ew),
                    contract: s.contract.clone(),
                    declarer: s.declarer.clone(),
                    lead: s.lead.clone(),
                    result: s.result.clone(),
                    score_ns: s.ns.filter(|v| *v > 0).map(score_text).unwrap_or_default(),
                    score_ew: s
                        .ns
                        .filter(|v| *v < 0)
                        .map(|v| score_text(-v))
                        .unwrap_or_default(),
                    mp_ns: mp_ns.clone(),
                    mp_ew: mp_ew.clone(),
                    pct_ns: pct_ns.clone(),
                    pct_ew: pct_ew.clone(),
                    note: s.note.clone(),
                    missing: false,
                };
                for (pair, opponent, direction, mp, percent, sign) in [
                    (l.ns, l.ew, "NS", mp_ns, pct_ns, 1),
                    (l.ew, l.ns, "EW", mp_ew, pct_ew, -1),
                ] {
                    card_rows.entry(pair).or_default().push((
                        number,
                        round,
                        CardRow {
                            board: number,
                            round: line.round.clone(),
                            direction,
                            opponent,
                            opponent_label: pair_label(opponent),
                            opponent_names: names_of(session, opponent),
                            contract: s.contract.clone(),
                            declarer: s.declarer.clone(),
                            lead: s.lead.clone(),
                            result: s.result.clone(),
                            score: s.ns.map(|v| score_text(sign * v)).unwrap_or_default(),
                            mp,
                            percent,
                            note: s.note.clone(),
                            missing: false,
                        },
                    ));
                }
                lines.push((round, l.table.unwrap_or(0), line));
            }
            let mut count = 0;
            for m in missing.iter().filter(|m| m.board == number) {
                count += 1;
                lines.push((
                    m.round,
                    m.table,
                    TravLine {
                        round: m.round.to_string(),
                        table: m.table.to_string(),
                        ns: m.ns,
                        ew: m.ew,
                        ns_label: pair_label(m.ns),
                        ew_label: pair_label(m.ew),
                        missing: true,
                        ..TravLine::default()
                    },
                ));
                for (pair, opponent, direction) in [(m.ns, m.ew, "NS"), (m.ew, m.ns, "EW")] {
                    card_rows.entry(pair).or_default().push((
                        number,
                        m.round,
                        CardRow {
                            board: number,
                            round: m.round.to_string(),
                            direction,
                            opponent,
                            opponent_label: pair_label(opponent),
                            opponent_names: names_of(session, opponent),
                            missing: true,
                            ..CardRow::default()
                        },
                    ));
                }
            }
            // Sorted by North-South pair, as clubs read a traveller.
            lines.sort_by_key(|l| (l.2.ns, l.0, l.1));
            let compared = b
                .lines
                .iter()
                .filter(|l| {
                    !matches!(
                        l.result,
                        TableResult::Artificial { .. } | TableResult::NotPlayed
                    )
                })
                .count() as u32;
            let neuberg = match sb {
                Some(sb) if matchpoints && compared > 0 && compared < sb.expected => tr.targs(
                    "bridge-neuberg-note",
                    &[
                        ("played", compared.into()),
                        ("expected", sb.expected.into()),
                    ],
                ),
                _ => String::new(),
            };
            travellers.push(TravBoard {
                board: number,
                dealer: seat_name(tr, b.dealer),
                vulnerability: vulnerability_text(tr, b.vulnerability),
                hands: b.deal.as_deref().map(|d| hands(tr, d)).unwrap_or_default(),
                analysis: None,
                lines: lines.into_iter().map(|l| l.2).collect(),
                missing: count,
                neuberg,
            });
        }

        let standing: BTreeMap<u32, &bridge::Standing> =
            scored.ranking.iter().map(|s| (s.pair, s)).collect();
        let cards = card_rows
            .into_iter()
            .map(|(pair, mut rows)| {
                rows.sort_by_key(|r| (r.1, r.0));
                let s = standing.get(&pair);
                Card {
                    pair,
                    label: pair_label(pair),
                    names: names_of(session, pair),
                    rank: s.map(|s| rank_text(s)).unwrap_or_default(),
                    total: s.map(|s| value(Some(s.total))).unwrap_or_default(),
                    percent: s.map(|s| pct(s.percent)).unwrap_or_default(),
                    rows: rows.into_iter().map(|r| r.2).collect(),
                }
            })
            .collect();
        Results {
            matchpoints,
            fields,
            travellers,
            cards,
            missing: missing.to_vec(),
            masterpoints: false,
        }
    }

    /// Each ranked pair's masterpoints on the club's scale, in the ranking's column.
    pub fn add_masterpoints(
        &mut self,
        tr: &Tr,
        scale: &bridge::masterpoints::Scale,
        scored: &bridge::Scored,
    ) {
        let awards = bridge::masterpoints::award_session(scale, scored);
        for (s, a) in scored.ranking.iter().zip(awards) {
            let code = match (scored.field, s.field) {
                (FieldKind::One, _) | (_, Field::All) => "all",
                (FieldKind::Two, Field::NorthSouth) => "ns",
                (FieldKind::Two, Field::EastWest) => "ew",
            };
            let row = self
                .fields
                .iter_mut()
                .filter(|f| f.code == code)
                .flat_map(|f| f.rows.iter_mut())
                .find(|r| r.pair == s.pair);
            if let Some(row) = row {
                row.masterpoints = tr.num(&scale.show(a));
            }
        }
        self.masterpoints = true;
    }

    /// Shows a solved deal's double-dummy tricks and par with its traveller.
    pub fn add_analysis(&mut self, tr: &Tr, board: u32, table: &DdTable, par: &Par) {
        if let Some(t) = self.travellers.iter_mut().find(|t| t.board == board) {
            t.analysis = Some(DdView::new(tr, table, par));
        }
    }

    /// The ranking is provisional: lines are missing.
    pub fn provisional(&self) -> bool {
        !self.missing.is_empty()
    }
}

/// A strain as the double-dummy grid and contracts show it: `♠`, or `SA`/`NT` in letters;
/// hearts and diamonds red.
#[derive(Debug, Clone, Default)]
pub struct StrainMark {
    pub text: String,
    pub red: bool,
}

impl StrainMark {
    fn new(tr: &Tr, strain: Strain) -> StrainMark {
        StrainMark {
            text: strain_text(tr, strain.code()),
            red: matches!(strain, Strain::Hearts | Strain::Diamonds),
        }
    }
}

/// A contract in pieces, so that the page colours its suit: `4` `♠` `X`, the declarer's
/// letter (`O` for West in French), and the tricks over or under (`+1`, `−2`; empty when
/// exactly made).
#[derive(Debug, Clone, Default)]
pub struct ContractMark {
    pub level: u8,
    pub strain: StrainMark,
    pub doubling: &'static str,
    pub declarer: String,
    pub result: String,
}

/// One cell of the double-dummy grid: the tricks, and whether a contract makes (7 or more).
#[derive(Debug, Clone, Default)]
pub struct DdCell {
    /// The strain's code (`NT`, `S`, `H`, `D`, `C`), for element ids.
    pub strain: &'static str,
    pub tricks: u8,
    pub makes: bool,
}

/// One declarer's row of the grid.
#[derive(Debug, Clone, Default)]
pub struct DdRow {
    /// `N`, `S`, `E`, `W` (element ids); `seat` is the letter the reader writes.
    pub code: char,
    pub seat: String,
    pub cells: Vec<DdCell>,
}

/// A side's makeable contracts, the highest level in each strain.
#[derive(Debug, Clone, Default)]
pub struct SideMakeable {
    pub side: String,
    pub contracts: Vec<ContractMark>,
}

/// A deal's double-dummy analysis as the hand records print it under the diagram (the FFB's
/// "levées possibles"): tricks by declarer (N, S, E, W) and strain (NT, ♠, ♥, ♦, ♣), each
/// side's makeable contracts, and the par.
#[derive(Debug, Clone, Default)]
pub struct DdView {
    pub strains: Vec<StrainMark>,
    pub rows: Vec<DdRow>,
    pub makeable: Vec<SideMakeable>,
    pub par: Vec<ContractMark>,
    /// The par from North-South's side, as the engine gives it (for the page's data).
    pub par_score_ns: i32,
    /// The par contracts in the engine's notation (`4S N`, `5HX E -2`).
    pub par_codes: String,
    /// `NS +420`, `EO +300`, or `0`.
    pub par_score: String,
}

/// The grid's strains, highest first, as the FFB prints them.
const DD_STRAINS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

impl DdView {
    pub fn new(tr: &Tr, table: &DdTable, par: &Par) -> DdView {
        let rows = [Seat::North, Seat::South, Seat::East, Seat::West]
            .into_iter()
            .map(|seat| DdRow {
                code: seat.letter(),
                seat: seat_letter(tr, seat),
                cells: DD_STRAINS
                    .into_iter()
                    .map(|strain| DdCell {
                        strain: strain.code(),
                        tricks: table.tricks(seat, strain),
                        makes: table.makeable(seat, strain).is_some(),
                    })
                    .collect(),
            })
            .collect();
        let makeable = [
            (tr.t("bridge-ns"), Seat::North, Seat::South),
            (tr.t("bridge-ew"), Seat::East, Seat::West),
        ]
        .into_iter()
        .map(|(side, a, b)| SideMakeable {
            side,
            contracts: DD_STRAINS
                .into_iter()
                .filter_map(|strain| {
                    let (la, lb) = (table.makeable(a, strain), table.makeable(b, strain));
                    let level = la.max(lb)?;
                    // Named when only one of the two declarers makes that level.
                    let declarer = match (la == Some(level), lb == Some(level)) {
                        (true, false) => seat_letter(tr, a),
                        (false, true) => seat_letter(tr, b),
                        _ => String::new(),
                    };
                    Some(ContractMark {
                        level,
                        strain: StrainMark::new(tr, strain),
                        doubling: "",
                        declarer,
                        result: String::new(),
                    })
                })
                .collect(),
        })
        .collect();
        let par_contracts = par
            .contracts
            .iter()
            .map(|c| {
                let over = i32::from(c.tricks) - i32::from(c.contract.target());
                ContractMark {
                    level: c.contract.level(),
                    strain: StrainMark::new(tr, c.contract.strain),
                    doubling: match c.contract.doubling {
                        Doubling::Undoubled => "",
                        Doubling::Doubled => "X",
                        Doubling::Redoubled => "XX",
                    },
                    declarer: seat_letter(tr, c.declarer),
                    result: match over {
                        0 => String::new(),
                        o if o > 0 => format!("+{o}"),
                        o => format!("−{}", -o),
                    },
                }
            })
            .collect();
        let par_score = match par.score_ns {
            0 => "0".to_string(),
            s if s > 0 => format!("{} +{s}", tr.t("bridge-ns")),
            s => format!("{} +{}", tr.t("bridge-ew"), -s),
        };
        DdView {
            strains: DD_STRAINS
                .into_iter()
                .map(|s| StrainMark::new(tr, s))
                .collect(),
            rows,
            makeable,
            par: par_contracts,
            par_score_ns: par.score_ns,
            par_codes: par
                .contracts
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            par_score,
        }
    }
}

/// One board of the hand records: the deal (board number, dealer and vulnerability by the
/// board's number, Law 2) and its analysis when solved. The hand-record page lists these as
/// travellers without lines.
pub fn hand_record(
    tr: &Tr,
    board: u32,
    deal: &str,
    analysis: Option<(&DdTable, &Par)>,
) -> TravBoard {
    TravBoard {
        board,
        dealer: seat_name(tr, bridge::dealer_of(board)),
        vulnerability: vulnerability_text(tr, bridge::vulnerability_of(board)),
        hands: hands(tr, deal),
        analysis: analysis.map(|(t, p)| DdView::new(tr, t, p)),
        lines: Vec::new(),
        missing: 0,
        neuberg: String::new(),
    }
}

/// What heads a standalone document: the session's name, a line under it (club, place, date)
/// and one of facts (movement, scoring, director).
#[derive(Debug, Clone, Default)]
pub struct Heading {
    pub name: String,
    pub sub: String,
    pub facts: String,
}

#[derive(Template)]
#[template(path = "bridge/document.html")]
struct Document<'a> {
    /// The translator (`c.t("key")` in the partials, as in the server's pages).
    c: Tr,
    h: &'a Heading,
    r: &'a Results,
    css: String,
    /// Where a pair's name links to: its score card in the same file.
    cards_href: &'static str,
    ranking_only: bool,
}

/// A whole session as one standalone HTML page (CSS inlined, no script, only `#` links): the
/// ranking, then, unless `ranking_only`, every traveller and every pair's score card.
pub fn render(
    lang: Lang,
    heading: &Heading,
    results: &Results,
    ranking_only: bool,
) -> Result<String, ReportError> {
    let page = Document {
        c: Tr::new(lang),
        h: heading,
        r: results,
        css: format!("{}\n{}", crate::EXPORT_CSS, CSS),
        cards_href: "#card-",
        ranking_only,
    };
    Ok(page.render()?)
}

/// [`render`] for a session read from a file: the heading from its event, site and date.
pub fn document(
    lang: Lang,
    session: &bridge::Session,
    scored: &bridge::Scored,
    missing: &[Missing],
    decimals: Decimals,
    ranking_only: bool,
) -> Result<String, ReportError> {
    let tr = Tr::new(lang);
    let results = Results::with_decimals(&tr, session, scored, missing, decimals);
    let date = session
        .date
        .as_deref()
        .map(|d| tr.date(&d.replace('.', "-")))
        .unwrap_or_default();
    let sub: Vec<String> = [session.site.clone().unwrap_or_default(), date]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect();
    let heading = Heading {
        name: session
            .event
            .clone()
            .filter(|e| !e.trim().is_empty())
            .unwrap_or_else(|| tr.t("bridge-ranking")),
        sub: sub.join(" · "),
        facts: String::new(),
    };
    render(lang, &heading, &results, ranking_only)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts_and_leads_in_each_language() {
        let fr = Tr::new(Lang::Fr);
        let en = Tr::new(Lang::En);
        assert_eq!(contract_text(&fr, "3NT"), "3SA");
        assert_eq!(contract_text(&en, "3NT"), "3NT");
        assert_eq!(contract_text(&en, "4SX"), "4♠X");
        assert_eq!(lead_text(&fr, "HK"), "♥R");
        assert_eq!(lead_text(&en, "C10"), "♣10");
        assert_eq!(seat_letter(&fr, Seat::West), "O");
    }

    #[test]
    fn a_traveller_with_a_missing_line() {
        let csv = "board,ns,ew,contract,declarer,result\n1,1,3,3NT,N,=\n1,2,4,4S,E,-1\n";
        let session = bridge::csv::read(csv, "t.csv").unwrap();
        let scored = bridge::score_session(&session, &bridge::Options::default());
        let missing = [Missing {
            board: 2,
            round: 1,
            table: 1,
            ns: 1,
            ew: 3,
        }];
        let r = Results::new(&Tr::new(Lang::En), &session, &scored, &missing);
        assert!(r.provisional());
        assert_eq!(r.travellers.len(), 2);
        assert_eq!(r.travellers[1].missing, 1);
        assert_eq!(r.travellers[0].lines[0].score_ns, "400");
        let card = r.cards.iter().find(|c| c.pair == 1).unwrap();
        assert_eq!(card.rows.len(), 2);
        assert!(card.rows[1].missing || card.rows[0].missing);
    }

    /// Issue 38: a board played fewer times than the others is scored with Neuberg, and its
    /// traveller says so (board 2: 2 results for the 3 of board 1); board 1 says nothing.
    #[test]
    fn a_board_scored_with_neuberg_says_so_on_its_traveller() {
        let csv = "board,ns,ew,contract,declarer,result\n\
            1,1,4,3NT,N,=\n1,2,5,3NT,N,+1\n1,3,6,3NT,N,-1\n\
            2,1,4,4S,E,=\n2,2,5,4S,E,-1\n";
        let session = bridge::csv::read(csv, "t.csv").unwrap();
        let scored = bridge::score_session(&session, &bridge::Options::default());
        let r = Results::new(&Tr::new(Lang::Fr), &session, &scored, &[]);
        assert_eq!(r.travellers[0].neuberg, "");
        assert_eq!(
            r.travellers[1].neuberg,
            "Marqué avec Neuberg : 2 résultats pour 3 attendus."
        );
        let r = Results::new(&Tr::new(Lang::En), &session, &scored, &[]);
        assert_eq!(
            r.travellers[1].neuberg,
            "Scored with Neuberg: 2 results for 3 expected."
        );
    }
}
