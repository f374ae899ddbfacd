//! Bad input gives a typed error with the file, line, column, what was expected and what
//! was found, and no partial session.

use bridge::InputError;

fn pbn_board(extra_tags: &str, rows: &str) -> String {
    format!(
        "[Event \"Club\"]\n[Board \"4\"]\n[Dealer \"W\"]\n{extra_tags}[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R\"]\n{rows}"
    )
}

fn err_pbn(text: &str) -> InputError {
    bridge::pbn::read(text, "club.pbn").unwrap_err()
}

fn err_csv(text: &str) -> InputError {
    bridge::csv::read(text, "club.csv").unwrap_err()
}

#[test]
fn unknown_contract() {
    let e = err_pbn(&pbn_board(
        "[Vulnerable \"All\"]\n",
        " 1  8 3C   S 10   130     -\n 2  2 3Z   N  6     -   300\n",
    ));
    assert_eq!((e.line, e.column), (7, 8));
    assert_eq!(e.file, "club.pbn");
    assert!(e.expected.contains("strain"), "{e}");
    assert_eq!(e.found, "\"Z\"");
    let e = err_csv("board,ns,ew,contract,declarer,result\n4,1,8,9NT,N,=\n");
    assert_eq!((e.line, e.column), (2, 7));
    assert!(
        e.to_string()
            .starts_with("club.csv:2:7: expected a contract level 1-7"),
        "{e}"
    );
}

#[test]
fn impossible_trick_count() {
    let e = err_pbn(&pbn_board(
        "[Vulnerable \"All\"]\n",
        " 1  8 3C   S 14   130     -\n",
    ));
    assert_eq!((e.line, e.column), (6, 14));
    assert!(e.expected.contains("0-13"), "{e}");
    let e = err_csv("board,ns,ew,contract,declarer,result\n4,1,8,7NT,N,+1\n");
    assert_eq!((e.line, e.column), (2, 13));
    assert!(e.found.contains("14 tricks"), "{e}");
    let e = err_csv("board,ns,ew,contract,declarer,result\n4,1,8,1NT,N,-8\n");
    assert!(e.found.contains("-1 tricks"), "{e}");
}

#[test]
fn pair_playing_twice_in_a_round() {
    let csv = "board,round,ns,ew,contract,declarer,result\n\
               1,1,1,2,3NT,N,=\n\
               2,1,1,2,4S,S,=\n\
               3,1,1,4,2H,E,=\n";
    let e = err_csv(csv);
    assert_eq!((e.line, e.column), (4, 1));
    assert!(e.found.contains("pair 1 playing twice in round 1"), "{e}");
    assert!(e.expected.contains("line 2"), "{e}");
    // Twice on the same board.
    let e = err_csv("board,ns,ew,contract,declarer,result\n1,1,2,3NT,N,=\n1,3,2,3NT,N,=\n");
    assert_eq!(e.line, 3);
    assert!(e.found.contains("pair 2 playing board 1 twice"), "{e}");
}

#[test]
fn board_without_vulnerability() {
    let e = err_pbn(&pbn_board("", " 1  8 3C   S 10   130     -\n"));
    assert_eq!((e.line, e.column), (2, 1));
    assert_eq!(e.expected, "a [Vulnerable] tag for board 4");
    assert_eq!(e.found, "none");
}

#[test]
fn score_disagreeing_with_the_contract() {
    let e = err_csv("board,ns,ew,contract,declarer,result,score\n4,1,8,3NT,N,-3,-150\n");
    assert_eq!((e.line, e.column), (2, 16));
    assert!(e.expected.contains("-300 for NS, vulnerable All"), "{e}");
}

#[test]
fn malformed_files() {
    let e = err_pbn("[Board \"1\"\n");
    assert_eq!(e.line, 1);
    let e = err_pbn("[Board \"1\"]\n[Vulnerable \"Sometimes\"]\n");
    assert_eq!((e.line, e.column), (2, 1));
    let e = err_csv("board,ns,ew,contract\n1,1,2\n");
    assert!(e.expected.contains("4 fields"), "{e}");
    let e = bridge::usebio::read("<USEBIO Version=\"1.2\"><EVENT><BOARD>", "x.xml").unwrap_err();
    assert!(
        e.found.contains("end of the file") || e.expected.contains("XML"),
        "{e}"
    );
    let e = bridge::usebio::read(
        "<USEBIO Version=\"1.2\">\n<EVENT>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>x</NS_PAIR_NUMBER></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
        "x.xml",
    )
    .unwrap_err();
    assert_eq!(e.line, 4);
    assert!(e.expected.contains("pair number"), "{e}");
}

#[test]
fn weights_must_add_up() {
    let e = err_csv("board,ns,ew,contract,score\n1,1,2,,620@70%;-100@20%\n");
    assert!(e.found.contains("90%"), "{e}");
}

#[test]
fn large_pair_and_round_numbers() {
    // Far beyond any real event: the checks fall back to hashing and still hold.
    let ok = "board,round,ns,ew,contract,declarer,result\n\
              1,4000000000,4000000001,4000000002,3NT,N,=\n\
              2,4000000000,4000000001,4000000002,3NT,N,=\n";
    let s = bridge::csv::read(ok, "big.csv").unwrap();
    assert_eq!(s.boards.len(), 2);
    let bad = format!("{ok}3,4000000000,4000000001,7,3NT,N,=\n");
    let e = err_csv(&bad);
    assert_eq!(e.line, 4);
    assert!(e.found.contains("playing twice in round 4000000000"), "{e}");
}

#[test]
fn absurd_scores() {
    let e = err_csv("board,ns,ew,score\n1,1,2,-2147483648\n");
    assert!(e.expected.contains("a score between"), "{e}");
    let e = err_csv("board,ns,ew,score\n1,1,2,620@50%;999999@50%\n");
    assert!(e.expected.contains("weighted"), "{e}");
    let e = err_pbn(&pbn_board(
        "[Vulnerable \"All\"]\n",
        " 1  8 -    -  -  -2147483648     -\n",
    ));
    assert!(e.expected.contains("at most 100000"), "{e}");
    assert_eq!((e.line, e.column), (6, 18));
    let e = err_csv("board,ns,ew,contract,declarer,result\n1,1,2,3NT,N,+99999999999\n");
    assert!(e.expected.contains("a result such as"), "{e}");
}

#[test]
fn weights_message_says_what_is_wrong() {
    // 120% and -20% add up to 100%: the message names the negative weight.
    let e = err_csv("board,ns,ew,contract,score\n1,1,2,,620@120%;-100@-20%\n");
    assert_eq!(e.expected, "weights above 0%", "{e}");
    assert_eq!(e.found, "a weight of -20% (score -100)", "{e}");
    // 100.004% was shown rounded as 100%.
    let e = err_csv("board,ns,ew,contract,score\n1,1,2,,620@33.333%;-100@33.333%;170@33.338%\n");
    assert_eq!(e.expected, "weights adding up to 100%", "{e}");
    assert_eq!(e.found, "weights adding up to 100.004%", "{e}");
}
