//! A server killed with SIGKILL during a burst of writes restarts with every write it had
//! acknowledged: the arbiter's results and the players' reports, sent from two threads while
//! the process is killed.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};

struct Server {
    child: Child,
    base: String,
    setup_token: Option<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(db: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--listen", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start arbiter serve");
    // The server prints its address, then the setup link when there is no account yet.
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the server prints its address");
    let base = line
        .strip_prefix("arbiter listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .trim_end_matches('/')
        .to_string();
    let setup_token = rx
        .recv_timeout(Duration::from_millis(500))
        .ok()
        .and_then(|l| {
            l.split_once("setup?token=")
                .map(|(_, t)| t.trim().to_string())
        });
    Server {
        child,
        base,
        setup_token,
    }
}

/// A JSON client that keeps the session cookie and sends the CSRF token.
#[derive(Clone)]
struct Client {
    agent: ureq::Agent,
    base: String,
    cookie: Arc<Mutex<String>>,
    csrf: Arc<Mutex<String>>,
}

impl Client {
    fn new(base: &str) -> Client {
        Client {
            agent: ureq::AgentBuilder::new()
                .timeout(Duration::from_secs(10))
                .max_idle_connections(0)
                .build(),
            base: base.to_string(),
            cookie: Arc::default(),
            csrf: Arc::default(),
        }
    }

    /// The status and JSON of a call, or `None` when the server did not answer (killed). A
    /// write answered 428 (no version) is sent again with the version the answer names, as a
    /// page loaded just now would.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Option<(u16, Value)> {
        let (status, json, _) = match self.call_at(method, path, body.clone(), None)? {
            (428, _, Some(v)) => self.call_at(method, path, body, Some(&v))?,
            first => first,
        };
        Some((status, json))
    }

    fn call_at(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        version: Option<&str>,
    ) -> Option<(u16, Value, Option<String>)> {
        let mut req = self
            .agent
            .request(method, &format!("{}{path}", self.base))
            .set("Cookie", &self.cookie.lock().unwrap())
            .set("X-CSRF-Token", &self.csrf.lock().unwrap());
        if let Some(v) = version {
            req = req.set("If-Match", v);
        }
        let out = match body {
            Some(b) => req.send_json(b),
            None => req.call(),
        };
        let r = match out {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(_) => return None,
        };
        for c in r.all("set-cookie") {
            let pair = c.split(';').next().unwrap();
            let name = pair.split('=').next().unwrap();
            let mut jar = self.cookie.lock().unwrap();
            let mut kept: Vec<&str> = jar
                .split("; ")
                .filter(|k| !k.is_empty() && !k.starts_with(&format!("{name}=")))
                .collect();
            kept.push(pair);
            *jar = kept.join("; ");
        }
        let status = r.status();
        let etag = r.header("etag").map(str::to_string);
        let text = r.into_string().ok()?;
        Some((
            status,
            serde_json::from_str(&text).unwrap_or(Value::Null),
            etag,
        ))
    }

    fn ok(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, v) = self.call(method, path, body).expect("the server answers");
        assert_eq!(status, 200, "{method} {path}: {v}");
        v
    }

    fn login(&self, path: &str, body: Value) {
        let v = self.ok("POST", path, Some(body));
        *self.csrf.lock().unwrap() = v["csrf"].as_str().unwrap().to_string();
    }
}

const USER: &str = "chief";
const PASSWORD: &str = "a long enough password";

#[test]
fn acknowledged_writes_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("event.db");
    let server = start(&db);
    let arbiter = Client::new(&server.base);
    let token = server
        .setup_token
        .clone()
        .expect("a setup link on first start");
    arbiter.login(
        "/api/setup",
        json!({"token": token, "username": USER, "password": PASSWORD}),
    );
    let event = arbiter.ok(
        "POST",
        "/api/events",
        Some(json!({"name": "Crash", "rounds": 3})),
    )["id"]
        .as_i64()
        .unwrap();
    let mut csv = String::from("Name,Rating\n");
    for i in 0..120 {
        csv.push_str(&format!("\"Player{i:03}, Test\",{}\n", 2400 - i * 5));
    }
    arbiter.ok(
        "POST",
        &format!("/api/events/{event}/players/import"),
        Some(json!({"format": "csv", "data": csv})),
    );
    let round = arbiter.ok(
        "POST",
        &format!("/api/events/{event}/rounds/1/pair"),
        Some(json!({})),
    );
    let boards: Vec<(u64, String)> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                g["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(boards.len(), 60);

    // Odd boards: the arbiter's results; even boards: players' reports. Each thread records
    // what the server acknowledged.
    let acked_results = Arc::new(Mutex::new(Vec::new()));
    let acked_reports = Arc::new(Mutex::new(Vec::new()));
    let acks = Arc::new(AtomicUsize::new(0));
    let writer = {
        let (client, acked, acks) = (arbiter.clone(), acked_results.clone(), acks.clone());
        let odd: Vec<u64> = boards.iter().map(|b| b.0).filter(|b| b % 2 == 1).collect();
        std::thread::spawn(move || {
            for b in odd {
                let body = json!({"board": b, "result": "1-0"});
                match client.call(
                    "POST",
                    &format!("/api/events/{event}/rounds/1/results"),
                    Some(body),
                ) {
                    Some((200, _)) => {
                        acked.lock().unwrap().push(b);
                        acks.fetch_add(1, Ordering::SeqCst);
                    }
                    _ => break,
                }
            }
        })
    };
    let reporter = {
        let (base, acked, acks) = (server.base.clone(), acked_reports.clone(), acks.clone());
        let even: Vec<(u64, String)> = boards.iter().filter(|b| b.0 % 2 == 0).cloned().collect();
        std::thread::spawn(move || {
            let phone = Client::new(&base);
            let Some((200, v)) = phone.call("GET", "/api/csrf", None) else {
                return;
            };
            *phone.csrf.lock().unwrap() = v["csrf"].as_str().unwrap().to_string();
            for (b, code) in even {
                let body = json!({"code": code, "board": b, "result": "1/2"});
                match phone.call("POST", "/api/report", Some(body)) {
                    Some((200, _)) => {
                        acked.lock().unwrap().push(b);
                        acks.fetch_add(1, Ordering::SeqCst);
                    }
                    _ => break,
                }
            }
        })
    };
    // Kill in the middle of the burst.
    while acks.load(Ordering::SeqCst) < 20 {
        std::thread::sleep(Duration::from_millis(1));
    }
    drop(server);
    writer.join().unwrap();
    reporter.join().unwrap();
    let results = acked_results.lock().unwrap().clone();
    let reports = acked_reports.lock().unwrap().clone();
    assert!(results.len() + reports.len() >= 20);
    assert!(
        results.len() < 30 || reports.len() < 30,
        "the kill came before the burst ended"
    );

    let server = start(&db);
    assert!(server.setup_token.is_none(), "the account survived");
    let arbiter = Client::new(&server.base);
    arbiter.login(
        "/api/login",
        json!({"username": USER, "password": PASSWORD}),
    );
    let round = arbiter.ok("GET", &format!("/api/events/{event}/rounds/1"), None);
    let game = |b: u64| {
        round["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["board"].as_u64() == Some(b))
            .unwrap()
            .clone()
    };
    for b in &results {
        assert_eq!(
            game(*b)["result"],
            "1-0",
            "board {b}: an acknowledged result is lost"
        );
    }
    for b in &reports {
        assert_eq!(
            game(*b)["reported"],
            "1/2",
            "board {b}: an acknowledged report is lost"
        );
    }
    // The restarted server takes writes again.
    arbiter.ok(
        "POST",
        &format!("/api/events/{event}/rounds/1/results"),
        Some(json!({"board": 2, "result": "0-1"})),
    );
}
