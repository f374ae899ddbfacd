//! Nobody anonymous can starve the hall (issue 34 §2): wrong passwords from rotating addresses
//! do not keep the arbiter out, a flood of wrong logins waits behind a clean address's login,
//! wrong codes have one budget for every address together, the public registration form has a
//! budget of waiting entries, a backup without any account keeps the restoring arbiter's, and
//! account names that only look alike are refused.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::{paired_event, App, PASSWORD, USER};

/// A raw HTTP answer: status, headers (names in lower case) and body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// A connection from the loopback address `from` to the server at `to`.
fn connect_to(to: SocketAddr, from: &str) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    let local: SocketAddr = format!("{from}:0").parse().unwrap();
    socket.bind(&local.into()).unwrap();
    socket
        .connect_timeout(&to.into(), Duration::from_secs(10))
        .unwrap();
    socket.into()
}

/// One request from the loopback address `from` (another address stands for another client).
fn request(to: SocketAddr, from: &str, head: &str, body: &str) -> Answer {
    let mut s = connect_to(to, from);
    write!(
        s,
        "{head}\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_string(),
    }
}

/// The server's address.
fn addr(app: &App) -> SocketAddr {
    app.running.as_ref().unwrap().addr
}

/// `POST /api/login` from `from`.
fn login_from(to: SocketAddr, from: &str, username: &str, password: &str) -> Answer {
    let body = json!({"username": username, "password": password}).to_string();
    request(
        to,
        from,
        "POST /api/login HTTP/1.1\r\nContent-Type: application/json",
        &body,
    )
}

#[test]
fn wrong_passwords_from_rotating_addresses_do_not_keep_the_arbiter_out() {
    let app = App::start(false);
    drop(app.arbiter());
    let to = addr(&app);
    // Five wrong passwords lock the account for the address that sent them…
    for _ in 0..5 {
        assert_eq!(login_from(to, "127.0.0.2", USER, "guess").status, 401);
    }
    let held = login_from(to, "127.0.0.2", USER, PASSWORD);
    assert_eq!(held.status, 429, "{}", held.body);
    // …and each new address sends one more as soon as the wait is over, the attack of the
    // review: the wait starts again each time.
    for i in 3..13 {
        let r = login_from(to, &format!("127.0.0.{i}"), USER, "guess");
        assert!(r.status == 401 || r.status == 429, "{}", r.status);
    }
    // The address that guessed first is still held by the account's wait…
    assert_eq!(login_from(to, "127.0.0.2", USER, PASSWORD).status, 429);
    // …but the arbiter, from an address that has not failed, is in at once.
    let r = login_from(to, "127.0.0.100", USER, PASSWORD);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["csrf"].is_string());
}

#[test]
fn a_flood_of_wrong_logins_waits_behind_a_clean_address() {
    // One check at a time, and long enough a wait that nobody gives up: the order is seen.
    let app = App::start_with(|c| {
        c.limits.password_checks = 1;
        c.limits.password_wait = Duration::from_secs(30);
    });
    drop(app.arbiter());
    let to = addr(&app);
    // Thirty addresses have failed once (unknown names: no account's wait holds them)…
    let flooders: Vec<String> = (2..32).map(|i| format!("127.0.0.{i}")).collect();
    for (i, from) in flooders.iter().enumerate() {
        assert_eq!(
            login_from(to, from, &format!("nobody{i}"), "wrong").status,
            401
        );
    }
    // …and now send two wrong logins each at once: sixty checks in line, each answered at a
    // time the threads note.
    let answered = Arc::new(std::sync::Mutex::new(Vec::new()));
    let threads: Vec<_> = flooders
        .iter()
        .flat_map(|from| [from.clone(), from.clone()])
        .enumerate()
        .map(|(i, from)| {
            let answered = answered.clone();
            std::thread::spawn(move || {
                let r = login_from(to, &from, &format!("nobody-again{i}"), "wrong");
                answered.lock().unwrap().push((r.status, Instant::now()));
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // The arbiter's login, from an address that has not failed, goes ahead of those waiting:
    // at most the check under way and one more finish meanwhile.
    let start = Instant::now();
    let r = login_from(to, "127.0.0.200", USER, PASSWORD);
    let end = Instant::now();
    assert_eq!(r.status, 200, "{}", r.body);
    for t in threads {
        t.join().unwrap();
    }
    let answered = answered.lock().unwrap();
    assert!(answered.iter().all(|(s, _)| *s == 401), "{answered:?}");
    let meanwhile = answered
        .iter()
        .filter(|(_, at)| *at > start && *at < end)
        .count();
    let waiting = answered.iter().filter(|(_, at)| *at > start).count();
    assert!(
        waiting > 10 && meanwhile <= 2,
        "{meanwhile} of the {waiting} wrong logins still in line were checked before the arbiter's"
    );
}

#[test]
fn wrong_codes_from_many_addresses_share_one_budget_and_a_new_address_waits_too() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (_, round) = paired_event(&mut arb, json!({"name": "Codes"}), 4);
    let code = round["games"][0]["code"].as_str().unwrap().to_string();
    // 300 wrong codes, ten from each of thirty addresses (within each address's own budget),
    // chess boards' codes and bridge tables' codes alike.
    let to = addr(&app);
    let guessers: Vec<_> = (0..30)
        .map(|i| {
            std::thread::spawn(move || {
                let from = format!("127.0.1.{}", i + 1);
                (0..10)
                    .map(|n| {
                        let path = if n % 2 == 0 {
                            "/api/report?code=ZZZZZZ"
                        } else {
                            "/api/bridge/tables/ZZZZZZ"
                        };
                        request(to, &from, &format!("GET {path} HTTP/1.1"), "").status
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let statuses: Vec<u16> = guessers
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    // (Before issue 34, a smaller budget: an address that had failed then waited.)
    assert!(
        statuses.iter().all(|s| *s == 409 || *s == 429),
        "{statuses:?}"
    );
    // A new address now waits too, even with a right code, and is told so in its language.
    let r = request(
        to,
        "127.0.2.1",
        &format!("GET /api/report?code={code} HTTP/1.1\r\nAccept-Language: fr"),
        "",
    );
    assert_eq!(r.status, 429, "{}", r.body);
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(r.json()["reason"], "rate_limited");
    assert!(
        r.json()["message"].as_str().unwrap().starts_with("Trop de"),
        "{}",
        r.body
    );
    // After the wait, the right code gets through.
    std::thread::sleep(Duration::from_millis(wait * 1000 + 100));
    let r = request(
        to,
        "127.0.2.3",
        &format!("GET /api/report?code={code} HTTP/1.1"),
        "",
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

/// An event whose registration form is open, taking at most `limit` waiting entries.
fn open_with_budget(arb: &mut crate::common::Client, limit: u32) -> i64 {
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Open budget", "rounds": 5, "start_date": "2026-11-28"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/settings"),
        &json!({"open": true, "pending_limit": limit}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["pending_limit"], limit);
    id
}

#[test]
fn the_registration_form_takes_as_many_waiting_entries_as_the_event_allows() {
    use crate::entries::{post, registration};
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = open_with_budget(&mut arb, 3);
    let form = format!("/public/{id}/register");
    // Three players, each from the same phone (the address's own limit is ten an hour).
    let mut phone = app.client();
    phone.accept_language = Some("fr".into());
    let mut last_page = String::new();
    for i in 0..3 {
        let page = phone.get(&form).body;
        let name = format!("JOUEUR{i}, Anne");
        let r = post(&mut phone, &form, &registration(&[("name", &name)], &page));
        assert_eq!(r.status, 303, "{}", r.body);
        last_page = page;
    }
    // A fourth, with a question still unanswered from before: refused in words.
    let r = post(
        &mut phone,
        &form,
        &registration(&[("name", "JOUEUR3, Anne")], &last_page),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("complet pour le moment"), "{}", r.body);
    // The form itself says so, without a question.
    let page = phone.get(&form).body;
    assert!(page.contains("id=\"register-full\""), "{page}");
    assert!(!page.contains("name=\"answer\""), "{page}");
    let entries = arb.get(&format!("/api/events/{id}/entries")).json();
    assert_eq!(entries["entries"].as_array().unwrap().len(), 3);
    // The arbiter rejects one: the form takes one more.
    let first = entries["entries"][0]["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/{first}/reject"),
        &json!({"reason": "double"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = phone.get(&form).body;
    let r = post(
        &mut phone,
        &form,
        &registration(&[("name", "JOUEUR3, Anne")], &page),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // The budget is a setting of its own, named when it is wrong.
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/settings"),
        &json!({"open": true, "pending_limit": "lots"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "pending_limit");
}

#[test]
fn a_backup_without_any_account_keeps_the_restoring_arbiters() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    // A database made without the server (the command line's), with an event and no account.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("prepared-backup.db");
    let s = store::Store::open(&dir.path().join("prepared.db")).unwrap();
    s.create_event(
        "arbiter",
        &store::EventSettings::new("Prepared".parse().unwrap(), 5),
    )
    .unwrap();
    assert!(!s.has_accounts().unwrap());
    s.backup_to(&file).unwrap();
    let r = arb.post_bytes("/api/restore", &std::fs::read(&file).unwrap());
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["session"]["username"], USER, "{}", r.body);
    arb.csrf = r.json()["session"]["csrf"].as_str().map(String::from);
    let events = arb.get("/api/events").json();
    assert_eq!(events[0]["settings"]["name"], "Prepared", "{events}");
    // The account is there to log in with again.
    let mut again = app.client();
    let r = again.post_json(
        "/api/login",
        &json!({"username": USER, "password": PASSWORD}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn account_names_that_only_look_alike_are_refused() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    // Cyrillic с, Ukrainian і, a combining acute accent, Cyrillic С in capitals, Cyrillic е.
    for name in [
        "\u{441}hief",
        "ch\u{456}ef",
        "chie\u{301}f",
        "\u{421}HIEF",
        "chi\u{435}f",
    ] {
        let r = arb.post_json(
            "/api/accounts",
            &json!({"username": name, "password": "another password"}),
        );
        assert_eq!(r.status, 401, "{name:?}: {}", r.body);
    }
    let r = arb.post_json(
        "/api/accounts",
        &json!({"username": "chef", "password": "another password"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn the_groups_form_offers_only_the_sections_with_room_for_a_waiting_entry() {
    use crate::entries::{post, registration};
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/groups",
        &json!({"name": "Open de Noël", "start_date": "2026-12-19", "end_date": "2026-12-20"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let group = r.json()["group"]["id"].as_i64().unwrap();
    let sections: Vec<i64> = ["A", "B"]
        .iter()
        .map(|label| {
            let r = arb.post_json(
                &format!("/api/groups/{group}/sections"),
                &json!({"label": label, "rounds": 5}),
            );
            assert_eq!(r.status, 200, "{}", r.body);
            let id = r.json()["event"]["id"].as_i64().unwrap();
            let r = arb.post_json(
                &format!("/api/events/{id}/entries/settings"),
                &json!({"open": true, "pending_limit": 1}),
            );
            assert_eq!(r.status, 200, "{}", r.body);
            id
        })
        .collect();
    let form = format!("/public/groups/{group}/register");
    let mut phone = app.client();
    phone.accept_language = Some("fr".into());
    let page = phone.get(&form).body;
    let a = sections[0].to_string();
    let fields = registration(&[("section", &a), ("name", "DURAND, Léa")], &page);
    assert_eq!(post(&mut phone, &form, &fields).status, 303);
    // A is full: offered no more, and refused in words when sent anyway.
    let page = phone.get(&form).body;
    assert!(
        page.contains(&format!("id=\"section-{a}\" required disabled")),
        "{page}"
    );
    assert!(page.contains("complet pour le moment"), "{page}");
    let fields = registration(&[("section", &a), ("name", "MARTIN, Paul")], &page);
    let r = post(&mut phone, &form, &fields);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body
            .contains("Le formulaire d&#39;inscription est complet")
            || r.body
                .contains("Le formulaire d&#x27;inscription est complet"),
        "{}",
        r.body
    );
    // B full too: the form says so instead of asking its question.
    let b = sections[1].to_string();
    let page = phone.get(&form).body;
    let fields = registration(&[("section", &b), ("name", "MARTIN, Paul")], &page);
    assert_eq!(post(&mut phone, &form, &fields).status, 303);
    let page = phone.get(&form).body;
    assert!(page.contains("id=\"register-full\""), "{page}");
    assert!(!page.contains("name=\"answer\""), "{page}");
}
