//! `arbiter bridge analyse | vp | teams` driven as a binary, with files of our own and
//! values computed by hand.

mod common;

use common::{path_str, run, stderr, stdout, temp_dir, write};

/// Each player holds one suit: whoever declares in his side's suit takes all 13 tricks,
/// notrump makes nothing for anybody.
const ONE_SUIT: &str = "% Hand record\n\
[Board \"2\"]\n\
[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n";

#[test]
fn analyse_prints_the_table_and_par() {
    let dir = temp_dir();
    let f = write(dir.path(), "deals.pbn", ONE_SUIT);
    let o = run(&["bridge", "analyse", path_str(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Board 2: dealer East, North-South vulnerable (Law 2). North-South's grand slam in
    // spades (2210 vulnerable) outranks East-West's in hearts, and 7NT makes nothing.
    assert_eq!(
        stdout(&o),
        "Board 2  dealer E  vulnerable NS\n\
         \x20   C   D   H   S  NT\n\
         N   0  13   0  13   0\n\
         E  13   0  13   0   0\n\
         S   0  13   0  13   0\n\
         W  13   0  13   0   0\n\
         Par: NS 2210 (7S N, 7S S)\n"
    );
    let o = run(&["bridge", "analyse", path_str(&f), "--format", "json"]);
    assert_eq!(
        stdout(&o),
        "[{\"board\":2,\"tricks\":{\"N\":{\"C\":0,\"D\":13,\"H\":0,\"S\":13,\"NT\":0},\
         \"E\":{\"C\":13,\"D\":0,\"H\":13,\"S\":0,\"NT\":0},\
         \"S\":{\"C\":0,\"D\":13,\"H\":0,\"S\":13,\"NT\":0},\
         \"W\":{\"C\":13,\"D\":0,\"H\":13,\"S\":0,\"NT\":0}},\
         \"par\":{\"score\":2210,\"contracts\":[\"7S N\",\"7S S\"]}}]\n"
    );
}

#[test]
fn analyse_names_a_bad_deal_by_line_and_column() {
    let dir = temp_dir();
    // East holds North's ace of spades too (column 25 of line 3).
    let f = write(
        dir.path(),
        "bad.pbn",
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AK73.T94.J82.854 AQ4.KQ.Q95.QT976 J865.863.KT763.J T92.J752.A4.AK32\"]\n",
    );
    let o = run(&["bridge", "analyse", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(
        e.contains("bad.pbn:3:27: expected each card dealt once (board 1), found SA in East's hand, already in North's"),
        "{e}"
    );
    assert!(stdout(&o).is_empty());
}

#[test]
fn vp_on_the_wbf_scale_and_a_discrete_one() {
    // The WBF's 14-board table as quoted in the IBPA Bulletin (May 2013): 20 IMPs, 15.26.
    let o = run(&["bridge", "vp", "--boards", "14", "--imps", "20"]);
    assert_eq!(stdout(&o), "15.26 4.74\n");
    let o = run(&["bridge", "vp", "--boards", "14", "--imps", "0"]);
    assert_eq!(stdout(&o), "10.00 10.00\n");
    let o = run(&["bridge", "vp", "--boards", "14", "--imps", "300"]);
    assert_eq!(stdout(&o), "20.00 0.00\n");
    // ACBL 20-VP scale, 6-8 boards: 5-7 IMPs are 13-7.
    let o = run(&[
        "bridge",
        "vp",
        "--boards",
        "8",
        "--imps",
        "7",
        "--scale",
        "acbl20-6-8",
    ]);
    assert_eq!(stdout(&o), "13.00 7.00\n");
    let o = run(&[
        "bridge",
        "vp",
        "--boards",
        "12",
        "--imps",
        "7",
        "--scale",
        "acbl20-6-8",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("expected a match of 6 to 8 boards"),
        "{}",
        stderr(&o)
    );
    let o = run(&["bridge", "vp", "--boards", "0", "--imps", "7"]);
    assert_eq!(o.status.code(), Some(3));
}

/// Four boards, both rooms. Home team NS in the open room, EW in the closed room.
const MATCH: &str = "[Event \"Club teams\"]\n[HomeTeam \"Lions\"]\n[VisitTeam \"Tigers\"]\n\
[Board \"1\"]\n[Room \"Open\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n[Score \"NS 420\"]\n\n\
[Board \"1\"]\n[Room \"Closed\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"9\"]\n\n\
[Board \"2\"]\n[Room \"Open\"]\n[Contract \"3NT\"]\n[Declarer \"S\"]\n[Result \"9\"]\n\n\
[Board \"2\"]\n[Room \"Closed\"]\n[Contract \"3NT\"]\n[Declarer \"S\"]\n[Result \"9\"]\n\n\
[Board \"3\"]\n[Room \"Open\"]\n[Contract \"2H\"]\n[Declarer \"E\"]\n[Result \"8\"]\n\n\
[Board \"3\"]\n[Room \"Closed\"]\n[Contract \"4H\"]\n[Declarer \"W\"]\n[Result \"10\"]\n\n\
[Board \"4\"]\n[Room \"Closed\"]\n[Contract \"3NT\"]\n[Declarer \"N\"]\n[Result \"12\"]\n\n\
[Board \"4\"]\n[Room \"Open\"]\n[Contract \"6NT\"]\n[Declarer \"N\"]\n[Result \"11\"]\n";

#[test]
fn teams_scores_a_match_from_both_rooms() {
    let dir = temp_dir();
    let f = write(dir.path(), "match.pbn", MATCH);
    let o = run(&["bridge", "teams", path_str(&f), "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    // Board 1 (none vul): +420 against -50, 470 net, 10 IMPs. Board 2 (NS vul): +600 at
    // both tables. Board 3 (EW vul): -110 against -620, 510 net, 11 IMPs. Board 4 (all vul):
    // 6NT one down (-100) against 3NT+3 (+690), -790 net, 13 IMPs to the visitors.
    let nets: Vec<i64> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["net_home"].as_i64().unwrap())
        .collect();
    assert_eq!(nets, [470, 0, 510, -790]);
    assert_eq!(
        (v["imps_home"].as_u64(), v["imps_visit"].as_u64()),
        (Some(21), Some(13))
    );
    // 4 boards, 8 IMPs: blitz 15·√4 = 30, 10 + 10·(1 − τ^0.8)/(1 − τ³) = 14.18.
    assert_eq!(v["vp_home"].as_f64(), Some(14.18));
    assert_eq!(v["vp_visit"].as_f64(), Some(5.82));
    assert_eq!(v["home"], "Lions");
    let o = run(&["bridge", "teams", path_str(&f)]);
    let text = stdout(&o);
    assert!(
        text.contains("Lions (NS in the open room) v Tigers, 4 boards"),
        "{text}"
    );
    assert!(text.contains("6NT N -1"), "{text}");
    let vps: Vec<&str> = text
        .lines()
        .find(|l| l.trim_start().starts_with("VPs"))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(vps, ["VPs", "14.18", "5.82"], "{text}");
}

#[test]
fn teams_refuses_a_board_played_in_one_room() {
    let dir = temp_dir();
    let cut = MATCH.rfind("[Board \"4\"]\n[Room \"Open\"]").unwrap();
    let f = write(dir.path(), "half.pbn", &MATCH[..cut]);
    let o = run(&["bridge", "teams", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(
        e.contains("half.pbn:41:1: expected the open room's result for board 4 too, found only the closed room's"),
        "{e}"
    );
    // A [Score] that the contract does not give.
    let f = write(dir.path(), "score.pbn", MATCH.replace("NS 420", "NS 450"));
    let o = run(&["bridge", "teams", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("score.pbn:9:9: expected the score of the contract (NS 420"),
        "{}",
        stderr(&o)
    );
}
