//! QA regression tests: the `arbiter` binary on bad input, odd option combinations and
//! cross-checks between commands. Every file is small and written to a temporary folder.

mod common;

use std::process::Output;

use common::{path_str, run, stderr, stdout, temp_dir, write};

/// Three players after round 1 of 3: 1 beat 2, 3 had the pairing-allocated bye.
const AFTER_ROUND_1: &str = "012 Small\n\
XXR 3\n\
XXC white1\n\
001    1      Alpha, A                          2000                             1.0    1     2 w 1\n\
001    2      Beta, B                           1900                             0.0    3     1 b 0\n\
001    3      Gamma, C                          1800                             1.0    2  0000 - U\n";

/// Four players before round 1.
const BEFORE_ROUND_1: &str = "012 S\n\
XXR 3\n\
XXC white1\n\
001    1      Alpha, A                          2000                             0.0    1\n\
001    2      Beta, B                           1900                             0.0    2\n\
001    3      Gamma, C                          1800                             0.0    3\n\
001    4      Delta, D                          1700                             0.0    4\n";

fn no_panic(o: &Output) {
    assert_ne!(o.status.code(), Some(101), "panic: {}", stderr(o));
    assert!(!stderr(o).contains("panicked at"), "panic: {}", stderr(o));
}

#[test]
fn a_missing_input_file_is_a_file_access_error_for_every_command() {
    let dir = temp_dir();
    let missing = dir.path().join("missing.trf");
    let m = path_str(&missing);
    let calls: Vec<Vec<&str>> = vec![
        vec!["validate", m],
        vec!["convert", m, "--to", "trf16"],
        vec!["standings", m],
        vec!["crosstable", m],
        vec!["pair", m],
        vec!["check", m],
        vec!["--dutch", m, "-p"],
        vec!["--dutch", m, "-c"],
        vec!["bridge", "score", m],
    ];
    for args in calls {
        let o = run(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(5), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("missing.trf"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_directory_given_as_input_is_a_file_access_error() {
    let dir = temp_dir();
    let d = path_str(dir.path());
    for args in [
        vec!["validate", d],
        vec!["standings", d],
        vec!["pair", d],
        vec!["--dutch", d, "-c"],
        vec!["bridge", "score", d],
    ] {
        let o = run(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(5), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn binary_garbage_is_refused_with_exit_3_and_a_line_number() {
    let dir = temp_dir();
    let bytes: Vec<u8> = (0..400u32).map(|i| (i * 7919 % 251) as u8 | 0x80).collect();
    let f = write(dir.path(), "garbage.trf", &bytes);
    for args in [
        vec!["validate", path_str(&f)],
        vec!["convert", path_str(&f), "--to", "trf26"],
        vec!["standings", path_str(&f)],
        vec!["crosstable", path_str(&f)],
        vec!["pair", path_str(&f)],
        vec!["--dutch", path_str(&f), "-p"],
        vec!["--dutch", path_str(&f), "-c"],
    ] {
        let o = run(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        let all = format!("{}{}", stdout(&o), stderr(&o));
        assert!(all.contains("garbage.trf:1:"), "{args:?}: {all}");
    }
}

#[test]
fn an_unwritable_output_path_gives_exit_5_and_no_output() {
    let dir = temp_dir();
    let f = write(dir.path(), "t.trf", AFTER_ROUND_1.as_bytes());
    let bad = dir.path().join("no/such/dir/out.txt");
    let b = path_str(&bad);
    for args in [
        vec!["convert", path_str(&f), "--to", "trf26", "-o", b],
        vec!["standings", path_str(&f), "-o", b],
        vec!["crosstable", path_str(&f), "-o", b],
        vec!["pair", path_str(&f), "-o", b],
        vec!["--dutch", path_str(&f), "-p", b],
    ] {
        let o = run(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(5), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(stderr(&o).contains("out.txt"), "{args:?}");
    }
    assert!(!dir.path().join("no").exists());
}

#[test]
fn a_failed_command_leaves_an_existing_output_file_untouched() {
    let dir = temp_dir();
    let bad = write(
        dir.path(),
        "bad.trf",
        AFTER_ROUND_1.replace("XXR 3", "XXR 0").as_bytes(),
    );
    let out = write(dir.path(), "out.txt", b"previous contents\n");
    for args in [
        vec![
            "convert",
            path_str(&bad),
            "--to",
            "trf16",
            "-o",
            path_str(&out),
        ],
        vec!["standings", path_str(&bad), "-o", path_str(&out)],
        vec!["pair", path_str(&bad), "-o", path_str(&out)],
        vec!["--dutch", path_str(&bad), "-p", path_str(&out)],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert_eq!(std::fs::read(&out).unwrap(), b"previous contents\n");
    }
    // No temporary file is left behind either.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn a_bad_round_count_names_line_and_column() {
    let dir = temp_dir();
    for (value, name) in [
        ("0", "zero.trf"),
        ("-3", "neg.trf"),
        ("99999999999999999999", "huge.trf"),
    ] {
        let f = write(
            dir.path(),
            name,
            AFTER_ROUND_1
                .replace("XXR 3", &format!("XXR {value}"))
                .as_bytes(),
        );
        let o = run(&["validate", path_str(&f)]);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(3));
        assert!(
            stdout(&o).contains(&format!("{name}:2:5:")),
            "{}",
            stdout(&o)
        );
        assert!(stdout(&o).contains(value), "{}", stdout(&o));
    }
}

#[test]
fn a_truncated_player_line_is_reported_with_its_column() {
    let dir = temp_dir();
    let text: String = AFTER_ROUND_1
        .lines()
        .map(|l| {
            if l.starts_with("001    1") {
                &l[..60]
            } else {
                l
            }
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let f = write(dir.path(), "trunc.trf", text.as_bytes());
    let o = run(&["validate", path_str(&f)]);
    no_panic(&o);
    assert_eq!(o.status.code(), Some(3));
    assert!(stdout(&o).contains("trunc.trf:4:81:"), "{}", stdout(&o));
}

#[test]
fn lf_crlf_and_cr_line_endings_pair_the_same() {
    let dir = temp_dir();
    let lf = write(dir.path(), "lf.trf", AFTER_ROUND_1.as_bytes());
    let crlf = write(
        dir.path(),
        "crlf.trf",
        AFTER_ROUND_1.replace('\n', "\r\n").as_bytes(),
    );
    let cr = write(
        dir.path(),
        "cr.trf",
        AFTER_ROUND_1.replace('\n', "\r").as_bytes(),
    );
    let want = run(&["--dutch", path_str(&lf), "-p"]);
    assert_eq!(want.status.code(), Some(0));
    assert_eq!(stdout(&want), "2\n3 1\n2 0\n");
    for f in [&crlf, &cr] {
        let o = run(&["--dutch", path_str(f), "-p"]);
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(stdout(&o), stdout(&want));
        let v = run(&["validate", path_str(f)]);
        assert_eq!(v.status.code(), Some(0));
        // The writer always emits LF, so every ending converts to the same bytes.
        let c = run(&["convert", path_str(f), "--to", "trf16"]);
        assert_eq!(
            stdout(&c),
            stdout(&run(&["convert", path_str(&lf), "--to", "trf16"]))
        );
    }
}

#[test]
fn pair_and_engine_call_agree_and_write_the_same_file() {
    let dir = temp_dir();
    let f = write(dir.path(), "r1.trf", BEFORE_ROUND_1.as_bytes());
    let a = dir.path().join("a.txt");
    let b = dir.path().join("b.txt");
    assert_eq!(
        run(&["--dutch", path_str(&f), "-p", path_str(&a)])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        run(&["pair", path_str(&f), "-o", path_str(&b)])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "2\n1 3\n4 2\n");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let black = write(
        dir.path(),
        "black.trf",
        BEFORE_ROUND_1.replace("white1", "black1").as_bytes(),
    );
    assert_eq!(
        stdout(&run(&["--dutch", path_str(&black), "-p"])),
        "2\n3 1\n2 4\n"
    );
}

#[test]
fn round_one_without_an_initial_colour_is_an_invalid_request() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "nocolour.trf",
        BEFORE_ROUND_1.replace("XXC white1\n", "").as_bytes(),
    );
    for args in [
        vec!["--dutch", path_str(&f), "-p"],
        vec!["pair", path_str(&f)],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3));
        assert!(o.stdout.is_empty());
        assert!(stderr(&o).contains("initial colour"), "{}", stderr(&o));
    }
}

#[test]
fn no_valid_pairing_is_exit_1_for_p_and_a_line_for_c() {
    let dir = temp_dir();
    // 3 is absent in round 2, and 1 and 2 have already met.
    let text = AFTER_ROUND_1.replace("0000 - U\n", "0000 - U  0000 - H\n");
    let f = write(dir.path(), "rematch.trf", text.as_bytes());
    let o = run(&["--dutch", path_str(&f), "-p"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("No valid pairing exists"));
    let c = run(&["--dutch", path_str(&f), "-c"]);
    assert_eq!(c.status.code(), Some(0));
    assert_eq!(
        stdout(&c),
        "rematch: Round #1\nrematch: Round #2\nNo valid pairing exists for round 2.\n"
    );
}

#[test]
fn a_second_pairing_allocated_bye_is_never_given() {
    let dir = temp_dir();
    // Only 3 is left to pair in round 2, and 3 already had the bye.
    let text = AFTER_ROUND_1
        .replace("1     2 w 1\n", "1     2 w 1  0000 - H\n")
        .replace("3     1 b 0\n", "3     1 b 0  0000 - H\n")
        .replace("1.0    1     2 w 1", "1.5    1     2 w 1")
        .replace("0.0    3     1 b 0", "0.5    3     1 b 0");
    let f = write(dir.path(), "onlybye.trf", text.as_bytes());
    let o = run(&["--dutch", path_str(&f), "-p"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn checker_names_the_file_without_folder_and_last_extension_only() {
    let dir = temp_dir();
    let f = write(dir.path(), "my.event.v2.trf", AFTER_ROUND_1.as_bytes());
    let o = run(&["--dutch", path_str(&f), "-c"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "my.event.v2: Round #1\n");
    let o = run(&["check", path_str(&f)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "my.event.v2: Round #1\nstandings: the ranks of 3 players follow PTS (no tie-break list \
         (202/212): points only)\n0 of 1 rounds differ from the engine's pairing\n"
    );
}

#[test]
fn checker_leaves_out_a_column_of_announced_byes() {
    // Round 2 is not paired yet: player 2 asked for a half-point bye in it.
    let text = AFTER_ROUND_1.replace("1 b 0\n", "1 b 0  0000 - H\n");
    let dir = temp_dir();
    let f = write(dir.path(), "t.trf", text.as_bytes());
    let o = run(&["check", path_str(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(
        stdout(&o),
        "t: Round #1\nstandings: the ranks of 3 players follow PTS (no tie-break list \
         (202/212): points only)\n0 of 1 rounds differ from the engine's pairing\n"
    );
}

#[test]
fn checker_prints_only_the_boards_that_differ_even_by_colour() {
    let dir = temp_dir();
    // Round 1 as played with colours reversed on the only board: with XXC white1 the
    // engine gives 1 White.
    let text = AFTER_ROUND_1
        .replace("2 w 1\n", "2 b 1\n")
        .replace("1 b 0\n", "1 w 0\n");
    let f = write(dir.path(), "swap.trf", text.as_bytes());
    let o = run(&["--dutch", path_str(&f), "-c"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "swap: Round #1\n  Checker pairings        Tournament pairings\n      1 -   2                  2 -   1\n\n"
    );
    // The subcommand ends with a count and says so in its exit code.
    let o = run(&["check", path_str(&f)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).ends_with("\n1 of 1 rounds differ from the engine's pairing\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn engine_flags_in_bad_combinations_are_invalid_requests() {
    let dir = temp_dir();
    let f = write(dir.path(), "t.trf", AFTER_ROUND_1.as_bytes());
    for args in [
        vec!["--dutch"],
        vec!["--dutch", path_str(&f)],
        vec!["--dutch", path_str(&f), "-p", "-c"],
        vec!["--dutch", path_str(&f), "-x"],
        vec!["--dutch", "-p"],
        vec!["--dutch", path_str(&f), path_str(&f), "-p"],
        vec!["--dutch", "-g", "-s", "abc", "-o", "x.trf"],
        vec!["--dutch", "-g", "-o"],
    ] {
        let o = run(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn r_prints_a_banner_and_goes_on() {
    let dir = temp_dir();
    let f = write(dir.path(), "t.trf", AFTER_ROUND_1.as_bytes());
    let o = run(&["-r", "--dutch", path_str(&f), "-p"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let (banner, rest) = out.split_once('\n').unwrap();
    assert!(banner.starts_with("arbiter "), "{banner}");
    assert_eq!(rest, "2\n3 1\n2 0\n");
}

#[test]
fn every_subcommand_has_help_and_the_binary_a_version() {
    for args in [
        vec!["--version"],
        vec!["--help"],
        vec!["pair", "--help"],
        vec!["check", "--help"],
        vec!["generate", "--help"],
        vec!["standings", "--help"],
        vec!["crosstable", "--help"],
        vec!["convert", "--help"],
        vec!["validate", "--help"],
        vec!["bridge", "--help"],
        vec!["bridge", "contract-score", "--help"],
        vec!["bridge", "score", "--help"],
        vec!["bridge", "generate", "--help"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(!o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn convert_round_trips_byte_for_byte_through_both_layouts() {
    let dir = temp_dir();
    let text = "### a comment\n012 S\nXXR 3\nXXC white1\nBBW  3.0\nBBD  1.0\n\
001    1      Alpha, A                          2000                             3.0    1     2 w 1\n\
001    2      Beta, B                           1900                             0.0    3     1 b 0\n\
001    3      Gamma, C                          1800                             3.0    2  0000 - U\n\
001    4      Delta, D                          1700                             1.0    4  0000 - H\n\
XXP 1 3\n240 H 002 0001\n";
    let f = write(dir.path(), "in.trf", text.as_bytes());
    let a16 = dir.path().join("a16.trf");
    let a26 = dir.path().join("a26.trf");
    let b16 = dir.path().join("b16.trf");
    let b26 = dir.path().join("b26.trf");
    for (i, o, to) in [
        (&f, &a16, "trf16"),
        (&a16, &a26, "trf26"),
        (&a26, &b16, "trf16"),
        (&b16, &b26, "trf26"),
    ] {
        let r = run(&["convert", path_str(i), "--to", to, "-o", path_str(o)]);
        assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    }
    assert_eq!(std::fs::read(&a16).unwrap(), std::fs::read(&b16).unwrap());
    assert_eq!(std::fs::read(&a26).unwrap(), std::fs::read(&b26).unwrap());
    let t26 = std::fs::read_to_string(&a26).unwrap();
    assert!(t26.contains("142 3\n") && t26.contains("152 W\n"), "{t26}");
    assert!(t26.contains("162 ") && t26.contains("260 "), "{t26}");
    // Both layouts pair the same.
    assert_eq!(
        stdout(&run(&["--dutch", path_str(&a16), "-p"])),
        stdout(&run(&["--dutch", path_str(&a26), "-p"]))
    );
}

#[test]
fn latin1_files_need_the_option_and_then_read() {
    let dir = temp_dir();
    let text = AFTER_ROUND_1.replace("Alpha, A ", "M\u{fc}ller, J");
    let latin1: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    let f = write(dir.path(), "old.trf", &latin1);
    let o = run(&["validate", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stdout(&o).contains("old.trf:4:"), "{}", stdout(&o));
    let o = run(&["validate", "--latin1", path_str(&f)]);
    assert_eq!(o.status.code(), Some(0));
    let c = run(&["convert", "--latin1", path_str(&f), "--to", "trf16"]);
    assert_eq!(c.status.code(), Some(0));
    assert!(stdout(&c).contains("M\u{fc}ller, J"));
}

#[test]
fn utf8_names_keep_the_fixed_columns() {
    let dir = temp_dir();
    let text = AFTER_ROUND_1.replace("Alpha, A      ", "M\u{fc}ller, J\u{fc}rgen");
    let f = write(dir.path(), "utf.trf", text.as_bytes());
    assert_eq!(run(&["validate", path_str(&f)]).status.code(), Some(0));
    assert_eq!(
        stdout(&run(&["--dutch", path_str(&f), "-p"])),
        "2\n3 1\n2 0\n"
    );
    let c = run(&["convert", path_str(&f), "--to", "trf16"]);
    assert!(stdout(&c).contains("M\u{fc}ller, J\u{fc}rgen                    2000"));
}

#[test]
fn standings_json_has_the_documented_shape() {
    let dir = temp_dir();
    let f = write(dir.path(), "t.trf", AFTER_ROUND_1.as_bytes());
    let o = run(&[
        "standings",
        path_str(&f),
        "-t",
        "BH,SB",
        "--rules",
        "2024",
        "-f",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["rules"], "2024");
    assert_eq!(v["tiebreaks"], serde_json::json!(["BH", "SB"]));
    let rows = v["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for r in rows {
        assert!(r["rank"].is_u64() && r["id"].is_u64() && r["name"].is_string());
        assert_eq!(r["values"].as_array().unwrap().len(), 2);
    }
    let ids: Vec<u64> = rows.iter().map(|r| r["id"].as_u64().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(sorted, vec![1, 2, 3]);
}

#[test]
fn standings_options_are_checked() {
    let dir = temp_dir();
    let f = write(dir.path(), "t.trf", AFTER_ROUND_1.as_bytes());
    for args in [
        vec!["standings", path_str(&f), "-t", "XYZ"],
        vec!["standings", path_str(&f), "-t", "BH/C9"],
        vec!["standings", path_str(&f), "--rules", "1999"],
        vec!["standings", path_str(&f), "--unrated", "abc"],
        vec!["standings", path_str(&f), "--teams"],
    ] {
        let o = run(&args);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn every_output_format_of_standings_and_crosstable_works() {
    let dir = temp_dir();
    let f = write(dir.path(), "t.trf", AFTER_ROUND_1.as_bytes());
    for cmd in ["standings", "crosstable"] {
        for fmt in ["text", "csv", "json", "html"] {
            let o = run(&[cmd, path_str(&f), "-f", fmt]);
            assert_eq!(o.status.code(), Some(0), "{cmd} {fmt}: {}", stderr(&o));
            assert!(stdout(&o).contains("Gamma, C"), "{cmd} {fmt}");
        }
    }
}

#[test]
fn generated_tournaments_check_clean_validate_and_rank() {
    let dir = temp_dir();
    let cfg = write(
        dir.path(),
        "g.cfg",
        b"# small\nPlayersNumber=13\nRoundsNumber=5\nForfeitRate=5\nRetiredRate=6\nHalfPointByeRate=6\n",
    );
    for seed in ["1", "2", "3"] {
        let out = dir.path().join(format!("g{seed}.trf"));
        let o = run(&[
            "--dutch",
            "-g",
            path_str(&cfg),
            "-o",
            path_str(&out),
            "-s",
            seed,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(&format!("012 AutoTest Tournament {seed}\n")));
        // Same seed, same tournament.
        let again = dir.path().join("again.trf");
        run(&[
            "generate",
            path_str(&cfg),
            "-o",
            path_str(&again),
            "-s",
            seed,
        ]);
        assert_eq!(std::fs::read(&again).unwrap(), text.as_bytes());
        let c = run(&["--dutch", path_str(&out), "-c"]);
        assert_eq!(c.status.code(), Some(0));
        assert!(
            stdout(&c).lines().all(|l| l.contains(": Round #")),
            "{}",
            stdout(&c)
        );
        assert_eq!(stdout(&c).lines().count(), 5);
        assert_eq!(run(&["validate", path_str(&out)]).status.code(), Some(0));
        let st = run(&[
            "standings",
            path_str(&out),
            "-t",
            "DE,BH/C1,BH,SB,PS,KS,WIN",
        ]);
        assert_eq!(st.status.code(), Some(0), "{}", stderr(&st));
        // The generator writes the canonical TRF-2026 layout.
        assert_eq!(
            stdout(&run(&["convert", path_str(&out), "--to", "trf26"])),
            text
        );
    }
}

#[test]
fn generator_configuration_errors_are_invalid_requests() {
    let dir = temp_dir();
    for (i, cfg) in [
        "PlayersNumber=10000\n",
        "PlayersNumber=abc\n",
        "Foo=1\n",
        "DrawPercentage=150\nPlayersNumber=10\nRoundsNumber=3\n",
        "PlayersNumber=4\nRoundsNumber=100\n",
        "PlayersNumber=1\nRoundsNumber=3\n",
        "HighestRating=1000\nLowestRating=2000\nPlayersNumber=10\nRoundsNumber=3\n",
    ]
    .iter()
    .enumerate()
    {
        let c = write(dir.path(), &format!("c{i}.cfg"), cfg.as_bytes());
        let out = dir.path().join(format!("o{i}.trf"));
        let o = run(&[
            "--dutch",
            "-g",
            path_str(&c),
            "-o",
            path_str(&out),
            "-s",
            "1",
        ]);
        no_panic(&o);
        assert_eq!(o.status.code(), Some(3), "{cfg}");
        assert!(!out.exists(), "{cfg}");
    }
}

#[test]
fn round_robin_tables_put_the_bye_on_the_last_number() {
    let o = run(&["pair", "--round-robin", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "Round 1: 2-3; bye 1\nRound 2: 1-2; bye 3\nRound 3: 3-1; bye 2\n"
    );
}

#[test]
fn a_bad_byte_in_a_crlf_file_is_located_on_its_real_line() {
    let dir = temp_dir();
    let f = write(dir.path(), "crlf.trf", b"012 S\r\nXXR 3\r\n\xe9\r\n");
    for args in [
        vec!["validate", path_str(&f)],
        vec!["standings", path_str(&f)],
        vec!["pair", path_str(&f)],
        vec!["--dutch", path_str(&f), "-c"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        let all = format!("{}{}", stdout(&o), stderr(&o));
        assert!(all.contains("crlf.trf:3:1:"), "{args:?}: {all}");
    }
}
