//! What anonymous clients on the hall's network can cost the server (issue 19), over loopback
//! against the real server (in this process, with the default limits) on a fresh database:
//! - 64 concurrent anonymous 250 MB bodies to `/login` (half with a declared length, half
//!   chunked);
//! - 256 concurrent wrong logins from 64 addresses (127.0.0.2–127.0.0.65);
//! - 2,000 idle connections from 4 addresses (127.0.0.2–127.0.0.5), held until the server
//!   closes them.
//!
//! For each: the process's resident memory (RSS, from /proc/self/status: the server, and the
//! clients' threads, which send from a 64 KB buffer) at rest, at its peak and how long it takes
//! to come back within 20 MB of the baseline (at most 60 s); the slowest answer to a normal page
//! (`/login` from 127.0.0.1, every 100 ms) meanwhile. Targets: under 300 MB, back within 60 s,
//! a normal page under 1 s.
//!
//! `cargo bench -p server --bench abuse`. Bounded: every client stops after 20 s at most.

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

    running.stop();
    std::fs::remove_dir_all(&dir).ok();
}
