//! `arbiter event group ...`: an event with an A open and a B open under 1600 from the command
//! line: groups listed and created, sections added (new and attached), the players of every
//! section, a player moved before round 1 and refused after it, with nothing written when a
//! command is refused.

mod common;

use common::{ok_in as ok, run_in, stderr};

fn arb(d: &std::path::Path, args: &[&str]) -> String {
    let mut all = vec!["event", "--db", "e.db"];
    all.extend_from_slice(args);
    ok(d, &all)
}

#[test]
fn an_event_with_sections_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_eq!(
        arb(
            d,
            &[
                "group",
                "create",
                "--name",
                "Open de Noël",
                "--place",
                "Mulhouse",
                "--start",
                "2026-12-19",
                "--end",
                "2026-12-20"
            ]
        ),
        "1\n"
    );
    // A new section, named after the group; an existing event attached as B.
    let a = arb(
        d,
        &[
            "group",
            "add-section",
            "1",
            "--label",
            "A",
            "--rounds",
            "5",
            "--from",
            "1400",
        ],
    );
    let a = a.trim().to_string();
    let b = arb(d, &["create", "--name", "Open B", "--rounds", "5"]);
    let b = b.trim().to_string();
    assert_eq!(
        arb(
            d,
            &[
                "group",
                "add-section",
                "1",
                "--label",
                "B",
                "--event",
                &b,
                "--under",
                "1600"
            ]
        )
        .trim(),
        b
    );
    let list = arb(d, &["group", "list"]);
    assert!(list.contains("Open de Noël"), "{list}");
    assert!(list.contains("2026-12-19 – 2026-12-20"), "{list}");
    assert!(
        list.contains(&format!("A (event {a}), B (event {b})")),
        "{list}"
    );
    let events = arb(d, &["list"]);
    assert!(events.contains("Open de Noël A"), "{events}");

    for (event, name, rating) in [
        (&a, "Martin, Alice", "1850"),
        (&a, "Bernard, Hugo", "1500"),
        (&b, "Petit, Zoé", "1450"),
    ] {
        arb(
            d,
            &["add-player", event, "--name", name, "--rating", rating],
        );
    }
    // Outside B's limits: refused by the store's rule.
    let out = run_in(
        d,
        &[
            "event",
            "--db",
            "e.db",
            "add-player",
            &b,
            "--name",
            "Fort, Max",
            "--rating",
            "1700",
        ],
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));

    let players = arb(d, &["group", "players", "1"]);
    let lines: Vec<&str> = players.lines().collect();
    // By name, across sections.
    let names: Vec<&str> = ["Bernard, Hugo", "Martin, Alice", "Petit, Zoé"].to_vec();
    let at = |n: &str| lines.iter().position(|l| l.contains(n)).unwrap();
    assert!(
        at(names[0]) < at(names[1]) && at(names[1]) < at(names[2]),
        "{players}"
    );
    assert!(
        lines[at("Petit, Zoé")].trim_start().starts_with('B'),
        "{players}"
    );
    let found = arb(
        d,
        &[
            "group", "players", "1", "--search", "zoé", "--format", "csv",
        ],
    );
    assert!(
        found.contains("Petit, Zoé") && !found.contains("Martin"),
        "{found}"
    );
    let json = arb(d, &["group", "players", "1", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 3, "{json}");

    // Bernard (A's number 2, 1500) moves to B before round 1.
    let moved = arb(
        d,
        &[
            "group", "move", "1", "--from", "A", "--player", "2", "--to", "b",
        ],
    );
    assert_eq!(moved, "Bernard, Hugo moved to section B, player number 1\n");
    let players = arb(d, &["group", "players", "1"]);
    assert!(
        players
            .lines()
            .find(|l| l.contains("Bernard, Hugo"))
            .unwrap()
            .trim_start()
            .starts_with('B'),
        "{players}"
    );
    // Martin (1850) cannot go to B: its limits; nothing moves.
    let out = run_in(
        d,
        &[
            "event", "--db", "e.db", "group", "move", "1", "--from", "A", "--player", "1", "--to",
            "B",
        ],
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("rating"), "{}", stderr(&out));
    // An unknown section is named with the ones there are.
    let out = run_in(
        d,
        &[
            "event", "--db", "e.db", "group", "move", "1", "--from", "C", "--player", "1", "--to",
            "B",
        ],
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr(&out).contains("no section `C` (its sections: A, B)"),
        "{}",
        stderr(&out)
    );

    // After round 1 of B is paired, moves are refused (the web desk's rule).
    arb(
        d,
        &["add-player", &b, "--name", "Roux, Léo", "--rating", "1300"],
    );
    arb(d, &["pair", &b]);
    let out = run_in(
        d,
        &[
            "event", "--db", "e.db", "group", "move", "1", "--from", "B", "--player", "1", "--to",
            "A",
        ],
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("before round 1"), "{}", stderr(&out));
    let after = arb(d, &["group", "players", "1"]);
    assert_eq!(
        after.lines().count(),
        players.lines().count() + 1,
        "{after}"
    );
}
