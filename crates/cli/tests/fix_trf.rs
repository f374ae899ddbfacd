//! QA regressions for reading TRF files through the binary: files that are not TRF at all,
//! a player in two teams, and a player forbidden to meet themself.

mod common;

use std::path::Path;

use common::{path_str, run, temp_dir, text, write};

const PLAYERS: &str = "012 S\nXXR 3\nXXC white1\n\
001    1      Alpha, A                          2000                             1.0    1     2 w 1\n\
001    2      Beta, B                           1900                             0.0    3     1 b 0\n\
001    3      Gamma, C                          1800                             1.0    2  0000 - U\n";

/// Every command that reads a TRF refuses the file with exit 3 and prints nothing on stdout
/// except `validate`'s list of problems.
fn refused_everywhere(f: &Path, message: &str) {
    let path = path_str(f);
    let o = run(&["validate", path]);
    assert_eq!(o.status.code(), Some(3), "validate {path}");
    assert_eq!(text(&o.stdout), format!("{path}:{message}\n"));
    for args in [
        vec!["standings", path],
        vec!["crosstable", path],
        vec!["check", path],
        vec!["pair", path],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", text(&o.stderr));
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(
            text(&o.stderr).contains(message),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
}

#[test]
fn an_empty_file_is_not_a_tournament() {
    let dir = temp_dir();
    let f = write(dir.path(), "empty.trf", "");
    refused_everywhere(
        &f,
        "1:1: expected at least one player line (001), found none",
    );
}

#[test]
fn a_bridge_session_is_not_a_tournament() {
    let csv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bridge/club_mitchell.csv");
    let first = std::fs::read_to_string(&csv).unwrap();
    let start: String = first.lines().next().unwrap().chars().take(24).collect();
    refused_everywhere(
        &csv,
        &format!(
            "1:1: expected at least one player line (001), found none, and this line is not a TRF record: {start:?}"
        ),
    );
}

#[test]
fn a_player_in_two_teams_is_refused_at_the_second_listing() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "team2.trf",
        format!(
            "{PLAYERS}013 Team A                             1    2\n\
013 Team B                             3    1\n"
        ),
    );
    refused_everywhere(
        &f,
        "8:42: expected each player in one team only (player 1 is in the team on line 7), found player 1 again",
    );
}

#[test]
fn a_player_forbidden_to_meet_themself_is_refused() {
    let dir = temp_dir();
    let f = write(dir.path(), "xxp.trf", format!("{PLAYERS}XXP 2 1 2\n"));
    refused_everywhere(
        &f,
        "7:9: expected different players in a forbidden-pairs group, found player 2 twice",
    );
    let f = write(
        dir.path(),
        "260.trf",
        format!("{PLAYERS}260            3    3\n"),
    );
    refused_everywhere(
        &f,
        "7:18: expected different players in a forbidden-pairs group, found player 3 twice",
    );
}
