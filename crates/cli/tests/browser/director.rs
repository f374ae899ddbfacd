//! A bridge director's actions in the UI (`/bridge/...`) and the tables' phones (`/t/CODE`):
//! each method opens the page a director or a player at the table would, fills its form and
//! presses its button, then checks the page that follows is not an error page.
//!
//! The results the tables enter are made up here ([`play_for`]), so the test knows every
//! traveller line it expects in the exported files.

use std::collections::BTreeMap;
use std::path::Path;

use bridge::{Bid, Played, Seat, TableResult};
use serde_json::{json, Value};

use super::arbiter::Arbiter;
use super::harness::Browser;

/// Who sits at one table in one round and the boards they play (`None`: nobody, a sit-out).
#[derive(Debug, Clone)]
pub struct Sitting {
    pub table: u32,
    pub ns: Option<u32>,
    pub ew: Option<u32>,
    pub boards: Vec<u32>,
}

/// The movement as the JSON API gives it: round by round, table by table.
#[derive(Debug, Clone)]
pub struct Movement {
    pub kind: String,
    pub rounds: Vec<Vec<Sitting>>,
}

impl Movement {
    /// Every line the movement expects: (round, sitting, board).
    pub fn lines(&self) -> Vec<(u32, &Sitting, u32)> {
        let mut out = Vec::new();
        for (r, round) in self.rounds.iter().enumerate() {
            for s in round {
                if s.ns.is_none() || s.ew.is_none() {
                    continue;
                }
                for &b in &s.boards {
                    out.push((r as u32 + 1, s, b));
                }
            }
        }
        out
    }

    pub fn boards(&self) -> u32 {
        self.lines().iter().map(|l| l.2).max().unwrap_or(0)
    }
}

/// One ranking row: pair, place as shown (`3` or `3=`), percentage.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub pair: u32,
    pub place: String,
    pub percent: f64,
}

/// What North enters for a board, in the table page's fields.
#[derive(Debug, Clone)]
pub struct Play {
    /// `1`–`7`, or `P` (passed out).
    pub level: String,
    pub strain: &'static str,
    pub doubling: &'static str,
    pub declarer: Seat,
    pub lead_suit: &'static str,
    pub lead_card: &'static str,
    /// Tricks taken by the declarer.
    pub tricks: u8,
}

impl Play {
    /// The result as the page's select writes it: `=`, `+1`, `-2`.
    pub fn result(&self) -> String {
        let level: i32 = self.level.parse().unwrap_or(0);
        match i32::from(self.tricks) - (level + 6) {
            0 => "=".into(),
            d if d > 0 => format!("+{d}"),
            d => format!("{d}"),
        }
    }

    /// The traveller line the store should keep for it.
    pub fn table_result(&self) -> TableResult {
        if self.level == "P" {
            return TableResult::Played(Played::PassedOut);
        }
        let text = format!("{}{}{}", self.level, self.strain, self.doubling);
        let Ok(Bid::Contract(c)) = text.parse::<Bid>() else {
            panic!("{text} is a contract")
        };
        TableResult::Played(Played::new(c, self.declarer, self.tricks).expect("a possible result"))
    }

    /// The form's fields, by the table page's element ids (without the `#board-B-` prefix).
    fn fields(&self) -> Value {
        if self.level == "P" {
            return json!({"level": "P"});
        }
        json!({
            "level": self.level,
            "strain": self.strain,
            "doubling": self.doubling,
            "declarer": self.declarer.letter().to_string(),
            "lead-suit": self.lead_suit,
            "lead-card": self.lead_card,
            "result": self.result(),
        })
    }

    /// The same as a form's URL-encoded fields (for the entries posted without clicking).
    fn form(&self) -> Value {
        let fields = self.fields();
        let named = fields.as_object().expect("an object").iter();
        Value::Object(
            named
                .map(|(k, v)| (k.replace('-', "_"), v.clone()))
                .collect(),
        )
    }
}

/// A made-up but plausible result for a board played by `ns` against `ew`: several contracts
/// by both sides, made, overtricks, down, doubled, the odd passed-out board.
pub fn play_for(board: u32, ns: u32, ew: u32) -> Play {
    // (level, strain, doubling, declarer, tricks)
    const CONTRACTS: [(&str, &str, &str, Seat, u8); 11] = [
        ("3", "NT", "", Seat::North, 9),
        ("4", "S", "", Seat::South, 10),
        ("2", "H", "", Seat::East, 8),
        ("3", "C", "X", Seat::West, 7),
        ("1", "NT", "", Seat::South, 9),
        ("4", "H", "", Seat::North, 11),
        ("5", "D", "", Seat::East, 10),
        ("3", "NT", "", Seat::West, 10),
        ("P", "", "", Seat::North, 0),
        ("2", "S", "", Seat::North, 8),
        ("4", "S", "X", Seat::East, 9),
    ];
    const LEADS: [(&str, &str); 8] = [
        ("S", "A"),
        ("H", "K"),
        ("D", "10"),
        ("C", "7"),
        ("H", "2"),
        ("S", "Q"),
        ("D", "J"),
        ("C", "3"),
    ];
    let i = (board * 7 + ns * 3 + ew * 5) as usize;
    let (level, strain, doubling, declarer, tricks) = CONTRACTS[i % CONTRACTS.len()];
    // Same contract, a trick more or less now and then, so that the matchpoints differ.
    let tricks = match (level, (board + ns) % 4) {
        ("P", _) => 0,
        (_, 0) if tricks < 13 => tricks + 1,
        (_, 1) => tricks - 1,
        _ => tricks,
    };
    let (lead_suit, lead_card) = LEADS[(board as usize + ew as usize) % LEADS.len()];
    Play {
        level: level.to_string(),
        strain,
        doubling,
        declarer,
        lead_suit,
        lead_card,
        tricks,
    }
}

/// `n` boards of random deals, as a club's dealing machine writes them (PBN 2.1).
pub fn hand_records(boards: u32) -> String {
    let mut rng = bridge::generate::SplitMix64::new(2026);
    let mut out = String::from("% PBN 2.1\n% Donnes du mardi\n");
    for b in 1..=boards {
        out.push_str(&format!(
            "\n[Event \"Donnes\"]\n[Board \"{b}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n",
            bridge::dealer_of(b),
            bridge::vulnerability_of(b),
            bridge::generate::random_deal(&mut rng)
        ));
    }
    out
}

/// Players' names for `pairs` pairs (accents included: the CSV and the pages are UTF-8).
pub fn pair_names(pairs: u32) -> Vec<(u32, String, String)> {
    const FIRST: [&str; 10] = [
        "Mme Lefèvre",
        "M. Dupré",
        "Mme Gaëlle Roy",
        "M. Noël",
        "Mme Hélène Petit",
        "M. Jérôme Blanc",
        "Mme Chloé Faure",
        "M. Benoît Leroy",
        "Mme Inès Morel",
        "M. Rémi Garnier",
    ];
    const SECOND: [&str; 7] = [
        "Martin", "Bernard", "Thomas", "Robert", "Richard", "Durand", "Moreau",
    ];
    (1..=pairs)
        .map(|n| {
            let i = n as usize;
            (
                n,
                format!("{} {n}", FIRST[i % FIRST.len()]),
                format!("{} {}", SECOND[i % SECOND.len()], ["A", "B", "C"][i % 3]),
            )
        })
        .collect()
}

/// The member CSV a French club exports: `;`, French headers, a club column.
pub fn member_csv(names: &[(u32, String, String)]) -> String {
    let mut csv = String::from("Numéro;Joueur 1;Joueur 2;Club\n");
    for (n, a, b) in names {
        csv.push_str(&format!("{n};{a};{b};BC Besançon\n"));
    }
    csv
}

/// The bridge director's browser, logged in, on one session.
#[derive(Debug)]
pub struct Director<'a> {
    pub a: Arbiter<'a>,
    pub session: u64,
}

impl<'a> Director<'a> {
    pub fn new(a: Arbiter<'a>) -> Director<'a> {
        Director { a, session: 0 }
    }

    pub fn b(&self) -> &Browser {
        &self.a.b
    }

    pub fn url(&self, path: &str) -> String {
        self.a
            .server
            .url(&format!("/bridge/{}{path}", self.session))
    }

    pub async fn shot(&self, name: &str) {
        self.a.shot(name).await;
    }

    /// Creates the session from the sessions page's form, `movement` chosen
    /// (`mitchell`, `howell`, ...); leads to its pairs page.
    pub async fn create_session(&mut self, name: &str, tables: u32, movement: &str) {
        let b = self.b();
        b.goto(&self.a.server.url("/bridge")).await;
        b.fill("#name", name).await;
        b.fill("#club", "Bridge-club de Besançon").await;
        b.fill("#place", "Besançon").await;
        b.set_value("#date", "2026-03-10").await;
        b.fill("#director", "Mme Arbitre").await;
        b.fill("#tables", &tables.to_string()).await;
        b.select("#movement", movement).await;
        b.select("#scoring", "mp2").await;
        // The public pages too.
        let public = b.find("#public").await.prop("checked").await.ok().flatten();
        if public.as_deref() != Some("true") {
            b.click_here("#public").await;
        }
        self.shot("new-session-form").await;
        self.a.press("#bridge-create", "create the session").await;
        let url = b.current_url().await;
        let id = url
            .split("/bridge/")
            .nth(1)
            .and_then(|rest| rest.split(['/', '?', '#']).next())
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("creating the session leads to /bridge/ID/..., not {url}"));
        self.session = id;
        let summary_url = self.url("");
        let b = self.b();
        b.goto(&summary_url).await;
        let summary = b
            .find("#summary-movement")
            .await
            .text()
            .await
            .unwrap_or_default();
        assert!(
            summary.contains(&tables.to_string()),
            "the summary says {tables} tables: {summary:?}"
        );
    }

    /// Types every pair's names on the pairs page and saves them.
    pub async fn type_pairs(&self, names: &[(u32, String, String)]) {
        let b = self.b();
        b.goto(&self.url("/pairs")).await;
        for (n, p1, p2) in names {
            b.fill(&format!("#name1-{n}"), p1).await;
            b.fill(&format!("#name2-{n}"), p2).await;
        }
        self.a.press("#pairs-save", "save the pairs").await;
        self.check_pairs(names).await;
    }

    /// Imports the pairs from a member CSV through the file input.
    pub async fn import_pairs(&self, csv: &Path, names: &[(u32, String, String)]) {
        let b = self.b();
        b.goto(&self.url("/pairs")).await;
        b.find("#pairs-file")
            .await
            .send_keys(csv.to_str().expect("a UTF-8 path"))
            .await
            .expect("choose the CSV");
        self.a.press("#pairs-import", "import the member CSV").await;
        self.check_pairs(names).await;
    }

    async fn check_pairs(&self, names: &[(u32, String, String)]) {
        let b = self.b();
        for (n, p1, p2) in names {
            for (css, want) in [(format!("#name1-{n}"), p1), (format!("#name2-{n}"), p2)] {
                let got = b.value(&css).await;
                assert_eq!(&got, want, "pair {n}: {css} after saving");
            }
        }
    }

    /// Uploads the hand records (a PBN file of deals) from the pairs page.
    pub async fn upload_deals(&self, pbn: &Path, expected: u32) {
        let b = self.b();
        b.goto(&self.url("/pairs")).await;
        b.find("#deals-file")
            .await
            .send_keys(pbn.to_str().expect("a UTF-8 path"))
            .await
            .expect("choose the PBN");
        self.a.press("#deals-upload", "upload the deals").await;
        let count = b
            .find("#deals-count")
            .await
            .text()
            .await
            .unwrap_or_default();
        assert!(
            count.contains(&expected.to_string()),
            "the pairs page counts {expected} deals: {count:?}"
        );
    }

    /// The movement from the JSON API (with the director's session cookie).
    pub async fn movement(&self) -> Movement {
        let url = self
            .a
            .server
            .url(&format!("/api/bridge/sessions/{}/movement", self.session));
        let (status, text) = self.b().fetch_text(&url).await;
        assert_eq!(status, 200, "GET {url}: {text}");
        let v: Value = serde_json::from_str(&text).expect("the movement's JSON");
        let rounds = v["rounds"]
            .as_array()
            .expect("rounds")
            .iter()
            .map(|r| {
                r["tables"]
                    .as_array()
                    .expect("tables")
                    .iter()
                    .map(|t| Sitting {
                        table: t["table"].as_u64().expect("a table") as u32,
                        ns: t["ns"].as_u64().map(|p| p as u32),
                        ew: t["ew"].as_u64().map(|p| p as u32),
                        boards: t["boards"]
                            .as_array()
                            .expect("boards")
                            .iter()
                            .map(|b| b.as_u64().expect("a board") as u32)
                            .collect(),
                    })
                    .collect()
            })
            .collect();
        Movement {
            kind: v["kind"].as_str().unwrap_or("").to_string(),
            rounds,
        }
    }

    /// The table codes from the printed slips (printed to PDF on the way).
    pub async fn table_codes(&self, tables: u32) -> BTreeMap<u32, String> {
        let b = self.b();
        b.goto(&self.url("/slips")).await;
        self.a.assert_no_error("the table slips").await;
        b.print_pdf(&self.a.shots, "slips-print").await;
        let mut codes = BTreeMap::new();
        for t in 1..=tables {
            let code = b
                .find(&format!("#code-{t}"))
                .await
                .text()
                .await
                .unwrap_or_default();
            assert!(!code.trim().is_empty(), "table {t} has a code on its slip");
            codes.insert(t, code.trim().to_string());
        }
        codes
    }

    /// The grid's count of lines still missing.
    pub async fn missing(&self) -> u64 {
        let b = self.b();
        b.goto(&self.url("/grid")).await;
        self.a.assert_no_error("the grid").await;
        let v = b.attr("#missing-count", "data-count").await;
        v.parse().unwrap_or_else(|_| panic!("a count, not {v:?}"))
    }

    /// The status of a line on the grid (`missing`, `entered`, `confirmed`, `director`, `adjusted`).
    pub async fn line_status(&self, board: u32, ns: u32, ew: u32) -> String {
        self.b()
            .attr(&format!("#line-{board}-{ns}-{ew}"), "data-status")
            .await
    }

    /// Corrects a line from the grid: its edit link, the line form, save.
    pub async fn correct_line(&self, board: u32, ns: u32, ew: u32, e: &Play) {
        let b = self.b();
        b.goto(&self.url("/grid")).await;
        b.click(&format!("#edit-{board}-{ns}-{ew}")).await;
        for (css, v) in [("#line-board", board), ("#line-ns", ns), ("#line-ew", ew)] {
            let shown = b.value(css).await;
            assert_eq!(shown, v.to_string(), "the edit link fills {css}");
        }
        b.fill(
            "#line-contract",
            &format!("{}{}{}", e.level, e.strain, e.doubling),
        )
        .await;
        b.fill("#line-declarer", &e.declarer.letter().to_string())
            .await;
        b.fill("#line-lead", &format!("{}{}", e.lead_suit, e.lead_card))
            .await;
        b.fill("#line-result", &e.result()).await;
        self.a.press("#line-save", "correct a line").await;
        assert!(
            !b.exists("#grid-error").await,
            "the correction is refused: {}",
            b.find("#grid-error").await.text().await.unwrap_or_default()
        );
        assert_eq!(self.line_status(board, ns, ew).await, "director");
    }

    /// A line typed on the grid as the director types it (`4C`, `O`, `PA` on a French page).
    pub async fn type_line(&self, key: (u32, u32, u32), typed: [&str; 4]) {
        let (board, ns, ew) = key;
        let b = self.b();
        b.goto(&self.url("/grid")).await;
        b.click(&format!("#edit-{board}-{ns}-{ew}")).await;
        for (css, v) in [
            "#line-contract",
            "#line-declarer",
            "#line-lead",
            "#line-result",
        ]
        .into_iter()
        .zip(typed)
        {
            b.fill(css, v).await;
        }
        self.a.press("#line-save", "type a line").await;
        assert!(
            !b.exists("#grid-error").await,
            "the line {typed:?} is refused: {}",
            b.find("#grid-error").await.text().await.unwrap_or_default()
        );
        assert_eq!(self.line_status(board, ns, ew).await, "director");
    }

    /// An adjusted score from the grid's adjustment form: `fields` are the form's ids
    /// (`#adjust-art-ns`, ...) and values, `kind` its select.
    pub async fn adjust_line(
        &self,
        board: u32,
        ns: u32,
        ew: u32,
        kind: &str,
        fields: &[(&str, &str)],
    ) {
        let b = self.b();
        b.goto(&self.url("/grid")).await;
        b.click_here("#adjust-section summary").await;
        b.fill("#adjust-board", &board.to_string()).await;
        b.fill("#adjust-ns", &ns.to_string()).await;
        b.fill("#adjust-ew", &ew.to_string()).await;
        b.select("#adjust-kind", kind).await;
        for (css, v) in fields {
            b.fill(css, v).await;
        }
        self.shot("grid-adjust-form").await;
        self.a.press("#adjust-save", "an adjusted score").await;
        assert!(
            !b.exists("#grid-error").await,
            "the adjusted score is refused: {}",
            b.find("#grid-error").await.text().await.unwrap_or_default()
        );
        assert_eq!(self.line_status(board, ns, ew).await, "adjusted");
    }

    /// The ranking page's rows, every field.
    pub async fn ranking(&self) -> Vec<Standing> {
        let b = self.b();
        b.goto(&self.url("/ranking")).await;
        self.a.assert_no_error("the ranking").await;
        b.find("#ranking").await;
        let rows = b
            .eval(
                "return Array.from(document.querySelectorAll('#ranking table.ranking tbody tr')).map(tr => {\
                   const td = tr.querySelectorAll('td');\
                   return [td[1].textContent.trim(), td[0].textContent.trim(), td[5].textContent.trim()];\
                 });",
            )
            .await;
        rows.as_array()
            .expect("rows")
            .iter()
            .map(|r| Standing {
                pair: r[0].as_str().and_then(|p| p.parse().ok()).expect("a pair"),
                place: r[1].as_str().unwrap_or("").to_string(),
                percent: percent_of(r[2].as_str().unwrap_or("")),
            })
            .collect()
    }

    /// A file from a link of the session page (`#export-pbn`, `#export-usebio`), downloaded with
    /// the director's session: the status and the text.
    pub async fn download(&self, link: &str) -> (u16, String) {
        let b = self.b();
        b.goto(&self.url("")).await;
        let href = b
            .find(link)
            .await
            .attr("href")
            .await
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("{link} has a link"));
        b.fetch_text(&self.a.server.url(&href)).await
    }
}

async fn fill_board(phone: &Browser, board: u32, play: &Play) {
    fill_keypad(phone, board, play.fields()).await;
}

/// Fills a board's form on a table page (pairs or teams) in one script call: taps the
/// keypad's keys (a fieldset of radio buttons drawn as keys) and sets the lead's selects;
/// `fields` are the form's element ids without the `board-B-` prefix, and their values.
pub async fn fill_keypad(phone: &Browser, board: u32, fields: Value) {
    let set = phone
        .client
        .execute(
            "const [b, f] = arguments;\
             for (const [k, v] of Object.entries(f)) {\
               const el = document.getElementById('board-' + b + '-' + k);\
               if (!el) return 'no field ' + k;\
               if (el.tagName === 'FIELDSET') {\
                 const key = [...el.querySelectorAll('input')].find(i => i.value === v);\
                 if (!key) return 'no key ' + v + ' for ' + k;\
                 key.closest('label').click();\
                 if (!key.checked) return 'key ' + v + ' for ' + k + ' not taken';\
                 continue;\
               }\
               el.value = v;\
               if (el.value !== v) return 'no choice ' + v + ' for ' + k;\
             }\
             return '';",
            vec![json!(board), fields],
        )
        .await
        .expect("fill the board's form");
    assert_eq!(set, json!(""), "board {board}'s form");
}

/// `55,21 %`, `55.21` → 55.21.
fn percent_of(text: &str) -> f64 {
    let t: String = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == ',' || *c == '.' || *c == '-')
        .collect();
    t.replace(',', ".")
        .parse()
        .unwrap_or_else(|_| panic!("a percentage, not {text:?}"))
}

/// `arbiter bridge score FILE --format json`'s ranking, with the real binary.
pub fn rescored(file: &Path) -> Vec<Standing> {
    let (code, out, err) = super::arbiter::run_arbiter(&[
        std::ffi::OsStr::new("bridge"),
        std::ffi::OsStr::new("score"),
        file.as_os_str(),
        std::ffi::OsStr::new("--format"),
        std::ffi::OsStr::new("json"),
    ]);
    assert_eq!(
        code,
        0,
        "arbiter bridge score {}: exit {code}\n{err}",
        file.display()
    );
    let v: Value = serde_json::from_str(&out).expect("the JSON of arbiter bridge score");
    v["ranking"]
        .as_array()
        .expect("a ranking")
        .iter()
        .map(|r| Standing {
            pair: r["pair"].as_u64().expect("a pair") as u32,
            place: format!(
                "{}{}",
                r["rank"].as_u64().expect("a rank"),
                if r["tied"].as_bool() == Some(true) {
                    "="
                } else {
                    ""
                }
            ),
            percent: r["percent"].as_f64().expect("a percentage"),
        })
        .collect()
}

/// The two rankings list the same pairs with the same places and percentages (to the
/// hundredth the page shows).
pub fn same_ranking(page: &[Standing], file: &[Standing], what: &str) {
    let by_pair = |v: &[Standing]| -> BTreeMap<u32, Standing> {
        v.iter().map(|s| (s.pair, s.clone())).collect()
    };
    let (a, b) = (by_pair(page), by_pair(file));
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "{what}: the same pairs"
    );
    for (pair, x) in &a {
        let y = &b[pair];
        assert_eq!(x.place, y.place, "{what}: pair {pair}'s place");
        assert!(
            (x.percent - y.percent).abs() < 0.006,
            "{what}: pair {pair}'s percentage {} against {}",
            x.percent,
            y.percent
        );
    }
}

/// The tables' two phones: North's, which enters, and East's, which confirms.
#[derive(Debug)]
pub struct Phones {
    pub north: Browser,
    pub east: Browser,
}

impl Phones {
    /// North opens the table page by typing its code, as printed on the slip.
    pub async fn open_by_code(&self, base: &str, code: &str) {
        self.north.goto(&format!("{base}/t")).await;
        self.north.fill("#code", code).await;
        self.north.click("#table-open").await;
        self.north.find("#table-title").await;
        assert!(
            !self.north.exists("#error-message").await,
            "the code {code} opens its table"
        );
    }

    /// One table's round through the phones' forms: North enters each board (the page shows
    /// the score), East confirms each. `skip` is left for the director.
    pub async fn play_round(
        &self,
        base: &str,
        code: &str,
        round: u32,
        s: &Sitting,
        skip: Option<u32>,
        contest: Option<(&Play, &Path)>,
    ) {
        let (Some(ns), Some(ew)) = (s.ns, s.ew) else {
            return;
        };
        let page = format!("{base}/t/{code}?round={round}");
        self.north.goto(&page).await;
        // The round opens on its pairs: North says they are the ones at the table.
        if self.north.exists("#pairs-ok").await {
            self.north.click("#pairs-ok").await;
        }
        let boards: Vec<u32> = s
            .boards
            .iter()
            .copied()
            .filter(|b| Some(*b) != skip)
            .collect();
        for (i, &board) in boards.iter().enumerate() {
            let play = play_for(board, ns, ew);
            fill_board(&self.north, board, &play).await;
            self.north.click(&format!("#board-{board}-submit")).await;
            // The screen shows the score once entered: checked on the round's first board.
            let shown = self
                .north
                .find(&format!("#board-{board}-shown"))
                .await
                .text()
                .await
                .unwrap_or_default();
            if let (0, TableResult::Played(p)) = (i, play.table_result()) {
                let score = p.score_ns(bridge::vulnerability_of(board));
                let want = match score {
                    s if s > 0 => format!("+{s}"),
                    0 => "0".to_string(),
                    s => format!("\u{2212}{}", -s),
                };
                assert!(
                    shown.contains(&want),
                    "table {}, board {board}: the phone shows NS {want}, got {shown:?}",
                    s.table
                );
            }
        }
        let url = self.north.current_url().await;
        assert!(
            boards.is_empty() || url.contains("outcome=stored"),
            "table {}, round {round}: North's entry is stored ({url})",
            s.table
        );
        self.east.goto(&page).await;
        if let (Some((other, shots)), Some(&board)) = (contest, boards.first()) {
            // East disagrees and enters another result from the correction form: a conflict
            // for the director, North's line kept.
            self.east
                .click_here(&format!("#board-{board}-correct summary"))
                .await;
            fill_board(&self.east, board, other).await;
            self.east.click(&format!("#board-{board}-submit")).await;
            let url = self.east.current_url().await;
            assert!(
                url.contains("outcome=conflict"),
                "a second phone's different entry is a conflict ({url})"
            );
            self.east.find("#table-notice").await;
            self.east.screenshot(shots, "phone-conflict").await;
        }
        for (i, &board) in boards.iter().enumerate() {
            let button = format!("#board-{board}-confirm");
            if !self.east.exists(&button).await {
                self.east.goto(&page).await;
            }
            self.east.click(&button).await;
            // The phone stays in its round (issue 20: it never opens an earlier round with a
            // line left for the director); the round's last confirmation opens the next one.
            let url = self.east.current_url().await;
            let complete = skip.is_none() && i + 1 == boards.len();
            assert!(
                url.contains(&format!("round={round}&"))
                    || (complete && url.contains(&format!("round={}&", round + 1))),
                "table {}, round {round}: after confirming board {board} the phone is at {url}",
                s.table
            );
        }
    }

    /// The round the table page opens on by itself (no `round=`): the table's own.
    pub async fn round_shown(&self, base: &str, code: &str) -> String {
        self.north.goto(&format!("{base}/t/{code}")).await;
        self.north
            .find("#table-title")
            .await
            .text()
            .await
            .unwrap_or_default()
    }

    /// One table's round posted from North's table page by the page's own script context
    /// (`fetch` with the page's cookies and CSRF token, the same form fields), then confirmed
    /// the same way from East's: the fast path for the rounds not clicked through.
    pub async fn post_round(&self, base: &str, code: &str, round: u32, s: &Sitting) {
        let (Some(ns), Some(ew)) = (s.ns, s.ew) else {
            return;
        };
        let page = format!("{base}/t/{code}?round={round}&pairs=ok");
        let entries: Vec<Value> = s
            .boards
            .iter()
            .map(|&b| json!([b, play_for(b, ns, ew).form()]))
            .collect();
        let script = "const [code, round, entries, confirm] = arguments;\
             const done = arguments[arguments.length - 1];\
             const csrf = document.querySelector('input[name=csrf]').value;\
             (async () => {\
               for (const [b, f] of entries) {\
                 const body = new URLSearchParams(Object.assign({csrf, round: String(round)}, confirm ? {} : f));\
                 const url = '/t/' + code + '/boards/' + b + (confirm ? '/confirm' : '');\
                 const r = await fetch(url, {method: 'POST', body, credentials: 'same-origin', redirect: 'manual'});\
                 if (r.type !== 'opaqueredirect') return 'board ' + b + ': ' + r.status + ' ' + await r.text();\
               }\
               return '';\
             })().then(done, e => done(String(e)));";
        for (phone, confirm) in [(&self.north, false), (&self.east, true)] {
            phone.goto(&page).await;
            let out = phone
                .client
                .execute_async(
                    script,
                    vec![json!(code), json!(round), json!(entries), json!(confirm)],
                )
                .await
                .expect("post the round");
            assert_eq!(
                out,
                json!(""),
                "table {}, round {round} posted from the table page",
                s.table
            );
        }
    }
}
