//! `arbiter event ...`: an event run from the command line against its database, with the
//! refusals' exit codes and nothing written when an action is refused.

mod common;

use common::{ok_in as ok, run_in, stdout};

/// `players.csv` in `d`: eleven players in French columns, rated 2200 down by 45.
fn write_eleven_players(d: &std::path::Path) {
    let mut csv = String::from("Nom;Prénom;Elo;Fédération\n");
    for i in 0..11 {
        csv.push_str(&format!("Joueur{i:02};Test;{};FRA\n", 2200 - i * 45));
    }
    std::fs::write(d.join("players.csv"), csv).unwrap();
}

#[test]
fn an_event_from_the_command_line_replays_identically() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_eleven_players(d);
    assert_eq!(
        ok(
            d,
            &["event", "--db", "e.db", "create", "--name", "Open CLI", "--rounds", "4"]
        ),
        "1\n"
    );
    assert_eq!(
        ok(d, &["event", "--db", "e.db", "import", "1", "players.csv"]),
        "11 players added\n"
    );
    ok(
        d,
        &["event", "--db", "e.db", "present", "1", "4", "--absent"],
    );
    ok(d, &["event", "--db", "e.db", "bye", "1", "7", "2", "half"]);
    for round in 1..=4u32 {
        let list = ok(d, &["event", "--db", "e.db", "pair", "1"]);
        assert!(list.starts_with(&format!("Round {round}\n")), "{list}");
        // Pairing the next round before this one's results are in is refused (exit 3).
        let early = run_in(d, &["event", "--db", "e.db", "pair", "1"]);
        assert_eq!(early.status.code(), Some(3));
        assert!(String::from_utf8_lossy(&early.stderr).contains("without a result"));
        let boards = list.lines().filter(|l| !l.contains("bye")).count() - 2;
        for board in 1..=boards {
            let result = ["1-0", "=", "0-1", "+"][(board + round as usize) % 4];
            ok(
                d,
                &[
                    "event",
                    "--db",
                    "e.db",
                    "result",
                    "1",
                    &round.to_string(),
                    &board.to_string(),
                    result,
                ],
            );
        }
        if round == 1 {
            ok(d, &["event", "--db", "e.db", "present", "1", "4"]);
        }
    }
    let standings = ok(
        d,
        &["event", "--db", "e.db", "standings", "1", "--format", "csv"],
    );
    assert!(
        standings
            .lines()
            .next()
            .unwrap()
            .ends_with("Pts,BH/C1,BH,SB"),
        "{standings}"
    );
    assert_eq!(standings.lines().count(), 12);
    ok(
        d,
        &["event", "--db", "e.db", "export", "1", "-o", "open.trf"],
    );
    assert!(run_in(d, &["validate", "open.trf"]).status.success());
    let check = run_in(d, &["check", "open.trf"]);
    assert!(
        stdout(&check).contains("0 of 4 rounds differ"),
        "{}",
        stdout(&check)
    );
    assert!(check.status.success());
}

/// `event pairings|standings --format html` print the web application's documents (report's
/// partials, catalogues and CSS) in the language asked for.
#[test]
fn pairings_and_standings_as_the_web_application_prints_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fn with<'a>(args: &[&'a str]) -> Vec<&'a str> {
        [&["event", "--db", "e.db"][..], args].concat()
    }
    ok(
        d,
        &with(&[
            "create",
            "--name",
            "Open <du> Club",
            "--rounds",
            "3",
            "--place",
            "Lyon",
            "--start",
            "2026-05-01",
        ]),
    );
    std::fs::write(
        d.join("players.csv"),
        "name;rating;title;federation\nAlpha, Ann;2200;GM;FRA\nBeta, Bob;2100;;FRA\nGamma, Cy;2000;;ESP\n",
    )
    .unwrap();
    ok(d, &with(&["import", "1", "players.csv"]));
    ok(d, &with(&["pair", "1"]));
    ok(d, &with(&["result", "1", "1", "1", "1-0"]));

    let en = ok(d, &with(&["pairings", "1", "--format", "html"]));
    assert!(
        en.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"),
        "{en}"
    );
    assert!(
        en.contains("<title>Open &#60;du&#62; Club — Pairings — Round 1</title>"),
        "{en}"
    );
    assert!(
        en.contains("<p class=\"sub\">Lyon · 1 May 2026</p>"),
        "{en}"
    );
    assert!(
        en.contains(
            "<th class=\"num\">Bd</th><th class=\"num\">No.</th><th>White</th>\
             <th class=\"num\">Rating</th><th class=\"num\">Pts</th><th>Result</th>\
             <th class=\"num\">Pts</th><th>Black</th><th class=\"num\">Rating</th>\
             <th class=\"num\">No.</th>"
        ),
        "{en}"
    );
    assert!(
        en.contains("<td class=\"name\"><span class=\"title\">GM</span> Alpha, Ann</td><td class=\"num\">2200</td>"),
        "{en}"
    );
    assert!(en.contains("<td class=\"result\">1-0</td>"), "{en}");
    assert!(
        en.contains("<td colspan=\"4\" class=\"bye\">Bye</td>"),
        "{en}"
    );
    let fr = ok(
        d,
        &with(&["pairings", "1", "--format", "html", "--lang", "fr"]),
    );
    assert!(fr.contains("<html lang=\"fr\">"), "{fr}");
    assert!(
        fr.contains("Appariements — Ronde 1") && fr.contains("Blancs"),
        "{fr}"
    );
    assert!(fr.contains("Lyon · 01/05/2026"), "{fr}");

    let en = ok(d, &with(&["standings", "1", "--format", "html"]));
    assert!(
        en.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"),
        "{en}"
    );
    assert!(
        en.contains("<title>Open &#60;du&#62; Club — Standings after round 1</title>"),
        "{en}"
    );
    assert!(
        en.contains("<th>Rk</th><th>No.</th><th>Name</th><th>Title</th><th>Rating</th><th>Fed</th><th>Pts</th><th class=\"tb\">BH/C1</th><th class=\"tb\">BH</th><th class=\"tb\">SB</th>"),
        "{en}"
    );
    assert!(en.contains("<td class=\"name\">Alpha, Ann</td>"), "{en}");
    assert!(
        en.contains("<section class=\"legend\" id=\"legend\"><h3>Legend</h3>")
            && en.contains("<dt>BH/C1</dt><dd>Buchholz Cut-1</dd>"),
        "{en}"
    );
    let fr = ok(
        d,
        &with(&["standings", "1", "--format", "html", "--lang", "fr"]),
    );
    assert!(fr.contains("<html lang=\"fr\">"), "{fr}");
    assert!(
        fr.contains("Classement après la ronde 1") && fr.contains("Légende"),
        "{fr}"
    );
    let start = ok(
        d,
        &with(&["standings", "1", "--after", "0", "--format", "html"]),
    );
    assert!(start.contains("Starting rank"), "{start}");

    let players = ok(
        d,
        &with(&["players", "1", "--format", "html", "--lang", "fr"]),
    );
    assert!(
        players.starts_with("<!DOCTYPE html>\n<html lang=\"fr\">"),
        "{players}"
    );
    assert!(
        players.contains("<title>Open &#60;du&#62; Club — Joueurs</title>"),
        "{players}"
    );
    assert!(
        players.contains("<th>N°</th><th>Nom</th>")
            && players.contains("<td class=\"name\">Alpha, Ann</td><td>GM</td><td class=\"num\">2200</td><td>FRA</td><td class=\"num\">1</td>"),
        "{players}"
    );
    // Text is as it was (and --lang only matters to HTML).
    let text = ok(d, &with(&["players", "1", "--lang", "de"]));
    assert!(text.starts_with("No  Name"), "{text}");

    let de = run_in(
        d,
        &with(&["standings", "1", "--format", "html", "--lang", "de"]),
    );
    assert_eq!(de.status.code(), Some(3));
    assert!(de.stdout.is_empty());
    let missing = run_in(d, &with(&["pairings", "2", "--format", "html"]));
    assert_eq!(missing.status.code(), Some(3));
    assert!(missing.stdout.is_empty());
}

#[test]
fn refused_actions_exit_3_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "event", "--db", "e.db", "create", "--name", "Refus", "--rounds", "3",
        ],
    );
    for name in ["A", "B", "C", "D"] {
        ok(
            d,
            &[
                "event",
                "--db",
                "e.db",
                "add-player",
                "1",
                "--name",
                name,
                "--rating",
                "1500",
            ],
        );
    }
    let log = ok(d, &["event", "--db", "e.db", "log", "1"]);
    for args in [
        &["event", "--db", "e.db", "result", "1", "1", "1", "1-0"][..],
        &["event", "--db", "e.db", "pair", "1", "--round", "2"],
        &[
            "event",
            "--db",
            "e.db",
            "add-player",
            "1",
            "--name",
            "X",
            "--rating",
            "5000",
        ],
        &["event", "--db", "e.db", "bye", "1", "9", "1", "half"],
        &[
            "event", "--db", "e.db", "create", "--name", "Bad", "--rounds", "0",
        ],
    ] {
        let out = run_in(d, args);
        assert_eq!(
            out.status.code(),
            Some(3),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stderr.is_empty());
    }
    assert_eq!(
        ok(d, &["event", "--db", "e.db", "log", "1"]),
        log,
        "nothing was logged"
    );
    ok(d, &["event", "--db", "e.db", "pair", "1"]);
    ok(d, &["event", "--db", "e.db", "undo", "1"]);
    assert!(ok(d, &["event", "--db", "e.db", "list"]).contains("Refus"));
    let out = run_in(d, &["event", "--db", "e.db", "pairings", "1", "1"]);
    assert_eq!(out.status.code(), Some(3), "the undone round is gone");
}

#[test]
fn a_round_robin_from_the_command_line_checks_against_the_berger_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "event",
            "--db",
            "e.db",
            "create",
            "--name",
            "Fermé",
            "--rounds",
            "1",
            "--system",
            "round-robin",
        ],
    );
    for i in 1..=5 {
        ok(
            d,
            &[
                "event",
                "--db",
                "e.db",
                "add-player",
                "1",
                "--name",
                &format!("P{i}, X"),
                "--rating",
                "1800",
            ],
        );
    }
    for round in 1..=5u32 {
        ok(d, &["event", "--db", "e.db", "pair", "1"]);
        for board in 1..=2 {
            ok(
                d,
                &[
                    "event",
                    "--db",
                    "e.db",
                    "result",
                    "1",
                    &round.to_string(),
                    &board.to_string(),
                    "1-0",
                ],
            );
        }
    }
    // The table is fixed once it has started.
    let late = run_in(
        d,
        &[
            "event",
            "--db",
            "e.db",
            "add-player",
            "1",
            "--name",
            "Late, X",
        ],
    );
    assert_eq!(late.status.code(), Some(3));
    let standings = ok(
        d,
        &["event", "--db", "e.db", "standings", "1", "--format", "csv"],
    );
    assert!(
        standings.lines().next().unwrap().ends_with("Pts,DE,SB,WIN"),
        "{standings}"
    );
    ok(d, &["event", "--db", "e.db", "export", "1", "-o", "rr.trf"]);
    let check = run_in(d, &["check", "rr.trf"]);
    assert!(
        stdout(&check).contains("0 of 5 rounds differ"),
        "{}",
        stdout(&check)
    );
    assert!(check.status.success());
    // The same file with round 1's colours reversed is caught.
    let trf = std::fs::read_to_string(d.join("rr.trf")).unwrap();
    let flipped: Vec<String> = trf
        .lines()
        .map(|l| {
            if !l.starts_with("001") || l.len() < 101 {
                return l.to_string();
            }
            // Round 1 is columns 92-101: "oooo c r".
            let (head, rest) = l.split_at(91);
            let (round1, tail) = rest.split_at(10);
            let round1: String = round1
                .chars()
                .map(|c| match c {
                    'w' => 'b',
                    'b' => 'w',
                    c => c,
                })
                .collect();
            format!("{head}{round1}{tail}")
        })
        .collect();
    std::fs::write(d.join("flipped.trf"), flipped.join("\n") + "\n").unwrap();
    let check = run_in(d, &["check", "flipped.trf"]);
    assert_eq!(check.status.code(), Some(1), "{}", stdout(&check));
    assert!(
        stdout(&check).contains("1 of 5 rounds differ"),
        "{}",
        stdout(&check)
    );
}

/// An event paired by the Burstein, Dubov or Lim system (issue 21): the exported TRF names its
/// system in `192`, and `arbiter check` replays every round with that system's engine.
#[test]
fn every_individual_swiss_system_replays_under_its_own_code() {
    for (system, code) in [
        ("burstein", "FIDE_BURSTEIN"),
        ("dubov", "FIDE_DUBOV"),
        ("lim", "FIDE_LIM"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write_eleven_players(d);
        fn with<'a>(rest: &[&'a str]) -> Vec<&'a str> {
            [&["event", "--db", "e.db"][..], rest].concat()
        }
        ok(
            d,
            &with(&[
                "create",
                "--name",
                "Open",
                "--rounds",
                "5",
                "--swiss-system",
                system,
            ]),
        );
        ok(d, &with(&["import", "1", "players.csv"]));
        for round in 1..=5u32 {
            let list = ok(d, &with(&["pair", "1"]));
            let boards = list.lines().filter(|l| !l.contains("bye")).count() - 2;
            for board in 1..=boards {
                let result = ["1-0", "=", "0-1", "1-0", "0-1"][(board * 3 + round as usize) % 5];
                ok(
                    d,
                    &with(&[
                        "result",
                        "1",
                        &round.to_string(),
                        &board.to_string(),
                        result,
                    ]),
                );
            }
        }
        ok(d, &with(&["export", "1", "-o", "open.trf"]));
        let trf = std::fs::read_to_string(d.join("open.trf")).unwrap();
        assert!(
            trf.lines()
                .any(|l| l.starts_with("192") && l.contains(code)),
            "{system}: {trf}"
        );
        let check = run_in(d, &["check", "open.trf"]);
        assert!(
            stdout(&check).contains("0 of 5 rounds differ"),
            "{system}: {}",
            stdout(&check)
        );
        assert!(check.status.success(), "{system}");
    }
}

/// A Double-Swiss event from the command line (issue 21, C.04.5): `pair` makes both games of a
/// match (two rounds, colours reversed), each game gets its result, and `arbiter check` replays
/// the exported file match by match with no difference.
#[test]
fn a_double_swiss_event_replays_match_by_match() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_eleven_players(d);
    fn with<'a>(rest: &[&'a str]) -> Vec<&'a str> {
        [&["event", "--db", "e.db"][..], rest].concat()
    }
    let odd = run_in(
        d,
        &with(&[
            "create",
            "--name",
            "Double",
            "--rounds",
            "5",
            "--swiss-system",
            "double-swiss",
        ]),
    );
    assert!(
        !odd.status.success(),
        "an odd number of rounds splits a match"
    );
    ok(
        d,
        &with(&[
            "create",
            "--name",
            "Double",
            "--rounds",
            "6",
            "--swiss-system",
            "double-swiss",
        ]),
    );
    ok(d, &with(&["import", "1", "players.csv"]));
    for k in 1..=3u32 {
        let list = ok(d, &with(&["pair", "1"]));
        // Eleven players: five matches and the PAB.
        let boards = list.lines().filter(|l| !l.contains("bye")).count() - 2;
        assert_eq!(boards, 5, "{list}");
        for round in [2 * k - 1, 2 * k] {
            for board in 1..=boards {
                let result = ["1-0", "=", "0-1", "1-0", "0-1"][(board * 3 + round as usize) % 5];
                ok(
                    d,
                    &with(&[
                        "result",
                        "1",
                        &round.to_string(),
                        &board.to_string(),
                        result,
                    ]),
                );
            }
        }
    }
    ok(d, &with(&["export", "1", "-o", "double.trf"]));
    let trf = std::fs::read_to_string(d.join("double.trf")).unwrap();
    assert!(
        trf.lines()
            .any(|l| l.starts_with("192") && l.contains("FIDE_DOUBLESWISS")),
        "{trf}"
    );
    let check = run_in(d, &["check", "double.trf"]);
    assert!(check.status.success(), "{}", stdout(&check));
    assert!(
        stdout(&check).contains("0 of 3 rounds differ"),
        "{}",
        stdout(&check)
    );
}

/// The TRF-2026 export carries the event's tie-breaks (`202`), so `arbiter standings` on the
/// file ranks with them, not its defaults (BH/C1,BH,SB): an 11-player event on SB,WIN,BH/C1,
/// every board won by White for 3 rounds; the file's standings are the event's, place by
/// place, with the same values.
#[test]
fn the_trf26_export_carries_the_events_tiebreaks() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_eleven_players(d);
    let e = |rest: &[&str]| -> Vec<String> {
        ["event", "--db", "e.db"]
            .iter()
            .chain(rest)
            .map(|s| s.to_string())
            .collect()
    };
    let run = |rest: &[&str]| ok(d, &e(rest).iter().map(String::as_str).collect::<Vec<_>>());
    run(&[
        "create",
        "--name",
        "Open TB",
        "--rounds",
        "3",
        "--tiebreaks",
        "SB,WIN,BH/C1",
    ]);
    run(&["import", "1", "players.csv"]);
    for round in 1..=3u32 {
        let list = run(&["pair", "1"]);
        let boards = list.lines().filter(|l| !l.contains("bye")).count() - 2;
        for board in 1..=boards {
            run(&["result", "1", &round.to_string(), &board.to_string(), "1-0"]);
        }
    }
    run(&["export", "1", "--to", "trf26", "-o", "open.trf"]);
    let file = std::fs::read_to_string(d.join("open.trf")).unwrap();
    assert!(file.contains("\n202 SB,WIN,BH/C1\n"), "{file}");
    // Number, points and the three values of every line, in order.
    let rows = |csv: &str| -> Vec<String> {
        csv.lines()
            .map(|l| {
                let cells: Vec<&str> = l.split(',').collect();
                let tail = cells[cells.len() - 4..].join(",");
                format!("{} {tail}", cells[1])
            })
            .collect()
    };
    let ours = run(&["standings", "1", "--format", "csv"]).replace("\r\n", "\n");
    let read = ok(d, &["standings", "open.trf", "--format", "csv"]).replace("\r\n", "\n");
    assert!(
        read.starts_with("Rank,No,Name,Pts,SB,WIN,BH/C1\n"),
        "{read}"
    );
    assert_eq!(rows(&read), rows(&ours));
}
