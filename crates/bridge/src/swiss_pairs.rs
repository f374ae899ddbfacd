//! Swiss pairs: pairs drawn by score each round, each round a short match between the two
//! pairs at a table, scored against the whole field and converted to victory points.
//!
//! Every table plays the same boards in a round, so a board's traveller has one line per
//! table. A pair's result on a board is its score compared with the field's, either with
//! Butler IMPs against a datum (the usual English way) or with cross-IMPs (each score IMPed
//! against every other, averaged); East-West's IMPs are North-South's negated, so the match
//! margin is North-South's IMP total. The margin becomes VPs on the match's scale (the WBF
//! 2013 scale for the match's boards by default). Round 1 is drawn in pair-number order (pair
//! 1 meets 2, 3 meets 4, as pairs sit where they drew); later rounds are drawn from the
//! standings by the Swiss teams draw ([`teams::swiss_pairing`]): each pair in turn meets the
//! highest-ranked pair below it it has not met, the lowest-ranked pair that has not sat out
//! sitting out in an odd field and scoring the conditions' sit-out VPs. The higher-ranked
//! pair sits North-South at its table.
//!
//! ```
//! use bridge::swiss_pairs::{score_round, Line, PlayedRound, Scoring, Settings, Traveller};
//!
//! // Two tables play board 1: NS +420 at table 1, NS +170 at table 2. The datum of two
//! // scores is their mean, 295 rounded to 300: table 1's NS pair is 120 above it (3 IMPs),
//! // table 2's NS pair 130 below (−4 IMPs).
//! let round = PlayedRound {
//!     tables: vec![(1, 2), (3, 4)],
//!     bye: None,
//!     boards: vec![Traveller { board: 1, lines: vec![
//!         Line { table: 1, score_ns: 420 },
//!         Line { table: 2, score_ns: 170 },
//!     ] }],
//! };
//! let m = score_round(&round, &Settings::default());
//! assert_eq!((m[0].imps_ns, m[1].imps_ns), (3, -4));
//! ```

use std::collections::BTreeSet;

use crate::imps::{cross_imps, datum, imps_exact, Datum};
use crate::rational::Ratio;
use crate::teams::{self, Bye, MatchResult, SwissRound, TeamStanding, TieBreakRule, VpScale};
use crate::vp::Vp;

/// A pair's number in the event.
pub type PairId = u32;

/// How a pair's score on a board is compared with the field's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// IMPs against the board's datum (Butler).
    Butler(Datum),
    /// Cross-IMPs: the score IMPed against every other table's, averaged; the match's total
    /// is rounded to whole IMPs (half away from zero) before the VP scale, whose steps are
    /// whole IMPs.
    CrossImps,
}

/// The rules of the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub scoring: Scoring,
    pub scale: VpScale,
    /// VPs to a pair sitting out (a bye).
    pub bye_vp: Vp,
    /// The tie-breaks after the VP total ([`TieBreakRule::tie_breaks`]); pairs still equal
    /// share the place. The EBU's by default: English clubs run most Swiss pairs, and the
    /// White Book's split tie procedure (§143.7.1) is what EBUScore's directors apply.
    pub tie_break: TieBreakRule,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            scoring: Scoring::Butler(Datum::TrimmedMean),
            scale: VpScale::Wbf2013,
            bye_vp: Vp::from_hundredths(1200).unwrap_or(Vp::HALF),
            tie_break: TieBreakRule::Ebu,
        }
    }
}

/// One table's result on a board: North-South's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// 1-based table of the round.
    pub table: u32,
    pub score_ns: i32,
}

/// A board's traveller in a round: one line per table that has played it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Traveller {
    pub board: u32,
    pub lines: Vec<Line>,
}

/// A round as drawn and played: table t (1-based) holds `tables[t - 1]` = (NS, EW).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayedRound {
    pub tables: Vec<(PairId, PairId)>,
    pub bye: Option<PairId>,
    pub boards: Vec<Traveller>,
}

/// A scored match of a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairMatch {
    pub table: u32,
    pub ns: PairId,
    pub ew: PairId,
    /// Boards with a result at this table.
    pub boards: u32,
    /// North-South's IMPs on each board played: (board, IMPs, exact for cross-IMPs).
    pub board_imps: Vec<(u32, Ratio)>,
    /// The margin to North-South in whole IMPs (East-West's is its negation).
    pub imps_ns: i64,
    pub vp_ns: Vp,
    pub vp_ew: Vp,
}

/// North-South's IMPs of each line of a traveller, in the traveller's order.
pub fn board_imps(lines: &[Line], scoring: Scoring) -> Vec<Ratio> {
    let scores: Vec<Ratio> = lines
        .iter()
        .map(|l| Ratio::from_int(i64::from(l.score_ns)))
        .collect();
    match scoring {
        Scoring::Butler(rule) => {
            let d = datum(&scores, rule);
            scores
                .iter()
                .map(|&s| Ratio::from_int(i64::from(imps_exact(s - d))))
                .collect()
        }
        Scoring::CrossImps => {
            if lines.len() < 2 {
                return vec![Ratio::ZERO; lines.len()];
            }
            let results: Vec<Vec<(i32, Ratio)>> = lines
                .iter()
                .map(|l| vec![(l.score_ns, Ratio::ONE)])
                .collect();
            let others = Ratio::from_int(lines.len() as i64 - 1);
            cross_imps(&results)
                .into_iter()
                .map(|s| s / others)
                .collect()
        }
    }
}

/// Scores each table's match of a round over the boards it has played.
pub fn score_round(round: &PlayedRound, settings: &Settings) -> Vec<PairMatch> {
    let mut matches: Vec<PairMatch> = round
        .tables
        .iter()
        .enumerate()
        .map(|(i, &(ns, ew))| PairMatch {
            table: i as u32 + 1,
            ns,
            ew,
            boards: 0,
            board_imps: Vec::new(),
            imps_ns: 0,
            vp_ns: Vp::HALF,
            vp_ew: Vp::HALF,
        })
        .collect();
    for t in &round.boards {
        for (line, imps) in t.lines.iter().zip(board_imps(&t.lines, settings.scoring)) {
            if let Some(m) = line
                .table
                .checked_sub(1)
                .and_then(|i| matches.get_mut(i as usize))
            {
                m.boards += 1;
                m.board_imps.push((t.board, imps));
            }
        }
    }
    for m in &mut matches {
        let total: Ratio = m.board_imps.iter().map(|&(_, i)| i).sum();
        m.imps_ns = total.round_scaled(0).map_or(0, |n| n as i64);
        if m.boards > 0 {
            (m.vp_ns, m.vp_ew) = teams::vps(settings.scale, m.boards, m.imps_ns);
        }
    }
    matches
}

/// The standings after the rounds given (matches with no board played do not count).
pub fn standings(
    pairs: &[PairId],
    rounds: &[PlayedRound],
    settings: &Settings,
) -> Vec<TeamStanding> {
    let mut results = Vec::new();
    let mut byes = Vec::new();
    for r in rounds {
        for m in score_round(r, settings) {
            if m.boards == 0 {
                continue;
            }
            results.push(MatchResult {
                home: m.ns,
                visit: m.ew,
                imps_home: u32::try_from(m.imps_ns.max(0)).unwrap_or(u32::MAX),
                imps_visit: u32::try_from((-m.imps_ns).max(0)).unwrap_or(u32::MAX),
                vp_home: m.vp_ns,
                vp_visit: m.vp_ew,
            });
        }
        if let Some(p) = r.bye {
            byes.push(Bye {
                team: p,
                vp: settings.bye_vp,
            });
        }
    }
    teams::standings(pairs, &results, &byes, settings.tie_break.tie_breaks())
}

/// The draw of the next round after `rounds`: round 1 in pair-number order, later rounds
/// from the standings, no two pairs meeting twice. `None` when every draw would repeat a
/// match (more rounds than the field allows).
pub fn draw(pairs: &[PairId], rounds: &[PlayedRound], settings: &Settings) -> Option<SwissRound> {
    let mut order: Vec<PairId> = pairs.to_vec();
    if rounds.is_empty() {
        order.sort_unstable();
    } else {
        order = standings(pairs, rounds, settings)
            .into_iter()
            .map(|s| s.team)
            .collect();
    }
    let met: BTreeSet<(PairId, PairId)> = rounds
        .iter()
        .flat_map(|r| r.tables.iter().copied())
        .collect();
    let had_bye: BTreeSet<PairId> = rounds.iter().filter_map(|r| r.bye).collect();
    teams::swiss_pairing(&order, &met, &had_bye)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traveller(board: u32, scores: &[i32]) -> Traveller {
        Traveller {
            board,
            lines: scores
                .iter()
                .enumerate()
                .map(|(i, &s)| Line {
                    table: i as u32 + 1,
                    score_ns: s,
                })
                .collect(),
        }
    }

    #[test]
    fn cross_imps_average_the_field() {
        // 420, 420, 170, -50: sums 16, 16, -6, -26 over 3 others.
        let t = traveller(1, &[420, 420, 170, -50]);
        let i = board_imps(&t.lines, Scoring::CrossImps);
        assert_eq!(
            i,
            [
                Ratio::new(16, 3),
                Ratio::new(16, 3),
                Ratio::from_int(-2),
                Ratio::new(-26, 3)
            ]
        );
    }

    #[test]
    fn a_table_without_results_scores_nothing() {
        let round = PlayedRound {
            tables: vec![(1, 2), (3, 4)],
            bye: None,
            boards: vec![traveller(1, &[100])],
        };
        let m = score_round(&round, &Settings::default());
        assert_eq!((m[1].boards, m[1].vp_ns), (0, Vp::HALF));
        assert_eq!(
            standings(&[1, 2, 3, 4], &[round], &Settings::default())[3].matches,
            0
        );
    }
}
