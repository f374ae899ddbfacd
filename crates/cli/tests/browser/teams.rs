//! Chess team events (issue 22) as an arbiter and the captains run them: the arbiter's pages
//! under `/teams/ID`, the captains' phones on `/teams/captain` with the match codes. Each
//! method opens the page a user would, fills its form and presses its button, then checks the
//! page that follows is not an error page; [`Desk::post_results`] is the fast path for the
//! rounds not clicked through (the round page's own form, posted by its script context with its
//! cookies and token).
//!
//! The results are made up here ([`result_for`]), varied over rounds, matches and boards.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use super::arbiter::{run_arbiter, Arbiter};
use super::harness::{artifacts_dir, Browser, Driver, Server};
use super::print;

/// A team as the JSON API gives it: its key, pairing number, name and roster (member keys in
/// board order, with their names).
#[derive(Debug, Clone)]
pub struct TeamInfo {
    pub id: i64,
    pub number: u32,
    pub name: String,
    pub roster: Vec<(i64, String)>,
}

/// One board of a match: its players' member keys and the result code, if any.
#[derive(Debug, Clone)]
pub struct BoardInfo {
    pub board: u32,
    /// None on the absent team's side of a match forfeited as a whole.
    pub white: Option<i64>,
    pub black: Option<i64>,
    pub result: Option<String>,
}

/// A match of a round as the JSON API gives it, with each team's captain code.
#[derive(Debug, Clone)]
pub struct MatchInfo {
    pub number: u32,
    pub white_team: i64,
    pub black_team: i64,
    pub boards: Vec<BoardInfo>,
    pub forfeit: Option<String>,
    pub codes: HashMap<i64, String>,
}

impl MatchInfo {
    pub fn code_of(&self, team: i64) -> &str {
        self.codes
            .get(&team)
            .unwrap_or_else(|| panic!("match {}: no captain code for team {team}", self.number))
    }
}

/// Club names with accents and hyphens (the CSV and the pages are UTF-8).
const TOWNS: [&str; 24] = [
    "Besançon",
    "Dole",
    "Vesoul",
    "Montbéliard",
    "Pontarlier",
    "Lons-le-Saunier",
    "Belfort",
    "Dijon",
    "Beaune",
    "Auxerre",
    "Mâcon",
    "Chalon-sur-Saône",
    "Nevers",
    "Sens",
    "Gray",
    "Héricourt",
    "Morteau",
    "Ornans",
    "Champagnole",
    "Saint-Claude",
    "Luxeuil-les-Bains",
    "Lure",
    "Audincourt",
    "Valentigney",
];

const SURNAMES: [&str; 13] = [
    "Dupont",
    "Lefèvre",
    "Martin",
    "Bernard",
    "Moreau",
    "Girard",
    "Rousseau",
    "Guérin",
    "Faure",
    "Mercier",
    "Chevalier",
    "François",
    "Clément",
];
const FIRSTS: [&str; 11] = [
    "Amélie", "Benoît", "Céline", "Denis", "Élodie", "Fabrice", "Gaëlle", "Hugo", "Inès", "Jérôme",
    "Noël",
];

/// The team's name in the CSV.
pub fn team_name(t: usize) -> String {
    format!("Échiquier {}", TOWNS[t])
}

/// The rosters' CSV as a league's secretary exports it: `;`, French headers, one line a player,
/// four boards and one reserve a team (the lines of a team not in board order).
pub fn rosters_csv(teams: usize) -> String {
    let mut csv = String::from("Équipe;Échiquier;Nom;Elo;Fédération;Titre\n");
    for t in 0..teams {
        for b in [2usize, 1, 3, 5, 4] {
            let i = t * 5 + b;
            let title = match (t, b) {
                (0, 1) => "IM",
                (_, 1) if t < 4 => "FM",
                _ => "",
            };
            csv.push_str(&format!(
                "{};{b};{}, {};{};{};{title}\n",
                team_name(t),
                SURNAMES[i % SURNAMES.len()],
                FIRSTS[(i / SURNAMES.len()) % FIRSTS.len()],
                2350 - 23 * t as u32 - 31 * b as u32,
                if t % 5 == 4 { "SUI" } else { "FRA" },
            ));
        }
    }
    csv
}

/// A board's result, varied over rounds, matches and boards: wins both ways and draws.
pub fn result_for(round: u32, number: u32, board: u32) -> &'static str {
    const CYCLE: [&str; 7] = ["1-0", "1/2", "0-1", "1-0", "0-1", "1/2", "1-0"];
    CYCLE[((round * 5 + number * 3 + board) % 7) as usize]
}

/// The arbiter's browser on one team event.
#[derive(Debug)]
pub struct Desk<'a> {
    pub a: Arbiter<'a>,
    pub id: u64,
}

impl<'a> Desk<'a> {
    /// The first account made and logged in, the interface in French, on the team events.
    pub async fn open(driver: &Driver, server: &'a Server, shots: &Path) -> Desk<'a> {
        let b = driver.desktop("arbiter", 1280, 900).await;
        let a = Arbiter::first_account(b, server, shots.to_path_buf()).await;
        let d = Desk { a, id: 0 };
        d.b().goto(&server.url("/teams")).await;
        d.a.switch_language("fr").await;
        d
    }

    pub fn b(&self) -> &Browser {
        &self.a.b
    }

    pub fn url(&self, path: &str) -> String {
        self.a.url(&format!("/teams/{}{path}", self.id))
    }

    pub async fn shot(&self, name: &str) {
        self.a.shot(name).await;
    }

    /// Creates the event from the team events page's form; `system` is `swiss_team`,
    /// `round_robin` or `double_round_robin`.
    pub async fn create(
        &mut self,
        name: &str,
        system: &str,
        rounds: Option<u32>,
        boards: u32,
        tiebreaks: &str,
    ) {
        let b = self.b();
        b.goto(&self.a.url("/teams")).await;
        self.a.assert_no_error("the team events page").await;
        b.fill("#team-new-form input[name=name]", name).await;
        b.select("#team-new-form select[name=system]", system).await;
        let rounds = rounds.map(|r| r.to_string()).unwrap_or_default();
        b.fill("#team-new-form input[name=rounds]", &rounds).await;
        b.fill("#team-new-form input[name=boards]", &boards.to_string())
            .await;
        b.fill("#team-new-form input[name=tiebreaks]", tiebreaks)
            .await;
        self.shot(&format!("new-event-form-{system}")).await;
        self.a.press("#team-create", "create the team event").await;
        let url = b.current_url().await;
        self.id = url
            .split("/teams/")
            .nth(1)
            .and_then(|rest| rest.split(['/', '?', '#']).next())
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("creating the event leads to /teams/ID, not {url}"));
    }

    /// Fills the settings page's event data (place, dates, arbiter, time control) and saves.
    pub async fn settings(&self, start: &str, end: &str) {
        let b = self.b();
        b.goto(&self.url("/settings")).await;
        b.fill("input[name=place]", "Besançon").await;
        b.fill("input[name=federation]", "FRA").await;
        b.set_value("input[name=start_date]", start).await;
        b.set_value("input[name=end_date]", end).await;
        b.fill("input[name=chief_arbiter]", "Arbitre, Principal")
            .await;
        b.fill("input[name=time_control]", "90'+30''").await;
        self.a
            .press(
                "form[action$='/settings'] button[type=submit]",
                "save the settings",
            )
            .await;
    }

    /// Pastes the rosters' CSV into the event page's import form.
    pub async fn import(&self, csv: &str, teams: usize) {
        let b = self.b();
        b.goto(&self.url("")).await;
        b.set_value("#team-import-form textarea[name=data]", csv)
            .await;
        self.a
            .press("#team-import-button", "import the rosters")
            .await;
        let listed = b.find_all("#teams tbody tr[id^=team-]").await.len();
        assert_eq!(listed, teams, "teams listed after the import");
    }

    async fn api(&self, path: &str) -> Value {
        let url = self.a.url(&format!("/api/teams/events/{}{path}", self.id));
        let (status, text) = self.b().fetch_text(&url).await;
        assert_eq!(status, 200, "GET {url}: {text}");
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("GET {url}: {e}\n{text}"))
    }

    /// The teams and their rosters, in pairing-number order.
    pub async fn teams(&self) -> Vec<TeamInfo> {
        let v = self.api("/teams").await;
        let list = v
            .as_array()
            .or_else(|| v["teams"].as_array())
            .expect("a list of teams");
        let mut teams: Vec<TeamInfo> = list
            .iter()
            .map(|t| TeamInfo {
                id: t["id"].as_i64().expect("a team key"),
                number: t["number"].as_u64().expect("a team number") as u32,
                name: t["name"].as_str().unwrap_or_default().to_string(),
                roster: t["roster"]
                    .as_array()
                    .expect("a roster")
                    .iter()
                    .map(|m| {
                        (
                            m["id"].as_i64().expect("a member key"),
                            m["name"].as_str().unwrap_or_default().to_string(),
                        )
                    })
                    .collect(),
            })
            .collect();
        teams.sort_by_key(|t| t.number);
        teams
    }

    /// Pairs the next round with the event page's button; leads to the round's page.
    pub async fn pair(&self, round: u32) {
        let b = self.b();
        b.goto(&self.url("")).await;
        self.a
            .press("#team-pair", &format!("pair round {round}"))
            .await;
        let url = b.current_url().await;
        assert!(
            url.ends_with(&format!("/rounds/{round}")),
            "pairing round {round} leads to its page, not {url}"
        );
    }

    /// A round's matches from the JSON API.
    pub async fn round(&self, round: u32) -> Vec<MatchInfo> {
        let v = self.api(&format!("/rounds/{round}")).await;
        v["matches"]
            .as_array()
            .expect("matches")
            .iter()
            .map(|m| MatchInfo {
                number: m["number"].as_u64().expect("a match number") as u32,
                white_team: m["white_team"].as_i64().expect("a team"),
                black_team: m["black_team"].as_i64().expect("a team"),
                boards: m["boards"]
                    .as_array()
                    .expect("boards")
                    .iter()
                    .map(|b| BoardInfo {
                        board: b["board"].as_u64().expect("a board") as u32,
                        white: b["white"].as_i64(),
                        black: b["black"].as_i64(),
                        result: b["result"].as_str().map(str::to_string),
                    })
                    .collect(),
                forfeit: m["forfeit"].as_str().map(str::to_string),
                codes: m["codes"]
                    .as_array()
                    .expect("codes")
                    .iter()
                    .map(|c| {
                        (
                            c["team"].as_i64().expect("a team"),
                            c["code"].as_str().expect("a code").to_string(),
                        )
                    })
                    .collect(),
            })
            .collect()
    }

    /// Every board of `matches` but the forfeited ones and `skip`'s, with [`result_for`].
    pub fn all_results(round: u32, matches: &[MatchInfo], skip: &[u32]) -> Vec<(u32, u32, String)> {
        matches
            .iter()
            .filter(|m| m.forfeit.is_none() && !skip.contains(&m.number))
            .flat_map(|m| {
                m.boards.iter().map(move |b| {
                    (
                        m.number,
                        b.board,
                        result_for(round, m.number, b.board).to_string(),
                    )
                })
            })
            .collect()
    }

    /// Chooses results in the round page's grid and saves it, as an arbiter clicks them.
    pub async fn grid(&self, round: u32, results: &[(u32, u32, String)]) {
        let b = self.b();
        b.goto(&self.url(&format!("/rounds/{round}"))).await;
        for (m, board, code) in results {
            b.select(&format!("#r-{m}-{board}"), code).await;
        }
        self.a
            .press("#team-save-results", &format!("save round {round}'s grid"))
            .await;
        for (m, board, code) in results {
            let shown = b.value(&format!("#r-{m}-{board}")).await;
            assert_eq!(
                &shown, code,
                "round {round}, match {m}, board {board} after saving"
            );
        }
    }

    /// The fast path: the round page's result form posted by the page itself (its cookies, its
    /// CSRF token and version, every select it holds), with `results` set.
    pub async fn post_results(&self, round: u32, results: &[(u32, u32, String)]) {
        let b = self.b();
        b.goto(&self.url(&format!("/rounds/{round}"))).await;
        let fields: Vec<Value> = results
            .iter()
            .map(|(m, board, code)| json!([format!("r-{m}-{board}"), code]))
            .collect();
        let script = "const [fields] = arguments;\
             const done = arguments[arguments.length - 1];\
             const form = document.getElementById('team-results');\
             const body = new URLSearchParams(new FormData(form));\
             for (const [k, v] of fields) body.set(k, v);\
             fetch(form.action, {method: 'POST', body, credentials: 'same-origin', redirect: 'manual'})\
               .then(r => r.type === 'opaqueredirect' ? '' : r.text().then(t => r.status + ' ' + t))\
               .then(done, e => done(String(e)));";
        let out = b
            .client
            .execute_async(script, vec![json!(fields)])
            .await
            .expect("post the round's results");
        assert_eq!(
            out,
            json!(""),
            "round {round}'s results posted from its page"
        );
    }

    /// A whole match forfeited from the round page's forfeit form (`+-`, `-+`, `--`).
    pub async fn forfeit(&self, round: u32, number: u32, code: &str) {
        let b = self.b();
        b.goto(&self.url(&format!("/rounds/{round}"))).await;
        b.select(
            &format!("#forfeit-form-{number} select[name=forfeit]"),
            code,
        )
        .await;
        self.a
            .press(
                &format!("#forfeit-form-{number} button[type=submit]"),
                "forfeit the match",
            )
            .await;
        b.find(&format!("#forfeit-{number}")).await;
    }

    /// A lineup the arbiter enters on the round page for a late captain: `out` leaves the
    /// lineup, `in_` (a reserve) enters it.
    pub async fn lineup(&self, round: u32, number: u32, team: i64, out: i64, in_: i64) {
        let b = self.b();
        b.goto(&self.url(&format!("/rounds/{round}"))).await;
        let form = format!("#lineup-{number}-{team}");
        b.click_here(&format!("{form} input[name=p-{out}]")).await;
        b.click_here(&format!("{form} input[name=p-{in_}]")).await;
        self.a
            .press(
                &format!("{form} button[type=submit]"),
                "the arbiter's lineup",
            )
            .await;
    }

    /// The round page's "confirm the reports that agree" button.
    pub async fn confirm_reports(&self, round: u32) {
        let b = self.b();
        b.goto(&self.url(&format!("/rounds/{round}"))).await;
        self.a
            .press(
                "#team-confirm-reports button[type=submit]",
                "confirm the captains' reports",
            )
            .await;
    }

    /// The standings page's table: the tie-breaks' codes and each row's cells (the league's
    /// counts, class `league`, left out).
    pub async fn standings(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let b = self.b();
        b.goto(&self.url("/standings")).await;
        self.a.assert_no_error("the standings").await;
        let v = b
            .eval(
                "const t = document.getElementById('team-standings');\
                 const head = [...t.querySelectorAll('thead th:not(.league)')].map(th => th.innerText.trim());\
                 const rows = [...t.querySelectorAll('tbody tr')].map(tr => [...tr.querySelectorAll('td:not(.league)')].map(td => td.innerText.trim()));\
                 return [head, rows];",
            )
            .await;
        let strings = |v: &Value| -> Vec<String> {
            v.as_array()
                .expect("a list")
                .iter()
                // A French page writes 2,5 where the command line writes 2.5.
                .map(|s| s.as_str().unwrap_or_default().replace(',', "."))
                .collect()
        };
        let head = strings(&v[0]);
        let rows = v[1].as_array().expect("rows").iter().map(strings).collect();
        (head[5..].to_vec(), rows)
    }

    /// The event's whole tie-break list from the JSON API: the other score (GP after MP) first,
    /// which the page shows in its own column, then the event's own.
    pub async fn tiebreaks(&self) -> Vec<String> {
        let v = self.api("/standings").await;
        v["tiebreaks"]
            .as_array()
            .expect("tiebreaks")
            .iter()
            .map(|t| t.as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// The TRF-2026 export, downloaded with the arbiter's session, saved to `file`.
    pub async fn export_trf(&self, file: &Path) -> String {
        let (status, text) = self.b().fetch_text(&self.url("/export.trf")).await;
        assert_eq!(status, 200, "the TRF export answers 200, with: {text}");
        std::fs::write(file, &text).expect("save the TRF");
        text
    }

    /// Pairs each of `rounds` from the event page and posts its results from its page.
    pub async fn post_rounds(&self, rounds: std::ops::RangeInclusive<u32>) {
        for round in rounds {
            self.pair(round).await;
            let matches = self.round(round).await;
            self.post_results(round, &Desk::all_results(round, &matches, &[]))
                .await;
        }
        self.b().goto(&self.url("")).await;
        assert!(
            !self.b().exists("#team-pair").await,
            "every round is paired"
        );
    }

    /// After the last round: the standings (their tie-breaks `tiebreaks`, the first in its
    /// own column) and the match sheet `(round, match)` printed, the TRF-2026 export saved as
    /// `file` in the artifacts and ranked by `arbiter standings --teams` as the page does.
    pub async fn finish(&self, tiebreaks: &[&str], sheet: (u32, u32), file: &str) -> PathBuf {
        let (shown, rows) = self.standings().await;
        let list = self.tiebreaks().await;
        assert_eq!(list, tiebreaks, "the event's tie-breaks");
        assert_eq!(shown, list[1..], "the page's tie-break columns");
        let printed = self.print("/standings", "standings-print-fr").await;
        assert_eq!(printed.pages, 1, "the standings print on one A4 sheet");
        let path = format!("/rounds/{}/matches/{}/sheet", sheet.0, sheet.1);
        self.print(&path, "sheet-print-fr").await;
        let trf = self.a.shots.join(file);
        self.export_trf(&trf).await;
        cli_ranks_as_the_page(&trf, &list, &rows);
        trf
    }

    /// The main pages in French and English, and the standings and match sheet printed in
    /// English too.
    pub async fn pictures(&self, rounds: &[u32], sheet: (u32, u32)) {
        for lang in ["fr", "en"] {
            self.a.switch_language(lang).await;
            main_pages(self, lang, rounds, sheet).await;
        }
        let printed = self.print("/standings", "standings-print-en").await;
        assert_eq!(printed.pages, 1, "the standings print on one A4 sheet");
        let path = format!("/rounds/{}/matches/{}/sheet", sheet.0, sheet.1);
        self.print(&path, "sheet-print-en").await;
    }

    /// Prints the page at `path` (A4, the print stylesheet) to `NAME.pdf` and `NAME.png` and
    /// fails when something sticks out of the paper's width.
    pub async fn print(&self, path: &str, name: &str) -> print::Printed {
        self.b().goto(&self.url(path)).await;
        self.a.assert_no_error(path).await;
        let p = print::print_and_measure(self.b(), &self.a.shots, name, (12.0, 8.0)).await;
        assert!(
            p.overflow.is_empty(),
            "{name} ({} pages) is cut on paper: {}",
            p.pages,
            p.overflow.join("; ")
        );
        p
    }
}

/// A captain opens the match with the code on the phone, swaps the player of board `out` for
/// the reserve `in_`, checks the review and confirms. `shots` keeps the pages as `PREFIX-…`.
pub async fn captain_lineup(
    phone: &Browser,
    base: &str,
    code: &str,
    (out, in_): (i64, i64),
    reserve_name: &str,
    shots: Option<(&Path, &str)>,
) {
    phone
        .goto(&format!("{base}/teams/captain?code={code}"))
        .await;
    if let Some((dir, prefix)) = shots {
        phone.screenshot(dir, &format!("{prefix}-code")).await;
    }
    phone.click("#captain-open").await;
    phone.find("#captain-lineup-form").await;
    if let Some((dir, prefix)) = shots {
        phone.screenshot(dir, &format!("{prefix}-lineup")).await;
    }
    phone
        .click_here(&format!("#captain-lineup-form input[name=p-{out}]"))
        .await;
    phone
        .click_here(&format!("#captain-lineup-form input[name=p-{in_}]"))
        .await;
    phone
        .click("#captain-lineup-form button[type=submit]")
        .await;
    let review = phone
        .find("#captain-review")
        .await
        .text()
        .await
        .unwrap_or_default();
    assert!(
        review.contains(reserve_name),
        "the review names the reserve {reserve_name}: {review:?}"
    );
    if let Some((dir, prefix)) = shots {
        phone.screenshot(dir, &format!("{prefix}-review")).await;
    }
    phone.click("#captain-confirm").await;
    phone.find("#captain-notice").await;
    if let Some((dir, prefix)) = shots {
        phone.screenshot(dir, &format!("{prefix}-saved")).await;
    }
}

/// A captain reports the boards' results from the phone: chooses them, checks the review and
/// confirms. Returns the page's text after sending.
pub async fn captain_report(
    phone: &Browser,
    base: &str,
    code: &str,
    results: &[(u32, &str)],
    shots: Option<(&Path, &str)>,
) -> String {
    phone
        .goto(&format!("{base}/teams/captain?code={code}"))
        .await;
    phone.click("#captain-open").await;
    for (board, r) in results {
        phone.select(&format!("#b-{board}"), r).await;
    }
    if let Some((dir, prefix)) = shots {
        phone.screenshot(dir, &format!("{prefix}-results")).await;
    }
    phone.click("#captain-send").await;
    phone.find("#captain-review").await;
    if let Some((dir, prefix)) = shots {
        phone.screenshot(dir, &format!("{prefix}-review")).await;
    }
    phone.click("#captain-confirm").await;
    phone.find("#captain-notice").await;
    if let Some((dir, prefix)) = shots {
        phone.screenshot(dir, &format!("{prefix}-sent")).await;
    }
    phone.body_text().await
}

/// `arbiter validate` on the exported file, then `arbiter standings --teams` with the event's
/// tie-breaks: the same places, numbers, names, match and game points and values as the page
/// (whose game points, the first tie-break, are in their own column).
pub fn cli_ranks_as_the_page(trf: &Path, tiebreaks: &[String], page: &[Vec<String>]) {
    let (code, out, err) = run_arbiter(&[OsStr::new("validate"), trf.as_os_str()]);
    assert_eq!(
        code,
        0,
        "arbiter validate {}: exit {code}\n{out}{err}",
        trf.display()
    );
    let list = tiebreaks.join(",");
    let (code, out, err) = run_arbiter(&[
        OsStr::new("standings"),
        trf.as_os_str(),
        OsStr::new("--teams"),
        OsStr::new("-t"),
        OsStr::new(&list),
        OsStr::new("-f"),
        OsStr::new("csv"),
    ]);
    assert_eq!(
        code, 0,
        "arbiter standings --teams: exit {code}\n{out}{err}"
    );
    let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines.len(),
        page.len() + 1,
        "one line a team and a header:\n{out}"
    );
    for (line, row) in lines[1..].iter().zip(page) {
        // The first tie-break is the game points: their column is not repeated.
        let cells: Vec<&str> = line.split(',').map(|c| c.trim_matches('"')).collect();
        assert_eq!(
            cells,
            *row,
            "arbiter standings --teams -t {list} on {} ranks as the page does:\n{out}",
            trf.display()
        );
    }
}

/// Every round of a team round robin's exported file as the real binary's Berger table says
/// (`arbiter pair --round-robin N [--double]`): the opponents, and the home team (White on
/// board 1) of every match played over the board.
pub fn rounds_follow_the_table(trf: &Path, teams: u32, double: bool) {
    let text = std::fs::read_to_string(trf).expect("read the TRF");
    let t = tournament::trf::read(&text).unwrap_or_else(|e| panic!("{}: {e}", trf.display()));
    let histories = tournament::team::team_histories(&t).expect("the file's team matches");
    let n = teams.to_string();
    let mut args = vec![
        OsStr::new("pair"),
        OsStr::new("--round-robin"),
        OsStr::new(&n),
    ];
    if double {
        args.push(OsStr::new("--double"));
    }
    let (code, table, err) = run_arbiter(&args);
    assert_eq!(code, 0, "arbiter pair --round-robin {teams}: {err}");
    let mut rounds = 0;
    for line in table.lines() {
        let Some((head, boards)) = line.split_once(':') else {
            continue;
        };
        let Ok(round) = head.trim_start_matches("Round").trim().parse::<usize>() else {
            continue;
        };
        for pair in boards.split(',') {
            let (w, b) = pair.trim().split_once('-').expect("WHITE-BLACK");
            let (w, b): (u32, u32) = (w.parse().expect("a number"), b.parse().expect("a number"));
            let home = histories
                .iter()
                .find(|h| h.number == w)
                .unwrap_or_else(|| panic!("team {w} in the file"));
            let entry = home.rounds[round - 1].entry;
            assert_eq!(
                entry.opponent(),
                Some(b),
                "round {round}: the table pairs {w}-{b}, the file has {entry:?}"
            );
            if let tournament::team::TeamEntry::Match {
                played: true,
                color,
                ..
            } = entry
            {
                assert_eq!(
                    color,
                    Some(tournament::Color::White),
                    "round {round}: team {w} is at home (White on board 1) in the table"
                );
            }
        }
        rounds += 1;
    }
    let expected = if double { 2 * (teams - 1) } else { teams - 1 };
    assert_eq!(rounds, expected as usize, "the table's rounds:\n{table}");
}

/// `arbiter check --system team`: every round as the Swiss Team engine pairs it.
pub fn check_swiss_team(trf: &Path, rounds: u32) {
    let (code, out, err) = run_arbiter(&[
        OsStr::new("check"),
        OsStr::new("--system"),
        OsStr::new("team"),
        trf.as_os_str(),
    ]);
    let expected = format!("0 of {rounds} rounds differ");
    assert!(
        code == 0 && out.contains(&expected),
        "arbiter check --system team {}: exit {code}, expected {expected:?}\n{out}{err}",
        trf.display()
    );
}

/// The main team pages, in the current language, as `NAME-LANG.png`.
async fn main_pages(d: &Desk<'_>, lang: &str, rounds: &[u32], sheet: (u32, u32)) {
    let id = d.id;
    let mut pages: Vec<(String, String)> = vec![
        ("events".into(), d.a.url("/teams")),
        ("teams".into(), d.url("")),
        ("settings".into(), d.url("/settings")),
        ("standings".into(), d.url("/standings")),
        (
            "crosstable".into(),
            d.a.url(&format!("/public/teams/{id}/crosstable")),
        ),
        (
            "boards".into(),
            d.a.url(&format!("/public/teams/{id}/boards")),
        ),
        ("public".into(), d.a.url(&format!("/public/teams/{id}"))),
        (
            "sheet".into(),
            d.url(&format!("/rounds/{}/matches/{}/sheet", sheet.0, sheet.1)),
        ),
    ];
    pages.extend(
        rounds
            .iter()
            .map(|r| (format!("round-{r}"), d.url(&format!("/rounds/{r}")))),
    );
    for (name, url) in pages {
        d.b().goto(&url).await;
        d.a.assert_no_error(&name).await;
        assert_eq!(
            d.b().html_lang().await,
            lang,
            "{url} declares <html lang={lang}>"
        );
        d.shot(&format!("{name}-{lang}")).await;
    }
}

/// Each team's players on a match's boards, in board order.
fn lineup_of(m: &MatchInfo, team: &TeamInfo) -> Vec<i64> {
    let ids: Vec<i64> = team.roster.iter().map(|p| p.0).collect();
    m.boards
        .iter()
        .map(|b| match (b.white, b.black) {
            (Some(w), _) if ids.contains(&w) => w,
            (_, Some(b)) => b,
            _ => panic!("board {} has no player of {}", b.board, team.name),
        })
        .collect()
}

fn team_by_id(teams: &[TeamInfo], id: i64) -> &TeamInfo {
    teams
        .iter()
        .find(|t| t.id == id)
        .unwrap_or_else(|| panic!("team key {id}"))
}

/// A roster's lineup with the player of board `out` (from 0) replaced by the reserve (board 5).
fn swapped(team: &TeamInfo, out: usize) -> Vec<i64> {
    team.roster
        .iter()
        .enumerate()
        .filter(|(k, _)| *k != out)
        .map(|(_, p)| p.0)
        .collect()
}

/// The captains of the round's first matches set their lineups from their phones (every one
/// but `late`'s team, which the arbiter enters on the round page): each swaps a player for the
/// reserve (board 4 for the home teams, board 3 for the visitors). Checks the boards after.
async fn lineups(
    d: &Desk<'_>,
    phone: &Browser,
    round: u32,
    matches: &[MatchInfo],
    teams: &[TeamInfo],
    late: i64,
    shots: &Path,
) {
    let base = d.a.url("");
    let base = base.trim_end_matches('/');
    let mut first = true;
    let mut expected = Vec::new();
    let mut late_one = None;
    for m in matches {
        for (team, out) in [(m.white_team, 3usize), (m.black_team, 2)] {
            let t = team_by_id(teams, team);
            let (gone, reserve) = (t.roster[out].0, t.roster[4].0);
            if team == late {
                late_one = Some((m.number, gone, reserve));
            } else {
                let s = first.then_some((shots, "phone-captain-lineup"));
                captain_lineup(
                    phone,
                    base,
                    m.code_of(team),
                    (gone, reserve),
                    &t.roster[4].1,
                    s,
                )
                .await;
                first = false;
            }
            expected.push((m.number, t.clone(), swapped(t, out)));
        }
    }
    // The late captain's lineup, given to the arbiter on paper.
    let (number, gone, reserve) = late_one.expect("the late team plays one of the matches");
    d.lineup(round, number, late, gone, reserve).await;
    d.shot("round-late-lineup").await;
    let now = d.round(round).await;
    for (number, t, lineup) in expected {
        let m = now.iter().find(|m| m.number == number).expect("the match");
        assert_eq!(
            lineup_of(m, &t),
            lineup,
            "round {round}, match {number}: {}'s lineup as its captain (or the arbiter) set it",
            t.name
        );
    }
}

/// A 10-team, 4-board double round robin (home and away), 18 rounds: the captains' lineups
/// and reports from phones in round 1 (one lineup late, entered by the arbiter; one board
/// reported differently by the two captains, settled by the arbiter), a board forfeit in
/// round 2, a match forfeited in round 3, round 1 corrected after round 3, the rest posted from
/// the round pages. The exported TRF follows the Berger table and ranks as the page does.
pub async fn league(chromedriver: PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("teams-league");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let mut d = Desk::open(&driver, &server, &shots).await;
    d.create(
        "Interclubs de Franche-Comté",
        "double_round_robin",
        None,
        4,
        "EDE,SB,BC",
    )
    .await;
    d.settings("2026-09-20", "2027-05-30").await;
    d.import(&rosters_csv(10), 10).await;
    let teams = d.teams().await;
    assert_eq!(teams.len(), 10);
    assert!(
        teams.iter().all(|t| t.roster.len() == 5),
        "five players a team"
    );

    // Round 1: the lineups from the captains' phones, one entered late by the arbiter.
    d.pair(1).await;
    let r1 = d.round(1).await;
    assert_eq!(r1.len(), 5, "five matches a round");
    let phone = driver.phone("captain-home", 390, 844).await;
    phone
        .goto(&server.url("/lang/fr?back=/teams/captain"))
        .await;
    let away_phone = driver.phone("captain-away", 390, 844).await;
    away_phone
        .goto(&server.url("/lang/fr?back=/teams/captain"))
        .await;
    let late = r1[0].black_team;
    lineups(&d, &phone, 1, &r1, &teams, late, &shots).await;
    let r1 = d.round(1).await;

    // Match 1: both captains report the same results; match 2: they differ on board 2.
    let reported = |m: &MatchInfo| -> Vec<(u32, &'static str)> {
        m.boards
            .iter()
            .map(|b| (b.board, result_for(1, m.number, b.board)))
            .collect()
    };
    let base = server.url("");
    let base = base.trim_end_matches('/');
    let (m1, m2) = (&r1[0], &r1[1]);
    captain_report(
        &phone,
        base,
        m1.code_of(m1.white_team),
        &reported(m1),
        Some((&shots, "phone-captain-report")),
    )
    .await;
    captain_report(
        &away_phone,
        base,
        m1.code_of(m1.black_team),
        &reported(m1),
        None,
    )
    .await;
    captain_report(&phone, base, m2.code_of(m2.white_team), &reported(m2), None).await;
    let mut other = reported(m2);
    other[1].1 = if other[1].1 == "1-0" { "0-1" } else { "1-0" };
    let text = captain_report(
        &away_phone,
        base,
        m2.code_of(m2.black_team),
        &other,
        Some((&shots, "phone-captain-conflict")),
    )
    .await;
    assert!(
        text.contains("l'arbitre tranche"),
        "the second captain is told the arbiter decides:\n{text}"
    );
    d.b().goto(&d.url("/rounds/1")).await;
    let flagged = d.b().attr("#reported-2-2", "class").await;
    assert_eq!(
        flagged, "error",
        "the conflicting board stands out on the round page"
    );
    d.shot("round-reports").await;
    d.confirm_reports(1).await;
    // The arbiter keeps the home captain's result on board 2, and enters matches 3 to 5.
    let mut grid = vec![(2, 2, result_for(1, 2, 2).to_string())];
    grid.extend(Desk::all_results(1, &r1, &[1, 2]));
    d.grid(1, &grid).await;
    assert!(
        !d.b().exists("#reported-2-2").await,
        "the conflict is settled"
    );

    // From round 2 the captains keep one code for the season (issue 39 §7): the codes page
    // prints one per team.
    d.b().goto(&d.url("/codes")).await;
    d.b().select("#codes-kind", "team").await;
    d.b().click("#codes-kind-save").await;
    d.b().find("#code-cards").await;
    d.shot("captain-codes").await;
    let keeper = team_by_id(&teams, r1[0].white_team);
    let code = d
        .b()
        .find(&format!("#code-text-{}", keeper.id))
        .await
        .text()
        .await
        .unwrap_or_default();
    assert_eq!(code.len(), 6, "a team's code: {code:?}");

    // Round 2: the grid clicked, a board lost by forfeit; the captain of the first match's
    // home team enters the lineup with the team's code.
    d.pair(2).await;
    let r2 = d.round(2).await;
    let season_lineup = |r: &[MatchInfo], out: usize| {
        let m = r
            .iter()
            .find(|m| m.white_team == keeper.id || m.black_team == keeper.id)
            .expect("the team plays every round")
            .clone();
        assert_eq!(
            m.code_of(keeper.id),
            code,
            "the round lists the team's code"
        );
        (
            m,
            (keeper.roster[out].0, keeper.roster[4].0),
            swapped(keeper, out),
        )
    };
    let (m, swap, expected) = season_lineup(&r2, 1);
    captain_lineup(&phone, base, &code, swap, &keeper.roster[4].1, None).await;
    let now = d.round(2).await;
    let m = now
        .iter()
        .find(|x| x.number == m.number)
        .expect("the match");
    assert_eq!(
        lineup_of(m, keeper),
        expected,
        "round 2 with the season's code"
    );
    let mut grid = Desk::all_results(2, &r2, &[]);
    grid[9].2 = "0F-1F".to_string();
    d.grid(2, &grid).await;
    // Round 3: the same code opens the team's next match; the home team of match 4 does not
    // come; the rest from the page.
    d.pair(3).await;
    let (m, swap, expected) = season_lineup(&d.round(3).await, 0);
    captain_lineup(&phone, base, &code, swap, &keeper.roster[4].1, None).await;
    let now = d.round(3).await;
    let m = now
        .iter()
        .find(|x| x.number == m.number)
        .expect("the match");
    assert_eq!(lineup_of(m, keeper), expected, "round 3 with the same code");
    d.forfeit(3, 4, "-+").await;
    d.shot("round-forfeit").await;
    let r3 = d.round(3).await;
    d.post_results(3, &Desk::all_results(3, &r3, &[])).await;
    // Round 1 corrected: match 3, board 1.
    let wrong = result_for(1, 3, 1);
    let right = if wrong == "1/2" { "1-0" } else { "1/2" };
    d.grid(1, &[(3, 1, right.to_string())]).await;
    d.shot("round-1-corrected").await;
    let corrected = d.round(1).await;
    assert_eq!(corrected[2].boards[0].result.as_deref(), Some(right));
    // Rounds 4 to 18 from the round pages.
    d.post_rounds(4..=18).await;
    let trf = d
        .finish(&["GP", "EDE", "SB", "BC"], (1, 2), "league.trf")
        .await;
    rounds_follow_the_table(&trf, 10, true);
    d.pictures(&[1, 3], (1, 2)).await;
    phone.close().await;
    away_phone.close().await;
    d.a.b.close().await;
    eprintln!("team league through the browser: {:?}", started.elapsed());
}

/// A 24-team, 4-board, 7-round Swiss Team event: the first matches' lineups from the
/// captains' phones in round 1 (one late, entered by the arbiter), match 1's reports agreed and
/// confirmed, a board forfeit in round 2, a match forfeited in round 3, the rest posted from the
/// round pages. `arbiter check --system team` finds every round as the engine pairs it and the
/// standings rank as the page does.
pub async fn swiss(chromedriver: PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("teams-swiss");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let mut d = Desk::open(&driver, &server, &shots).await;
    d.create(
        "Open par équipes de Besançon",
        "swiss_team",
        Some(7),
        4,
        "BH:MP,EMGSB,BC",
    )
    .await;
    d.settings("2026-11-21", "2026-11-22").await;
    d.import(&rosters_csv(24), 24).await;
    let teams = d.teams().await;
    assert_eq!(teams.len(), 24);

    d.pair(1).await;
    let r1 = d.round(1).await;
    assert_eq!(r1.len(), 12, "twelve matches a round");
    let phone = driver.phone("captain", 390, 844).await;
    phone
        .goto(&server.url("/lang/fr?back=/teams/captain"))
        .await;
    let late = r1[2].black_team;
    lineups(&d, &phone, 1, &r1[..3], &teams, late, &shots).await;
    let r1 = d.round(1).await;
    let base = server.url("");
    let base = base.trim_end_matches('/');
    let m1 = &r1[0];
    let reported: Vec<(u32, &str)> = m1
        .boards
        .iter()
        .map(|b| (b.board, result_for(1, 1, b.board)))
        .collect();
    for team in [m1.white_team, m1.black_team] {
        captain_report(&phone, base, m1.code_of(team), &reported, None).await;
    }
    d.confirm_reports(1).await;
    d.post_results(1, &Desk::all_results(1, &r1, &[1])).await;

    d.pair(2).await;
    let r2 = d.round(2).await;
    let mut grid = Desk::all_results(2, &r2, &[]);
    grid[6].2 = "1F-0F".to_string();
    d.grid(2, &grid).await;
    d.pair(3).await;
    d.forfeit(3, 7, "+-").await;
    let r3 = d.round(3).await;
    d.post_results(3, &Desk::all_results(3, &r3, &[])).await;
    d.post_rounds(4..=7).await;
    let trf = d
        .finish(&["GP", "BH:MP", "EMGSB", "BC"], (3, 7), "swiss.trf")
        .await;
    check_swiss_team(&trf, 7);
    d.pictures(&[1, 7], (1, 1)).await;
    phone.close().await;
    d.a.b.close().await;
    eprintln!(
        "Swiss Team event through the browser: {:?}",
        started.elapsed()
    );
}
