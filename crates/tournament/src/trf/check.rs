//! Checks between records: opponents that point back, scores, start numbers, declared rounds,
//! and the notations that overlap (XXR/142, XXC/152, BBx/162, XXA/250).

use std::collections::HashMap;

use crate::model::*;
use crate::points::Points;

use super::error::{TrfError, TrfErrorKind as K, TrfWarning};
use super::reader::{At, Parsed, PartialSystem};

/// Turns what was read into the model: header values from either notation, withdrawals and
/// double forfeits. Conflicts between notations are errors.
pub(crate) fn resolve(p: &mut Parsed) {
    // Rounds: XXR and 142 must agree when both are given.
    p.t.header.rounds = match (p.xxr, p.r142) {
        (Some((a, _)), Some((b, at))) if a != b => {
            p.errors.push(TrfError::new(
                at.line,
                at.col,
                K::Conflict,
                format!("the same number of rounds as XXR ({a})"),
                b.to_string(),
            ));
            Some(a)
        }
        (a, b) => a.or(b).map(|(n, _)| n),
    };
    p.t.header.initial_color = match (p.xxc_color, p.r152) {
        (Some((a, _)), Some((b, at))) if a != b => {
            p.errors.push(TrfError::new(
                at.line,
                at.col,
                K::Conflict,
                format!("the same initial colour as XXC ({})", color_word(a)),
                color_word(b),
            ));
            Some(a)
        }
        (a, b) => a.or(b).map(|(c, _)| c),
    };
    p.t.point_system = point_system(p);
    if let (Some(_), Some(at)) = (p.xxa_at, p.r250_at) {
        p.errors.push(TrfError::new(
            at.line,
            at.col,
            K::Conflict,
            "either XXA or 250 acceleration records",
            "both",
        ));
    }
    withdrawals(p);
    double_forfeits(&mut p.t);
}

fn color_word(c: Color) -> String {
    match c {
        Color::White => "white".into(),
        Color::Black => "black".into(),
    }
}

/// BBx and 162 each give some values; a value given by both must agree.
fn point_system(p: &mut Parsed) -> PointSystem {
    let (a, b) = (p.bbx, p.p162);
    let mut merged = PartialSystem::default();
    type Field<'a> = (
        &'a str,
        Option<Points>,
        Option<Points>,
        &'a mut Option<Points>,
    );
    let fields: [Field; 6] = [
        ("win (BBW / 162 W)", a.win, b.win, &mut merged.win),
        ("draw (BBD / 162 D)", a.draw, b.draw, &mut merged.draw),
        ("loss (BBL / 162 L)", a.loss, b.loss, &mut merged.loss),
        (
            "zero-point bye (BBZ / 162 A)",
            a.zero_bye,
            b.zero_bye,
            &mut merged.zero_bye,
        ),
        (
            "forfeit loss (BBF / 162 A)",
            a.forfeit_loss,
            b.forfeit_loss,
            &mut merged.forfeit_loss,
        ),
        (
            "pairing-allocated bye (BBU / 162 P)",
            a.pairing_bye,
            b.pairing_bye,
            &mut merged.pairing_bye,
        ),
    ];
    let mut conflicts = Vec::new();
    for (what, x, y, out) in fields {
        if let (Some(x), Some(y)) = (x, y) {
            if x != y {
                conflicts.push(format!("{what}: {x} and {y}"));
            }
        }
        *out = x.or(y);
    }
    if let (false, Some(at)) = (conflicts.is_empty(), p.p162_at) {
        p.errors.push(TrfError::new(
            at.line,
            at.col,
            K::Conflict,
            "the same point values as the BBx records",
            conflicts.join(", "),
        ));
    }
    let d = PointSystem::default();
    let win = merged.win.unwrap_or(d.win);
    let draw = merged.draw.unwrap_or(d.draw);
    PointSystem {
        win,
        draw,
        loss: merged.loss.unwrap_or(d.loss),
        forfeit_win: win,
        forfeit_loss: merged.forfeit_loss.unwrap_or(d.forfeit_loss),
        pairing_bye: merged.pairing_bye.unwrap_or(win),
        full_bye: win,
        half_bye: draw,
        zero_bye: merged.zero_bye.unwrap_or(d.zero_bye),
    }
}

fn index_of(t: &Tournament) -> HashMap<PlayerId, usize> {
    let mut m = HashMap::with_capacity(t.players.len());
    for (i, p) in t.players.iter().enumerate() {
        m.entry(p.id).or_insert(i);
    }
    m
}

/// `XXW tpn first last`: the blank or `0000 - Z` entries of those rounds become `Withdrawn`
/// (we write a withdrawal as `0000 - Z` in the rounds played, as TRF16 says for a player not
/// paired).
fn withdrawals(p: &mut Parsed) {
    let index = index_of(&p.t);
    for w in std::mem::take(&mut p.withdrawals) {
        let Some(&i) = index.get(&w.player) else {
            continue;
        };
        let rounds = &mut p.t.players[i].rounds;
        let last = w.last as usize;
        if rounds.len() < last {
            rounds.resize(last, Entry::NotPaired);
        }
        for r in w.first as usize..=last {
            match rounds[r - 1] {
                Entry::NotPaired | Entry::ZeroBye => rounds[r - 1] = Entry::Withdrawn,
                Entry::Withdrawn => {
                    p.errors.push(TrfError::new(
                        w.rounds_at.line,
                        w.rounds_at.col,
                        K::DuplicateRecord,
                        format!("one XXW record for player {} in round {r}", w.player),
                        "a second one",
                    ));
                    break;
                }
                _ => {
                    p.errors.push(TrfError::new(
                        w.rounds_at.line,
                        w.rounds_at.col,
                        K::BadEntry,
                        format!(
                            "a blank or 0000 - Z round {r} entry for withdrawn player {}",
                            w.player
                        ),
                        "a round entry",
                    ));
                    break;
                }
            }
        }
        let _ = w.at;
    }
}

/// `-` against `-` with colours is a double forfeit.
fn double_forfeits(t: &mut Tournament) {
    let index = index_of(t);
    let mut found = Vec::new();
    for (i, pl) in t.players.iter().enumerate() {
        for (r, e) in pl.rounds.iter().enumerate() {
            if let Entry::ForfeitLoss {
                opponent: Some(o),
                color: Some(c),
            } = *e
            {
                let Some(&j) = index.get(&o) else { continue };
                if let Some(Entry::ForfeitLoss {
                    opponent: Some(back),
                    color: Some(c2),
                }) = t.players[j].rounds.get(r)
                {
                    if *back == pl.id && *c2 == c.opposite() && i != j {
                        found.push((i, r, o, c));
                    }
                }
            }
        }
    }
    for (i, r, opponent, color) in found {
        t.players[i].rounds[r] = Entry::DoubleForfeit { opponent, color };
    }
}

/// True when two entries of one round describe the same game from both sides.
fn results_agree(a: &Entry, b: &Entry) -> bool {
    match (a, b) {
        (
            Entry::Played {
                result: r1,
                rated: x1,
                ..
            },
            Entry::Played {
                result: r2,
                rated: x2,
                ..
            },
        ) => {
            x1 == x2
                && (*r2 == r1.reversed()
                    // The arbiter's non-standard results of a rated game: a half point for one
                    // side only (`=` and `0`) or a double loss (`0` and `0`).
                    || (*x1
                        && matches!(
                            (r1, r2),
                            (GameResult::Draw, GameResult::Loss)
                                | (GameResult::Loss, GameResult::Draw)
                                | (GameResult::Loss, GameResult::Loss)
                        )))
        }
        (Entry::ForfeitWin { .. }, Entry::ForfeitLoss { .. })
        | (Entry::ForfeitLoss { .. }, Entry::ForfeitWin { .. })
        | (Entry::ForfeitLoss { .. }, Entry::ForfeitLoss { .. })
        | (Entry::DoubleForfeit { .. }, Entry::DoubleForfeit { .. }) => true,
        _ => false,
    }
}

fn code_of(e: &Entry) -> String {
    let c = match e {
        Entry::Played { result, rated, .. } => match (result, rated) {
            (GameResult::Win, true) => '1',
            (GameResult::Draw, true) => '=',
            (GameResult::Loss, true) => '0',
            (GameResult::Win, false) => 'W',
            (GameResult::Draw, false) => 'D',
            (GameResult::Loss, false) => 'L',
        },
        Entry::ForfeitWin { .. } => '+',
        Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. } => '-',
        Entry::PairingBye => 'U',
        Entry::FullBye => 'F',
        Entry::HalfBye => 'H',
        Entry::ZeroBye => 'Z',
        Entry::NotPaired | Entry::Withdrawn => ' ',
    };
    format!("{c:?}")
}

fn color_text(c: Option<Color>) -> String {
    match c {
        Some(c) => format!("{:?}", c.trf_char()),
        None => "'-'".into(),
    }
}

/// Every check between records. Adds to `p.errors`.
pub(crate) fn validate(p: &mut Parsed) {
    // A file without players is not a tournament: most likely an empty file or another
    // format. Problems already found in its lines say more, so this comes only alone.
    if p.t.players.is_empty() && p.rejected_players == 0 && p.errors.is_empty() {
        let (line, found) = match &p.first_unknown {
            Some((line, start)) => (
                *line,
                format!(
                    "none, and this line is not a TRF record: {}",
                    super::reader::quote(start)
                ),
            ),
            None => (1, "none".to_string()),
        };
        p.errors.push(TrfError::new(
            line,
            1,
            K::NoPlayers,
            "at least one player line (001)",
            found,
        ));
        return;
    }
    let mut errors = Vec::new();
    let t = &p.t;
    let index = index_of(t);

    // Start numbers: unique, and 1..n unless the file pairs by line order (XXC rank).
    let n = t.players.len() as u32;
    for (i, pl) in t.players.iter().enumerate() {
        let line = p.players[i].line;
        if index[&pl.id] != i {
            let first = p.players[index[&pl.id]].line;
            errors.push(TrfError::new(
                line,
                5,
                K::DuplicatePlayer,
                format!(
                    "a start number not used before (player {} is on line {first})",
                    pl.id
                ),
                pl.id.to_string(),
            ));
        } else if !t.header.pair_by_line_order && pl.id.0 > n && p.rejected_players == 0 {
            errors.push(TrfError::new(
                line,
                5,
                K::UnknownPlayer,
                format!("a start number from 1 to {n} (one per player line, no gaps)"),
                pl.id.to_string(),
            ));
        }
    }

    // Opponents point back, with opposite colours and complementary results (trf.md §2.4).
    let mut byes_in_round: HashMap<usize, usize> = HashMap::new();
    for (i, pl) in t.players.iter().enumerate() {
        if index[&pl.id] != i {
            continue;
        }
        let src = &p.players[i];
        for (r, e) in pl.rounds.iter().enumerate() {
            let Some(raw) = src.entries.get(r) else {
                continue;
            };
            if !raw.ok {
                continue;
            }
            let c = raw.col;
            // In a team file every member of the bye's team is written `U` (checked by team).
            if matches!(e, Entry::PairingBye) && !t.is_team_event() {
                if let Some(first) = byes_in_round.insert(r, i) {
                    errors.push(TrfError::new(
                        src.line,
                        c + 7,
                        K::SecondPairingBye,
                        format!(
                            "at most one pairing-allocated bye in round {} (player {} has one)",
                            r + 1,
                            t.players[first].id
                        ),
                        "a second 'U'",
                    ));
                }
            }
            let Some(o) = e.opponent() else { continue };
            if o == pl.id {
                errors.push(TrfError::new(
                    src.line,
                    c,
                    K::SelfOpponent,
                    "an opponent other than the player",
                    format!("player {o} against themself"),
                ));
                continue;
            }
            let Some(&j) = index.get(&o) else {
                if p.rejected_players > 0 {
                    continue;
                }
                errors.push(TrfError::new(
                    src.line,
                    c,
                    K::UnknownPlayer,
                    format!("the start number of a player in the file (round {})", r + 1),
                    format!("{o}, which no player line has"),
                ));
                continue;
            };
            let other = &t.players[j];
            let back = other.rounds.get(r);
            let back_ok = p.players[j].entries.get(r).is_some_and(|x| x.ok);
            if !back_ok && back.is_some() {
                continue; // already reported on the opponent's line
            }
            if back.and_then(|b| b.opponent()) != Some(pl.id) {
                let found = match back.and_then(|b| b.opponent()) {
                    Some(x) => format!("player {o}'s round {} entry names player {x}", r + 1),
                    None => format!("player {o} has no opponent in round {}", r + 1),
                };
                errors.push(TrfError::new(
                    src.line,
                    c,
                    K::OpponentMismatch,
                    format!("player {o} to name player {} in round {}", pl.id, r + 1),
                    found,
                ));
                continue;
            }
            // Both sides name each other: report a disagreement once, on the later line.
            if j > i {
                continue;
            }
            let Some(back) = back else { continue };
            let (c1, c2) = (e.color(), back.color());
            let colors_ok = match (c1, c2) {
                (Some(a), Some(b)) => a == b.opposite(),
                (None, None) => !e.is_played(),
                _ => false,
            };
            if !colors_ok {
                errors.push(TrfError::new(
                    src.line,
                    c + 5,
                    K::ColorMismatch,
                    format!(
                        "the opposite of player {o}'s colour {} in round {} (line {})",
                        color_text(c2),
                        r + 1,
                        p.players[j].line
                    ),
                    color_text(c1),
                ));
            } else if !results_agree(e, back) {
                errors.push(TrfError::new(
                    src.line,
                    c + 7,
                    K::ResultMismatch,
                    format!(
                        "a result matching player {o}'s {} in round {} (line {})",
                        code_of(back),
                        r + 1,
                        p.players[j].line
                    ),
                    code_of(e),
                ));
            }
        }
    }

    // Rounds beyond the declared number.
    if let Some(declared) = t.header.rounds {
        for (i, pl) in t.players.iter().enumerate() {
            let src = &p.players[i];
            if let Some(r) = pl
                .rounds
                .iter()
                .enumerate()
                .skip(declared as usize)
                .find(|(_, e)| !matches!(e, Entry::NotPaired))
                .map(|(r, _)| r)
            {
                let col = src.entries.get(r).map_or(1, |x| x.col);
                errors.push(TrfError::new(
                    src.line,
                    col,
                    K::RoundOutOfRange,
                    format!("no entry after round {declared} (the declared number of rounds)"),
                    format!("an entry for round {}", r + 1),
                ));
            }
        }
        for &(r, at) in &p.round_refs {
            if r > declared {
                errors.push(round_error(at, declared, r));
            }
        }
    }

    if t.is_team_event() {
        team_checks(p, &index, &mut errors);
    } else {
        for &(id, at) in &p.participant_refs {
            if !index.contains_key(&PlayerId(id)) && p.rejected_players == 0 {
                errors.push(TrfError::new(
                    at.line,
                    at.col,
                    K::UnknownPlayer,
                    "the start number of a player in the file",
                    format!("{id}, which no player line has"),
                ));
            }
        }
        for &(id, at) in &p.team_refs {
            errors.push(TrfError::new(
                at.line,
                at.col,
                K::UnknownTeam,
                "the number of a team (the file has no team records 310 or 013)",
                id.to_string(),
            ));
        }
    }

    // References to players in other records.
    for &(id, at) in &p.references {
        if !index.contains_key(&id) && p.rejected_players == 0 {
            errors.push(TrfError::new(
                at.line,
                at.col,
                K::UnknownPlayer,
                "the start number of a player in the file",
                format!("{id}, which no player line has"),
            ));
        }
    }

    abnormal_checks(p, &mut errors);

    // Scores (trf.md §2.4): the points column equals the recomputed score, with or without
    // the acceleration, and with or without a bye already entered for the round to pair. In a
    // team file a member's points are informative (the team's match and game points follow
    // from the games, the `320` bye value and `362`), as Sharly Chess writes them.
    let next = crate::rounds::round_to_pair(t);
    let individual = !t.is_team_event();
    for (i, pl) in t.players.iter().enumerate().filter(|_| individual) {
        let src = &p.players[i];
        if src.damaged {
            continue;
        }
        let score = t.score(pl);
        // What the round to pair already holds: a bye entered in advance (both columns of a
        // Double-Swiss match), and the penalties and bonuses of that round.
        let bye: Points = crate::rounds::columns_to_pair(t)
            .filter(|&c| pl.entry(c).is_some())
            .map(|c| t.round_points(pl, c))
            .sum();
        let Some(acc) = acceleration(t, pl.id, next) else {
            continue; // beyond any score a points column can hold
        };
        let mut allowed = vec![score, score - bye, score + acc, score - bye + acc];
        if allowed.contains(&pl.points) {
            continue;
        }
        allowed.dedup();
        let mut alts: Vec<Points> = Vec::new();
        for a in allowed {
            if !alts.contains(&a) {
                alts.push(a);
            }
        }
        let alts: Vec<String> = alts.iter().map(|a| a.to_string()).collect();
        errors.push(TrfError::new(
            src.line,
            81,
            K::ScoreMismatch,
            format!(
                "points {} (the sum of the round results)",
                alts.join(" or ")
            ),
            pl.points.to_string(),
        ));
    }

    p.errors.extend(errors);
}

/// The checks of `299` records that need the whole file: match points only in a team
/// competition, points for an individual, and one value for each result, participant and round
/// (two typed records that overlap would give a result two values; penalties and bonuses add
/// up).
fn abnormal_checks(p: &Parsed, errors: &mut Vec<TrfError>) {
    let t = &p.t;
    let team = t.is_team_event();
    let records = &t.abnormal_points;
    for (i, a) in records.iter().enumerate() {
        let at = p.abnormal_at.get(i).copied().unwrap_or_default();
        if !team && a.match_points.is_some() {
            errors.push(TrfError::new(
                at.line,
                8,
                K::BadField,
                "blank match points (columns 8-11): an individual event gives points only, at \
                 columns 14-17",
                "match points",
            ));
            continue;
        }
        if !team && a.points.is_none() {
            errors.push(TrfError::new(
                at.line,
                14,
                K::BadField,
                "points such as -1.0 (columns 14-17)",
                "blank",
            ));
            continue;
        }
        if a.kind == AbnormalKind::Adjustment {
            continue;
        }
        let earlier = records[..i].iter().enumerate().find(|(_, b)| {
            b.kind == a.kind
                && (a.round.is_none() || b.round.is_none() || a.round == b.round)
                && (a.participants.is_empty()
                    || b.participants.is_empty()
                    || a.participants.iter().any(|x| b.participants.contains(x)))
        });
        if let Some((j, _)) = earlier {
            let first = p.abnormal_at.get(j).map_or(0, |x| x.line);
            errors.push(TrfError::new(
                at.line,
                1,
                K::Conflict,
                format!(
                    "one value for each result, participant and round (the 299 {} record on \
                     line {first} already gives one to some of the same)",
                    a.kind.trf_char()
                ),
                "a second value",
            ));
        }
    }
}

/// One warning for each kind of record the file holds that this program keeps but does not
/// apply, at its first line, with the number of lines: such a record changes nothing computed
/// here, and the user must know it.
pub(crate) fn unapplied(p: &mut Parsed) {
    let mut kinds: Vec<(String, Vec<usize>)> = Vec::new();
    for (line, code) in &p.unapplied {
        let kind = record_kind(code);
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, lines)) => lines.push(*line),
            None => kinds.push((kind, vec![*line])),
        }
    }
    for (kind, lines) in kinds {
        let (what, action) = match kind.as_str() {
            "801" | "802" => (
                format!("{kind} records"),
                format!(
                    "not read: {kind} summarises the matches for a reader, and the matches \
                     follow from the 001 lines"
                ),
            ),
            "300" => (
                "300 records".to_string(),
                "not applied: this program puts a team's players on the boards in the order of \
                 its 310 roster, and takes the team's colour from that board 1"
                    .to_string(),
            ),
            "national" => (
                "national rating records".to_string(),
                "not applied: this program uses the FIDE ratings of the 001 lines".to_string(),
            ),
            _ => (
                format!("{kind} records"),
                format!("not applied: this program does not know the {kind} record"),
            ),
        };
        let found = match lines.as_slice() {
            [one] => format!("{what} on line {one}"),
            [first, ..] => format!("{what} on {} lines from line {first}", lines.len()),
            [] => continue,
        };
        p.warnings.push(TrfWarning {
            problem: TrfError::new(
                lines[0],
                1,
                K::NotApplied,
                "only records that this program applies",
                found,
            ),
            action: format!("{action}; the lines are kept when the file is written back"),
        });
    }
}

/// The kind of an uninterpreted record for its warning: a federation's national rating record
/// (three capital letters, TRF-2026's national rating support), else its code.
fn record_kind(code: &str) -> String {
    let national = code.len() == 3
        && code.bytes().all(|b| b.is_ascii_uppercase())
        && !code.starts_with("XX")
        && !code.starts_with("BB");
    if national {
        "national".to_string()
    } else {
        code.to_string()
    }
}

/// [`Tournament::acceleration`], computed without overflow however many records there are.
fn acceleration(t: &Tournament, player: PlayerId, round: u32) -> Option<Points> {
    let ranged: i64 = t
        .accelerations
        .iter()
        .filter(|a| {
            (a.first_round..=a.last_round).contains(&round)
                && (a.first_player..=a.last_player).contains(&player)
        })
        .map(|a| i64::from(a.points.tenths()))
        .sum();
    let per_player: i64 = t
        .player_accelerations
        .iter()
        .filter(|(id, _)| *id == player)
        .filter_map(|(_, v)| (round as usize).checked_sub(1).and_then(|i| v.get(i)))
        .map(|p| i64::from(p.tenths()))
        .sum();
    let total = ranged + per_player;
    (total.abs() <= 1_000_000).then(|| Points::from_tenths(total as i32))
}

fn round_error(at: At, declared: u32, r: u32) -> TrfError {
    TrfError::new(
        at.line,
        at.col,
        K::RoundOutOfRange,
        format!("a round from 1 to {declared} (the declared number of rounds)"),
        r.to_string(),
    )
}

/// The checks of a team file: team numbers used once, every team reference naming a team,
/// members of a team facing one team per round, and no bye receiver (`320`) with a game.
fn team_checks(p: &Parsed, index: &HashMap<PlayerId, usize>, errors: &mut Vec<TrfError>) {
    let t = &p.t;
    let numbers = t.team_numbers();
    let mut first_at: HashMap<u32, usize> = HashMap::new();
    for (k, &n) in numbers.iter().enumerate() {
        if let Some(&j) = first_at.get(&n) {
            let at = p.team_at[k].unwrap_or(At { line: 0, col: 5 });
            let first_line = p.team_at[j].map_or(0, |a| a.line);
            errors.push(TrfError::new(
                at.line,
                at.col,
                K::UnknownTeam,
                format!("a team number not used before (team {n} is on line {first_line})"),
                n.to_string(),
            ));
        } else {
            first_at.insert(n, k);
        }
    }
    let known = |n: u32| first_at.contains_key(&n);
    for &(n, at) in p.participant_refs.iter().chain(&p.team_refs) {
        if !known(n) {
            errors.push(TrfError::new(
                at.line,
                at.col,
                K::UnknownTeam,
                "the number of a team in the file (310 or 013)",
                format!("{n}, which no team has"),
            ));
        }
    }
    // The team of each player, by index (the reader refuses a player in two rosters).
    let mut team_of: HashMap<PlayerId, usize> = HashMap::new();
    for (k, team) in t.teams.iter().enumerate() {
        for id in &team.players {
            team_of.entry(*id).or_insert(k);
        }
    }
    // Round by round, the opposing team of each team as its first member with an opponent
    // names it; any other member facing another team is reported on its own line. Members on
    // a pairing-allocated bye are counted by team: one team a round.
    let mut opposing: HashMap<(usize, usize), (usize, PlayerId)> = HashMap::new();
    let mut bye_team: HashMap<usize, usize> = HashMap::new();
    for (k, team) in t.teams.iter().enumerate() {
        let n = numbers[k];
        for id in &team.players {
            if team_of.get(id) != Some(&k) {
                continue;
            }
            let Some(&i) = index.get(id) else { continue };
            let pl = &t.players[i];
            let src = &p.players[i];
            for (r, e) in pl.rounds.iter().enumerate() {
                let col = src.entries.get(r).map_or(1, |x| x.col);
                if matches!(e, Entry::PairingBye) {
                    match bye_team.get(&r) {
                        Some(&other) if other != k => errors.push(TrfError::new(
                            src.line,
                            col + 7,
                            K::SecondPairingBye,
                            format!(
                                "at most one team with the pairing-allocated bye in round {} (team {} has it)",
                                r + 1,
                                numbers[other]
                            ),
                            format!("a 'U' for team {n}"),
                        )),
                        Some(_) => {}
                        None => {
                            bye_team.insert(r, k);
                        }
                    }
                }
                let Some(o) = e.opponent() else { continue };
                let Some(&other) = team_of.get(&o) else {
                    if index.contains_key(&o) {
                        errors.push(TrfError::new(
                            src.line,
                            col,
                            K::TeamMismatch,
                            format!("an opponent who plays for a team (round {})", r + 1),
                            format!("player {o}, who is in no team"),
                        ));
                    }
                    continue;
                };
                if other == k {
                    errors.push(TrfError::new(
                        src.line,
                        col,
                        K::TeamMismatch,
                        format!("an opponent from another team (round {})", r + 1),
                        format!("player {o} of the same team {n}"),
                    ));
                    continue;
                }
                match opposing.get(&(k, r)) {
                    Some(&(first, by)) if first != other => errors.push(TrfError::new(
                        src.line,
                        col,
                        K::TeamMismatch,
                        format!(
                            "an opponent from team {}, as player {by} of team {n} has in round {}",
                            numbers[first],
                            r + 1
                        ),
                        format!("player {o} of team {}", numbers[other]),
                    )),
                    Some(_) => {}
                    None => {
                        opposing.insert((k, r), (other, *id));
                    }
                }
            }
        }
    }
    for &(round, team, at) in &p.pab_receivers_at {
        let Some(&k) = first_at.get(&team) else {
            continue;
        };
        if let Some(&(other, _)) = opposing.get(&(k, round as usize - 1)) {
            errors.push(TrfError::new(
                at.line,
                at.col,
                K::TeamMismatch,
                format!("a team without a match in round {round} as the bye's receiver"),
                format!("team {team}, which played team {}", numbers[other]),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(result: GameResult, rated: bool, color: Color) -> Entry {
        Entry::Played {
            opponent: PlayerId(1),
            color,
            result,
            rated,
        }
    }

    #[test]
    fn only_the_arbiters_non_standard_pairs_may_differ() {
        use GameResult::{Draw, Loss, Win};
        let agree = |a: GameResult, b: GameResult, rated: bool| {
            results_agree(
                &played(a, rated, Color::White),
                &played(b, rated, Color::Black),
            )
        };
        // The usual results.
        assert!(agree(Win, Loss, true) && agree(Draw, Draw, true) && agree(Loss, Win, false));
        // A half point for one side only, a double loss (`=`/`0`, `0`/`=`, `0`/`0`).
        assert!(agree(Draw, Loss, true));
        assert!(agree(Loss, Draw, true));
        assert!(agree(Loss, Loss, true));
        // Anything else stays a mismatch.
        for (a, b) in [(Win, Win), (Win, Draw), (Draw, Win)] {
            assert!(!agree(a, b, true), "{a:?}/{b:?}");
        }
        for (a, b) in [(Draw, Loss), (Loss, Draw), (Loss, Loss)] {
            assert!(!agree(a, b, false), "unrated {a:?}/{b:?}");
        }
        assert!(!results_agree(
            &played(Win, true, Color::White),
            &played(Loss, false, Color::Black)
        ));
    }
}
