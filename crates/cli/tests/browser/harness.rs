//! What the browser tests stand on: the real `arbiter serve` on a free port with a fresh database,
//! chromedriver driving Debian's headless Chromium, and a folder for the screenshots.
//!
//! Every process started here is killed by a guard's `Drop`, so a failing assertion leaves
//! nothing running (chromedriver and its Chromium share a process group of their own).

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::wd::{PrintConfiguration, PrintSize, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// A phone shows pages at one device pixel a CSS pixel (a quarter of the drawing a real
/// phone's two would cost, for every page of every board entered) and is photographed at two,
/// as its screen looks.
const PHONE_SHOT_PIXEL_RATIO: f64 = 2.0;

/// How long a page or an element may take to appear before the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// The arbiter binary under test.
pub fn arbiter_bin() -> &'static str {
    env!("CARGO_BIN_EXE_arbiter")
}

/// `chromedriver`'s path when it and Chromium are installed. Without them the test is skipped
/// (it prints why), except under CI (`CI=true`), where a missing browser fails it.
pub fn browser_or_skip() -> Option<PathBuf> {
    let driver = find_in_path("chromedriver");
    match driver {
        Some(d) if Path::new(CHROMIUM).exists() => Some(d),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but chromium or chromedriver is missing: .ci/run installs them \
                 (apt-get install chromium chromium-driver)"
            );
            eprintln!("skipped: chromium not installed");
            None
        }
    }
}

fn find_in_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// `target/browser-artifacts/NAME/` beside the test binary's own target folder (so it follows
/// `CARGO_TARGET_DIR`), emptied at the start of the test.
pub fn artifacts_dir(name: &str) -> PathBuf {
    let dir = artifacts_root().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the artifacts folder");
    dir
}

/// `TARGET/browser-artifacts/`.
pub fn artifacts_root() -> PathBuf {
    // CARGO_BIN_EXE_arbiter is TARGET/PROFILE/arbiter.
    Path::new(arbiter_bin())
        .parent()
        .and_then(Path::parent)
        .expect("the binary lives in TARGET/PROFILE/")
        .join("browser-artifacts")
}

/// Whether `DIR/NAME.png` is taken: when the guide shows it (its copy is committed in
/// `docs/guide/screenshots/DIR/NAME.png`, which `.ci/guide.py` checks this run took again), or
/// every shot with `ARBITER_SCREENSHOTS=all` (to look at the pages, or to take a new one for
/// the guide). A desktop shot grows the window to the whole page (a new layout) and encodes a
/// PNG of up to 8,000 lines; about 400 shots of a run are not the guide's.
pub fn shot_wanted(dir: &Path, name: &str) -> bool {
    if std::env::var("ARBITER_SCREENSHOTS").as_deref() == Ok("all") {
        return true;
    }
    let Some(test) = dir.file_name() else {
        return true;
    };
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/guide/screenshots")
        .join(test)
        .join(format!("{name}.png"))
        .is_file()
}

/// A Chrome DevTools command sent through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// A port nobody listens on right now (the OS's pick, released for the child to take).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port on loopback")
        .port()
}

/// `arbiter serve` on a fresh database, killed (SIGTERM, then SIGKILL) when dropped.
#[derive(Debug)]
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub base: String,
    /// The one-time link to create the first account.
    pub setup_url: String,
    /// What the server printed, line by line, after its first lines (read on a thread so the pipe never fills).
    _drain: std::thread::JoinHandle<()>,
}

impl Server {
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    /// `arbiter serve` with more options (`--chess-results FILE`).
    pub fn start_with(db: &Path, options: &[&std::ffi::OsStr]) -> Server {
        let mut child = Command::new(arbiter_bin())
            .args(["serve", "--db"])
            .arg(db)
            .args(["--listen", "127.0.0.1:0"])
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start arbiter serve");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel::<String>();
        let drain = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                eprintln!("[arbiter serve] {line}");
                let _ = tx.send(line);
            }
        });
        let mut guard = Server {
            child,
            base: String::new(),
            setup_url: String::new(),
            _drain: drain,
        };
        let deadline = Instant::now() + PATIENCE;
        while guard.base.is_empty() || guard.setup_url.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match rx.recv_timeout(left) {
                Ok(line) => line,
                Err(_) => panic!(
                    "arbiter serve printed no URL and setup link in {PATIENCE:?} (got base {:?}, setup {:?})",
                    guard.base, guard.setup_url
                ),
            };
            if let Some(at) = line.find("http://") {
                let url = line[at..]
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_string();
                if url.contains("/setup") {
                    guard.setup_url = url;
                } else {
                    guard.base = url.trim_end_matches('/').to_string();
                }
            }
        }
        guard
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // A clean stop first (the server handles SIGTERM), then the hard way.
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver on a free port, in a process group of its own with the Chromiums it starts;
/// the whole group is killed when dropped.
#[derive(Debug)]
pub struct Driver {
    child: Child,
    pub url: String,
    profiles: tempfile::TempDir,
}

impl Driver {
    pub fn start(chromedriver: &Path) -> Driver {
        let port = free_port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("start chromedriver");
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
            profiles: tempfile::tempdir().expect("a folder for Chromium profiles"),
        };
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let deadline = Instant::now() + PATIENCE;
        while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on {addr}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }

    /// A new headless Chromium with a fresh profile and a desktop window of `width`×`height`.
    pub async fn desktop(&self, name: &str, width: u32, height: u32) -> Browser {
        self.browser(name, Screen::Desktop { width, height }).await
    }

    /// A new headless Chromium that shows pages as a phone of `width`×`height` CSS pixels does
    /// (device emulation: a headless window cannot be narrower than 500 pixels).
    pub async fn phone(&self, name: &str, width: u32, height: u32) -> Browser {
        self.browser(name, Screen::Phone { width, height }).await
    }

    async fn browser(&self, name: &str, screen: Screen) -> Browser {
        let profile = self.profiles.path().join(name);
        let (width, height) = match screen {
            Screen::Desktop { width, height } | Screen::Phone { width, height } => (width, height),
        };
        let mut args = vec![
            "--headless".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--disable-dev-shm-usage".to_string(),
            "--disable-quic".to_string(),
            "--no-first-run".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            "--hide-scrollbars".to_string(),
            format!("--user-data-dir={}", profile.display()),
        ];
        let mut options = json!({ "binary": CHROMIUM });
        match screen {
            Screen::Desktop { .. } => args.push(format!("--window-size={width},{height}")),
            Screen::Phone { .. } => {
                options["mobileEmulation"] = json!({
                    "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "mobile": true, "touch": true },
                    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
                });
            }
        }
        options["args"] = json!(args);
        let caps = json!({ "browserName": "chrome", "goog:chromeOptions": options });
        let Value::Object(caps) = caps else {
            unreachable!()
        };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a Chromium session from chromedriver");
        Browser { client, screen }
    }
}

/// What a browser's pages are shown on.
#[derive(Debug, Clone, Copy)]
enum Screen {
    Desktop { width: u32, height: u32 },
    Phone { width: u32, height: u32 },
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The group's id is chromedriver's pid (process_group(0)); Chromium inherits it.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser window and the helpers a test drives it with.
#[derive(Debug)]
pub struct Browser {
    pub client: Client,
    screen: Screen,
}

impl Browser {
    pub async fn goto(&self, url: &str) {
        self.client
            .goto(url)
            .await
            .unwrap_or_else(|e| panic!("open {url}: {e}"));
    }

    pub async fn current_url(&self) -> String {
        self.client
            .current_url()
            .await
            .expect("the current URL")
            .to_string()
    }

    /// The element matching `css`, waiting for it to appear.
    pub async fn find(&self, css: &str) -> Element {
        match self
            .client
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css(css))
            .await
        {
            Ok(e) => e,
            Err(e) => {
                let url = self.current_url().await;
                let body = self.body_text().await;
                panic!("no element {css:?} on {url}: {e}\n--- page text ---\n{body}")
            }
        }
    }

    /// Every element matching `css` now (no waiting).
    pub async fn find_all(&self, css: &str) -> Vec<Element> {
        self.client
            .find_all(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("find {css:?}: {e}"))
    }

    /// The current value of the form field matching `css` (empty without one).
    pub async fn value(&self, css: &str) -> String {
        self.find(css)
            .await
            .prop("value")
            .await
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// The attribute `name` of the element matching `css` (empty without one).
    pub async fn attr(&self, css: &str, name: &str) -> String {
        self.find(css)
            .await
            .attr(name)
            .await
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    pub async fn exists(&self, css: &str) -> bool {
        !self.find_all(css).await.is_empty()
    }

    /// The page's visible text.
    pub async fn body_text(&self) -> String {
        match self.client.find(Locator::Css("body")).await {
            Ok(b) => b.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    pub async fn html_lang(&self) -> String {
        self.eval("return document.documentElement.lang")
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Replaces the content of the field matching `css` with `text`.
    pub async fn fill(&self, css: &str, text: &str) {
        let field = self.find(css).await;
        field
            .clear()
            .await
            .unwrap_or_else(|e| panic!("clear {css:?}: {e}"));
        field
            .send_keys(text)
            .await
            .unwrap_or_else(|e| panic!("type into {css:?}: {e}"));
    }

    /// Sets a field's value directly (a date input, whose typed form follows the browser's locale).
    pub async fn set_value(&self, css: &str, value: &str) {
        self.find(css).await;
        self.client
            .execute(
                "document.querySelector(arguments[0]).value = arguments[1];",
                vec![json!(css), json!(value)],
            )
            .await
            .unwrap_or_else(|e| panic!("set {css:?}: {e}"));
    }

    /// Chooses the option whose value is `value` in the `<select>` matching `css`.
    pub async fn select(&self, css: &str, value: &str) {
        self.find(css)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("select {value:?} in {css:?}: {e}"));
    }

    /// Clicks the element matching `css` and waits for the page it loads.
    pub async fn click(&self, css: &str) {
        let el = self.find(css).await;
        let before = self.page_id().await;
        el.click()
            .await
            .unwrap_or_else(|e| panic!("click {css:?}: {e}"));
        self.wait_new_page(before).await;
    }

    /// Clicks without waiting for a new page (a checkbox, a script's button).
    pub async fn click_here(&self, css: &str) {
        self.find(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css:?}: {e}"));
    }

    /// Marks the current document, so that a new one (after a click or a submit) can be told from it.
    async fn page_id(&self) -> String {
        let id = format!("{:?}", Instant::now());
        let _ = self
            .client
            .execute("window.__arbiterTestPage = arguments[0];", vec![json!(id)])
            .await;
        id
    }

    async fn wait_new_page(&self, before: String) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let state = self
                .client
                .execute(
                    "return [window.__arbiterTestPage || null, document.readyState];",
                    vec![],
                )
                .await;
            if let Ok(Value::Array(v)) = state {
                if v[0].as_str() != Some(before.as_str()) && v[1].as_str() == Some("complete") {
                    return;
                }
            }
            assert!(
                Instant::now() < deadline,
                "no new page after {PATIENCE:?} (still on {})",
                self.current_url().await
            );
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }

    /// Marks the `nth` form (from 0) of the page that posts to `action` as `form[data-target]`,
    /// the only one so marked, and opens the folded sections around it as a click on their
    /// titles would; false when the page has no such form.
    pub async fn target_form(&self, action: &str, nth: usize) -> bool {
        let found = self
            .client
            .execute(
                "document.querySelectorAll('form[data-target]').forEach(f => f.removeAttribute('data-target'));\
                 const f = Array.from(document.querySelectorAll('form[method=post]'))\
                   .filter(f => f.getAttribute('action') === arguments[0])[arguments[1]];\
                 if (f) { f.setAttribute('data-target', '1');\
                   for (let d = f.closest('details'); d; d = d.parentElement.closest('details')) { d.open = true; } }\
                 return !!f;",
                vec![json!(action), json!(nth)],
            )
            .await
            .unwrap_or_else(|e| panic!("look for the form of {action}: {e}"));
        found.as_bool() == Some(true)
    }

    /// Ticks or unticks the checkbox matching `css`.
    pub async fn tick(&self, css: &str, on: bool) {
        let el = self.find(css).await;
        let ticked = el.prop("checked").await.ok().flatten().as_deref() == Some("true");
        if ticked != on {
            el.click()
                .await
                .unwrap_or_else(|e| panic!("tick {css:?}: {e}"));
        }
    }

    /// Chooses a file for the file input matching `css`.
    pub async fn attach(&self, css: &str, file: &Path) {
        self.find(css)
            .await
            .send_keys(&file.display().to_string())
            .await
            .unwrap_or_else(|e| panic!("choose {} in {css:?}: {e}", file.display()));
    }

    /// Clicks a button that asks first ("Delete this session?"), answers yes, and waits for
    /// the page that follows.
    pub async fn click_and_confirm(&self, css: &str) {
        let el = self.find(css).await;
        let before = self.page_id().await;
        el.click()
            .await
            .unwrap_or_else(|e| panic!("click {css:?}: {e}"));
        let _ = self.client.accept_alert().await;
        self.wait_new_page(before).await;
    }

    /// Types `keys` into the element matching `css` and waits for the page they submit.
    pub async fn type_and_wait(&self, css: &str, keys: &str) {
        let el = self.find(css).await;
        let before = self.page_id().await;
        el.send_keys(keys)
            .await
            .unwrap_or_else(|e| panic!("type into {css:?}: {e}"));
        self.wait_new_page(before).await;
    }

    pub async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// GETs `url` from the page (so with its session cookie) and returns the status and the body.
    pub async fn fetch_text(&self, url: &str) -> (u16, String) {
        let script = "const done = arguments[arguments.length - 1];\
             fetch(arguments[0], {credentials: 'same-origin'})\
               .then(r => r.text().then(t => done([r.status, t])))\
               .catch(e => done([0, String(e)]));";
        let v = self
            .client
            .execute_async(script, vec![json!(url)])
            .await
            .unwrap_or_else(|e| panic!("fetch {url}: {e}"));
        (
            v[0].as_u64().unwrap_or(0) as u16,
            v[1].as_str().unwrap_or("").to_string(),
        )
    }

    /// Saves a PNG of the whole page: a desktop window grows to the page's height for the
    /// shot; a phone shows its screen. Only the shots the guide shows are taken, unless
    /// `ARBITER_SCREENSHOTS=all` ([`shot_wanted`]).
    pub async fn screenshot(&self, dir: &Path, name: &str) {
        if !shot_wanted(dir, name) {
            return;
        }
        let grown = match self.screen {
            Screen::Desktop { width, height } => {
                // The page's height and what the window's frame takes from it.
                let v = self
                    .eval("return [Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0), window.outerHeight - window.innerHeight];")
                    .await;
                let page = v[0].as_u64().unwrap_or(0) as u32;
                let frame = v[1].as_u64().unwrap_or(0) as u32;
                let tall = (page + frame).clamp(height, 8000);
                if tall > height {
                    let _ = self.client.set_window_size(width, tall).await;
                    Some((width, height))
                } else {
                    None
                }
            }
            Screen::Phone { width, height } => {
                self.phone_pixels(width, height, PHONE_SHOT_PIXEL_RATIO)
                    .await;
                None
            }
        };
        let png = self.client.screenshot().await.expect("a screenshot");
        if let Some((width, height)) = grown {
            let _ = self.client.set_window_size(width, height).await;
        }
        if let Screen::Phone { width, height } = self.screen {
            self.phone_pixels(width, height, 1.0).await;
        }
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }

    /// A Chrome DevTools command, its answer.
    pub async fn cdp(&self, cmd: &'static str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp { cmd, params })
            .await
            .unwrap_or_else(|e| panic!("{cmd}: {e}"))
    }

    /// A phone's screen of `width`×`height` CSS pixels at `ratio` device pixels each (what
    /// chromedriver's mobile emulation sets, with another ratio).
    async fn phone_pixels(&self, width: u32, height: u32, ratio: f64) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": ratio, "mobile": true }),
        )
        .await;
    }

    /// Prints the page as the browser would on A4 (the print stylesheet applies) and saves the PDF.
    pub async fn print_pdf(&self, dir: &Path, name: &str) -> Vec<u8> {
        let config = PrintConfiguration::builder()
            .size(PrintSize::A4)
            .build()
            .expect("an A4 print configuration");
        let pdf = self
            .client
            .print(config)
            .await
            .expect("the page printed to PDF");
        let path = dir.join(format!("{name}.pdf"));
        std::fs::write(&path, &pdf).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        pdf
    }

    pub async fn close(self) {
        let _ = self.client.close().await;
    }
}
