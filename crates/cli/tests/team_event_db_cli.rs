//! `arbiter event team ...`: a team event run from the command line against its database, from
//! the CSV rosters to the standings and the TRF-2026 file, and a new event from that file.

mod common;

use common::{ok_in as ok, run_in, stderr};

fn team(d: &std::path::Path, args: &[&str]) -> String {
    let mut all = vec!["event", "--db", "t.db", "team"];
    all.extend_from_slice(args);
    ok(d, &all)
}

#[test]
fn a_team_round_robin_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 0..4 {
        for b in 0..3 {
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                2100 - 40 * t - 10 * b
            ));
        }
    }
    std::fs::write(d.join("rosters.csv"), csv).unwrap();
    let id = team(
        d,
        &[
            "create",
            "--name",
            "Interclubs CLI",
            "--boards",
            "2",
            "--system",
            "round-robin",
            "--match-points",
            "3/1/0",
            "--tiebreaks",
            "EDE,SB",
        ],
    );
    assert_eq!(id, "1\n");
    assert_eq!(
        team(d, &["import", "1", "rosters.csv"]),
        "4 teams, 12 players added\n"
    );
    for round in 1..=3u32 {
        let list = team(d, &["pair", "1"]);
        assert!(list.starts_with(&format!("Round {round}\n")), "{list}");
        for m in 1..=2u32 {
            for b in 1..=2u32 {
                let result = ["1-0", "1/2", "0-1"][((round + m + b) % 3) as usize];
                team(
                    d,
                    &[
                        "result",
                        "1",
                        &round.to_string(),
                        &m.to_string(),
                        &b.to_string(),
                        result,
                    ],
                );
            }
        }
    }
    // Every round is paired: a fourth is refused (exit 3), nothing written.
    let o = run_in(d, &["event", "--db", "t.db", "team", "pair", "1"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let o = run_in(
        d,
        &[
            "event", "--db", "t.db", "team", "result", "1", "1", "1", "1", "2-0",
        ],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let text = team(d, &["standings", "1"]);
    assert!(text.starts_with("Standings after round 3\n"), "{text}");
    // The event's tie-breaks are GP, EDE, SB: GP has its column once, beside MP.
    let header = text.lines().find(|l| l.contains("Team")).unwrap();
    let words: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(
        words,
        ["Rank", "No", "Team", "MP", "GP", "EDE", "SB"],
        "{text}"
    );
    // The standings equal `arbiter standings --teams` on the exported file.
    team(d, &["export", "1", "-o", "event.trf"]);
    assert!(std::fs::read_to_string(d.join("event.trf"))
        .unwrap()
        .contains("\n310 "));
    ok(d, &["validate", "event.trf"]);
    let ours = team(d, &["standings", "1", "--format", "csv"]);
    let theirs = ok(
        d,
        &[
            "standings",
            "event.trf",
            "--teams",
            "-t",
            "GP,EDE,SB",
            "-f",
            "csv",
        ],
    );
    let rows = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.is_empty())
            .skip_while(|l| !l.starts_with(|c: char| c.is_ascii_digit()))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(rows(&ours).len(), 4, "{ours}");
    assert_eq!(rows(&ours), rows(&theirs), "{ours}\n{theirs}");

    // A new event from the exported file: the same teams and rosters, and its three rounds.
    let o = run_in(
        d,
        &[
            "event",
            "--db",
            "t.db",
            "team",
            "create-from-trf",
            "event.trf",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "2\n");
    assert!(
        stderr(&o).contains("3 played rounds are imported; the event continues from round 4"),
        "{}",
        stderr(&o)
    );
    assert_eq!(team(d, &["teams", "2"]), team(d, &["teams", "1"]));
    let copied = team(d, &["standings", "2", "--format", "csv"]);
    assert_eq!(rows(&copied), rows(&theirs), "{copied}\n{theirs}");
    let list = team(d, &["list"]);
    assert!(list.contains("Interclubs CLI"), "{list}");
    // The same file into an event created by hand.
    assert_eq!(
        team(
            d,
            &["create", "--name", "Copie", "--rounds", "3", "--boards", "2"]
        ),
        "3\n"
    );
    assert_eq!(
        team(d, &["import", "3", "event.trf"]),
        "4 teams, 12 players added\n"
    );
    assert_eq!(team(d, &["teams", "3"]), team(d, &["teams", "1"]));
    // A broken file is refused at its line and column.
    let file = std::fs::read_to_string(d.join("event.trf")).unwrap();
    let line = file.lines().position(|l| l.starts_with("352")).unwrap() + 1;
    std::fs::write(d.join("bad.trf"), file.replace("352 WB", "352 WW")).unwrap();
    let o = run_in(
        d,
        &[
            "event",
            "--db",
            "t.db",
            "team",
            "create-from-trf",
            "bad.trf",
        ],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("bad.trf: line {line}, column 5")),
        "{}",
        stderr(&o)
    );
    assert!(!team(d, &["list"]).contains("\n   4 "));
}

/// A Swiss Team event moved to a new database event through its file after two rounds: the
/// next round pairs as in the old event, and `arbiter check --system team` finds every round of
/// the new event's file equal to the engine's pairing.
#[test]
fn a_swiss_team_event_continues_from_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 0..6 {
        for b in 0..3 {
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                2200 - 30 * t - 10 * b
            ));
        }
    }
    std::fs::write(d.join("rosters.csv"), csv).unwrap();
    team(
        d,
        &[
            "create",
            "--name",
            "Open",
            "--rounds",
            "4",
            "--boards",
            "2",
            "--tiebreaks",
            "EDE,BC",
        ],
    );
    team(d, &["import", "1", "rosters.csv"]);
    let play = |event: &str, round: u32| {
        team(d, &["pair", event]);
        for m in 1..=3u32 {
            for b in 1..=2u32 {
                let result = ["1-0", "1/2", "0-1", "1F-0F"][((round + 2 * m + b) % 4) as usize];
                team(
                    d,
                    &[
                        "result",
                        event,
                        &round.to_string(),
                        &m.to_string(),
                        &b.to_string(),
                        result,
                    ],
                );
            }
        }
    };
    play("1", 1);
    play("1", 2);
    team(d, &["export", "1", "-o", "two.trf"]);
    assert_eq!(team(d, &["create-from-trf", "two.trf"]), "2\n");
    assert_eq!(
        team(d, &["standings", "2", "--format", "csv"]),
        team(d, &["standings", "1", "--format", "csv"])
    );
    assert_eq!(team(d, &["pair", "2"]), team(d, &["pair", "1"]));
    for m in 1..=3u32 {
        for b in 1..=2u32 {
            for event in ["1", "2"] {
                team(
                    d,
                    &["result", event, "3", &m.to_string(), &b.to_string(), "1/2"],
                );
            }
        }
    }
    team(d, &["export", "2", "-o", "three.trf"]);
    ok(d, &["validate", "three.trf"]);
    ok(d, &["check", "three.trf", "--system", "team"]);
}
