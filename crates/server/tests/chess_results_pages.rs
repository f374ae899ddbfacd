//! The event's dashboard and chess-results.com: the upload file offered to every arbiter, the
//! publish button only on a server with credentials, and its outcome said on the page.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;

use crate::common::{csrf_in, App};

/// A loopback stand-in for chess-results.com answering `requests` requests (its protocol is
/// checked field by field in the command line's tests).
fn site(requests: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/Uploadxml.aspx", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests) {
            let mut stream = stream.unwrap();
            let mut r = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            r.read_line(&mut line).unwrap();
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
            let answer = if line.contains("GETSID") {
                "<chessresults><result sid=\"7\" status=\"OK\"/></chessresults>"
            } else if line.contains("GETKEY") {
                "<chessresults><result key=\"222557\" status=\"OK\"/></chessresults>"
            } else {
                "<chessresults><result status=\"OK\"/></chessresults>"
            };
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer}",
                answer.len()
            );
        }
    });
    url
}

#[test]
fn the_upload_file_is_offered_and_publishing_needs_credentials() {
    let app = App::start(true);
    let _ = app.arbiter();
    let mut b = app.login();
    let page = b.get("/events/1").body;
    assert!(page.contains("id=\"export-chess-results\""), "{page}");
    assert!(!page.contains("id=\"publish-chess-results\""));
    let xml = b.get("/events/1/chess-results.xml");
    assert_eq!(xml.status, 200);
    assert!(xml
        .header("content-type")
        .unwrap()
        .starts_with("application/xml"));
    assert!(xml.body.contains("<chessresults>"));
    assert_eq!(xml.body.matches("<player\n").count(), 16);
    assert!(!xml.body.contains("<security>"));
    // Not for visitors.
    assert_ne!(app.client().get("/events/1/chess-results.xml").status, 200);
    // Without credentials the server refuses to publish, and says why.
    let csrf = csrf_in(&page);
    let r = b.post_form("/events/1/chess-results/publish", &[("csrf", &csrf)]);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("--chess-results"), "{}", r.body);
}

#[test]
fn the_button_publishes_and_the_page_says_the_key() {
    let url = site(4);
    let app = App::start_with(|c| {
        c.demo = true;
        c.chess_results = Some(
            server::chess_results::Credentials::parse(&format!(
                "source = 77\naes_key = 000102030405060708090a0b0c0d0e0f\naes_iv = 0f0e0d0c0b0a09080706050403020100\nurl = {url}\n"
            ))
            .unwrap(),
        );
    });
    let _ = app.arbiter();
    let mut b = app.login();
    let page = b.get("/events/1").body;
    assert!(page.contains("id=\"publish-chess-results\""), "{page}");
    let r = b.post_form(
        "/events/1/chess-results/publish",
        &[("csrf", &csrf_in(&page))],
    );
    assert_eq!(
        r.location.as_deref(),
        Some("/events/1?published=222557"),
        "{}",
        r.body
    );
    let page = b.get("/events/1?published=222557").body;
    assert!(page.contains("id=\"published-chess-results\""), "{page}");
    assert!(page.contains("chess-results.com/tnr222557.aspx"));
}
