//! Connections shared fairly between addresses (issue 34 §2): before, a full server stopped
//! accepting, and sockets held idle (from one address up to its cap, or from many addresses,
//! reopened as soon as they were closed) kept every other visitor waiting in the kernel's queue
//! until a header timeout freed a place (`GET /login` waited up to 19.6 s). Now a newcomer
//! takes the place of an idle connection of an address holding more than its own.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::common::App;
use crate::hardening::connect;

/// The answer's first line, or what came before the connection closed or `wait` passed.
fn status_line(s: &mut TcpStream, wait: Duration) -> String {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    while !got.contains(&b'\n') {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&got)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

/// A visitor's `GET /login` from `from`: its status line.
fn visit(app: &App, from: &str) -> String {
    let mut s = connect(app, from);
    write!(
        s,
        "GET /login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    status_line(&mut s, Duration::from_secs(10))
}

/// How many of `held` the server has closed.
fn closed(held: &mut [TcpStream]) -> usize {
    held.iter_mut()
        .filter_map(|s| {
            s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
            let gone = match s.read(&mut [0u8; 64]) {
                Ok(0) => true,
                Ok(_) => false,
                Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
            };
            gone.then_some(())
        })
        .count()
}

/// Waits past the grace a connection just opened keeps its place.
fn past_grace() {
    std::thread::sleep(Duration::from_millis(800));
}

#[test]
fn idle_connections_filling_the_server_do_not_keep_another_address_out() {
    let app = App::start_with(|c| {
        c.limits.connections = 24;
        c.limits.connections_per_address = 24;
        // Long enough that only a place given up can let a visitor in.
        c.limits.header_timeout = Duration::from_secs(60);
    });

    // One address holds every place.
    let mut one: Vec<TcpStream> = (0..24).map(|_| connect(&app, "127.0.0.2")).collect();
    past_grace();
    assert_eq!(visit(&app, "127.0.0.1"), "HTTP/1.1 200 OK");
    assert_eq!(closed(&mut one), 1, "one idle connection gave way");
    drop(one);
    std::thread::sleep(Duration::from_millis(200));

    // Twelve addresses hold two each, and reopen every connection the server closes.
    let mut many: Vec<TcpStream> = (0..24)
        .map(|i| connect(&app, &format!("127.0.0.{}", 10 + i % 12)))
        .collect();
    past_grace();
    for round in 0..3 {
        let visitor = format!("127.0.1.{round}");
        assert_eq!(visit(&app, &visitor), "HTTP/1.1 200 OK", "visitor {round}");
        for (i, s) in many.iter_mut().enumerate() {
            if closed(std::slice::from_mut(s)) == 1 {
                *s = connect(&app, &format!("127.0.0.{}", 10 + i % 12));
            }
        }
        past_grace();
    }
    // The reopened ones took the visitors' places back (they had closed): the server is full
    // of idle connections again, and a next visitor still gets in.
    assert_eq!(visit(&app, "127.0.2.1"), "HTTP/1.1 200 OK");
}
