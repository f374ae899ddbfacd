//! chess-results.com's upload file: the elements and attributes of the author's published
//! examples (`fixtures/chess_results/structure.txt`), and the values of a small event worked
//! by hand.

use std::collections::HashMap;

use quick_xml::events::Event;
use tournament::chess_results::{self, Ranking, Security, TiebreakColumn, Upload};
use tournament::trf;

/// Each element's attribute names in the order written, element by element.
fn elements(xml: &str) -> Vec<(String, Vec<String>)> {
    let mut r = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event().unwrap() {
            Event::Start(e) | Event::Empty(e) => {
                let attrs = e
                    .attributes()
                    .map(|a| String::from_utf8(a.unwrap().key.as_ref().to_vec()).unwrap())
                    .collect();
                out.push((
                    String::from_utf8(e.name().as_ref().to_vec()).unwrap(),
                    attrs,
                ));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

fn attributes(xml: &str, element: &str) -> Vec<HashMap<String, String>> {
    let mut r = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event().unwrap() {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == element.as_bytes() => {
                out.push(
                    e.attributes()
                        .map(|a| {
                            let a = a.unwrap();
                            (
                                String::from_utf8(a.key.as_ref().to_vec()).unwrap(),
                                a.unescape_value().unwrap().to_string(),
                            )
                        })
                        .collect(),
                );
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

// Four players, two rounds of three planned. Round 1: 1-2 1-0, 3-4 forfeit (+/-).
// Round 2: 4-1 ½-½, 2 has the bye, 3 a half-point bye.
const EVENT: &str = "\
012 Club Open & Cup <2026>
022 Lyon
032 FRA
042 2026/04/05
052 2026/04/06
102 Jean Arbitre
142 3
001    1 m    Alpha, Ann                        2100 FRA    12345678 1990/02/03  1.5    1     2 w 1     4 b =
001    2 w    Bravo, Bea                        2000 FRA                         1.0    2     1 b 0  0000 - U
001    3      Charlie, Cy                       1900 GER                         1.5    1     4 w +  0000 - H
001    4      Delta, Dan                                                         0.5    4     3 b -     1 w =
";

#[test]
fn the_file_has_the_published_examples_elements_and_attributes() {
    let t = trf::read(EVENT).unwrap();
    let mut u = Upload::new(
        &t,
        vec![Ranking::by_points(&t, 1), Ranking::by_points(&t, 2)],
    );
    u.security = Some(Security {
        source: "0".into(),
        sid: "A".into(),
        creator_sid: "B".into(),
        tnr_sid: "C".into(),
    });
    let xml = chess_results::write(&u);
    let structure = include_str!("fixtures/chess_results/structure.txt");
    let published: HashMap<&str, Vec<&str>> = structure
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut w = l.split_whitespace();
            (w.next().unwrap(), w.collect())
        })
        .collect();
    let ours = elements(&xml);
    let order: Vec<&str> = ours.iter().map(|(n, _)| n.as_str()).collect();
    let first = |n: &str| order.iter().position(|x| *x == n).unwrap();
    // The examples' order of sections, with the intermediate rankings before the pairings.
    assert!(first("tournamentdata") < first("rounds"));
    assert!(first("rounds") < first("players"));
    assert!(first("players") < first("intermediaterankings"));
    assert!(first("intermediaterankings") < first("playerpairings"));
    assert!(first("playerpairings") < first("security"));
    for (name, attrs) in &ours {
        if let Some(theirs) = published.get(name.as_str()) {
            assert_eq!(attrs, theirs, "<{name}>");
        } else {
            // Not in the examples: the intermediate ranking, with the document's fields.
            assert!(name.starts_with("intermediateranking"), "<{name}>");
        }
    }
}

#[test]
fn values_worked_by_hand() {
    let t = trf::read(EVENT).unwrap();
    let mut u = Upload::new(
        &t,
        vec![Ranking::by_points(&t, 1), Ranking::by_points(&t, 2)],
    );
    u.key = "222557".into();
    u.tiebreaks = vec![
        TiebreakColumn::for_fide_code("BH/C1"),
        TiebreakColumn::for_fide_code("SB"),
    ];
    let xml = chess_results::write(&u);
    let tour = &attributes(&xml, "tournament")[0];
    // The name's & and < are escaped in the file and read back as written.
    assert_eq!(tour["name"], "Club Open & Cup <2026>");
    assert!(xml.contains("Club Open &amp; Cup &lt;2026&gt;"));
    assert_eq!(tour["key"], "222557");
    assert_eq!(tour["type"], "0");
    assert_eq!(
        (tour["rounds"].as_str(), tour["currentround"].as_str()),
        ("3", "2")
    );
    assert_eq!(tour["rankinground"], "2");
    assert_eq!(
        (tour["from"].as_str(), tour["to"].as_str()),
        ("05.04.2026", "06.04.2026")
    );
    assert_eq!(
        (
            tour["tb1no"].as_str(),
            tour["tb2no"].as_str(),
            tour["tb3no"].as_str()
        ),
        ("84", "85", "0")
    );
    // Average of the three ratings: (2100 + 2000 + 1900) / 3.
    assert_eq!(tour["ratingavg"], "2000");
    assert_eq!(tour["endstatus"], "N");
    assert_eq!(tour["chiefarbiter"], "Jean Arbitre");

    let players = attributes(&xml, "player");
    assert_eq!(players.len(), 4);
    let p1 = &players[0];
    assert_eq!(
        (p1["lastname"].as_str(), p1["firstname"].as_str()),
        ("Alpha", "Ann")
    );
    assert_eq!(
        (
            p1["rtg"].as_str(),
            p1["fideid"].as_str(),
            p1["dob"].as_str()
        ),
        ("2100", "12345678", "03.02.1990")
    );
    assert_eq!(players[1]["sex"], "w");
    // After round 2: Alpha and Charlie 1½ (places 1 and 1, Charlie equal), Bravo 1, Delta ½.
    let ranks: Vec<(&str, &str, &str)> = players
        .iter()
        .map(|p| (p["rank"].as_str(), p["pts"].as_str(), p["equal"].as_str()))
        .collect();
    assert_eq!(
        ranks,
        [
            ("1", "1.5", "N"),
            ("3", "1.0", "N"),
            ("1", "1.5", "J"),
            ("4", "0.5", "N")
        ]
    );

    // Intermediate ranking after round 1: Alpha and Charlie 1, Bravo and Delta 0.
    let inter = attributes(&xml, "intermediateranking");
    let r1: Vec<(&str, &str, &str)> = inter
        .iter()
        .map(|p| (p["no"].as_str(), p["rank"].as_str(), p["equal"].as_str()))
        .collect();
    assert_eq!(
        r1,
        [
            ("1", "1", "N"),
            ("3", "1", "J"),
            ("2", "3", "N"),
            ("4", "3", "J")
        ]
    );

    let pairings: Vec<(String, String, String, String, String, String)> =
        attributes(&xml, "playerpairing")
            .into_iter()
            .map(|p| {
                (
                    p["round"].clone(),
                    p["whiteno"].clone(),
                    p["blackno"].clone(),
                    p["reswhite"].clone(),
                    p["resblack"].clone(),
                    p["forfeit"].clone(),
                )
            })
            .collect();
    let s = |a: &str, b: &str, c: &str, d: &str, e: &str, f: &str| {
        (a.into(), b.into(), c.into(), d.into(), e.into(), f.into())
    };
    assert_eq!(
        pairings,
        [
            s("1", "1", "2", "1.0", "0.0", ""),
            s("1", "3", "4", "1.0", "0.0", "K"),
            s("2", "2", "-1", "1.0", "0.0", "K"),
            s("2", "4", "1", "0.5", "0.5", ""),
            s("2", "3", "-2", "0.5", "", ""),
        ]
    );
}
