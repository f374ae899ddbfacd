//! `arbiter standings` and `arbiter crosstable` driven as a binary, with exact output.

mod common;

use std::path::PathBuf;

use common::{path_str, run, stderr, stdout, temp_dir, write};

const TINY: &str = "012 Tiny Open\n\
042 2026/04/01\n\
092 Individual: Swiss-System\n\
XXR 3\n\
001    1      Alpha, Ann                        2100                             2.5    0     4 w 1     2 b 1     3 w =\n\
001    2      Bravo, Bob                        2000                             1.5    0     3 b 1     1 w 0     4 b =\n\
001    3      Charlie, Cy                       1900                             1.5    0     2 w 0     4 b 1     1 b =\n\
001    4      Delta, Dan                        1800                             0.5    0     1 b 0     3 w 0     2 w =\n\
";

#[test]
fn standings_text() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&["standings", path_str(&f), "--tiebreaks", "DE,BH,SB,ARO,TPR"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Tiny Open: Standings (tie-break rules 2026)\n\
Rank  No  Name         Pts  DE   BH    SB   ARO   TPR\n   \
1   1  Alpha, Ann   2.5   0  3.5  2.75  1900  2173\n   \
2   2  Bravo, Bob   1.5   1  4.5  1.75  1933  1933\n   \
3   3  Charlie, Cy  1.5   2  4.5  1.75  1967  1967\n   \
4   4  Delta, Dan   0.5   0  5.5  0.75  2000  1727\n"
    );
}

#[test]
fn standings_shared_places_csv_and_html() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&["standings", path_str(&f), "-t", "BH,SB", "--format", "csv"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "Rank,No,Name,Pts,BH,SB\r\n1,1,\"Alpha, Ann\",2.5,3.5,2.75\r\n2-3,2,\"Bravo, Bob\",1.5,4.5,1.75\r\n\
2-3,3,\"Charlie, Cy\",1.5,4.5,1.75\r\n4,4,\"Delta, Dan\",0.5,5.5,0.75\r\n"
    );
    let out = dir.path().join("out.html");
    let o = run(&[
        "standings",
        path_str(&f),
        "-f",
        "html",
        "-o",
        path_str(&out),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    let html = std::fs::read_to_string(out).unwrap();
    // The web application's standings page: tie-break columns, a legend of the codes.
    assert!(
        html.contains(r#"<th class="tb">BH/C1</th><th class="tb">BH</th><th class="tb">SB</th>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<td class="name">Alpha, Ann</td>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<html lang="en">"#) && html.contains("Legend"),
        "{html}"
    );
    assert!(
        html.contains("Buchholz"),
        "the legend names the codes: {html}"
    );
    // In French, with the same page.
    let o = run(&["standings", path_str(&f), "-f", "html", "--lang", "fr"]);
    assert_eq!(o.status.code(), Some(0));
    let html = stdout(&o);
    assert!(
        html.contains(r#"<html lang="fr">"#) && html.contains("Légende"),
        "{html}"
    );
    let o = run(&["standings", path_str(&f), "-f", "html", "--lang", "de"]);
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn standings_json_schema() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&[
        "standings",
        path_str(&f),
        "-t",
        "BH/C1,SB,AOB",
        "--rules",
        "2024",
        "-f",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["rules"], "2024");
    assert_eq!(doc["tiebreaks"], serde_json::json!(["BH/C1", "SB", "AOB"]));
    let first = &doc["standings"][0];
    assert_eq!(first["rank"], 1);
    assert_eq!(first["id"], 1);
    assert_eq!(first["name"], "Alpha, Ann");
    assert_eq!(first["points"], 2.5);
    // BH/C1 drops Delta's 0.5; SB 2.75; AOB = (5.5 + 4.5 + 4.5) / 3.
    assert_eq!(first["values"][0], 3.0);
    assert_eq!(first["values"][1], 2.75);
    let aob = first["values"][2].as_f64().unwrap();
    assert!((aob - 14.5 / 3.0).abs() < 1e-9);
    let keys: Vec<&str> = ["rules", "tiebreaks", "standings"].to_vec();
    let text = stdout(&o);
    let pos: Vec<usize> = keys
        .iter()
        .map(|k| text.find(&format!("\"{k}\"")).unwrap())
        .collect();
    assert!(pos.windows(2).all(|w| w[0] < w[1]), "key order");
}

#[test]
fn crosstable_text_and_json() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&["crosstable", path_str(&f), "-t", "DE"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Tiny Open: Crosstable (tie-break rules 2026)\n\
Rank  No  Name          Rtg   R1   R2   R3  Pts\n   \
1   1  Alpha, Ann   2100  4w1  2b1  3w½  2.5\n   \
2   2  Bravo, Bob   2000  3b1  1w0  4b½  1.5\n   \
3   3  Charlie, Cy  1900  2w0  4b1  1b½  1.5\n   \
4   4  Delta, Dan   1800  1b0  3w0  2w½  0.5\n"
    );
    let o = run(&["crosstable", path_str(&f), "-f", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["rounds"], 3);
    assert_eq!(doc["players"][0]["rounds"][0]["opponent"], 4);
    assert_eq!(doc["players"][0]["rounds"][2]["result"], "1/2");
}

/// The HTML crosstable is the web application's (report's partial): event title, number,
/// title, rating and federation columns, the tie-break values and their legend, FR or EN.
#[test]
fn crosstable_html_through_the_renderer() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&["crosstable", path_str(&f), "-t", "DE", "-f", "html"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = stdout(&o);
    assert!(
        html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"),
        "{html}"
    );
    assert!(
        html.contains("<title>Tiny Open — Crosstable — Standings after round 3</title>"),
        "{html}"
    );
    assert!(
        html.contains("<th>No.</th><th>Name</th><th>Title</th><th>Rating</th><th>Fed</th>"),
        "{html}"
    );
    assert!(html.contains("<th>R1</th><th>R2</th><th>R3</th>"), "{html}");
    assert!(
        html.contains(r#"<td class="name">Alpha, Ann</td>"#)
            && html.contains(
                r#"<td class="cell">4w1</td><td class="cell">2b1</td><td class="cell">3w½</td>"#
            ),
        "{html}"
    );
    assert!(
        html.contains(r#"<th class="tb">DE</th>"#) && html.contains("Legend"),
        "{html}"
    );
    let o = run(&["crosstable", path_str(&f), "-f", "html", "--lang", "fr"]);
    let html = stdout(&o);
    assert!(html.contains(r#"<html lang="fr">"#) && html.contains("Grille américaine"));
    assert!(html.contains(r#"<td class="cell">4B1</td>"#), "{html}");
    let o = run(&["crosstable", path_str(&f), "-f", "html", "--lang", "de"]);
    assert_eq!(o.status.code(), Some(3));
    // A round robin's HTML is the same page (rounds as columns, as on the web).
    let o = run(&["crosstable", path_str(&f), "--round-robin", "-f", "html"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains(r#"<table class="list crosstable" id="crosstable">"#));
}

#[test]
fn crosstable_round_robin_matrix() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&[
        "crosstable",
        path_str(&f),
        "--round-robin",
        "-t",
        "SB",
        "-f",
        "csv",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Rank,No,Name,Rtg,1,2,3,4,Pts\r\n1,1,\"Alpha, Ann\",2100,X,1,½,1,2.5\r\n\
2-3,2,\"Bravo, Bob\",2000,0,X,1,½,1.5\r\n2-3,3,\"Charlie, Cy\",1900,½,0,X,1,1.5\r\n\
4,4,\"Delta, Dan\",1800,0,½,0,X,0.5\r\n"
    );
}

/// A player without a rating: ARO is undefined (C.07 10) unless --unrated gives one.
#[test]
fn unrated_players_and_rules() {
    let dir = temp_dir();
    let text = TINY.replacen(
        "Delta, Dan                        1800",
        "Delta, Dan                           0",
        1,
    );
    let f = write(dir.path(), "unrated.trf", &text);
    let json = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec!["standings", path_str(&f), "-t", "ARO", "-f", "json"];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    assert!(json(&[])["standings"][0]["values"][0].is_null());
    // Alpha met 4 (now 1000), 2 (2000) and 3 (1900): 4900 / 3 = 1633.3.
    assert_eq!(
        json(&["--unrated", "1000"])["standings"][0]["values"][0],
        1633
    );
    assert_eq!(
        json(&["--rules", "pre2012", "--unrated", "1000"])["rules"],
        "pre2012"
    );
    // The old 350-point rule counts the 1000 as 2100 − 350 = 1750: 5650 / 3 = 1883.3.
    assert_eq!(
        json(&["--rules", "pre2012", "--unrated", "1000"])["standings"][0]["values"][0],
        1883
    );
}

#[test]
fn errors_and_exit_codes() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&["standings", path_str(&f), "-t", "BH,XYZ"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("XYZ"));
    assert!(o.stdout.is_empty());
    let o = run(&["standings", path_str(&f), "--rules", "1999"]);
    assert_eq!(o.status.code(), Some(3));
    let bad = write(dir.path(), "bad.trf", "001 bad\n");
    let o = run(&["standings", path_str(&bad)]);
    assert_eq!(o.status.code(), Some(3));
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("{}:1:5: expected", bad.display())),
        "{err}"
    );
    let o = run(&["standings", path_str(&dir.path().join("missing.trf"))]);
    assert_eq!(o.status.code(), Some(5));
}

/// FIDE's exercise through the binary: the published BH, BH/C1 and SB (2024 rules).
#[test]
fn fide_exercise_through_the_binary() {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/conformance/tiebreak/fide_tec_exercise_2024"
    ));
    if !dir.is_dir() {
        println!("skipped: {} not found", dir.display());
        return;
    }
    let trf = dir.join("tec_exercise.trf");
    let o = run(&[
        "standings",
        path_str(&trf),
        "-t",
        "BH,BH/C1,SB",
        "--rules",
        "2024",
        "-f",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("expected.json")).unwrap()).unwrap();
    let mut checked = 0;
    for row in doc["standings"].as_array().unwrap() {
        let id = row["id"].to_string();
        for (k, code) in ["BH", "BH/C1", "SB"].iter().enumerate() {
            if let Some(want) = expected["expected"][code].get(&id) {
                assert_eq!(row["values"][k].as_f64(), want.as_f64(), "{code} #{id}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 36);
}

#[test]
fn tiebreak_codes_typed_in_lower_case_are_shown_as_the_rules_spell_them() {
    let dir = temp_dir();
    let f = write(dir.path(), "tiny.trf", TINY);
    let o = run(&["standings", path_str(&f), "-t", "bh/c1 sb,aob"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let header = stdout(&o).lines().nth(1).unwrap().to_string();
    assert!(
        header.contains("BH/C1") && header.contains("AOB"),
        "{header}"
    );
    assert!(!header.contains("bh") && !header.contains("sb"), "{header}");
    let o = run(&[
        "standings",
        path_str(&f),
        "-t",
        "bh/c1 sb,aob",
        "-f",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["tiebreaks"], serde_json::json!(["BH/C1", "SB", "AOB"]));
}

#[test]
fn standings_and_crosstable_read_latin1_files() {
    let dir = temp_dir();
    let latin1: Vec<u8> = TINY
        .replace("Tiny Open", "Open de Saint-\u{c9}tienne")
        .chars()
        .map(|c| c as u32 as u8)
        .collect();
    let f = write(dir.path(), "old.trf", latin1);
    for command in ["standings", "crosstable"] {
        let o = run(&[command, path_str(&f)]);
        assert_eq!(o.status.code(), Some(3), "{command}: {}", stderr(&o));
        assert!(stderr(&o).contains("--latin1"), "{command}: {}", stderr(&o));
        let o = run(&[command, path_str(&f), "--latin1"]);
        assert_eq!(o.status.code(), Some(0), "{command}: {}", stderr(&o));
        assert!(
            stdout(&o).starts_with("Open de Saint-\u{c9}tienne"),
            "{command}: {}",
            stdout(&o)
        );
    }
}
