//! What the pages show, built from the store's rows: plain strings in the visitor's language,
//! so that templates only lay them out.

use std::collections::HashMap;

use store::{ByeKind, Event, Game, Player, PlayerKey, ResultCode, Round, Standings, Store};
use tournament::Points;

use crate::error::AppError;
use crate::i18n::Tr;

pub use report::views::{
    legend, BoardView, ByeView, CrossRow, LegendItem, PlayerView, RoundView, StandingView,
};

/// A store's player as the renderer takes it.
pub fn player_row(p: &Player) -> report::views::PlayerRow {
    report::views::PlayerRow {
        id: p.id,
        number: p.number,
        name: p.details.name.to_string(),
        title: p.details.title.clone(),
        rating: p.details.rating,
        federation: p.details.federation.clone(),
        club: p.details.club.to_string(),
        fide_id: p.details.fide_id,
        present: p.present,
        withdrawn_from: p.withdrawn_from,
    }
}

/// A store's player as the lists show them, with their points (before the round shown, or now).
pub fn player_view(p: &Player, points: Option<Points>, tr: &Tr) -> PlayerView {
    PlayerView::new(&player_row(p), points, tr)
}

/// The rating the event pairs by, with its kind (`1620 N`, `1850 F`), when the event pairs by
/// another rating than FIDE's alone; `None` keeps FIDE's rating as every list printed it.
pub fn pairing_rating_text(p: &Player, choice: store::PairingRating) -> Option<String> {
    (choice != store::PairingRating::Fide).then(|| p.details.pairing_rating(choice).to_string())
}

/// The store's standings as the renderer takes them.
pub fn report_standings(s: &Standings) -> report::views::Standings {
    report::views::Standings {
        after_round: s.after_round,
        tiebreak_codes: s.tiebreak_codes.clone(),
        performance_column: s.performance_column,
        rating_change_column: s.rating_change_column,
        rows: s
            .rows
            .iter()
            .map(|r| report::views::StandingRow {
                rank: r.rank,
                shared: r.shared,
                player: player_row(&r.player),
                points: r.points,
                values: r.values.clone(),
                performance: r.performance,
                rating_change: r.rating_change.map(|c| rating_change_text(Some(c))),
            })
            .collect(),
    }
}

/// The ΔElo column's text: a rated player's change with its sign and two decimals (`+12.80`),
/// an unrated player's initial rating as FIDE writes it (`Ru 1807`).
pub fn rating_change_text(cell: Option<store::RatingChangeCell>) -> String {
    match cell {
        None => String::new(),
        Some(store::RatingChangeCell::Change(h)) => {
            let sign = match h.signum() {
                1 => "+",
                -1 => "-",
                _ => "",
            };
            let a = h.unsigned_abs();
            format!("{sign}{}.{:02}", a / 100, a % 100)
        }
        Some(store::RatingChangeCell::Initial(r)) => format!("Ru {r}"),
    }
}

/// How a result is printed on a pairing list.
pub fn result_text(r: Option<ResultCode>) -> String {
    match r {
        None => String::new(),
        Some(ResultCode::WhiteWins) => "1-0".into(),
        Some(ResultCode::BlackWins) => "0-1".into(),
        Some(ResultCode::Draw) => "½-½".into(),
        Some(ResultCode::WhiteForfeitWin) => "+/-".into(),
        Some(ResultCode::BlackForfeitWin) => "-/+".into(),
        Some(ResultCode::DoubleForfeit) => "-/-".into(),
        // The arbiter's non-standard results, as the arbiter writes them.
        Some(ResultCode::WhiteHalfBlackZero) => "½-0".into(),
        Some(ResultCode::WhiteZeroBlackHalf) => "0-½".into(),
        Some(ResultCode::BothLose) => "0-0".into(),
    }
}

/// One board of the round page's grid: the pairing list's line and what the grid adds to it.
#[derive(Debug, Clone, Default)]
pub struct GridBoard {
    /// The line as every pairing list prints it.
    pub line: BoardView,
    /// What the grid's input holds (a code the grid reads back).
    pub input: String,
    /// The players' report, when they agree (as printed), and its code.
    pub reported: String,
    pub reported_code: String,
    /// The different results the players reported, when they disagree: (code, as printed,
    /// `white`, `draw` or `black` for the page's element ids).
    pub disagree: Vec<(String, String, &'static str)>,
    pub code: String,
    /// The arbiter changed the board's seats by hand.
    pub edited: bool,
    /// The checker objects to the board and the arbiter has not accepted it.
    pub warned: bool,
    /// The grid came back with this cell holding no result code.
    pub bad: bool,
}

pub fn bye_kind(tr: &Tr, kind: ByeKind) -> String {
    tr.t(match kind {
        ByeKind::Half => "bye-half",
        ByeKind::Full => "bye-full",
        ByeKind::Zero => "bye-zero",
    })
}

/// Points of every player after round `after` (0: before round 1), from the standings.
pub fn points_after(
    store: &Store,
    event: store::EventId,
    after: u32,
) -> HashMap<PlayerKey, Points> {
    match store.standings(event, Some(after)) {
        Ok(s) => s.rows.iter().map(|r| (r.player.id, r.points)).collect(),
        Err(_) => HashMap::new(),
    }
}

/// The boards and byes of a round, with names and points before the round.
pub fn boards(
    store: &Store,
    tr: &Tr,
    event: &Event,
    round: &Round,
) -> Result<(Vec<GridBoard>, Vec<ByeView>), AppError> {
    let players: HashMap<PlayerKey, Player> = store
        .players(event.id)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let points = points_after(store, event.id, round.number.saturating_sub(1));
    let view = |key: PlayerKey| {
        players
            .get(&key)
            .map(|p| {
                let mut v = player_view(
                    p,
                    Some(points.get(&key).copied().unwrap_or(Points::ZERO)),
                    tr,
                );
                if let Some(rating) = pairing_rating_text(p, event.settings.pairing_rating) {
                    v.rating = rating;
                }
                v
            })
            .unwrap_or_default()
    };
    let boards = round
        .games
        .iter()
        .map(|g: &Game| GridBoard {
            line: BoardView {
                board: g.board,
                white: view(g.white),
                black: g.black.map(view),
                // The pairing-allocated bye scores at once: its points stand in the result
                // column.
                result: match g.black {
                    Some(_) => result_text(g.result),
                    None => tr.points(&event.settings.points_bye),
                },
            },
            input: g.result.map(|r| r.as_str().to_string()).unwrap_or_default(),
            reported: result_text(g.reported),
            reported_code: g
                .reported
                .map(|r| r.as_str().to_string())
                .unwrap_or_default(),
            disagree: if g.reports_disagree() {
                g.reports
                    .iter()
                    .map(|r| {
                        let side = match r {
                            ResultCode::WhiteWins
                            | ResultCode::WhiteForfeitWin
                            | ResultCode::WhiteHalfBlackZero => "white",
                            ResultCode::BlackWins
                            | ResultCode::BlackForfeitWin
                            | ResultCode::WhiteZeroBlackHalf => "black",
                            ResultCode::Draw | ResultCode::DoubleForfeit | ResultCode::BothLose => {
                                "draw"
                            }
                        };
                        (r.as_str().to_string(), result_text(Some(*r)), side)
                    })
                    .collect()
            } else {
                Vec::new()
            },
            code: g.code.clone(),
            edited: g.edited,
            warned: false,
            bad: false,
        })
        .collect();
    let byes = round
        .byes
        .iter()
        .map(|b| ByeView {
            player: view(b.player),
            kind: bye_kind(tr, b.kind),
        })
        .collect();
    Ok((boards, byes))
}

/// A round's pairing list as it is printed (the static export, the command line's document):
/// the grid's lines without input or board code.
pub fn round_view(
    store: &Store,
    tr: &Tr,
    event: &Event,
    round: &Round,
) -> Result<RoundView, AppError> {
    let (boards, byes) = boards(store, tr, event, round)?;
    Ok(RoundView {
        number: round.number,
        starts: round_start_of(store, tr, event.id, round.number)?,
        boards: boards.into_iter().map(|b| b.line).collect(),
        byes,
    })
}

/// One Double-Swiss match as every page and print shows it (the round page, the public page,
/// the static export): game 1's White first, both games' results read from that player's side
/// (game 2 is played with the colours reversed, C.04.5 4.4), and the match result (2-0 … 0-0)
/// once both are in. Reading game 2 in its own colours under game 1's headers made "1-0 / 1-0
/// / 1-1" look like one player winning both games.
#[derive(Debug, Clone)]
pub struct MatchRow {
    pub board: u32,
    pub white: PlayerView,
    pub black: Option<PlayerView>,
    pub game1: String,
    pub game2: String,
    pub result: String,
}

/// Match `k`'s boards (`boards`: its first game's round), from its two rounds.
pub fn match_rows(
    store: &Store,
    tr: &Tr,
    e: &Event,
    boards: &[BoardView],
    k: u32,
) -> Result<Vec<MatchRow>, AppError> {
    use store::chess::double_swiss::{games_of_match, match_result};
    let [g1, g2] = games_of_match(k);
    let (first, second) = (store.round(e.id, g1)?, store.round(e.id, g2)?);
    let s = &e.settings;
    Ok(boards
        .iter()
        .map(|b| {
            let game = |r: &Round| r.games.iter().find(|g| g.board == b.board).cloned();
            let (one, two) = (game(&first), game(&second));
            let (r1, r2) = (one.and_then(|g| g.result), two.and_then(|g| g.result));
            let (game1, game2, result) = if b.black.is_none() {
                // C.04.5 1.4: the match's PAB is a game won and a game drawn.
                (
                    tr.points(&s.points_bye),
                    tr.points(&s.points_draw),
                    tr.points(&(s.points_bye + s.points_draw)),
                )
            } else {
                (
                    result_text(r1),
                    result_text(r2.map(ResultCode::reversed)),
                    match_result(r1, r2, s)
                        .map(|(a, b)| format!("{}-{}", tr.points(&a), tr.points(&b)))
                        .unwrap_or_default(),
                )
            };
            MatchRow {
                board: b.board,
                white: b.white.clone(),
                black: b.black.clone(),
                game1,
                game2,
                result,
            }
        })
        .collect())
}

/// A round's date and time as the lists print them: `samedi 28/11/2026 à 14h00`,
/// `Saturday 28 Nov 2026, 14:00`.
pub fn round_start_text(tr: &Tr, s: &store::RoundStart) -> String {
    let weekday = tr.t(&format!("weekday-{}", s.weekday()));
    let date = tr.date(s.date());
    match s.time().and_then(|t| t.split_once(':')) {
        Some((hour, minute)) => tr.targs(
            "round-starts-at",
            &[
                ("weekday", weekday.into()),
                ("date", date.into()),
                ("hour", hour.into()),
                ("minute", minute.into()),
            ],
        ),
        None => tr.targs(
            "round-starts-on",
            &[("weekday", weekday.into()), ("date", date.into())],
        ),
    }
}

/// [`round_start_text`] of round `n`, or empty when it has no date.
pub fn round_start_of(
    store: &Store,
    tr: &Tr,
    event: store::EventId,
    n: u32,
) -> Result<String, AppError> {
    Ok(store
        .round_starts(event)?
        .iter()
        .find(|(k, _)| *k == n)
        .map_or_else(String::new, |(_, s)| round_start_text(tr, s)))
}

/// The legend under the standings: the tie-breaks' codes and the performance column.
pub fn standings_legend(tr: &Tr, s: &Standings) -> Vec<LegendItem> {
    report::views::standings_legend(tr, &report_standings(s))
}

/// The lines of the standings, places and values in the visitor's language.
pub fn standings_rows(tr: &Tr, s: &Standings) -> Vec<StandingView> {
    report::views::standings_rows(tr, &report_standings(s))
}

/// One player's game in one round, from their side.
#[derive(Debug, Clone, Default)]
pub struct CardRound {
    pub round: u32,
    pub board: String,
    pub opponent: String,
    pub opponent_number: String,
    pub opponent_rating: String,
    /// `w`, `b` or empty.
    pub colour: String,
    pub colour_text: String,
    /// `1`, `½`, `0`, `+`, `-`, or empty (pending).
    pub result: String,
    /// The board's result as the arbiter wrote it when it is a non-standard one (`½-0`,
    /// `0-½`, `0-0`), so the card does not read as a draw or a plain loss; empty otherwise.
    pub written: String,
}

/// Each round for `player`: the game (or bye) and its result.
pub fn card_rounds(
    tr: &Tr,
    rounds: &[Round],
    players: &HashMap<PlayerKey, Player>,
    player: PlayerKey,
) -> Vec<CardRound> {
    rounds
        .iter()
        .map(|round| {
            let mut line = CardRound {
                round: round.number,
                ..CardRound::default()
            };
            if let Some(g) = round
                .games
                .iter()
                .find(|g| g.white == player || g.black == Some(player))
            {
                line.board = g.board.to_string();
                match g.black {
                    None => {
                        line.opponent = tr.t("pab");
                        line.result = "+".into();
                    }
                    Some(black) => {
                        let white_side = g.white == player;
                        let other = if white_side { black } else { g.white };
                        if let Some(o) = players.get(&other) {
                            line.opponent = o.details.name.to_string();
                            line.opponent_number = o.number.to_string();
                            line.opponent_rating =
                                o.details.rating.map(|r| r.to_string()).unwrap_or_default();
                        }
                        line.colour = if white_side { "w" } else { "b" }.into();
                        line.colour_text = tr.t(if white_side { "white" } else { "black" });
                        line.result = side_result(g.result, white_side);
                        if g.result.is_some_and(ResultCode::is_non_standard) {
                            line.written = result_text(g.result);
                        }
                    }
                }
            } else if let Some(b) = round.byes.iter().find(|b| b.player == player) {
                line.opponent = bye_kind(tr, b.kind);
                line.result = match b.kind {
                    ByeKind::Half => "½",
                    ByeKind::Full => "1",
                    ByeKind::Zero => "0",
                }
                .into();
            }
            line
        })
        .collect()
}

/// A result from one side: `1`, `½`, `0`, `+` (won by forfeit), `-` (lost by forfeit).
pub fn side_result(r: Option<ResultCode>, white: bool) -> String {
    let (w, b) = match r {
        None => return String::new(),
        Some(ResultCode::WhiteWins) => ("1", "0"),
        Some(ResultCode::BlackWins) => ("0", "1"),
        Some(ResultCode::Draw) => ("½", "½"),
        Some(ResultCode::WhiteForfeitWin) => ("+", "-"),
        Some(ResultCode::BlackForfeitWin) => ("-", "+"),
        Some(ResultCode::DoubleForfeit) => ("-", "-"),
        Some(ResultCode::WhiteHalfBlackZero) => ("½", "0"),
        Some(ResultCode::WhiteZeroBlackHalf) => ("0", "½"),
        Some(ResultCode::BothLose) => ("0", "0"),
    };
    if white { w } else { b }.to_string()
}

/// The crosstable's lines (players in standings order; opponents by their line there), each
/// player's rounds from the store's rounds up to the standings' round.
pub fn crosstable(tr: &Tr, s: &Standings, rounds: &[Round]) -> Vec<CrossRow> {
    let players: HashMap<PlayerKey, Player> = s
        .rows
        .iter()
        .map(|r| (r.player.id, r.player.clone()))
        .collect();
    let shown: Vec<Round> = rounds
        .iter()
        .filter(|r| r.number <= s.after_round)
        .cloned()
        .collect();
    let cells: HashMap<u32, Vec<report::views::CrossCell>> = s
        .rows
        .iter()
        .map(|row| {
            let cells = card_rounds(tr, &shown, &players, row.player.id)
                .into_iter()
                .map(|c| report::views::CrossCell {
                    opponent: c.opponent_number.parse().ok(),
                    colour: match c.colour.as_str() {
                        "w" => Some(tournament::Color::White),
                        "b" => Some(tournament::Color::Black),
                        _ => None,
                    },
                    result: c.result,
                })
                .collect();
            (row.player.number, cells)
        })
        .collect();
    report::views::crosstable(tr, &report_standings(s), &cells)
}

/// An event in the list of events.
#[derive(Debug, Clone, Default)]
pub struct EventView {
    pub id: i64,
    pub name: String,
    pub place: String,
    pub dates: String,
    pub system: String,
    pub rounds: u32,
    pub paired: u32,
    /// The group the event is a section of, as its pages' header names it ("Section A of
    /// Open de Noël"), linked to the group: (group, text); 0 and empty outside any group.
    pub group: i64,
    pub group_text: String,
}

/// The event's system as the event list shows it: a Swiss names its rules.
pub fn system_text(tr: &Tr, s: &store::EventSettings) -> String {
    match s.system {
        store::System::Swiss => {
            let rules = tr.t(match s.swiss_system {
                store::SwissSystem::Dutch => "swiss-system-dutch",
                store::SwissSystem::Dubov => "swiss-system-dubov",
                store::SwissSystem::Lim => "swiss-system-lim",
                store::SwissSystem::Burstein => "swiss-system-burstein",
                store::SwissSystem::DoubleSwiss => "swiss-system-double-swiss",
            });
            format!("{} · {rules}", tr.t("system-swiss"))
        }
        store::System::RoundRobin => tr.t("system-round_robin"),
        store::System::DoubleRoundRobin => tr.t("system-double_round_robin"),
    }
}

/// An event's (or a group's) dates as a page shows them: one day, or the first and the last.
pub fn dates_text(tr: &Tr, start: &str, end: &str) -> String {
    match (start.is_empty(), end.is_empty() || end == start) {
        (true, _) => String::new(),
        (false, true) => tr.date(start),
        (false, false) => format!("{} – {}", tr.date(start), tr.date(end)),
    }
}

impl EventView {
    pub fn new(e: &Event, tr: &Tr) -> EventView {
        let s = &e.settings;
        EventView {
            dates: dates_text(tr, &s.start_date, &s.end_date),
            id: e.id,
            name: s.name.to_string(),
            place: s.place.to_string(),
            system: system_text(tr, s),
            rounds: s.rounds,
            paired: e.paired_rounds,
            group: 0,
            group_text: String::new(),
        }
    }
}

/// The pairing checker's objection after an arbiter's swap, in the visitor's language. The
/// store words them in English in four fixed forms (C1 rematch, C3 colours, C2 second bye);
/// anything else is shown as it came.
pub fn objection_text(tr: &Tr, english: &str) -> String {
    translated_objection(tr, english).unwrap_or_else(|| english.to_string())
}

/// The store's English objection in the visitor's language: its words, then the article of the
/// event's system in parentheses (`(C1)`, `(C.04.4.3 5.1.1)`).
fn translated_objection(tr: &Tr, english: &str) -> Option<String> {
    let (words, article) = english.strip_suffix(')')?.rsplit_once(" (")?;
    let article = || -> crate::i18n::Arg { article.into() };
    if let Some(player) = words.strip_suffix(" has already had a bye or a point without playing") {
        return Some(tr.targs(
            "objection-bye",
            &[("player", player.into()), ("article", article())],
        ));
    }
    let rest = words.strip_prefix("board ")?;
    let (board, rest) = rest.split_once(": ")?;
    let board: u32 = board.parse().ok()?;
    if let Some(pair) = rest.strip_suffix(" have already played each other") {
        let (white, black) = pair.split_once(" and ")?;
        return Some(tr.targs(
            "objection-rematch",
            &[
                ("board", board.into()),
                ("white", white.into()),
                ("black", black.into()),
                ("article", article()),
            ],
        ));
    }
    if let Some(player) = rest.strip_suffix(" would have the same colour three times running") {
        return Some(tr.targs(
            "objection-colour-run",
            &[
                ("board", board.into()),
                ("player", player.into()),
                ("article", article()),
            ],
        ));
    }
    let player = rest.strip_suffix("'s colour difference would exceed two")?;
    Some(tr.targs(
        "objection-colour-diff",
        &[
            ("board", board.into()),
            ("player", player.into()),
            ("article", article()),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn objections_are_translated() {
        let fr = Tr::new(Lang::Fr);
        let en = Tr::new(Lang::En);
        assert_eq!(
            objection_text(
                &fr,
                "board 3: Levy, Anne and Martin, Zoé have already played each other (C1)"
            ),
            "Échiquier 3 : Levy, Anne et Martin, Zoé se sont déjà rencontrés (C1)"
        );
        assert_eq!(
            objection_text(
                &en,
                "board 3: Levy, Anne and Martin, Zoé have already played each other (C1)"
            ),
            "Board 3: Levy, Anne and Martin, Zoé have already played each other (C1)"
        );
        assert_eq!(
            objection_text(
                &fr,
                "board 12: O'Brien, Kieran would have the same colour three times running (C3)"
            ),
            "Échiquier 12 : O'Brien, Kieran aurait la même couleur trois fois de suite (C3)"
        );
        assert_eq!(
            objection_text(
                &fr,
                "board 2: Kowalska, Ewa's colour difference would exceed two (C3)"
            ),
            "Échiquier 2 : la différence de couleurs de Kowalska, Ewa dépasserait deux (C3)"
        );
        assert_eq!(
            objection_text(
                &fr,
                "Nakamura, Hiro has already had a bye or a point without playing (C.04.3 C2)"
            ),
            "Nakamura, Hiro a déjà eu un exempt ou un point sans jouer (C.04.3 C2)"
        );
        assert_eq!(objection_text(&fr, "something new"), "something new");
    }
}

/// The Dutch engine's explanation of one player's pairing, in the visitor's language: why they
/// float (or not), their colour preference and whether it was met, and the higher-ranked
/// opponent not taken with the criterion that ruled it out. `number` is the pairing number.
pub fn explanation(tr: &Tr, e: &pairing::dutch::Explanation, number: u32) -> Option<String> {
    use pairing::dutch::explain::FloatKind;
    let p = e.players.iter().find(|p| p.id.get() == number)?;
    let score_of = |id: tournament::PlayerId| {
        e.players
            .iter()
            .find(|q| q.id == id)
            .map(|q| tr.points(&q.pairing_score))
            .unwrap_or_default()
    };
    let mut text = match (p.float, p.opponent) {
        (FloatKind::Bye, _) => {
            let mut s = tr.t1("explain-bye", "score", tr.points(&p.pairing_score));
            if p.bye_by_unplayed_games {
                s.push_str(&tr.t("explain-bye-c9"));
            }
            s
        }
        (FloatKind::Down, Some(o)) => tr.targs(
            "explain-down",
            &[
                (
                    "bracket",
                    (tr.points(&p.left_in.unwrap_or(p.pairing_score))).into(),
                ),
                ("opponent", o.into()),
                ("score", (score_of(o)).into()),
            ],
        ),
        (FloatKind::Up, Some(o)) => tr.targs(
            "explain-up",
            &[("opponent", o.into()), ("score", (score_of(o)).into())],
        ),
        _ => tr.t1("explain-inside", "score", tr.points(&p.pairing_score)),
    };
    if let Some(colour) = p.preference {
        let pref = tr.t(match colour {
            tournament::Color::White => "white",
            tournament::Color::Black => "black",
        });
        let met = match p.preference_met {
            Some(true) => tr.t("explain-met"),
            Some(false) => tr.t("explain-not-met"),
            None => String::new(),
        };
        text.push_str(&format!(" — {}: {pref} {met}", tr.t("explain-preference")));
    }
    if let Some((preferred, criterion)) = p.not_taken {
        text.push_str(" — ");
        text.push_str(&tr.targs(
            "explain-not-taken",
            &[
                ("player", preferred.into()),
                ("criterion", (criterion_name(tr, criterion)).into()),
            ],
        ));
    }
    Some(text)
}

/// The engine's explanation of one player's pairing in a round of any Swiss system, in the
/// visitor's language. `number` is the pairing number.
pub fn round_explanation(tr: &Tr, e: &pairing::system::Explanation, number: u32) -> Option<String> {
    match e {
        pairing::system::Explanation::Dutch(e) => explanation(tr, e, number),
        pairing::system::Explanation::Swiss(system, e) => swiss_explanation(tr, *system, e, number),
    }
}

/// A Burstein, Dubov, Lim or Double-Swiss explanation (of a match, its colours game 1's): how
/// the player floats, what gave them the bye or their
/// colour, each with the article of the system's text.
fn swiss_explanation(
    tr: &Tr,
    system: pairing::system::System,
    e: &pairing::explain::Explanation,
    number: u32,
) -> Option<String> {
    use pairing::explain::{ByeReason, ColourReason, FloatKind};
    let p = e.players.iter().find(|p| p.id.get() == number)?;
    let article = |a: &str| format!("{} {a}", system.chapter());
    let score = tr.points(&p.pairing_score);
    let opponent_score = p.opponent_score.map(|s| tr.points(&s)).unwrap_or_default();
    let mut text = match (p.float, p.opponent) {
        (FloatKind::Bye, _) => {
            let (reason, a) = p.bye_by?;
            let key = match reason {
                ByeReason::OnlyEligible => "explain-swiss-bye-only",
                ByeReason::LeavesPairing => "explain-swiss-bye-legal",
                ByeReason::LowestScore => "explain-swiss-bye-score",
                // C.04.5 3.4.3 counts matches.
                ByeReason::MostGames if system == pairing::system::System::DoubleSwiss => {
                    "explain-swiss-bye-matches"
                }
                ByeReason::MostGames => "explain-swiss-bye-games",
                ByeReason::LowestRating => "explain-swiss-bye-rating",
                ByeReason::LowestRank => "explain-swiss-bye-rank",
                ByeReason::Fixed => "explain-swiss-bye-fixed",
            };
            tr.targs(
                key,
                &[("score", score.into()), ("article", article(a).into())],
            )
        }
        (FloatKind::Up, Some(o)) => tr.targs(
            "explain-swiss-up",
            &[
                ("opponent", o.into()),
                ("score", opponent_score.into()),
                ("article", article(p.float_article).into()),
            ],
        ),
        (FloatKind::Down, Some(o)) => tr.targs(
            "explain-swiss-down",
            &[
                ("opponent", o.into()),
                ("score", opponent_score.into()),
                ("article", article(p.float_article).into()),
            ],
        ),
        (_, o) => tr.targs(
            "explain-swiss-inside",
            &[("opponent", o?.into()), ("score", score.into())],
        ),
    };
    if let (Some(colour), Some((reason, a))) = (p.colour, p.colour_by) {
        let key = match reason {
            ColourReason::Initial => "explain-colour-initial",
            ColourReason::Limits => "explain-colour-limits",
            ColourReason::BothPreferences => "explain-colour-both",
            ColourReason::FewerWhites => "explain-colour-fewer-whites",
            ColourReason::StrongerPreference => "explain-colour-stronger",
            ColourReason::History => "explain-colour-history",
            ColourReason::Ranking => "explain-colour-ranking",
        };
        let colour = tr.t(match colour {
            tournament::Color::White => "white",
            tournament::Color::Black => "black",
        });
        // A Double-Swiss match's colours are game 1's (C.04.5 4.4).
        let colour = if system == pairing::system::System::DoubleSwiss {
            tr.t1("explain-colour-game-1", "colour", colour)
        } else {
            colour
        };
        text.push_str(" — ");
        text.push_str(&tr.targs(
            key,
            &[("colour", colour.into()), ("article", article(a).into())],
        ));
    }
    if let Some(passed) = p.passed_over {
        text.push_str(" — ");
        text.push_str(&passed_over_text(
            tr,
            system,
            &passed,
            &article(passed.article),
        ));
    }
    Some(text)
}

/// The opponent a player of a Burstein, Dubov, Lim or Double-Swiss round was expected to meet
/// and did not, and the rule that passed them over, in the system's own words.
fn passed_over_text(
    tr: &Tr,
    system: pairing::system::System,
    passed: &pairing::explain::PassedOver,
    article: &str,
) -> String {
    use pairing::explain::PassReason;
    use pairing::system::System;
    let reason = match passed.reason {
        PassReason::AlreadyPlayed => "explain-passed-played",
        PassReason::Forbidden => "explain-passed-forbidden",
        PassReason::ColourLimits => "explain-passed-colours",
        PassReason::NoCompletion => "explain-passed-completion",
        // Dubov (3.2.2) and Double-Swiss (3.5) choose upfloaters only.
        PassReason::Floaters if matches!(system, System::Dubov | System::DoubleSwiss) => {
            "explain-passed-upfloaters"
        }
        PassReason::Floaters => "explain-passed-floaters",
        PassReason::Order => match system {
            System::Dubov => "explain-passed-order-dubov",
            System::Lim => "explain-passed-order-lim",
            System::DoubleSwiss => "explain-passed-order-double-swiss",
            // Burstein (the Dutch and team systems have explanations of their own).
            _ => "explain-passed-order-burstein",
        },
    };
    // Double-Swiss names the bracket's first pairing identifier (3.6), the others the
    // scoregroup's first candidate.
    let key = if system == System::DoubleSwiss {
        "explain-passed-bracket"
    } else {
        "explain-passed"
    };
    tr.targs(
        key,
        &[
            ("player", passed.player.into()),
            ("reason", tr.t(reason).into()),
            ("article", article.to_string().into()),
        ],
    )
}

/// A pairing criterion's name in the visitor's language, from its article (`C14`, `Art. 4`);
/// the engine's own words when the catalogue has none.
fn criterion_name(tr: &Tr, criterion: &str) -> String {
    let code = criterion.split(" (").next().unwrap_or(criterion);
    let key = format!(
        "criterion-{}",
        code.to_lowercase()
            .replace(['/', '.', ' '], "-")
            .replace("--", "-")
    );
    // Two C8 fields: pairs, then scores paired, in the next bracket.
    let key = if criterion.starts_with("C8 (scores") {
        "criterion-c8-scores".to_string()
    } else {
        key
    };
    tr.lookup(&key, &[])
        .unwrap_or_else(|| criterion.to_string())
}

#[cfg(test)]
mod explanation_tests {
    use super::explanation;
    use crate::i18n::{Lang, Tr};

    /// "1.0" and "1" are the same score: the engine writes the first, the pages the second.
    fn without_whole_decimals(s: &str) -> String {
        let b: Vec<char> = s.chars().collect();
        let mut out = String::new();
        let mut i = 0;
        while i < b.len() {
            if b[i] == '.'
                && b.get(i + 1) == Some(&'0')
                && !b.get(i + 2).is_some_and(|c| c.is_ascii_digit())
            {
                i += 2;
                continue;
            }
            out.push(b[i]);
            i += 1;
        }
        out
    }

    #[test]
    fn the_pages_say_what_the_engine_says_in_english_and_in_french() {
        let text = include_str!("../../../../examples/chess/open.trf");
        let t = tournament::trf::read(text).unwrap();
        let options = pairing::dutch::DutchOptions::default();
        let (en, fr) = (Tr::new(Lang::En), Tr::new(Lang::Fr));
        let mut compared = 0;
        for round in 2..=5 {
            let state = pairing::checker::state_before_round(&t, round);
            let e = pairing::dutch::explain(&state, round, &options).unwrap();
            for p in &e.players {
                let ours = explanation(&en, &e, p.id.get()).unwrap();
                let ours_why = ours.split(" — ").next().unwrap();
                assert_eq!(
                    without_whole_decimals(ours_why),
                    without_whole_decimals(&p.why),
                    "round {round}, player {}",
                    p.id
                );
                if let Some(d) = &p.decided_by {
                    assert!(
                        ours.ends_with(d.as_str()),
                        "round {round}, player {}: {ours} / {d}",
                        p.id
                    );
                }
                let french = explanation(&fr, &e, p.id.get()).unwrap();
                assert!(
                    !french.contains("bracket") && !french.contains("paired"),
                    "{french}"
                );
                compared += 1;
            }
        }
        assert!(compared > 50);
    }
}

/// The event and its view for a page in the request's language.
pub(crate) fn event_view(
    st: &crate::AppState,
    c: &crate::Ctx,
    id: store::EventId,
) -> Result<(store::Event, EventView), crate::AppError> {
    let e = st.store.event(id)?;
    let mut v = EventView::new(&e, &c.tr);
    if let Some((group, label)) = st.store.section_of(id)? {
        let g = st.store.group(group)?;
        v.group = group;
        v.group_text = c.tr.targs(
            "group-section-of",
            &[
                ("label", label.to_string().into()),
                ("name", g.settings.name.to_string().into()),
            ],
        );
    }
    Ok((e, v))
}
