//! The canonical TRF layouts: one way to write each model, so that writing what was read from
//! our own output gives the same bytes.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::model::*;
use crate::points::Points;

use super::Format;

/// A character a TRF field cannot carry: a record is one line, so a line break (or any other
/// control character, or a line separator) inside a name would start another record.
fn breaks_the_line(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

/// A text field as one line: what would break it becomes a blank. A program's model may hold
/// anything; a name with a newline must never forge a `001` record.
pub(crate) fn one_line(s: &str) -> Cow<'_, str> {
    if s.chars().any(breaks_the_line) {
        Cow::Owned(
            s.chars()
                .map(|c| if breaks_the_line(c) { ' ' } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(s)
    }
}

/// Pads or cuts `s` to exactly `width` characters (text fields have fixed widths), as one line.
fn fit(s: &str, width: usize) -> String {
    let mut out: String = one_line(s).chars().take(width).collect();
    let n = out.chars().count();
    out.extend(std::iter::repeat_n(' ', width - n));
    out
}

fn opt_num<T: std::fmt::Display>(v: Option<T>, width: usize) -> String {
    match v {
        Some(v) => format!("{v:>width$}"),
        None => " ".repeat(width),
    }
}

/// The 8 characters of a round entry.
pub fn entry_text(e: &Entry) -> String {
    let opp = |o: Option<PlayerId>| match o {
        Some(o) => format!("{:>4}", o.0),
        None => "0000".to_string(),
    };
    let col = |c: Option<Color>| c.map_or('-', |c| c.trf_char());
    match *e {
        Entry::Played {
            opponent,
            color,
            result,
            rated,
        } => {
            let code = match (result, rated) {
                (GameResult::Win, true) => '1',
                (GameResult::Draw, true) => '=',
                (GameResult::Loss, true) => '0',
                (GameResult::Win, false) => 'W',
                (GameResult::Draw, false) => 'D',
                (GameResult::Loss, false) => 'L',
            };
            format!("{:>4} {} {code}", opponent.0, color.trf_char())
        }
        Entry::ForfeitWin { opponent, color } => format!("{} {} +", opp(opponent), col(color)),
        Entry::ForfeitLoss { opponent, color } => format!("{} {} -", opp(opponent), col(color)),
        Entry::DoubleForfeit { opponent, color } => {
            format!("{:>4} {} -", opponent.0, color.trf_char())
        }
        Entry::PairingBye => "0000 - U".into(),
        Entry::FullBye => "0000 - F".into(),
        Entry::HalfBye => "0000 - H".into(),
        Entry::ZeroBye | Entry::Withdrawn => "0000 - Z".into(),
        Entry::NotPaired => "        ".into(),
    }
}

/// The columns of the history: up to the last entry anybody has that is neither blank nor a
/// withdrawal. A withdrawal inside them is written `0000 - Z` (with its `XXW` record, which
/// tells it from an absence); after them it stays blank, so that a withdrawal recorded for
/// the coming rounds does not make them look played.
fn history_len(t: &Tournament) -> usize {
    t.players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .rposition(|e| !matches!(e, Entry::NotPaired | Entry::Withdrawn))
        })
        .max()
        .map_or(0, |i| i + 1)
}

fn player_line(p: &Player, history: usize) -> String {
    let sex = match p.sex {
        Some(Sex::Male) => 'm',
        Some(Sex::Female) => 'w',
        None => ' ',
    };
    let title = p.title.map_or("", |t| t.code());
    let mut s = format!(
        "001 {:>4} {sex}{title:>3} {} {} {} {} {}{:>5} {}  ",
        p.id.0,
        fit(&p.name, 33),
        opt_num(p.rating, 4),
        fit(p.federation.as_deref().unwrap_or(""), 3),
        opt_num(p.fide_id, 11),
        fit(p.birth_date.as_deref().unwrap_or(""), 10),
        p.points.to_string(),
        opt_num(p.rank, 4),
    );
    // The withdrawal's rounds after the history are left out (its `XXW` record says them).
    let written = p
        .rounds
        .iter()
        .rposition(|e| *e != Entry::Withdrawn)
        .map_or(0, |i| i + 1)
        .max(history.min(p.rounds.len()));
    for (i, e) in p.rounds[..written].iter().enumerate() {
        if i > 0 {
            s.push_str("  ");
        }
        s.push_str(&entry_text(e));
    }
    if written == 0 {
        s.truncate(s.trim_end().len().max(89));
    }
    s
}

/// True when BBx records can hold this point system.
pub(crate) fn fits_bbx(ps: &PointSystem) -> bool {
    ps.forfeit_win == ps.win && ps.full_bye == ps.win && ps.half_bye == ps.draw
}

/// True when a `162` record can hold this point system: the values its symbols share agree,
/// and each fits the record's 4 columns (BBx records, free-width, hold the rest).
pub(crate) fn fits_162(ps: &PointSystem) -> bool {
    let narrow = |v: Points| v.to_string().chars().count() <= 4;
    fits_bbx(ps)
        && ps.zero_bye == ps.forfeit_loss
        && [ps.win, ps.draw, ps.loss, ps.zero_bye, ps.pairing_bye]
            .into_iter()
            .all(narrow)
}

fn bbx_lines(out: &mut String, ps: &PointSystem) {
    let d = PointSystem::default();
    let mut line = |code: &str, v: Points, default: Points| {
        if v != default {
            let _ = writeln!(out, "{code} {v:>4}");
        }
    };
    line("BBW", ps.win, d.win);
    line("BBD", ps.draw, d.draw);
    line("BBL", ps.loss, d.loss);
    line("BBZ", ps.zero_bye, d.zero_bye);
    line("BBF", ps.forfeit_loss, d.forfeit_loss);
    line("BBU", ps.pairing_bye, ps.win);
}

fn line_162(ps: &PointSystem) -> Option<String> {
    let d = PointSystem::default();
    let pairs: Vec<(char, Points)> = [
        ('W', ps.win, d.win),
        ('D', ps.draw, d.draw),
        ('L', ps.loss, d.loss),
        ('A', ps.zero_bye, d.zero_bye),
        ('P', ps.pairing_bye, ps.win),
    ]
    .into_iter()
    .filter(|(_, v, def)| v != def)
    .map(|(c, v, _)| (c, v))
    .collect();
    if pairs.is_empty() {
        return None;
    }
    let mut s = "162 ".to_string();
    for (c, v) in pairs {
        let _ = write!(s, " {c}{v:>4}   ");
    }
    Some(s.trim_end().to_string())
}

fn text_line(out: &mut String, code: &str, v: &Option<String>) {
    if let Some(v) = v {
        let _ = writeln!(out, "{code} {}", one_line(v));
    }
}

fn team_line(out: &mut String, t: &Team, format: Format) {
    let plain = t.id.is_none()
        && t.nickname.is_none()
        && t.strength.is_none()
        && t.match_points.is_none()
        && t.game_points.is_none()
        && t.rank.is_none();
    let mut s;
    if format == Format::Trf16 && plain {
        s = format!("013 {}", fit(&t.name, 32));
        for (i, p) in t.players.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{:>4}", p.0);
        }
    } else {
        s = format!(
            "310 {} {} {} {} {} {} {}  ",
            opt_num(t.id, 3),
            fit(&t.name, 32),
            fit(t.nickname.as_deref().unwrap_or(""), 5),
            fit(t.strength.as_deref().unwrap_or(""), 6),
            opt_num(t.match_points, 6),
            opt_num(t.game_points, 6),
            opt_num(t.rank, 3),
        );
        for (i, p) in t.players.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{:>4}", p.0);
        }
    }
    let _ = writeln!(out, "{}", s.trim_end());
}

/// The team records besides the rosters: `352`, `362`, `320`, `330` (trf.md §8).
fn team_records(out: &mut String, r: &TeamRecords) {
    if let Some(colors) = &r.board_colors {
        let letters: String = colors
            .iter()
            .map(|c| c.trf_char().to_ascii_uppercase())
            .collect();
        let _ = writeln!(out, "352 {letters}");
    }
    if let Some(m) = &r.match_points {
        let _ = writeln!(
            out,
            "362 TW{:>4}   TD{:>4}   TL{:>4}",
            m.win, m.draw, m.loss
        );
    }
    if let Some(pab) = &r.pab {
        let mut s = format!(
            "320 {} {}",
            opt_num(pab.match_points, 4),
            opt_num(pab.game_points, 4)
        );
        for team in &pab.receivers {
            let _ = write!(s, " {:03}", team.unwrap_or(0));
        }
        let _ = writeln!(out, "{}", s.trim_end());
    }
    for f in &r.forfeits {
        let kind = match f.result {
            TeamForfeitResult::WhiteWins => "+-",
            TeamForfeitResult::BlackWins => "-+",
            TeamForfeitResult::Neither => "--",
        };
        let _ = writeln!(
            out,
            "330 {kind} {:>3} {:>3} {:>3}",
            f.round, f.white, f.black
        );
    }
}

/// A `299` record: type at 5, match points at 8-11, points at 14-17, round at 20-22 (`000`
/// for every round), participants from 24, 5 columns apart.
fn abnormal_line(a: &AbnormalPoints) -> String {
    let mut s = format!(
        "299 {}  {}  {}  {:03}",
        a.kind.trf_char(),
        opt_num(a.match_points, 4),
        opt_num(a.points, 4),
        a.round.unwrap_or(0)
    );
    for p in &a.participants {
        let _ = write!(s, " {p:04}");
    }
    s
}

/// Writes the tournament in one of the two canonical layouts. See the module documentation
/// for which record carries what in each format.
pub fn write(t: &Tournament, format: Format) -> String {
    let h = &t.header;
    let mut out = String::new();
    text_line(&mut out, "012", &h.name);
    text_line(&mut out, "022", &h.city);
    text_line(&mut out, "032", &h.federation);
    text_line(&mut out, "042", &h.start_date);
    text_line(&mut out, "052", &h.end_date);
    text_line(&mut out, "062", &h.declared_players.map(|v| v.to_string()));
    text_line(
        &mut out,
        "072",
        &h.declared_rated_players.map(|v| v.to_string()),
    );
    text_line(&mut out, "082", &h.declared_teams.map(|v| v.to_string()));
    text_line(&mut out, "092", &h.tournament_type);
    text_line(&mut out, "102", &h.chief_arbiter);
    for d in &h.deputy_arbiters {
        let _ = writeln!(out, "112 {}", one_line(d));
    }
    text_line(&mut out, "122", &h.time_control);
    if !h.round_dates.is_empty() {
        let mut s = format!("132{}", " ".repeat(88));
        for (i, d) in h.round_dates.iter().enumerate() {
            if i > 0 {
                s.push_str("  ");
            }
            s.push_str(&fit(d, 8));
        }
        // Not trimmed: a blank last date still counts as a round.
        let _ = writeln!(out, "{s}");
    }
    let ps = &t.point_system;
    match format {
        Format::Trf16 => {
            if let Some(n) = h.rounds {
                let _ = writeln!(out, "XXR {n}");
            }
            let mut xxc = Vec::new();
            match h.initial_color {
                Some(Color::White) => xxc.push("white1"),
                Some(Color::Black) => xxc.push("black1"),
                None => {}
            }
            if h.pair_by_line_order {
                xxc.push("rank");
            }
            if !xxc.is_empty() {
                let _ = writeln!(out, "XXC {}", xxc.join(" "));
            }
            bbx_lines(&mut out, ps);
        }
        Format::Trf26 => {
            if let Some(n) = h.rounds {
                let _ = writeln!(out, "142 {n}");
            }
            match h.initial_color {
                Some(Color::White) => out.push_str("152 W\n"),
                Some(Color::Black) => out.push_str("152 B\n"),
                None => {}
            }
            if h.pair_by_line_order {
                out.push_str("XXC rank\n");
            }
            if fits_162(ps) {
                if let Some(l) = line_162(ps) {
                    let _ = writeln!(out, "{l}");
                }
            } else {
                bbx_lines(&mut out, ps);
            }
        }
    }
    text_line(&mut out, "172", &h.rating_method);
    text_line(&mut out, "182", &h.program);
    text_line(&mut out, "192", &h.type_code);
    text_line(&mut out, "202", &h.tiebreaks);
    text_line(&mut out, "212", &h.standings_tiebreaks);
    text_line(&mut out, "222", &h.time_control_code);
    let history = history_len(t);
    for p in &t.players {
        let _ = writeln!(out, "{}", player_line(p, history));
    }
    for team in &t.teams {
        team_line(&mut out, team, format);
    }
    team_records(&mut out, &t.team_records);
    for b in &t.announced_byes {
        let mut s = format!("240 {} {:03}", b.kind.trf_char(), b.round);
        for p in &b.players {
            let _ = write!(s, " {:04}", p.0);
        }
        let _ = writeln!(out, "{s}");
    }
    for a in &t.accelerations {
        let _ = writeln!(
            out,
            "250 {} {:>4} {:03} {:03} {:04} {:04}",
            opt_num(a.match_points, 4),
            a.points,
            a.first_round,
            a.last_round,
            a.first_player.0,
            a.last_player.0
        );
    }
    for (id, values) in &t.player_accelerations {
        let mut s = format!("XXA {:>4}", id.0);
        for v in values {
            let _ = write!(s, " {v:>4}");
        }
        let _ = writeln!(out, "{s}");
    }
    for g in &t.forbidden {
        let mut s = match (g.rounds, format) {
            (None, Format::Trf16) => "XXP".to_string(),
            (None, Format::Trf26) => "260        ".to_string(),
            (Some((a, b)), _) => format!("260 {a:03} {b:03}"),
        };
        for p in &g.players {
            match (g.rounds, format) {
                (None, Format::Trf16) => write!(s, " {}", p.0),
                _ => write!(s, " {:04}", p.0),
            }
            .ok();
        }
        let _ = writeln!(out, "{s}");
    }
    for a in &t.abnormal_points {
        let _ = writeln!(out, "{}", abnormal_line(a));
    }
    for p in &t.players {
        let mut r = 0;
        while r < p.rounds.len() {
            if p.rounds[r] == Entry::Withdrawn {
                let first = r;
                while r < p.rounds.len() && p.rounds[r] == Entry::Withdrawn {
                    r += 1;
                }
                let _ = writeln!(out, "XXW {} {} {}", p.id.0, first + 1, r);
            } else {
                r += 1;
            }
        }
    }
    place_other_lines(out, t)
}

/// Puts the lines the model does not interpret back where they stood: at the top, after the
/// last record with their key, or at the end.
fn place_other_lines(records: String, t: &Tournament) -> String {
    if t.other_lines.is_empty() {
        return records;
    }
    // Split on LF only: a CR inside a line is content.
    let lines: Vec<&str> = records.split_terminator('\n').collect();
    let mut last_with_key = std::collections::HashMap::new();
    for (i, key) in super::record_keys(&records).into_iter().enumerate() {
        last_with_key.insert(key, i);
    }
    let mut top = Vec::new();
    let mut after: Vec<Vec<&str>> = vec![Vec::new(); lines.len()];
    let mut end = Vec::new();
    for (i, l) in t.other_lines.iter().enumerate() {
        match t.other_line_places.get(i) {
            Some(LinePlace::Top) => top.push(l.as_str()),
            Some(LinePlace::After(k)) => match last_with_key.get(k) {
                Some(&j) => after[j].push(l.as_str()),
                None => end.push(l.as_str()),
            },
            Some(LinePlace::End) | None => end.push(l.as_str()),
        }
    }
    let mut out = String::with_capacity(records.len() + 80 * t.other_lines.len());
    let mut put = |l: &str| {
        out.push_str(l);
        out.push('\n');
    };
    top.into_iter().for_each(&mut put);
    for (l, following) in lines.into_iter().zip(after) {
        put(l);
        following.into_iter().for_each(&mut put);
    }
    end.into_iter().for_each(&mut put);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name with a line break (a program's model, or an old database) writes one record,
    /// never a forged `001` line, and the file reads back.
    #[test]
    fn text_fields_never_break_their_line() {
        let text = "012 Open\nXXR 1\n\
001    1      Alpha, Ann                        2100                             0.0    1\n\
001    2      Bravo, Ben                        2000                             0.0    2\n";
        let mut t = crate::trf::read(text).unwrap();
        t.players[0].name = "Evil\n001    9      Nobody".into();
        t.players[1].name = "Tab\there\r".into();
        t.header.name = Some("Open\n001    3      Ghost".into());
        t.header.deputy_arbiters = vec!["Durand\u{2028}Claire".into()];
        t.header.city = Some("Lyon\u{1b}[31m".into());
        for format in [Format::Trf16, Format::Trf26] {
            let out = write(&t, format);
            assert_eq!(
                out.lines().filter(|l| l.starts_with("001")).count(),
                2,
                "{out}"
            );
            assert!(out.contains("012 Open 001    3      Ghost\n"), "{out}");
            assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
            let back = crate::trf::read(&out).unwrap();
            assert_eq!(back.players.len(), 2);
            assert_eq!(back.players[0].name, "Evil 001    9      Nobody");
        }
    }

    /// A withdrawal is `0000 - Z` in the rounds played (TRF16: a player not paired), blank in
    /// the rounds to come, and reads back as a withdrawal thanks to its `XXW` record.
    #[test]
    fn a_withdrawal_is_a_zero_bye_in_the_rounds_played() {
        let text = "012 Open\nXXR 4\n\
001    1      Alpha, Ann                        2100                             2.0    1     2 w 1  0000 - U\n\
001    2      Bravo, Ben                        2000                             0.0    3     1 b 0\n\
001    3      Carla, Cid                        1900                             1.0    2  0000 - U     4 w 0\n\
001    4      Dodo, Dan                         1800                             1.0    2  0000 - Z     3 b 1\n\
XXW 2 2 4\n";
        let t = crate::trf::read(text).unwrap();
        assert_eq!(
            t.players[1].rounds[1..],
            [Entry::Withdrawn, Entry::Withdrawn, Entry::Withdrawn]
        );
        for format in [Format::Trf16, Format::Trf26] {
            let out = write(&t, format);
            let line = out.lines().find(|l| l.starts_with("001    2")).unwrap();
            assert_eq!(&line[91..], "   1 b 0  0000 - Z", "{out}");
            assert!(out.contains("XXW 2 2 4\n"), "{out}");
            let back = crate::trf::read(&out).unwrap();
            assert_eq!(back.players, t.players);
            assert_eq!(write(&back, format), out);
        }
    }
}
