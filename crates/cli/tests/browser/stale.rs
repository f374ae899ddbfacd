//! Two arbiters in two browsers, every form that changes shared state (issue 34 §1): each
//! loads the page, the deputy saves first, the chief submits the older copy and gets a conflict
//! (nothing of it written, the deputy's change kept), then reloads and saves.
//!
//! This file is the driver: the JSON API that prepares each case, the forms as a browser fills
//! them, and one scenario's run. The scenarios, one per route of the server's own list, are in
//! `stale_forms.rs`.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use server::guard::Kind;

use super::arbiter::{PASSWORD, USER};
use super::harness::{Browser, Server};

/// The JSON API as a script uses it: logged in, the CSRF token in its header, and a write
/// sent again with the version a 428 answer names.
pub struct Api {
    base: String,
    agent: ureq::Agent,
    cookie: String,
    csrf: String,
}

impl Api {
    pub fn login(base: &str) -> Api {
        let agent = ureq::AgentBuilder::new()
            .redirects(0)
            .max_idle_connections(0)
            .build();
        let r = agent
            .post(&format!("{base}/api/login"))
            .send_json(json!({"username": USER, "password": PASSWORD}))
            .expect("the API login");
        let cookie = r
            .all("set-cookie")
            .iter()
            .map(|c| c.split(';').next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
            .join("; ");
        let csrf = r.into_json::<Value>().unwrap()["csrf"]
            .as_str()
            .unwrap()
            .to_string();
        Api {
            base: base.to_string(),
            agent,
            cookie,
            csrf,
        }
    }

    fn send(&self, path: &str, body: &Value, version: Option<&str>) -> ureq::Response {
        let mut r = self
            .agent
            .post(&format!("{}{path}", self.base))
            .set("Cookie", &self.cookie)
            .set("X-CSRF-Token", &self.csrf);
        if let Some(v) = version {
            r = r.set("If-Match", v);
        }
        match r.send_json(body.clone()) {
            Ok(r) | Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("POST {path}: {e}"),
        }
    }

    /// A write, as a page loaded just now would send it; its JSON answer.
    pub fn post(&self, path: &str, body: Value) -> Value {
        let mut r = self.send(path, &body, None);
        if r.status() == 428 {
            let v = r.header("etag").unwrap_or_default().to_string();
            r = self.send(path, &body, Some(&v));
        }
        let status = r.status();
        let text = r.into_string().unwrap_or_default();
        assert!(status < 300, "POST {path} {body}: {status} {text}");
        serde_json::from_str(&text).unwrap_or(Value::Null)
    }

    /// A file sent as the body (a rating list).
    pub fn post_bytes(&self, path: &str, body: &[u8]) -> Value {
        let r = self
            .agent
            .post(&format!("{}{path}", self.base))
            .set("Cookie", &self.cookie)
            .set("X-CSRF-Token", &self.csrf)
            .set("Content-Type", "application/octet-stream")
            .send_bytes(body);
        match r {
            Ok(r) => r.into_json().unwrap_or(Value::Null),
            Err(ureq::Error::Status(s, r)) => {
                panic!("POST {path}: {s} {}", r.into_string().unwrap_or_default())
            }
            Err(e) => panic!("POST {path}: {e}"),
        }
    }

    /// A multipart form (text fields and one file) sent with the version of `kind` `id` now, as
    /// a page loaded just now would send it; where it sends the browser next.
    pub fn upload(
        &self,
        path: &str,
        (kind, id): (Kind, i64),
        fields: &[(&str, &str)],
        (name, file, content): (&str, &str, &str),
    ) -> String {
        let boundary = "----arbiterstaleboundary";
        let mut body = String::new();
        for (k, v) in fields {
            body.push_str(&format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
            ));
        }
        body.push_str(&format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{file}\"\r\n\r\n{content}\r\n--{boundary}--\r\n"
        ));
        let version = self.version(kind, id).unwrap_or_default();
        let r = self
            .agent
            .post(&format!("{}{path}", self.base))
            .set("Cookie", &self.cookie)
            .set("X-CSRF-Token", &self.csrf)
            .set("If-Match", &version)
            .set(
                "Content-Type",
                &format!("multipart/form-data; boundary={boundary}"),
            )
            .send_string(&body);
        match r {
            Ok(r) => r.header("location").unwrap_or_default().to_string(),
            Err(ureq::Error::Status(s, r)) => {
                panic!("POST {path}: {s} {}", r.into_string().unwrap_or_default())
            }
            Err(e) => panic!("POST {path}: {e}"),
        }
    }

    pub fn get(&self, path: &str) -> (Value, Option<String>) {
        let r = match self
            .agent
            .get(&format!("{}{path}", self.base))
            .set("Cookie", &self.cookie)
            .call()
        {
            Ok(r) | Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("GET {path}: {e}"),
        };
        let etag = r.header("etag").map(|e| e.trim_matches('"').to_string());
        let text = r.into_string().unwrap_or_default();
        (serde_json::from_str(&text).unwrap_or(Value::Null), etag)
    }

    /// The thing's version now (`None` once it is deleted).
    pub fn version(&self, kind: Kind, id: i64) -> Option<String> {
        let path = match kind {
            Kind::Event => format!("/api/events/{id}"),
            Kind::Group => format!("/api/groups/{id}"),
            Kind::BridgeSession => format!("/api/bridge/sessions/{id}"),
            Kind::Series => format!("/api/bridge/series/{id}"),
            Kind::BridgeTeams => format!("/api/bridge/teams/{id}"),
            Kind::Teams => format!("/api/teams/events/{id}"),
            Kind::BridgeIndividual => format!("/api/bridge/individual/{id}"),
        };
        self.get(&path).1
    }

    /// A visitor without a login (a phone): its cookie and token.
    pub fn anonymous(&self) -> Anon {
        let r = self
            .agent
            .get(&format!("{}/api/csrf", self.base))
            .call()
            .expect("a token for a phone");
        let cookie = r
            .all("set-cookie")
            .iter()
            .map(|c| c.split(';').next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
            .join("; ");
        let csrf = r.into_json::<Value>().unwrap()["csrf"]
            .as_str()
            .unwrap()
            .to_string();
        Anon { cookie, csrf }
    }

    /// A phone's JSON call; its answer.
    pub fn phone_post(&self, anon: &Anon, path: &str, body: Value) -> Value {
        let r = self
            .agent
            .post(&format!("{}{path}", self.base))
            .set("Cookie", &anon.cookie)
            .set("X-CSRF-Token", &anon.csrf)
            .send_json(body.clone());
        match r {
            Ok(r) => r.into_json().unwrap_or(Value::Null),
            Err(ureq::Error::Status(s, r)) => {
                panic!("{path} {body}: {s} {}", r.into_string().unwrap_or_default())
            }
            Err(e) => panic!("{path}: {e}"),
        }
    }

    /// A phone's form as a browser sends it; the page that answers.
    pub fn phone_form(&self, anon: &Anon, path: &str, fields: &[(String, String)]) -> String {
        let mut all: Vec<(&str, &str)> = vec![("csrf", anon.csrf.as_str())];
        all.extend(fields.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let r = self
            .agent
            .post(&format!("{}{path}", self.base))
            .set("Cookie", &anon.cookie)
            .send_form(&all);
        match r {
            Ok(r) => r.into_string().unwrap_or_default(),
            Err(ureq::Error::Status(s, r)) => {
                panic!("{path}: {s} {}", r.into_string().unwrap_or_default())
            }
            Err(e) => panic!("{path}: {e}"),
        }
    }

    /// A phone's page.
    pub fn phone_get(&self, anon: &Anon, path: &str) -> String {
        match self
            .agent
            .get(&format!("{}{path}", self.base))
            .set("Cookie", &anon.cookie)
            .call()
        {
            Ok(r) | Err(ureq::Error::Status(_, r)) => r.into_string().unwrap_or_default(),
            Err(e) => panic!("GET {path}: {e}"),
        }
    }

    /// A player's report from a phone.
    pub fn report(&self, code: &str, board: u64, result: &str) {
        let anon = self.anonymous();
        self.phone_post(
            &anon,
            "/api/report",
            json!({"code": code, "board": board, "result": result}),
        );
    }

    /// A registration on the event's public form, the question answered; the form must be open.
    pub fn register(&self, event: i64, name: &str) {
        let anon = self.anonymous();
        let page = self.phone_get(&anon, &format!("/public/{event}/register"));
        let mut fields = hidden_fields(&page, "register-form");
        // The question is a sum of two numbers, written in its label.
        let label = page
            .split("for=\"answer\">")
            .nth(1)
            .and_then(|l| l.split('<').next())
            .unwrap_or_else(|| panic!("no question on the form:\n{page}"));
        let numbers: Vec<i64> = label
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|d| d.parse().ok())
            .collect();
        fields.retain(|(k, _)| k != "csrf");
        fields.push(("answer".into(), numbers.iter().sum::<i64>().to_string()));
        fields.push(("name".into(), name.into()));
        let answer = self.phone_form(&anon, &format!("/public/{event}/register"), &fields);
        assert!(!answer.contains("id=\"error-message\""), "{answer}");
    }

    /// An event of `players` players (ratings falling by 10 from 2000), all present; its id
    /// and the players' ids in pairing order.
    pub fn event(&self, name: &str, players: usize, extra: Value) -> (i64, Vec<i64>) {
        let mut settings = json!({"name": name, "rounds": 5});
        if let (Some(s), Value::Object(e)) = (settings.as_object_mut(), extra) {
            s.extend(e);
        }
        let id = self.post("/api/events", settings)["id"].as_i64().unwrap();
        if players == 0 {
            return (id, Vec::new());
        }
        let mut csv = String::from("Name,Rating\n");
        for i in 0..players {
            csv.push_str(&format!("\"Joueur{i:02}, Test\",{}\n", 2000 - i * 10));
        }
        self.post(
            &format!("/api/events/{id}/players/import"),
            json!({"format": "csv", "data": csv}),
        );
        self.post(
            &format!("/api/events/{id}/players/present"),
            json!({"present": true}),
        );
        let (list, _) = self.get(&format!("/api/events/{id}/players"));
        let mut keys: Vec<(i64, i64)> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["number"].as_i64().unwrap(), p["id"].as_i64().unwrap()))
            .collect();
        keys.sort();
        (id, keys.into_iter().map(|(_, k)| k).collect())
    }

    /// Round `n` paired; its games.
    pub fn pair(&self, event: i64, n: u32) -> Vec<Value> {
        self.post(&format!("/api/events/{event}/rounds/{n}/pair"), json!({}))["games"]
            .as_array()
            .unwrap()
            .clone()
    }
}

/// A visitor without a login: its cookie and the token its forms repeat.
#[derive(Debug, Clone)]
pub struct Anon {
    cookie: String,
    csrf: String,
}

/// The hidden fields of the form `id` in a page (values unescaped).
pub fn hidden_fields(page: &str, id: &str) -> Vec<(String, String)> {
    let start = page
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no form {id}:\n{page}"));
    let form = &page[start..];
    let form = &form[..form.find("</form>").unwrap_or(form.len())];
    form.split("<input")
        .skip(1)
        .filter(|i| i.contains("type=\"hidden\""))
        .filter_map(|i| {
            let attr = |a: &str| {
                i.split(&format!("{a}=\""))
                    .nth(1)?
                    .split('"')
                    .next()
                    .map(|v| {
                        v.replace("&quot;", "\"")
                            .replace("&#39;", "'")
                            .replace("&lt;", "<")
                            .replace("&gt;", ">")
                            .replace("&amp;", "&")
                    })
            };
            Some((attr("name")?, attr("value").unwrap_or_default()))
        })
        .collect()
}

/// What is typed or chosen in a form before it is sent.
#[derive(Debug, Clone)]
pub enum Fill {
    /// A text field or text area of the form, by name.
    Text(&'static str, String),
    /// A `<select>` of the form, by name.
    Select(&'static str, String),
    /// A field's value set directly (dates), by name.
    Value(&'static str, String),
    /// A checkbox anywhere on the page, by CSS.
    Tick(String, bool),
    /// A `<select>` anywhere on the page (a grid's, joined to its form by `form=`), by CSS.
    Choose(String, String),
    /// A file input of the form, by name.
    File(&'static str, PathBuf),
}

/// A form on a page, as the browser fills and sends it.
#[derive(Debug, Clone)]
pub struct Form {
    page: String,
    action: String,
    /// Which of the page's forms posting to `action` (from 0).
    nth: usize,
    fills: Vec<Fill>,
    /// The button to press (CSS), when not the form's first.
    button: Option<String>,
    /// The button asks first (a deletion).
    confirm: bool,
}

pub fn form(page: impl Into<String>, action: impl Into<String>) -> Form {
    Form {
        page: page.into(),
        action: action.into(),
        nth: 0,
        fills: Vec::new(),
        button: None,
        confirm: false,
    }
}

impl Form {
    pub fn nth(mut self, n: usize) -> Form {
        self.nth = n;
        self
    }
    pub fn text(mut self, name: &'static str, v: impl Into<String>) -> Form {
        self.fills.push(Fill::Text(name, v.into()));
        self
    }
    pub fn select(mut self, name: &'static str, v: impl ToString) -> Form {
        self.fills.push(Fill::Select(name, v.to_string()));
        self
    }
    pub fn value(mut self, name: &'static str, v: impl Into<String>) -> Form {
        self.fills.push(Fill::Value(name, v.into()));
        self
    }
    pub fn choose(mut self, css: impl Into<String>, v: impl ToString) -> Form {
        self.fills.push(Fill::Choose(css.into(), v.to_string()));
        self
    }
    pub fn tick(mut self, css: impl Into<String>, on: bool) -> Form {
        self.fills.push(Fill::Tick(css.into(), on));
        self
    }
    pub fn file(mut self, name: &'static str, path: &Path) -> Form {
        self.fills.push(Fill::File(name, path.to_path_buf()));
        self
    }
    pub fn button(mut self, css: impl Into<String>) -> Form {
        self.button = Some(css.into());
        self
    }
    pub fn confirming(mut self) -> Form {
        self.confirm = true;
        self
    }
}

/// What the chief's stale submit must meet.
#[derive(Debug, Clone)]
pub enum Expect {
    /// A conflict: said on the page, nothing written.
    Conflict,
    /// Written without a conflict, the deputy's value kept: `css` is on `page` afterwards.
    Kept { page: String, css: String },
}

/// One form, tried from a stale page and again from a fresh one.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The route as the server declares it.
    pub route: &'static str,
    kind: Kind,
    id: i64,
    /// The chief's form, on the page loaded before the deputy's change.
    mine: Form,
    /// What the deputy does first (on the same form, or on others).
    theirs: Vec<Form>,
    expect: Expect,
    /// The fresh submit, when not the same form again (the stale one is gone once the deputy's
    /// change stands, e.g. a player withdrawn).
    fresh: Option<Form>,
    /// The thing the fresh submit changes, when not the same (its form gone from the first).
    fresh_id: Option<i64>,
}

pub fn scenario(
    route: &'static str,
    kind: Kind,
    id: i64,
    mine: Form,
    theirs: Vec<Form>,
) -> Scenario {
    Scenario {
        route,
        kind,
        id,
        mine,
        theirs,
        expect: Expect::Conflict,
        fresh: None,
        fresh_id: None,
    }
}

impl Scenario {
    pub fn fresh(mut self, f: Form) -> Scenario {
        self.fresh = Some(f);
        self
    }
    /// The fresh submit on another thing of the same kind.
    pub fn fresh_elsewhere(mut self, id: i64, f: Form) -> Scenario {
        self.fresh = Some(f);
        self.fresh_id = Some(id);
        self
    }
    pub fn kept(mut self, page: impl Into<String>, css: impl Into<String>) -> Scenario {
        self.expect = Expect::Kept {
            page: page.into(),
            css: css.into(),
        };
        self
    }
}

/// Opens the form's page unless `reload` is false (the page already shown), fills and sends
/// the form, and waits for the page that follows.
async fn send(b: &Browser, server: &Server, f: &Form, reload: bool, what: &str) {
    if reload {
        b.goto(&server.url(&f.page)).await;
    }
    assert!(
        b.target_form(&f.action, f.nth).await,
        "{what}: no form posting to {} (#{}) on {}:\n{}",
        f.action,
        f.nth,
        f.page,
        b.body_text().await
    );
    for fill in &f.fills {
        match fill {
            Fill::Text(name, v) => {
                b.fill(&format!("form[data-target] [name=\"{name}\"]"), v)
                    .await
            }
            Fill::Select(name, v) => {
                b.select(&format!("form[data-target] select[name=\"{name}\"]"), v)
                    .await
            }
            Fill::Value(name, v) => {
                b.set_value(&format!("form[data-target] [name=\"{name}\"]"), v)
                    .await
            }
            Fill::Tick(css, on) => b.tick(css, *on).await,
            Fill::Choose(css, v) => b.select(css, v).await,
            Fill::File(name, path) => {
                b.attach(&format!("form[data-target] input[name=\"{name}\"]"), path)
                    .await
            }
        }
    }
    let button = f
        .button
        .clone()
        .unwrap_or_else(|| "form[data-target] button[type=submit]".to_string());
    if f.confirm {
        b.click_and_confirm(&button).await;
    } else {
        b.click(&button).await;
    }
}

/// The message of an error page or of a page shown again with conflicts, if any.
/// One script rather than a look for each kind of message: this runs three times a form, and
/// each browser command costs Chromium and chromedriver more than the page's own work.
async fn refusal(b: &Browser) -> Option<(String, String)> {
    let found = b
        .eval(
            "for (const css of ['#error-message', '.conflict-notice', '#grid-error']) {\
               const e = document.querySelector(css);\
               if (e) { return [e.getAttribute('data-status') || '', e.innerText]; }\
             }\
             return null;",
        )
        .await;
    match found {
        Value::Array(v) => Some((
            v[0].as_str().unwrap_or_default().to_string(),
            v[1].as_str().unwrap_or_default().to_string(),
        )),
        _ => None,
    }
}

pub async fn run_one(s: &Scenario, server: &Server, api: &Api, chief: &Browser, deputy: &Browser) {
    let what = format!("POST {}", s.route);
    // Both load the page.
    chief.goto(&server.url(&s.mine.page)).await;
    // The deputy saves first.
    for (i, f) in s.theirs.iter().enumerate() {
        send(
            deputy,
            server,
            f,
            true,
            &format!("{what}: the deputy's change {i}"),
        )
        .await;
        if let Some((status, msg)) = refusal(deputy).await {
            panic!("{what}: the deputy's change {i} was refused ({status}): {msg}");
        }
    }
    let before = api.version(s.kind, s.id);
    // The chief sends the page loaded before it.
    send(
        chief,
        server,
        &s.mine,
        false,
        &format!("{what}: the chief's stale page"),
    )
    .await;
    match &s.expect {
        Expect::Conflict => {
            let said = refusal(chief).await;
            assert!(
                matches!(&said, Some((status, _)) if status == "409" || status.is_empty()),
                "{what}: the stale page was not refused with a conflict: {said:?}\n{}",
                chief.body_text().await
            );
            assert_eq!(
                api.version(s.kind, s.id),
                before,
                "{what}: the stale page wrote something over the deputy's change"
            );
        }
        Expect::Kept { page, css } => {
            if let Some((status, msg)) = refusal(chief).await {
                panic!("{what}: refused ({status}): {msg}");
            }
            chief.goto(&server.url(page)).await;
            assert!(
                chief.exists(css).await,
                "{what}: the deputy's change ({css}) is lost"
            );
        }
    }
    // Loaded again, the chief's change is written.
    let fresh_id = s.fresh_id.unwrap_or(s.id);
    let stale_done = api.version(s.kind, fresh_id);
    let fresh = s.fresh.as_ref().unwrap_or(&s.mine);
    send(
        chief,
        server,
        fresh,
        true,
        &format!("{what}: the chief's fresh page"),
    )
    .await;
    if let Some((status, msg)) = refusal(chief).await {
        panic!("{what}: the fresh page was refused ({status}): {msg}");
    }
    assert_ne!(
        api.version(s.kind, fresh_id),
        stale_done,
        "{what}: the fresh page wrote nothing"
    );
}
