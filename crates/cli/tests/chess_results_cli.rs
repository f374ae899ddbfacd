//! `arbiter event export --format chess-results` and `arbiter event upload`: the upload file of
//! an event, and its publication through chess-results.com's protocol, against a loopback
//! server of ours that follows the protocol as documented (GETSID, GETKEY, UPLOAD) and checks
//! every signed field.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{ok_in as ok, run_in, stderr, stdout, temp_dir};
use server::chess_results::Credentials;

const KEY: &str = "000102030405060708090a0b0c0d0e0f";
const IV: &str = "0f0e0d0c0b0a09080706050403020100";

/// An event of eleven players, two rounds played (`e.db` in `d`).
fn two_rounds(d: &Path) {
    let mut csv = String::from("Nom;Prénom;Elo;Fédération\n");
    for i in 0..11 {
        csv.push_str(&format!("Joueur{i:02};Test;{};FRA\n", 2200 - i * 45));
    }
    std::fs::write(d.join("players.csv"), csv).unwrap();
    let e = |args: &[&str]| {
        let mut v = vec!["event", "--db", "e.db"];
        v.extend_from_slice(args);
        ok(d, &v)
    };
    e(&["create", "--name", "Open & Co", "--rounds", "4"]);
    e(&["import", "1", "players.csv"]);
    e(&["present", "1", "4", "--absent"]);
    e(&["bye", "1", "7", "2", "half"]);
    for round in 1..=2u32 {
        let list = e(&["pair", "1"]);
        let boards = list.lines().filter(|l| !l.contains("bye")).count() - 2;
        for board in 1..=boards {
            e(&["result", "1", &round.to_string(), &board.to_string(), "1-0"]);
        }
        if round == 1 {
            e(&["present", "1", "4"]);
        }
    }
}

#[test]
fn an_event_exports_as_chess_results_upload_file() {
    let dir = temp_dir();
    let d = dir.path();
    two_rounds(d);
    ok(
        d,
        &[
            "event",
            "--db",
            "e.db",
            "export",
            "1",
            "--format",
            "chess-results",
            "-o",
            "cr.xml",
        ],
    );
    let xml = std::fs::read_to_string(d.join("cr.xml")).unwrap();
    assert!(xml.contains("name=\"Open &amp; Co\""), "{xml}");
    assert!(xml.contains("rankinground=\"2\""));
    // The default list BH/C1, BH, SB: chess-results' 84, 84, 85.
    assert!(
        xml.contains("tb1no=\"84\"\n  tb2no=\"84\"\n  tb3no=\"85\""),
        "{xml}"
    );
    assert_eq!(xml.matches("<player\n").count(), 11);
    // Each round: five boards and one player alone (absent in round 1, the half-point bye of
    // player 7 in round 2).
    assert_eq!(xml.matches("<playerpairing\n").count(), 12);
    // The ranking after round 1, one row a player.
    assert_eq!(xml.matches("<intermediateranking\n").count(), 11);
    // A file saved by hand has no security section.
    assert!(!xml.contains("<security>"));
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

fn attr(xml: &str, name: &str) -> String {
    let at = xml
        .find(&format!(" {name}=\""))
        .or_else(|| xml.find(&format!("\n  {name}=\"")))
        .unwrap_or_else(|| panic!("{name} in {xml}"));
    let rest = &xml[at..];
    let start = rest.find('"').unwrap() + 1;
    let end = start + rest[start..].find('"').unwrap();
    rest[start..end].to_string()
}

/// What the loopback site saw and checked, in order.
#[derive(Default)]
struct Site {
    steps: Vec<String>,
    sids: Vec<String>,
    creator: Option<String>,
    refuse_upload: bool,
}

/// A loopback chess-results: answers `requests` requests, then stops.
fn site(requests: usize, state: Arc<Mutex<Site>>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/Uploadxml.aspx", listener.local_addr().unwrap());
    let creds =
        Credentials::parse(&format!("source = 77\naes_key = {KEY}\naes_iv = {IV}\n")).unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests) {
            let mut stream = stream.unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(20)))
                .unwrap();
            let mut r = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
            let target = line.split_whitespace().nth(1).unwrap().to_string();
            let mut length = 0;
            loop {
                let mut h = String::new();
                r.read_line(&mut h).unwrap();
                if h.trim().is_empty() {
                    break;
                }
                if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
            }
            let mut body = vec![0; length];
            r.read_exact(&mut body).unwrap();
            let body = String::from_utf8(body).unwrap();
            let mut s = state.lock().unwrap();
            let answer = if target.contains("key1=GETSID") {
                assert!(target.contains("source=77"), "{target}");
                let sid = format!("{}", 140972164 + s.sids.len());
                s.sids.push(sid.clone());
                s.steps.push("GETSID".into());
                format!("<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<chessresults>\n<result sid=\"{sid}\" status =\"OK\" />\n</chessresults>")
            } else if target.contains("key1=GETKEY") {
                assert_eq!(attr(&body, "sid"), creds.encrypt(s.sids.last().unwrap()));
                assert_eq!(attr(&body, "source"), "77");
                assert_eq!(attr(&body, "tournament"), "Open &amp; Co");
                assert_eq!(attr(&body, "federation"), "FID");
                s.creator = Some(attr(&body, "creatorID"));
                s.steps.push("GETKEY".into());
                "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<chessresults>\n<result key=\"222557\" status=\"OK\"/>\n</chessresults>".to_string()
            } else if target.contains("key1=UPLOAD") {
                let field = body.strip_prefix("xml=").expect("the form field xml");
                let braced = percent_decode(field);
                assert!(!braced.contains('<') && !braced.contains('>'));
                let xml = braced.replace('{', "<").replace('}', ">");
                assert_eq!(attr(&xml, "key"), "222557");
                let creator = s.creator.clone().unwrap();
                assert_eq!(attr(&xml, "creator"), creator);
                assert_eq!(attr(&xml, "source"), "77");
                assert_eq!(attr(&xml, "sid"), creds.encrypt(s.sids.last().unwrap()));
                assert_eq!(attr(&xml, "creator_sid"), creds.encrypt(&creator));
                assert_eq!(attr(&xml, "tnr_sid"), creds.encrypt("222557"));
                s.steps.push("UPLOAD".into());
                if s.refuse_upload {
                    "<?xml version=\"1.0\"?><chessresults><result status=\"ERROR\"/><messages><message type=\"error\" Text=\"MsgNo:28 tournament finished\"/></messages></chessresults>".to_string()
                } else {
                    "<?xml version=\"1.0\"?><chessresults><result status=\"OK\"/></chessresults>"
                        .to_string()
                }
            } else {
                panic!("unexpected request {target}");
            };
            drop(s);
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                answer.len()
            );
        }
    });
    url
}

#[test]
fn an_event_is_published_through_the_documented_protocol() {
    let dir = temp_dir();
    let d = dir.path();
    two_rounds(d);
    let state = Arc::new(Mutex::new(Site::default()));
    let url = site(8, state.clone());
    std::fs::write(
        d.join("cr.conf"),
        format!("# issued by chess-results.com\nsource = 77\naes_key = {KEY}\naes_iv = {IV}\nurl = {url}\n"),
    )
    .unwrap();
    let upload = [
        "event",
        "--db",
        "e.db",
        "upload",
        "1",
        "--credentials",
        "cr.conf",
    ];
    assert_eq!(
        ok(d, &upload),
        "published on chess-results.com: tournament 222557\n"
    );
    // The second publication keeps the key: no second GETKEY.
    assert_eq!(
        ok(d, &upload),
        "published on chess-results.com: tournament 222557\n"
    );
    assert_eq!(
        state.lock().unwrap().steps,
        ["GETSID", "GETKEY", "GETSID", "UPLOAD", "GETSID", "UPLOAD"]
    );
    // The site's refusal is said with its message, exit 5.
    state.lock().unwrap().refuse_upload = true;
    let o = run_in(d, &upload);
    assert_eq!(o.status.code(), Some(5), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("MsgNo:28 tournament finished"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_credentials_are_refused_with_their_line() {
    let dir = temp_dir();
    let d = dir.path();
    two_rounds(d);
    std::fs::write(d.join("cr.conf"), "source = 77\naes_key = 1234\n").unwrap();
    let o = run_in(
        d,
        &[
            "event",
            "--db",
            "e.db",
            "upload",
            "1",
            "--credentials",
            "cr.conf",
        ],
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("cr.conf:2: expected the AES key, 32 hexadecimal digits"),
        "{}",
        stderr(&o)
    );
}

/// A team round robin of four teams of two boards, every round played (`t.db` in `d`): in
/// each match the team with the smaller number wins 2–0, except T3–T4, drawn 1–1. Teams are
/// numbered by rating, T1 the strongest.
fn team_round_robin(d: &Path) {
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 1..=4 {
        for b in 1..=2 {
            csv.push_str(&format!(
                "T{t};{b};Joueur {t}-{b};{}\n",
                2200 - 100 * t - 10 * b
            ));
        }
    }
    std::fs::write(d.join("rosters.csv"), csv).unwrap();
    let team = |args: &[&str]| {
        let mut v = vec!["event", "--db", "t.db", "team"];
        v.extend_from_slice(args);
        ok(d, &v)
    };
    team(&[
        "create",
        "--name",
        "Open & Co",
        "--boards",
        "2",
        "--system",
        "round-robin",
    ]);
    team(&["import", "1", "rosters.csv"]);
    for round in 1..=3u32 {
        let list = team(&["pair", "1"]);
        for line in list.lines() {
            // "    1  T1 (1)  T4 (4)": the match, the team with White on board 1, the other.
            let w: Vec<&str> = line.split_whitespace().collect();
            let numbers: Vec<u32> = w
                .iter()
                .filter_map(|x| x.strip_prefix('(')?.strip_suffix(')')?.parse().ok())
                .collect();
            let (Some(m), &[white, black]) = (w.first(), numbers.as_slice()) else {
                continue;
            };
            let m = *m;
            // Board 1: White plays for the white team; board 2: for the black team.
            let (b1, b2) = if white.min(black) == 3 {
                ("1-0", "1-0")
            } else if white < black {
                ("1-0", "0-1")
            } else {
                ("0-1", "1-0")
            };
            for (board, result) in [("1", b1), ("2", b2)] {
                team(&["result", "1", &round.to_string(), m, board, result]);
            }
        }
    }
}

#[test]
fn a_team_event_exports_as_chess_results_upload_file() {
    let dir = temp_dir();
    let d = dir.path();
    team_round_robin(d);
    ok(
        d,
        &[
            "event",
            "--db",
            "t.db",
            "team",
            "export",
            "1",
            "--format",
            "chess-results",
            "-o",
            "cr.xml",
        ],
    );
    let xml = std::fs::read_to_string(d.join("cr.xml")).unwrap();
    assert!(xml.contains("name=\"Open &amp; Co\""), "{xml}");
    // A team round robin of three rounds, all played; game points its one tie-break (1).
    for (name, value) in [
        ("type", "2"),
        ("rounds", "3"),
        ("rankinground", "3"),
        ("endstatus", "J"),
        ("playerperteam", "2"),
        ("homecolor", "w"),
        ("tb1no", "1"),
    ] {
        assert_eq!(attr(&xml, name), value, "{name}");
    }
    // By hand (2/1/0): T1 won its three matches 2–0: 6 match points, 6 game points; T2 won
    // against T3 and T4: 4 and 4; T3 and T4 lost to T1 and T2 and drew each other 1–1: 1 and
    // 1 each, level on game points too: both third, the second of them `equal`.
    let teams: Vec<&str> = xml.split("<team\n").skip(1).collect();
    assert_eq!(teams.len(), 4);
    let field = |t: &str, name: &str| attr(&format!("\n{t}"), name);
    let rows: Vec<(String, String, String, String)> = teams
        .iter()
        .map(|t| {
            (
                field(t, "teamname"),
                field(t, "rank"),
                field(t, "points"),
                field(t, "tb1"),
            )
        })
        .collect();
    let row = |n: &str, r: &str, p: &str, g: &str| (n.into(), r.into(), p.into(), g.into());
    assert_eq!(
        rows,
        [
            row("T1", "1", "6.0", "6.0"),
            row("T2", "2", "4.0", "4.0"),
            row("T3", "3", "1.0", "1.0"),
            row("T4", "3", "1.0", "1.0"),
        ]
    );
    let equal: Vec<String> = teams.iter().map(|t| field(t, "equal")).collect();
    assert_eq!(equal[..2], ["N", "N"]);
    assert_eq!(equal.iter().filter(|e| *e == "J").count(), 1, "{equal:?}");
    // A round robin's team state: 0, all active.
    assert!(teams.iter().all(|t| field(t, "state") == "0"));
    // Six matches of two boards; each match's board points as played.
    let matches: Vec<&str> = xml.split("<teampairing\n").skip(1).collect();
    assert_eq!(matches.len(), 6);
    for m in &matches {
        let m = format!("\n{m}");
        let (no1, no2): (u32, u32) = (
            attr(&m, "no1").parse().unwrap(),
            attr(&m, "no2").parse().unwrap(),
        );
        let (res1, res2) = (attr(&m, "res1"), attr(&m, "res2"));
        let expected = if no1.min(no2) == 3 {
            ("1.0", "1.0")
        } else if no1 < no2 {
            ("2.0", "0.0")
        } else {
            ("0.0", "2.0")
        };
        assert_eq!((res1.as_str(), res2.as_str()), expected, "{m}");
    }
    assert_eq!(xml.matches("<playerpairing\n").count(), 12);
    // The players, team by team in board order: T1's board 2 is player 2 of team 1, 3 points.
    let players: Vec<&str> = xml.split("<player\n").skip(1).collect();
    assert_eq!(players.len(), 8);
    let p2 = format!("\n{}", players[1]);
    assert_eq!(
        (attr(&p2, "teamno"), attr(&p2, "board"), attr(&p2, "pts")),
        ("1".into(), "2".into(), "3.0".into())
    );
    // The round robin has no intermediate rankings; a file saved by hand no security section.
    assert!(!xml.contains("<intermediaterankings>"));
    assert!(!xml.contains("<security>"));
}

#[test]
fn a_team_event_is_published_through_the_documented_protocol() {
    let dir = temp_dir();
    let d = dir.path();
    team_round_robin(d);
    let state = Arc::new(Mutex::new(Site::default()));
    let url = site(6, state.clone());
    std::fs::write(
        d.join("cr.conf"),
        format!("source = 77\naes_key = {KEY}\naes_iv = {IV}\nurl = {url}\n"),
    )
    .unwrap();
    let upload = [
        "event",
        "--db",
        "t.db",
        "team",
        "upload",
        "1",
        "--credentials",
        "cr.conf",
    ];
    assert_eq!(
        ok(d, &upload),
        "published on chess-results.com: tournament 222557\n"
    );
    // The key is kept with the team event: the second publication asks for none.
    assert_eq!(
        ok(d, &upload),
        "published on chess-results.com: tournament 222557\n"
    );
    assert_eq!(
        state.lock().unwrap().steps,
        ["GETSID", "GETKEY", "GETSID", "UPLOAD", "GETSID", "UPLOAD"]
    );
}

/// A Swiss Team's pairing-allocated bye: `no2="-1"` with the bye's game points, no board.
#[test]
fn a_swiss_teams_bye_is_written_as_the_author_writes_it() {
    let dir = temp_dir();
    let d = dir.path();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 1..=3 {
        for b in 1..=2 {
            csv.push_str(&format!(
                "T{t};{b};Joueur {t}-{b};{}\n",
                2200 - 100 * t - 10 * b
            ));
        }
    }
    std::fs::write(d.join("rosters.csv"), csv).unwrap();
    let team = |args: &[&str]| {
        let mut v = vec!["event", "--db", "s.db", "team"];
        v.extend_from_slice(args);
        ok(d, &v)
    };
    team(&[
        "create", "--name", "Suisse", "--boards", "2", "--rounds", "3",
    ]);
    team(&["import", "1", "rosters.csv"]);
    // Round 1: T1–T2 (board 1 1-0, board 2 ½-½: 1½–½), T3 the bye.
    let list = team(&["pair", "1"]);
    assert!(list.contains("T3 (3)") && list.contains("bye"), "{list}");
    team(&["result", "1", "1", "1", "1", "1-0"]);
    team(&["result", "1", "1", "1", "2", "1/2"]);
    let xml = team(&["export", "1", "--format", "chess-results"]);
    assert_eq!(attr(&xml, "type"), "3");
    let matches: Vec<String> = xml
        .split("<teampairing\n")
        .skip(1)
        .map(|m| {
            let m = format!("\n{m}");
            format!(
                "{}-{} {}-{}",
                attr(&m, "no1"),
                attr(&m, "no2"),
                attr(&m, "res1"),
                attr(&m, "res2")
            )
        })
        .collect();
    // The bye's game points are those the standings give it (one a board's half: 1.0 for
    // two boards, with a draw's match points, as `arbiter event team standings` prints).
    let standings = team(&["standings", "1"]);
    assert!(
        standings
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()[..] == ["2", "3", "T3", "1", "1.0"]),
        "{standings}"
    );
    assert_eq!(matches, ["1-2 1.5-0.5", "3--1 1.0-0.0"]);
    // Two boards played, none for the bye; the bye's players count its point each, as the
    // author's Team_SwissSystem.xml counts it (team 11's players, round 1).
    assert_eq!(xml.matches("<playerpairing\n").count(), 2);
    let players: Vec<&str> = xml.split("<player\n").skip(1).collect();
    let pts: Vec<String> = players
        .iter()
        .map(|p| attr(&format!("\n{p}"), "pts"))
        .collect();
    assert_eq!(pts, ["1.0", "0.5", "0.0", "0.5", "1.0", "1.0"]);
}
