//! What anonymous clients on the hall's network can cost the server (issue 19), over loopback
//! against the real server (in this process, with the default limits) on a fresh database:
//! - 64 concurrent anonymous 250 MB bodies to `/login` (half with a declared length, half
//!   chunked);
//! - 256 concurrent wrong logins from 64 addresses (127.0.0.2–127.0.0.65);
//! - 2,000 idle connections from 4 addresses (127.0.0.2–127.0.0.5), held until the server
//!   closes them.
//!
//! Then the logins under attack (issue 34), each printing the real arbiter's logins:
//! - the rotating-address lock-out: five wrong passwords lock an account, then one more from a
//!   new address each time the `Retry-After` ends, for 40 s; the arbiter tries every 2 s from
//!   an address that has not failed (target: logged in within 30 s);
//! - the login flood: 100 addresses (127.0.5.1–127.0.5.100) send wrong logins without pause
//!   for 60 s; the arbiter logs in every 8 s (target: every login in).
//!
//! For each: the process's resident memory (RSS, from /proc/self/status: the server, and the
//! clients' threads, which send from a 64 KB buffer) at rest, at its peak and how long it takes
//! to come back within 20 MB of the baseline (at most 60 s); the slowest answer to a normal page
//! (`/login` from 127.0.0.1, every 100 ms) meanwhile. Targets: under 300 MB, back within 60 s,
//! a normal page under 1 s.
//!
//!
//! Then, each on a server of its own (issue 34 §2):
//! - 40 anonymous clients loading a public hands page while its 300 deals are solved double
//!   dummy, and a phone reporting a chess result meanwhile: its answer's latency (target under
//!   1 s);
//! - 6,000 sockets from 3,000 loopback addresses (127.0.10.0 onwards), held idle and reopened
//!   as soon as the server closes them: `GET /login` from another address, its p99 (target
//!   under 1 s);
//! - after each, the RSS 60 s after the flood (target within 20 MB of the baseline).
//!
//! `cargo bench -p server --bench abuse [-- hall]` (`hall`: only the last two). Bounded: every client stops after 20 s at most.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// A TCP connection from a chosen loopback address.
fn connect(from: &str, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    let local: SocketAddr = format!("{from}:0").parse().expect("an address");
    socket.bind(&local.into())?;
    socket.connect_timeout(&to.into(), Duration::from_secs(10))?;
    Ok(socket.into())
}

/// The status of a raw HTTP answer, or 0 when the connection closed without one.
fn status_of(s: &mut TcpStream) -> u16 {
    s.set_read_timeout(Some(Duration::from_secs(20))).ok();
    let mut buf = [0u8; 512];
    let mut got = Vec::new();
    while let Ok(n) = s.read(&mut buf) {
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
        if got.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    String::from_utf8_lossy(&got)
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// Samples memory and a normal page's answer time until `stop`: (peak RSS, slowest page, pages
/// answered, pages failed).
fn watch(base: String, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<(f64, f64, usize, usize)> {
    std::thread::spawn(move || {
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(10))
            .build();
        let (mut peak, mut slowest, mut ok, mut failed) = (0.0f64, 0.0f64, 0, 0);
        while !stop.load(Ordering::Relaxed) {
            peak = peak.max(rss_mb());
            let t = Instant::now();
            match agent.get(&format!("{base}/login")).call() {
                Ok(r) if r.status() == 200 => {
                    let _ = r.into_string();
                    ok += 1;
                }
                _ => failed += 1,
            }
            slowest = slowest.max(t.elapsed().as_secs_f64());
            std::thread::sleep(Duration::from_millis(100));
        }
        (peak.max(rss_mb()), slowest, ok, failed)
    })
}

/// Seconds until the RSS is within 20 MB of `baseline` (at most 60 s), and the RSS then.
fn settle(baseline: f64) -> (f64, f64) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if rss_mb() <= baseline + 20.0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    (start.elapsed().as_secs_f64(), rss_mb())
}

fn report(name: &str, baseline: f64, watched: (f64, f64, usize, usize), detail: &str) {
    let (peak, slowest, ok, failed) = watched;
    let (back, after) = settle(baseline);
    println!(
        "{name}: RSS {baseline:.0} MB at rest, peak {peak:.0} MB (target under 300 MB), back within 20 MB in {back:.1} s ({after:.0} MB; target 60 s); \
         a normal page meanwhile: slowest {:.0} ms over {ok} loads, {failed} failed (target under 1 s); {detail}",
        slowest * 1000.0
    );
}

fn main() {
    // `-- hall`: only the scenarios of issue 34 (the solver and the connections).
    if std::env::args().any(|a| a == "hall") {
        hands_being_solved();
        reconnecting_sockets();
        return;
    }
    let dir = std::env::temp_dir().join(format!("arbiter-abuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let running = server::spawn(server::Config::new(
        dir.join("abuse.db"),
        "127.0.0.1:0".parse().unwrap(),
    ))
    .expect("server");
    let to = running.addr;
    let base = format!("http://{to}");
    // An account, so that wrong logins meet a real hash too.
    let token = running
        .setup_url
        .as_deref()
        .and_then(|u| u.split("token=").nth(1))
        .expect("setup link")
        .to_string();
    ureq::post(&format!("{base}/api/setup"))
        .send_json(serde_json::json!({"token": token, "username": "chief", "password": "abuse bench password"}))
        .expect("setup");
    for _ in 0..20 {
        let _ = ureq::get(&format!("{base}/login")).call();
    }
    std::thread::sleep(Duration::from_secs(1));
    let baseline = rss_mb();

    // 1. 64 anonymous 250 MB bodies.
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = watch(base.clone(), stop.clone());
    let start = Instant::now();
    let senders: Vec<_> = (0..64)
        .map(|i| {
            std::thread::spawn(move || {
                let Ok(mut s) = connect("127.0.0.1", to) else {
                    return (0u16, 0usize);
                };
                let head = if i % 2 == 0 {
                    "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 262144000\r\n\r\n".to_string()
                } else {
                    "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n".to_string()
                };
                let _ = s.write_all(head.as_bytes());
                let chunk = vec![b'a'; 64 * 1024];
                let mut sent = 0usize;
                let t = Instant::now();
                while sent < 250 * 1024 * 1024 && t.elapsed() < Duration::from_secs(20) {
                    let ok = if i % 2 == 0 {
                        s.write_all(&chunk).is_ok()
                    } else {
                        write!(s, "{:x}\r\n", chunk.len()).is_ok()
                            && s.write_all(&chunk).is_ok()
                            && s.write_all(b"\r\n").is_ok()
                    };
                    if !ok {
                        break;
                    }
                    sent += chunk.len();
                }
                (status_of(&mut s), sent)
            })
        })
        .collect();
    let results: Vec<(u16, usize)> = senders.into_iter().map(|h| h.join().unwrap()).collect();
    let took = start.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let watched = watcher.join().unwrap();
    let refused = results.iter().filter(|r| r.0 == 413).count();
    let sent_mb = results.iter().map(|r| r.1).sum::<usize>() as f64 / 1048576.0;
    report(
        "64 anonymous 250 MB bodies to /login",
        baseline,
        watched,
        &format!("{refused} answered 413, {sent_mb:.0} MB written by the clients before the server stopped reading, {took:.1} s"),
    );

    // 2. 256 wrong logins at once from 64 addresses.
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = watch(base.clone(), stop.clone());
    let start = Instant::now();
    let logins: Vec<_> = (0..256)
        .map(|i| {
            std::thread::spawn(move || {
                let from = format!("127.0.0.{}", 2 + i % 64);
                let Ok(mut s) = connect(&from, to) else {
                    return 0u16;
                };
                let user = if i % 2 == 0 { "chief".to_string() } else { format!("nobody{i}") };
                let body = format!("{{\"username\": \"{user}\", \"password\": \"wrong password {i}\"}}");
                let req = format!(
                    "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                if s.write_all(req.as_bytes()).is_err() {
                    return 0;
                }
                status_of(&mut s)
            })
        })
        .collect();
    let statuses: Vec<u16> = logins.into_iter().map(|h| h.join().unwrap()).collect();
    let took = start.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let watched = watcher.join().unwrap();
    let count = |c: u16| statuses.iter().filter(|s| **s == c).count();
    report(
        "256 wrong logins at once",
        baseline,
        watched,
        &format!(
            "401: {}, 429: {}, 503: {}, other: {}, {took:.1} s",
            count(401),
            count(429),
            count(503),
            statuses.len() - count(401) - count(429) - count(503)
        ),
    );

    // 3. 2,000 idle connections.
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = watch(base.clone(), stop.clone());
    let start = Instant::now();
    let mut idle = Vec::new();
    let mut failed = 0;
    for i in 0..2000 {
        match connect(&format!("127.0.0.{}", 2 + i % 4), to) {
            Ok(s) => idle.push(s),
            Err(_) => failed += 1,
        }
    }
    let opened = start.elapsed().as_secs_f64();
    // Held until the server closes them (its header timeout), 20 s at most, polled from this
    // one thread: (what arrived, when the connection closed).
    let mut held: Vec<(TcpStream, Vec<u8>, Option<f64>)> = idle
        .into_iter()
        .map(|s| {
            s.set_nonblocking(true).ok();
            (s, Vec::new(), None)
        })
        .collect();
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(20) && held.iter().any(|h| h.2.is_none()) {
        let mut buf = [0u8; 512];
        for (s, got, closed) in held.iter_mut().filter(|h| h.2.is_none()) {
            match s.read(&mut buf) {
                Ok(0) => *closed = Some(t.elapsed().as_secs_f64()),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => *closed = Some(t.elapsed().as_secs_f64()),
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let held: Vec<(u16, f64)> = held
        .into_iter()
        .map(|(_, got, closed)| {
            let status = if got.starts_with(b"HTTP/1.1 503") {
                503
            } else {
                0
            };
            (status, closed.unwrap_or(f64::INFINITY))
        })
        .collect();
    stop.store(true, Ordering::Relaxed);
    let watched = watcher.join().unwrap();
    let refused = held.iter().filter(|h| h.0 == 503).count();
    let closed = held.iter().filter(|h| h.0 == 0 && h.1.is_finite()).count();
    let longest = held
        .iter()
        .map(|h| h.1)
        .filter(|t| t.is_finite())
        .fold(0.0, f64::max);
    report(
        "2,000 idle connections",
        baseline,
        watched,
        &format!(
            "opened in {opened:.1} s ({failed} failed to connect), {refused} refused at once (503: over 512 from one address), {closed} closed by the server, the last after {longest:.1} s"
        ),
    );

    lockout_attack(to);
    login_flood(to);

    running.stop();
    std::fs::remove_dir_all(&dir).ok();

    hands_being_solved();
    reconnecting_sockets();
}

// ---------------------------------------------------------------------------------------------
// Issue 34 §2: the solver and the connections

/// A server of its own on a fresh database, with an arbiter logged in through the API: (the
/// server, its folder, the arbiter).
fn own_server(name: &str) -> (server::Running, std::path::PathBuf, Arbiter) {
    let dir = std::env::temp_dir().join(format!("arbiter-abuse-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let running = server::spawn(server::Config::new(
        dir.join("abuse.db"),
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
    let r = ureq::post(&format!("{base}/api/setup"))
        .send_json(serde_json::json!({"token": token, "username": "chief", "password": "abuse bench password"}))
        .expect("setup");
    let cookie = r
        .all("set-cookie")
        .iter()
        .map(|c| c.split(';').next().unwrap_or("").to_string())
        .collect::<Vec<_>>()
        .join("; ");
    let csrf = r.into_json::<serde_json::Value>().expect("setup answer")["csrf"]
        .as_str()
        .expect("csrf")
        .to_string();
    (running, dir, Arbiter { base, cookie, csrf })
}

/// The arbiter's API calls (login session cookie and CSRF token).
struct Arbiter {
    base: String,
    cookie: String,
    csrf: String,
}

impl Arbiter {
    fn post(&self, path: &str, body: serde_json::Value) -> serde_json::Value {
        let r = ureq::post(&format!("{}{path}", self.base))
            .set("Cookie", &self.cookie)
            .set("X-CSRF-Token", &self.csrf)
            .send_json(body)
            .unwrap_or_else(|e| panic!("POST {path}: {e}"));
        r.into_json().expect("JSON")
    }

    fn get_status(&self, path: &str) -> u16 {
        match ureq::get(&format!("{}{path}", self.base))
            .set("Cookie", &self.cookie)
            .call()
        {
            Ok(r) => r.status(),
            Err(ureq::Error::Status(s, _)) => s,
            Err(_) => 0,
        }
    }
}

/// `GET /login` from 127.0.0.1 every 100 ms until `stop`: each answer's time in seconds (a
/// failure counts as 10 s).
fn visitor(base: String, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<Vec<f64>> {
    std::thread::spawn(move || {
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(10))
            .max_idle_connections(0)
            .build();
        let mut times = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let t = Instant::now();
            let ok = match agent.get(&format!("{base}/login")).call() {
                Ok(r) => r.status() == 200 && r.into_string().is_ok(),
                Err(_) => false,
            };
            times.push(if ok { t.elapsed().as_secs_f64() } else { 10.0 });
            std::thread::sleep(Duration::from_millis(100));
        }
        times
    })
}

/// The value at `p` (0–1) of sorted times, in milliseconds.
fn ms_at(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i] * 1000.0
}

/// The RSS 60 s after `flood_end`.
fn rss_after_60_s(flood_end: Instant) -> f64 {
    if let Some(left) = Duration::from_secs(60).checked_sub(flood_end.elapsed()) {
        std::thread::sleep(left);
    }
    rss_mb()
}

/// 40 anonymous clients reload a public hands page for 20 s while its 300 deals are solved;
/// a phone reports a chess result every half second meanwhile.
fn hands_being_solved() {
    let (running, dir, arbiter) = own_server("hands");
    let base = arbiter.base.clone();
    // A chess event of 8 players, round 1 paired: the phone reports board 1.
    let event = arbiter.post(
        "/api/events",
        serde_json::json!({"name": "Open", "rounds": 5}),
    )["id"]
        .as_i64()
        .expect("event");
    let mut csv = String::from("name,rating,federation\n");
    for i in 0..8 {
        csv.push_str(&format!("\"Player{i}, Test\",{},FRA\n", 2200 - 50 * i));
    }
    arbiter.post(
        &format!("/api/events/{event}/players/import"),
        serde_json::json!({"data": csv}),
    );
    arbiter.post(
        &format!("/api/events/{event}/players/present"),
        serde_json::json!({"present": true}),
    );
    let round = arbiter.post(
        &format!("/api/events/{event}/rounds/1/pair"),
        serde_json::json!({}),
    );
    let code = round["games"][0]["code"]
        .as_str()
        .expect("a code")
        .to_string();
    let board = round["games"][0]["board"].as_u64().expect("a board");
    // A pairs session of 300 boards (15 tables, 20 boards a round) and its 300 deals.
    let session = arbiter.post(
        "/api/bridge/sessions",
        serde_json::json!({"name": "Festival", "tables": 15, "movement": "mitchell", "boards_per_round": 20}),
    )["id"]
        .as_i64()
        .expect("session");
    let mut rng = bridge::generate::SplitMix64::new(34);
    let mut pbn = String::new();
    for b in 1..=300 {
        pbn.push_str(&format!(
            "[Board \"{b}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n\n",
            bridge::dealer_of(b),
            bridge::vulnerability_of(b),
            bridge::generate::random_deal(&mut rng)
        ));
    }
    for _ in 0..20 {
        let _ = ureq::get(&format!("{base}/login")).call();
    }
    std::thread::sleep(Duration::from_secs(1));
    let baseline = rss_mb();
    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(200))
        .build();
    let report = |agent: &ureq::Agent| -> f64 {
        let t = Instant::now();
        let csrf = agent
            .get(&format!("{base}/api/csrf"))
            .call()
            .ok()
            .and_then(|r| {
                let cookie = r.header("set-cookie")?.split(';').next()?.to_string();
                let token = r.into_json::<serde_json::Value>().ok()?["csrf"]
                    .as_str()?
                    .to_string();
                Some((cookie, token))
            });
        let ok = csrf.is_some_and(|(cookie, token)| {
            agent
                .post(&format!("{base}/api/report"))
                .set("Cookie", &cookie)
                .set("X-CSRF-Token", &token)
                .send_json(serde_json::json!({"code": code, "board": board, "result": "1-0"}))
                .is_ok_and(|r| r.status() == 200)
        });
        if ok {
            t.elapsed().as_secs_f64()
        } else {
            f64::INFINITY
        }
    };
    // The same report on the quiet server first: what the machine gives it without the flood.
    let mut quiet: Vec<f64> = (0..6)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(300));
            report(&agent)
        })
        .collect();
    quiet.sort_by(f64::total_cmp);
    let uploaded = arbiter.post(
        &format!("/api/bridge/sessions/{session}/deals"),
        serde_json::json!({"data": pbn, "file": "festival.pbn"}),
    );
    assert_eq!(uploaded["deals"], 300, "{uploaded}");

    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let hands = format!("{base}/public/bridge/{session}/hands");
    let visitors: Vec<_> = (0..40)
        .map(|_| {
            let (hands, stop) = (hands.clone(), stop.clone());
            std::thread::spawn(move || {
                let agent = ureq::AgentBuilder::new()
                    .timeout(Duration::from_secs(200))
                    .build();
                let (mut loads, mut slowest, mut analysing) = (0usize, 0.0f64, 0usize);
                while !stop.load(Ordering::Relaxed) {
                    let t = Instant::now();
                    if let Ok(r) = agent.get(&hands).call() {
                        let page = r.into_string().unwrap_or_default();
                        analysing += usize::from(page.contains("id=\"analysing\""));
                        loads += 1;
                    }
                    slowest = slowest.max(t.elapsed().as_secs_f64());
                }
                (loads, slowest, analysing)
            })
        })
        .collect();
    let mut phone_times = Vec::new();
    let mut peak = rss_mb();
    while start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(500));
        phone_times.push(report(&agent));
        peak = peak.max(rss_mb());
    }
    stop.store(true, Ordering::Relaxed);
    let seen: Vec<(usize, f64, usize)> = visitors.into_iter().map(|v| v.join().unwrap()).collect();
    let flood_end = Instant::now();
    let solving = arbiter.get_status(&format!("/api/bridge/sessions/{session}/deals")) == 202;
    let loads: usize = seen.iter().map(|s| s.0).sum();
    let analysing: usize = seen.iter().map(|s| s.2).sum();
    let slowest_page = seen.iter().map(|s| s.1).fold(0.0, f64::max);
    phone_times.sort_by(f64::total_cmp);
    // 60 s on, with the server still up (and its solver still at work if the solve is not over).
    let after = rss_after_60_s(flood_end);
    let solved_by_then =
        arbiter.get_status(&format!("/api/bridge/sessions/{session}/deals")) == 200;
    running.stop();
    println!(
        "40 anonymous clients on a public hands page during a 300-deal solve, 20 s: a phone's chess report every 0.5 s answered in p50 {:.0} ms, slowest {:.0} ms over {} reports (target under 1 s; on the quiet server first: p50 {:.0} ms, slowest {:.0} ms); \
         {loads} hands pages loaded, {analysing} of them \"being analysed\", slowest {:.0} ms; the solve {} at the end; \
         RSS {baseline:.0} MB at rest, peak {peak:.0} MB, {after:.0} MB 60 s after (target within 20 MB; the solve {} by then)",
        ms_at(&phone_times, 0.5),
        ms_at(&phone_times, 1.0),
        phone_times.len(),
        ms_at(&quiet, 0.5),
        ms_at(&quiet, 1.0),
        slowest_page * 1000.0,
        if solving { "still under way" } else { "over" },
        if solved_by_then { "over" } else { "still under way" },
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// 6,000 sockets from 3,000 loopback addresses, each held idle and reopened as soon as the
/// server closes it (or refuses it), for 20 s; `GET /login` from 127.0.0.1 meanwhile.
fn reconnecting_sockets() {
    let (running, dir, arbiter) = own_server("sockets");
    let base = arbiter.base.clone();
    let to = running.addr;
    for _ in 0..20 {
        let _ = ureq::get(&format!("{base}/login")).call();
    }
    std::thread::sleep(Duration::from_secs(1));
    let baseline = rss_mb();
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = visitor(base.clone(), stop.clone());
    let start = Instant::now();
    // 4 threads of 1,500 sockets; socket i comes from 127.0.(10 + a / 250).(a % 250 + 1), a = i % 3000.
    let from = |i: usize| {
        let a = i % 3000;
        format!("127.0.{}.{}", 10 + a / 250, a % 250 + 1)
    };
    let floods: Vec<_> = (0..4)
        .map(|t| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mine: Vec<usize> = (0..6000).filter(|i| i % 4 == t).collect();
                let open = |i: usize| {
                    connect(&from(i), to).ok().inspect(|s| {
                        s.set_nonblocking(true).ok();
                    })
                };
                let mut socks: Vec<(usize, Option<TcpStream>)> =
                    mine.iter().map(|&i| (i, open(i))).collect();
                let (mut reopened, mut refused) = (0usize, 0usize);
                let mut buf = [0u8; 256];
                while !stop.load(Ordering::Relaxed) {
                    for (i, s) in socks.iter_mut() {
                        let gone = match s {
                            None => true,
                            Some(sock) => match sock.read(&mut buf) {
                                Ok(0) => true,
                                Ok(_) => {
                                    refused += 1;
                                    true
                                }
                                Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
                            },
                        };
                        if gone && !stop.load(Ordering::Relaxed) {
                            *s = open(*i);
                            reopened += 1;
                        }
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                (reopened, refused)
            })
        })
        .collect();
    let mut peak = 0.0f64;
    while start.elapsed() < Duration::from_secs(20) {
        peak = peak.max(rss_mb());
        std::thread::sleep(Duration::from_millis(250));
    }
    stop.store(true, Ordering::Relaxed);
    let mut times = watcher.join().unwrap();
    let counts: Vec<(usize, usize)> = floods.into_iter().map(|f| f.join().unwrap()).collect();
    let flood_end = Instant::now();
    let reopened: usize = counts.iter().map(|c| c.0).sum();
    let refused: usize = counts.iter().map(|c| c.1).sum();
    times.sort_by(f64::total_cmp);
    let failed = times.iter().filter(|t| **t >= 10.0).count();
    let after = rss_after_60_s(flood_end);
    println!(
        "6,000 reconnecting sockets from 3,000 addresses, 20 s: GET /login from another address p50 {:.0} ms, p99 {:.0} ms, slowest {:.0} ms over {} loads, {failed} failed (target p99 under 1 s); \
         the sockets reopened {reopened} times ({refused} after a 503); RSS {baseline:.0} MB at rest, peak {peak:.0} MB, {after:.0} MB 60 s after (target within 20 MB)",
        ms_at(&times, 0.5),
        ms_at(&times, 0.99),
        ms_at(&times, 1.0),
        times.len(),
    );
    running.stop();
    std::fs::remove_dir_all(&dir).ok();
}

/// A login from `from`: (status, `Retry-After` in seconds, time taken).
fn login_from(to: SocketAddr, from: &str, user: &str, password: &str) -> (u16, u64, Duration) {
    let start = Instant::now();
    let Ok(mut s) = connect(from, to) else {
        return (0, 0, start.elapsed());
    };
    let body = serde_json::json!({"username": user, "password": password}).to_string();
    let req = format!(
        "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    if s.write_all(req.as_bytes()).is_err() {
        return (0, 0, start.elapsed());
    }
    s.set_read_timeout(Some(Duration::from_secs(30))).ok();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let retry = text
        .lines()
        .find_map(|l| {
            l.strip_prefix("retry-after:")
                .or(l.strip_prefix("Retry-After:"))
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    (status, retry, start.elapsed())
}

/// The `n`th loopback address of a block of addresses standing for other machines.
fn nth_address(block: u8, n: usize) -> String {
    format!("127.{block}.{}.{}", n / 250, 1 + n % 250)
}

/// The real arbiter's logins every `every` from 127.0.0.1 while `attacking`: (answers by status,
/// the first success's time, the slowest answer).
fn arbiter_logins(
    to: SocketAddr,
    password: &str,
    every: Duration,
    attacking: Arc<AtomicBool>,
) -> std::thread::JoinHandle<(Vec<u16>, Option<f64>, f64)> {
    let password = password.to_string();
    std::thread::spawn(move || {
        let start = Instant::now();
        let (mut statuses, mut first, mut slowest) = (Vec::new(), None, 0.0f64);
        while attacking.load(Ordering::Relaxed) {
            let t = Instant::now();
            let (status, _, took) = login_from(to, "127.0.0.1", "chief", &password);
            statuses.push(status);
            slowest = slowest.max(took.as_secs_f64());
            if status == 200 && first.is_none() {
                first = Some(start.elapsed().as_secs_f64());
            }
            std::thread::sleep(every.saturating_sub(t.elapsed()));
        }
        (statuses, first, slowest)
    })
}

fn tally(statuses: &[u16]) -> String {
    let mut counts = std::collections::BTreeMap::new();
    for s in statuses {
        *counts.entry(*s).or_insert(0) += 1;
    }
    counts
        .iter()
        .map(|(s, n)| format!("{s}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Issue 34: an attacker keeps the account waiting with one wrong password from a new address
/// each time its `Retry-After` ends; the arbiter tries every 2 s from an address that has not
/// failed.
fn lockout_attack(to: SocketAddr) {
    const PASSWORD: &str = "abuse bench password";
    // The account is locked first (from one address: after scenario 2's guesses, whatever
    // they left).
    for _ in 0..5 {
        login_from(to, "127.0.2.1", "chief", "wrong password");
    }
    let attacking = Arc::new(AtomicBool::new(true));
    let arbiter = arbiter_logins(to, PASSWORD, Duration::from_secs(2), attacking.clone());
    let start = Instant::now();
    let mut sent = Vec::new();
    let mut n = 0;
    while start.elapsed() < Duration::from_secs(40) {
        let (status, retry, _) = login_from(to, &nth_address(3, n), "chief", "wrong password");
        n += 1;
        sent.push(status);
        // As soon as the wait is over (the review's attack), else at once.
        std::thread::sleep(Duration::from_millis(if status == 429 {
            retry * 1000
        } else {
            50
        }));
    }
    attacking.store(false, Ordering::Relaxed);
    let (statuses, first, slowest) = arbiter.join().unwrap();
    println!(
        "rotating-address lock-out (one wrong password per Retry-After from {n} addresses, 40 s): the arbiter's logins every 2 s: {} ({}), first in after {} (target within 30 s), slowest answer {:.0} ms; the attacker's answers: {}",
        statuses.iter().filter(|s| **s == 200).count(),
        tally(&statuses),
        first.map_or("never".to_string(), |t| format!("{t:.1} s")),
        slowest * 1000.0,
        tally(&sent)
    );
}

/// Issue 34: 100 addresses send wrong logins without pause for 60 s (two at a time each, names
/// unknown so that no account's wait turns them away early); the arbiter logs in every 8 s.
fn login_flood(to: SocketAddr) {
    const PASSWORD: &str = "abuse bench password";
    let flooding = Arc::new(AtomicBool::new(true));
    let flooders: Vec<_> = (0..200)
        .map(|i| {
            let flooding = flooding.clone();
            std::thread::spawn(move || {
                let from = nth_address(5, i / 2);
                let mut statuses = Vec::new();
                let mut n = 0;
                while flooding.load(Ordering::Relaxed) {
                    let (status, _, _) =
                        login_from(to, &from, &format!("nobody{i}-{n}"), "wrong password");
                    statuses.push(status);
                    n += 1;
                    if status != 401 {
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
                statuses
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(2));
    let arbiter = arbiter_logins(to, PASSWORD, Duration::from_secs(8), flooding.clone());
    std::thread::sleep(Duration::from_secs(58));
    flooding.store(false, Ordering::Relaxed);
    let (statuses, _, slowest) = arbiter.join().unwrap();
    let sent: Vec<u16> = flooders
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    println!(
        "login flood (100 addresses of wrong logins, 60 s): the arbiter's logins every 8 s: {} of {} in ({}; target all), slowest answer {:.0} ms; the flood's answers: {}",
        statuses.iter().filter(|s| **s == 200).count(),
        statuses.len(),
        tally(&statuses),
        slowest * 1000.0,
        tally(&sent)
    );
}
