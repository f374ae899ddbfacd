//! QA regressions for `arbiter standings` / `crosstable`: rounds not played yet, bad tie-break
//! lists in the file (212/202) and contradictory modifiers.

mod common;

use std::path::Path;

use common::{path_str, run, stderr, stdout_lf, temp_dir, write};

/// Round 1 played (1 beats 2, 3 has the PAB); the lines after it are added per test.
const ONE_ROUND: &str = "012 S\n\
XXR 3\n\
XXC white1\n\
001    1      Alpha, A                          2000                             1.0    1     2 w 1\n\
001    2      Beta, B                           1900                             0.0    3     1 b 0\n\
001    3      Gamma, C                          1800                             1.0    2  0000 - U\n";

#[test]
fn a_bye_entered_for_the_round_to_pair_is_not_counted() {
    let open = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/chess/open.trf");
    let text = std::fs::read_to_string(&open).unwrap();
    let duarte = text.lines().find(|l| l.contains("Duarte")).unwrap();
    assert!(duarte.ends_with("  0000 - H"));
    let five = text.replace(duarte, duarte.trim_end_matches("  0000 - H"));
    let dir = temp_dir();
    let five = write(dir.path(), "open5.trf", &five);
    for command in ["standings", "crosstable"] {
        let with_bye = run(&[command, path_str(&open)]);
        let without = run(&[command, path_str(&five)]);
        assert_eq!(with_bye.status.code(), Some(0), "{}", stderr(&with_bye));
        assert_eq!(stdout_lf(&with_bye), stdout_lf(&without), "{command}");
    }
    let s = run(&["standings", path_str(&five)]);
    let row = stdout_lf(&s)
        .lines()
        .find(|l| l.contains("Duarte"))
        .unwrap()
        .to_string();
    // His points as the file has them (the bye is not in them yet).
    let points = duarte[80..84].trim();
    assert!(row.contains(&format!(" {points} ")), "{row}");
}

#[test]
fn a_full_bye_announced_for_round_one_scores_nothing_yet() {
    let text = "012 S\nXXR 3\nXXC white1\n\
001    1      Alpha, A                          2000                             0.0    1\n\
001    2      Beta, B                           1900                             0.0    2\n\
001    3      Gamma, C                          1800                             0.0    3  0000 - F\n";
    let dir = temp_dir();
    let f = write(dir.path(), "preF.trf", text);
    let o = run(&["standings", path_str(&f), "-f", "csv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout_lf(&o),
        "Rank,No,Name,Pts,BH/C1,BH,SB\n\
1-3,1,\"Alpha, A\",0.0,0.0,0.0,0.00\n\
1-3,2,\"Beta, B\",0.0,0.0,0.0,0.00\n\
1-3,3,\"Gamma, C\",0.0,0.0,0.0,0.00\n"
    );
}

#[test]
fn a_withdrawal_from_later_rounds_changes_nothing_yet() {
    let dir = temp_dir();
    let w0 = write(dir.path(), "w0.trf", ONE_ROUND);
    let w1 = write(dir.path(), "w1.trf", format!("{ONE_ROUND}XXW 2 2 3\n"));
    for command in ["standings", "crosstable"] {
        let a = run(&[command, path_str(&w0), "-f", "csv"]);
        let b = run(&[command, path_str(&w1), "-f", "csv"]);
        assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
        assert_eq!(stdout_lf(&a), stdout_lf(&b), "{command}");
    }
    let o = run(&["crosstable", path_str(&w1), "-f", "csv"]);
    assert!(
        stdout_lf(&o).starts_with("Rank,No,Name,Rtg,R1,Pts\n"),
        "{}",
        stdout_lf(&o)
    );
    let o = run(&["standings", path_str(&w1), "-f", "csv"]);
    assert!(
        stdout_lf(&o).contains("2,1,\"Alpha, A\",1.0,0.0,0.0,0.00\n"),
        "{}",
        stdout_lf(&o)
    );
}

#[test]
fn an_unknown_code_in_the_file_list_is_reported_where_it_is() {
    let dir = temp_dir();
    let f = write(dir.path(), "tb202.trf", format!("{ONE_ROUND}202 BH,XYZ\n"));
    let o = run(&["standings", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(o.stdout.is_empty());
    assert_eq!(
        stderr(&o).trim_end(),
        format!(
            "{}:7:8: expected a tie-break code such as BH, SB or DE, found \"XYZ\"",
            f.display()
        )
    );
    let o = run(&["crosstable", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    // --tiebreaks replaces the file's list.
    let o = run(&["standings", path_str(&f), "--tiebreaks", "BH"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_bad_212_does_not_hide_behind_a_good_202() {
    let dir = temp_dir();
    // CRLF line ends: the line number must still be right.
    let text = format!("{ONE_ROUND}202 SB,BH\n212 PTS;BH/C9\n").replace('\n', "\r\n");
    let f = write(dir.path(), "tb212.trf", &text);
    let o = run(&["standings", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o).trim_end(),
        format!(
            "{}:8:9: BH: expected a modifier such as C1, M1, L50, R, P, U1000 or V2026, found \"C9\"",
            f.display()
        )
    );
}

#[test]
fn a_good_file_list_is_used() {
    let dir = temp_dir();
    let f = write(dir.path(), "tb.trf", format!("{ONE_ROUND}202 SB BH\n"));
    let o = run(&["standings", path_str(&f), "-f", "csv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout_lf(&o).starts_with("Rank,No,Name,Pts,SB,BH\n"),
        "{}",
        stdout_lf(&o)
    );
}

#[test]
fn contradictory_modifiers_are_refused() {
    let dir = temp_dir();
    let f = write(dir.path(), "one.trf", ONE_ROUND);
    for (list, message) in [
        (
            "BH/C1/C2",
            "BH: expected one of the modifiers \"C1\" and \"C2\", found both",
        ),
        (
            "BH/C1/M1",
            "BH: expected one of the modifiers \"C1\" and \"M1\", found both",
        ),
        (
            "KS/L50/L60",
            "KS: expected one of the modifiers \"L50\" and \"L60\", found both",
        ),
        (
            "ARO/V2024/V2026",
            "ARO: expected one of the modifiers \"V2024\" and \"V2026\", found both",
        ),
        (
            "TPR/U1000/UP",
            "TPR: expected one of the modifiers \"U1000\" and \"UP\", found both",
        ),
        (
            "DE/P/P",
            "DE: expected the modifier \"P\" once, found it twice",
        ),
    ] {
        let o = run(&["standings", path_str(&f), "--tiebreaks", list]);
        assert_eq!(o.status.code(), Some(3), "{list}");
        assert_eq!(
            stderr(&o).trim_end(),
            format!("--tiebreaks: {message}"),
            "{list}"
        );
    }
}
