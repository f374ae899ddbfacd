//! The arbiter's actions as they are done in the UI: each method opens the page an arbiter
//! would, fills the form there and clicks its button, then checks the page that follows
//! is not an error page.

use std::path::{Path, PathBuf};

use fantoccini::key::Key;

use super::harness::{Browser, Server};

pub const USER: &str = "arbitre";
pub const PASSWORD: &str = "échiquier-2026";

/// One player of the CSV file, as the test knows them.
#[derive(Debug, Clone)]
pub struct Entrant {
    pub surname: String,
    pub first: String,
    pub rating: u32,
    pub federation: &'static str,
    pub title: &'static str,
}

impl Entrant {
    /// How the UI writes the name (the CSV's `Nom;Prénom` joined as "Surname, First").
    pub fn name(&self) -> String {
        format!("{}, {}", self.surname, self.first)
    }
}

/// French surnames, with accents.
pub const SURNAMES: [&str; 26] = [
    "Dupont",
    "Lefèvre",
    "Martin",
    "Bernard",
    "Moreau",
    "Girard",
    "Rousseau",
    "Blanc",
    "Guérin",
    "Faure",
    "Mercier",
    "Boyer",
    "Chevalier",
    "François",
    "Legrand",
    "Gauthier",
    "Perrin",
    "Robin",
    "Clément",
    "Morin",
    "Nicolas",
    "Henry",
    "Roussel",
    "Mathieu",
    "Gautier",
    "Masson",
];

/// `n` players with distinct ratings and French names with accents (the CSV is UTF-8).
pub fn entrants(n: usize) -> Vec<Entrant> {
    const FIRSTS: [&str; 26] = [
        "Amélie", "Benoît", "Céline", "Denis", "Élodie", "Fabrice", "Gaëlle", "Hugo", "Inès",
        "Jérôme", "Karine", "Léo", "Maëlle", "Noël", "Océane", "Pascal", "Quentin", "Rémi",
        "Sophie", "Thibault", "Ursule", "Valérie", "William", "Xavier", "Yasmine", "Zoé",
    ];
    const FEDS: [&str; 4] = ["FRA", "FRA", "BEL", "SUI"];
    (0..n)
        .map(|i| Entrant {
            surname: SURNAMES[i % SURNAMES.len()].to_string(),
            first: FIRSTS[(i * 7) % FIRSTS.len()].to_string(),
            rating: 2310 - 37 * i as u32,
            federation: FEDS[i % FEDS.len()],
            title: match i {
                0 => "IM",
                1 | 2 => "FM",
                3 => "CM",
                _ => "",
            },
        })
        .collect()
}

/// The CSV a French club would export: `;`-separated with French headers.
pub fn french_csv(players: &[Entrant]) -> String {
    let mut csv = String::from("Nom;Prénom;Elo;Fédération;Titre\n");
    for p in players {
        csv.push_str(&format!(
            "{};{};{};{};{}\n",
            p.surname, p.first, p.rating, p.federation, p.title
        ));
    }
    csv
}

/// A board of a round as the arbiter's pairing list shows it.
#[derive(Debug, Clone)]
pub struct Board {
    pub board: u32,
    pub white: String,
    /// `None` for the pairing-allocated bye.
    pub black: Option<String>,
    pub code: String,
}

/// The arbiter's browser, logged in, on one event.
#[derive(Debug)]
pub struct Arbiter<'a> {
    pub b: Browser,
    pub server: &'a Server,
    pub event: u64,
    pub shots: PathBuf,
}

impl<'a> Arbiter<'a> {
    pub fn url(&self, path: &str) -> String {
        self.server.url(path)
    }

    pub fn event_url(&self, path: &str) -> String {
        self.server.url(&format!("/events/{}{path}", self.event))
    }

    pub async fn shot(&self, name: &str) {
        self.b.screenshot(&self.shots, name).await;
    }

    /// Fails with the page's message when the page is an error page.
    pub async fn assert_no_error(&self, after: &str) {
        if self.b.exists("#error-message").await {
            let msg = self
                .b
                .find("#error-message")
                .await
                .text()
                .await
                .unwrap_or_default();
            panic!(
                "{after}: the server answered an error page at {}: {msg}",
                self.b.current_url().await
            );
        }
    }

    /// Clicks a button that submits a form and checks the page that follows.
    pub async fn press(&self, css: &str, what: &str) {
        self.b.click(css).await;
        self.assert_no_error(what).await;
    }

    /// Clicks a button that the server should refuse, and returns the refusal's message.
    pub async fn press_refused(&self, css: &str, what: &str) -> String {
        self.b.click(css).await;
        assert!(
            self.b.exists("#error-message").await,
            "{what}: expected a refusal, got {}:\n{}",
            self.b.current_url().await,
            self.b.body_text().await
        );
        self.b
            .find("#error-message")
            .await
            .text()
            .await
            .unwrap_or_default()
    }

    /// The setup link, the first account, then a log-out and a log-in through the login page.
    pub async fn first_account(b: Browser, server: &'a Server, shots: PathBuf) -> Arbiter<'a> {
        let a = Arbiter {
            b,
            server,
            event: 0,
            shots,
        };
        a.b.goto(&server.setup_url).await;
        a.shot("setup").await;
        a.b.fill("#username", USER).await;
        a.b.fill("#password", PASSWORD).await;
        a.press("#setup-submit", "create the first account").await;
        // Logged in: the events page offers a new event.
        a.b.find("#new-event").await;
        a.press("#logout", "log out").await;
        assert!(
            a.b.current_url().await.contains("/login"),
            "log-out leads to the login page"
        );
        // A wrong password is refused, the right one is accepted.
        a.b.fill("#username", USER).await;
        a.b.fill("#password", "not the password").await;
        a.b.click("#login-submit").await;
        a.b.find("#login-failed").await;
        a.shot("login-failed").await;
        a.b.fill("#username", USER).await;
        a.b.fill("#password", PASSWORD).await;
        a.press("#login-submit", "log in").await;
        a.b.find("#new-event").await;
        a
    }

    /// Creates the event from the new-event form; `system` is `swiss` or `round_robin`.
    pub async fn create_event(&mut self, name: &str, system: &str, rounds: u32) {
        self.b.goto(&self.url("/")).await;
        self.press("#new-event", "open the new-event form").await;
        self.b.fill("#name", name).await;
        self.b.fill("#place", "Besançon").await;
        self.b.fill("#federation", "FRA").await;
        self.b.fill("#chief_arbiter", "Arbitre, Principal").await;
        self.b.fill("#time_control", "90'+30''").await;
        self.b.set_value("#start_date", "2026-07-11").await;
        self.b.set_value("#end_date", "2026-07-13").await;
        self.b.select("#system", system).await;
        self.b.fill("#rounds", &rounds.to_string()).await;
        self.shot(&format!("event-form-{system}")).await;
        self.press("#event-submit", "create the event").await;
        let url = self.b.current_url().await;
        let id = url
            .split("/events/")
            .nth(1)
            .and_then(|rest| rest.split(['/', '?', '#']).next())
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("creating the event leads to /events/ID, not {url}"));
        self.event = id;
    }

    /// Imports the players from a CSV file through the file input.
    pub async fn import_csv(&self, file: &Path, expected: usize) {
        self.b.goto(&self.event_url("/players")).await;
        let path = file.to_str().expect("a UTF-8 temporary path");
        self.b
            .find("#import-file")
            .await
            .send_keys(path)
            .await
            .expect("choose the CSV file");
        self.press("#import-submit", "import the CSV").await;
        self.b.find("#imported").await;
        let rows = self.b.find_all("#players tbody tr").await.len();
        assert_eq!(rows, expected, "players listed after the import");
    }

    /// The players' keys and names in pairing-number order, from the players page.
    pub async fn players(&self) -> Vec<(u64, String)> {
        self.b.goto(&self.event_url("/players")).await;
        let script = "return Array.from(document.querySelectorAll('#players tbody tr')).map(tr => \
                      [tr.id.replace('player-', ''), tr.querySelector('.player-link').textContent.trim()]);";
        let rows = self.b.eval(script).await;
        rows.as_array()
            .expect("rows")
            .iter()
            .map(|r| {
                (
                    r[0].as_str()
                        .and_then(|k| k.parse().ok())
                        .expect("a player key"),
                    r[1].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    }

    pub async fn key_of(&self, name: &str) -> u64 {
        self.players()
            .await
            .into_iter()
            .find(|(_, n)| n == name)
            .unwrap_or_else(|| panic!("no player {name:?} on the players page"))
            .0
    }

    /// Everyone present, then `absent` unticked and the check-in saved.
    pub async fn check_in(&self, absent: &[u64]) {
        self.b.goto(&self.event_url("/players")).await;
        self.press("#all-present", "all present").await;
        let ticked = self
            .b
            .find_all("#players input[name=present]:checked")
            .await
            .len();
        // Withdrawn players (their status column says so) stay away, and so do those with a
        // bye or an absence announced for the round to pair (not ticked, issue 20).
        let active = self
            .b
            .eval("return Array.from(document.querySelectorAll('#players tbody tr')).filter(tr => tr.lastElementChild.textContent.trim() === '' && !tr.querySelector('.bye-mark')).length;")
            .await
            .as_u64()
            .unwrap_or(0) as usize;
        assert_eq!(
            ticked, active,
            "every player not withdrawn is present after 'all present'"
        );
        for key in absent {
            self.b.click_here(&format!("#present-{key}")).await;
        }
        if !absent.is_empty() {
            self.press("#save-checkin", "save the check-in").await;
            for key in absent {
                let checked = self
                    .b
                    .find(&format!("#present-{key}"))
                    .await
                    .prop("checked")
                    .await
                    .expect("the checkbox's state");
                assert_eq!(
                    checked.as_deref(),
                    Some("false"),
                    "player {key} is not present after the check-in"
                );
            }
        }
    }

    /// Pairs round `n` from its round page; returns the boards of the pairing list.
    pub async fn pair(&self, n: u32) -> Vec<Board> {
        self.b.goto(&self.event_url(&format!("/rounds/{n}"))).await;
        self.press("#pair-round", &format!("pair round {n}")).await;
        self.b.find("#pairings").await;
        self.boards().await
    }

    /// The boards of the round page on screen.
    pub async fn boards(&self) -> Vec<Board> {
        // A name cell may start with the player's title (`<span class=title>`), left out here.
        let script = "const name = td => { if (!td) return null; const c = td.cloneNode(true);\
              c.querySelectorAll('.title').forEach(t => t.remove()); return c.textContent.trim(); };\
            return Array.from(document.querySelectorAll('#pairings tbody tr')).map(tr => {\
            const names = tr.querySelectorAll('td.name');\
            const code = tr.querySelector('td.code');\
            return [tr.id.replace('board-', ''), name(names[0]) || '', name(names[1]),\
                    code ? code.textContent.trim() : ''];\
        });";
        let rows = self.b.eval(script).await;
        rows.as_array()
            .expect("rows")
            .iter()
            .map(|r| Board {
                board: r[0]
                    .as_str()
                    .and_then(|b| b.parse().ok())
                    .expect("a board number"),
                white: r[1].as_str().unwrap_or("").to_string(),
                black: r[2].as_str().map(str::to_string),
                code: r[3].as_str().unwrap_or("").to_string(),
            })
            .collect()
    }

    /// Types the results into the grid of round `n` as an arbiter does: a result, Enter (the
    /// grid moves to the next board), and the save button at the end.
    pub async fn enter_results(&self, n: u32, results: &[(u32, &str)]) {
        self.b.goto(&self.event_url(&format!("/rounds/{n}"))).await;
        let last_field = self
            .b
            .eval("const g = document.querySelectorAll('input.grid'); return g.length ? g[g.length - 1].id : '';")
            .await;
        let mut submitted = false;
        // In board order, as the grid's Enter goes.
        let mut ordered = results.to_vec();
        ordered.sort_by_key(|r| r.0);
        for (board, result) in &ordered {
            let css = format!("#r{board}");
            let field = self.b.find(&css).await;
            field.clear().await.expect("clear the result field");
            let keys = format!("{result}{}", char::from(Key::Enter));
            if last_field.as_str() == Some(&css[1..]) {
                // Enter on the last board submits the grid.
                self.b.type_and_wait(&css, &keys).await;
                self.assert_no_error(&format!("save the results of round {n} with Enter"))
                    .await;
                submitted = true;
                break;
            }
            field.send_keys(&keys).await.expect("type a result");
        }
        if !submitted {
            self.press("#save-results", &format!("save the results of round {n}"))
                .await;
        }
        self.assert_grid(results, &format!("round {n}")).await;
    }

    /// The round page on screen shows each board's result in its grid input.
    pub async fn assert_grid(&self, results: &[(u32, &str)], what: &str) {
        for (board, result) in results {
            let value = self
                .b
                .find(&format!("#r{board}"))
                .await
                .prop("value")
                .await
                .expect("the field's value")
                .unwrap_or_default();
            assert_eq!(
                normalise(&value),
                normalise(result),
                "{what}, board {board}: the grid shows the saved result"
            );
        }
    }

    /// Accepts every result players reported for round `n`.
    pub async fn confirm_reported(&self, n: u32, expected: usize) {
        self.b.goto(&self.event_url(&format!("/rounds/{n}"))).await;
        let shown = self.b.find_all("#pairings .reported").await.len();
        assert_eq!(
            shown, expected,
            "round {n}: reported results waiting for the arbiter"
        );
        self.press(
            "#confirm-reported",
            &format!("confirm the reported results of round {n}"),
        )
        .await;
        assert!(
            !self.b.exists("#pairings .reported").await,
            "no result waits after the confirmation"
        );
    }

    /// Sets a bye (`half`, `zero`, `full`, `none`) for a player and a round from their card.
    pub async fn bye(&self, key: u64, round: u32, kind: &str) {
        self.b
            .goto(&self.event_url(&format!("/players/{key}")))
            .await;
        self.b.fill("#bye-round", &round.to_string()).await;
        self.b.select("#bye-kind", kind).await;
        self.press("#bye-submit", &format!("a {kind} bye in round {round}"))
            .await;
    }

    /// Sets a bye from a player's card that the server should refuse; returns its message.
    pub async fn bye_refused(&self, key: u64, round: u32, kind: &str) -> String {
        self.b
            .goto(&self.event_url(&format!("/players/{key}")))
            .await;
        self.b.fill("#bye-round", &round.to_string()).await;
        self.b.select("#bye-kind", kind).await;
        self.press_refused("#bye-submit", &format!("a {kind} bye in round {round}"))
            .await
    }

    /// Withdraws a player from round `from` on from their card.
    pub async fn withdraw(&self, key: u64, from: u32) {
        self.b
            .goto(&self.event_url(&format!("/players/{key}")))
            .await;
        self.b.fill("#withdraw-round", &from.to_string()).await;
        self.press("#withdraw-submit", "withdraw a player").await;
        self.b.find("#withdrawn").await;
    }

    /// Adds one player by hand on the players page.
    pub async fn add_player(&self, name: &str, rating: u32, federation: &str) {
        self.b.goto(&self.event_url("/players")).await;
        self.b.fill("#add-name", name).await;
        self.b.fill("#add-rating", &rating.to_string()).await;
        self.b.fill("#add-federation", federation).await;
        self.press("#add-player-submit", "add a player").await;
    }

    /// Switches the interface's language with the header's link (the page stays the same).
    pub async fn switch_language(&self, to: &str) {
        if self.b.html_lang().await == to {
            return;
        }
        self.press("#lang-switch", "switch the language").await;
        assert_eq!(self.b.html_lang().await, to, "<html lang> after the switch");
    }

    /// The TRF export, downloaded with the arbiter's session, saved to `file`.
    pub async fn download_trf(&self, format: &str, file: &Path) -> String {
        let (status, text) = self
            .b
            .fetch_text(&self.event_url(&format!("/export.trf?format={format}")))
            .await;
        assert_eq!(status, 200, "the TRF export answers 200, with: {text}");
        std::fs::write(file, &text).expect("save the TRF");
        text
    }
}

/// A result in one spelling whichever way the grid shows it back (`1/2`, `=`, `½`; `+`, `1F-0F`).
fn normalise(r: &str) -> &'static str {
    let t: String = r
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase();
    match t.as_str() {
        "1-0" | "1" => "1-0",
        "0-1" | "0" => "0-1",
        "1/2" | "=" | "½" | "½-½" | "1/2-1/2" => "1/2",
        "1F-0F" | "+" | "+-" | "+/-" => "+-",
        "0F-1F" | "-+" | "-/+" => "-+",
        "0F-0F" | "--" | "-" | "-/-" => "--",
        "" => "",
        _ => "?",
    }
}

/// Runs the real binary with `args` and returns its exit code and standard output.
pub fn run_arbiter(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    let out = std::process::Command::new(super::harness::arbiter_bin())
        .args(args)
        .output()
        .expect("run arbiter");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
