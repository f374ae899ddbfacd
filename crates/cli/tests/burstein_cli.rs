//! The Burstein system through the binary: the engine-style flags (`--burstein … -p|-c|-g`,
//! `-l`), the file's type code (`192`) choosing the system, and `arbiter pair|check|generate
//! --system burstein`.

mod common;

use common::{read, run_in, stderr, stdout, temp_dir, write};

/// A `001` line: player `id`, `points`, then `(opponent, colour, result)` per round.
fn line(id: u32, points: &str, rounds: &[(u32, char, char)]) -> String {
    let mut s = format!(
        "001 {id:>4}      Player {id:<26} {:>4}                             {points:>3} {id:>4}",
        2600 - 10 * id
    );
    for (o, c, r) in rounds {
        s.push_str(&format!("  {o:>4} {c} {r}"));
    }
    s.push('\n');
    s
}

/// Eight players after round 1 of 3 (round 2 is Burstein's first): 1, 5, 7 won their games,
/// 3 won by forfeit against 4 (the article tests' forfeit example).
fn eight(type_code: Option<&str>) -> String {
    let mut s = String::from("012 Burstein example\nXXR 3\nXXC white1\n");
    if let Some(code) = type_code {
        s.push_str(&format!("192 {code}\n"));
    }
    let rounds = [
        (1, "1.0", (2, 'w', '1')),
        (2, "0.0", (1, 'b', '0')),
        (3, "1.0", (4, 'w', '+')),
        (4, "0.0", (3, 'b', '-')),
        (5, "1.0", (6, 'w', '1')),
        (6, "0.0", (5, 'b', '0')),
        (7, "1.0", (8, 'w', '1')),
        (8, "0.0", (7, 'b', '0')),
    ];
    for (id, points, r) in rounds {
        s.push_str(&line(id, points, &[r]));
    }
    s
}

/// Round 2 by Burstein's rules: the Index puts 3 first in the top bracket (3–7, 1–5), 4 last
/// below (2–4, 6–8); boards by C.04.2 Art. 3.6.
const BURSTEIN_ROUND_2: &str = "4\n5 1\n3 7\n2 4\n6 8\n";

#[test]
fn burstein_flag_pairs_the_next_round() {
    let dir = temp_dir();
    write(dir.path(), "eight.trf", eight(None));
    let o = run_in(dir.path(), &["--burstein", "eight.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), BURSTEIN_ROUND_2);
    assert_eq!(stderr(&o), "");
    // Without a flag and without a type code, the Dutch system pairs it otherwise.
    let o = run_in(dir.path(), &["eight.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_ne!(stdout(&o), BURSTEIN_ROUND_2);
}

#[test]
fn the_type_code_chooses_the_system() {
    let dir = temp_dir();
    write(dir.path(), "eight.trf", eight(Some("FIDE_BURSTEIN")));
    let o = run_in(dir.path(), &["eight.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), BURSTEIN_ROUND_2);
    let o = run_in(dir.path(), &["pair", "eight.trf"]);
    assert_eq!(stdout(&o), BURSTEIN_ROUND_2);
    // A flag that contradicts the file wins, with a warning.
    let o = run_in(dir.path(), &["--dutch", "eight.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_ne!(stdout(&o), BURSTEIN_ROUND_2);
    assert_eq!(
        stderr(&o),
        "eight.trf: warning: the file's 192 code (FIDE_BURSTEIN) names the Burstein (C.04.4.2) \
         system; pairing with the Dutch (C.04.3) system as asked\n"
    );
    // `192 FIDE_DUTCH_2025` is the Dutch system.
    write(dir.path(), "dutch.trf", eight(Some("FIDE_DUTCH_2025")));
    let dutch = run_in(dir.path(), &["dutch.trf", "-p"]);
    let flagged = run_in(dir.path(), &["--dutch", "eight.trf", "-p"]);
    assert_eq!(stdout(&dutch), stdout(&flagged));
}

#[test]
fn pair_subcommand_takes_the_system() {
    let dir = temp_dir();
    write(dir.path(), "eight.trf", eight(None));
    let o = run_in(
        dir.path(),
        &["pair", "--system", "burstein", "eight.trf", "-o", "out.txt"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "out.txt"), BURSTEIN_ROUND_2);
    let o = run_in(
        dir.path(),
        &["pair", "--system", "burstein", "--explain", "eight.trf"],
    );
    // The same pairing, then each player's float and colour rule with Burstein's articles.
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with(BURSTEIN_ROUND_2), "{out}");
    assert!(
        out.contains("Round 2: Burstein (C.04.4.2), players by pairing score"),
        "{out}"
    );
    assert!(
        out.contains(
            "  3 (1.0): White against 7 (1.0); no float; colours: both preferences granted \
             (C.04.4.2 5.2.2)"
        ),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| l.starts_with("  ")).count(),
        8,
        "{out}"
    );
}

#[test]
fn checklist_shows_the_index() {
    let dir = temp_dir();
    write(dir.path(), "eight.trf", eight(None));
    let o = run_in(
        dir.path(),
        &["--burstein", "eight.trf", "-p", "out.txt", "-l"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let list = read(dir.path(), "eight.list");
    let header = list.lines().nth(1).expect("a header line");
    let columns: Vec<&str> = header.split('\t').map(str::trim).collect();
    assert_eq!(
        &columns[..8],
        &["ID", "Pts", "--", "Pref", "C2", "BH", "SB", "Cur"]
    );
    // Player 3's row: 1 point, no game played, Buchholz 1 (his forfeit win counts as a game
    // against himself), Sonneborn-Berger 1, White against 7.
    let row = list
        .lines()
        .find(|l| l.split('\t').next().map(str::trim) == Some("3"))
        .expect("a row for player 3");
    let cells: Vec<&str> = row.split('\t').map(str::trim).collect();
    assert_eq!(
        &cells[..8],
        &["3", "1.0", "", "A", "N", "1.0", "1.00", "(7W)"]
    );
}

#[test]
fn generator_and_checker_use_the_burstein_system() {
    let dir = temp_dir();
    write(
        dir.path(),
        "rtg.cfg",
        "PlayersNumber=13\nRoundsNumber=7\nDrawPercentage=30\nForfeitRate=10\n\
         RetiredRate=20\nHalfPointByeRate=20\n",
    );
    for out in ["a.trf", "b.trf"] {
        let o = run_in(
            dir.path(),
            &["--burstein", "-g", "rtg.cfg", "-o", out, "-s", "7", "-l"],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let a = read(dir.path(), "a.trf");
    assert_eq!(a, read(dir.path(), "b.trf"));
    assert!(a.contains("\n192 FIDE_BURSTEIN\n"), "{a}");
    // Rounds 4 to 7 come after the three seeding rounds: their checklists show the Index.
    assert!(read(dir.path(), "a.list").contains("Round #5\n"));
    // The checker replays every round with the Burstein engine (the file's type code says so)
    // and finds nothing to report.
    let o = run_in(dir.path(), &["a.trf", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stdout(&o).contains("Checker pairings"), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().count(), 7);
    let o = run_in(dir.path(), &["check", "a.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("0 of 7 rounds differ from the engine's pairing\n"));
    // The same file checked as a Dutch tournament differs after the seeding rounds.
    let o = run_in(dir.path(), &["check", "--system", "dutch", "a.trf"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    // `arbiter generate --system burstein` writes the same tournament.
    let o = run_in(
        dir.path(),
        &[
            "generate", "--system", "burstein", "rtg.cfg", "-o", "c.trf", "-s", "7",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "c.trf"), a);
}
