//! The ranks a file records (TRF `001`, columns 86-89) checked against the standings its own
//! tie-break list gives (`212`, else `202`): the order is compared, not the rank numbers, and
//! players the criteria leave level may come in any order. A criterion this crate does not
//! know is reported as unchecked, with those after it (they break ties it would have broken
//! first), and the order is checked on the criteria before it.

use tournament::{PlayerId, Tournament};

use crate::spec::{Code, TieBreak};
use crate::standings::{standings, Options};
use crate::Error;

/// What the rank check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankCheck {
    /// The criteria applied after the points, as the rules spell them.
    pub applied: Vec<String>,
    /// The criteria not applied: the first one unknown here and every one after it, as written.
    pub unchecked: Vec<String>,
    /// Players with a recorded rank (the others are not compared).
    pub ranked: usize,
    /// One objection per player recorded ahead of (or level with) someone the criteria put
    /// strictly ahead of them.
    pub objections: Vec<RankObjection>,
}

/// Two players whose recorded ranks contradict the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankObjection {
    /// The player the criteria put strictly ahead, and the rank the file records.
    pub ahead: PlayerId,
    pub ahead_rank: u32,
    /// The player recorded at that rank or better, and the rank the file records.
    pub behind: PlayerId,
    pub behind_rank: u32,
    /// The criterion that separates them (`PTS` for the points), as the rules spell it.
    pub criterion: String,
    /// Where the rules say so: C.07 4.2 (the ordering procedure) and the criterion's article.
    pub article: String,
}

/// Checks the recorded ranks of `t` against the standings of `list` (a `202`/`212` text:
/// codes separated by commas, spaces or semicolons; `PTS` may lead).
///
/// ```
/// use tiebreak::{check_ranks, Options};
/// use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
/// let game = |opp, color, result| Entry::Played { opponent: PlayerId(opp), color, result, rated: true };
/// let mut t = Tournament::default();
/// t.players = vec![
///     Player { id: PlayerId(1), rank: Some(2), rounds: vec![game(2, Color::White, GameResult::Win)], ..Player::default() },
///     Player { id: PlayerId(2), rank: Some(1), rounds: vec![game(1, Color::Black, GameResult::Loss)], ..Player::default() },
/// ];
/// let found = check_ranks(&t, "PTS,BH,XYZ,SB", &Options::default()).unwrap();
/// assert_eq!((found.applied.as_slice(), found.unchecked.as_slice()), (&["BH".to_string()][..], &["XYZ".to_string(), "SB".to_string()][..]));
/// assert_eq!(found.objections[0].ahead, PlayerId(1));
/// assert_eq!(found.objections[0].article, "C.07 4.2");
/// ```
pub fn check_ranks(t: &Tournament, list: &str, options: &Options) -> Result<RankCheck, Error> {
    let items: Vec<&str> = list
        .split([',', ' ', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let mut applied: Vec<TieBreak> = Vec::new();
    let mut unchecked = Vec::new();
    for (k, item) in items.iter().enumerate() {
        match item.parse::<TieBreak>() {
            // The points come first in any case (4.2); a `PTS` in the list adds nothing.
            Ok(tb) if tb.code == Code::Points => {}
            Ok(tb) => applied.push(tb),
            Err(_) => {
                unchecked = items[k..].iter().map(|s| s.to_string()).collect();
                break;
            }
        }
    }
    let s = standings(t, &applied, options)?;
    let recorded = |id: PlayerId| t.player(id).and_then(|p| p.rank);
    let ranked = s.rows.iter().filter(|r| recorded(r.id).is_some()).count();
    let mut objections = Vec::new();
    // The worst recorded rank among the players of earlier places, with its row.
    let mut worst_before: Option<(u32, usize)> = None;
    let mut k = 0;
    while k < s.rows.len() {
        let place = s.rows[k].rank;
        let end = (k..s.rows.len())
            .find(|&j| s.rows[j].rank != place)
            .unwrap_or(s.rows.len());
        for row in &s.rows[k..end] {
            let (Some(mine), Some((theirs, at))) = (recorded(row.id), worst_before) else {
                continue;
            };
            if mine <= theirs {
                let ahead = &s.rows[at];
                let (criterion, article) = separating(ahead, row, &applied);
                objections.push(RankObjection {
                    ahead: ahead.id,
                    ahead_rank: theirs,
                    behind: row.id,
                    behind_rank: mine,
                    criterion,
                    article,
                });
            }
        }
        for (j, row) in s.rows.iter().enumerate().take(end).skip(k) {
            if let Some(mine) = recorded(row.id) {
                if worst_before.is_none_or(|(w, _)| mine > w) {
                    worst_before = Some((mine, j));
                }
            }
        }
        k = end;
    }
    Ok(RankCheck {
        applied: applied.iter().map(ToString::to_string).collect(),
        unchecked,
        ranked,
        objections,
    })
}

/// The first criterion on which two rows of different places differ, and its articles.
fn separating(a: &crate::Row, b: &crate::Row, list: &[TieBreak]) -> (String, String) {
    if a.points != b.points {
        return ("PTS".to_string(), "C.07 4.2".to_string());
    }
    let at = (0..list.len())
        .find(|&i| a.values.get(i) != b.values.get(i))
        .unwrap_or(list.len().saturating_sub(1));
    match list.get(at) {
        Some(tb) => {
            let article = match tb.code.article() {
                Some(art) => format!("C.07 4.2, {art}"),
                None => "C.07 4.2".to_string(),
            };
            (tb.to_string(), article)
        }
        None => ("PTS".to_string(), "C.07 4.2".to_string()),
    }
}
