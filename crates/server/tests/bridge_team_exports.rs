//! Issue 24 §1 and §4: a teams event's USEBIO file (teams, players with their licence numbers,
//! standings, every match with both rooms and the IMPs) and a match's PBN with its score
//! tables, downloaded over HTTP. IMPs and VPs worked out by hand: board 2 (NS vulnerable),
//! 3NT= (+600) against 3NT−1 (−100): 700 → 12 IMPs (600–740); 12–0 on 2 boards is 17.31–2.69
//! on the WBF 2013 scale (X = 15·√2 = 21.213; 10 + 10·(1 − τ^(36/21.213))/(1 − τ³) = 17.305).

use quick_xml::events::Event;
use serde_json::{json, Value};

use crate::common::App;

fn players(team: u32) -> Value {
    json!([
        {"name": format!("Nord {team}"), "licence": format!("0012345{team}")},
        {"name": format!("Sud {team}"), "licence": format!("0054321{team}")},
        {"name": format!("Est {team}")},
        {"name": format!("Ouest {team}")},
    ])
}

#[test]
fn the_event_as_usebio_and_a_match_as_pbn_with_its_score_tables() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/bridge/teams",
        &json!({"name": "Coupe <d'hiver> & co", "boards_per_match": 2, "date": "2026-11-27"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let names = ["A & B <C>", "Lions", "Tigres", "Ours"];
    let teams: Vec<Value> = (1..=4u32)
        .map(|n| json!({"number": n, "name": names[n as usize - 1], "players": players(n)}))
        .collect();
    let r = arb.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(teams));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let pairs: Vec<(u64, u64)> = r.json()["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["home"].as_u64().unwrap(), m["visit"].as_u64().unwrap()))
        .collect();
    assert_eq!(pairs, [(1, 4), (2, 3)]);
    // Match 1 complete: board 1 flat (4S= in both rooms), board 2 12 IMPs to team 1. Match 2:
    // only the open room of board 1 (2S= by South, +110).
    for (m, room, board, contract, declarer, tricks, lead) in [
        (1, "open", 1, "4S", "S", 10, "HK"),
        (1, "closed", 1, "4S", "S", 10, "DA"),
        (1, "open", 2, "3NT", "N", 9, ""),
        (1, "closed", 2, "3NT", "N", 8, ""),
        (2, "open", 1, "2S", "S", 8, ""),
    ] {
        let r = arb.post_json(
            &format!("/api/bridge/teams/{id}/matches/1/{m}"),
            &json!({"room": room, "board": board, "contract": contract, "declarer": declarer,
                    "tricks": tricks, "lead": lead, "device": format!("{m}{room}")}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }

    // The deals, uploaded once for both rooms, go to the USEBIO file's HANDSET (issue 38).
    let token = arb.csrf.clone().unwrap();
    let deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
    let r = arb.post_multipart(
        &format!("/bridge/teams/{id}/deals"),
        &[("csrf", &token)],
        (
            "file",
            "donnes.pbn",
            &format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n"),
        ),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.get(&format!("/api/bridge/teams/{id}/export.xml"));
    assert_eq!(r.status, 200, "{}", r.body);
    for want in [
        "<PLAYED_BY>S</PLAYED_BY>\n          <LEAD>HK</LEAD>\n          <TRICKS>10</TRICKS>",
        "<PLAYED_BY>S</PLAYED_BY>\n          <LEAD>DA</LEAD>\n          <TRICKS>10</TRICKS>",
        "</EVENT>\n  <HANDSET>\n    <BOARD>\n      <BOARD_NUMBER>1</BOARD_NUMBER>\n      <HAND>\n        <DIRECTION>North</DIRECTION>\n        <SPADES>AKQJT98765432</SPADES>\n        <HEARTS></HEARTS>",
    ] {
        assert!(r.body.contains(want), "no {want:?} in\n{}", r.body);
    }
    assert_eq!(
        r.header("content-type"),
        Some("application/xml; charset=utf-8")
    );
    assert_eq!(
        r.header("content-disposition"),
        Some(format!("attachment; filename=\"teams-{id}.xml\"").as_str())
    );
    let xml = r.body;
    for want in [
        "<EVENT EVENT_TYPE=\"TEAMS\">",
        "<EVENT_DESCRIPTION>Coupe &lt;d&apos;hiver&gt; &amp; co</EVENT_DESCRIPTION>",
        "<DATE>27/11/2026</DATE>",
        "<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>",
        "<TEAM TEAM_ID=\"1\" TEAM_NAME=\"A &amp; B &lt;C&gt;\">\n        <PLAYER>\n          <PLAYER_NAME>Nord 1</PLAYER_NAME>\n          <NATIONAL_ID_NUMBER>00123451</NATIONAL_ID_NUMBER>\n        </PLAYER>\n        <PLAYER>\n          <PLAYER_NAME>Sud 1</PLAYER_NAME>\n          <NATIONAL_ID_NUMBER>00543211</NATIONAL_ID_NUMBER>\n        </PLAYER>\n        <PLAYER>\n          <PLAYER_NAME>Est 1</PLAYER_NAME>\n        </PLAYER>",
        "<TOTAL_SCORE>17.31</TOTAL_SCORE>\n        <PLACE>1</PLACE>\n      </TEAM>",
        "<NATIONAL_ID_NUMBER>00123454</NATIONAL_ID_NUMBER>",
        "<TOTAL_SCORE>2.69</TOTAL_SCORE>",
        "<MATCH>\n      <ROUND_NUMBER>1</ROUND_NUMBER>\n      <TEAM>1</TEAM>\n      <OPPOSING_TEAM>4</OPPOSING_TEAM>\n      <TEAM_SCORE>17.31</TEAM_SCORE>\n      <OPPOSING_TEAM_SCORE>2.69</OPPOSING_TEAM_SCORE>",
        "<SCORE>420</SCORE>\n        </TRAVELLER_LINE>\n        <IMPS>0</IMPS>",
        "<DIRECTION>EW</DIRECTION>\n          <CONTRACT>3NT</CONTRACT>\n          <PLAYED_BY>N</PLAYED_BY>\n          <TRICKS>8</TRICKS>\n          <SCORE>-100</SCORE>\n        </TRAVELLER_LINE>\n        <IMPS>12</IMPS>",
        // Match 2 does not count yet: no scores, board 1's open room alone, no IMPs.
        "<TEAM>2</TEAM>\n      <OPPOSING_TEAM>3</OPPOSING_TEAM>\n      <BOARD>\n        <BOARD_NUMBER>1</BOARD_NUMBER>\n        <TRAVELLER_LINE>\n          <DIRECTION>NS</DIRECTION>\n          <CONTRACT>2S</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n          <TRICKS>8</TRICKS>\n          <SCORE>110</SCORE>\n        </TRAVELLER_LINE>\n      </BOARD>\n    </MATCH>",
    ] {
        assert!(xml.contains(want), "no {want:?} in\n{xml}");
    }
    // Well-formed, and the names read back as typed.
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut teams = Vec::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) if e.name().as_ref() == b"TEAM" => {
                if let Some(a) = e.try_get_attribute("TEAM_NAME").unwrap() {
                    teams.push(a.unescape_value().unwrap().into_owned());
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(teams, names);
    // The event's page links to it, and serves the same file; nobody else gets the licence
    // numbers.
    let event_page = arb.get(&format!("/bridge/teams/{id}"));
    assert!(
        event_page.body.contains(&format!(
            "<a href=\"/bridge/teams/{id}/export.xml\" id=\"tab-export-usebio\">"
        )),
        "{}",
        event_page.body
    );
    let page = arb.get(&format!("/bridge/teams/{id}/export.xml"));
    assert_eq!(page.status, 200);
    assert_eq!(page.body, xml);
    let mut visitor = app.client();
    for path in [
        format!("/api/bridge/teams/{id}/export.xml"),
        format!("/bridge/teams/{id}/export.xml"),
    ] {
        let r = visitor.get(&path);
        assert!(!r.body.contains("00123451"), "{path}: {}", r.status);
        assert_ne!(r.status, 200, "{path}");
    }

    // The match's PBN: each board's table of both rooms with the IMPs, and the match total.
    let pbn = arb
        .get(&format!("/bridge/teams/{id}/matches/1/1/export.pbn"))
        .body;
    let header = "[ScoreTable \"Room\\6L;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;IMP_NS\\3R;IMP_EW\\3R\"]\n";
    for want in [
        format!("{header}Open   4S    S 10    420      -   0   0\nClosed 4S    S 10    420      -   0   0\n"),
        format!("{header}Open   3NT   N  9    600      -  12 -12\nClosed 3NT   N  8      -    100 -12  12\n"),
        format!(
            "[TotalScoreTable \"Rank\\2R;Side\\5L;Names\\30L;TotalIMP\\4R;TotalVP\\6R;NrBoards\\3R\"]\n \
             1 Home  {:<30}   12  17.31   2\n 2 Visit {:<30}    0   2.69   2\n",
            "\"A & B <C>\"", "\"Ours\""
        ),
    ] {
        assert!(pbn.contains(&want), "no {want:?} in\n{pbn}");
    }
}
