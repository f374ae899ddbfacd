//! chess-results.com from the browser, in English and in French (issue 35 §3): an individual
//! event's dashboard and a team event's page offer the upload file and, on a server started
//! with `--chess-results FILE`, publication, here to a loopback site of ours that answers the
//! documented protocol (GETSID, GETKEY, UPLOAD). Screenshots in
//! `TARGET/browser-artifacts/chess-results/`, shown by the guide's "Files in and out".

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;

use super::arbiter::{run_arbiter, Arbiter};
use super::harness::{artifacts_dir, Driver, Server};

/// A loopback chess-results.com that says OK to every request (the signed fields are checked
/// by `chess_results_cli.rs`); the key it gives is 222557.
fn site() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/Uploadxml.aspx", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut r = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            if r.read_line(&mut line).is_err() {
                continue;
            }
            let mut length = 0;
            loop {
                let mut h = String::new();
                if r.read_line(&mut h).is_err() || h.trim().is_empty() {
                    break;
                }
                if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            let _ = r.read_exact(&mut body);
            let answer = if line.contains("GETSID") {
                "<chessresults><result sid=\"140972164\" status=\"OK\"/></chessresults>"
            } else if line.contains("GETKEY") {
                "<chessresults><result key=\"222557\" status=\"OK\"/></chessresults>"
            } else {
                "<chessresults><result status=\"OK\"/></chessresults>"
            };
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                answer.len()
            );
        }
    });
    url
}

fn cli(db: &Path, args: &[&str]) -> String {
    let mut all: Vec<&OsStr> = vec![OsStr::new("event"), OsStr::new("--db"), db.as_os_str()];
    all.extend(args.iter().map(OsStr::new));
    let (code, out, err) = run_arbiter(&all);
    assert_eq!(code, 0, "arbiter event {args:?}: {err}");
    out
}

/// An individual Swiss of six players with one round played, and a team round robin of three
/// teams of two boards with its first round played, made on the command line.
fn events(dir: &Path, db: &Path) {
    let mut csv = String::from("Nom;Prénom;Elo;Fédération\n");
    for (i, name) in ["Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard"]
        .iter()
        .enumerate()
    {
        csv.push_str(&format!("{name};Claire;{};FRA\n", 2100 - 50 * i));
    }
    std::fs::write(dir.join("players.csv"), csv).unwrap();
    cli(db, &["create", "--name", "Open de Lyon", "--rounds", "5"]);
    let players = dir.join("players.csv");
    cli(db, &["import", "1", players.to_str().unwrap()]);
    cli(db, &["pair", "1"]);
    for board in ["1", "2", "3"] {
        cli(db, &["result", "1", "1", board, "1-0"]);
    }

    let mut rosters = String::from("équipe;échiquier;nom;elo\n");
    for (t, club) in ["Lyon", "Tours", "Nantes"].iter().enumerate() {
        for b in 1..=2 {
            rosters.push_str(&format!(
                "{club};{b};Joueur {club} {b};{}\n",
                2000 - 100 * t - 10 * b
            ));
        }
    }
    std::fs::write(dir.join("rosters.csv"), rosters).unwrap();
    cli(
        db,
        &[
            "team",
            "create",
            "--name",
            "Interclubs",
            "--boards",
            "2",
            "--system",
            "round-robin",
        ],
    );
    let rosters = dir.join("rosters.csv");
    cli(db, &["team", "import", "1", rosters.to_str().unwrap()]);
    let list = cli(db, &["team", "pair", "1"]);
    let m = list
        .lines()
        .find_map(|l| l.split_whitespace().next().filter(|w| *w == "1"))
        .expect("round 1 has a match");
    for board in ["1", "2"] {
        cli(db, &["team", "result", "1", "1", m, board, "1-0"]);
    }
}

pub async fn export_and_publish(chromedriver: &Path) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let db = tmp.path().join("test.db");
    events(tmp.path(), &db);
    let creds = tmp.path().join("chess-results.conf");
    std::fs::write(
        &creds,
        format!(
            "source = 77\naes_key = 000102030405060708090a0b0c0d0e0f\naes_iv = 0f0e0d0c0b0a09080706050403020100\nurl = {}\n",
            site()
        ),
    )
    .unwrap();
    let server = Server::start_with(&db, &[OsStr::new("--chess-results"), creds.as_os_str()]);
    let driver = Driver::start(chromedriver);
    let a = Arbiter::first_account(
        driver.desktop("arbiter", 1280, 900).await,
        &server,
        artifacts_dir("chess-results"),
    )
    .await;

    for (lang, published) in [
        ("en", "Published on chess-results.com (tournament 222557)"),
        ("fr", "Publié sur chess-results.com (tournoi 222557)"),
    ] {
        // The individual event's dashboard: the file, and publication.
        a.b.goto(&a.url("/events/1")).await;
        a.switch_language(lang).await;
        a.b.find("#export-chess-results").await;
        a.press("#publish-chess-results", "publish the event").await;
        let text =
            a.b.find("#published-chess-results")
                .await
                .text()
                .await
                .unwrap();
        assert!(text.contains(published), "{text}");
        a.shot(&format!("dashboard-{lang}")).await;
        let (status, xml) = a.b.fetch_text(&a.url("/events/1/chess-results.xml")).await;
        assert_eq!(status, 200);
        assert!(xml.contains("<playerpairings>"), "{xml}");

        // The team event's page: the same for the team event.
        a.b.goto(&a.url("/teams/1")).await;
        a.b.find("#team-export-chess-results").await;
        a.press("#team-publish-chess-results", "publish the team event")
            .await;
        let text =
            a.b.find("#team-published-chess-results")
                .await
                .text()
                .await
                .unwrap();
        assert!(text.contains(published), "{text}");
        a.shot(&format!("team-event-{lang}")).await;
        let (status, xml) = a.b.fetch_text(&a.url("/teams/1/chess-results.xml")).await;
        assert_eq!(status, 200);
        assert!(xml.contains("<teampairings>"), "{xml}");
        assert!(xml.contains("type=\"2\""), "{xml}");
    }
}
