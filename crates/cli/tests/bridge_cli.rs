//! `arbiter bridge ...` driven as a binary, with exact output where it matters.

mod common;

use std::path::Path;

use common::{path_str, run, stderr, stdout, temp_dir, write};

/// Seed 003, board 4 (the club traveller), in the CSV traveller format.
const SEED: &str = "board,ns,ew,contract,declarer,lead,result,score\n\
4,1,8,3C,S,HK,+1,130\n\
4,2,2,3NT,N,S10,-3,-300\n\
4,3,4,3C,N,S4,+1,130\n\
4,4,6,2S,E,C4,=,-110\n\
4,5,1,3C,S,HK,+1,130\n\
4,6,3,2S,E,C3,=,-110\n\
4,7,5,2S,W,C3,=,-110\n\
4,8,7,1NT,N,SA,+4,210\n";

#[test]
fn contract_score_of_the_seed() {
    let o = run(&["bridge", "contract-score", "3NT N -3", "--board", "4"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "NS -300 (EW 300, vulnerable All)\n");
    let o = run(&[
        "bridge",
        "contract-score",
        "3NT",
        "N",
        "-3",
        "--vul",
        "none",
    ]);
    assert_eq!(stdout(&o), "NS -150 (EW 150, vulnerable None)\n");
    let o = run(&[
        "bridge",
        "contract-score",
        "2HX S 8",
        "--board",
        "2",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["score_ns"], 670);
    let o = run(&["bridge", "contract-score", "8NT N =", "--board", "1"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("expected a contract level 1-7"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn contract_score_reads_french_letters_with_lang_fr() {
    // A French club's 4C is four hearts: 4♥+1 by East, nobody vulnerable, is −450 for NS
    // (four clubs would be −150).
    let o = run(&["bridge", "contract-score", "4C E +1", "--board", "1"]);
    assert_eq!(stdout(&o), "NS -150 (EW 150, vulnerable None)\n");
    let o = run(&[
        "bridge",
        "contract-score",
        "4C O +1",
        "--board",
        "1",
        "--lang",
        "fr",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "NS -450 (EW 450, vulnerable None)\n");
    let o = run(&[
        "bridge",
        "contract-score",
        "3SA N =",
        "--vul",
        "none",
        "--lang",
        "fr",
    ]);
    assert_eq!(stdout(&o), "NS 400 (EW -400, vulnerable None)\n");
    let o = run(&[
        "bridge",
        "contract-score",
        "2♠ S =",
        "--vul",
        "none",
        "--lang",
        "fr",
    ]);
    assert_eq!(stdout(&o), "NS 110 (EW -110, vulnerable None)\n");
    // S is spades in English, sans-atout to some: refused, with what to type.
    let o = run(&[
        "bridge",
        "contract-score",
        "4S N =",
        "--board",
        "1",
        "--lang",
        "fr",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("ambiguous"), "{}", stderr(&o));
    assert!(stderr(&o).contains("P (pique)"), "{}", stderr(&o));
}

#[test]
fn seed_traveller_text() {
    let dir = temp_dir();
    let f = write(dir.path(), "seed.csv", SEED);
    let o = run(&["bridge", "score", path_str(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let want = "\
Board 4  Dealer W  Vulnerable All  Top 14
NS  EW  Contract  By  Lead  Result  Score NS  Score EW  MP NS  MP EW    % NS    % EW
 1   8  3C        S   HK    +1           130            10.00   4.00   71.43   28.57
 2   2  3NT       N   S10   -3                     300   0.00  14.00    0.00  100.00
 3   4  3C        N   S4    +1           130            10.00   4.00   71.43   28.57
 4   6  2S        E   C4    =                      110   4.00  10.00   28.57   71.43
 5   1  3C        S   HK    +1           130            10.00   4.00   71.43   28.57
 6   3  2S        E   C3    =                      110   4.00  10.00   28.57   71.43
 7   5  2S        W   C3    =                      110   4.00  10.00   28.57   71.43
 8   7  1NT       N   SA    +4           210            14.00   0.00  100.00    0.00

Ranking North-South
Rank  Pair     MP    Top       %  Boards
   1     8  14.00  14.00  100.00       1
  2=     1  10.00  14.00   71.43       1
  2=     3  10.00  14.00   71.43       1
  2=     5  10.00  14.00   71.43       1
  5=     4   4.00  14.00   28.57       1
  5=     6   4.00  14.00   28.57       1
  5=     7   4.00  14.00   28.57       1
   8     2   0.00  14.00    0.00       1

Ranking East-West
Rank  Pair     MP    Top       %  Boards
   1     2  14.00  14.00  100.00       1
  2=     3  10.00  14.00   71.43       1
  2=     5  10.00  14.00   71.43       1
  2=     6  10.00  14.00   71.43       1
  5=     1   4.00  14.00   28.57       1
  5=     4   4.00  14.00   28.57       1
  5=     8   4.00  14.00   28.57       1
   8     7   0.00  14.00    0.00       1
";
    assert_eq!(stdout(&o), want);
}

#[test]
fn seed_traveller_json_and_one_point_scale() {
    let dir = temp_dir();
    let f = write(dir.path(), "seed.csv", SEED);
    let o = run(&["bridge", "score", path_str(&f), "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let lines = v["boards"][0]["lines"].as_array().unwrap();
    let got: Vec<(i64, i64, i64, f64)> = lines
        .iter()
        .map(|l| {
            (
                l["score_ns"].as_i64().unwrap(),
                l["mp_ns"].as_i64().unwrap(),
                l["mp_ew"].as_i64().unwrap(),
                l["pct_ns"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got[0], (130, 10, 4, 71.43));
    assert_eq!(got[1], (-300, 0, 14, 0.0));
    assert_eq!(got[7], (210, 14, 0, 100.0));
    let r0 = &v["ranking"][0];
    assert_eq!(
        (
            r0["field"].as_str(),
            r0["pair"].as_i64(),
            r0["rank"].as_i64()
        ),
        (Some("NS"), Some(8), Some(1))
    );
    let o = run(&[
        "bridge",
        "score",
        path_str(&f),
        "--format",
        "json",
        "--scale",
        "1",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let mp: Vec<f64> = v["boards"][0]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["mp_ns"].as_f64().unwrap())
        .collect();
    assert_eq!(mp, vec![5.0, 0.0, 5.0, 2.0, 5.0, 2.0, 2.0, 7.0]);
    assert_eq!(v["boards"][0]["top"], 7);
}

#[test]
fn bad_input_is_an_error_with_position_and_no_output() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "bad.csv",
        "board,ns,ew,contract,declarer,result\n4,1,8,3C,S,+1\n4,2,2,3NT,N,+5\n",
    );
    let out = dir.path().join("out.pbn");
    let o = run(&[
        "bridge",
        "score",
        path_str(&f),
        "--format",
        "pbn",
        "-o",
        path_str(&out),
    ]);
    assert_eq!(o.status.code(), Some(3));
    let msg = stderr(&o);
    assert!(msg.contains("bad.csv:3:13: expected a possible number of tricks (0-13), found +5 (14 tricks for 3NT)"), "{msg}");
    assert!(!out.exists(), "no partial output");
    assert!(stdout(&o).is_empty());
    let o = run(&["bridge", "score", path_str(&dir.path().join("missing.pbn"))]);
    assert_eq!(o.status.code(), Some(5));
}

#[test]
fn generated_session_round_trips_through_pbn_and_usebio() {
    let dir = temp_dir();
    let gen = dir.path().join("gen.pbn");
    let o = run(&[
        "bridge",
        "generate",
        "--tables",
        "7",
        "--boards",
        "5",
        "-o",
        path_str(&gen),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let scored = dir.path().join("scored.pbn");
    let o = run(&[
        "bridge",
        "score",
        path_str(&gen),
        "--format",
        "pbn",
        "-o",
        path_str(&scored),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&scored).unwrap();
    assert!(text.contains("MP_NS\\6R;MP_EW\\6R;Percentage_NS\\6R;Percentage_EW\\6R"));
    assert!(text.contains("[TotalScoreTable"));
    let xml = dir.path().join("scored.xml");
    let o = run(&[
        "bridge",
        "score",
        path_str(&scored),
        "--format",
        "usebio",
        "-o",
        path_str(&xml),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The same ranking from the original, the written PBN and the written USEBIO.
    let ranking = |p: &Path| {
        let o = run(&["bridge", "score", path_str(p), "--format", "json"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        v["ranking"].clone()
    };
    let first = ranking(&gen);
    assert_eq!(first.as_array().unwrap().len(), 14);
    assert_eq!(ranking(&scored), first);
    assert_eq!(ranking(&xml), first);
}

#[test]
fn the_html_page_is_the_web_applications_in_either_language() {
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/bridge/club_mitchell.csv"
    );
    let o = run(&[
        "bridge", "score", example, "--format", "html", "--lang", "fr",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("<html lang=\"fr\">"));
    assert!(page.contains("Feuilles ambulantes") && page.contains("id=\"ranking-ns\""));
    assert!(page.contains("id=\"card-1\"") && !page.contains("<script"));
    let o = run(&["bridge", "score", example, "-f", "html", "--ranking-only"]);
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(page.contains("Ranking") && !page.contains("id=\"travellers\""));
    let o = run(&["bridge", "score", example, "-f", "html", "--lang", "de"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("--lang: expected en or fr"));
}

#[test]
fn example_session_scores() {
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/bridge/club_mitchell.csv"
    );
    for format in ["text", "csv", "html", "json", "pbn"] {
        let o = run(&["bridge", "score", example, "--format", format]);
        assert_eq!(o.status.code(), Some(0), "{format}: {}", stderr(&o));
        assert!(!o.stdout.is_empty());
    }
    // Artificial scores cannot be written as USEBIO: refused, not guessed.
    let o = run(&["bridge", "score", example, "--format", "usebio"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("cannot be written in USEBIO"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "bridge", "score", example, "--method", "butler", "--format", "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["ranking"][0]["imps"].is_number());
}

#[test]
fn masterpoints_in_the_csv_ranking_and_the_usebio_file() {
    let dir = temp_dir();
    let f = write(dir.path(), "seed.csv", SEED);
    let o = run(&[
        "bridge",
        "score",
        path_str(&f),
        "--format",
        "csv",
        "--ranking-only",
        "--masterpoints",
        "acbl-club",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let csv = stdout(&o);
    // By hand: an 8-table Mitchell, two lines of 8 pairs, the ACBL's open club scale gives
    // 0.80, 0.56, 0.40 in each line. NS matchpoints 10 0 10 4 10 4 4 14: pair 8 first 0.80;
    // 1, 3, 5 share 2nd–4th, (0.56 + 0.40 + 0) / 3 = 0.32. EW: pair 2 (14) first; 3, 5, 6
    // (10) share 2nd–4th.
    let award = |field: &str, pair: &str| -> String {
        csv.lines()
            .map(|l| l.split(',').collect::<Vec<_>>())
            .find(|c| c[0] == field && c[2] == pair)
            .map(|c| c.last().unwrap().to_string())
            .unwrap_or_else(|| panic!("no {field} {pair} in {csv}"))
    };
    assert!(
        csv.lines().next().unwrap().ends_with(",Masterpoints"),
        "{csv}"
    );
    for (field, pair, mp) in [
        ("NS", "8", "0.80"),
        ("NS", "1", "0.32"),
        ("NS", "5", "0.32"),
        ("NS", "4", "0.00"),
        ("NS", "2", "0.00"),
        ("EW", "2", "0.80"),
        ("EW", "6", "0.32"),
        ("EW", "7", "0.00"),
    ] {
        assert_eq!(award(field, pair), mp, "{field} {pair}");
    }
    let o = run(&[
        "bridge",
        "score",
        path_str(&f),
        "--format",
        "usebio",
        "--masterpoints",
        "ebu-club:24",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The EBU's club scale: the top third of 8 is 2 awards, 24 and 12 (steps of 24 / 2).
    let xml = stdout(&o);
    assert_eq!(
        xml.matches("<MASTER_POINTS_AWARDED>24</MASTER_POINTS_AWARDED>")
            .count(),
        2
    );
    // A bad scale: exit 3, naming the option and what was wrong.
    let o = run(&[
        "bridge",
        "score",
        path_str(&f),
        "--masterpoints",
        "table:5 9",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("--masterpoints \"table:5 9\": place 2 gets more points than place 1"),
        "{}",
        stderr(&o)
    );
}
