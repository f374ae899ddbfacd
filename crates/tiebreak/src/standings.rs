//! Standings: players ranked by points, then by each tie-break in turn inside the groups that
//! are still tied (C.07 4.2), with shared places when the list is exhausted.
//!
//! ```
//! use tiebreak::{standings, Options, TieBreak};
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Points, Tournament};
//! let game = |opp, color, result| Entry::Played { opponent: PlayerId(opp), color, result, rated: true };
//! let mut t = Tournament::default();
//! for (id, e) in [(1, game(2, Color::White, GameResult::Win)), (2, game(1, Color::Black, GameResult::Loss))] {
//!     t.players.push(Player { id: PlayerId(id), name: format!("P{id}"), rounds: vec![e], ..Player::default() });
//! }
//! let list: Vec<TieBreak> = vec!["BH".parse().unwrap()];
//! let s = standings(&t, &list, &Options::default()).unwrap();
//! assert_eq!(s.rows[0].id, PlayerId(1));
//! assert_eq!(s.rows[0].points, Points::ONE);
//! ```

use std::cmp::Ordering;
use std::rc::Rc;

use tournament::{PlayerId, Points, Tournament};

use crate::compute::Computer;
use crate::context::{Context, Grid, IdIndex};
use crate::direct;
use crate::spec::{Code, Edition, TieBreak, UnratedRule};
use crate::value::Value;
use crate::Error;

/// Whether the event is a Swiss or has pre-determined pairings (C.07 15.2–15.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EventFormat {
    /// From the header (`092`/`192`), else from the games: everybody scheduled against
    /// everybody is a round robin.
    #[default]
    Auto,
    Swiss,
    RoundRobin,
}

/// How to compute standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// The rule edition; `None` chooses the one in force at the start date (2026 without one).
    pub edition: Option<Edition>,
    pub format: EventFormat,
    /// The rating of unrated players for tie-breaks without their own `/U`.
    pub unrated: UnratedRule,
}

impl Options {
    /// The edition that applies to `t`.
    pub fn edition_for(&self, t: &Tournament) -> Edition {
        self.edition.unwrap_or_else(|| match t.header.start_ymd() {
            Some((y, m, d)) => Edition::in_force_on(y, m, d),
            None => Edition::C07_2026,
        })
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The place, 1 first; players sharing a place have the same `rank`.
    pub rank: u32,
    /// The last place of a shared range (`rank` when the place is not shared).
    pub rank_to: u32,
    pub id: PlayerId,
    pub name: String,
    pub points: Points,
    /// One value per tie-break, in the order given; `None` where it is undefined (rating
    /// tie-breaks without ratings, averages over no game).
    pub values: Vec<Option<Value>>,
}

/// The ranked players and the list that ranked them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    pub edition: Edition,
    pub tiebreaks: Vec<TieBreak>,
    pub rows: Vec<Row>,
}

/// Builds and caches the per-edition contexts of one tournament.
struct Engine<'t> {
    t: &'t Tournament,
    options: Options,
    edition: Edition,
    round_robin: bool,
    grid: Rc<Grid>,
    contexts: Vec<((Edition, bool), Context)>,
}

impl<'t> Engine<'t> {
    fn new(t: &'t Tournament, options: &Options) -> Result<Engine<'t>, Error> {
        let index = IdIndex::build(t)?;
        let grid = Rc::new(Grid::build(t, &index)?);
        let round_robin = match options.format {
            EventFormat::Swiss => false,
            EventFormat::RoundRobin => true,
            EventFormat::Auto => detect_round_robin(t, &grid),
        };
        Ok(Engine {
            t,
            options: *options,
            edition: options.edition_for(t),
            round_robin,
            grid,
            contexts: Vec::new(),
        })
    }

    fn context(&mut self, edition: Edition, fore: bool) -> &Context {
        let key = (edition, fore);
        let at = match self.contexts.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                let grid = if fore {
                    Rc::new(self.grid.with_final_round_drawn())
                } else {
                    Rc::clone(&self.grid)
                };
                self.contexts
                    .push((key, Context::new(grid, edition, self.round_robin)));
                self.contexts.len() - 1
            }
        };
        &self.contexts[at].1
    }

    fn values(&mut self, tb: &TieBreak) -> Vec<Option<Value>> {
        let edition = tb.edition.unwrap_or(self.edition);
        let fore = tb.code == Code::ForeBuchholz;
        let unrated = tb.unrated.unwrap_or(self.options.unrated);
        let t = self.t;
        let ctx = self.context(edition, fore);
        let ratings = if tb.code.uses_ratings() {
            Computer::ratings(t, ctx, unrated)
        } else {
            None
        };
        Computer { t, ctx, ratings }.values(tb)
    }
}

/// True when `t` is a round robin under `format`: as given, or for `Auto` from the header
/// (`092`/`192`), else when everybody was scheduled against everybody else.
pub fn is_round_robin(t: &Tournament, format: EventFormat) -> Result<bool, Error> {
    Ok(match format {
        EventFormat::Swiss => false,
        EventFormat::RoundRobin => true,
        EventFormat::Auto => detect_round_robin(t, &Grid::build(t, &IdIndex::build(t)?)?),
    })
}

/// True when the header says round robin, or (no word either way) everybody was scheduled
/// against everybody else.
fn detect_round_robin(t: &Tournament, grid: &Grid) -> bool {
    if let Some(said) = t.header.says_round_robin() {
        return said;
    }
    let n = grid.n;
    if n < 3 || grid.rounds + 1 < n {
        return false;
    }
    let mut seen = vec![false; n];
    (0..n).all(|i| {
        seen.iter_mut().for_each(|s| *s = false);
        let mut count = 0;
        for r in 0..grid.rounds {
            if let Some(j) = grid.opponent(i, r) {
                if !seen[j] && j != i {
                    seen[j] = true;
                    count += 1;
                }
            }
        }
        count == n - 1
    })
}

/// The values of each tie-break for every player, in the order of `t.players`. DE is the
/// place within the group tied on points (1 first, 0 when DE separates nobody), as FIDE's
/// tie-break software reports it.
pub fn tiebreak_values(
    t: &Tournament,
    tiebreaks: &[TieBreak],
    options: &Options,
) -> Result<Vec<Vec<Option<Value>>>, Error> {
    let mut engine = Engine::new(t, options)?;
    let mut out = Vec::with_capacity(tiebreaks.len());
    for tb in tiebreaks {
        if tb.code == Code::DirectEncounter {
            let s = rank(&mut engine, std::slice::from_ref(tb))?;
            let mut v = vec![None; t.players.len()];
            for (row, &i) in s.1.iter().zip(&s.0) {
                v[i] = row.values[0];
            }
            out.push(v);
        } else {
            out.push(engine.values(tb));
        }
    }
    Ok(out)
}

/// Every player's performance rating, in the order of `t.players`, for a column shown beside
/// the standings (it ranks nobody): TPR as the tie-break computes it (C.07 10.2, ARO + dp over
/// the games played over the board, with the edition's rules for forfeits and byes), except
/// that games against unrated opponents are left out rather than the whole column dropped
/// (Art. 10 preamble), unless `options.unrated` rates them. `None` for a player with no such
/// game.
///
/// ```
/// use tiebreak::{performance_ratings, Options};
/// use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
/// let game = |opp, color, result| Entry::Played { opponent: PlayerId(opp), color, result, rated: true };
/// let p = |id, rating, rounds| Player { id: PlayerId(id), rating, rounds, ..Player::default() };
/// let mut t = Tournament::default();
/// t.players = vec![
///     p(1, Some(1800), vec![game(2, Color::White, GameResult::Win), game(3, Color::Black, GameResult::Draw)]),
///     p(2, Some(2000), vec![game(1, Color::Black, GameResult::Loss), Entry::HalfBye]),
///     p(3, None, vec![Entry::HalfBye, game(1, Color::White, GameResult::Draw)]),
/// ];
/// let perf = performance_ratings(&t, &Options::default()).unwrap();
/// // Player 1: only the game against 2000 counts (3 is unrated): 1/1, dp +800.
/// // Player 3, unrated, has a performance all the same: a draw against 1800.
/// assert_eq!(perf, vec![Some(2800), Some(1000), Some(1800)]);
/// ```
pub fn performance_ratings(t: &Tournament, options: &Options) -> Result<Vec<Option<i64>>, Error> {
    let mut engine = Engine::new(t, options)?;
    let edition = engine.edition;
    let ctx = engine.context(edition, false);
    let ratings = match options.unrated {
        UnratedRule::Undefined => Computer::own_ratings(t),
        rule => Computer::ratings(t, ctx, rule).unwrap_or_else(|| Computer::own_ratings(t)),
    };
    let c = Computer {
        t,
        ctx,
        ratings: None,
    };
    Ok((0..t.players.len()).map(|i| c.tpr(&ratings, i)).collect())
}

/// Ranks the players of `t` by points and the tie-breaks in order (C.07 4.2).
pub fn standings(
    t: &Tournament,
    tiebreaks: &[TieBreak],
    options: &Options,
) -> Result<Standings, Error> {
    let mut engine = Engine::new(t, options)?;
    let edition = engine.edition;
    let (_, rows) = rank(&mut engine, tiebreaks)?;
    Ok(Standings {
        edition,
        tiebreaks: tiebreaks.to_vec(),
        rows,
    })
}

/// Compares two optional values for a tie-break: `Less` when `a` ranks ahead of `b`.
/// An undefined value ranks behind every defined one.
fn better_first(tb: &TieBreak, a: &Option<Value>, b: &Option<Value>) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => {
            if tb.lower_is_better() {
                x.cmp(y)
            } else {
                y.cmp(x)
            }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The ranking: player indices in order, and the rows.
fn rank(engine: &mut Engine<'_>, tiebreaks: &[TieBreak]) -> Result<(Vec<usize>, Vec<Row>), Error> {
    let t = engine.t;
    let n = t.players.len();
    let score: Vec<i32> = {
        let g = &engine.grid;
        (0..n)
            .map(|i| (0..g.rounds).map(|r| g.points(i, r)).sum::<i32>() + g.adjustment[i])
            .collect()
    };
    let mut values: Vec<Vec<Option<Value>>> = vec![Vec::with_capacity(tiebreaks.len()); n];
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        score[b]
            .cmp(&score[a])
            .then(t.players[a].id.cmp(&t.players[b].id))
    });
    // Group boundaries: order[bounds[k]..bounds[k + 1]] is tied so far.
    let mut bounds: Vec<usize> = vec![0];
    for k in 1..n {
        if score[order[k]] != score[order[k - 1]] {
            bounds.push(k);
        }
    }
    bounds.push(n);

    for tb in tiebreaks {
        let mut next: Vec<usize> = vec![0];
        if tb.code == Code::DirectEncounter {
            let edition = tb.edition.unwrap_or(engine.edition);
            let ctx = engine.context(edition, false);
            for w in bounds.windows(2) {
                let (s, e) = (w[0], w[1]);
                let group: Vec<usize> = order[s..e].to_vec();
                let blocks = if group.len() > 1 {
                    direct::separate(ctx, &group, tb.forfeits_played, edition != Edition::Pre2012)
                } else {
                    vec![group]
                };
                let separated = blocks.len() > 1;
                let mut at = s;
                for block in blocks {
                    let place = if separated { (at - s + 1) as i64 } else { 0 };
                    for &i in &block {
                        order[at] = i;
                        values[i].push(Some(Value::integer(place)));
                        at += 1;
                    }
                    next.push(at);
                }
            }
        } else {
            let column = engine.values(tb);
            for w in bounds.windows(2) {
                let (s, e) = (w[0], w[1]);
                let slice = &mut order[s..e];
                slice.sort_by(|&a, &b| {
                    better_first(tb, &column[a], &column[b])
                        .then(t.players[a].id.cmp(&t.players[b].id))
                });
                for k in s + 1..e {
                    if column[order[k]] != column[order[k - 1]] {
                        next.push(k);
                    }
                }
                next.push(e);
            }
            for (i, v) in column.into_iter().enumerate() {
                values[i].push(v);
            }
        }
        next.dedup();
        bounds = next;
    }

    let mut rows: Vec<Row> = Vec::with_capacity(n);
    for w in bounds.windows(2) {
        let (s, e) = (w[0], w[1]);
        for &i in &order[s..e] {
            let p = &t.players[i];
            rows.push(Row {
                rank: s as u32 + 1,
                rank_to: e as u32,
                id: p.id,
                name: p.name.clone(),
                points: Points::from_tenths(score[i]),
                values: std::mem::take(&mut values[i]),
            });
        }
    }
    Ok((order, rows))
}
