//! `arbiter prizes` driven as a binary: a six-player open of our own, exact output under each
//! rule, the JSON schema, and errors with file, line and column.

mod common;

use common::{path_str, run, stderr, stdout, temp_dir, write};

/// Three rounds, six players. Final: Alpha 2.5; Delta, Bravo and Charlie 2.0 (in that order by
/// BH then SB: 4.5/2.50, 4.5/2.25, 2.5); Fox 0.5; Echo 0. Charlie (1580), Delta (1550) and Echo
/// (1500) are under 1600, Fox unrated; Bravo, Delta and Fox are women; on 1 January 2026
/// (the end date's year) Delta is 10, Echo 9, Charlie 12.
const OPEN: &str = "\
012 Prize Open\n\
022 Rennes\n\
042 2026/04/10\n\
052 2026/04/12\n\
092 Individual: Swiss-System\n\
XXR 3\n\
001    1 m    Alpha, Al                         2150 FRA             1975/05/01  2.5    1     6 w 1     2 b =     5 w 1\n\
001    2 w    Bravo, Bea                        1950 FRA             1990/02/02  2.0    3     5 w 1     1 w =     4 b =\n\
001    3 m    Charlie, Cy                       1580 FRA             2013/03/03  2.0    4     4 w =     5 b 1     6 b =\n\
001    4 w    Delta, Dora                       1550 FRA             2015/06/06  2.0    2     3 b =     6 b 1     2 w =\n\
001    5 m    Echo, Ed                          1500 FRA             2016/04/04  0.0    6     2 b 0     3 w 0     1 b 0\n\
001    6 w    Fox, Fay                               FRA             1958/01/01  0.5    5     1 b 0     4 w 0     3 w =\n\
";

/// The general places only: the three players tied on 2.0 occupy places 2 to 4.
const PLACES: &str = "prize;category;amount\n1st;;300\n2nd;;200\n3rd;;100\n4th;;50.02\n";

/// Places and categories.
const WITH_CATEGORIES: &str = "prize;category;amount\n1st;;300\n2nd;;200\n3rd;;100\n\
Best U1600;rating<1600;120\nBest woman;women;40\nBook;age<12;\n";

fn prizes(open: &str, list: &str, args: &[&str]) -> std::process::Output {
    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", open);
    let csv = write(dir.path(), "prizes.csv", list);
    let mut all = vec!["prizes", path_str(&trf), "--prizes", path_str(&csv)];
    all.extend_from_slice(args);
    let o = run(&all);
    drop(dir);
    o
}

/// Hort: 350.02 for places 2 to 4; each keeps half of their place's prize (100.00, 50.00,
/// 25.01) and the other half, 175.01, is shared: 58.34, 58.34, 58.33.
#[test]
fn hort_three_tied_players() {
    let o = prizes(OPEN, PLACES, &["--rule", "hort", "-t", "BH,SB"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Prize Open: Prizes (rule hort, tie-break rules 2026)\n\
Prize  Category  Amount  Place  No  Name                Pts  Receives\n\
1st              300.00      1   1  Alpha, Al           2.5    300.00\n\
2nd              200.00      2   4  Delta, Dora         2.0    158.34\n                             \
3   2  Bravo, Bea          2.0    108.34\n                             \
4   3  Charlie, Cy         2.0     83.34\n\
3rd              100.00             (shared under 2nd)\n\
4th               50.02             (shared under 2nd)\n\
Total paid: 650.02\n"
    );
}

/// Equal sharing: 350.02 / 3 = 116.673…, the spare cent to the best placed (Delta).
#[test]
fn shared_three_tied_players_json() {
    let o = prizes(
        OPEN,
        PLACES,
        &["--rule", "shared", "-t", "BH,SB", "--format", "json"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        doc,
        serde_json::json!({
            "rule": "shared",
            "awards": [
                {"prize": "1st", "category": "", "amount": "300.00",
                 "players": [{"id": 1, "name": "Alpha, Al", "amount": "300.00"}]},
                {"prize": "2nd", "category": "", "amount": "200.00",
                 "players": [
                    {"id": 4, "name": "Delta, Dora", "amount": "116.68"},
                    {"id": 2, "name": "Bravo, Bea", "amount": "116.67"},
                    {"id": 3, "name": "Charlie, Cy", "amount": "116.67"}]},
                {"prize": "3rd", "category": "", "amount": "100.00", "players": []},
                {"prize": "4th", "category": "", "amount": "50.02", "players": []}
            ]
        })
    );
    // The fields in the order.
    let text = stdout(&o);
    let at = |k: &str| text.find(&format!("\"{k}\"")).unwrap();
    assert!(at("rule") < at("awards") && at("prize") < at("category"));
    assert!(at("category") < at("amount") && at("amount") < at("players"));
}

/// `places` with BH alone: Bravo and Delta are not separated (4.5 each) and share the 2nd and
/// 3rd places; Charlie is 4th.
#[test]
fn places_with_exhausted_tiebreaks() {
    let o = prizes(
        OPEN,
        PLACES,
        &["--rule", "places", "--tiebreaks", "BH", "--rules", "2024"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Prize Open: Prizes (rule places, tie-break rules 2024)\n\
Prize  Category  Amount  Place  No  Name                Pts  Receives\n\
1st              300.00      1   1  Alpha, Al           2.5    300.00\n\
2nd              200.00    2-3   2  Bravo, Bea          2.0    150.00\n                           \
2-3   4  Delta, Dora         2.0    150.00\n\
3rd              100.00             (shared under 2nd)\n\
4th               50.02      4   3  Charlie, Cy         2.0     50.02\n\
Total paid: 650.02\n"
    );
}

/// Delta is the best under 1600 and the best woman, but her share of the places (Hort: 150,
/// then 175) is larger: the U1600 prize goes to Charlie, who leaves the places to Delta and
/// Bravo; the women's prize goes past Bravo (125) to Fox; the book to Echo, the U12 without a
/// prize.
#[test]
fn category_prizes_go_to_the_next_player() {
    let o = prizes(OPEN, WITH_CATEGORIES, &["--rule", "hort", "-t", "BH,SB"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Prize Open: Prizes (rule hort, tie-break rules 2026)\n\
Prize       Category     Amount  Place  No  Name                Pts  Receives\n\
1st                      300.00      1   1  Alpha, Al           2.5    300.00\n\
2nd                      200.00      2   4  Delta, Dora         2.0    175.00\n                                     \
3   2  Bravo, Bea          2.0    125.00\n\
3rd                      100.00             (shared under 2nd)\n\
Best U1600  rating<1600  120.00      4   3  Charlie, Cy         2.0    120.00\n\
Best woman  women         40.00      5   6  Fox, Fay            0.5     40.00\n\
Book        age<12       object      6   5  Echo, Ed            0.0    object\n\
Total paid: 760.00\n"
    );
    // As JSON the book has no amount.
    let o = prizes(
        OPEN,
        WITH_CATEGORIES,
        &["--rule", "places", "-t", "BH,SB", "-f", "json"],
    );
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let book = &doc["awards"][5];
    assert_eq!(book["category"], "age<12");
    assert_eq!(book["amount"], serde_json::Value::Null);
    assert_eq!(book["players"][0]["id"], 5);
    assert_eq!(book["players"][0]["amount"], serde_json::Value::Null);
    // Under `places` Delta has the 2nd place (200), Bravo the 3rd (100 > 40), Charlie the U1600.
    let first_of = |k: usize| doc["awards"][k]["players"][0]["id"].clone();
    assert_eq!(
        (first_of(1), first_of(2), first_of(3), first_of(4)),
        (4.into(), 2.into(), 3.into(), 6.into())
    );
}

#[test]
fn errors_name_file_line_and_column() {
    let o = prizes(
        OPEN,
        "prize;category;amount\n1st;;3OO\n2nd;women&&x;5\n",
        &["--rule", "hort"],
    );
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(
        e.contains("prizes.csv:2:6: expected an amount such as 150 or 150.50"),
        "{e}"
    );
    assert!(e.contains("prizes.csv:3:11: expected a condition"), "{e}");
    assert!(o.stdout.is_empty());

    let o = prizes(
        OPEN,
        "prize;category;amount\nClub;club;10\n",
        &["--rule", "hort"],
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("prizes.csv:2:6: expected a category a TRF file can tell"));

    let no_end: String = OPEN
        .lines()
        .filter(|l| !l.starts_with("052"))
        .map(|l| format!("{l}\n"))
        .collect();
    let o = prizes(&no_end, WITH_CATEGORIES, &["--rule", "hort"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("prizes.csv:7:6: expected the event's end date"),
        "{}",
        stderr(&o)
    );
    // Without an age category the end date is not needed.
    assert_eq!(
        prizes(&no_end, PLACES, &["--rule", "hort"]).status.code(),
        Some(0)
    );

    let o = prizes(OPEN, PLACES, &["--rule", "equal"]);
    assert_eq!(o.status.code(), Some(3));
    let o = prizes(OPEN, PLACES, &["--rule", "hort", "--tiebreaks", "XX"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).starts_with("--tiebreaks: "), "{}", stderr(&o));

    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", OPEN);
    let missing = dir.path().join("none.csv");
    let o = run(&[
        "prizes",
        path_str(&trf),
        "--prizes",
        path_str(&missing),
        "--rule",
        "hort",
    ]);
    assert_eq!(o.status.code(), Some(5));
    assert!(stderr(&o).contains("none.csv: cannot access the file"));
}

/// The TRF is read as `arbiter standings` reads it: its errors with line and column; `-o`
/// writes atomically and never over an input.
#[test]
fn trf_errors_and_output_files() {
    let dir = temp_dir();
    let csv = write(dir.path(), "prizes.csv", PLACES);
    let broken = OPEN.replace("2016/04/04  0.0", "2016/04/04  9.0");
    let trf = write(dir.path(), "broken.trf", &broken);
    let o = run(&[
        "prizes",
        path_str(&trf),
        "--prizes",
        path_str(&csv),
        "--rule",
        "shared",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("broken.trf:11:"), "{}", stderr(&o));

    let missing = dir.path().join("missing.trf");
    let o = run(&[
        "prizes",
        path_str(&missing),
        "--prizes",
        path_str(&csv),
        "--rule",
        "shared",
    ]);
    assert_eq!(o.status.code(), Some(5));
    assert!(stderr(&o).contains("missing.trf"), "{}", stderr(&o));

    let trf = write(dir.path(), "open.trf", OPEN);
    let out = dir.path().join("out.json");
    let args = |out: &str| {
        vec![
            "prizes".to_string(),
            path_str(&trf).to_string(),
            "--prizes".to_string(),
            path_str(&csv).to_string(),
            "--rule".to_string(),
            "hort".to_string(),
            "-f".to_string(),
            "json".to_string(),
            "-o".to_string(),
            out.to_string(),
        ]
    };
    let a = args(path_str(&out));
    let o = run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(doc["awards"][1]["players"][2]["amount"], "83.34");
    // Writing over the prize list is refused before anything runs.
    let a = args(path_str(&csv));
    let o = run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), PLACES);
}
