//! Teams of four at a bridge club (issue 24 §1), through the real UI: an 8-team Swiss teams
//! evening (3 rounds of 8 boards) whose two rooms of every match are entered from phone-sized
//! windows with the codes of the printed slips, one board entered differently by a second
//! phone at the same table (a conflict the director settles from the event page), one board
//! corrected by the director on the match's grid; then a 4-team round robin (3 rounds of 6
//! boards) typed by the director on the matches' grids, in French notation.
//!
//! Every match's board scores, IMPs, match IMPs and VPs are checked on its comparison page
//! against the tables below, worked out by hand and written here: contract scores from the
//! Laws' scoring table (Law 77), IMPs from the WBF IMP scale (Law 78B), VPs from the WBF 2013
//! continuous 20-point scale for the match's length (8 boards: blitz 15·√8 ≈ 42.4 IMPs; 6
//! boards: 15·√6 ≈ 36.7), 10 + 10·(1 − τ^(3M/blitz))/(1 − τ³) rounded to two decimals with
//! the WBF report's concavity correction, worked out for this test outside the engine (8
//! boards: 1 IMP 10.44, 5 → 12.05, 7 → 12.77, 10 → 13.78, 15 → 15.23; 6 boards: 5 → 12.33,
//! 7 → 13.15); the WBF's printed tables were not at hand to compare.
//! Then the standings (VP totals, places, the IMP quotient that breaks a tie) and the cross
//! table. Nothing expected here is computed by the engine.
//!
//! The evening's 24 deals (a deterministic PBN written here) are uploaded to the teams event
//! once the evening is over: its analysed hand records page (double-dummy table, makeable
//! contracts, par; public too, every room having played every board) is shot on screen and
//! printed to PDF, and a match's board number leads to its deal.
//!
//! Screenshots and PDFs in French and English: `TARGET/browser-artifacts/bridge-teams/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use super::arbiter::Arbiter;
use super::director::{fill_keypad, hand_records};
use super::harness::{artifacts_dir, Browser, Driver, Server};
use super::print::print_and_measure;

/// One board of a match: (board, open room, closed room, North-South's score in the open
/// room, in the closed room, IMPs to the home team). A room's result is written as the table
/// enters it: `4SX N -2` (level and strain, `X` or `XX`, declarer, result), `P` passed out.
/// The home team sits North-South in the open room, so its net score is open − closed.
type Board = (u32, &'static str, &'static str, i32, i32, i32);

/// A match as worked out by hand.
#[derive(Debug)]
pub struct Match {
    round: u32,
    number: u32,
    home: u32,
    visit: u32,
    /// IMPs won by the home team and by the visitors.
    imps: (u32, u32),
    /// VPs of the home team and of the visitors (WBF 2013, two decimals).
    vp: (&'static str, &'static str),
    boards: &'static [Board],
}

const SWISS_TEAMS: [&str; 8] = [
    "Besançon",
    "Dijon",
    "Mâcon",
    "Belfort",
    "Vesoul",
    "Dole",
    "Pontarlier",
    "Montbéliard",
];
const ROUND_ROBIN_TEAMS: [&str; 4] = ["Lons-le-Saunier", "Auxerre", "Chalon", "Beaune"];

/// The conflict: round 2, match 1, open room, board 15 (North-South vulnerable). The first
/// phone enters 4♠ by North one down (NS −100); a second phone at the same table enters 4♠
/// doubled one down (NS −200), which the director takes: the table below has −200.
const CONFLICT: (u32, u32, u32, &str) = (2, 1, 15, "4S N -1");

/// The correction: round 1, match 2, closed room, board 5. The phone enters 2♠ by West made
/// (NS −110: net 0 − (−110) = +110, 3 IMPs to the home team); the director makes it 2♠ +1
/// (NS −140: net +140, 4 IMPs), as in the table below.
const CORRECTION: (u32, u32, u32, &str) = (1, 2, 5, "2S W =");

/// The Swiss standings after 3 rounds, by hand from the table below: (place, team, VPs, IMPs
/// won, IMPs lost, IMP quotient to three decimals). VPs round by round: team 1 7.23 + 14.96 +
/// 4.50 = 26.69; 2: 12.77 + 9.14 + 2.89 = 24.80; 3: 15.23 + 13.78 + 7.23 = 36.24; 4: 4.77 +
/// 18.68 + 5.61 = 29.06; 5: 14.09 + 10.86 + 12.77 = 37.72; 6: 5.91 + 5.04 + 17.11 = 28.06;
/// 7: 17.11 + 6.22 + 14.39 = 37.72; 8: 2.89 + 1.32 + 15.50 = 19.71. Teams 7 and 5 tie on VPs
/// and have not met, so the head-to-head tie-break cannot apply and the IMP quotient decides:
/// 52/27 = 1.926 against 61/41 = 1.488.
const SWISS_STANDINGS: [(&str, u32, &str, u32, u32, &str); 8] = [
    ("1", 7, "37.72", 52, 27, "1.926"),
    ("2", 5, "37.72", 61, 41, "1.488"),
    ("3", 3, "36.24", 60, 42, "1.429"),
    ("4", 4, "29.06", 60, 55, "1.091"),
    ("5", 6, "28.06", 45, 47, "0.957"),
    ("6", 1, "26.69", 36, 45, "0.800"),
    ("7", 2, "24.80", 36, 54, "0.667"),
    ("8", 8, "19.71", 16, 55, "0.291"),
];

/// The round robin's standings, by hand: VPs 1: 4.46 + 7.67 + 6.85 = 18.98; 2: 16.89 + 6.85 +
/// 13.15 = 36.89; 3: 3.11 + 12.33 + 8.54 = 23.98; 4: 15.54 + 13.15 + 11.46 = 40.15.
const ROUND_ROBIN_STANDINGS: [(&str, u32, &str, u32, u32, &str); 4] = [
    ("1", 4, "40.15", 68, 44, "1.545"),
    ("2", 2, "36.89", 50, 31, "1.613"),
    ("3", 3, "23.98", 45, 62, "0.726"),
    ("4", 1, "18.98", 40, 66, "0.606"),
];

/// The Swiss draws (home team first). Round 1: every team on 0 VP, ranked by number: 1–2,
/// 3–4, 5–6, 7–8. Then `bridge::teams::swiss_pairing` (crates/bridge/src/teams.rs): the
/// teams ranked by the standings (VPs, then the tie-breaks), each unpaired team in turn meets
/// the highest-ranked team below it that it has not met, backing up where that would leave
/// only rematches; the higher-ranked team is at home.
/// After round 1: 7 (17.11), 3 (15.23), 5 (14.09), 2 (12.77), 1 (7.23), 6 (5.91), 4 (4.77),
/// 8 (2.89): 7–3, 5–2, 1–6, 4–8, no rematch among them.
/// After round 2: 3 (15.23 + 13.78 = 29.01), 5 (24.95), 4 (23.45), 7 (23.33), 1 (22.19),
/// 2 (21.91), 6 (10.95), 8 (4.21): 3–5, 4–7; then 1 has met 2 (round 1) and 6 (round 2), so
/// it meets 8; 2–6 have not met.
const SWISS_DRAWS: [[(u32, u32); 4]; 3] = [
    [(1, 2), (3, 4), (5, 6), (7, 8)],
    [(7, 3), (5, 2), (1, 6), (4, 8)],
    [(3, 5), (4, 7), (1, 8), (2, 6)],
];

/// The round robin of 4 teams by the circle method (`bridge::teams::round_robin`): team 4
/// fixed, the others turning; home and away alternate for the fixed team.
const ROUND_ROBIN_DRAWS: [[(u32, u32); 2]; 3] =
    [[(1, 4), (2, 3)], [(4, 2), (3, 1)], [(3, 4), (1, 2)]];

/// The keypad's fields for a result (`4SX N -2`, `P`), as `director::fill_keypad` takes them.
pub(super) fn keypad(spec: &str) -> Value {
    if spec == "P" {
        return json!({"level": "P"});
    }
    let (contract, declarer, result) = split(spec);
    let (level, rest) = contract.split_at(1);
    let strain = rest.trim_end_matches('X');
    let doubling = &rest[strain.len()..];
    json!({
        "level": level,
        "strain": strain,
        "doubling": doubling,
        "declarer": declarer,
        "result": result,
    })
}

fn split(spec: &str) -> (&str, &str, &str) {
    let parts: Vec<&str> = spec.split(' ').collect();
    assert_eq!(parts.len(), 3, "{spec}: contract, declarer, result");
    (parts[0], parts[1], parts[2])
}

/// A result as a French director types it on the grid: strains P C K T SA, West is O.
fn french(spec: &str) -> (String, String, String) {
    if spec == "P" {
        return ("P".into(), String::new(), String::new());
    }
    let (contract, declarer, result) = split(spec);
    let (level, rest) = contract.split_at(1);
    let strain = rest.trim_end_matches('X');
    let doubling = &rest[strain.len()..];
    let strain = match strain {
        "S" => "P",
        "H" => "C",
        "D" => "K",
        "C" => "T",
        "NT" => "SA",
        s => panic!("a strain, not {s}"),
    };
    let declarer = if declarer == "W" { "O" } else { declarer };
    (
        format!("{level}{strain}{doubling}"),
        declarer.to_string(),
        result.to_string(),
    )
}

/// North-South's score as a table's phone shows it: `+420`, `0`, `−110`.
pub(super) fn phone_score(s: i32) -> String {
    match s {
        s if s > 0 => format!("+{s}"),
        0 => "0".into(),
        s => format!("\u{2212}{}", -s),
    }
}

/// `12.77` as a French page writes it.
pub(super) fn fr(number: &str) -> String {
    number.replace('.', ",")
}

/// The number after `prefix` in the URL of the page a creation led to.
pub(super) fn id_after(url: &str, prefix: &str) -> u64 {
    url.split(prefix)
        .nth(1)
        .and_then(|rest| rest.split(['/', '?', '#']).next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("a page under {prefix}ID, not {url}"))
}

/// The director's browser on one teams event.
struct Desk<'a> {
    a: Arbiter<'a>,
    id: u64,
}

impl<'a> Desk<'a> {
    /// The first account's desktop browser, in French, on a new event made from the teams
    /// events page with its teams.
    async fn open(
        server: &'a Server,
        driver: &Driver,
        shots: &Path,
        name: &str,
        format: &str,
        boards: u32,
        teams: &[&str],
    ) -> Desk<'a> {
        let browser = driver.desktop("director", 1280, 900).await;
        let a = Arbiter::first_account(browser, server, shots.to_path_buf()).await;
        a.b.goto(&server.url("/bridge/teams")).await;
        a.switch_language("fr").await;
        let mut d = Desk { a, id: 0 };
        d.create(name, format, boards, teams).await;
        d
    }

    fn url(&self, path: &str) -> String {
        self.a.url(&format!("/bridge/teams/{}{path}", self.id))
    }

    /// Creates the event from the teams events page's form and enters its teams there.
    async fn create(&mut self, name: &str, format: &str, boards: u32, teams: &[&str]) {
        let b = &self.a.b;
        b.goto(&self.a.url("/bridge/teams")).await;
        b.fill("#bteams-name", name).await;
        b.set_value("#bteams-date", "2026-03-12").await;
        b.fill("#bteams-boards", &boards.to_string()).await;
        b.select("#bteams-format", format).await;
        if format == "swiss" {
            // The Swiss says how many rounds it plays: its phones read "Tour 1/3".
            b.fill("#bteams-swiss-rounds", &SWISS_DRAWS.len().to_string())
                .await;
        }
        b.select("#bteams-scoring", "wbf2013").await;
        self.a
            .press("#bteams-create", "create the teams event")
            .await;
        let url = b.current_url().await;
        self.id = id_after(&url, "/bridge/teams/");
        for (i, team) in teams.iter().enumerate() {
            let n = i + 1;
            let players = ["Anne", "Bernard", "Chloé", "Denis"]
                .iter()
                .enumerate()
                .map(|(k, first)| {
                    if k == 0 {
                        format!("{first} {team}; 0{n}123456")
                    } else {
                        format!("{first} {team}")
                    }
                })
                .collect::<Vec<_>>()
                .join("\n");
            // The number field offers the next team's number.
            let offered = b.value("#team-number").await;
            assert_eq!(offered, n.to_string(), "the team form offers number {n}");
            b.fill("#team-name", team).await;
            b.fill("#team-players", &players).await;
            self.a.press("#team-save", "save a team").await;
        }
        let rows = b.find_all("#bteams-teams tbody tr").await;
        assert_eq!(rows.len(), teams.len(), "the teams listed");
    }

    /// Draws the next round from the event page and checks its matches against `expected`
    /// (home, visitors).
    async fn draw(&self, round: u32, expected: &[(u32, u32)], names: &[&str]) {
        let b = &self.a.b;
        b.goto(&self.url("")).await;
        self.a.press("#bteams-draw", "draw the next round").await;
        let rows = self.rows(&format!("#round-{round}-matches tbody tr")).await;
        let drawn: Vec<(String, String)> =
            rows.iter().map(|r| (r[1].clone(), r[2].clone())).collect();
        let want: Vec<(String, String)> = expected
            .iter()
            .map(|&(h, v)| {
                (
                    names[h as usize - 1].to_string(),
                    names[v as usize - 1].to_string(),
                )
            })
            .collect();
        assert_eq!(drawn, want, "round {round}'s draw");
    }

    /// The text of every cell of the rows matching `css` on the page shown.
    async fn rows(&self, css: &str) -> Vec<Vec<String>> {
        let v = self
            .a
            .b
            .client
            .execute(
                "return Array.from(document.querySelectorAll(arguments[0])).map(tr =>\
                   Array.from(tr.querySelectorAll('td, th')).map(td => td.textContent.trim()));",
                vec![json!(css)],
            )
            .await
            .expect("read the rows");
        serde_json::from_value(v).expect("rows of cells")
    }

    /// The table codes from the printed slips: (match, room) → code.
    async fn codes(&self, matches: u32) -> BTreeMap<(u32, &'static str), String> {
        let b = &self.a.b;
        b.goto(&self.url("/tables")).await;
        self.a.assert_no_error("the table slips").await;
        let mut codes = BTreeMap::new();
        for m in 1..=matches {
            for room in ["open", "closed"] {
                let code = b
                    .find(&format!("#code-{m}-{room}"))
                    .await
                    .text()
                    .await
                    .unwrap_or_default();
                assert!(!code.trim().is_empty(), "match {m}, {room} room: a code");
                codes.insert((m, room), code.trim().to_string());
            }
        }
        codes
    }

    /// The match's comparison page against the hand-computed match, in French.
    async fn check_match(&self, m: &Match) {
        let b = &self.a.b;
        b.goto(&self.url(&format!("/matches/{}/{}", m.round, m.number)))
            .await;
        self.a.assert_no_error("a match's comparison").await;
        let cells: BTreeMap<String, String> = serde_json::from_value(
            b.eval(
                "const out = {}; for (const td of document.querySelectorAll('#comparison [id]')) out[td.id] = td.textContent.trim(); return out;",
            )
            .await,
        )
        .expect("the comparison's cells");
        let what = format!("round {}, match {}", m.round, m.number);
        for &(board, open, closed, open_ns, closed_ns, imps) in m.boards {
            let cell = |id: String| cells.get(&id).cloned().unwrap_or_default();
            assert_eq!(
                cell(format!("open-{board}-score")),
                open_ns.to_string(),
                "{what}, board {board}: the open room's {open}"
            );
            assert_eq!(
                cell(format!("closed-{board}-score")),
                closed_ns.to_string(),
                "{what}, board {board}: the closed room's {closed}"
            );
            assert_eq!(
                cell(format!("net-{board}")),
                (open_ns - closed_ns).to_string(),
                "{what}, board {board}: the home team's net score"
            );
            let (home, visit) = match imps {
                i if i > 0 => (i.to_string(), String::new()),
                i if i < 0 => (String::new(), (-i).to_string()),
                _ => ("0".to_string(), "0".to_string()),
            };
            assert_eq!(
                (
                    cell(format!("imps-home-{board}")),
                    cell(format!("imps-visit-{board}"))
                ),
                (home, visit),
                "{what}, board {board}: the IMPs"
            );
        }
        let total = (
            b.find("#total-home").await.text().await.unwrap_or_default(),
            b.find("#total-visit")
                .await
                .text()
                .await
                .unwrap_or_default(),
        );
        assert_eq!(
            total,
            (m.imps.0.to_string(), m.imps.1.to_string()),
            "{what}: the match's IMPs"
        );
        // The totals stand under the IMP columns.
        let first = m.boards[0].0;
        let lefts = b
            .eval(&format!(
                "return ['total-home', 'imps-home-{first}', 'total-visit', 'imps-visit-{first}']\
                   .map(id => Math.round(document.getElementById(id).getBoundingClientRect().left));"
            ))
            .await;
        assert_eq!(
            (&lefts[0], &lefts[2]),
            (&lefts[1], &lefts[3]),
            "{what}: the total IMPs under the IMP columns"
        );
        let points = b
            .find("#match-points")
            .await
            .text()
            .await
            .unwrap_or_default();
        let want = format!("PV {} – {}", fr(m.vp.0), fr(m.vp.1));
        assert_eq!(points, want, "{what}: the VPs");
    }

    /// The round's line of each match on the event page (IMPs, VPs, boards done).
    async fn check_round_lines(&self, matches: &[&Match]) {
        self.a.b.goto(&self.url("")).await;
        for m in matches {
            let row = self
                .rows(&format!("#match-{}-{}", m.round, m.number))
                .await
                .pop()
                .expect("the match's line");
            assert_eq!(
                row[3..],
                [
                    format!("{} – {}", m.imps.0, m.imps.1),
                    format!("{} – {}", fr(m.vp.0), fr(m.vp.1)),
                    format!("{0}/{0}", m.boards.len()),
                ],
                "round {}, match {}'s line on the event page",
                m.round,
                m.number
            );
        }
    }

    /// The standings and the cross table, in French, against the hand-computed ones.
    async fn check_standings(
        &self,
        standings: &[(&str, u32, &str, u32, u32, &str)],
        matches: &[Match],
        names: &[&str],
    ) {
        self.a.b.goto(&self.url("")).await;
        let rows = self.rows("#bteams-standings tbody tr").await;
        let rounds = matches.iter().map(|m| m.round).max().unwrap_or(0);
        let want: Vec<Vec<String>> = standings
            .iter()
            .map(|&(place, team, vp, won, lost, quotient)| {
                vec![
                    place.to_string(),
                    format!("{team}. {}", names[team as usize - 1]),
                    fr(vp),
                    won.to_string(),
                    lost.to_string(),
                    fr(quotient),
                    rounds.to_string(),
                ]
            })
            .collect();
        assert_eq!(rows, want, "the standings");
        // The cross table: the row team's VPs and IMPs (for–against) in each match.
        let mut cells: BTreeMap<(u32, u32), String> = BTreeMap::new();
        for m in matches {
            cells.insert(
                (m.home, m.visit),
                format!("{} ({}–{})", fr(m.vp.0), m.imps.0, m.imps.1),
            );
            cells.insert(
                (m.visit, m.home),
                format!("{} ({}–{})", fr(m.vp.1), m.imps.1, m.imps.0),
            );
        }
        let n = names.len() as u32;
        for team in 1..=n {
            let row = self
                .rows(&format!("#cross-{team}"))
                .await
                .pop()
                .expect("the team's row of the cross table");
            let total = standings
                .iter()
                .find(|s| s.1 == team)
                .map(|s| fr(s.2))
                .expect("the team's total");
            let mut want = vec![format!("{team}. {}", names[team as usize - 1])];
            want.extend((1..=n).map(|o| cells.get(&(team, o)).cloned().unwrap_or_default()));
            want.push(total);
            assert_eq!(row, want, "team {team}'s row of the cross table");
        }
    }
}

/// A phone at one table: opens the table's page, enters the room's boards of the round from
/// the keypad one by one (each sent with its button), checks the score it shows, and East or
/// West confirms it there, as at a pairs table; `unconfirmed` is left entered (a second phone
/// will contest it).
pub(super) async fn enter_room(
    phone: &Browser,
    base: &str,
    code: &str,
    round: u32,
    results: &[(u32, &str, i32)],
    unconfirmed: Option<u32>,
) {
    phone.goto(&format!("{base}/t/{code}?round={round}")).await;
    for &(board, spec, ns) in results {
        fill_keypad(phone, board, keypad(spec)).await;
        phone.click(&format!("#board-{board}-submit")).await;
        let url = phone.current_url().await;
        assert!(
            url.contains("outcome=stored"),
            "table {code}, board {board}: {spec} is stored ({url})"
        );
        let shown = phone
            .find(&format!("#board-{board}-score"))
            .await
            .text()
            .await
            .unwrap_or_default();
        assert!(
            shown.ends_with(&phone_score(ns)),
            "table {code}, board {board}: the phone shows NS {} for {spec}, got {shown:?}",
            phone_score(ns)
        );
        if Some(board) == unconfirmed {
            continue;
        }
        phone.click(&format!("#board-{board}-confirm")).await;
        let url = phone.current_url().await;
        assert!(
            url.contains("outcome=confirmed") && url.contains(&format!("round={round}&")),
            "table {code}, board {board}: confirmed, the phone in its round ({url})"
        );
    }
}

/// A room's boards entered on its phone's page, each form filled from the keypad as a click
/// would and posted by the page's own script (`fetch` with the form's fields, cookies and CSRF
/// token), then confirmed the same way: the fast path for the last round, the first two having
/// clicked every board through. The scores are checked with the others, on the match pages.
async fn post_room(
    phone: &Browser,
    base: &str,
    code: &str,
    round: u32,
    results: &[(u32, &str, i32)],
) {
    const POST: &str = "const [b] = arguments;\
         const done = arguments[arguments.length - 1];\
         const form = document.getElementById('board-' + b + '-submit').form;\
         const post = (action, body) => fetch(action, {method: 'POST', body, credentials: 'same-origin', redirect: 'manual'});\
         (async () => {\
           let r = await post(form.action, new URLSearchParams(new FormData(form)));\
           if (r.type !== 'opaqueredirect') return 'enter: ' + r.status + ' ' + await r.text();\
           const confirm = new URLSearchParams({csrf: form.elements.csrf.value, round: form.elements.round.value});\
           r = await post(form.action + '/confirm', confirm);\
           if (r.type !== 'opaqueredirect') return 'confirm: ' + r.status + ' ' + await r.text();\
           return '';\
         })().then(done, e => done(String(e)));";
    phone.goto(&format!("{base}/t/{code}?round={round}")).await;
    for &(board, spec, _) in results {
        fill_keypad(phone, board, keypad(spec)).await;
        let out = phone
            .client
            .execute_async(POST, vec![json!(board)])
            .await
            .expect("post the board");
        assert_eq!(out, json!(""), "table {code}, board {board}: {spec} posted");
    }
}

/// One room of a match through its table's phone: opened by the code on the first round
/// (the open rooms' phone switches to French), every board of the round entered from the
/// keypad: the phone's entry of [`CONFLICT`] and [`CORRECTION`] where they apply.
async fn table_round(phone: &Browser, base: &str, code: &str, m: &Match, room: &str, shots: &Path) {
    if m.round == 1 {
        open_by_code(phone, base, code).await;
        if m.number == 1 && room == "open" {
            phone.click("#lang-switch").await;
            assert_eq!(
                phone.html_lang().await,
                "fr",
                "the open room's phone in French"
            );
        }
        // A Swiss of three rounds: the phone counts them (it once said "Tour 1/1").
        let title = phone
            .find("#table-title")
            .await
            .text()
            .await
            .unwrap_or_default();
        let want = if room == "open" {
            "Tour 1/3"
        } else {
            "Round 1/3"
        };
        assert!(title.contains(want), "the phone's title: {title:?}");
    }
    let results: Vec<(u32, &str, i32)> = m
        .boards
        .iter()
        .map(|&(board, open, closed, open_ns, closed_ns, _)| {
            let (mut spec, mut ns) = if room == "open" {
                (open, open_ns)
            } else {
                (closed, closed_ns)
            };
            let at = (m.round, m.number, board);
            if room == "open" && at == (CONFLICT.0, CONFLICT.1, CONFLICT.2) {
                (spec, ns) = (CONFLICT.3, -100);
            }
            if room == "closed" && at == (CORRECTION.0, CORRECTION.1, CORRECTION.2) {
                (spec, ns) = (CORRECTION.3, -110);
            }
            (board, spec, ns)
        })
        .collect();
    let contested =
        (room == "open" && (m.round, m.number) == (CONFLICT.0, CONFLICT.1)).then_some(CONFLICT.2);
    if m.round == 3 && contested.is_none() {
        post_room(phone, base, code, m.round, &results).await;
        return;
    }
    enter_room(phone, base, code, m.round, &results, contested).await;
    if let Some(board) = contested {
        // The board waits for East-West's confirmation: the phone shows its button.
        phone
            .goto(&format!("{base}/t/{code}?round={}#board-{board}", m.round))
            .await;
        phone.find(&format!("#board-{board}-confirm")).await;
        phone.screenshot(shots, "phone-to-confirm-fr").await;
    }
    if m.round == 2 && m.number == 1 {
        // The round's last board entered, then the page as the table opens it.
        let lang = if room == "open" { "fr" } else { "en" };
        phone.screenshot(shots, &format!("phone-{lang}")).await;
        phone.goto(&format!("{base}/t/{code}")).await;
        phone.screenshot(shots, &format!("phone-top-{lang}")).await;
        // Its rounds are called as its title calls them.
        let back = phone
            .find("#prev-round")
            .await
            .text()
            .await
            .unwrap_or_default();
        let want = if lang == "fr" {
            "Tour précédent"
        } else {
            "Previous round"
        };
        assert!(back.contains(want), "the phone's link back: {back:?}");
    }
}

/// The phone at a table opens it by the code printed on its slip.
pub(super) async fn open_by_code(phone: &Browser, base: &str, code: &str) {
    phone.goto(&format!("{base}/t")).await;
    phone.fill("#code", code).await;
    phone.click("#table-open").await;
    phone.find("#table-title").await;
    assert!(
        phone.current_url().await.ends_with(&format!("/t/{code}")),
        "the code {code} opens its table"
    );
}

/// The 8-team Swiss teams evening, the hand records, and the screenshots.
pub async fn swiss(chromedriver: PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("bridge-teams");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let d = Desk::open(
        &server,
        &driver,
        &shots,
        "Soirée par quatre du jeudi",
        "swiss",
        8,
        &SWISS_TEAMS,
    )
    .await;
    let base = server.base.clone();
    // The phones: one for the open rooms, one for the closed rooms, and a second phone at
    // the open room of match 1 (the conflict).
    let open_phone = driver.phone("open", 390, 844).await;
    let closed_phone = driver.phone("closed", 390, 844).await;
    let second_phone = driver.phone("second", 390, 844).await;
    let setup = started.elapsed();
    let mut codes = BTreeMap::new();
    let mut entering = std::time::Duration::ZERO;
    for round in 1..=3u32 {
        d.draw(round, &SWISS_DRAWS[round as usize - 1], &SWISS_TEAMS)
            .await;
        if round == 1 {
            codes = d.codes(4).await;
            d.a.b.print_pdf(&shots, "slips-fr").await;
        }
        let clock = Instant::now();
        for m in SWISS.iter().filter(|m| m.round == round) {
            // The two rooms of a match play at the same time: their phones enter side by side
            // (rounds 1 and 2 clicked board by board, round 3 posted from the same pages).
            let open = table_round(
                &open_phone,
                &base,
                &codes[&(m.number, "open")],
                m,
                "open",
                &shots,
            );
            let closed = table_round(
                &closed_phone,
                &base,
                &codes[&(m.number, "closed")],
                m,
                "closed",
                &shots,
            );
            tokio::join!(open, closed);
        }
        entering += clock.elapsed();
        if round == 1 {
            // The director corrects the closed room's board 5 of match 2 on the grid: the
            // phone's 2♠ W = (3 IMPs to the home team) becomes 2♠ W +1 (4 IMPs).
            let (r, n, board, _) = CORRECTION;
            let b = &d.a.b;
            b.goto(&d.url(&format!("/matches/{r}/{n}"))).await;
            let before = (
                b.find(&format!("#closed-{board}-score"))
                    .await
                    .text()
                    .await
                    .unwrap_or_default(),
                b.find(&format!("#imps-home-{board}"))
                    .await
                    .text()
                    .await
                    .unwrap_or_default(),
            );
            assert_eq!(
                before,
                ("-110".to_string(), "3".to_string()),
                "the phone's entry"
            );
            b.fill(&format!("#closed-{board}-contract"), "2P").await;
            b.fill(&format!("#closed-{board}-declarer"), "O").await;
            b.fill(&format!("#closed-{board}-result"), "+1").await;
            d.a.press("#grid-save", "the director corrects a board")
                .await;
            let class = b.attr(&format!("#closed-{board}-score"), "class").await;
            assert!(
                class.contains("director"),
                "the corrected score is marked as the director's"
            );
        }
        if round == 2 {
            // A second phone at the open room of match 1 enters board 15 otherwise: 4♠X N −1.
            let (r, n, board, _) = CONFLICT;
            let m = SWISS
                .iter()
                .find(|m| (m.round, m.number) == (r, n))
                .expect("the match");
            let other = m.boards.iter().find(|x| x.0 == board).expect("the board").1;
            let code = &codes[&(n, "open")];
            open_by_code(&second_phone, &base, code).await;
            second_phone
                .click_here(&format!("#board-{board}-correct summary"))
                .await;
            fill_keypad(&second_phone, board, keypad(other)).await;
            second_phone.click(&format!("#board-{board}-submit")).await;
            let url = second_phone.current_url().await;
            assert!(
                url.contains("outcome=conflict"),
                "a second phone's other result is a conflict ({url})"
            );
            second_phone.find(&format!("#board-{board}-conflict")).await;
            second_phone.screenshot(&shots, "phone-conflict-en").await;
            // Said once on the phone: the director decides.
            let body = second_phone.body_text().await;
            assert_eq!(
                body.matches("director will decide").count(),
                1,
                "the conflict said once: {body:?}"
            );
            second_phone.click("#lang-switch").await;
            second_phone
                .goto(&format!("{base}/t/{code}?round={r}#board-{board}"))
                .await;
            second_phone.find(&format!("#board-{board}-conflict")).await;
            second_phone.screenshot(&shots, "phone-conflict-fr").await;
            second_phone.click("#lang-switch").await;
            // The match is not complete while the conflict stands: round 3 waits.
            d.a.b.goto(&d.url("")).await;
            d.a.b.find("#conflicts").await;
            d.a.shot("conflict-fr").await;
            // The draw is not offered while the conflict stands (the server would refuse it).
            assert!(
                !d.a.b.exists("#bteams-draw").await,
                "no draw offered over an open conflict"
            );
            let waits =
                d.a.b
                    .find("#draw-waits")
                    .await
                    .text()
                    .await
                    .unwrap_or_default();
            assert!(
                waits.contains(&format!("Le tour {}", r + 1)) && waits.contains("conflit"),
                "the page says why round {} waits: {waits:?}",
                r + 1
            );
            let id =
                d.a.b
                    .eval("return document.querySelector('#conflicts li').id;")
                    .await
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
            let text =
                d.a.b
                    .find(&format!("#{id}"))
                    .await
                    .text()
                    .await
                    .unwrap_or_default();
            assert!(
                text.contains(&board.to_string()),
                "the conflict names board {board}: {text:?}"
            );
            assert!(
                text.contains("autre saisie de la table : 4♠X N -1"),
                "the conflict shows the other entry and that the room's table sent it: {text:?}"
            );
            d.a.press(&format!("#{id}-other"), "take the second phone's result")
                .await;
            assert!(!d.a.b.exists("#conflicts").await, "the conflict is settled");
        }
        for m in SWISS.iter().filter(|m| m.round == round) {
            d.check_match(m).await;
        }
        d.check_round_lines(
            &SWISS
                .iter()
                .filter(|m| m.round == round)
                .collect::<Vec<_>>(),
        )
        .await;
    }
    d.check_standings(&SWISS_STANDINGS, &SWISS, &SWISS_TEAMS)
        .await;
    // The three announced rounds are drawn and complete: no fourth draw is offered (the store
    // would refuse it).
    d.a.b.goto(&d.url("")).await;
    assert!(
        !d.a.b.exists("#bteams-draw").await,
        "no draw offered once every announced round is drawn"
    );
    let checked = started.elapsed();

    // The hand records of the evening, uploaded to the event and analysed.
    upload_hand_records(&d, &tmp.path().join("donnes.pbn")).await;
    for lang in ["fr", "en"] {
        d.a.b.goto(&d.url("")).await;
        d.a.switch_language(lang).await;
        d.a.shot(&format!("event-{lang}")).await;
        let p =
            print_and_measure(&d.a.b, &shots, &format!("event-print-{lang}"), (12.0, 12.0)).await;
        assert!(
            p.overflow.is_empty(),
            "the event page printed ({lang}): {:?}",
            p.overflow
        );
        d.a.b.goto(&d.url("/rounds/2/sheets")).await;
        d.a.assert_no_error("the round's sheets").await;
        d.a.shot(&format!("round-2-sheets-{lang}")).await;
        d.a.b.goto(&d.url("/matches/2/1")).await;
        d.a.shot(&format!("match-2-1-{lang}")).await;
        // Both rooms and the IMPs on a laptop's screen, without scrolling sideways.
        let right = d
            .a
            .b
            .eval("return [document.getElementById('total-visit').getBoundingClientRect().right, document.documentElement.clientWidth];")
            .await;
        assert!(
            right[0].as_f64() <= right[1].as_f64(),
            "the match's comparison fits a 1280-pixel window ({lang}): {right}"
        );
        let p = print_and_measure(
            &d.a.b,
            &shots,
            &format!("match-2-1-print-{lang}"),
            (10.0, 10.0),
        )
        .await;
        assert!(
            p.overflow.is_empty(),
            "the match page printed ({lang}): {:?}",
            p.overflow
        );
        d.a.b
            .goto(&server.url(&format!("/public/bridge/teams/{}", d.id)))
            .await;
        d.a.shot(&format!("public-{lang}")).await;
        d.a.b
            .goto(&server.url(&format!("/public/bridge/teams/{}/hands", d.id)))
            .await;
        d.a.assert_no_error("the public hand records").await;
        d.a.b.find("#dd-24-N-S").await;
        assert!(
            !d.a.b.exists("#held-back").await,
            "every board is played: no deal held back ({lang})"
        );
        d.a.b.goto(&d.url("/hands")).await;
        d.a.assert_no_error("the hand records").await;
        d.a.b.find("td[id^=\"dd-\"]").await;
        d.a.shot(&format!("hands-{lang}")).await;
        let p =
            print_and_measure(&d.a.b, &shots, &format!("hands-print-{lang}"), (12.0, 8.0)).await;
        assert!(
            p.overflow.is_empty(),
            "the hand records printed ({lang}): {:?}",
            p.overflow
        );
    }
    eprintln!(
        "bridge teams, Swiss: set-up {setup:?}, 192 room results entered from the phones in {entering:?}, checked at {checked:?}, all in {:?}",
        started.elapsed()
    );
    for p in [open_phone, closed_phone, second_phone] {
        p.close().await;
    }
    d.a.b.close().await;
}

/// The evening's 24 deals uploaded from a PBN file on the event's hand records page, which
/// analyses them; match 1 of round 2 then links its board 9 to the deal.
async fn upload_hand_records(d: &Desk<'_>, pbn: &Path) {
    let b = &d.a.b;
    std::fs::write(pbn, hand_records(24)).expect("write the deals");
    b.goto(&d.url("")).await;
    d.a.press("#hands-link", "open the hand records").await;
    b.find("#deals-file")
        .await
        .send_keys(pbn.to_str().expect("a UTF-8 path"))
        .await
        .expect("choose the PBN");
    d.a.press("#deals-upload", "upload the deals").await;
    let notice = b.find("#notice").await.text().await.unwrap_or_default();
    assert!(notice.contains("24"), "24 deals uploaded: {notice:?}");
    // The solver works off the request: the page says the deals are being analysed (and
    // reloads itself) until every one is solved.
    let solving = Instant::now();
    while b.exists("#analysing").await {
        assert!(
            solving.elapsed() < std::time::Duration::from_secs(300),
            "the 24 deals still being analysed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        b.goto(&d.url("/hands")).await;
    }
    b.goto(&d.url("/matches/2/1")).await;
    let href = b.attr("#board-9 td a", "href").await;
    assert!(
        href.ends_with("/hands#hand-9"),
        "board 9 links to its deal: {href:?}"
    );
}

/// The 4-team round robin, typed by the director on the matches' grids in French notation.
pub async fn round_robin(chromedriver: PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("bridge-teams-round-robin");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let d = Desk::open(
        &server,
        &driver,
        &shots,
        "Championnat de district",
        "round_robin",
        6,
        &ROUND_ROBIN_TEAMS,
    )
    .await;
    for round in 1..=3u32 {
        d.draw(
            round,
            &ROUND_ROBIN_DRAWS[round as usize - 1],
            &ROUND_ROBIN_TEAMS,
        )
        .await;
        for m in ROUND_ROBIN.iter().filter(|m| m.round == round) {
            let b = &d.a.b;
            b.goto(&d.url(&format!("/matches/{round}/{}", m.number)))
                .await;
            let mut cells = serde_json::Map::new();
            for &(board, open, closed, ..) in m.boards {
                for (room, spec) in [("open", open), ("closed", closed)] {
                    let (contract, declarer, result) = french(spec);
                    cells.insert(format!("{room}-{board}-contract"), json!(contract));
                    cells.insert(format!("{room}-{board}-declarer"), json!(declarer));
                    cells.insert(format!("{room}-{board}-result"), json!(result));
                }
            }
            let typed = b
                .client
                .execute(
                    "for (const [id, v] of Object.entries(arguments[0])) {\
                       const el = document.getElementById(id); if (!el) return 'no cell ' + id; el.value = v; }\
                     return '';",
                    vec![Value::Object(cells)],
                )
                .await
                .expect("type the grid");
            assert_eq!(typed, json!(""), "round {round}, match {}'s grid", m.number);
            d.a.press("#grid-save", "save a match's grid").await;
            d.check_match(m).await;
        }
        d.check_round_lines(
            &ROUND_ROBIN
                .iter()
                .filter(|m| m.round == round)
                .collect::<Vec<_>>(),
        )
        .await;
    }
    d.check_standings(&ROUND_ROBIN_STANDINGS, &ROUND_ROBIN, &ROUND_ROBIN_TEAMS)
        .await;
    d.a.shot("event-fr").await;
    eprintln!("bridge teams, round robin: {:?}", started.elapsed());
    d.a.b.close().await;
}

/// The Swiss evening's matches, worked out by hand (see [`Board`]). Above each match: every
/// board with a swing, as NS's score in the open room / in the closed room = the home team's
/// net → IMPs (signed to the home team), the boards without one, then the match IMPs, the
/// margin and its VPs on the WBF 2013 scale for 8 boards.
static SWISS: [Match; 12] = [
    // Round 1, match 1: 1 (home) v 2. board: NS open / NS closed = net → IMPs: b2
    // +150/-100=+250→+6, b4 -100/+1430=-1530→-17, b7 +100/-200=+300→+7, b8 +0/+120=-120→-3; no
    // swing on 1, 3, 5, 6. IMPs 13–20, margin 7 on 8 boards → 12.77–7.23 to the visitors.
    Match {
        round: 1,
        number: 1,
        home: 1,
        visit: 2,
        imps: (13, 20),
        vp: ("7.23", "12.77"),
        boards: &[
            (1, "4S N =", "4S N =", 420, 420, 0),
            (2, "2NT S +1", "3NT S -1", 150, -100, 6),
            (3, "3H E +1", "3H E +1", -170, -170, 0),
            (4, "6NT S -1", "6H S =", -100, 1430, -17),
            (5, "1NT N -1", "1NT N -1", -100, -100, 0),
            (6, "3NT W +1", "3NT W +1", -630, -630, 0),
            (7, "5D E -1", "4SX N -1", 100, -200, 7),
            (8, "P", "1NT S +1", 0, 120, -3),
        ],
    },
    // Round 1, match 2: 3 (home) v 4. board: NS open / NS closed = net → IMPs: b1
    // +420/-300=+720→+12, b4 -100/+1430=-1530→-17, b5 +0/-140=+140→+4, b7 +620/+100=+520→+11, b8
    // +300/+120=+180→+5; no swing on 2, 3, 6. IMPs 32–17, margin 15 on 8 boards → 15.23–4.77 to the
    // home team.
    Match {
        round: 1,
        number: 2,
        home: 3,
        visit: 4,
        imps: (32, 17),
        vp: ("15.23", "4.77"),
        boards: &[
            (1, "4S N =", "4SX N -2", 420, -300, 12),
            (2, "4H E -1", "4H E -1", 50, 50, 0),
            (3, "3H E +1", "3H E +1", -170, -170, 0),
            (4, "6NT S -1", "6H S =", -100, 1430, -17),
            (5, "P", "2S W +1", 0, -140, 4),
            (6, "3NT W =", "3NT W =", -600, -600, 0),
            (7, "4S N =", "5D E -1", 620, 100, 11),
            (8, "3CX W -2", "1NT S +1", 300, 120, 5),
        ],
    },
    // Round 1, match 3: 5 (home) v 6. board: NS open / NS closed = net → IMPs: b2
    // +630/+150=+480→+10, b4 +680/+1430=-750→-13, b5 -110/-140=+30→+1, b7 +620/-200=+820→+13; no
    // swing on 1, 3, 6, 8. IMPs 24–13, margin 11 on 8 boards → 14.09–5.91 to the home team.
    Match {
        round: 1,
        number: 3,
        home: 5,
        visit: 6,
        imps: (24, 13),
        vp: ("14.09", "5.91"),
        boards: &[
            (1, "3NT N +1", "3NT N +1", 430, 430, 0),
            (2, "3NT S +1", "2NT S +1", 630, 150, 10),
            (3, "4H E +1", "4H E +1", -650, -650, 0),
            (4, "4H S +2", "6H S =", 680, 1430, -13),
            (5, "2S W =", "2S W +1", -110, -140, 1),
            (6, "5D W -1", "5D W -1", 100, 100, 0),
            (7, "4S N =", "4SX N -1", 620, -200, 13),
            (8, "1NT S +1", "1NT S +1", 120, 120, 0),
        ],
    },
    // Round 1, match 4: 7 (home) v 8. board: NS open / NS closed = net → IMPs: b6
    // +100/-600=+700→+12, b7 -200/-750=+550→+11; no swing on 1, 2, 3, 4, 5, 8. IMPs 23–0, margin 23
    // on 8 boards → 17.11–2.89 to the home team.
    Match {
        round: 1,
        number: 4,
        home: 7,
        visit: 8,
        imps: (23, 0),
        vp: ("17.11", "2.89"),
        boards: &[
            (1, "4S N =", "4S N =", 420, 420, 0),
            (2, "2NT S +1", "2NT S +1", 150, 150, 0),
            (3, "4H E -1", "4H E -1", 100, 100, 0),
            (4, "4H S +2", "4H S +2", 680, 680, 0),
            (5, "3S W -1", "3S W -1", 50, 50, 0),
            (6, "5D W -1", "3NT W =", 100, -600, 12),
            (7, "4SX N -1", "5DX E =", -200, -750, 11),
            (8, "3CX W -2", "3CX W -2", 300, 300, 0),
        ],
    },
    // Round 2, match 1: 7 (home) v 3. board: NS open / NS closed = net → IMPs: b13
    // +100/-140=+240→+6, b15 -200/+620=-820→-13, b16 +0/+110=-110→-3; no swing on 9, 10, 11, 12,
    // 14. IMPs 6–16, margin 10 on 8 boards → 13.78–6.22 to the visitors.
    Match {
        round: 2,
        number: 1,
        home: 7,
        visit: 3,
        imps: (6, 16),
        vp: ("6.22", "13.78"),
        boards: &[
            (9, "4S N +1", "4S N +1", 450, 450, 0),
            (10, "2NT S +1", "2NT S +1", 150, 150, 0),
            (11, "4SX N -2", "4SX N -2", -300, -300, 0),
            (12, "4H S +2", "4H S +2", 680, 680, 0),
            (13, "3S W -1", "2S W +1", 100, -140, 6),
            (14, "5D W -1", "5D W -1", 50, 50, 0),
            (15, "4SX N -1", "4S N =", -200, 620, -13),
            (16, "P", "2H N =", 0, 110, -3),
        ],
    },
    // Round 2, match 2: 5 (home) v 2. board: NS open / NS closed = net → IMPs: b9
    // +450/-300=+750→+13, b10 +100/-100=+200→+5, b13 -110/+100=-210→-5, b15 +50/+620=-570→-11; no
    // swing on 11, 12, 14, 16. IMPs 18–16, margin 2 on 8 boards → 10.86–9.14 to the home team.
    Match {
        round: 2,
        number: 2,
        home: 5,
        visit: 2,
        imps: (18, 16),
        vp: ("10.86", "9.14"),
        boards: &[
            (9, "4S N +1", "4SX N -2", 450, -300, 13),
            (10, "4H E -1", "3NT S -1", 100, -100, 5),
            (11, "3H E +1", "3H E +1", -170, -170, 0),
            (12, "6NT S -1", "6NT S -1", -100, -100, 0),
            (13, "2S W =", "3S W -1", -110, 100, -5),
            (14, "5D W -1", "5D W -1", 50, 50, 0),
            (15, "5D E -1", "4S N =", 50, 620, -11),
            (16, "3CX W -2", "3CX W -2", 500, 500, 0),
        ],
    },
    // Round 2, match 3: 1 (home) v 6. board: NS open / NS closed = net → IMPs: b11
    // -300/+100=-400→-9, b12 +1430/-100=+1530→+17, b13 -110/-140=+30→+1, b14 -400/-430=+30→+1, b16
    // +110/-50=+160→+4; no swing on 9, 10, 15. IMPs 23–9, margin 14 on 8 boards → 14.96–5.04 to the
    // home team.
    Match {
        round: 2,
        number: 3,
        home: 1,
        visit: 6,
        imps: (23, 9),
        vp: ("14.96", "5.04"),
        boards: &[
            (9, "4S N +1", "4S N +1", 450, 450, 0),
            (10, "2NT S +1", "2NT S +1", 150, 150, 0),
            (11, "4SX N -2", "4HX E -1", -300, 100, -9),
            (12, "6H S =", "6H S -1", 1430, -100, 17),
            (13, "2S W =", "2S W +1", -110, -140, 1),
            (14, "3NT W =", "3NT W +1", -400, -430, 1),
            (15, "4S N =", "4S N =", 620, 620, 0),
            (16, "2H N =", "2H N -1", 110, -50, 4),
        ],
    },
    // Round 2, match 4: 4 (home) v 8. board: NS open / NS closed = net → IMPs: b10
    // +600/+100=+500→+11, b11 +50/-170=+220→+6, b15 +620/-550=+1170→+15; no swing on 9, 12, 13, 14,
    // 16. IMPs 32–0, margin 32 on 8 boards → 18.68–1.32 to the home team.
    Match {
        round: 2,
        number: 4,
        home: 4,
        visit: 8,
        imps: (32, 0),
        vp: ("18.68", "1.32"),
        boards: &[
            (9, "4S N -1", "4S N -1", -50, -50, 0),
            (10, "3NT S =", "4H E -1", 600, 100, 11),
            (11, "4H E -1", "3H E +1", 50, -170, 6),
            (12, "4H S +2", "4H S +2", 680, 680, 0),
            (13, "2S W =", "2S W =", -110, -110, 0),
            (14, "3NT W +1", "3NT W +1", -430, -430, 0),
            (15, "4S N =", "5DX E =", 620, -550, 15),
            (16, "1NT S +1", "1NT S +1", 120, 120, 0),
        ],
    },
    // Round 3, match 1: 3 (home) v 5. board: NS open / NS closed = net → IMPs: b17
    // +420/-300=+720→+12, b20 -100/+1430=-1530→-17, b21 +0/+50=-50→-2; no swing on 18, 19, 22, 23,
    // 24. IMPs 12–19, margin 7 on 8 boards → 12.77–7.23 to the visitors.
    Match {
        round: 3,
        number: 1,
        home: 3,
        visit: 5,
        imps: (12, 19),
        vp: ("7.23", "12.77"),
        boards: &[
            (17, "4S N =", "4SX N -2", 420, -300, 12),
            (18, "3NT S =", "3NT S =", 600, 600, 0),
            (19, "4SX N -2", "4SX N -2", -300, -300, 0),
            (20, "6H S -1", "6H S =", -100, 1430, -17),
            (21, "P", "3S W -1", 0, 50, -2),
            (22, "3NT W +1", "3NT W +1", -630, -630, 0),
            (23, "5D E -1", "5D E -1", 100, 100, 0),
            (24, "2H N =", "2H N =", 110, 110, 0),
        ],
    },
    // Round 3, match 2: 4 (home) v 7. board: NS open / NS closed = net → IMPs: b17
    // -300/+420=-720→-12, b19 -620/-650=+30→+1, b21 +0/-110=+110→+3, b23 -750/-200=-550→-11, b24
    // +300/+0=+300→+7; no swing on 18, 20, 22. IMPs 11–23, margin 12 on 8 boards → 14.39–5.61 to
    // the visitors.
    Match {
        round: 3,
        number: 2,
        home: 4,
        visit: 7,
        imps: (11, 23),
        vp: ("5.61", "14.39"),
        boards: &[
            (17, "4SX N -2", "4S N =", -300, 420, -12),
            (18, "4H E -1", "4H E -1", 50, 50, 0),
            (19, "4H E =", "4H E +1", -620, -650, 1),
            (20, "6H S =", "6H S =", 1430, 1430, 0),
            (21, "P", "2S W =", 0, -110, 3),
            (22, "3NT W -2", "3NT W -2", 200, 200, 0),
            (23, "5DX E =", "4SX N -1", -750, -200, -11),
            (24, "3CX W -2", "P", 300, 0, 7),
        ],
    },
    // Round 3, match 3: 1 (home) v 8. board: NS open / NS closed = net → IMPs: b17
    // -300/+430=-730→-12, b24 -50/+110=-160→-4; no swing on 18, 19, 20, 21, 22, 23. IMPs 0–16,
    // margin 16 on 8 boards → 15.50–4.50 to the visitors.
    Match {
        round: 3,
        number: 3,
        home: 1,
        visit: 8,
        imps: (0, 16),
        vp: ("4.50", "15.50"),
        boards: &[
            (17, "4SX N -2", "3NT N +1", -300, 430, -12),
            (18, "2NT S +1", "2NT S +1", 150, 150, 0),
            (19, "3H E +1", "3H E +1", -170, -170, 0),
            (20, "4H S +2", "4H S +2", 680, 680, 0),
            (21, "2S W =", "2S W =", -110, -110, 0),
            (22, "3NT W =", "3NT W =", -600, -600, 0),
            (23, "5D E -1", "5D E -1", 100, 100, 0),
            (24, "2H N -1", "2H N =", -50, 110, -4),
        ],
    },
    // Round 3, match 4: 2 (home) v 6. board: NS open / NS closed = net → IMPs: b17
    // +430/+450=-20→-1, b18 -100/+150=-250→-6, b22 +100/+200=-100→-3, b23 +100/+620=-520→-11, b24
    // -50/+0=-50→-2; no swing on 19, 20, 21. IMPs 0–23, margin 23 on 8 boards → 17.11–2.89 to the
    // visitors.
    Match {
        round: 3,
        number: 4,
        home: 2,
        visit: 6,
        imps: (0, 23),
        vp: ("2.89", "17.11"),
        boards: &[
            (17, "3NT N +1", "4S N +1", 430, 450, -1),
            (18, "3NT S -1", "2NT S +1", -100, 150, -6),
            (19, "4H E +1", "4H E +1", -650, -650, 0),
            (20, "4H S +2", "4H S +2", 680, 680, 0),
            (21, "2S W +1", "2S W +1", -140, -140, 0),
            (22, "5D W -1", "3NT W -2", 100, 200, -3),
            (23, "5D E -1", "4S N =", 100, 620, -11),
            (24, "2H N -1", "P", -50, 0, -2),
        ],
    },
];

/// The round robin's matches, the same way, on the WBF 2013 scale for 6 boards.
static ROUND_ROBIN: [Match; 6] = [
    // Round 1, match 1: 1 (home) v 4. board: NS open / NS closed = net → IMPs: b3
    // +200/-300=+500→+11, b4 +680/+1430=-750→-13, b6 -600/+100=-700→-12; no swing on 1, 2, 5. IMPs
    // 11–25, margin 14 on 6 boards → 15.54–4.46 to the visitors.
    Match {
        round: 1,
        number: 1,
        home: 1,
        visit: 4,
        imps: (11, 25),
        vp: ("4.46", "15.54"),
        boards: &[
            (1, "4S N =", "4S N =", 420, 420, 0),
            (2, "2NT S +1", "2NT S +1", 150, 150, 0),
            (3, "4HX E -1", "4SX N -2", 200, -300, 11),
            (4, "4H S +2", "6H S =", 680, 1430, -13),
            (5, "P", "P", 0, 0, 0),
            (6, "3NT W =", "5D W -1", -600, 100, -12),
        ],
    },
    // Round 1, match 2: 2 (home) v 3. board: NS open / NS closed = net → IMPs: b2 +600/+630=-30→-1,
    // b4 +1430/-100=+1530→+17, b5 +0/-110=+110→+3; no swing on 1, 3, 6. IMPs 20–1, margin 19 on 6
    // boards → 16.89–3.11 to the home team.
    Match {
        round: 1,
        number: 2,
        home: 2,
        visit: 3,
        imps: (20, 1),
        vp: ("16.89", "3.11"),
        boards: &[
            (1, "4S N +1", "4S N +1", 450, 450, 0),
            (2, "3NT S =", "3NT S +1", 600, 630, -1),
            (3, "4H E =", "4H E =", -620, -620, 0),
            (4, "6H S =", "6NT S -1", 1430, -100, 17),
            (5, "P", "2S W =", 0, -110, 3),
            (6, "5D W -1", "5D W -1", 100, 100, 0),
        ],
    },
    // Round 2, match 1: 4 (home) v 2. board: NS open / NS closed = net → IMPs: b7
    // +100/+620=-520→-11, b8 +0/-50=+50→+2, b9 +430/-300=+730→+12, b10 +600/-100=+700→+12, b11
    // -300/+50=-350→-8; no swing on 12. IMPs 26–19, margin 7 on 6 boards → 13.15–6.85 to the home
    // team.
    Match {
        round: 2,
        number: 1,
        home: 4,
        visit: 2,
        imps: (26, 19),
        vp: ("13.15", "6.85"),
        boards: &[
            (7, "5D E -1", "4S N =", 100, 620, -11),
            (8, "P", "2H N -1", 0, -50, 2),
            (9, "3NT N +1", "4SX N -2", 430, -300, 12),
            (10, "3NT S =", "3NT S -1", 600, -100, 12),
            (11, "4SX N -2", "4H E -1", -300, 50, -8),
            (12, "6H S -1", "6H S -1", -100, -100, 0),
        ],
    },
    // Round 2, match 2: 3 (home) v 1. board: NS open / NS closed = net → IMPs: b7
    // -200/+620=-820→-13, b8 +300/+0=+300→+7, b9 -300/+430=-730→-12, b10 +600/+150=+450→+10, b12
    // +680/-100=+780→+13; no swing on 11. IMPs 30–25, margin 5 on 6 boards → 12.33–7.67 to the home
    // team.
    Match {
        round: 2,
        number: 2,
        home: 3,
        visit: 1,
        imps: (30, 25),
        vp: ("12.33", "7.67"),
        boards: &[
            (7, "4SX N -1", "4S N =", -200, 620, -13),
            (8, "3CX W -2", "P", 300, 0, 7),
            (9, "4SX N -2", "3NT N +1", -300, 430, -12),
            (10, "3NT S =", "2NT S +1", 600, 150, 10),
            (11, "4HX E -1", "4HX E -1", 100, 100, 0),
            (12, "4H S +2", "6H S -1", 680, -100, 13),
        ],
    },
    // Round 3, match 1: 3 (home) v 4. board: NS open / NS closed = net → IMPs: b13
    // +100/-110=+210→+5, b14 -400/+100=-500→-11, b15 -200/+50=-250→-6, b16 +120/+0=+120→+3, b18
    // +150/-100=+250→+6; no swing on 17. IMPs 14–17, margin 3 on 6 boards → 11.46–8.54 to the
    // visitors.
    Match {
        round: 3,
        number: 1,
        home: 3,
        visit: 4,
        imps: (14, 17),
        vp: ("8.54", "11.46"),
        boards: &[
            (13, "3S W -1", "2S W =", 100, -110, 5),
            (14, "3NT W =", "3NT W -2", -400, 100, -11),
            (15, "4SX N -1", "5D E -1", -200, 50, -6),
            (16, "1NT S +1", "P", 120, 0, 3),
            (17, "4SX N -2", "4SX N -2", -300, -300, 0),
            (18, "2NT S +1", "3NT S -1", 150, -100, 6),
        ],
    },
    // Round 3, match 2: 1 (home) v 2. board: NS open / NS closed = net → IMPs: b16
    // -50/+500=-550→-11, b18 +50/-100=+150→+4; no swing on 13, 14, 15, 17. IMPs 4–11, margin 7 on 6
    // boards → 13.15–6.85 to the visitors.
    Match {
        round: 3,
        number: 2,
        home: 1,
        visit: 2,
        imps: (4, 11),
        vp: ("6.85", "13.15"),
        boards: &[
            (13, "2S W +1", "2S W +1", -140, -140, 0),
            (14, "3NT W -2", "3NT W -2", 100, 100, 0),
            (15, "5D E -1", "5D E -1", 50, 50, 0),
            (16, "2H N -1", "3CX W -2", -50, 500, -11),
            (17, "4S N =", "3NT N +1", 420, 430, 0),
            (18, "4H E -1", "3NT S -1", 50, -100, 4),
        ],
    },
];
