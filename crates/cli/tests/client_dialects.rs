//! The programs that call a pairing engine today, each with a round written the way it writes
//! them and the command line it uses (README, "Pairing"): Sharly Chess (`--dutch IN -p OUT`,
//! `-l LIST`), lichess (`--dutch|--fast IN -p`, stdout) and heltour (JaVaFo's form
//! `IN -p OUT -q 10000`, then `-w`). The files are in `data/clients/`; every expected pairing
//! is the reference engine's (bbpPairings 6.0.0+, `--dutch IN -p`) on the same file.

mod common;

use common::{read, run_in, stderr, stdout, temp_dir, write};

const SHARLY: &str = include_str!("data/clients/sharly.trfx");
const SHARLY_NO_PAIRING: &str = include_str!("data/clients/sharly_no_pairing.trfx");
const LICHESS: &str = include_str!("data/clients/lichess.trf");
const HELTOUR: &str = include_str!("data/clients/heltour.trfx");
const HELTOUR_ROUND_1: &str = include_str!("data/clients/heltour_round1.trfx");

/// How Sharly Chess calls the engine (its checklist run; the pairing run stops before `-l`).
const SHARLY_CALL: [&str; 6] = [
    "--dutch",
    "pairings-input.trfx",
    "-p",
    "pairings-output.txt",
    "-l",
    "checklist-output.txt",
];

/// The reference engine's pairing of `sharly.trfx` (round 4 of 7).
const SHARLY_PAIRING: &str = "7\n2 1\n6 3\n4 8\n7 14\n10 13\n5 11\n12 0\n";

const TITLE_WARNING: &str = "warning: expected a title GM, IM, WGM, FM, WIM, CM, WFM, WCM or \
blank (columns 11-13), found";

#[test]
fn sharly_women_titles_and_round_dates_warn_and_pair() {
    let dir = temp_dir();
    write(dir.path(), "pairings-input.trfx", SHARLY);
    let o = run_in(dir.path(), &SHARLY_CALL[..4]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "pairings-output.txt"), SHARLY_PAIRING);
    let err = stderr(&o);
    for (line, title) in [(22, "gf"), (25, "mf"), (29, "ff"), (33, "cf")] {
        let expected = format!(
            "pairings-input.trfx:{line}:11: {TITLE_WARNING} \"{title}\"; the title is left \
             out (pairing engines do not read it)\n"
        );
        assert!(err.contains(&expected), "{err}");
    }
    // The dates start at column 93, one late: each is still alone in its round's 10 columns.
    assert!(
        err.starts_with(
            "pairings-input.trfx:11:100: warning: expected a blank at column 100 (between \
             round dates), found \"1\"; each date is read from its round's 10 columns\n"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 5, "{err}");

    // The checklist Sharly asks for beside the pairing, and the subcommands, pair it too.
    let o = run_in(dir.path(), &SHARLY_CALL);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(read(dir.path(), "checklist-output.txt").contains("\tPref\t"));
    let o = run_in(dir.path(), &["pair", "pairings-input.trfx"]);
    assert_eq!(
        (o.status.code(), stdout(&o)),
        (Some(0), SHARLY_PAIRING.into())
    );
    let o = run_in(dir.path(), &["--dutch", "pairings-input.trfx", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "pairings-input: Round #1\npairings-input: Round #2\npairings-input: Round #3\n"
    );
}

#[test]
fn validate_stays_strict_about_titles_and_round_dates() {
    let dir = temp_dir();
    write(dir.path(), "sharly.trfx", SHARLY);
    let o = run_in(dir.path(), &["validate", "sharly.trfx"]);
    assert_eq!(o.status.code(), Some(3));
    let out = stdout(&o);
    assert!(out.starts_with(
        "sharly.trfx:11:100: expected a blank at column 100 (between round dates), found \"1\"\n"
    ));
    assert_eq!(out.matches("expected a title GM").count(), 4, "{out}");
    assert_eq!(stderr(&o), "sharly.trfx: 5 problems\n");
}

#[test]
fn no_valid_pairing_leaves_sharly_an_empty_output_file() {
    let dir = temp_dir();
    write(dir.path(), "pairings-input.trfx", SHARLY_NO_PAIRING);
    // A pairing left by an earlier run is replaced, as the reference engine truncates it.
    write(dir.path(), "pairings-output.txt", SHARLY_PAIRING);
    let o = run_in(dir.path(), &SHARLY_CALL);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).ends_with("No valid pairing exists for round 2.\n"));
    assert_eq!(read(dir.path(), "pairings-output.txt"), "");
    assert!(read(dir.path(), "checklist-output.txt").contains("\tPref\t"));
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    // To stdout nothing is printed, and the subcommand writes no file.
    let o = run_in(dir.path(), &["--dutch", "pairings-input.trfx", "-p"]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(1), String::new()));
    let o = run_in(
        dir.path(),
        &["pair", "pairings-input.trfx", "-o", "pair.txt"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(!dir.path().join("pair.txt").exists());
}

#[test]
fn lichess_fast_is_the_dutch_system() {
    let dir = temp_dir();
    let name = "lila-swiss-abcd1234-2-2718-bbp";
    write(dir.path(), name, LICHESS);
    let expected = "10\n5 2\n1 4\n3 13\n7 6\n19 10\n11 20\n18 17\n9 12\n14 15\n16 0\n";
    for system in ["--dutch", "--fast"] {
        let o = run_in(dir.path(), &[system, name, "-p"]);
        assert_eq!(o.status.code(), Some(0), "{system}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{system}");
        assert_eq!(stderr(&o), "", "{system}");
    }
}

#[test]
fn lichess_burstein_pairs_its_seeding_round_as_the_dutch_system() {
    // lichess calls `--burstein` from 250 players. The file has two rounds played of 7 (XXR 7):
    // round 3 is still a seeding round (C.04.4.2 1.6: ⌊7/2⌋ = 3), paired by the Dutch rules.
    let dir = temp_dir();
    let name = "lila-swiss-abcd1234-2-2718-bbp";
    write(dir.path(), name, LICHESS);
    let dutch = run_in(dir.path(), &["--dutch", name, "-p"]);
    let o = run_in(dir.path(), &["--burstein", name, "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert_eq!(stdout(&o), stdout(&dutch));
    assert!(stdout(&o).starts_with("10\n"), "{}", stdout(&o));
}

#[test]
fn heltour_javafo_call_with_withdrawn_rounds_pairs_without_warnings() {
    let dir = temp_dir();
    write(dir.path(), "tmpa1b2c3.trfx", HELTOUR);
    // `0000 -  ` (player 4, round 4) is TRF's blank result: a zero-point bye, not a missing
    // entry. Player 6 is absent in round 5 (`0000 - -`), player 16 had the bye (`0000 - +`).
    let expected = "8\n1 5\n9 2\n7 3\n8 4\n10 14\n12 15\n13 16\n11 0\n";
    for extra in [&["-q", "10000"][..], &["-w"], &["-q"], &["-q", "10", "-w"]] {
        let mut args = vec!["tmpa1b2c3.trfx", "-p", "tmpa1b2c3.trfx.out.txt"];
        args.extend_from_slice(extra);
        let o = run_in(dir.path(), &args);
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{extra:?}");
        assert_eq!(read(dir.path(), "tmpa1b2c3.trfx.out.txt"), expected);
    }
}

#[test]
fn heltour_round_one_without_an_initial_colour_draws_it_as_javafo_does() {
    let dir = temp_dir();
    write(dir.path(), "tmpr1.trfx", HELTOUR_ROUND_1);
    let args = ["tmpr1.trfx", "-p", "out.txt", "-q", "10000"];
    let o = run_in(dir.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    let white = err.contains(": White for the first player (write XXC white1 to keep it)\n");
    let black = err.contains(": Black for the first player (write XXC black1 to keep it)\n");
    assert!(white != black, "{err}");
    assert!(err.starts_with(
        "tmpr1.trfx: warning: the file gives no initial colour (XXC white1/black1 or 152); \
         drawn from the file's contents as JaVaFo does: "
    ));
    // The reference engine's pairing once given the colour drawn.
    let (drawn, pairing) = if white {
        ("XXC white1\n", "6\n1 6\n7 2\n3 8\n9 4\n5 10\n11 0\n")
    } else {
        ("XXC black1\n", "6\n6 1\n2 7\n8 3\n4 9\n10 5\n11 0\n")
    };
    assert_eq!(read(dir.path(), "out.txt"), pairing);
    // The same file always draws the same colour; written in the file, it is not drawn.
    let again = run_in(dir.path(), &args);
    assert_eq!(
        (stderr(&again), read(dir.path(), "out.txt")),
        (err, pairing.into())
    );
    write(
        dir.path(),
        "given.trfx",
        format!("{drawn}{HELTOUR_ROUND_1}"),
    );
    let o = run_in(dir.path(), &["given.trfx", "-p", "given.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert_eq!(read(dir.path(), "given.txt"), pairing);
    // The reference engine's form refuses it, as the reference engine does.
    let o = run_in(dir.path(), &["--dutch", "tmpr1.trfx", "-p", "refused.txt"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(!dir.path().join("refused.txt").exists());
}

#[test]
fn javafo_options_keep_javafo_meaning() {
    let dir = temp_dir();
    write(dir.path(), "t.trfx", SHARLY);
    // -c ROUND: that round's report only.
    let o = run_in(dir.path(), &["t.trfx", "-c", "2"]);
    assert_eq!(
        (o.status.code(), stdout(&o)),
        (Some(0), "t: Round #2\n".into())
    );
    let o = run_in(dir.path(), &["t.trfx", "-c", "9"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).ends_with("\n-c 9: t.trfx has 3 rounds to check\n"));
    // -g SEED: the number is the seed.
    for out in ["a.trf", "b.trf"] {
        let o = run_in(dir.path(), &["-g", "42", "-o", out]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    assert!(read(dir.path(), "a.trf").starts_with("012 AutoTest Tournament 42\n"));
    assert_eq!(read(dir.path(), "a.trf"), read(dir.path(), "b.trf"));
    let o = run_in(dir.path(), &["-g", "42", "-o", "c.trf", "-s", "7"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stderr(&o), "give the seed once: -g SEED or -s SEED\n");
    // -b: Baku acceleration (C.04.7), as if the file's type code asked for it.
    let round_one = format!("XXC white1\n{HELTOUR_ROUND_1}");
    write(dir.path(), "r1.trfx", &round_one);
    write(
        dir.path(),
        "r1baku.trfx",
        format!("192 FIDE_DUTCH_BAKU\n{round_one}"),
    );
    let pair = |args: &[&str]| {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    let baku = pair(&["r1baku.trfx", "-p"]);
    assert_eq!(pair(&["r1.trfx", "-p", "-b"]), baku);
    assert_eq!(pair(&["-b", "r1.trfx", "-p"]), baku);
    assert_ne!(pair(&["r1.trfx", "-p"]), baku);
    let o = run_in(dir.path(), &["t.trfx", "-c", "-b"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).ends_with(
        "-b applies only to -p; for -c and -g, write 192 FIDE_DUTCH_BAKU in the file\n"
    ));
}
