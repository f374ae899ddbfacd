//! The server under attack and misuse (issue 19): bad backups, oversized and slow anonymous
//! requests, floods of logins and connections, guessed passwords and codes, redirects to other
//! sites, look-alike names, the page's security headers and the framework's own refusals.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::{csrf_in, paired_event, App, PASSWORD, USER};

/// The server's address.
fn addr(app: &App) -> SocketAddr {
    app.running.as_ref().unwrap().addr
}

/// A raw connection from `from` (another loopback address stands for another client).
pub fn connect(app: &App, from: &str) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    let local: SocketAddr = format!("{from}:0").parse().unwrap();
    socket.bind(&local.into()).unwrap();
    socket
        .connect_timeout(&addr(app).into(), Duration::from_secs(5))
        .unwrap();
    socket.into()
}

/// Everything a raw connection answers until it closes (or `wait` passes).
fn read_answer(s: &mut TcpStream, wait: Duration) -> String {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(_) => break,
        }
    }
    String::from_utf8_lossy(&out).to_string()
}

/// Whether the server closed the connection within `wait`.
fn closed_within(s: &mut TcpStream, wait: Duration) -> bool {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) => {
                return matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::BrokenPipe
                )
            }
        }
    }
}

fn backup_of(app: &App) -> Vec<u8> {
    let mut arb = app.arbiter();
    arb.post_json("/api/events", &json!({"name": "Kept"}));
    arb.get("/api/backup").bytes
}

/// `user_version` of a database image set to `v`.
fn with_user_version(mut image: Vec<u8>, v: u32) -> Vec<u8> {
    image[60..64].copy_from_slice(&v.to_be_bytes());
    image
}

#[test]
fn a_newer_or_foreign_backup_is_refused_in_the_pages_language_and_nothing_changes() {
    let source = App::start(false);
    let image = backup_of(&source);
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.post_json("/api/events", &json!({"name": "Live"}));
    let r = arb.post_bytes("/api/restore", &with_user_version(image.clone(), 999));
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["reason"], "newer_version");
    // Nothing changed, and the session still works.
    let events = arb.get("/api/events").json();
    assert_eq!(events[0]["settings"]["name"], "Live", "{events}");

    // The page, in French: wholly French.
    let mut page = app.client();
    page.cookies = arb.cookies.clone();
    page.cookies.insert("lang".into(), "fr".into());
    let backup_page = page.get("/backup");
    let csrf = csrf_in(&backup_page.body);
    let r = page.post_multipart_bytes(
        "/backup/restore",
        &[("csrf", &csrf)],
        ("file", "newer.db", &with_user_version(image, 999)),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("version plus récente d&#39;arbiter (schéma 999"),
        "{}",
        r.body
    );
    let words = crate::common::without_data_attributes(&r.body);
    for english in ["nothing", "newer", "restored", "expected", "found"] {
        assert!(!words.contains(english), "{english}: {}", r.body);
    }
    assert_eq!(arb.get("/api/events").json()[0]["settings"]["name"], "Live");
}

#[test]
fn backups_downloaded_hold_no_session_and_a_restore_logs_the_arbiter_back_in() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.post_json("/api/events", &json!({"name": "Kept"}));
    let token = arb.cookies["arbiter_session"].clone();
    let csrf = arb.csrf.clone().unwrap();
    let backup = arb.get("/api/backup");
    assert_eq!(backup.status, 200);
    let text = String::from_utf8_lossy(&backup.bytes);
    assert!(!text.contains(&token) && !text.contains(&csrf));
    let r = arb.post_bytes("/api/restore", &backup.bytes);
    assert_eq!(r.status, 200, "{}", r.body);
    // The old session ended; the answer's one works.
    assert_ne!(arb.cookies["arbiter_session"], token);
    arb.csrf = r.json()["session"]["csrf"].as_str().map(String::from);
    assert_eq!(
        arb.post_json("/api/events", &json!({"name": "After"}))
            .status,
        200
    );
    let mut old = app.client();
    old.cookies.insert("arbiter_session".into(), token);
    assert_eq!(old.get("/api/session").status, 401);
}

#[test]
fn anonymous_bodies_are_refused_before_they_are_read() {
    let app = App::start(false);
    // A declared 250 MB to the login form: refused at once, unread.
    let mut s = connect(&app, "127.0.0.1");
    let start = Instant::now();
    write!(
        s,
        "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 262144000\r\n\r\nusername=a&password="
    )
    .unwrap();
    let answer = read_answer(&mut s, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(start.elapsed() < Duration::from_secs(5));
    // Without a length (chunked): stopped past the limit.
    let mut s = connect(&app, "127.0.0.1");
    write!(
        s,
        "POST /api/report HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    .unwrap();
    let chunk = vec![b'a'; 8192];
    for _ in 0..8 {
        if write!(s, "{:x}\r\n", chunk.len()).is_err() || s.write_all(&chunk).is_err() {
            break;
        }
        let _ = s.write_all(b"\r\n");
    }
    let answer = read_answer(&mut s, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
}

#[test]
fn slow_and_idle_connections_are_closed_and_one_address_cannot_take_them_all() {
    let app = App::start_with(|c| {
        c.limits.header_timeout = Duration::from_millis(800);
        c.limits.anonymous_body_timeout = Duration::from_millis(800);
        c.limits.connections_per_address = 4;
    });
    // Headers that never end.
    let mut slow = connect(&app, "127.0.0.1");
    write!(slow, "GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
    assert!(closed_within(&mut slow, Duration::from_secs(5)));
    // An idle kept-alive connection.
    let mut idle = connect(&app, "127.0.0.1");
    write!(idle, "GET /login HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let start = Instant::now();
    assert!(closed_within(&mut idle, Duration::from_secs(5)));
    assert!(start.elapsed() < Duration::from_secs(5));
    // A body that never ends.
    let mut body = connect(&app, "127.0.0.1");
    write!(
        body,
        "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nusername="
    )
    .unwrap();
    let answer = read_answer(&mut body, Duration::from_secs(5));
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 400"),
        "{answer}"
    );
    // Four connections held from one address: the fifth is refused, the server answers others.
    let held: Vec<TcpStream> = (0..4).map(|_| connect(&app, "127.0.0.1")).collect();
    std::thread::sleep(Duration::from_millis(100));
    let mut fifth = connect(&app, "127.0.0.1");
    let answer = read_answer(&mut fifth, Duration::from_secs(3));
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("Retry-After"), "{answer}");
    // Another client is answered meanwhile.
    let mut other = connect(&app, "127.0.0.2");
    write!(
        other,
        "GET /login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let answer = read_answer(&mut other, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(held);
}

#[test]
fn password_checks_wait_their_turn_and_the_rest_hear_busy() {
    let app = App::start_with(|c| {
        c.limits.password_checks = 1;
        c.limits.password_wait = Duration::from_millis(1);
    });
    let base = app.base.clone();
    let answers: Vec<(u16, Option<String>)> = (0..8)
        .map(|i| {
            let base = base.clone();
            std::thread::spawn(move || {
                let mut c = crate::common::Client::new(&base);
                let r = c.post_json(
                    "/api/login",
                    &json!({"username": format!("nobody{i}"), "password": "wrong password"}),
                );
                (r.status, r.header("retry-after").map(String::from))
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .collect();
    assert!(
        answers.iter().any(|(s, r)| *s == 503 && r.is_some()),
        "{answers:?}"
    );
    assert!(
        answers.iter().all(|(s, _)| *s == 503 || *s == 401),
        "{answers:?}"
    );
}

#[test]
fn guessing_a_password_is_slowed_and_the_right_one_still_gets_in() {
    let app = App::start(false);
    drop(app.arbiter());
    let mut c = app.client();
    for _ in 0..5 {
        let r = c.post_json(
            "/api/login",
            &json!({"username": USER, "password": "guess"}),
        );
        assert_eq!(r.status, 401, "{}", r.body);
    }
    // Locked for this address, which has failed, whatever the password: a wait is said.
    let r = c.post_json(
        "/api/login",
        &json!({"username": USER, "password": PASSWORD}),
    );
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(r.json()["reason"], "rate_limited");
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=2).contains(&wait));
    // The page says it too.
    let form = c.get("/login");
    let csrf = csrf_in(&form.body);
    let r = c.post_form(
        "/login",
        &[("csrf", &csrf), ("username", USER), ("password", "guess")],
    );
    assert_eq!(r.status, 429);
    // After the wait, the right password gets in.
    std::thread::sleep(Duration::from_millis(wait * 1000 + 100));
    let r = c.post_json(
        "/api/login",
        &json!({"username": USER, "password": PASSWORD}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn redirects_stay_on_this_site() {
    let app = App::start(false);
    let mut c = app.client();
    for back in [
        "/%09/example.com",
        "//example.com",
        "/%5Cexample.com",
        "%5C%5Cexample.com",
        "/%0A/example.com",
        "%20//example.com",
        "https://example.com",
    ] {
        let r = c.get(&format!("/lang/en?back={back}"));
        assert_eq!(r.status, 303, "{back}");
        assert_eq!(r.location.as_deref(), Some("/"), "{back}");
    }
    assert_eq!(
        c.get("/lang/en?back=/events/1").location.as_deref(),
        Some("/events/1")
    );
    // The login's `next`.
    let mut arb = app.arbiter();
    arb.csrf = None;
    let form = c.get("/login?next=/%09/example.com");
    assert!(
        form.body.contains("name=\"next\" value=\"/\""),
        "{}",
        form.body
    );
    let csrf = csrf_in(&form.body);
    let r = c.post_form(
        "/login",
        &[
            ("csrf", &csrf),
            ("username", USER),
            ("password", PASSWORD),
            ("next", "/\t/example.com"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.location.as_deref(), Some("/"));
}

#[test]
fn wrong_codes_are_shared_by_two_servers_on_one_file_and_the_right_code_gets_through() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (_, round) = paired_event(&mut arb, json!({"name": "Codes"}), 4);
    let code = round["games"][0]["code"].as_str().unwrap().to_string();
    // A second server on the same file.
    let db = app.db();
    let second = server::spawn(server::Config::new(db, "127.0.0.1:0".parse().unwrap())).unwrap();
    let bases = [app.base.clone(), format!("http://{}", second.addr)];
    for i in 0..10 {
        let mut phone = crate::common::Client::new(&bases[i % 2]);
        let r = phone.get("/api/report?code=ZZZZZZ");
        assert_eq!(r.status, 409, "{}", r.body);
    }
    let mut phone = crate::common::Client::new(&bases[1]);
    let r = phone.get(&format!("/api/report?code={code}"));
    assert_eq!(r.status, 429, "{}", r.body);
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    std::thread::sleep(Duration::from_millis(wait * 1000 + 100));
    let r = phone.get(&format!("/api/report?code={code}"));
    assert_eq!(r.status, 200, "{}", r.body);
    second.stop();
}

#[test]
fn look_alike_account_names_are_refused() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    for name in ["CHIEF", "ｃｈｉｅｆ", "chief "] {
        let r = arb.post_json(
            "/api/accounts",
            &json!({"username": name, "password": "another password"}),
        );
        assert_eq!(r.status, 401, "{name}: {}", r.body);
    }
    for name in ["chi\u{200B}ef", "deputy\u{202E}", "dep\u{00AD}uty"] {
        let r = arb.post_json(
            "/api/accounts",
            &json!({"username": name, "password": "another password"}),
        );
        assert_eq!(r.status, 422, "{name:?}: {}", r.body);
    }
    let r = arb.post_json(
        "/api/accounts",
        &json!({"username": "deputy", "password": "another password"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn every_page_carries_a_script_policy_and_no_inline_script() {
    let app = App::start(true);
    let mut c = app.client();
    for path in ["/login", "/report", "/public/1", "/nothing-here"] {
        let r = c.get(path);
        let csp = r.header("content-security-policy").unwrap_or("");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline'; img") || csp.contains("style-src"));
        for inline in [
            " onclick=",
            " onsubmit=",
            " onload=",
            "javascript:",
            "<script>",
        ] {
            assert!(!r.body.contains(inline), "{path}: {inline}");
        }
    }
    // Every template of the server and of the renderer, as written.
    for dir in [
        concat!(env!("CARGO_MANIFEST_DIR"), "/templates"),
        concat!(env!("CARGO_MANIFEST_DIR"), "/../report/templates"),
    ] {
        for text in server::i18n::texts_under(dir).unwrap() {
            let lower = text.to_ascii_lowercase();
            let handler = lower.match_indices(" on").any(|(i, _)| {
                let rest = &lower[i + 3..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase())
                    .collect();
                !name.is_empty() && rest[name.len()..].starts_with('=')
            });
            assert!(!handler, "an inline handler in a template under {dir}");
            assert!(!lower.contains("javascript:"));
            assert!(!lower.contains("<script>"), "an inline script under {dir}");
        }
    }
}

#[test]
fn cookies_are_secure_behind_https() {
    let app = App::start_with(|c| c.public_url = Some("https://chess.example.org".into()));
    assert!(app
        .setup_url
        .as_deref()
        .unwrap()
        .starts_with("https://chess.example.org/setup?token="));
    let mut c = app.client();
    let r = c.get("/login");
    let cookie = r.header("set-cookie").unwrap();
    assert!(cookie.contains("; Secure"), "{cookie}");

    let proxied = App::start_with(|c| c.forwarded_proto = true);
    let mut c = proxied.client();
    let plain = c.get("/login");
    assert!(!plain.header("set-cookie").unwrap().contains("Secure"));
    let mut c = proxied.client();
    let https = c.get_with("/login", &[("X-Forwarded-Proto", "https")]);
    assert!(https.header("set-cookie").unwrap().contains("; Secure"));
}

#[test]
fn the_frameworks_refusals_are_said_in_the_pages_language() {
    let app = App::start(true);
    let mut arb = app.arbiter();
    arb.accept_language = Some("fr".into());
    let r = arb.get("/events/abc");
    assert_eq!(r.status, 400);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    assert!(
        r.body.contains("adresse de la page est incorrecte"),
        "{}",
        r.body
    );
    assert!(!r.body.contains("Invalid URL"), "{}", r.body);
    let r = arb.get("/api/events/abc");
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["error"], "bad_request");
    assert_eq!(r.json()["reason"], "url");
    assert!(r.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("L'adresse"));
    // A JSON body that is not JSON.
    let r = arb.post_bytes("/api/events", b"{not json");
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.json()["reason"], "json");
    assert!(r.json()["message"].as_str().unwrap().contains("JSON"));
    // A form without its fields (the login form without a password).
    let mut c = app.client();
    c.accept_language = Some("fr".into());
    let form = c.get("/login");
    let csrf = csrf_in(&form.body);
    let r = c.post_form("/login", &[("csrf", &csrf), ("username", "x")]);
    assert!(r.status == 400 || r.status == 422, "{}", r.status);
    assert!(
        r.body.contains("Le formulaire envoyé est incomplet"),
        "{}",
        r.body
    );
    // A method the route does not take.
    let r = arb.post_json("/api/events/1/standings", &json!({}));
    assert_eq!(r.status, 405, "{}", r.body);
    assert_eq!(r.json()["error"], "method_not_allowed");
    assert!(r.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("Cette adresse"));
}
