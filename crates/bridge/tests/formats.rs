//! Reading the less common shapes of PBN and USEBIO files.

use bridge::{score_session, FieldKind, Options, Played, Ratio, TableResult};

const USEBIO: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Riverside &amp; District</CLUB_NAME></CLUB>
  <EVENT EVENT_TYPE="MP_PAIRS">
    <WINNER_TYPE>2</WINNER_TYPE>
    <TITLE>Tuesday pairs</TITLE>
    <DATE>03/02/2026</DATE>
    <SESSION>
      <SECTION>
        <BOARD>
          <BOARD_NUMBER>2</BOARD_NUMBER>
          <TRAVELLER_LINE>
            <NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
            <CONTRACT>4H</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>SK</LEAD><TRICKS>10</TRICKS>
            <SCORE>620</SCORE>
          </TRAVELLER_LINE>
          <TRAVELLER_LINE>
            <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>
            <CONTRACT>PASS</CONTRACT><TRICKS></TRICKS><SCORE>0</SCORE>
          </TRAVELLER_LINE>
          <TRAVELLER_LINE>
            <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
            <CONTRACT>3NTX</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>7</TRICKS><SCORE>300</SCORE>
          </TRAVELLER_LINE>
        </BOARD>
      </SECTION>
    </SESSION>
  </EVENT>
  <HANDSET>
    <BOARD>
      <BOARD_NUMBER>2</BOARD_NUMBER>
      <HAND><DIRECTION>North</DIRECTION><SPADES>AK2</SPADES><HEARTS>KQJ92</HEARTS><DIAMONDS>43</DIAMONDS><CLUBS>762</CLUBS></HAND>
      <HAND><DIRECTION>East</DIRECTION><SPADES>QJ94</SPADES><HEARTS>5</HEARTS><DIAMONDS>AKJ5</DIAMONDS><CLUBS>KJ93</CLUBS></HAND>
      <HAND><DIRECTION>South</DIRECTION><SPADES>853</SPADES><HEARTS>A1084</HEARTS><DIAMONDS>Q96</DIAMONDS><CLUBS>A54</CLUBS></HAND>
      <HAND><DIRECTION>West</DIRECTION><SPADES>T76</SPADES><HEARTS>763</HEARTS><DIAMONDS>T872</DIAMONDS><CLUBS>QT8</CLUBS></HAND>
    </BOARD>
  </HANDSET>
</USEBIO>
"#;

#[test]
fn usebio_with_sessions_sections_and_handset() {
    let s = bridge::usebio::read(USEBIO, "tuesday.xml").unwrap();
    assert_eq!(s.field, Some(FieldKind::Two));
    assert_eq!(s.event.as_deref(), Some("Tuesday pairs"));
    assert_eq!(s.date.as_deref(), Some("2026.02.03"));
    let b = &s.boards[0];
    assert_eq!(b.number, 2);
    assert_eq!(b.vulnerability.pbn(), "NS");
    assert_eq!(
        b.deal.as_deref(),
        Some("N:AK2.KQJ92.43.762 QJ94.5.AKJ5.KJ93 853.AT84.Q96.A54 T76.763.T872.QT8")
    );
    assert_eq!(b.lines[1].result, TableResult::Played(Played::PassedOut));
    assert_eq!(b.lines[0].lead.as_deref(), Some("SK"));
    let scored = score_session(&s, &Options::default());
    let mp: Vec<Ratio> = scored.boards[0]
        .lines
        .iter()
        .map(|l| l.ns.unwrap())
        .collect();
    assert_eq!(mp, [4, 0, 2].map(Ratio::from_int).to_vec());
    // Written back and read again: the same travellers and the same matchpoints.
    let xml = bridge::usebio::write(&s, &scored).unwrap();
    assert!(xml.contains("<NS_MATCH_POINTS>4.00</NS_MATCH_POINTS>"));
    assert!(xml.contains("<PLACE>1</PLACE>"));
    let back = bridge::usebio::read(&xml, "back.xml").unwrap();
    assert_eq!(back.boards[0].lines.len(), 3);
    assert_eq!(back.boards[0].deal, s.boards[0].deal);
    for (a, b) in back.boards[0].lines.iter().zip(&s.boards[0].lines) {
        assert_eq!((a.ns, a.ew, &a.result), (b.ns, b.ew, &b.result));
    }
    assert_eq!(score_session(&back, &Options::default()), scored);
}

#[test]
fn pbn_comments_and_repeated_tags() {
    let text = "% a comment line\n\
        [Event \"Club night\"]\n\
        [Board \"1\"]\n\
        [Vulnerable \"None\"]\n\
        { a commentary\n  over two lines }\n\
        [Auction \"N\"]\n\
        1NT Pass Pass Pass\n\
        [ScoreTable \"-PairId_NS\\2R;+PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;Extra\"]\n\
        1 2 1NT N 8 120 - \"kept aside\"\n\
        3 4 \"1NT\" N 6 - 50 x\n\
        \n\
        [Event \"#\"]\n\
        [Board \"2\"]\n\
        [Vulnerable \"Both\"]\n\
        [ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n\
        1 2 NP - - - -\n\
        3 4 4S S 10 620 -\n";
    let s = bridge::pbn::read(text, "club.pbn").unwrap();
    assert_eq!(s.event.as_deref(), Some("Club night"));
    assert_eq!(s.boards.len(), 2);
    assert_eq!(s.boards[1].vulnerability.pbn(), "All");
    assert_eq!(s.boards[1].lines[0].result, TableResult::NotPlayed);
    let scored = score_session(&s, &Options::default());
    // Board 2: one real result of two expected: (0 + 1)·2/1 − 1 = 1 = 50 % of the top of 2.
    assert_eq!(scored.boards[1].lines[1].ns, Some(Ratio::ONE));
}

#[test]
fn pair_names_are_written_and_read_back_in_pbn_and_usebio() {
    let csv = "board,ns,ew,contract,declarer,result\n1,1,3,3NT,N,9\n1,2,4,4S,S,10\n";
    let mut s = bridge::csv::read(csv, "names.csv").unwrap();
    s.names.insert(1, "Lévy - \"Bob\" Martin".to_string());
    s.names.insert(3, "Smith - Jones & Co".to_string());
    let scored = score_session(&s, &Options::default());
    let pbn = bridge::pbn::write(&s, Some(&scored), &bridge::pbn::WriteOptions::default());
    assert!(pbn.contains("Names\\40L"));
    let back = bridge::pbn::read(&pbn, "names.pbn").unwrap();
    assert_eq!(back.names, s.names);
    let xml = bridge::usebio::write(&s, &scored).unwrap();
    assert!(xml.contains("<PLAYER_NAME>Smith</PLAYER_NAME>"));
    let back = bridge::usebio::read(&xml, "names.xml").unwrap();
    assert_eq!(back.names, s.names);
    // Without names, the TotalScoreTable is as before.
    s.names.clear();
    let pbn = bridge::pbn::write(&s, Some(&scored), &bridge::pbn::WriteOptions::default());
    assert!(!pbn.contains("Names"));
}

/// A name or a title with a line break (or another control character) stays on its line in
/// PBN and USEBIO: it cannot end a tag, a table row or forge an element, and both read back.
#[test]
fn control_characters_in_names_stay_on_their_line() {
    let csv = "board,ns,ew,contract,declarer,result\n1,1,3,3NT,N,9\n1,2,4,4S,S,10\n";
    let mut s = bridge::csv::read(csv, "names.csv").unwrap();
    s.event = Some("Mardi\n[Event \"forged\"]".to_string());
    s.site = Some("Club\u{1b}[31m".to_string());
    s.names.insert(1, "Lévy\r\n3 4 \"X\" - Martin".to_string());
    s.names.insert(3, "Smith\u{0}Jones".to_string());
    let scored = score_session(&s, &Options::default());
    let pbn = bridge::pbn::write(&s, Some(&scored), &bridge::pbn::WriteOptions::default());
    assert!(!pbn.contains("[Event \"forged\"]\n"), "{pbn}");
    assert!(!pbn.chars().any(|c| c.is_control() && c != '\n'), "{pbn:?}");
    let back = bridge::pbn::read(&pbn, "names.pbn").unwrap();
    assert_eq!(back.names.len(), 2);
    assert_eq!(back.names[&1], "Lévy  3 4 \"X\" - Martin");
    let xml = bridge::usebio::write(&s, &scored).unwrap();
    assert!(!xml.chars().any(|c| c.is_control() && c != '\n'), "{xml:?}");
    let back = bridge::usebio::read(&xml, "names.xml").unwrap();
    assert_eq!(back.names[&3], "Smith Jones");
}

#[test]
fn usebio_writes_average_plus_and_minus_and_reads_them_back() {
    let csv = "board,ns,ew,contract,declarer,result\n\
               1,1,3,3NT,N,9\n1,2,4,4S,S,10\n1,5,6,2H,E,8\n\
               2,1,4,1NT,N,7\n2,2,3,PASS,,\n2,5,6,3C,W,9\n";
    let mut s = bridge::csv::read(csv, "club.csv").unwrap();
    s.boards[0].lines[1].result = TableResult::Artificial {
        ns: bridge::Artificial::AveragePlus,
        ew: bridge::Artificial::AverageMinus,
    };
    s.boards[1].lines[2].result = TableResult::Artificial {
        ns: bridge::Artificial::Average,
        ew: bridge::Artificial::Percent(Ratio::from_int(45)),
    };
    let scored = score_session(&s, &Options::default());
    let xml = bridge::usebio::write(&s, &scored).unwrap();
    assert!(xml.contains("<SCORE>A6040</SCORE>"), "{xml}");
    assert!(xml.contains("<SCORE>A5045</SCORE>"));
    let back = bridge::usebio::read(&xml, "back.xml").unwrap();
    for (a, b) in back.boards.iter().zip(&s.boards) {
        for (x, y) in a.lines.iter().zip(&b.lines) {
            assert_eq!((x.ns, x.ew, &x.result), (y.ns, y.ew, &y.result));
        }
    }
    assert_eq!(score_session(&back, &Options::default()), scored);
}

#[test]
fn usebio_leaves_out_only_the_board_it_cannot_say() {
    let csv = "board,ns,ew,contract,declarer,result\n\
               1,1,3,3NT,N,9\n1,2,4,4S,S,10\n\
               2,1,4,1NT,N,7\n2,2,3,2S,S,8\n";
    let mut s = bridge::csv::read(csv, "club.csv").unwrap();
    s.boards[1].lines[0].result = TableResult::Split { ns: 100, ew: -50 };
    s.boards[0].lines[0].result = TableResult::Artificial {
        ns: bridge::Artificial::AveragePlus,
        ew: bridge::Artificial::AveragePlus,
    };
    let scored = score_session(&s, &Options::default());
    let w = bridge::usebio::write_leaving_out(&s, &scored);
    assert_eq!(w.left_out.len(), 1);
    assert_eq!(w.left_out[0].board, 2);
    assert!(w.xml.contains("<SCORE>A6060</SCORE>"));
    assert!(w.xml.contains("board 2, pair 1 against 4: a split score"));
    let back = bridge::usebio::read(&w.xml, "back.xml").unwrap();
    assert_eq!(back.boards.len(), 1);
    assert_eq!(back.boards[0].number, 1);
    // The strict writer refuses the session, naming the board.
    assert_eq!(bridge::usebio::write(&s, &scored).unwrap_err().board, 2);
}
