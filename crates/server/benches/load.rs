//! Load and pairing-time figures of the web application, over loopback against the real server
//! (in this process, on its own threads) with a fresh database file:
//! - a 500-player Swiss paired from the UI: the form's POST and the round page it leads to;
//! - 300 players reporting their board's result at once from their phones (anonymous token,
//!   then the report), while the same clients load the public page: no report lost or doubled,
//!   page-load percentiles (the public page asked for gzipped as browsers do, and timed until
//!   its last byte arrives: inflating it is the phone's work, not the server's);
//! - a bridge session's 20 tables entering round 1 at the same instant from their table pages
//!   (each board entered, then confirmed): the time, and lines lost or doubled.
//!
//! `cargo bench -p server --bench load [-- PLAYERS_REPORTING]` (default 300). Bounded: one
//! report and two page loads a client, a 60-second cap on every request.

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Client {
    agent: ureq::Agent,
    base: String,
    cookies: Vec<String>,
    csrf: Option<String>,
}

impl Client {
    fn new(base: &str) -> Client {
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(60))
            .redirects(0)
            .build();
        Client {
            agent,
            base: base.to_string(),
            cookies: Vec::new(),
            csrf: None,
        }
    }

    fn keep_cookies(&mut self, r: &ureq::Response) {
        for c in r.all("set-cookie") {
            let pair = c.split(';').next().unwrap_or("").to_string();
            let name = pair.split('=').next().unwrap_or("").to_string();
            self.cookies.retain(|k| !k.starts_with(&format!("{name}=")));
            self.cookies.push(pair);
        }
    }

    /// A call; a write answered 428 (no version) goes again with the version the answer names,
    /// as a page loaded just now would send it.
    fn call(&mut self, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
        match self.call_at(method, path, body, None) {
            (428, _, Some(v)) => {
                let (s, text, _) = self.call_at(method, path, body, Some(&v));
                (s, text)
            }
            (s, text, _) => (s, text),
        }
    }

    fn call_at(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        version: Option<&str>,
    ) -> (u16, String, Option<String>) {
        let mut req = self.agent.request(method, &format!("{}{path}", self.base));
        if let Some(v) = version {
            req = req.set("If-Match", v);
        }
        if !self.cookies.is_empty() {
            req = req.set("Cookie", &self.cookies.join("; "));
        }
        if let Some(t) = &self.csrf {
            req = req.set("X-CSRF-Token", t);
        }
        let out = match body {
            Some(b) => req.send_json(b.clone()),
            None => req.call(),
        };
        let r = match out {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{method} {path}: {e}"),
        };
        self.keep_cookies(&r);
        let status = r.status();
        let etag = r.header("etag").map(String::from);
        (status, r.into_string().unwrap_or_default(), etag)
    }

    /// A page as a phone's browser asks for it (gzip accepted), read as the bytes that came: the
    /// time measured is the server's and the network's, not this process's inflating and
    /// decoding of them (on a phone, that is the phone's own processor).
    fn page(&mut self, path: &str) -> (u16, Vec<u8>) {
        let mut req = self
            .agent
            .get(&format!("{}{path}", self.base))
            .set("Accept-Encoding", "gzip");
        if !self.cookies.is_empty() {
            req = req.set("Cookie", &self.cookies.join("; "));
        }
        let r = match req.call() {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("GET {path}: {e}"),
        };
        self.keep_cookies(&r);
        let status = r.status();
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut r.into_reader(), &mut bytes).expect("page body");
        (status, bytes)
    }

    fn post_form(&mut self, path: &str, fields: &[(&str, &str)]) -> (u16, Option<String>) {
        let mut req = self.agent.post(&format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            req = req.set("Cookie", &self.cookies.join("; "));
        }
        let r = match req.send_form(fields) {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("POST {path}: {e}"),
        };
        self.keep_cookies(&r);
        (r.status(), r.header("location").map(String::from))
    }
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// An event of `players` players through the API; returns its id.
fn event_with(arbiter: &mut Client, name: &str, players: usize) -> i64 {
    let (s, body) = arbiter.call(
        "POST",
        "/api/events",
        Some(&json!({"name": name, "rounds": 9})),
    );
    assert_eq!(s, 200, "{body}");
    let id = json_of(&body)["id"].as_i64().unwrap();
    let mut csv = String::from("Name,Rating,Federation\n");
    for i in 0..players {
        csv.push_str(&format!(
            "\"Player{i:04}, Test\",{},FRA\n",
            2700 - (i * 7) % 1700
        ));
    }
    let (s, body) = arbiter.call(
        "POST",
        &format!("/api/events/{id}/players/import"),
        Some(&json!({"format": "csv", "data": csv})),
    );
    assert_eq!(s, 200, "{body}");
    id
}

fn main() {
    let reporters: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(300);
    let dir = std::env::temp_dir().join(format!("arbiter-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let running = server::spawn(server::Config::new(
        dir.join("load.db"),
        "127.0.0.1:0".parse().unwrap(),
    ))
    .expect("server");
    let base = format!("http://{}", running.addr);
    let token = running
        .setup_url
        .as_deref()
        .and_then(|u| u.split("token=").nth(1))
        .expect("setup link")
        .to_string();
    let mut arbiter = Client::new(&base);
    let (s, body) = arbiter.call(
        "POST",
        "/api/setup",
        Some(&json!({"token": token, "username": "chief", "password": "load test password"})),
    );
    assert_eq!(s, 200, "{body}");
    arbiter.csrf = json_of(&body)["csrf"].as_str().map(String::from);

    // 1. A 500-player round paired from the UI: the form's POST, then the round page.
    let big = event_with(&mut arbiter, "Pairing 500", 500);
    let (_, page) = arbiter.call("GET", &format!("/events/{big}/rounds/1"), None);
    let form_csrf = page
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a CSRF field on the round page")
        .to_string();
    let form_version = page
        .split("name=\"version\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("the page's version in its form")
        .to_string();
    let start = Instant::now();
    let (s, location) = arbiter.post_form(
        &format!("/events/{big}/pair"),
        &[
            ("csrf", &form_csrf),
            ("version", &form_version),
            ("round", "1"),
        ],
    );
    assert!(s == 303 || s == 302, "pairing answered {s}");
    let (s, page) = arbiter.call(
        "GET",
        location
            .as_deref()
            .unwrap_or(&format!("/events/{big}/rounds/1")),
        None,
    );
    let pairing_time = start.elapsed().as_secs_f64();
    assert_eq!(s, 200);
    assert!(
        page.contains("Player0000"),
        "the round page shows the players"
    );
    println!("pairing a 500-player round from the UI, request to rendered page: {pairing_time:.3} s (target under 0.3 s)");

    // 2. Players reporting at once.
    let event = event_with(&mut arbiter, "Load", reporters * 2);
    let (s, body) = arbiter.call(
        "POST",
        &format!("/api/events/{event}/rounds/1/pair"),
        Some(&json!({})),
    );
    assert_eq!(s, 200, "{body}");
    let round = json_of(&body);
    let boards: Vec<(u64, String)> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                g["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(boards.len(), reporters);
    // The same pages one at a time, for comparison with the burst.
    let mut quiet = Vec::new();
    let mut sizes = std::collections::HashMap::new();
    let mut phone = Client::new(&base);
    for path in [format!("/public/{event}"), "/api/csrf".to_string()] {
        for _ in 0..20 {
            let t = Instant::now();
            let (s, body) = phone.page(&path);
            assert_eq!(s, 200);
            quiet.push((path.clone(), t.elapsed().as_secs_f64()));
            sizes.insert(path.clone(), body.len());
        }
    }
    for path in [format!("/public/{event}"), "/api/csrf".to_string()] {
        let mut t: Vec<f64> = quiet
            .iter()
            .filter(|(p, _)| *p == path)
            .map(|(_, t)| *t)
            .collect();
        t.sort_by(f64::total_cmp);
        println!(
            "{path} alone: median {:.2} ms, {} KB as sent",
            percentile(&t, 0.5) * 1000.0,
            sizes[&path].div_ceil(1024)
        );
    }
    let results = ["1-0", "1/2", "0-1"];
    let barrier = Arc::new(Barrier::new(reporters));
    let start = Instant::now();
    let handles: Vec<_> = boards
        .iter()
        .cloned()
        .map(|(board, code)| {
            let barrier = barrier.clone();
            let base = base.clone();
            std::thread::spawn(move || {
                let mut phone = Client::new(&base);
                barrier.wait();
                let mut pages = Vec::new();
                let t = Instant::now();
                let (s, _) = phone.page(&format!("/public/{event}"));
                pages.push((s, t.elapsed().as_secs_f64()));
                let t = Instant::now();
                let (s, body) = phone.call("GET", "/api/csrf", None);
                pages.push((s, t.elapsed().as_secs_f64()));
                phone.csrf = Some(json_of(&body)["csrf"].as_str().unwrap().to_string());
                let result = results[board as usize % 3];
                let t = Instant::now();
                let (s, body) = phone.call(
                    "POST",
                    "/api/report",
                    Some(&json!({"code": code, "board": board, "result": result})),
                );
                let report = (s, t.elapsed().as_secs_f64(), body);
                (pages, report)
            })
        })
        .collect();
    let mut page_times = Vec::new();
    let mut report_times = Vec::new();
    let mut failures = 0;
    for h in handles {
        let (pages, (s, t, body)) = h.join().expect("client thread");
        for (status, t) in pages {
            assert_eq!(status, 200);
            page_times.push(t);
        }
        if s != 200 {
            failures += 1;
            eprintln!("report answered {s}: {body}");
        }
        report_times.push(t);
    }
    let wall = start.elapsed().as_secs_f64();
    // Every report is there once, with the result sent.
    let (_, body) = arbiter.call("GET", &format!("/api/events/{event}/rounds/1"), None);
    let round = json_of(&body);
    let mut lost = 0;
    for (board, _) in &boards {
        let g = round["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["board"].as_u64() == Some(*board))
            .unwrap();
        if g["reported"].as_str() != Some(results[*board as usize % 3]) {
            lost += 1;
        }
    }
    let (_, body) = arbiter.call("GET", &format!("/api/events/{event}/log"), None);
    let reports_logged = json_of(&body)
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "report")
        .count();
    page_times.sort_by(f64::total_cmp);
    report_times.sort_by(f64::total_cmp);
    println!("{reporters} players reporting at once over loopback: {wall:.2} s in all, {failures} refused, {lost} lost, {} logged (expected {reporters})", reports_logged);
    println!(
        "page loads ({}): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms (target p99 under 50 ms)",
        page_times.len(),
        percentile(&page_times, 0.5) * 1000.0,
        percentile(&page_times, 0.99) * 1000.0,
        page_times.last().unwrap() * 1000.0
    );
    println!(
        "reports: p50 {:.1} ms, p99 {:.1} ms",
        percentile(&report_times, 0.5) * 1000.0,
        percentile(&report_times, 0.99) * 1000.0
    );
    let bridge = bridge_tables(&mut arbiter, &base, 20);
    running.stop();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        failures == 0 && lost == 0 && reports_logged == reporters,
        "reports lost or doubled"
    );
    assert!(bridge, "bridge lines lost or doubled");
}

/// The value of the first `name="csrf"` field of a page.
fn csrf_field(page: &str) -> String {
    page.split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a CSRF field")
        .to_string()
}

/// A `tables`-table Mitchell whose tables all enter round 1 at once from their table pages
/// (`/t/CODE`): every board entered by North's form, then confirmed. Prints the time and the
/// lines lost or doubled; true when none.
fn bridge_tables(arbiter: &mut Client, base: &str, tables: u32) -> bool {
    let (s, body) = arbiter.call(
        "POST",
        "/api/bridge/sessions",
        Some(&json!({"name": "Load", "tables": tables, "movement": "mitchell"})),
    );
    assert_eq!(s, 200, "{body}");
    let id = json_of(&body)["id"].as_i64().unwrap();
    let (_, body) = arbiter.call("GET", &format!("/api/bridge/sessions/{id}/movement"), None);
    let movement = json_of(&body);
    let (_, body) = arbiter.call("GET", &format!("/api/bridge/sessions/{id}/codes"), None);
    let codes = json_of(&body);
    let sittings: Vec<(u64, String, Vec<u64>)> = movement["rounds"][0]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["ns"].is_null() && !t["ew"].is_null())
        .map(|t| {
            let table = t["table"].as_u64().unwrap();
            let code = codes
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["table"] == table)
                .and_then(|c| c["code"].as_str())
                .unwrap()
                .to_string();
            let boards = t["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_u64().unwrap())
                .collect();
            (table, code, boards)
        })
        .collect();
    let expected: usize = sittings.iter().map(|s| s.2.len()).sum();
    // Each phone opens its table page first (cookies and the form's token), then all at once.
    let phones: Vec<_> = sittings
        .into_iter()
        .map(|(table, code, boards)| {
            let mut phone = Client::new(base);
            let (s, page) = phone.call("GET", &format!("/t/{code}"), None);
            assert_eq!(s, 200, "{page}");
            let csrf = csrf_field(&page);
            (table, code, boards, phone, csrf)
        })
        .collect();
    let barrier = Arc::new(Barrier::new(phones.len()));
    let start = Instant::now();
    let handles: Vec<_> = phones
        .into_iter()
        .map(|(table, code, boards, mut phone, csrf)| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                let mut refused = 0;
                let seats = ["N", "E", "S", "W"];
                for &b in &boards {
                    let level = (1 + (table + b) % 4).to_string();
                    let declarer = seats[((table + b) % 4) as usize];
                    let (s, _) = phone.post_form(
                        &format!("/t/{code}/boards/{b}"),
                        &[
                            ("csrf", &csrf),
                            ("round", "1"),
                            ("level", &level),
                            ("strain", "NT"),
                            ("declarer", declarer),
                            ("result", "="),
                        ],
                    );
                    refused += usize::from(s != 303);
                }
                for &b in &boards {
                    let (s, _) = phone.post_form(
                        &format!("/t/{code}/boards/{b}/confirm"),
                        &[("csrf", &csrf), ("round", "1")],
                    );
                    refused += usize::from(s != 303);
                }
                refused
            })
        })
        .collect();
    let refused: usize = handles
        .into_iter()
        .map(|h| h.join().expect("a table's thread"))
        .sum();
    let wall = start.elapsed().as_secs_f64();
    let (_, body) = arbiter.call("GET", &format!("/api/bridge/sessions/{id}/lines"), None);
    let lines = json_of(&body);
    let round1: Vec<&Value> = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["round"] == 1)
        .collect();
    let confirmed = round1.iter().filter(|l| l["status"] == "confirmed").count();
    let (_, body) = arbiter.call("GET", &format!("/api/bridge/sessions/{id}/log"), None);
    let log = json_of(&body);
    let logged = |action: &str| {
        log.as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == action)
            .count()
    };
    let lost = expected.saturating_sub(confirmed);
    let doubled = (logged("enter") + logged("confirm")).saturating_sub(2 * expected);
    println!(
        "{tables} bridge tables entering round 1 at once over loopback ({expected} lines entered and confirmed): \
         {wall:.2} s in all, {refused} refused, {lost} lost, {doubled} doubled"
    );
    refused == 0 && lost == 0 && doubled == 0 && round1.len() == expected
}
