//! Hand-made TRF files: valid ones that must read and round-trip, and broken ones that must
//! give exactly the messages in their `.expected` files (`LINE:COLUMN: message`, one a line).

use std::path::{Path, PathBuf};

use tournament::trf::{self, Format, TrfErrorKind};
use tournament::*;

fn fixtures(sub: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(sub);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

fn read_fixture(sub: &str, name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(sub)
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

fn render(errors: &trf::TrfErrors) -> String {
    errors
        .iter()
        .map(|e| {
            format!(
                "{}:{}: expected {}, found {}\n",
                e.line, e.column, e.expected, e.found
            )
        })
        .collect()
}

#[test]
fn broken_fixtures_give_their_expected_messages() {
    let files = fixtures("broken", "trf");
    assert!(files.len() >= 20, "only {} broken fixtures", files.len());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let expected = std::fs::read_to_string(f.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{} has no .expected file", f.display()));
        assert!(
            !expected.trim().is_empty(),
            "{}: empty .expected",
            f.display()
        );
        match trf::read(&text) {
            Ok(_) => panic!("{} was accepted", f.display()),
            Err(e) => assert_eq!(render(&e), expected, "{}", f.display()),
        }
    }
}

fn round_trips(t: &Tournament) {
    for format in [Format::Trf16, Format::Trf26] {
        let written = trf::write(t, format);
        let back = trf::read(&written).unwrap_or_else(|e| panic!("{format:?}:\n{e}\n{written}"));
        assert_eq!(&back, t, "{format:?}:\n{written}");
        assert_eq!(
            trf::write(&back, format),
            written,
            "{format:?} not canonical"
        );
    }
}

#[test]
fn valid_fixtures_read_and_round_trip_with_any_line_ending() {
    let files = fixtures("valid", "trf");
    assert!(files.len() >= 2);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let t = trf::read(&text).unwrap_or_else(|e| panic!("{}:\n{e}", f.display()));
        for ending in ["\r", "\r\n"] {
            let other = text.replace('\n', ending);
            assert_eq!(
                trf::read(&other).unwrap(),
                t,
                "{} with {ending:?}",
                f.display()
            );
        }
        round_trips(&t);
    }
}

#[test]
fn small_fixture_means_what_it_says() {
    let t = trf::read(&read_fixture("valid", "small.trf")).unwrap();
    assert_eq!(t.header.rounds, Some(5));
    assert_eq!(t.header.initial_color, Some(Color::White));
    assert_eq!(t.players.len(), 8);
    let p = |n: u32| t.player(PlayerId(n)).unwrap();
    assert_eq!(p(2).title, Some(Title::WIM));
    assert_eq!(p(2).sex, Some(Sex::Female));
    assert_eq!(p(7).rating, None);
    assert_eq!(p(1).fide_id, Some(1503014));
    assert_eq!(
        p(4).rounds[0],
        Entry::Played {
            opponent: PlayerId(8),
            color: Color::White,
            result: GameResult::Win,
            rated: false
        }
    );
    assert_eq!(
        p(3).rounds[1],
        Entry::ForfeitWin {
            opponent: Some(PlayerId(4)),
            color: Some(Color::White)
        }
    );
    assert_eq!(
        p(4).rounds[1],
        Entry::ForfeitLoss {
            opponent: Some(PlayerId(3)),
            color: Some(Color::Black)
        }
    );
    assert_eq!(
        p(6).rounds[1],
        Entry::DoubleForfeit {
            opponent: PlayerId(7),
            color: Color::White
        }
    );
    assert_eq!(
        p(7).rounds[1],
        Entry::DoubleForfeit {
            opponent: PlayerId(6),
            color: Color::Black
        }
    );
    assert_eq!(p(6).rounds[2], Entry::PairingBye);
    assert_eq!(p(8).rounds[3], Entry::HalfBye);
    // Player 8's score leaves out the half-point bye entered for round 4, the round to pair.
    assert_eq!(trf::round_to_pair(&t), 4);
    assert_eq!(p(8).points, Points::HALF);
    assert_eq!(p(8).score(&t.point_system), Points::ONE);
}

#[test]
fn trf26_fixture_means_what_it_says() {
    let t = trf::read(&read_fixture("valid", "small26.trf")).unwrap();
    let ps = t.point_system;
    assert_eq!(
        (ps.win, ps.draw, ps.loss),
        (Points::from_whole(3), Points::ONE, Points::ZERO)
    );
    assert_eq!(ps.pairing_bye, Points::from_whole(3));
    assert_eq!(t.header.rounds, Some(5));
    assert_eq!(t.header.initial_color, Some(Color::White));
    assert_eq!(t.header.type_code.as_deref(), Some("FIDE_DUTCH_2025"));
    assert_eq!(t.header.round_dates, ["26/10/03", "26/10/03", "26/10/04"]);
    let p7 = t.player(PlayerId(7)).unwrap();
    assert_eq!(p7.rounds.len(), 5);
    assert_eq!(&p7.rounds[3..], &[Entry::Withdrawn, Entry::Withdrawn]);
    assert_eq!(
        t.announced_byes,
        [AnnouncedByes {
            kind: ByeKind::Half,
            round: 4,
            players: vec![PlayerId(8)]
        }]
    );
    assert_eq!(t.acceleration(PlayerId(3), 2), Points::ONE);
    assert_eq!(t.acceleration(PlayerId(5), 2), Points::ZERO);
    assert!(t.is_forbidden(PlayerId(1), PlayerId(2), 4));
    assert!(!t.is_forbidden(PlayerId(1), PlayerId(2), 3));
    assert!(t.is_forbidden(PlayerId(3), PlayerId(4), 1));
    assert_eq!(t.teams.len(), 1);
    assert_eq!(t.teams[0].nickname.as_deref(), Some("RIV"));
    assert_eq!(t.teams[0].match_points, Some(Points::from_whole(10)));
    assert_eq!(
        t.teams[0].players,
        [PlayerId(1), PlayerId(3), PlayerId(5), PlayerId(7)]
    );
    assert_eq!(t.other_lines.len(), 2);
    assert!(t.other_lines[0].starts_with("###"));
    assert!(t.other_lines[1].starts_with("801"));
}

/// One `001` line with its round entries.
fn line(tpn: u32, name: &str, points: &str, entries: &[&str]) -> String {
    format!(
        "001 {tpn:>4}      {name:<33} {:>4} {:<3} {:>11} {:<10}{points:>5} {tpn:>4}  {}\n",
        2100 - tpn * 10,
        "",
        "",
        "",
        entries.join("  ")
    )
}

/// A two-player file with the given round entries and points.
fn two(e1: &str, p1: &str, e2: &str, p2: &str, extra: &str) -> String {
    format!(
        "{extra}{}{}",
        line(1, "One, Player", p1, &[e1]),
        line(2, "Two, Player", p2, &[e2])
    )
}

#[test]
fn legacy_entries() {
    let t = trf::read(&two("0000 - =", "0.5", "0000 - +", "1.0", "")).unwrap();
    assert_eq!(t.players[0].rounds[0], Entry::HalfBye);
    assert_eq!(
        t.players[1].rounds[0],
        Entry::ForfeitWin {
            opponent: None,
            color: None
        }
    );
    round_trips(&t);
    let t = trf::read(&two("   2 - +", "1.0", "   1 - -", "0.0", "")).unwrap();
    assert_eq!(
        t.players[0].rounds[0],
        Entry::ForfeitWin {
            opponent: Some(PlayerId(2)),
            color: None
        }
    );
    round_trips(&t);
    // Double forfeit with unknown colours stays two forfeit losses.
    let t = trf::read(&two("   2 - -", "0.0", "   1 - -", "0.0", "")).unwrap();
    assert_eq!(
        t.players[0].rounds[0],
        Entry::ForfeitLoss {
            opponent: Some(PlayerId(2)),
            color: None
        }
    );
    round_trips(&t);
}

#[test]
fn points_check_accepts_acceleration_and_bye_of_the_round_to_pair() {
    // Round 1 played, round 2 to pair; player 2 has a half-point bye entered for round 2.
    let base = |p2: &str, extra: &str| {
        format!(
            "{extra}{}{}{}",
            line(1, "One, Player", "1.0", &["   2 w 1"]),
            line(2, "Two, Player", p2, &["   1 b 0", "0000 - H"]),
            line(3, "Three, Player", "1.0", &["0000 - U"]),
        )
    };
    assert!(trf::read(&base("0.0", "")).is_ok());
    assert!(trf::read(&base("0.5", "")).is_ok());
    let e = trf::read(&base("1.0", "")).unwrap_err();
    assert_eq!(e.0[0].kind, TrfErrorKind::ScoreMismatch);
    assert_eq!(
        e.0[0].expected,
        "points 0.5 or 0.0 (the sum of the round results)"
    );
    // One virtual point for player 2 in round 2: 1.0 and 1.5 are now accepted too.
    let acc = "XXA    2  0.0  1.0\n";
    assert!(trf::read(&base("1.0", acc)).is_ok());
    assert!(trf::read(&base("1.5", acc)).is_ok());
    assert!(trf::read(&base("2.0", acc)).is_err());
}

#[test]
fn bbx_point_system() {
    let extra = "BBW  3.0\nBBD  1.0\nBBU  2.0\n";
    let t = trf::read(&two("   2 w 1", "3.0", "   1 b 0", "0.0", extra)).unwrap();
    assert_eq!(t.point_system.win, Points::from_whole(3));
    assert_eq!(t.point_system.pairing_bye, Points::from_whole(2));
    assert_eq!(t.point_system.full_bye, Points::from_whole(3));
    assert_eq!(t.point_system.half_bye, Points::ONE);
    round_trips(&t);
    let w16 = trf::write(&t, Format::Trf16);
    assert!(w16.contains("BBW  3.0\nBBD  1.0\nBBU  2.0\n"), "{w16}");
    let w26 = trf::write(&t, Format::Trf26);
    assert!(w26.contains("162  W 3.0    D 1.0    P 2.0\n"), "{w26}");
    // 162 agreeing with BBx is fine.
    let both = format!("{extra}162  W 3.0\n");
    assert!(trf::read(&two("   2 w 1", "3.0", "   1 b 0", "0.0", &both)).is_ok());
}

#[test]
fn team_records_of_both_formats() {
    let t = trf::read(&two(
        "   2 w 1",
        "1.0",
        "   1 b 0",
        "0.0",
        &format!("013 {:<32}{:>4} {:>4}\n", "Club A", 1, 2),
    ))
    .unwrap();
    assert_eq!(t.teams[0].name, "Club A");
    assert_eq!(t.teams[0].players, [PlayerId(1), PlayerId(2)]);
    assert!(trf::write(&t, Format::Trf16).contains("\n013 Club A"));
    assert!(trf::write(&t, Format::Trf26).contains("\n310     Club A"));
    round_trips(&t);
}

#[test]
fn read_unchecked_skips_the_checks_between_lines() {
    let text = two("   2 w 1", "0.0", "   1 w 1", "5.0", "");
    assert!(trf::read(&text).is_err());
    let t = trf::read_unchecked(&text).unwrap();
    assert_eq!(t.players[1].points, Points::from_whole(5));
}

#[test]
fn latin1_fallback() {
    let mut bytes = two("   2 w 1", "1.0", "   1 b 0", "0.0", "").into_bytes();
    // "One" becomes "Oné" in Latin-1: a single byte 0xE9.
    let at = bytes.windows(3).position(|w| w == b"One").unwrap();
    bytes[at + 2] = 0xE9;
    bytes.remove(at + 3); // keep the column count: one character for one byte
    bytes.insert(at + 3, b' ');
    assert!(String::from_utf8(bytes.clone()).is_err());
    let t = trf::read(&trf::decode_latin1(&bytes)).unwrap();
    assert!(t.players[0].name.starts_with("On\u{e9}"));
}

#[test]
fn byte_order_mark_is_skipped() {
    let one = line(1, "One, Player", "0.0", &[]);
    let t = trf::read(&format!("\u{feff}012 Open\nXXR 3\n{one}")).unwrap();
    assert_eq!(t.header.name.as_deref(), Some("Open"));
    assert!(t.other_lines.is_empty());
}

#[test]
fn empty_and_short_lines() {
    // A file without a player line is not a tournament.
    let e = trf::read("").unwrap_err();
    assert_eq!(e.0.len(), 1);
    assert_eq!(e.0[0].kind, TrfErrorKind::NoPlayers);
    assert_eq!(
        e.0[0].to_string(),
        "line 1, column 1: expected at least one player line (001), found none"
    );
    let one = line(1, "One, Player", "0.0", &[]);
    let t = trf::read(&format!("\n\r\n\rab\n012 X\n{one}")).unwrap();
    assert_eq!(t.header.name.as_deref(), Some("X"));
    // Only unknown lines: the message points at the first one.
    let e = trf::read("\n\nab\nSection,Board,NS\n012 X\n").unwrap_err();
    assert_eq!(
        e.0[0].to_string(),
        "line 4, column 1: expected at least one player line (001), found none, and this line is not a TRF record: \"Section,Board,NS\""
    );
}

#[test]
fn every_error_names_line_and_column() {
    let e = trf::read("001    1      A\nXXR x\n").unwrap_err();
    for x in e.iter() {
        assert!(x.line >= 1 && x.column >= 1);
        let shown = x.to_string();
        assert!(
            shown.starts_with(&format!("line {}, column {}: expected ", x.line, x.column)),
            "{shown}"
        );
    }
}

#[test]
fn values_that_could_overflow_are_refused() {
    let e = trf::read("BBW 1000.0\n").unwrap_err();
    assert_eq!(
        e.0[0].to_string(),
        "line 1, column 5: expected a number of points from -999.9 to 999.9, found \"1000.0\""
    );
    let many: Vec<&str> = vec!["0000 - Z"; 1000];
    let e = trf::read(&line(1, "One, Player", "0.0", &many)).unwrap_err();
    assert_eq!(e.0[0].kind, TrfErrorKind::RoundOutOfRange);
    assert_eq!(e.0[0].column, 92 + 10 * 999);
}

#[test]
fn decode_utf8_locates_the_bad_byte() {
    assert_eq!(trf::decode_utf8(b"012 A\r\n").unwrap(), "012 A\r\n");
    let e = trf::decode_utf8(b"012 A\r\n022 B\xe9z\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 6));
    let e = trf::decode_utf8(b"012 A\r\n\xff").unwrap_err();
    assert_eq!((e.line, e.column), (2, 1));
}

/// Inputs that once crashed the fuzz target: they must not panic, and if accepted they must
/// round-trip like any other file.
#[test]
fn fuzz_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let mut n = 0;
    for f in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(f.unwrap().path()).unwrap();
        let text = trf::decode_utf8(&bytes).unwrap_or_else(|_| trf::decode_latin1(&bytes));
        let _ = trf::read_unchecked(&text);
        if let Ok(t) = trf::read(&text) {
            round_trips(&t);
        }
        n += 1;
    }
    assert!(n >= 1);
}

#[test]
fn values_must_fit_their_field_as_written() {
    let e = trf::read("162  W 370\n").unwrap_err();
    assert_eq!(
        e.0[0].to_string(),
        "line 1, column 8: expected a number of points that fit columns 7-10 when written with one decimal, found \"370\""
    );
    let one = line(1, "One, Player", "0.0", &[]);
    assert!(trf::read(&format!("162  W99.5\n{one}")).is_ok());
    // BBx values are free-width: one too wide for 162 makes the TRF-2026 layout keep BBx.
    let t = trf::read(&format!("BBW 218.5\n{one}")).unwrap();
    let w = trf::write(&t, Format::Trf26);
    assert!(
        w.starts_with("BBW 218.5\n001 ") && !w.contains("162"),
        "{w}"
    );
    round_trips(&t);
}

/// Lines we do not interpret stay beside the record they followed, and the model read back
/// from a rewrite equals the first one even when the rewrite orders the records otherwise
/// (here the team comes before the announced byes). Found by the `trf_read` fuzz target.
#[test]
fn other_lines_keep_their_places_when_records_are_reordered() {
    let text = "### Club rapid\n\
012 Club rapid\n\
XXR 3\n\
001    1      Alpha, A                          2000                             0.0    1\n\
001    2      Bravo, B                          1900                             0.0    2\n\
240 H 002 0002\n\
999 after the byes\n\
013 Team One                           1    2\n\
998 after the team\n\
997 also after the team\n";
    let t = trf::read(text).unwrap();
    for format in [Format::Trf16, Format::Trf26] {
        let written = trf::write(&t, format);
        let lines: Vec<&str> = written.lines().collect();
        let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap();
        assert_eq!(at("###"), 0, "{written}");
        assert_eq!(at("999"), at("240") + 1, "{written}");
        assert_eq!(at("998") + 1, at("997"), "{written}");
        let back = trf::read(&written).unwrap();
        assert_eq!(back, t, "{format:?}:\n{written}");
        assert_eq!(trf::write(&back, format), written, "{format:?}");
    }
}

#[test]
fn a_blank_result_with_no_opponent_written_is_a_zero_point_bye() {
    // heltour writes a round its player did not play as `0000 -  ` (TRF's blank result code).
    let text = format!(
        "{}{}{}",
        line(1, "One, Player", "1.0", &["   2 w 1", "   3 w 0"]),
        line(2, "Two, Player", "0.0", &["   1 b 0", "0000 -  "]),
        line(3, "Three, Player", "1.0", &["0000 -  ", "   1 b 1"]),
    );
    let t = trf::read(&text).unwrap();
    assert_eq!(t.players[1].rounds[1], Entry::ZeroBye);
    assert_eq!(t.players[2].rounds[0], Entry::ZeroBye);
    assert!(tournament::rounds::missing_entries(&t).is_empty());
    round_trips(&t);
    // Eight blank columns stay no entry at all.
    let blank = text.replace("0000 -  ", "        ");
    let t = trf::read(&blank).unwrap();
    assert_eq!(t.players[1].rounds[1], Entry::NotPaired);
    assert_eq!(
        tournament::rounds::missing_entries(&t),
        vec![(1, vec![PlayerId(3)]), (2, vec![PlayerId(2)])]
    );
}

/// A player line with `title` in columns 11-13.
fn titled(title: &str) -> String {
    line(1, "One, Player", "0.0", &[]).replacen(
        "001    1     ",
        &format!("001    1 w{title:>3}"),
        1,
    )
}

#[test]
fn titles_outside_trf_are_errors_except_when_read_for_pairing() {
    for title in ["gf", "mf", "ff", "cf", "XY"] {
        let text = format!("XXR 5\n{}", titled(title));
        let e = trf::read(&text).unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 11), "{title}");
        assert_eq!(e.0[0].found, format!("{title:?}"));
        let (t, warnings) = trf::read_for_pairing(&text).unwrap();
        assert_eq!(t.players[0].title, None, "{title}");
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].problem, e.0[0]);
        assert_eq!(
            warnings[0].action,
            "the title is left out (pairing engines do not read it)"
        );
    }
    let (t, warnings) = trf::read_for_pairing(&format!("XXR 5\n{}", titled("g"))).unwrap();
    assert_eq!((t.players[0].title, warnings.len()), (Some(Title::GM), 0));
}

#[test]
fn round_dates_off_the_grid_are_errors_except_when_read_for_pairing() {
    let player = line(1, "One, Player", "0.0", &[]);
    // Sharly Chess: 88 blanks after `132 `, so the dates start at column 93.
    let sharly = format!(
        "132 {}26/03/01  26/03/02  26/03/03\nXXR 5\n{player}",
        " ".repeat(88)
    );
    let e = trf::read(&sharly).unwrap_err();
    assert_eq!((e.0[0].line, e.0[0].column), (1, 100));
    let (t, warnings) = trf::read_for_pairing(&sharly).unwrap();
    assert_eq!(t.header.round_dates, ["26/03/01", "26/03/02", "26/03/03"]);
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].problem, e.0[0]);
    assert_eq!(
        warnings[0].action,
        "each date is read from its round's 10 columns"
    );
    // One date one column late is no longer cut to "26/03/0".
    let one = format!("132 {}26/03/01\nXXR 5\n{player}", " ".repeat(88));
    let e = trf::read(&one).unwrap_err();
    assert_eq!((e.0[0].line, e.0[0].column), (1, 100));
    assert_eq!(
        trf::read_for_pairing(&one).unwrap().0.header.round_dates,
        ["26/03/01"]
    );
    // Dates that fit no grid are left out.
    let shifted = format!("132 {}26/03/01  26/03/02\nXXR 5\n{player}", " ".repeat(90));
    let (t, warnings) = trf::read_for_pairing(&shifted).unwrap();
    assert!(t.header.round_dates.is_empty());
    assert_eq!(
        warnings[0].action,
        "the round dates are left out (pairing engines do not read them)"
    );
    // On the grid nothing changes.
    let grid = format!("132 {}26/03/01  26/03/02\nXXR 5\n{player}", " ".repeat(87));
    assert_eq!(
        trf::read(&grid).unwrap().header.round_dates,
        ["26/03/01", "26/03/02"]
    );
    assert!(trf::read_for_pairing(&grid).unwrap().1.is_empty());
}

/// The arbiter's non-standard results of rated games played (`=`/`0`, `0`/`=`, `0`/`0`): each
/// side its own result and points, read back unchanged (the round trip is in the test above).
#[test]
fn non_standard_results_fixture_means_what_it_says() {
    let t = trf::read(&read_fixture("valid", "non_standard.trf")).unwrap();
    let entry = |n: u32, round: usize| t.player(PlayerId(n)).unwrap().rounds[round];
    let played = |opponent: u32, color: Color, result: GameResult| Entry::Played {
        opponent: PlayerId(opponent),
        color,
        result,
        rated: true,
    };
    // Round 1: 1-2 ½-0, 3-4 0-0. Round 2: 4-1 0-½, 2-3 1-0.
    assert_eq!(entry(1, 0), played(2, Color::White, GameResult::Draw));
    assert_eq!(entry(2, 0), played(1, Color::Black, GameResult::Loss));
    assert_eq!(entry(3, 0), played(4, Color::White, GameResult::Loss));
    assert_eq!(entry(4, 0), played(3, Color::Black, GameResult::Loss));
    assert_eq!(entry(4, 1), played(1, Color::White, GameResult::Loss));
    assert_eq!(entry(1, 1), played(4, Color::Black, GameResult::Draw));
    let scores: Vec<String> = t
        .players
        .iter()
        .map(|p| p.score(&t.point_system).to_string())
        .collect();
    assert_eq!(scores, ["1.0", "1.0", "0.0", "0.0"]);
}

/// A `299` record at its columns: type at 5, match points at 8-11, points at 14-17, round at
/// 20-22, participants from 24.
fn abnormal(kind: char, match_points: &str, points: &str, round: u32, who: &[u32]) -> String {
    let mut s = format!("299 {kind}  {match_points:>4}  {points:>4}  {round:03}");
    for p in who {
        s.push_str(&format!(" {p:04}"));
    }
    s + "\n"
}

/// Four players, two rounds: 1-2 1-0 and 3 wins by forfeit against 4 in round 1; 1-3 ½-½
/// and 2-4 1-0 in round 2. `points` are the points columns of players 1 to 4.
fn abnormal_event(points: [&str; 4], records: &str) -> String {
    format!(
        "012 Abnormal points\nXXR 2\n{}{}{}{}{records}",
        line(1, "One, Player", points[0], &["   2 w 1", "   3 b ="]),
        line(2, "Two, Player", points[1], &["   1 b 0", "   4 w 1"]),
        line(3, "Three, Player", points[2], &["   4 w +", "   1 w ="]),
        line(4, "Four, Player", points[3], &["   3 b -", "   2 b 0"]),
    )
}

/// TRF-2026 `299`: player 3's forfeit win of round 1 is worth ½ (a typed record replaces the
/// result's value), player 4 is penalised a point in round 2 (a blank type adds to the score).
/// Worked by hand: player 3 has ½ + ½ = 1.0 instead of 1.5, player 4 has 0 + 0 − 1 = −1.0; the
/// points columns must say so, and the records are written back as read.
#[test]
fn abnormal_points_are_read_applied_and_written_back() {
    let records = abnormal('+', "", "0.5", 1, &[3]) + &abnormal(' ', "", "-1.0", 2, &[4]);
    let text = abnormal_event(["1.5", "1.0", "1.0", "-1.0"], &records);
    let t = trf::read(&text).unwrap();
    assert_eq!(
        t.abnormal_points,
        vec![
            AbnormalPoints {
                kind: AbnormalKind::ForfeitWin,
                match_points: None,
                points: Some(Points::HALF),
                round: Some(1),
                participants: vec![3],
            },
            AbnormalPoints {
                kind: AbnormalKind::Adjustment,
                match_points: None,
                points: Some(Points::from_tenths(-10)),
                round: Some(2),
                participants: vec![4],
            },
        ]
    );
    let [p1, _, p3, p4] = [0, 1, 2, 3].map(|i| &t.players[i]);
    assert_eq!(t.entry_points(p3, 1), Points::HALF);
    assert_eq!(t.entry_points(p1, 1), Points::ONE);
    assert_eq!(t.score(p3).to_string(), "1.0");
    assert_eq!(t.round_points(p4, 2).to_string(), "-1.0");
    assert_eq!(t.score_after(p4, 1), Points::ZERO);
    assert_eq!(t.score(p4).to_string(), "-1.0");
    round_trips(&t);
    for format in [Format::Trf16, Format::Trf26] {
        let out = trf::write(&t, format);
        assert!(out.contains("299 +         0.5  001 0003\n"), "{out}");
        assert!(out.contains("299          -1.0  002 0004\n"), "{out}");
    }
    // The points columns without the records no longer add up.
    let e = trf::read(&abnormal_event(["1.5", "1.0", "1.5", "0.0"], &records)).unwrap_err();
    assert_eq!(
        render(&e),
        "5:81: expected points 1.0 (the sum of the round results), found 1.5\n\
         6:81: expected points -1.0 (the sum of the round results), found 0.0\n"
    );
    // A record with no round and no participant gives the result its value everywhere: every
    // draw is worth 0.4 (players 1 and 3 drew round 2).
    let text = abnormal_event(
        ["1.4", "1.0", "1.4", "0.0"],
        &abnormal('D', "", "0.4", 0, &[]),
    );
    let t = trf::read(&text).unwrap();
    assert_eq!(t.abnormal_points[0].round, None);
    assert!(t.abnormal_points[0].participants.is_empty());
    round_trips(&t);
}

/// A `299` record that cannot be applied is refused at its line and column.
#[test]
fn abnormal_points_that_cannot_be_applied_are_refused() {
    let points = ["1.5", "1.0", "1.5", "0.0"];
    let problems = |records: String| match trf::read(&abnormal_event(points, &records)) {
        Ok(_) => String::new(),
        Err(e) => render(&e),
    };
    assert_eq!(
        problems(abnormal('X', "", "0.5", 1, &[3])),
        "7:5: expected a type W, D, L, F, H, Z, +, - or a blank for a penalty or bonus \
         (column 5), found \"X\"\n"
    );
    assert_eq!(
        problems(abnormal('W', "1.0", "1.0", 1, &[1])),
        "7:8: expected blank match points (columns 8-11): an individual event gives points \
         only, at columns 14-17, found match points\n"
    );
    assert_eq!(
        problems(abnormal('W', "", "", 1, &[1])),
        "7:14: expected points such as -1.0 at columns 14-17 (a team's game points; its match \
         points at 8-11), found blank\n"
    );
    // Two values for player 1's win of round 1.
    assert_eq!(
        problems(abnormal('W', "", "1.0", 1, &[1]) + &abnormal('W', "", "2.0", 0, &[4, 1])),
        "8:1: expected one value for each result, participant and round (the 299 W record on \
         line 7 already gives one to some of the same), found a second value\n"
    );
    // Penalties and bonuses add up: two for one player are no conflict.
    assert_eq!(
        problems(abnormal(' ', "", "0.0", 1, &[1]) + &abnormal(' ', "", "0.0", 1, &[1])),
        ""
    );
    assert_eq!(
        problems(abnormal('W', "", "1.0", 1, &[9])),
        "7:24: expected the start number of a player in the file, found 9, which no player \
         line has\n"
    );
    assert_eq!(
        problems(abnormal('W', "", "1.0", 3, &[1])),
        "7:20: expected a round from 1 to 2 (the declared number of rounds), found 3\n"
    );
    assert_eq!(
        problems(abnormal('W', "", "1.25", 1, &[1])),
        "7:14: expected points such as 4.5 (columns 14-17), found \"1.25\"\n"
    );
}

/// What a file holds that this program keeps but does not apply is reported, once for each
/// kind of record, at its first line: never dropped silently.
#[test]
fn records_not_applied_are_warned_about() {
    let text = abnormal_event(
        ["1.5", "1.0", "1.5", "0.0"],
        "### a comment\n802   1 ONE      1.5    1.5\n802   2 TWO      1.0    1.0\nXXZ 4\nFRA    1 national\n",
    );
    let (t, warnings) = trf::read_with_warnings(&text).unwrap();
    let shown: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        vec![
            "line 8, column 1: expected only records that this program applies, found 802 \
             records on 2 lines from line 8; not read: 802 summarises the matches for a reader, \
             and the matches follow from the 001 lines; the lines are kept when the file is \
             written back",
            "line 10, column 1: expected only records that this program applies, found XXZ \
             records on line 10; not applied: this program does not know the XXZ record; the \
             lines are kept when the file is written back",
            "line 11, column 1: expected only records that this program applies, found \
             national rating records on line 11; not applied: this program uses the FIDE \
             ratings of the 001 lines; the lines are kept when the file is written back",
        ]
    );
    assert!(warnings
        .iter()
        .all(|w| w.problem.kind == TrfErrorKind::NotApplied));
    // The lines are kept, and a file without them has nothing to say.
    assert_eq!(t.other_lines.len(), 5);
    let plain = abnormal_event(["1.5", "1.0", "1.5", "0.0"], "");
    assert!(trf::read_with_warnings(&plain).unwrap().1.is_empty());
}
