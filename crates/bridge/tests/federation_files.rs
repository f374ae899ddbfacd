//! The files a club sends its federation, from a real-looking evening (a 7-table Mitchell, 14
//! boards, the pairs named with their licences, every lead entered, every deal with its
//! double-dummy analysis, East-West pairs numbered "1 EO … 7 EO" as the club prints them):
//!
//! - every USEBIO export (pairs by matchpoints, cross-IMPs and Butler; teams by VPs,
//!   board-a-match and Patton) is valid against the DTD (`xmllint --dtdvalid`; the file named
//!   by `USEBIO_DTD`, else `tests/data/usebio-1.2-as-written.dtd`: see its header);
//! - the USEBIO and PBN files read back by arbiter's own readers give the same ranking (by
//!   the file's numbers: East-West pairs 1–7);
//! - read back by readers that share no code with arbiter (`tests/readback.py`: Python's lxml
//!   with the DTD, and endplay's PBN parser), they give the same ranking, names and numbers as
//!   the printed ranking, the club, every lead and every hand.
//!
//! The independent readers need `xmllint` (Debian's libxml2-utils) and a Python with lxml and
//! endplay (`ARBITER_PYTHON`, else `python3`): CI installs them (`.ci/run`); elsewhere a missing
//! reader is said and its check skipped.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use bridge::movement::{build, Kind, PairLabels, PairNumbering};
use bridge::teams_pbn::RoomBoard;
use bridge::teams_usebio::{EventFormat, Match, MatchScoring, Player, Team, TeamsEvent};
use bridge::usebio::{Club, Upload};
use bridge::{
    score_session, Bid, Datum, FieldKind, Licence, Method, Options, Played, Ratio, Scored, Seat,
    Session, TableResult,
};

const TABLES: u32 = 7;
const BOARDS: u32 = 14;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name)
}

fn dtd() -> PathBuf {
    std::env::var_os("USEBIO_DTD")
        .map(PathBuf::from)
        .unwrap_or_else(|| data("data/usebio-1.2-as-written.dtd"))
}

/// Whether CI runs this: there, a missing reader fails the test instead of skipping it.
fn required() -> bool {
    std::env::var_os("CI").is_some()
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-federation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `xmllint --dtdvalid`: `Some(errors)` when not valid, `None` when valid; skipped (returns
/// `None`) when xmllint is missing outside CI.
fn xmllint_errors(name: &str, xml: &str) -> Option<String> {
    let path = temp_file(name, xml);
    let out = Command::new("xmllint")
        .args(["--noout", "--nowarning", "--nonet", "--dtdvalid"])
        .arg(dtd())
        .arg(&path)
        .output();
    match out {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(String::from_utf8_lossy(&o.stderr).into_owned()),
        Err(e) => {
            assert!(!required(), "xmllint is needed in CI (libxml2-utils): {e}");
            eprintln!("xmllint not found ({e}): USEBIO files not validated here");
            None
        }
    }
}

fn assert_valid(name: &str, xml: &str) {
    if let Some(errors) = xmllint_errors(name, xml) {
        panic!("{name} is not valid against {}:\n{errors}", dtd().display());
    }
}

/// `tests/readback.py`'s JSON, or `None` when its Python lacks lxml or endplay outside CI.
fn readback(args: &[&Path]) -> Option<serde_json::Value> {
    let python = std::env::var("ARBITER_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let probe = Command::new(&python)
        .args(["-c", "import lxml, endplay"])
        .output();
    let ok = probe.as_ref().is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            !required(),
            "{python} needs lxml and endplay in CI: {probe:?}"
        );
        eprintln!("{python} has no lxml or endplay: files not read back independently here");
        return None;
    }
    let out = Command::new(&python)
        .arg(data("readback.py"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "readback.py {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

const PLAYERS: [&str; 28] = [
    "Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois", "Moreau",
    "Laurent", "Simon", "Michel", "Lefèvre", "Leroy", "Roux", "David", "Bertrand", "Morel",
    "Fournier", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine", "Rousseau", "Vincent",
    "Muller", "Lefebvre",
];

/// The leader's first card in its longest suit, spades first on equal length: a lead that is
/// in the leader's hand, as the phones let a player enter it.
fn lead_for(deal: &str, leader: Seat) -> String {
    let (first, hands) = deal.split_once(':').unwrap();
    let mut seat: Seat = first.parse().unwrap();
    for hand in hands.split_whitespace() {
        if seat == leader {
            let suits: Vec<&str> = hand.split('.').collect();
            let (i, cards) = suits
                .iter()
                .enumerate()
                .max_by_key(|(i, s)| (s.len(), std::cmp::Reverse(*i)))
                .unwrap();
            return format!("{}{}", ["S", "H", "D", "C"][i], &cards[..1]);
        }
        seat = seat.next();
    }
    unreachable!("four hands")
}

/// The evening: generated deals and plausible results, East-West pairs 8–14 in the
/// movement's numbering, names, licences and leads.
fn evening() -> (Session, PairLabels) {
    let mut s = bridge::generate::mitchell_session(TABLES, BOARDS, 38);
    s.event = Some("Tournoi de régularité du mardi".to_string());
    s.site = Some("Bridge Club de Lyon".to_string());
    s.date = Some("2026.12.01".to_string());
    s.field = Some(FieldKind::Two);
    for b in &mut s.boards {
        let deal = b.deal.clone().unwrap();
        for l in &mut b.lines {
            l.ew += TABLES;
            if let TableResult::Played(Played::Made { declarer, .. }) = l.result {
                l.lead = Some(lead_for(&deal, declarer.next()));
            }
        }
    }
    for pair in 1..=2 * TABLES {
        let i = 2 * (pair as usize - 1);
        s.names.insert(
            pair,
            format!("{} {} - {} {}", PLAYERS[i], "A", PLAYERS[i + 1], "B"),
        );
        s.licences.insert(
            pair,
            vec![
                Licence::new(&format!("0{}", 1_000_000 + 2 * pair)),
                (pair % 3 != 0)
                    .then(|| Licence::new(&format!("0{}", 1_000_001 + 2 * pair)))
                    .flatten(),
            ],
        );
    }
    let m = build(Kind::Mitchell, TABLES, &Default::default()).unwrap();
    (s, PairLabels::new(&m, PairNumbering::PerLine))
}

fn club() -> Club {
    Club {
        name: "Bridge Club de Lyon".to_string(),
        number: Some("0611".to_string()),
    }
}

/// The ranking as the club prints it, in the readers' terms.
fn printed(
    s: &Session,
    scored: &Scored,
    labels: PairLabels,
    shared_mark: bool,
) -> Vec<serde_json::Value> {
    scored
        .ranking
        .iter()
        .map(|r| {
            serde_json::json!({
                "place": format!("{}{}", r.rank, if r.tied && shared_mark { "=" } else { "" }),
                "number": labels.label(r.pair).number.to_string(),
                "direction": r.field.label(),
                "names": s.names[&r.pair].split(" - ").collect::<Vec<_>>(),
                "percentage": r.percent.unwrap().to_fixed(2),
            })
        })
        .collect()
}

/// (line, number as printed, total, place) of each pair of a ranking.
fn by_label(scored: &Scored, labels: PairLabels) -> Vec<(&'static str, u32, Ratio, u32)> {
    scored
        .ranking
        .iter()
        .map(|r| {
            (
                r.field.label(),
                labels.label(r.pair).number,
                r.total,
                r.rank,
            )
        })
        .collect()
}

fn without(mut rows: Vec<serde_json::Value>, key: &str) -> Vec<serde_json::Value> {
    for r in &mut rows {
        r.as_object_mut().unwrap().remove(key);
    }
    rows
}

#[test]
fn the_evening_as_usebio_is_valid_and_reads_back_with_club_leads_and_hands() {
    let (s, labels) = evening();
    let scored = score_session(&s, &Options::default());
    let upload = Upload {
        club: Some(club()),
        labels,
        masterpoints: Some(bridge::masterpoints::Scale::AcblClub),
    };
    let w = bridge::usebio::write_upload(&s, &scored, &upload);
    assert!(w.left_out.is_empty());
    assert_valid("evening.xml", &w.xml);
    // Every pair's MASTER_POINTS: a 7-table Mitchell on the ACBL's club scale gives 0.70,
    // 0.49 and 0.35 in each line (shared places split them, the sum stays): 3.08 in all.
    let awarded: Vec<Ratio> = w
        .xml
        .split("<MASTER_POINTS_AWARDED>")
        .skip(1)
        .map(|rest| Ratio::parse_decimal(rest.split('<').next().unwrap()).unwrap())
        .collect();
    assert_eq!(awarded.len(), scored.ranking.len());
    assert_eq!(awarded.iter().copied().sum::<Ratio>(), Ratio::new(308, 100));
    // The printed numbers: East-West pair 9 is "2 EO", written 2 with DIRECTION EW.
    assert!(w
        .xml
        .contains("<PAIR_NUMBER>2</PAIR_NUMBER>\n        <DIRECTION>EW</DIRECTION>"));
    assert!(!w.xml.contains("<EW_PAIR_NUMBER>9</EW_PAIR_NUMBER>"));

    // arbiter's own reader keeps the file's numbers: the same ranking, East-West pairs 1–7.
    let back = bridge::usebio::read(&w.xml, "evening.xml").unwrap();
    let again = score_session(&back, &Options::default());
    assert_eq!(
        by_label(&again, PairLabels::default()),
        by_label(&scored, labels)
    );

    let leads = s
        .boards
        .iter()
        .flat_map(|b| &b.lines)
        .filter(|l| l.lead.is_some())
        .count();
    assert!(leads > 80, "most contracts have their lead ({leads})");
    let path = temp_file("evening-readback.xml", &w.xml);
    let Some(json) = readback(&[Path::new("usebio"), &path, &dtd()]) else {
        return;
    };
    assert_eq!(json["club"], "Bridge Club de Lyon");
    assert_eq!(json["club_number"], "0611");
    assert_eq!(json["lines"], TABLES * BOARDS);
    assert_eq!(json["leads"], leads);
    assert_eq!(json["hands"], BOARDS);
    let ranking: Vec<serde_json::Value> = json["ranking"].as_array().unwrap().clone();
    assert_eq!(
        without(ranking, "masterpoints"),
        printed(&s, &scored, labels, true)
    );
}

#[test]
fn the_evening_as_pbn_reads_back_with_the_printed_numbers_and_the_analysis() {
    let (s, labels) = evening();
    let scored = score_session(&s, &Options::default());
    let optimum: BTreeMap<u32, (bridge::DdTable, bridge::Par)> = s
        .boards
        .iter()
        .map(|b| {
            let deal: bridge::Deal = b.deal.as_deref().unwrap().parse().unwrap();
            let table = bridge::dd::analyse(&deal);
            let par = bridge::dd::par(&table, b.vulnerability, b.dealer);
            (b.number, (table, par))
        })
        .collect();
    let text = bridge::pbn::write_federation(
        &s,
        Some(&scored),
        &bridge::pbn::WriteOptions::default(),
        &bridge::pbn::Federation {
            labels,
            optimum: optimum.clone(),
        },
    );
    // Magic Contest's tags for the FFB, as in a real file of its (shared/conformance's
    // ffb_board28.pbn): the application, the event's date, the par and its contract.
    assert!(text.contains("[EventDate \"2026.12.01\"]"));
    assert!(text.contains("[Application \"arbiter "));
    let (t1, p1) = &optimum[&1];
    let c = &p1.contracts[0];
    let side = if p1.score_ns < 0 { "EW" } else { "NS" };
    assert!(text.contains(&format!("[OptimumScore \"{side} {}\"]", p1.score_ns.abs())));
    assert!(text.contains(&format!(
        "[OptimumContract \"{} {} {}\"]",
        c.contract,
        ["N", "E", "S", "W"][c.declarer as usize],
        c.tricks
    )));
    assert!(text.contains(&format!(
        "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN  C {:>2}\n",
        t1.tricks(Seat::North, bridge::Strain::Clubs)
    )));

    // arbiter's own reader keeps the file's numbers: the same ranking, East-West pairs 1–7.
    let back = bridge::pbn::read(&text, "evening.pbn").unwrap();
    let again = score_session(&back, &Options::default());
    assert_eq!(
        by_label(&again, PairLabels::default()),
        by_label(&scored, labels)
    );

    let leads = s
        .boards
        .iter()
        .flat_map(|b| &b.lines)
        .filter(|l| l.lead.is_some())
        .count();
    let path = temp_file("evening.pbn", &text);
    let Some(json) = readback(&[Path::new("pbn"), &path]) else {
        return;
    };
    assert_eq!(json["site"], "Bridge Club de Lyon");
    assert_eq!(json["lines"], TABLES * BOARDS);
    assert_eq!(json["leads"], leads);
    assert_eq!(json["hands"], BOARDS);
    assert_eq!(json["optimum"], BOARDS);
    let ranking: Vec<serde_json::Value> = json["ranking"].as_array().unwrap().clone();
    assert_eq!(ranking, printed(&s, &scored, labels, false));
}

#[test]
fn every_usebio_export_is_valid() {
    let (s, labels) = evening();
    let upload = Upload {
        club: Some(club()),
        labels,
        masterpoints: Some(bridge::masterpoints::Scale::AcblClub),
    };
    for (name, method) in [
        ("matchpoints", Method::Matchpoints),
        ("cross-imps", Method::CrossImps { average: false }),
        ("butler", Method::Butler(Datum::default())),
    ] {
        let scored = score_session(
            &s,
            &Options {
                method,
                ..Options::default()
            },
        );
        let w = bridge::usebio::write_upload(&s, &scored, &upload);
        assert_valid(&format!("{name}.xml"), &w.xml);
        // Without a club or names, with the movement's own numbers.
        let mut bare = s.clone();
        bare.names.clear();
        bare.licences.clear();
        for b in &mut bare.boards {
            b.deal = None;
        }
        let w =
            bridge::usebio::write_leaving_out(&bare, &score_session(&bare, &Options::default()));
        assert_valid(&format!("{name}-bare.xml"), &w.xml);
    }
    for scoring in [
        MatchScoring::VictoryPoints,
        MatchScoring::BoardAMatch,
        MatchScoring::Patton,
    ] {
        for format in [EventFormat::Swiss, EventFormat::RoundRobin] {
            let xml = bridge::teams_usebio::write(&teams(scoring, format));
            assert_valid("teams.xml", &xml);
        }
    }
    // Swiss pairs: pairs as participants, a match's pairs and VPs as NS_/EW_ elements.
    for scoring in [MatchScoring::VictoryPoints, MatchScoring::CrossImps] {
        let xml = bridge::teams_usebio::write(&teams(scoring, EventFormat::SwissPairs));
        assert!(xml.contains("<EVENT EVENT_TYPE=\"SWISS_PAIRS\">"), "{xml}");
        assert_valid("swiss-pairs.xml", &xml);
    }
    // The DTD does catch a misplaced element.
    let bad = bridge::teams_usebio::write(&teams(MatchScoring::VictoryPoints, EventFormat::Swiss))
        .replace(
            "<ROUND_NUMBER>1</ROUND_NUMBER>",
            "<SCORING_METHOD>1</SCORING_METHOD>",
        );
    assert!(xmllint_errors("bad.xml", &bad).is_some() || !xmllint_present());
}

fn xmllint_present() -> bool {
    Command::new("xmllint").arg("--version").output().is_ok()
}

/// Two teams, one match on two boards, with leads, a club and the deals.
fn teams(scoring: MatchScoring, format: EventFormat) -> TeamsEvent {
    let played = |c: &str, d: Seat, t: u8| match c.parse::<Bid>().unwrap() {
        Bid::Contract(c) => Played::new(c, d, t),
        Bid::Pass => Some(Played::PassedOut),
    };
    let team = |number: u32, name: &str| Team {
        number,
        name: name.to_string(),
        players: ["Ann", "Bob", "Cy", "Di"]
            .iter()
            .map(|p| Player {
                name: format!("{p} {number}"),
                licence: Licence::new(&format!("{number}0{}", p.len())),
            })
            .collect(),
        points: Ratio::from_int(10),
        place: 1,
        tied: true,
    };
    let (s, _) = evening();
    TeamsEvent {
        name: "Patton de Noël".to_string(),
        date: "2026-12-20".to_string(),
        format,
        scoring,
        boards_per_match: 2,
        teams: vec![team(1, "Lions"), team(2, "Tigres")],
        matches: vec![Match {
            round: 1,
            home: 1,
            visit: 2,
            points: Some((Ratio::from_int(10), Ratio::from_int(10))),
            boards: vec![
                RoomBoard {
                    number: 1,
                    open: played("4S", Seat::South, 10),
                    closed: played("4S", Seat::South, 9),
                },
                RoomBoard {
                    number: 2,
                    open: played("PASS", Seat::North, 0),
                    closed: None,
                },
            ],
            leads: BTreeMap::from([(1, (Some("HK".to_string()), Some("DA".to_string())))]),
            imps: BTreeMap::from([(1, 6)]),
        }],
        club: Some(club()),
        deals: s
            .boards
            .iter()
            .take(2)
            .map(|b| (b.number, b.deal.clone().unwrap()))
            .collect(),
    }
}
