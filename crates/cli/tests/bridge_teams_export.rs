//! Issue 24 §1: a teams match exported as PBN by `arbiter serve` and read back by `arbiter
//! bridge teams`, both through the real binary: the same IMPs and VPs as the application.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bridge::Seat;
use common::{path_str, run, stderr, temp_dir, write};
use store::bridge::{Entry, NewTeam, Room, TeamEventSettings};

struct Serve(Child);

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_match_exported_as_pbn_scores_the_same_from_the_command_line() {
    let dir = temp_dir();
    let db = dir.path().join("club.db");
    // A public event of four teams, two boards a match; round 1's match 1 is 1 v 4 on
    // boards 1 and 2.
    let id = {
        let store = store::Store::open(&db).unwrap();
        let settings = TeamEventSettings::new("Coupe d'hiver".parse().unwrap(), 2);
        let id = store.create_bridge_team_event("td", &settings).unwrap();
        for n in 1..=4 {
            let team =
                NewTeam::of(&format!("Équipe {n}"), &["Nord", "Sud", "Est", "Ouest"]).unwrap();
            store.set_bridge_team("td", id, n, &team).unwrap();
        }
        store.draw_bridge_team_round("td", id).unwrap();
        // Board 1: 4S= at both tables: no swing. Board 2 (NS vulnerable): 3NT= (+600)
        // against 3NT−1 (−100): 700 → 12 IMPs to team 1. 12–0 on 2 boards: 17.31–2.69 on
        // the WBF 2013 scale (X = 15·√2 = 21.21; 10 + 10·(1 − τ^(36/21.21))/(1 − τ³)).
        for (room, board, contract, declarer, tricks) in [
            (Room::Open, 1, "4S", Seat::South, 10),
            (Room::Closed, 1, "4S", Seat::South, 10),
            (Room::Open, 2, "3NT", Seat::North, 9),
            (Room::Closed, 2, "3NT", Seat::North, 8),
        ] {
            let e = Entry::played(contract, declarer, tricks, "");
            store
                .enter_bridge_team_result("td", id, (1, 1, room, board), &e, None, "phone")
                .unwrap();
        }
        let r = store.bridge_team_results(id).unwrap();
        let s = r.outcome(1, 1).unwrap().score.clone().unwrap();
        assert_eq!((s.imps_home, s.imps_visit), (12, 0));
        assert_eq!(
            (s.vp_home.to_string(), s.vp_visit.to_string()),
            ("17.31".into(), "2.69".into())
        );
        id
    };

    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--listen", "127.0.0.1:0", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start arbiter serve");
    let stdout = child.stdout.take().unwrap();
    let _serve = Serve(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let line = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the server's address");
    let base = line
        .strip_prefix("arbiter listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .trim_end_matches('/')
        .to_string();
    let text = ureq::get(&format!(
        "{base}/public/bridge/teams/{id}/matches/1/1/export.pbn"
    ))
    .call()
    .expect("the match's PBN")
    .into_string()
    .unwrap();
    assert!(text.contains("[Room \"Closed\"]"), "{text}");
    assert!(text.contains("[HomeTeam \"Équipe 1\"]"), "{text}");
    // PBN's score tables: board 2's rooms with the IMPs, the match's totals and VPs.
    assert!(
        text.contains(
            "Open   3NT   N  9    600      -  12 -12\nClosed 3NT   N  8      -    100 -12  12\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(" 1 Home  \"Équipe 1\"                       12  17.31   2\n"),
        "{text}"
    );
    let f = write(dir.path(), "match.pbn", &text);

    let o = run(&["bridge", "teams", path_str(&f), "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["home"].as_str(), v["visit"].as_str()),
        (Some("Équipe 1"), Some("Équipe 4"))
    );
    assert_eq!(
        (v["imps_home"].as_u64(), v["imps_visit"].as_u64()),
        (Some(12), Some(0))
    );
    assert_eq!(
        (v["vp_home"].as_f64(), v["vp_visit"].as_f64()),
        (Some(17.31), Some(2.69))
    );
    let nets: Vec<i64> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["net_home"].as_i64().unwrap())
        .collect();
    assert_eq!(nets, [0, 700]);
}
