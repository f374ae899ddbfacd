//! The database file's own troubles (issue 19): a file that cannot be written is refused at start
//! (exit 5, naming it), and a full disk is said as such (507, page and API) by a server whose
//! stderr cannot even be written, which keeps answering.
//!
//! A read-only file and a small full disk are made in a mount namespace of the test's own
//! (`unshare -rm`: a read-only bind mount, a 2 MB tmpfs), so that they hold for root too.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

/// `arbiter ARGS` run inside a private mount namespace after `setup` (shell commands; `$D` is
/// the folder).
fn in_namespace(dir: &Path, setup: &str, args: &[&str]) -> Command {
    let mut script = format!("set -e; D=\"$1\"; shift; {setup}; exec \"$@\"");
    script.push('\n');
    let mut c = Command::new("unshare");
    c.args(["-rm", "sh", "-c", &script, "sh"])
        .arg(dir)
        .arg(env!("CARGO_BIN_EXE_arbiter"))
        .args(args);
    c
}

const READ_ONLY: &str = "mount --bind \"$D\" \"$D\" && mount -o remount,bind,ro \"$D\"";

#[test]
fn a_database_that_cannot_be_written_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("event.db");
    let made = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["event", "--db"])
        .arg(&db)
        .args(["create", "--name", "Open", "--rounds", "5"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let db_text = db.to_string_lossy().to_string();
    for args in [
        vec!["serve", "--listen", "127.0.0.1:0", "--db", &db_text],
        vec!["event", "--db", &db_text, "list"],
    ] {
        let mut child = in_namespace(dir.path(), READ_ONLY, &args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // A server that starts anyway would run for ever: it has 20 s to refuse.
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                panic!("{args:?}: still running on a read-only database");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(5), "{args:?}: {err}");
        assert!(err.contains(&db_text), "{args:?}: {err}");
        assert!(err.contains("cannot be written"), "{args:?}: {err}");
    }
}

struct Server {
    child: Child,
    base: String,
    token: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A JSON post; sent without a version, answered 428, it is sent again with the version the
/// answer names (as a page loaded just now would).
fn post(agent: &ureq::Agent, url: &str, cookie: &str, csrf: &str, body: Value) -> (u16, Value) {
    let send = |version: Option<&str>| {
        let mut r = agent
            .post(url)
            .set("Cookie", cookie)
            .set("X-CSRF-Token", csrf)
            .set("Accept-Language", "fr");
        if let Some(v) = version {
            r = r.set("If-Match", v);
        }
        match r.send_json(body.clone()) {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{url}: no answer ({e}): the connection was dropped"),
        }
    };
    let mut r = send(None);
    if r.status() == 428 {
        let etag = r.header("etag").unwrap_or_default().to_string();
        r = send(Some(&etag));
    }
    let status = r.status();
    (status, r.into_json().unwrap_or(Value::Null))
}

#[test]
fn a_full_disk_is_said_and_a_closed_stderr_breaks_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("event.db");
    let mut child = in_namespace(
        dir.path(),
        "mount -t tmpfs -o size=2m tmpfs \"$D\"",
        &[
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            &db.to_string_lossy(),
        ],
    )
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // Nobody reads the server's stderr: a write there fails (broken pipe).
    drop(child.stderr.take());
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let base = first
        .strip_prefix("arbiter listening on ")
        .unwrap_or_else(|| panic!("{first}"))
        .trim_end_matches('/')
        .to_string();
    let setup = lines.next().unwrap().unwrap();
    let token = setup.split("token=").nth(1).unwrap().trim().to_string();
    let server = Server { child, base, token };

    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(20))
        .build();
    let r = agent
        .post(&format!("{}/api/setup", server.base))
        .send_json(json!({"token": server.token, "username": "chief", "password": "long enough"}))
        .unwrap();
    let cookie = r
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let csrf = r.into_json::<Value>().unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_string();
    let (s, event) = post(
        &agent,
        &format!("{}/api/events", server.base),
        &cookie,
        &csrf,
        json!({"name": "Full"}),
    );
    assert_eq!(s, 200, "{event}");
    let id = event["id"].as_i64().unwrap();
    // Players until the disk is full.
    let mut last = (200, Value::Null);
    for round in 0..60 {
        let mut csv = String::from("name,rating\n");
        for i in 0..1500 {
            csv.push_str(&format!(
                "\"Player{round:02}{i:04} Longname Withsomemoretext, Firstname\",{}\n",
                1000 + i
            ));
        }
        last = post(
            &agent,
            &format!("{}/api/events/{id}/players/import", server.base),
            &cookie,
            &csrf,
            json!({"format": "csv", "data": csv}),
        );
        if last.0 != 200 {
            break;
        }
    }
    assert_eq!(last.0, 507, "{}", last.1);
    assert_eq!(last.1["error"], "disk_full");
    assert!(
        last.1["message"].as_str().unwrap().contains("disque"),
        "{}",
        last.1
    );
    // The page says it too.
    let version = agent
        .get(&format!("{}/api/events/{id}", server.base))
        .set("Cookie", &cookie)
        .call()
        .unwrap()
        .header("etag")
        .unwrap_or_default()
        .trim_matches('"')
        .to_string();
    let form = agent
        .post(&format!("{}/events/{id}/players", server.base))
        .set("Cookie", &format!("{cookie}; lang=fr"))
        .send_form(&[
            ("csrf", csrf.as_str()),
            ("version", version.as_str()),
            ("name", "Durand, Bob"),
            ("rating", "1500"),
        ]);
    let form = match form {
        Ok(r) | Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("no answer: {e}"),
    };
    assert_eq!(form.status(), 507);
    let text = form.into_string().unwrap();
    assert!(text.contains("Disque plein"), "{text}");
    // And the server goes on answering.
    let page = agent.get(&format!("{}/login", server.base)).call().unwrap();
    assert_eq!(page.status(), 200);
}
