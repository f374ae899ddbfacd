//! Teams of four: board comparisons between the two rooms, IMPs (Law 78B), match IMPs and
//! victory points, board-a-match and Patton, and the competitions (round robin, Swiss
//! teams, knock-out with carry-over) with their standings.
//!
//! The home team sits North-South in the open room and East-West in the closed room (the
//! convention of PBN files and vugraph), so on each board the home team's net score is the
//! open room's North-South score minus the closed room's.
//!
//! ```
//! use bridge::teams::{score_match, BoardScores, VpScale};
//!
//! // Board 1: 4S made at both tables (+420, -420): no swing. Board 2: 3NT made in the open
//! // room (+400), 3NT one down in the closed room (NS +50): 450 net, 10 IMPs to the home team.
//! let boards = [
//!     BoardScores { board: 1, open_ns: 420, closed_ns: 420 },
//!     BoardScores { board: 2, open_ns: 400, closed_ns: -50 },
//! ];
//! let m = score_match(&boards, VpScale::Wbf2013);
//! assert_eq!((m.imps_home, m.imps_visit), (10, 0));
//! assert_eq!((m.vp_home.to_string(), m.vp_visit.to_string()), ("16.46".into(), "3.54".into()));
//! ```

use std::collections::{BTreeMap, BTreeSet};

use crate::imps::imps;
use crate::rational::Ratio;
use crate::vp::{self, Vp};

/// A team's number in the competition.
pub type TeamId = u32;

/// One board of a match: North-South's score in each room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardScores {
    pub board: u32,
    pub open_ns: i32,
    pub closed_ns: i32,
}

impl BoardScores {
    /// The home team's net score (NS in the open room, EW in the closed room).
    pub fn net_home(&self) -> i32 {
        self.open_ns - self.closed_ns
    }

    /// IMPs to the home team (negative: to the visitors).
    pub fn imps_home(&self) -> i32 {
        imps(self.net_home())
    }

    /// Board-a-match points in halves: (home, visitors) = (2, 0) for a won board, (1, 1)
    /// for a tie (equal net scores), (0, 2) for a lost board.
    pub fn bam_halves(&self) -> (u32, u32) {
        match self.net_home().signum() {
            1 => (2, 0),
            0 => (1, 1),
            _ => (0, 2),
        }
    }
}

/// One room's result on a board of a match, as read from a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomResult {
    pub played: crate::contract::Played,
    /// North-South's score at the board's vulnerability.
    pub score_ns: i32,
    /// Where the result was read (its game's [Board] tag).
    pub pos: crate::session::Pos,
}

/// A board of a match with both rooms' results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchBoard {
    pub number: u32,
    pub dealer: crate::board::Seat,
    pub vulnerability: crate::board::Vulnerability,
    pub open: RoomResult,
    pub closed: RoomResult,
}

impl MatchBoard {
    pub fn scores(&self) -> BoardScores {
        BoardScores {
            board: self.number,
            open_ns: self.open.score_ns,
            closed_ns: self.closed.score_ns,
        }
    }
}

/// A match read from a file: the teams' names when given, and its boards in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamMatch {
    pub home: Option<String>,
    pub visit: Option<String>,
    pub boards: Vec<MatchBoard>,
}

impl TeamMatch {
    pub fn scores(&self) -> Vec<BoardScores> {
        self.boards.iter().map(MatchBoard::scores).collect()
    }
}

/// How a match's IMP margin becomes victory points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VpScale {
    /// The WBF 2013 continuous 20-point scale for the match's number of boards.
    Wbf2013,
    /// A discrete scale with a published table.
    Discrete(&'static vp::DiscreteScale),
}

/// A scored match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchScore {
    /// Each board: (board, home net score, IMPs to the home team).
    pub boards: Vec<(u32, i32, i32)>,
    /// IMPs won by each team (the sum of its boards' swings).
    pub imps_home: u32,
    pub imps_visit: u32,
    /// Victory points (hundredths for the WBF scale; whole VPs times 100 for a discrete one).
    pub vp_home: Vp,
    pub vp_visit: Vp,
    /// Board-a-match points in halves.
    pub bam_home: u32,
    pub bam_visit: u32,
}

impl MatchScore {
    /// The home team's IMP margin (negative when it lost).
    pub fn margin(&self) -> i64 {
        i64::from(self.imps_home) - i64::from(self.imps_visit)
    }
}

/// VPs of a margin on a scale, for a match of `boards` boards: (home, visitors).
pub fn vps(scale: VpScale, boards: u32, margin_home: i64) -> (Vp, Vp) {
    let m = u32::try_from(margin_home.unsigned_abs()).unwrap_or(u32::MAX);
    let (w, l) = match scale {
        VpScale::Wbf2013 => vp::wbf2013(boards, m),
        VpScale::Discrete(s) => {
            let (w, l) = s.vp(m);
            // A 30-point scale's winner may score above 20.
            let h = |v: u16| Vp::on_scale(v.saturating_mul(100)).unwrap_or(Vp::MAX);
            (h(w), h(l))
        }
    };
    if margin_home >= 0 {
        (w, l)
    } else {
        (l, w)
    }
}

/// Scores a match from its boards.
pub fn score_match(boards: &[BoardScores], scale: VpScale) -> MatchScore {
    let mut m = MatchScore {
        boards: Vec::with_capacity(boards.len()),
        imps_home: 0,
        imps_visit: 0,
        vp_home: Vp::HALF,
        vp_visit: Vp::HALF,
        bam_home: 0,
        bam_visit: 0,
    };
    for b in boards {
        let i = b.imps_home();
        m.boards.push((b.board, b.net_home(), i));
        if i > 0 {
            m.imps_home += i as u32;
        } else {
            m.imps_visit += (-i) as u32;
        }
        let (h, v) = b.bam_halves();
        m.bam_home += h;
        m.bam_visit += v;
    }
    (m.vp_home, m.vp_visit) = vps(scale, boards.len() as u32, m.margin());
    m
}

/// Patton (a club teams-of-four evening): each team's board-a-match points (1 a board won,
/// ½ a tie) plus the VPs of the match's IMP margin, as exact values.
pub fn patton(m: &MatchScore) -> (Ratio, Ratio) {
    let bam = |h: u32| Ratio::new(i128::from(h), 2);
    (
        bam(m.bam_home) + m.vp_home.to_ratio(),
        bam(m.bam_visit) + m.vp_visit.to_ratio(),
    )
}

/// A knock-out match: the carry-over (IMPs, possibly fractional) given to the home team
/// before play (negative: to the visitors), added to the IMPs won at the table. The winner
/// has more IMPs in all; `None` is a tie, to be broken as the conditions of contest say
/// (extra boards).
pub fn knockout(m: &MatchScore, carry_over_home: Ratio) -> (Ratio, Ratio, Option<Side>) {
    let (mut home, mut visit) = (
        Ratio::from_int(i64::from(m.imps_home)),
        Ratio::from_int(i64::from(m.imps_visit)),
    );
    if carry_over_home >= Ratio::ZERO {
        home += carry_over_home;
    } else {
        visit += -carry_over_home;
    }
    let winner = match home.cmp(&visit) {
        std::cmp::Ordering::Greater => Some(Side::Home),
        std::cmp::Ordering::Less => Some(Side::Visit),
        std::cmp::Ordering::Equal => None,
    };
    (home, visit, winner)
}

/// The carry-over into a knock-out match from the two teams' earlier match: a fraction of
/// that match's IMP margin, at most `cap` IMPs (the conditions of contest set both, e.g.
/// one third, no cap). Positive to the team that won the earlier match.
pub fn carry_over(earlier_margin: i64, fraction: Ratio, cap: Option<Ratio>) -> Ratio {
    let c = Ratio::from_int(earlier_margin) * fraction;
    match cap {
        Some(cap) if c > cap => cap,
        Some(cap) if c < -cap => -cap,
        _ => c,
    }
}

/// Home or visiting team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Home,
    Visit,
}

/// A match of a round: home team and visitors, or a bye (`visit` is `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub home: TeamId,
    pub visit: Option<TeamId>,
}

/// A round robin of `teams` teams (numbered 1..=teams) by the circle method: team `teams`
/// (or a bye, for an odd number) stays while the others turn one place a round; every team
/// meets every other once in teams − 1 rounds (teams rounds for an odd number, each team
/// having one bye), home and away alternating for the fixed team.
pub fn round_robin(teams: u32) -> Vec<Vec<Pairing>> {
    if teams < 2 {
        return Vec::new();
    }
    let n = teams + teams % 2;
    let slot = |t: u32| (t <= teams).then_some(t);
    let mut rounds = Vec::new();
    for r in 0..n - 1 {
        let mut round = Vec::new();
        // The fixed place n meets the team at place r + 1.
        let turning = |k: u32| (r + k) % (n - 1) + 1;
        let (a, b) = (turning(0), n);
        let (home, visit) = if r % 2 == 0 { (a, b) } else { (b, a) };
        round.push((slot(home), slot(visit)));
        for k in 1..n / 2 {
            round.push((slot(turning(k)), slot(turning(n - 1 - k))));
        }
        rounds.push(
            round
                .into_iter()
                .filter_map(|(h, v)| match (h, v) {
                    (Some(h), v) => Some(Pairing { home: h, visit: v }),
                    (None, Some(v)) => Some(Pairing {
                        home: v,
                        visit: None,
                    }),
                    (None, None) => None,
                })
                .collect(),
        );
    }
    rounds
}

/// A played match between two teams, as the standings see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchResult {
    pub home: TeamId,
    pub visit: TeamId,
    pub imps_home: u32,
    pub imps_visit: u32,
    pub vp_home: Vp,
    pub vp_visit: Vp,
}

/// A bye: the VPs the conditions of contest give (often 12 of 20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bye {
    pub team: TeamId,
    pub vp: Vp,
}

/// Tie-breaks after the VP total, in the order the conditions of contest list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// VPs won in the matches among the tied teams (when each has met all the others).
    HeadToHead,
    /// IMPs won divided by IMPs lost over all matches.
    ImpQuotient,
    /// IMPs won minus IMPs lost.
    ImpDifference,
    /// The EBU's "tie-break points" (formerly "Swiss points"): the final VP totals of every
    /// opponent the team met at the table, added up (a bye is no opponent).
    OpponentsVp,
}

/// The conditions of contest's order of tie-breaks, one setting of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreakRule {
    /// The WBF's General Conditions of Contest: the VPs of the matches between the tied teams,
    /// then the IMP quotient.
    #[default]
    Wbf,
    /// The EBU's White Book (§143.7.1, the split tie procedure English clubs' Swiss events
    /// follow): the result of the match between the tied contestants, then tie-break points
    /// (the opponents' VPs), then the IMP difference over every board.
    Ebu,
}

impl TieBreakRule {
    pub const ALL: [TieBreakRule; 2] = [TieBreakRule::Wbf, TieBreakRule::Ebu];

    /// The tie-breaks after the VP total, in order.
    pub const fn tie_breaks(self) -> &'static [TieBreak] {
        match self {
            TieBreakRule::Wbf => &[TieBreak::HeadToHead, TieBreak::ImpQuotient],
            TieBreakRule::Ebu => &[
                TieBreak::HeadToHead,
                TieBreak::OpponentsVp,
                TieBreak::ImpDifference,
            ],
        }
    }

    /// The rule's code in files, forms and the API (`wbf`, `ebu`).
    pub const fn code(self) -> &'static str {
        match self {
            TieBreakRule::Wbf => "wbf",
            TieBreakRule::Ebu => "ebu",
        }
    }
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStanding {
    pub team: TeamId,
    /// 1-based place; tied teams share the best place.
    pub place: u32,
    pub tied: bool,
    /// VPs in hundredths.
    pub vp: u32,
    pub imps_won: u32,
    pub imps_lost: u32,
    pub matches: u32,
}

impl TeamStanding {
    /// IMPs won ÷ IMPs lost (`None` when no IMP was lost).
    pub fn imp_quotient(&self) -> Option<Ratio> {
        (self.imps_lost > 0)
            .then(|| Ratio::new(i128::from(self.imps_won), i128::from(self.imps_lost)))
    }

    pub fn vp(&self) -> Ratio {
        Ratio::new(i128::from(self.vp), 100)
    }
}

/// Standings: VP total (exact hundredths), then the tie-breaks in order; teams still equal
/// share the place.
pub fn standings(
    teams: &[TeamId],
    matches: &[MatchResult],
    byes: &[Bye],
    tie_breaks: &[TieBreak],
) -> Vec<TeamStanding> {
    let mut rows: BTreeMap<TeamId, TeamStanding> = teams
        .iter()
        .map(|&t| {
            (
                t,
                TeamStanding {
                    team: t,
                    place: 0,
                    tied: false,
                    vp: 0,
                    imps_won: 0,
                    imps_lost: 0,
                    matches: 0,
                },
            )
        })
        .collect();
    for m in matches {
        for (t, won, lost, v) in [
            (m.home, m.imps_home, m.imps_visit, m.vp_home),
            (m.visit, m.imps_visit, m.imps_home, m.vp_visit),
        ] {
            if let Some(r) = rows.get_mut(&t) {
                r.vp += u32::from(v.hundredths());
                r.imps_won += won;
                r.imps_lost += lost;
                r.matches += 1;
            }
        }
    }
    for b in byes {
        if let Some(r) = rows.get_mut(&b.team) {
            r.vp += u32::from(b.vp.hundredths());
        }
    }
    let totals: BTreeMap<TeamId, u32> = rows.iter().map(|(&t, r)| (t, r.vp)).collect();
    let mut list: Vec<TeamStanding> = rows.into_values().collect();
    list.sort_by(|a, b| b.vp.cmp(&a.vp).then(a.team.cmp(&b.team)));
    // Break each group of equal VP totals.
    let mut ranked: Vec<(TeamStanding, Vec<Ratio>)> = Vec::new();
    let mut i = 0;
    while i < list.len() {
        let j = i + list[i..].iter().take_while(|r| r.vp == list[i].vp).count();
        let group: BTreeSet<TeamId> = list[i..j].iter().map(|r| r.team).collect();
        let mut keyed: Vec<(TeamStanding, Vec<Ratio>)> = list[i..j]
            .iter()
            .map(|r| (r.clone(), tie_keys(r, &group, &totals, matches, tie_breaks)))
            .collect();
        keyed.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.team.cmp(&b.0.team)));
        ranked.extend(keyed);
        i = j;
    }
    let mut out: Vec<TeamStanding> = Vec::with_capacity(ranked.len());
    for k in 0..ranked.len() {
        let same =
            |a: usize, b: usize| ranked[a].0.vp == ranked[b].0.vp && ranked[a].1 == ranked[b].1;
        let mut row = ranked[k].0.clone();
        row.place = if k > 0 && same(k, k - 1) {
            out[k - 1].place
        } else {
            k as u32 + 1
        };
        row.tied = (k > 0 && same(k, k - 1)) || (k + 1 < ranked.len() && same(k, k + 1));
        out.push(row);
    }
    out
}

/// The tie-break values of a team among the `group` of teams with its VP total; larger
/// is better. A criterion that cannot apply (head-to-head when the tied teams have not all
/// met; a quotient with no IMP lost) is the same for every team of the group, so it does
/// not separate them — except a quotient with no IMP lost, which beats any other.
fn tie_keys(
    r: &TeamStanding,
    group: &BTreeSet<TeamId>,
    totals: &BTreeMap<TeamId, u32>,
    matches: &[MatchResult],
    tie_breaks: &[TieBreak],
) -> Vec<Ratio> {
    tie_breaks
        .iter()
        .map(|tb| match tb {
            TieBreak::HeadToHead => {
                let among: Vec<&MatchResult> = matches
                    .iter()
                    .filter(|m| group.contains(&m.home) && group.contains(&m.visit))
                    .collect();
                let all_met = group.iter().all(|&a| {
                    group.iter().all(|&b| {
                        a == b
                            || among.iter().any(|m| {
                                (m.home == a && m.visit == b) || (m.home == b && m.visit == a)
                            })
                    })
                });
                if group.len() < 2 || !all_met {
                    return Ratio::ZERO;
                }
                let v: u32 = among
                    .iter()
                    .map(|m| {
                        if m.home == r.team {
                            u32::from(m.vp_home.hundredths())
                        } else if m.visit == r.team {
                            u32::from(m.vp_visit.hundredths())
                        } else {
                            0
                        }
                    })
                    .sum();
                Ratio::new(i128::from(v), 100)
            }
            TieBreak::ImpQuotient => r
                .imp_quotient()
                .unwrap_or(Ratio::from_int(i64::from(u32::MAX))),
            TieBreak::ImpDifference => {
                Ratio::from_int(i64::from(r.imps_won) - i64::from(r.imps_lost))
            }
            TieBreak::OpponentsVp => {
                // Each match counts its opponent once (met twice, counted twice).
                let v: u64 = matches
                    .iter()
                    .filter_map(|m| {
                        if m.home == r.team {
                            Some(m.visit)
                        } else if m.visit == r.team {
                            Some(m.home)
                        } else {
                            None
                        }
                    })
                    .map(|o| u64::from(totals.get(&o).copied().unwrap_or(0)))
                    .sum();
                Ratio::new(i128::from(v), 100)
            }
        })
        .collect()
}

/// A Swiss round's draw: the matches (higher-ranked team first) and the team with a bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissRound {
    pub pairs: Vec<(TeamId, TeamId)>,
    pub bye: Option<TeamId>,
}

/// Swiss teams pairing for the next round: teams ranked by the standings (best first), each
/// unpaired team in turn meets the highest-ranked team below it it has not met yet; where
/// that leaves teams that can only meet again, the pairing backs up and takes the next
/// opponent (the first valid pairing in rank order). With an odd number of teams the
/// lowest-ranked team that has not had a bye sits out. `None` when every pairing would
/// repeat a match.
pub fn swiss_pairing(
    ranked: &[TeamId],
    met: &BTreeSet<(TeamId, TeamId)>,
    had_bye: &BTreeSet<TeamId>,
) -> Option<SwissRound> {
    let have_met = |a: TeamId, b: TeamId| met.contains(&(a, b)) || met.contains(&(b, a));
    let candidates_for_bye: Vec<Option<TeamId>> = if ranked.len() % 2 == 1 {
        ranked
            .iter()
            .rev()
            .filter(|t| !had_bye.contains(t))
            .map(|&t| Some(t))
            .collect()
    } else {
        vec![None]
    };
    for bye in candidates_for_bye {
        let rest: Vec<TeamId> = ranked.iter().copied().filter(|&t| Some(t) != bye).collect();
        let mut used = vec![false; rest.len()];
        let mut pairs = Vec::new();
        if pair_from(&rest, &mut used, &mut pairs, &have_met) {
            return Some(SwissRound { pairs, bye });
        }
    }
    None
}

fn pair_from(
    rest: &[TeamId],
    used: &mut [bool],
    pairs: &mut Vec<(TeamId, TeamId)>,
    have_met: &dyn Fn(TeamId, TeamId) -> bool,
) -> bool {
    let Some(i) = used.iter().position(|u| !u) else {
        return true;
    };
    used[i] = true;
    for j in i + 1..rest.len() {
        if used[j] || have_met(rest[i], rest[j]) {
            continue;
        }
        used[j] = true;
        pairs.push((rest[i], rest[j]));
        if pair_from(rest, used, pairs, have_met) {
            return true;
        }
        pairs.pop();
        used[j] = false;
    }
    used[i] = false;
    false
}

/// Places by a points total (board-a-match, Patton: the points are the ranking), best first;
/// equal totals share the place (`tied`). Returns (team, place, tied) in ranking order, teams
/// with equal totals by number.
pub fn rank_by_points(totals: &[(TeamId, Ratio)]) -> Vec<(TeamId, u32, bool)> {
    let mut list = totals.to_vec();
    list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut out: Vec<(TeamId, u32, bool)> = Vec::with_capacity(list.len());
    for (k, &(team, points)) in list.iter().enumerate() {
        let with_previous = k > 0 && list[k - 1].1 == points;
        let with_next = k + 1 < list.len() && list[k + 1].1 == points;
        let place = if with_previous {
            out[k - 1].1
        } else {
            k as u32 + 1
        };
        out.push((team, place, with_previous || with_next));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_point_scales_give_the_winner_above_twenty() {
        let s = vp::discrete_scale("acbl30-9-11").unwrap();
        let vp = |m| {
            let (h, v) = vps(VpScale::Discrete(s), 10, m);
            (h.to_string(), v.to_string())
        };
        assert_eq!(vp(100), ("30.00".into(), "0.00".into()));
        assert_eq!(vp(-4), ("10.00".into(), "20.00".into()));
        assert_eq!(vp(4), ("20.00".into(), "10.00".into()));
    }

    #[test]
    fn round_robin_meets_everyone_once() {
        for n in 2..=12 {
            let rounds = round_robin(n);
            let mut met = BTreeSet::new();
            for round in &rounds {
                let mut seen = BTreeSet::new();
                for p in round {
                    assert!(seen.insert(p.home), "{n}: team twice in a round");
                    if let Some(v) = p.visit {
                        assert!(seen.insert(v));
                        assert!(met.insert((p.home.min(v), p.home.max(v))), "{n}: rematch");
                    }
                }
                assert_eq!(seen.len() as u32, n);
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2);
            assert_eq!(rounds.len() as u32, if n % 2 == 0 { n - 1 } else { n });
        }
    }

    #[test]
    fn swiss_avoids_rematches() {
        // 1-2 met already: 1 plays 3 and 2 plays 4.
        let met: BTreeSet<_> = [(1, 2)].into_iter().collect();
        let r = swiss_pairing(&[1, 2, 3, 4], &met, &BTreeSet::new()).unwrap();
        assert_eq!(r.pairs, vec![(1, 3), (2, 4)]);
        assert_eq!(r.bye, None);
        // 1-3 and 2-4 also met: backs up to 1-4, 2-3.
        let met: BTreeSet<_> = [(1, 2), (1, 3), (2, 4)].into_iter().collect();
        let r = swiss_pairing(&[1, 2, 3, 4], &met, &BTreeSet::new()).unwrap();
        assert_eq!(r.pairs, vec![(1, 4), (2, 3)]);
        // Odd: the lowest team without a bye sits out.
        let had: BTreeSet<_> = [5].into_iter().collect();
        let r = swiss_pairing(&[1, 2, 3, 4, 5], &BTreeSet::new(), &had).unwrap();
        assert_eq!(r.bye, Some(4));
        assert_eq!(r.pairs, vec![(1, 2), (3, 5)]);
        // Everyone met everyone.
        let all: BTreeSet<_> = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
            .into_iter()
            .collect();
        assert!(swiss_pairing(&[1, 2, 3, 4], &all, &BTreeSet::new()).is_none());
    }

    fn played(home: TeamId, visit: TeamId, ih: u32, iv: u32, boards: u32) -> MatchResult {
        let (vh, vv) = vps(VpScale::Wbf2013, boards, i64::from(ih) - i64::from(iv));
        MatchResult {
            home,
            visit,
            imps_home: ih,
            imps_visit: iv,
            vp_home: vh,
            vp_visit: vv,
        }
    }

    #[test]
    fn standings_with_tie_breaks() {
        let tb = [TieBreak::HeadToHead, TieBreak::ImpQuotient];
        // A cycle: 2 beats 1, 1 beats 3, 3 beats 2, each by 10 IMPs (50 won, 50 lost):
        // equal VPs, equal head to head, equal quotients: a three-way tie for first.
        let m = [
            played(1, 2, 20, 30, 8),
            played(1, 3, 30, 20, 8),
            played(2, 3, 20, 30, 8),
        ];
        let rows = standings(&[1, 2, 3], &m, &[], &tb);
        assert!(rows.iter().all(|r| r.place == 1 && r.tied), "{rows:?}");
        // 1 and 2 each win one match and lose one by 10 IMPs (equal VPs); 2 won their
        // match, so 2 is ahead. 3 (a draw and a win) leads, 4 (a draw and a loss) is last.
        let m = [
            played(1, 2, 20, 30, 8),
            played(3, 4, 10, 10, 8),
            played(1, 4, 40, 30, 8),
            played(2, 3, 30, 40, 8),
        ];
        let rows = standings(&[1, 2, 3, 4], &m, &[], &tb);
        let order: Vec<(TeamId, u32, bool)> =
            rows.iter().map(|r| (r.team, r.place, r.tied)).collect();
        assert_eq!(
            order,
            [(3, 1, false), (2, 2, false), (1, 3, false), (4, 4, false)]
        );
        // Without head to head, the IMP quotients (1: 60/60, 2: 60/60) leave them tied.
        let rows = standings(&[1, 2, 3, 4], &m, &[], &[TieBreak::ImpQuotient]);
        let order: Vec<(TeamId, u32)> = rows.iter().map(|r| (r.team, r.place)).collect();
        assert_eq!(order, [(3, 1), (1, 2), (2, 2), (4, 4)]);
    }

    /// A match with VPs given by hand (home, visitors, home's IMPs won and lost, home's VPs).
    fn given(home: TeamId, visit: TeamId, ih: u32, iv: u32, vp_home: u16) -> MatchResult {
        MatchResult {
            home,
            visit,
            imps_home: ih,
            imps_visit: iv,
            vp_home: Vp::from_hundredths(vp_home * 100).unwrap(),
            vp_visit: Vp::from_hundredths(2000 - vp_home * 100).unwrap(),
        }
    }

    #[test]
    fn the_wbf_and_ebu_rules_break_the_same_ties_differently() {
        // Six pairs, two rounds (a Swiss: 1-2, 3-4, 5-6, then 1-3, 2-5, 4-6).
        let m = [
            given(1, 2, 15, 5, 13),
            given(3, 4, 6, 6, 10),
            given(5, 6, 30, 5, 16),
            given(1, 3, 8, 4, 13),
            given(2, 5, 10, 10, 10),
            given(4, 6, 9, 4, 12),
        ];
        // VPs: 1 = 13 + 13 = 26, 5 = 16 + 10 = 26, 4 = 10 + 12 = 22, 2 = 7 + 10 = 17,
        // 3 = 10 + 7 = 17, 6 = 4 + 8 = 12. Two ties: {1, 5} and {2, 3}, none of them met.
        // IMPs: 1 won 15 + 8 = 23, lost 5 + 4 = 9 (quotient 2.56, difference +14);
        // 5: 40 and 15 (2.67, +25); 2: 15 and 25 (0.60, −10); 3: 10 and 14 (0.71, −4).
        // Opponents' VPs: 1 met 2 and 3, 17 + 17 = 34; 5 met 6 and 2, 12 + 17 = 29;
        // 2 met 1 and 5, 26 + 26 = 52; 3 met 4 and 1, 22 + 26 = 48.
        let order = |rule: TieBreakRule| -> Vec<(TeamId, u32)> {
            standings(&[1, 2, 3, 4, 5, 6], &m, &[], rule.tie_breaks())
                .iter()
                .map(|r| (r.team, r.place))
                .collect()
        };
        // WBF: the quotients put 5 before 1 and 3 before 2.
        assert_eq!(
            order(TieBreakRule::Wbf),
            [(5, 1), (1, 2), (4, 3), (3, 4), (2, 5), (6, 6)]
        );
        // EBU: the opponents' VPs put 1 before 5 and 2 before 3.
        assert_eq!(
            order(TieBreakRule::Ebu),
            [(1, 1), (5, 2), (4, 3), (2, 4), (3, 5), (6, 6)]
        );
        // The IMP difference alone agrees with the quotients here (+25 > +14, −4 > −10).
        let rows = standings(&[1, 2, 3, 4, 5, 6], &m, &[], &[TieBreak::ImpDifference]);
        let first: Vec<TeamId> = rows.iter().map(|r| r.team).collect();
        assert_eq!(first, [5, 1, 4, 3, 2, 6]);
        assert_eq!(TieBreakRule::Ebu.code(), "ebu");
    }

    #[test]
    fn knockout_with_carry_over() {
        let boards = [BoardScores {
            board: 1,
            open_ns: 620,
            closed_ns: 170,
        }];
        let m = score_match(&boards, VpScale::Wbf2013);
        assert_eq!(m.imps_home, 10);
        // One third of a 40-IMP earlier defeat: 13 1/3 to the visitors.
        let c = carry_over(-40, Ratio::new(1, 3), None);
        let (home, visit, winner) = knockout(&m, c);
        assert_eq!((home, visit), (Ratio::from_int(10), Ratio::new(40, 3)));
        assert_eq!(winner, Some(Side::Visit));
        assert_eq!(
            carry_over(-40, Ratio::new(1, 2), Some(Ratio::from_int(15))),
            Ratio::from_int(-15)
        );
    }

    #[test]
    fn board_a_match_and_patton() {
        let boards = [
            BoardScores {
                board: 1,
                open_ns: 420,
                closed_ns: 420,
            },
            BoardScores {
                board: 2,
                open_ns: 450,
                closed_ns: 420,
            },
            BoardScores {
                board: 3,
                open_ns: -100,
                closed_ns: 140,
            },
        ];
        let m = score_match(&boards, VpScale::Wbf2013);
        // Board 1 tied, board 2 won by 30 (1 IMP), board 3 lost by 240 (6 IMPs).
        assert_eq!((m.bam_home, m.bam_visit), (3, 3));
        assert_eq!((m.imps_home, m.imps_visit), (1, 6));
        let (h, v) = patton(&m);
        assert_eq!(h + v, Ratio::from_int(23));
        assert_eq!(h, Ratio::new(3, 2) + m.vp_home.to_ratio());
    }

    #[test]
    fn points_share_places() {
        let r = rank_by_points(&[
            (1, Ratio::new(7, 2)),
            (2, Ratio::from_int(5)),
            (3, Ratio::new(7, 2)),
            (4, Ratio::ZERO),
        ]);
        assert_eq!(
            r,
            vec![(2, 1, false), (1, 2, true), (3, 2, true), (4, 4, false)]
        );
    }
}
