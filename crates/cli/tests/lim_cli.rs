//! The Lim system through the binary: `--lim … -p|-c|-g`, `pair --system lim`, and the TRF
//! `192 FIDE_LIM` code choosing the system when no flag is given.

mod common;

use common::{read, run_in, stderr, stdout, temp_dir, write};

/// Six players before round 2 (round 1: 1-4 1-0, 2-5 ½-½, 3-6 1-0), the case of the Lim
/// article test for 2.6: #2 and #5 (½, the median) have met, so the higher side's 1-3 is
/// cracked and the median pairs 5-1 and 3-2; 6-4 below. The Dutch system pairs otherwise.
fn after_round_one(type_code: Option<&str>) -> String {
    let mut s = String::from("012 Lim example\nXXR 5\nXXC white1\n");
    if let Some(code) = type_code {
        s.push_str(&format!("192 {code}\n"));
    }
    let rounds = [
        ("1.0", "4 w 1"),
        ("0.5", "5 w ="),
        ("1.0", "6 w 1"),
        ("0.0", "1 b 0"),
        ("0.5", "2 b ="),
        ("0.0", "3 b 0"),
    ];
    for (i, (points, game)) in rounds.iter().enumerate() {
        let n = i + 1;
        s.push_str(&format!(
            "001 {n:>4}      Player {n:<26} {:>4}                             {points} {n:>4}  {game:>8}\n",
            2500 - 10 * n
        ));
    }
    s
}

const LIM_ROUND_TWO: &str = "3\n5 1\n3 2\n6 4\n";

#[test]
fn lim_pairs_the_next_round() {
    let dir = temp_dir();
    write(dir.path(), "six.trf", after_round_one(None));
    let o = run_in(dir.path(), &["--lim", "six.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), LIM_ROUND_TWO);
    // The same file without a flag is a Dutch file.
    let o = run_in(dir.path(), &["six.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_ne!(stdout(&o), LIM_ROUND_TWO);
}

#[test]
fn the_192_code_chooses_lim_without_a_flag() {
    let dir = temp_dir();
    write(dir.path(), "six.trf", after_round_one(Some("FIDE_LIM")));
    let o = run_in(dir.path(), &["six.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), LIM_ROUND_TWO);
    let o = run_in(dir.path(), &["pair", "six.trf"]);
    assert_eq!(stdout(&o), LIM_ROUND_TWO, "{}", stderr(&o));
    // A flag wins over the file.
    let o = run_in(dir.path(), &["--dutch", "six.trf", "-p"]);
    assert_ne!(stdout(&o), LIM_ROUND_TWO);
}

#[test]
fn pair_system_lim() {
    let dir = temp_dir();
    write(dir.path(), "six.trf", after_round_one(None));
    let o = run_in(dir.path(), &["pair", "--system", "lim", "six.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), LIM_ROUND_TWO);
    let o = run_in(
        dir.path(),
        &["pair", "--system", "lim", "--explain", "six.trf"],
    );
    // The same pairing, then every player's float and colour rule with Lim's articles.
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with(LIM_ROUND_TWO), "{out}");
    let explained = &out[LIM_ROUND_TWO.len()..];
    assert!(
        explained.contains("Round 2: Lim (C.04.4.3), players by pairing score"),
        "{out}"
    );
    assert_eq!(
        explained.lines().filter(|l| l.starts_with("  ")).count(),
        6,
        "{out}"
    );
    assert!(explained.contains("; colours: "), "{out}");
    assert!(explained.contains("(C.04.4.3 5."), "{out}");
    let o = run_in(dir.path(), &["pair", "--system", "swiss", "six.trf"]);
    assert_eq!(
        o.status.code(),
        Some(3),
        "an unknown system is an invalid request"
    );
}

#[test]
fn lim_writes_its_checklist() {
    let dir = temp_dir();
    write(dir.path(), "six.trf", after_round_one(None));
    let o = run_in(dir.path(), &["--lim", "six.trf", "-p", "out.txt", "-l"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "out.txt"), LIM_ROUND_TWO);
    let list = read(dir.path(), "six.list");
    assert!(list.contains("Grp") && list.contains("(5B)"), "{list}");
}

#[test]
fn dutch_and_lim_together_are_refused() {
    let dir = temp_dir();
    write(dir.path(), "six.trf", after_round_one(None));
    let o = run_in(dir.path(), &["--dutch", "--lim", "six.trf", "-p"]);
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn lim_generates_a_tournament_that_its_checker_replays_unchanged() {
    let dir = temp_dir();
    let o = run_in(dir.path(), &["--lim", "-g", "-o", "gen.trf", "-s", "11"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let file = read(dir.path(), "gen.trf");
    assert!(file.contains("192 FIDE_LIM"), "{file}");
    // The file says Lim: the checker replays it with Lim and finds every round as paired.
    let o = run_in(dir.path(), &["gen.trf", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = stdout(&o);
    assert!(report.contains("Round #1"), "{report}");
    assert!(!report.contains("Checker pairings"), "{report}");
    // Replayed with Dutch, some round differs.
    let o = run_in(dir.path(), &["--dutch", "gen.trf", "-c"]);
    assert!(stdout(&o).contains("Checker pairings"));
}
