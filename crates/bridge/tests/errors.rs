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

#[test]
fn a_usebio_file_nested_too_deep_is_refused_where_it_goes_too_deep() {
    // 150,000 levels overflowed the stack (an abort, not an error).
    let text = format!("<USEBIO>{}", "<a>".repeat(150_000));
    let e = bridge::usebio::read(&text, "deep.xml").unwrap_err();
    assert_eq!(e.kind, bridge::InputErrorKind::Invalid);
    assert_eq!(e.expected, "elements nested at most 200 deep", "{e}");
    // USEBIO and 199 <a> fit; the 200th <a> starts at column 9 + 3 × 199.
    assert_eq!((e.line, e.column), (1, 606), "{e}");
    let closed = format!("{}{}", text, "</a>".repeat(150_000));
    let e = bridge::usebio::read(&closed, "deep.xml").unwrap_err();
    assert_eq!((e.line, e.column), (1, 606), "{e}");
}

#[test]
fn a_pbn_file_ending_inside_a_comment_is_refused() {
    let board = pbn_board("[Vulnerable \"All\"]\n", " 1  8 3C   S 10   130     -\n");
    let e = err_pbn(&format!("{board}\n  {{ a comment\nthat is never closed\n"));
    assert_eq!((e.line, e.column), (8, 3), "{e}");
    assert_eq!(e.expected, "a } closing the comment opened here");
    assert_eq!(e.found, "the end of the file");
    // Closed, it is read.
    bridge::pbn::read(&format!("{board}\n{{ a comment\nclosed }}\n"), "club.pbn").unwrap();
}

/// A `usebio` session of `boards` boards of 10 lines, all on one line.
fn one_line_usebio(boards: u32) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\"?><USEBIO Version=\"1.2\"><EVENT><WINNER_TYPE>2</WINNER_TYPE>",
    );
    for b in 1..=boards {
        s.push_str(&format!("<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>"));
        for t in 1..=10 {
            s.push_str(&format!(
                "<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{t}</EW_PAIR_NUMBER><SCORE>{}</SCORE></TRAVELLER_LINE>",
                (t * 10) % 200 - 50
            ));
        }
        s.push_str("</BOARD>");
    }
    s.push_str("</EVENT></USEBIO>");
    s
}

#[test]
fn one_long_line_is_read_in_linear_time() {
    // Columns were counted from the line's start for every token: a 790 KB line took 5.9 s
    // in release, 3 MB would take minutes even there. Linear, each read takes well under a
    // second in release and a few in a debug build; 10 s is far from both.
    let limit = std::time::Duration::from_secs(10);
    let xml = one_line_usebio(2_500);
    assert!(xml.len() > 3_000_000, "{}", xml.len());
    let start = std::time::Instant::now();
    let s = bridge::usebio::read(&xml, "one.xml").unwrap();
    assert_eq!(s.boards.len(), 2_500);
    assert!(start.elapsed() < limit, "USEBIO: {:?}", start.elapsed());
    // A bad value at the end of the line is placed at its column.
    let bad = xml.replacen(
        "<SCORE>50</SCORE></TRAVELLER_LINE></BOARD></EVENT>",
        "<SCORE>x</SCORE></TRAVELLER_LINE></BOARD></EVENT>",
        1,
    );
    let e = bridge::usebio::read(&bad, "one.xml").unwrap_err();
    let column = bad.rfind("<SCORE>x").unwrap() + 1;
    assert_eq!((e.line, e.column as usize), (1, column), "{e}");

    // A PBN ScoreTable row of 650 KB (325,000 cells) took 24 s.
    let row = "1 ".repeat(325_000);
    let pbn = pbn_board("[Vulnerable \"All\"]\n", &format!("{row}x\n"));
    let start = std::time::Instant::now();
    let e = err_pbn(&pbn);
    assert!(start.elapsed() < limit, "PBN: {:?}", start.elapsed());
    assert_eq!(e.found, "325001 cells", "{e}");
    // The last cell's column, counted on from cell to cell.
    let row = format!("{} 1 2 3NT N 9 - 400\n", "  ".repeat(200_000));
    let e = err_pbn(&pbn_board("[Vulnerable \"All\"]\n", &row));
    assert_eq!((e.line, e.column), (6, 400_016), "{e}");

    // A CSV row of 1.3 MB.
    let csv = format!("board,ns,ew,score\n{}\n", "1,".repeat(650_000));
    let start = std::time::Instant::now();
    let e = err_csv(&csv);
    assert!(start.elapsed() < limit, "CSV: {:?}", start.elapsed());
    assert_eq!(e.found, "650001 fields", "{e}");
    let e = err_csv(&format!(
        "board,ns,ew,score\n1,1,2,{}x\n",
        " ".repeat(300_000)
    ));
    assert_eq!((e.line, e.column), (2, 7), "{e}");
    assert!(e.found.starts_with("\""), "{e}");
}

#[test]
fn messages_quote_a_short_excerpt_of_a_long_text() {
    let long = "Z".repeat(50_000_000);
    let check = |e: InputError, start: &str| {
        let shown = e.to_string();
        assert!(
            shown.len() < 400,
            "{} bytes: {}",
            shown.len(),
            &shown[..400]
        );
        assert!(shown.contains(start), "{shown}");
        assert!(shown.contains("characters)"), "{shown}");
    };
    // A CSV field, a contract, a result, the header.
    check(
        err_csv(&format!("board,ns,ew,score\n1,1,2,{long}\n")),
        "found \"ZZZZ",
    );
    check(
        err_csv(&format!(
            "board,ns,ew,contract,declarer,result\n1,1,2,3NT{long},N,=\n"
        )),
        "found \"ZZZZ",
    );
    check(
        err_csv(&format!(
            "board,ns,ew,contract,declarer,result\n1,1,2,3NT,N,{long}\n"
        )),
        "found ZZZZ",
    );
    check(err_csv(&format!("board,{long}\n")), "found \"board,ZZZ");
    // A PBN cell, a tag, a line that is neither.
    check(
        err_pbn(&pbn_board(
            "[Vulnerable \"All\"]\n",
            &format!(" 1  8 3C   S 10   1{long}     -\n"),
        )),
        "found \"1ZZZ",
    );
    check(
        err_pbn(&format!("[Board \"1\"]\n[Vulnerable \"{long}\"]\n")),
        "found \"ZZZ",
    );
    check(
        err_pbn(&format!("[Board \"1\"]\n[Vulnerable \"None\"]\n\n{long}\n")),
        "found \"ZZZ",
    );
    // A USEBIO value and an element name.
    let xml = format!(
        "<USEBIO><EVENT><BOARD><BOARD_NUMBER>{long}</BOARD_NUMBER></BOARD></EVENT></USEBIO>"
    );
    check(
        bridge::usebio::read(&xml, "x.xml").unwrap_err(),
        "found \"ZZZ",
    );
    let xml = format!("<{long}/>");
    check(
        bridge::usebio::read(&xml, "x.xml").unwrap_err(),
        "found <ZZZ",
    );
}

#[test]
fn sessions_beyond_the_limits_are_refused_as_such() {
    use bridge::{InputErrorKind, MAX_BOARDS, MAX_LINES};
    // One board more than allowed, one line each: refused at that board's line.
    let mut csv = String::from("board,ns,ew,score\n");
    for b in 1..=MAX_BOARDS + 1 {
        csv.push_str(&format!("{b},1,2,100\n"));
    }
    let e = err_csv(&csv);
    assert_eq!(e.kind, InputErrorKind::BeyondLimits, "{e}");
    assert_eq!((e.line, e.column), (MAX_BOARDS as u32 + 2, 1), "{e}");
    assert_eq!(
        e.expected,
        format!("at most {MAX_BOARDS} boards in a session")
    );
    let mut pbn = String::new();
    for b in 1..=MAX_BOARDS + 1 {
        pbn.push_str(&format!("[Board \"{b}\"]\n[Vulnerable \"None\"]\n\n"));
    }
    let e = err_pbn(&pbn);
    assert_eq!(e.kind, InputErrorKind::BeyondLimits, "{e}");
    assert_eq!(e.line, 3 * MAX_BOARDS as u32 + 1, "{e}");
    // One line more than allowed: refused when read, before any is scored.
    let rows = "x\n".repeat(MAX_LINES + 1);
    let e = err_pbn(&pbn_board("[Vulnerable \"All\"]\n", &rows));
    assert_eq!(e.kind, InputErrorKind::BeyondLimits, "{e}");
    assert_eq!(e.line, 5 + MAX_LINES as u32 + 1, "{e}");
    assert_eq!(
        e.expected,
        format!("at most {MAX_LINES} traveller lines in a session")
    );
    // Within the limits, an error is an invalid file.
    assert_eq!(err_csv("board,ns,ew\n").kind, InputErrorKind::Invalid);
}
