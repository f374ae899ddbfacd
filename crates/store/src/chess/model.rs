//! The engines' model built from the rows: a [`Tournament`] whose player ids are the pairing
//! numbers, and what the store reads back from the engines (standings, exports, explanations).

use std::collections::HashMap;

use rusqlite::Connection;
use serde::Serialize;
use tournament::{
    AnnouncedByes, ByeKind as TrfBye, Color, Entry, ForbiddenGroup, Header, PlayerId, PointSystem,
    Points, Title, Tournament,
};

use crate::chess::double_swiss::{barred_from_bye, match_of_round};
use crate::chess::rows::load_rounds;
use crate::chess::rows::{load_byes, load_event, load_forbidden, load_players, load_round_starts};
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::Store;

/// `YYYY-MM-DD` as TRF writes dates (`YYYY/MM/DD`).
fn trf_date(d: &str) -> Option<String> {
    (!d.is_empty()).then(|| d.replace('-', "/"))
}

pub(crate) fn entry_for(game: &Game, white_side: bool, opponent: Option<PlayerId>) -> Entry {
    let Some(opponent) = opponent else {
        return Entry::PairingBye;
    };
    let color = if white_side {
        Color::White
    } else {
        Color::Black
    };
    // The non-standard results (½-0, 0-½, 0-0) are rated games played: each side its own
    // result, a game for pairing (no rematch, colours count) like any other.
    if let Some((white, black)) = game.result.and_then(ResultCode::played) {
        return Entry::Played {
            opponent,
            color,
            result: if white_side { white } else { black },
            rated: true,
        };
    }
    match game.result {
        Some(ResultCode::DoubleForfeit) => Entry::DoubleForfeit { opponent, color },
        Some(code) => {
            let white_won = code == ResultCode::WhiteForfeitWin;
            if white_won == white_side {
                Entry::ForfeitWin {
                    opponent: Some(opponent),
                    color: Some(color),
                }
            } else {
                Entry::ForfeitLoss {
                    opponent: Some(opponent),
                    color: Some(color),
                }
            }
        }
        // Only rounds whose results are all in are built (see `build`).
        None => Entry::NotPaired,
    }
}

/// The event's points for each kind of round record.
pub(crate) fn point_system(s: &EventSettings) -> PointSystem {
    let mut system = PointSystem::from_game_values(s.points_win, s.points_draw, s.points_loss);
    system.pairing_bye = s.points_bye;
    system
}

/// Builds the tournament with rounds `1..=rounds`; with `announce_next`, the byes and
/// absences already recorded for the round after are announced byes, as the Dutch engine reads
/// them for the round it pairs.
pub(crate) fn build(
    conn: &Connection,
    event: EventId,
    rounds: u32,
    announce_next: bool,
) -> Result<Tournament> {
    let e = load_event(conn, event)?;
    let s = &e.settings;
    let players = load_players(conn, event)?;
    let number: HashMap<PlayerKey, PlayerId> =
        players.iter().map(|p| (p.id, PlayerId(p.number))).collect();
    let all_rounds = load_rounds(conn, event)?;
    let byes = load_byes(conn, event)?;

    let point_system = point_system(s);
    let mut t = Tournament {
        header: Header {
            name: Some(s.name.to_string()),
            city: (!s.place.is_empty()).then(|| s.place.to_string()),
            federation: (!s.federation.is_empty()).then(|| s.federation.clone()),
            start_date: trf_date(&s.start_date),
            end_date: trf_date(&s.end_date),
            chief_arbiter: (!s.chief_arbiter.is_empty()).then(|| s.chief_arbiter.to_string()),
            deputy_arbiters: s
                .deputy_arbiters
                .names()
                .iter()
                .map(|n| n.to_string())
                .collect(),
            time_control: (!s.time_control.is_empty()).then(|| s.time_control.to_string()),
            rounds: Some(s.rounds),
            initial_color: Some(if s.initial_white {
                Color::White
            } else {
                Color::Black
            }),
            // Read back by `arbiter check` and the tie-breaks to tell a round robin from a Swiss.
            tournament_type: Some(match s.system {
                System::Swiss => format!("Swiss (FIDE {})", s.swiss_system.engine().title()),
                System::RoundRobin => "Round robin (Berger tables)".to_string(),
                System::DoubleRoundRobin => "Double round robin (Berger tables)".to_string(),
            }),
            // `arbiter check` replays the rounds with the system this code names.
            type_code: (s.baku
                || (s.system == System::Swiss && s.swiss_system != SwissSystem::Dutch))
                .then(|| {
                    let baku = if s.baku { "_BAKU" } else { "" };
                    format!("{}{baku}", s.swiss_system.engine().type_code())
                }),
            // TRF's `132`: each round's date, blank for a round without one.
            round_dates: {
                let starts = load_round_starts(conn, event)?;
                let last = starts
                    .iter()
                    .map(|(n, _)| *n)
                    .filter(|&n| n <= s.rounds.max(e.paired_rounds))
                    .max()
                    .unwrap_or(0);
                (1..=last)
                    .map(|n| {
                        starts
                            .iter()
                            .find(|(k, _)| *k == n)
                            .map_or_else(String::new, |(_, d)| d.trf_date())
                    })
                    .collect()
            },
            ..Header::default()
        },
        point_system,
        ..Tournament::default()
    };
    let index: HashMap<PlayerKey, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    t.players = players
        .iter()
        .map(|p| tournament::Player {
            id: PlayerId(p.number),
            sex: match p.details.sex.as_str() {
                "m" => Some(tournament::Sex::Male),
                "w" => Some(tournament::Sex::Female),
                _ => None,
            },
            title: Title::from_code(&p.details.title),
            name: p.details.name.to_string(),
            // The rating the event pairs by (FIDE's unless chosen); the FIDE report puts FIDE's
            // back (`export_trf`).
            rating: p.details.pairing_rating(s.pairing_rating).rating,
            national_rating: p.details.national_rating,
            federation: (!p.details.federation.is_empty()).then(|| p.details.federation.clone()),
            fide_id: p.details.fide_id,
            birth_date: (!p.details.birth_date.is_empty()).then(|| p.details.birth_date.clone()),
            rounds: vec![Entry::NotPaired; rounds as usize],
            ..tournament::Player::default()
        })
        .collect();
    for round in all_rounds.iter().filter(|r| r.number <= rounds) {
        let r = round.number as usize - 1;
        // C.04.5 1.4: a Double-Swiss match's bye is a game won and a game drawn, `U` then `H`.
        let second_game = s.is_double_swiss() && round.number.is_multiple_of(2);
        for g in &round.games {
            let black = g.black.map(|b| number[&b]);
            t.players[index[&g.white]].rounds[r] = if second_game && black.is_none() {
                Entry::HalfBye
            } else {
                entry_for(g, true, black)
            };
            if let Some(b) = g.black {
                t.players[index[&b]].rounds[r] = entry_for(g, false, Some(number[&g.white]));
            }
        }
    }
    for b in &byes {
        let entry = match b.kind {
            ByeKind::Half => Entry::HalfBye,
            ByeKind::Full => Entry::FullBye,
            ByeKind::Zero => Entry::ZeroBye,
        };
        if b.round <= rounds {
            let slot = &mut t.players[index[&b.player]].rounds[b.round as usize - 1];
            if *slot == Entry::NotPaired {
                *slot = entry;
            }
        } else if announce_next && b.round == rounds + 1 {
            let kind = match b.kind {
                ByeKind::Half => TrfBye::Half,
                ByeKind::Full => TrfBye::Full,
                ByeKind::Zero => TrfBye::Zero,
            };
            let id = number[&b.player];
            match t
                .announced_byes
                .iter_mut()
                .find(|a| a.kind == kind && a.round == b.round)
            {
                Some(a) => a.players.push(id),
                None => t.announced_byes.push(AnnouncedByes {
                    kind,
                    round: b.round,
                    players: vec![id],
                }),
            }
        }
    }
    for (i, p) in players.iter().enumerate() {
        if let Some(from) = p.withdrawn_from {
            for r in from..=rounds {
                let slot = &mut t.players[i].rounds[r as usize - 1];
                if *slot == Entry::NotPaired {
                    *slot = Entry::Withdrawn;
                }
            }
            if announce_next && from <= rounds + 1 && from > rounds {
                // Not paired from the next round on: the engine reads a withdrawal from the
                // entries before the round, so mark it as an absence there.
                let id = PlayerId(p.number);
                match t
                    .announced_byes
                    .iter_mut()
                    .find(|a| a.kind == TrfBye::Zero && a.round == rounds + 1)
                {
                    Some(a) => a.players.push(id),
                    None => t.announced_byes.push(AnnouncedByes {
                        kind: TrfBye::Zero,
                        round: rounds + 1,
                        players: vec![id],
                    }),
                }
            }
        }
    }
    for (a, b) in load_forbidden(conn, event)? {
        t.forbidden.push(ForbiddenGroup {
            rounds: None,
            players: vec![number[&a], number[&b]],
        });
    }
    let system = t.point_system;
    for p in &mut t.players {
        p.points = p.score(&system);
    }
    Ok(t)
}

/// Players who take part in `round` of `t` (the announced byes and withdrawals left out).
pub(crate) fn players_in_round(t: &Tournament, round: u32) -> usize {
    t.players
        .iter()
        .filter(|p| !p.rounds.contains(&Entry::Withdrawn))
        .filter(|p| {
            !t.announced_byes
                .iter()
                .any(|a| a.round == round && a.players.contains(&p.id))
        })
        .count()
}

/// The last round whose boards all have a result (0 before any); in a Double-Swiss event the
/// last whole match's second game, so that exports and standings never end inside a match.
pub(crate) fn complete_rounds(settings: &EventSettings, rounds: &[Round]) -> u32 {
    let done = rounds
        .iter()
        .take_while(|r| r.missing_results() == 0)
        .map(|r| r.number)
        .last()
        .unwrap_or(0);
    let per = settings.swiss_system.rounds_per_pairing();
    if settings.system == System::Swiss {
        done - done % per
    } else {
        done
    }
}

/// The articles an objection cites: the same absolute rules in every individual Swiss system
/// (C.04.1's Basic Rules), numbered by each system's own text.
struct Articles {
    /// The system's chapter, written before each article (none for the Dutch system, whose
    /// criteria the pages have always cited alone).
    chapter: &'static str,
    /// No PAB after a PAB or a point scored without playing.
    bye: &'static str,
    /// No rematch.
    rematch: &'static str,
    /// Not the same colour three times running (none: colours do not decide the pairing).
    colour_run: &'static str,
    /// A colour difference of two at most.
    colour_difference: &'static str,
}

impl Articles {
    fn of(system: SwissSystem) -> Articles {
        let chapter = system.engine().chapter();
        match system {
            SwissSystem::Dutch => Articles {
                chapter: "",
                bye: "C.04.3 C2",
                rematch: "C1",
                colour_run: "C3",
                colour_difference: "C3",
            },
            // Burstein and Dubov number the absolute criteria as the Dutch text does: C1 no
            // rematch, C2 the PAB, C3 no meeting of two players with the same absolute colour
            // preference (a third colour running or a difference beyond two).
            SwissSystem::Burstein | SwissSystem::Dubov => Articles {
                chapter,
                bye: "C2",
                rematch: "C1",
                colour_run: "C3",
                colour_difference: "C3",
            },
            // Lim has no criteria list: compatibility (2.1), the PAB (1.1 on Basic Rule 4) and
            // the colour limits (5.1.1, 5.1.2).
            SwissSystem::Lim => Articles {
                chapter,
                bye: "1.1",
                rematch: "2.1",
                colour_run: "5.1.1",
                colour_difference: "5.1.2",
            },
            // Double-Swiss: C1 (2.1.1) no second match, C2 (2.1.2) the PAB; no colour
            // criterion at all.
            SwissSystem::DoubleSwiss => Articles {
                chapter,
                bye: "2.1.2",
                rematch: "2.1.1",
                colour_run: "",
                colour_difference: "",
            },
        }
    }

    /// An article as an objection cites it.
    fn cite(&self, article: &str) -> String {
        if self.chapter.is_empty() {
            article.to_string()
        } else {
            format!("{} {article}", self.chapter)
        }
    }
}

/// What the pairing checker objects to on the boards the arbiter changed by hand: rematches, a
/// colour given a third time running or beyond a difference of two, a second pairing-allocated
/// bye, each citing the event's system's article. The engine's own boards are not checked (its
/// pairing follows the rules it may relax, such as C3 for topscorers in the last round).
pub(crate) fn objections(
    conn: &Connection,
    event: EventId,
    round: &Round,
) -> Result<Vec<Objection>> {
    if !round.games.iter().any(|g| g.edited) {
        return Ok(Vec::new());
    }
    let settings = load_event(conn, event)?.settings;
    let double_swiss = settings.is_double_swiss();
    if double_swiss && round.number.is_multiple_of(2) {
        // A match's objections are its first game's (the second has the same pairing, colours
        // reversed): accepted there, accepted for the match.
        let first = crate::chess::rows::load_round(conn, event, round.number - 1)?;
        return objections(conn, event, &first);
    }
    // A Double-Swiss match is checked against the matches before it (its other game is the
    // same pairing).
    let before = if double_swiss {
        2 * (match_of_round(round.number).0 - 1)
    } else {
        round.number - 1
    };
    let t = build(conn, event, before, false)?;
    let articles = Articles::of(if settings.system.is_round_robin() {
        SwissSystem::Dutch
    } else {
        settings.swiss_system
    });
    let players = load_players(conn, event)?;
    let by_key: HashMap<PlayerKey, &Player> = players.iter().map(|p| (p.id, p)).collect();
    let record = |key: PlayerKey| &t.players[by_key[&key].number as usize - 1];
    let name = |key: PlayerKey| by_key[&key].details.name.clone();
    let mut out = Vec::new();
    for g in round.games.iter().filter(|g| g.edited) {
        let Some(black) = g.black else {
            let had_bye = if double_swiss {
                barred_from_bye(&record(g.white).rounds)
            } else {
                record(g.white).rounds.iter().any(|e| {
                    matches!(
                        e,
                        Entry::PairingBye | Entry::FullBye | Entry::ForfeitWin { .. }
                    )
                })
            };
            if had_bye {
                out.push((
                    g.board,
                    format!("bye:{}", g.white),
                    format!(
                        "{} has already had a bye or a point without playing ({})",
                        name(g.white),
                        articles.cite(articles.bye)
                    ),
                ));
            }
            continue;
        };
        let bn = PlayerId(by_key[&black].number);
        if record(g.white)
            .rounds
            .iter()
            .any(|e| e.played_opponent() == Some(bn))
        {
            out.push((
                g.board,
                format!("rematch:{}:{black}", g.white),
                format!(
                    "board {}: {} and {} have already played each other ({})",
                    g.board,
                    name(g.white),
                    name(black),
                    articles.cite(articles.rematch)
                ),
            ));
        }
        if double_swiss {
            continue;
        }
        for (key, colour) in [(g.white, Color::White), (black, Color::Black)] {
            let colours: Vec<Color> = record(key)
                .rounds
                .iter()
                .filter_map(|e| e.played_color())
                .collect();
            let same_run = colours
                .iter()
                .rev()
                .take(2)
                .filter(|c| **c == colour)
                .count()
                == 2;
            let diff: i32 = colours
                .iter()
                .map(|c| if *c == colour { 1 } else { -1 })
                .sum::<i32>()
                + 1;
            if same_run {
                out.push((
                    g.board,
                    format!("colour-run:{key}"),
                    format!(
                        "board {}: {} would have the same colour three times running ({})",
                        g.board,
                        name(key),
                        articles.cite(articles.colour_run)
                    ),
                ));
            } else if diff > 2 {
                out.push((
                    g.board,
                    format!("colour-difference:{key}"),
                    format!(
                        "board {}: {}'s colour difference would exceed two ({})",
                        g.board,
                        name(key),
                        articles.cite(articles.colour_difference)
                    ),
                ));
            }
        }
    }
    Ok(out
        .into_iter()
        .map(|(board, key, text)| {
            let accepted = round
                .games
                .iter()
                .any(|g| g.board == board && g.accepted.contains(&key));
            Objection {
                board,
                key,
                text,
                accepted,
            }
        })
        .collect())
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StandingRow {
    pub rank: u32,
    /// The place is shared with others (`rank` is its first place).
    pub shared: bool,
    pub player: Player,
    #[serde(with = "crate::chess::types::points_text")]
    pub points: Points,
    /// The tie-break values as the rules print them.
    pub values: Vec<String>,
    /// The performance rating (TPR, C.07 10.2, over the games against rated opponents played
    /// over the board), shown beside the tie-breaks and ranking nobody; `None` without such a
    /// game, or when the event hides the column.
    pub performance: Option<i64>,
    /// The FIDE rating change over the event (B.02), when the event shows the column.
    pub rating_change: Option<RatingChangeCell>,
}

/// What the ΔElo column shows for one player (JSON: `{"change": -200}`, `{"initial": 1676}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RatingChangeCell {
    /// A rated player's change, in hundredths of a point (K × Σ(score − expected)).
    Change(i32),
    /// An unrated player's initial rating from the games against rated opponents (B.02 8.2).
    Initial(u16),
}

/// Standings after a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standings {
    /// After this round (0 before any result).
    pub after_round: u32,
    /// The tie-break codes in order, as the rules spell them.
    pub tiebreak_codes: Vec<String>,
    /// The event shows the performance column (its setting `performance_column`).
    pub performance_column: bool,
    /// The event shows the rating change column (its setting `rating_change_column`).
    pub rating_change_column: bool,
    pub rows: Vec<StandingRow>,
}

impl Store {
    /// The event as the engines see it, with every round whose results are all in.
    pub fn tournament(&self, event: EventId) -> Result<Tournament> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let rounds = load_rounds(c, event)?;
            build(c, event, complete_rounds(&e.settings, &rounds), false)
        })
    }

    /// Standings after round `after` (default: the last round whose results are all in).
    pub fn standings(&self, event: EventId, after: Option<u32>) -> Result<Standings> {
        self.with_conn(|c| standings_on(c, event, after))
    }

    /// The event as FIDE rates it, with every round whose results are all in: FIDE's ratings
    /// whatever the event pairs by (norms and rating changes read them), and that round.
    pub fn rated_tournament(&self, event: EventId) -> Result<(Tournament, u32)> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let rounds = load_rounds(c, event)?;
            let complete = complete_rounds(&e.settings, &rounds);
            let mut t = build(c, event, complete, false)?;
            for (p, row) in t.players.iter_mut().zip(load_players(c, event)?) {
                p.rating = row.details.rating;
            }
            Ok((t, complete))
        })
    }

    /// The event as a TRF file for the rating report (rounds whose results are all in).
    /// Every player line carries its place in the standings after those rounds (cols 86–89,
    /// a shared place as its first one).
    pub fn export_trf(&self, event: EventId, format: tournament::trf::Format) -> Result<String> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let rounds = load_rounds(c, event)?;
            let complete = complete_rounds(&e.settings, &rounds);
            let t = build(c, event, complete, false)?;
            rating_report(c, e, t, complete, format, None, |_| true)
        })
    }

    /// The event's engine's explanation of a paired Swiss round: floats, colours, the bye, and
    /// the articles of its system that decided them. In a Double-Swiss event, of the round's
    /// match (its `round` counts matches).
    pub fn explain(&self, event: EventId, round: u32) -> Result<pairing::system::Explanation> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            if e.settings.system.is_round_robin() || round == 0 || round > e.paired_rounds {
                return Err(Error::NotFound("round"));
            }
            // A Double-Swiss round is a game of a match: the match is explained, on the
            // matches before it (as it was paired).
            let (before, asked) = if e.settings.is_double_swiss() {
                let k = match_of_round(round).0;
                (2 * (k - 1), k)
            } else {
                (round - 1, round)
            };
            let t = build(c, event, before, true)?;
            let options = pairing::system::Options {
                baku: e.settings.baku,
            };
            Ok(e.settings
                .swiss_system
                .engine()
                .explain(&t, asked, &options)?)
        })
    }
}

/// The event ranked after a round: its model, the tie-break engine's standings and the players.
pub(crate) struct Ranked {
    pub event: Event,
    pub after: u32,
    pub tournament: tournament::Tournament,
    pub tiebreak: tiebreak::Standings,
    pub players: Vec<Player>,
    /// The lots drawn by pairing number, when the list ends with the drawing of lots.
    pub lots: Option<HashMap<u32, u32>>,
    /// The performance ratings by pairing number, when the event shows them.
    pub performance: Option<HashMap<u32, i64>>,
    /// The rating changes by pairing number, when the event shows them.
    pub rating_changes: Option<HashMap<u32, RatingChangeCell>>,
}

impl Ranked {
    /// The standings as the store shows them.
    pub fn standings(&self) -> Standings {
        let s = &self.tiebreak;
        let mut codes: Vec<String> = s.tiebreaks.iter().map(|tb| tb.to_string()).collect();
        if self.lots.is_some() {
            codes.push(crate::chess::lots::LOT.to_string());
        }
        Standings {
            after_round: self.after,
            tiebreak_codes: codes,
            performance_column: self.performance.is_some(),
            rating_change_column: self.rating_changes.is_some(),
            rows: s
                .rows
                .iter()
                .map(|row| StandingRow {
                    rank: row.rank,
                    shared: row.rank_to != row.rank,
                    player: self.players[row.id.get() as usize - 1].clone(),
                    points: row.points,
                    values: row
                        .values
                        .iter()
                        .zip(&s.tiebreaks)
                        .map(|(v, tb)| v.map(|v| tb.value_text(v)).unwrap_or_default())
                        .chain(self.lots.as_ref().map(|lots| {
                            lots.get(&row.id.get())
                                .map_or_else(String::new, |l| l.to_string())
                        }))
                        .collect(),
                    performance: self
                        .performance
                        .as_ref()
                        .and_then(|p| p.get(&row.id.get()).copied()),
                    rating_change: self
                        .rating_changes
                        .as_ref()
                        .and_then(|p| p.get(&row.id.get()).copied()),
                })
                .collect(),
        }
    }
}

/// Standings after round `after` (default: the last round whose results are all in), read on
/// `c` (the store's connection, or a transaction holding an earlier state).
pub(crate) fn standings_on(
    c: &Connection,
    event: EventId,
    after: Option<u32>,
) -> Result<Standings> {
    Ok(ranked(c, event, after)?.standings())
}

/// The event ranked by its tie-breaks after round `after` (default: the last complete round).
pub(crate) fn ranked(c: &Connection, event: EventId, after: Option<u32>) -> Result<Ranked> {
    let e = load_event(c, event)?;

    let rounds = load_rounds(c, event)?;
    let complete = complete_rounds(&e.settings, &rounds);
    let after = after.map_or(complete, |a| a.min(complete));
    let t = build(c, event, after, false)?;
    rank_tournament(c, e, t, after)
}

/// `t`, a model of event `e` through round `after` (the event's own, or one with rounds left
/// out), ranked by the event's tie-breaks.
pub(crate) fn rank_tournament(
    c: &Connection,
    e: Event,
    t: tournament::Tournament,
    after: u32,
) -> Result<Ranked> {
    let event = e.id;
    let (codes, lot) = crate::chess::lots::split_lot(e.settings.tiebreaks_or_default())?;
    let list: Vec<tiebreak::TieBreak> = codes
        .into_iter()
        .map(|s| {
            s.parse::<tiebreak::TieBreak>()
                .map_err(|err| Error::Tiebreak(err.to_string()))
        })
        .collect::<Result<_>>()?;
    let options = tiebreak::Options {
        edition: if e.settings.rules.is_empty() {
            None
        } else {
            Some(
                e.settings
                    .rules
                    .parse::<tiebreak::Edition>()
                    .map_err(|err| Error::Tiebreak(err.to_string()))?,
            )
        },
        format: if e.settings.system.is_round_robin() {
            tiebreak::EventFormat::RoundRobin
        } else {
            tiebreak::EventFormat::Swiss
        },
        ..tiebreak::Options::default()
    };
    let mut s =
        tiebreak::standings(&t, &list, &options).map_err(|err| Error::Tiebreak(err.to_string()))?;
    // Computed apart from the list: the column never breaks a tie.
    let performance = if e.settings.performance_column {
        let tpr = tiebreak::performance_ratings(&t, &options)
            .map_err(|err| Error::Tiebreak(err.to_string()))?;
        Some(
            t.players
                .iter()
                .zip(tpr)
                .filter_map(|(p, v)| Some((p.id.get(), v?)))
                .collect(),
        )
    } else {
        None
    };
    let players = load_players(c, event)?;
    let rating_changes = if e.settings.rating_change_column {
        let periods = crate::chess::rating_periods::event_rating_periods(c, event, &players)?;
        Some(rating_changes(&t, &players, &periods.history, after))
    } else {
        None
    };
    // The drawing of lots, by pairing number, when the list ends with it.
    let lots = if lot {
        let number: HashMap<PlayerKey, u32> = players.iter().map(|p| (p.id, p.number)).collect();
        let lots: HashMap<u32, u32> = crate::chess::lots::load_lots(c, event)?
            .into_iter()
            .filter_map(|(k, l)| Some((*number.get(&k)?, l)))
            .collect();
        crate::chess::lots::apply_lots(&mut s, &lots);
        Some(lots)
    } else {
        None
    };
    Ok(Ranked {
        event: e,
        after,
        tournament: t,
        tiebreak: s,
        players,
        lots,
        performance,
        rating_changes,
    })
}

/// The rating report's TRF of `t`, a model of event `e` through round `complete` (the whole
/// event, or one rating period's rounds with the others left empty): each player's place in
/// `t`'s own standings, FIDE's ratings whatever the event paired by, in TRF-2026 the event's
/// tie-breaks (`202`) and a `###` line for each change made by hand to a round `reported` keeps.
pub(crate) fn rating_report(
    c: &Connection,
    e: Event,
    t: tournament::Tournament,
    complete: u32,
    format: tournament::trf::Format,
    period_from: Option<u32>,
    reported: impl Fn(u32) -> bool,
) -> Result<String> {
    let event = e.id;
    // Ranked on the ratings the event pairs by, as its standings are.
    let ranked = rank_tournament(c, e, t, complete)?;
    let mut t = ranked.tournament.clone();
    for row in &ranked.standings().rows {
        if let Some(p) = t.players.iter_mut().find(|p| p.id.0 == row.player.number) {
            p.rank = Some(row.rank);
        }
    }
    // The rating report carries FIDE's ratings, whatever the event paired by.
    for (p, row) in t.players.iter_mut().zip(&ranked.players) {
        p.rating = row.details.rating;
    }
    // A rating period's file (from its first round): each player as that period's list has
    // them (B.01 1.1.4: the ratings and titles in force when the games were played), as norms
    // and rating changes read them.
    if let Some(first) = period_from {
        let players = load_players(c, event)?;
        let history = crate::chess::rating_periods::event_rating_periods(c, event, &players)?;
        for p in &mut t.players {
            let held = history.history.at(p, first);
            p.rating = held.rating;
            p.title = held.title;
        }
    }
    // TRF-2026's `202`: the event's tie-breaks, so that the file ranks as the event does (the
    // drawing of lots, not a tie-break code, stays out).
    let tiebreaks: Vec<String> = ranked
        .tiebreak
        .tiebreaks
        .iter()
        .map(ToString::to_string)
        .collect();
    if format == tournament::trf::Format::Trf26 && !tiebreaks.is_empty() {
        t.header.tiebreaks = Some(tiebreaks.join(","));
    }
    let mut text = tournament::trf::write(&t, format);
    // TRF-2026's comment lines carry the pairing-integrity record FIDE's checklist asks for:
    // every change made by hand to the pairings of the exported rounds.
    if format == tournament::trf::Format::Trf26 {
        let changes = crate::chess::pairing_record::manual_changes(c, event)?;
        text.push_str(&crate::chess::pairing_record::comment_lines(
            &changes,
            |r| r <= complete && reported(r),
        ));
    }
    Ok(text)
}

/// B.02 over rounds 1 to `after`, on FIDE's ratings whatever the event pairs by (the model
/// carries the pairing rating), each game at its rating period's (`history`): each rated
/// player's change, each unrated player's initial rating, by pairing number.
fn rating_changes(
    t: &tournament::Tournament,
    players: &[Player],
    history: &rating::RatingHistory,
    after: u32,
) -> HashMap<u32, RatingChangeCell> {
    let mut fide = t.clone();
    for (p, row) in fide.players.iter_mut().zip(players) {
        p.rating = row.details.rating;
    }
    rating::event_ratings(&fide, history, after, rating::KBasis::of)
        .into_iter()
        .filter_map(|r| {
            let cell = match (r.change, r.initial) {
                (Some(c), _) => RatingChangeCell::Change(c.hundredths()),
                (None, Some(i)) => RatingChangeCell::Initial(i.rating),
                (None, None) => return None,
            };
            Some((r.player.get(), cell))
        })
        .collect()
}
