//! A started server with a temporary database, and a small HTTP client that keeps cookies.

use std::collections::BTreeMap;

use serde_json::{json, Value};

pub const USER: &str = "chief";
pub const PASSWORD: &str = "correct horse battery";

pub struct App {
    pub running: Option<server::Running>,
    pub base: String,
    pub setup_url: Option<String>,
    _dir: tempfile::TempDir,
}

impl App {
    pub fn start(demo: bool) -> App {
        App::start_with(|c| c.demo = demo)
    }

    /// A server whose configuration `adjust` changes first (limits, public address).
    pub fn start_with(adjust: impl FnOnce(&mut server::Config)) -> App {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("event.db");
        let mut config = server::Config::new(db, "127.0.0.1:0".parse().unwrap());
        adjust(&mut config);
        let running = server::spawn(config).unwrap();
        App {
            base: format!("http://{}", running.addr),
            setup_url: running.setup_url.clone(),
            running: Some(running),
            _dir: dir,
        }
    }

    /// The database file.
    pub fn db(&self) -> std::path::PathBuf {
        self._dir.path().join("event.db")
    }

    pub fn client(&self) -> Client {
        Client::new(&self.base)
    }

    /// A client logged in through the API (the first account is created with the setup link).
    pub fn arbiter(&self) -> Client {
        let mut c = self.client();
        let token = self
            .setup_url
            .as_deref()
            .unwrap()
            .split("token=")
            .nth(1)
            .unwrap()
            .to_string();
        let r = c.post_json(
            "/api/setup",
            &json!({"token": token, "username": USER, "password": PASSWORD}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        c.csrf = Some(r.json()["csrf"].as_str().unwrap().to_string());
        c
    }
}

impl App {
    /// A second browser of the same arbiter: a login session of its own.
    pub fn login(&self) -> Client {
        let mut c = self.client();
        let r = c.post_json(
            "/api/login",
            &json!({"username": USER, "password": PASSWORD}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        c.csrf = Some(r.json()["csrf"].as_str().unwrap().to_string());
        c
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop();
        }
    }
}

#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
    pub location: Option<String>,
    pub bytes: Vec<u8>,
    /// The `ETag` header: the version of the event or session the answer was read at.
    pub etag: Option<String>,
}

impl Reply {
    /// The first value of a header (its name in lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// An HTTP client that keeps cookies and, once set, sends `X-CSRF-Token`.
pub struct Client {
    base: String,
    agent: ureq::Agent,
    pub cookies: BTreeMap<String, String>,
    pub csrf: Option<String>,
    pub accept_language: Option<String>,
    /// A state-changing request sent without the version of its page is answered 428 with the
    /// current version; this client then sends it again with that version, as a page loaded
    /// just now would. Tests of stale pages send their versions themselves, or turn this off.
    pub auto_version: bool,
}

impl Client {
    pub fn new(base: &str) -> Client {
        Client {
            base: base.to_string(),
            // A new connection for every request: the server may close one after refusing a
            // request whose body it did not read, and a pooled POST is not retried.
            agent: ureq::AgentBuilder::new()
                .redirects(0)
                .max_idle_connections(0)
                .build(),
            cookies: BTreeMap::new(),
            csrf: None,
            accept_language: None,
            auto_version: true,
        }
    }

    fn prepare(&self, method: &str, path: &str) -> ureq::Request {
        let mut r = self.agent.request(method, &format!("{}{path}", self.base));
        if !self.cookies.is_empty() {
            let jar: Vec<String> = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            r = r.set("Cookie", &jar.join("; "));
        }
        if let Some(l) = &self.accept_language {
            r = r.set("Accept-Language", l);
        }
        r
    }

    fn finish(&mut self, result: Result<ureq::Response, ureq::Error>) -> Reply {
        let response = match result {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("request failed: {e}"),
        };
        for c in response.all("set-cookie") {
            let pair = c.split(';').next().unwrap();
            let (k, v) = pair.split_once('=').unwrap();
            if v.is_empty() || c.contains("Max-Age=0") {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), v.to_string());
            }
        }
        let status = response.status();
        let location = response.header("location").map(str::to_string);
        let headers = response
            .headers_names()
            .into_iter()
            .flat_map(|n| {
                response
                    .all(&n)
                    .into_iter()
                    .map(|v| (n.to_ascii_lowercase(), v.to_string()))
                    .collect::<Vec<_>>()
            })
            .collect();
        let etag = response.header("etag").map(str::to_string);
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut response.into_reader(), &mut bytes).unwrap();
        Reply {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).to_string(),
            location,
            bytes,
            etag,
        }
    }

    /// A request with extra headers.
    pub fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Reply {
        let mut r = self.prepare("GET", path);
        for (k, v) in headers {
            r = r.set(k, v);
        }
        let r = r.call();
        self.finish(r)
    }

    pub fn get(&mut self, path: &str) -> Reply {
        let r = self.prepare("GET", path).call();
        self.finish(r)
    }

    /// The version to send again with, after a 428 answer (see [`Client::auto_version`]).
    fn version_asked(&self, r: &Reply) -> Option<String> {
        (self.auto_version && r.status == 428)
            .then(|| r.etag.as_deref().map(|e| e.trim_matches('"').to_string()))
            .flatten()
    }

    pub fn post_json(&mut self, path: &str, body: &Value) -> Reply {
        let reply = self.post_json_with(path, body, None);
        match self.version_asked(&reply) {
            Some(v) => self.post_json_with(path, body, Some(&v)),
            None => reply,
        }
    }

    fn post_json_with(&mut self, path: &str, body: &Value, etag: Option<&str>) -> Reply {
        let mut r = self.prepare("POST", path);
        if let Some(e) = etag {
            r = r.set("If-Match", e);
        }
        if let Some(t) = &self.csrf {
            r = r.set("X-CSRF-Token", t);
        }
        let r = r.send_json(body.clone());
        self.finish(r)
    }

    /// A JSON post made conditional on the version the client read (`If-Match`).
    pub fn post_json_if_match(&mut self, path: &str, body: &Value, etag: &str) -> Reply {
        self.post_json_with(path, body, Some(etag))
    }

    pub fn post_bytes(&mut self, path: &str, body: &[u8]) -> Reply {
        let reply = self.post_bytes_with(path, body, None);
        match self.version_asked(&reply) {
            Some(v) => self.post_bytes_with(path, body, Some(&v)),
            None => reply,
        }
    }

    fn post_bytes_with(&mut self, path: &str, body: &[u8], etag: Option<&str>) -> Reply {
        let mut r = self
            .prepare("POST", path)
            .set("Content-Type", "application/octet-stream");
        if let Some(e) = etag {
            r = r.set("If-Match", e);
        }
        if let Some(t) = &self.csrf {
            r = r.set("X-CSRF-Token", t);
        }
        let r = r.send_bytes(body);
        self.finish(r)
    }

    /// A form post as a browser sends it (the CSRF token goes in the `csrf` field, if given).
    pub fn post_form(&mut self, path: &str, fields: &[(&str, &str)]) -> Reply {
        let r = self.prepare("POST", path).send_form(fields);
        let reply = self.finish(r);
        match self.version_asked(&reply) {
            Some(v) if !fields.iter().any(|(k, _)| *k == "version") => {
                let mut again = fields.to_vec();
                again.push(("version", &v));
                let r = self.prepare("POST", path).send_form(&again);
                self.finish(r)
            }
            _ => reply,
        }
    }

    /// A multipart form with text fields and one binary file (a ZIP).
    pub fn post_multipart_bytes(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        file: (&str, &str, &[u8]),
    ) -> Reply {
        let reply = self.multipart(path, fields, file, "application/zip");
        match self.version_asked(&reply) {
            Some(v) if !fields.iter().any(|(k, _)| *k == "version") => {
                let mut again = fields.to_vec();
                again.push(("version", &v));
                self.multipart(path, &again, file, "application/zip")
            }
            _ => reply,
        }
    }

    /// A multipart form with text fields and one file.
    pub fn post_multipart(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        file: (&str, &str, &str),
    ) -> Reply {
        let (name, filename, content) = file;
        let file = (name, filename, content.as_bytes());
        let reply = self.multipart(path, fields, file, "text/csv");
        match self.version_asked(&reply) {
            Some(v) if !fields.iter().any(|(k, _)| *k == "version") => {
                let mut again = fields.to_vec();
                again.push(("version", &v));
                self.multipart(path, &again, file, "text/csv")
            }
            _ => reply,
        }
    }

    fn multipart(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        file: (&str, &str, &[u8]),
        content_type: &str,
    ) -> Reply {
        let boundary = "----arbitertestboundary";
        let mut body = Vec::new();
        for (k, v) in fields {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                )
                .as_bytes(),
            );
        }
        let (name, filename, content) = file;
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: {content_type}\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(content);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let r = self
            .prepare("POST", path)
            .set(
                "Content-Type",
                &format!("multipart/form-data; boundary={boundary}"),
            )
            .send_bytes(&body);
        self.finish(r)
    }
}

/// The value of `<input ... name="csrf" value="...">` in a page.
pub fn csrf_in(page: &str) -> String {
    let at =
        page.find("name=\"csrf\" value=\"").expect("a csrf field") + "name=\"csrf\" value=\"".len();
    page[at..].split('"').next().unwrap().to_string()
}

/// A CSV list of `n` players with distinct ratings.
pub fn players_csv(n: usize) -> String {
    let mut s = String::from("name,title,rating,federation,club\n");
    for i in 0..n {
        s.push_str(&format!(
            "\"Player{i:02}, Test\",,{},FRA,Club {}\n",
            2300 - 37 * i,
            i % 4
        ));
    }
    s
}

/// One line of [`fide_txt`].
pub type FideRow<'a> = (
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
);

/// A small FIDE rating list in the TXT download's fixed columns (found from its header line):
/// `(fide_id, name, federation, sex, title, rating, birth year, flag)`.
pub fn fide_txt(rows: &[FideRow<'_>]) -> String {
    let header = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
    let at = |word: &str| header.find(word).unwrap();
    let mut out = format!("{header}\r\n");
    for (id, name, fed, sex, title, rating, born, flag) in rows {
        let mut line: Vec<char> = vec![' '; header.chars().count() + 4];
        let mut put = |col: usize, value: &str| {
            for (i, ch) in value.chars().enumerate() {
                if col + i >= line.len() {
                    line.push(ch);
                } else {
                    line[col + i] = ch;
                }
            }
        };
        put(0, id);
        put(at("Name"), name);
        put(at("Fed"), fed);
        put(at("Sex"), sex);
        put(at("Tit "), title);
        // Numbers are right-aligned under their header.
        put(at("SRtng") + 5 - rating.chars().count(), rating);
        put(at("B-day") + 5 - born.chars().count(), born);
        put(at("Flag"), flag);
        let text: String = line.into_iter().collect();
        out.push_str(text.trim_end());
        out.push_str("\r\n");
    }
    out
}

/// A ZIP archive holding one file, as FIDE publishes its lists (deflated, or stored).
pub fn zipped(name: &str, content: &[u8], deflate: bool) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let method = if deflate {
        zip::CompressionMethod::Deflated
    } else {
        zip::CompressionMethod::Stored
    };
    let options = zip::write::SimpleFileOptions::default().compression_method(method);
    w.start_file(name, options).unwrap();
    w.write_all(content).unwrap();
    w.finish().unwrap().into_inner()
}

/// An event created from `settings` (the API's event object), with `players` players from
/// [`players_csv`] all present and round 1 paired: its id and the round's JSON.
pub fn paired_event(arb: &mut Client, settings: Value, players: usize) -> (i64, Value) {
    let r = arb.post_json("/api/events", &settings);
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &serde_json::json!({"data": players_csv(players)}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &serde_json::json!({"present": true}),
    );
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/pair"),
        &serde_json::json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    (id, r.json())
}

/// The swap of round 2 that makes round 1's board 1 meet again: round 1's Black takes the seat
/// of round 1's White's round-2 opponent. Returns those two players and the round-2 board where
/// the rematch is.
pub fn rematch_swap(r1: &[Value], r2: &[Value]) -> (Value, Value, u64) {
    let (w1, b1) = (r1[0]["white"].clone(), r1[0]["black"].clone());
    let g = r2
        .iter()
        .find(|g| g["white"] == w1 || g["black"] == w1)
        .unwrap();
    let opponent = if g["white"] == w1 {
        g["black"].clone()
    } else {
        g["white"].clone()
    };
    assert_ne!(opponent, b1);
    (b1, opponent, g["board"].as_u64().unwrap())
}

/// The `<tr id="board-N" …>` line of a round page.
pub fn board_row(page: &str, board: u64) -> String {
    let at = page
        .find(&format!("<tr id=\"board-{board}\""))
        .unwrap_or_else(|| panic!("no board {board}: {page}"));
    page[at..at + page[at..].find("</tr>").unwrap()].to_string()
}

/// A page without its `data-…` attributes (machine codes such as `data-reason="stale"`): what
/// its words say, for the tests that look for English on a French page.
pub fn without_data_attributes(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(" data-") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        match after.find("=\"").and_then(|q| {
            let value = &after[q + 2..];
            value.find('"').map(|end| q + 2 + end + 1)
        }) {
            Some(skip) => rest = &after[skip..],
            None => {
                out.push(' ');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
