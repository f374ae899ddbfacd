//! The Dubov system through the binary: `--dubov` with `-p`, `-l`, `-c` and `-g`, the `192`
//! code choosing the system when no flag does, and `arbiter pair|generate --system dubov`.

mod common;

use common::{read, run_in, stderr, stdout, temp_dir, write};

/// A TRF player line: TPN, rating, and (opponent, colour, result) per round.
fn line(tpn: u32, rating: u32, rounds: &[(u32, char, char)]) -> String {
    let points: f64 = rounds
        .iter()
        .map(|r| match r.2 {
            '1' | '+' => 1.0,
            '=' => 0.5,
            _ => 0.0,
        })
        .sum();
    let mut s = format!(
        "001 {tpn:>4}      Player {tpn:<26} {rating:>4}                            {points:>4.1} {tpn:>4}"
    );
    for (o, c, r) in rounds {
        s.push_str(&format!("  {o:>4} {c} {r}"));
    }
    s.push('\n');
    s
}

/// Six players before round 1 (Dubov 3.2.3: G1 = 1 2 3, G2 = 4 5 6).
fn six(header: &str) -> String {
    let mut s = format!("012 Dubov round one\nXXR 5\nXXC white1\n{header}");
    for i in 1..=6 {
        s.push_str(&line(i, 2500 - 10 * i, &[]));
    }
    s
}

/// Round 2 of four players where the first transposition is a rematch (C1): Dubov pairs
/// 4-1 and 2-3.
fn rematch(header: &str) -> String {
    format!(
        "012 Dubov round two\nXXR 5\nXXC white1\n{header}{}{}{}{}",
        line(1, 2000, &[(2, 'w', '=')]),
        line(2, 2300, &[(1, 'b', '=')]),
        line(3, 2400, &[(4, 'w', '=')]),
        line(4, 2200, &[(3, 'b', '=')]),
    )
}

#[test]
fn dubov_pairs_round_one_and_writes_the_checklist() {
    let dir = temp_dir();
    write(dir.path(), "six.trf", six(""));
    let o = run_in(dir.path(), &["--dubov", "six.trf", "-p", "out.txt", "-l"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "out.txt"), "3\n1 4\n5 2\n3 6\n");
    let list = read(dir.path(), "six.list");
    assert!(list.contains("ARO") && list.contains("(4W)"), "{list}");
}

#[test]
fn the_192_code_chooses_dubov_when_no_flag_does() {
    let dir = temp_dir();
    write(dir.path(), "coded.trf", rematch("192 FIDE_DUBOV\n"));
    write(dir.path(), "plain.trf", rematch(""));
    let dubov = run_in(dir.path(), &["--dubov", "plain.trf", "-p"]);
    assert_eq!(stdout(&dubov), "2\n4 1\n2 3\n", "{}", stderr(&dubov));
    let coded = run_in(dir.path(), &["coded.trf", "-p", "-l"]);
    assert_eq!(stdout(&coded), stdout(&dubov));
    // The checklist says which system paired: Dubov's has ARO, Dutch's the floats (C14).
    assert!(read(dir.path(), "coded.list").contains("ARO"));
    // Without the code (or with --dutch) the Dutch system pairs.
    let dutch = run_in(dir.path(), &["plain.trf", "-p", "-l"]);
    assert_eq!(dutch.status.code(), Some(0), "{}", stderr(&dutch));
    let list = read(dir.path(), "plain.list");
    assert!(list.contains("C14") && !list.contains("ARO"), "{list}");
    let forced = run_in(
        dir.path(),
        &["--dutch", "coded.trf", "-p", "x.txt", "-l", "forced.list"],
    );
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert!(read(dir.path(), "forced.list").contains("C14"));
    // The subcommand: the code, or --system.
    let sub = run_in(dir.path(), &["pair", "plain.trf", "--system", "dubov"]);
    assert_eq!(stdout(&sub), stdout(&dubov), "{}", stderr(&sub));
    let sub = run_in(dir.path(), &["pair", "coded.trf"]);
    assert_eq!(stdout(&sub), stdout(&dubov));
}

#[test]
fn generated_dubov_events_replay_without_a_difference() {
    let dir = temp_dir();
    write(
        dir.path(),
        "cfg.txt",
        "PlayersNumber=13\nRoundsNumber=6\nForfeitRate=20\nHalfPointByeRate=15\n",
    );
    let o = run_in(
        dir.path(),
        &["--dubov", "-g", "cfg.txt", "-o", "g.trf", "-s", "5", "-l"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let g = read(dir.path(), "g.trf");
    assert!(g.contains("192 FIDE_DUBOV"), "{g}");
    assert!(read(dir.path(), "g.list").contains("Round #6"));
    let o = run_in(dir.path(), &["--dubov", "g.trf", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report: String = (1..=6).map(|r| format!("g: Round #{r}\n")).collect();
    assert_eq!(stdout(&o), report);
    // `arbiter check` reads the code and agrees with every round.
    let o = run_in(dir.path(), &["check", "g.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("0 of 6 rounds differ from the engine's pairing\n"));
    // The subcommand generates the same event.
    let o = run_in(
        dir.path(),
        &[
            "generate", "cfg.txt", "--system", "dubov", "-s", "5", "-o", "h.trf",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "h.trf"), g);
}

#[test]
fn dubov_refuses_a_round_that_c3_makes_impossible() {
    // Round 3 of 3: 1 and 2 must have Black, 3 and 4 White, and only 1-2 and 3-4 have not met.
    let text = format!(
        "012 Dubov C3\nXXR 3\nXXC white1\n{}{}{}{}",
        line(1, 2400, &[(3, 'w', '='), (4, 'w', '=')]),
        line(2, 2300, &[(4, 'w', '='), (3, 'w', '=')]),
        line(3, 2200, &[(1, 'b', '='), (2, 'b', '=')]),
        line(4, 2100, &[(2, 'b', '='), (1, 'b', '=')]),
    );
    let dir = temp_dir();
    write(dir.path(), "c3.trf", text);
    let o = run_in(dir.path(), &["--dubov", "c3.trf", "-p"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("No valid pairing exists for round 3."));
    let o = run_in(dir.path(), &["--dutch", "--dubov", "c3.trf", "-p"]);
    assert_eq!(o.status.code(), Some(3));
}

/// `arbiter pair --explain` for Dubov: the pairing, then each player's float, colour rule and
/// (for the odd field's PAB) bye rule, with Dubov's articles.
#[test]
fn dubov_explains_a_round() {
    let dir = temp_dir();
    write(dir.path(), "six.trf", six(""));
    let plain = run_in(dir.path(), &["pair", "--system", "dubov", "six.trf"]);
    assert_eq!(plain.status.code(), Some(0), "{}", stderr(&plain));
    let o = run_in(
        dir.path(),
        &["pair", "--system", "dubov", "--explain", "six.trf"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with(&stdout(&plain)), "{out}");
    assert!(
        out.contains("Round 1: Dubov (C.04.4.1), players by pairing score"),
        "{out}"
    );
    // Round 1: nobody has played, so the initial colour and the TPN decide (5.2.1).
    assert_eq!(
        out.matches("colours: initial colour and pairing number (C.04.4.1 5.2.1)")
            .count(),
        6,
        "{out}"
    );
    // Five players: one has the PAB, chosen by Dubov's bye article.
    let mut five = six("");
    five.truncate(five.trim_end().rfind('\n').unwrap() + 1);
    write(dir.path(), "five.trf", five);
    let o = run_in(
        dir.path(),
        &["pair", "--system", "dubov", "--explain", "five.trf"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("pairing-allocated bye; bye; bye: "), "{out}");
    assert!(out.contains("(C.04.4.1 "), "{out}");
}
