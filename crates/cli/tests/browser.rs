//! Whole events run through the real UI in headless Chromium, as an arbiter would: the real
//! `arbiter serve` binary on a fresh database, chromedriver, and a second phone-sized browser
//! for the players' result codes. At the end the exported TRF goes through `arbiter validate`
//! and `arbiter check` (every round as our engine pairs it).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without them the
//! tests print "skipped: chromium not installed", or fail when `CI=true`.
//!
//! Two bridge pairs sessions (issue 13), a 7-table Mitchell and a 5-table Howell, go the same
//! way: the director sets them up, the tables enter every board from phones by their printed
//! codes, the director corrects a line and gives an adjusted score, and the exported PBN and
//! USEBIO rescored by `arbiter bridge score` rank as the page does.
//!
//! Screenshots of the main pages in French and English (and the printed pairing list and
//! standings as PDF) are kept in `TARGET/browser-artifacts/{swiss,round-robin}/`, the bridge
//! sessions' in `TARGET/browser-artifacts/bridge-{mitchell,howell}/`.
//!
//! Two chess team events (issue 22), a 10-team double round robin and a 24-team Swiss Team
//! event, run from the CSV rosters to the TRF-2026 export with the captains' phones; their
//! pages, printed match sheets and standings are kept in `TARGET/browser-artifacts/teams-*/`.
//!
//! A chess team cup of 8 teams (issue 39 §6) to its final, a drawn match decided by the board
//! rule and one by its tie-break match (`browser/teams_cup.rs`, `TARGET/browser-artifacts/teams-cup/`).
//!
//! Bridge teams of four (issue 24): an 8-team Swiss teams evening entered from the tables'
//! phones and a 4-team round robin typed on the director's grids, every match's IMPs and VPs
//! and the standings against values worked out by hand (`browser/bridge_teams.rs`,
//! `TARGET/browser-artifacts/bridge-teams*/`).
//!
//! Bridge Swiss pairs (issue 38 §3): six pairs, two rounds entered from three tables' phones at
//! once, every board's datum, IMPs, VPs and the standings worked out by hand
//! (`browser/bridge_swiss_pairs.rs`, `TARGET/browser-artifacts/bridge-swiss-pairs/`).
//!
//! A bridge individual (issue 38 §3): a 5-table Rainbow entered from five phones at once, a
//! conflict settled by the director, and each player's matchpoints and percentage worked out by
//! hand (`browser/bridge_individual.rs`, `TARGET/browser-artifacts/bridge-individual/`).
//!
//! Every form that changes shared state (issue 34 §1), from two browsers: the deputy saves, the
//! chief's older page is refused with a conflict (or, where the form names values, leaves the
//! deputy's untouched), then saved again afresh; the forms are the server's own list of its
//! routes, so a new one without a scenario fails (`browser/stale.rs`, `browser/stale_forms.rs`).
//!
//! A Papi file imported and the event's Papi file for the FFE (issue 35 §1), in French and
//! English (`browser/papi.rs`, `TARGET/browser-artifacts/papi/`); a Swiss-Manager file
//! imported likewise (issue 35 §2, `browser/tunx.rs`, `TARGET/browser-artifacts/tunx/`).
//!
//! A club open with an A and a B section (issue 23) goes from the club's CSV, the public
//! registration form and the group's desk to the prizes under the Hort system and equal
//! sharing (`browser/club_open.rs`, `TARGET/browser-artifacts/club-open/`).
//!
//! The user guide's "first event" page (issue 40) is followed by its words: the test reads the
//! steps' labels from the Markdown and clicks exactly those (`browser/guide.rs`); its pictures,
//! and the other tests' named in the guide, are the guide's screenshots (`.ci/guide.py`).

#[path = "browser/arbiter.rs"]
mod arbiter;
#[path = "browser/bridge_individual.rs"]
mod bridge_individual;
#[path = "browser/bridge_paper.rs"]
mod bridge_paper;
#[path = "browser/bridge_simultaneous.rs"]
mod bridge_simultaneous;
#[path = "browser/bridge_swiss_pairs.rs"]
mod bridge_swiss_pairs;
#[path = "browser/bridge_teams.rs"]
mod bridge_teams;
#[path = "browser/chess_results.rs"]
mod chess_results;
#[path = "browser/club_open.rs"]
mod club_open;
#[path = "browser/director.rs"]
mod director;
#[path = "browser/guide.rs"]
mod guide;
#[path = "browser/harness.rs"]
mod harness;
#[path = "browser/papi.rs"]
mod papi;
#[path = "browser/print.rs"]
mod print;
#[path = "browser/rating_report.rs"]
mod rating_report;
#[path = "browser/stale.rs"]
mod stale;
#[path = "browser/stale_forms.rs"]
mod stale_forms;
#[path = "browser/teams.rs"]
mod teams;
#[path = "browser/teams_cup.rs"]
mod teams_cup;
#[path = "browser/teams_interclubs.rs"]
mod teams_interclubs;
#[path = "browser/teams_roster.rs"]
mod teams_roster;
#[path = "browser/tunx.rs"]
mod tunx;

use std::ffi::OsStr;
use std::path::Path;
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use arbiter::{entrants, french_csv, run_arbiter, Arbiter, Board};
use harness::{artifacts_dir, browser_or_skip, Browser, Driver, Server};

/// How many browser tests run at once. A test keeps its Chromium busy only two thirds of the
/// time (it waits for pages and the server), so two at a time fill a 2-core machine; more only
/// slow each page down. `ARBITER_BROWSER_TESTS=N` changes it.
fn browsers_at_once() -> usize {
    std::env::var("ARBITER_BROWSER_TESTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(2)
}

/// The browser tests running now, at most [`browsers_at_once`].
static RUNNING: (Mutex<usize>, Condvar) = (Mutex::new(0), Condvar::new());

/// A place among the browser tests running at once, given back when dropped (a failing test too).
struct Slot;

impl Slot {
    fn take() -> Slot {
        let (count, freed) = &RUNNING;
        let mut running = count.lock().unwrap_or_else(|e| e.into_inner());
        while *running >= browsers_at_once() {
            running = freed.wait(running).unwrap_or_else(|e| e.into_inner());
        }
        *running += 1;
        Slot
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let (count, freed) = &RUNNING;
        *count.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        freed.notify_one();
    }
}

fn run(test: impl std::future::Future<Output = ()>) {
    let _slot = Slot::take();
    let started = Instant::now();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(test);
    record_time(started.elapsed());
}

/// Appends the test's own time (after waiting for the browser) to
/// `TARGET/browser-artifacts/timings.tsv`, so a slow CI run says which browser test took it.
fn record_time(took: std::time::Duration) {
    use std::io::Write;
    let name = std::thread::current().name().unwrap_or("?").to_string();
    let file = harness::artifacts_root().join("timings.tsv");
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
    {
        let _ = writeln!(f, "{name}\t{:.1}", took.as_secs_f64());
    }
}

/// A result for a board, varied over rounds and boards: wins both ways and draws.
fn result_for(round: u32, board: u32) -> &'static str {
    const CYCLE: [&str; 7] = ["1-0", "1/2", "0-1", "1-0", "0-1", "=", "1-0"];
    CYCLE[((round * 3 + board) % 7) as usize]
}

/// The results of every played board of a round but `skip` (those the players report).
fn grid_results(round: u32, boards: &[Board], skip: &[u32]) -> Vec<(u32, &'static str)> {
    boards
        .iter()
        .filter(|b| b.black.is_some() && !skip.contains(&b.board))
        .map(|b| (b.board, result_for(round, b.board)))
        .collect()
}

fn names_in(boards: &[Board]) -> Vec<String> {
    boards
        .iter()
        .flat_map(|b| std::iter::once(b.white.clone()).chain(b.black.clone()))
        .collect()
}

/// A player at the board enters the result from a phone with the code printed on the
/// pairing list; `shots` keeps the pages of the first report.
async fn report_from_phone(
    phone: &Browser,
    server: &Server,
    board: &Board,
    result: &str,
    shots: Option<&Path>,
) {
    phone.goto(&server.url("/report")).await;
    if let Some(dir) = shots {
        phone.screenshot(dir, "phone-report-code").await;
    }
    assert!(
        !board.code.is_empty(),
        "board {} has a code on the pairing list",
        board.board
    );
    phone.fill("#code", &board.code).await;
    phone.click("#report-lookup").await;
    let shown = phone
        .find("#report-board")
        .await
        .text()
        .await
        .unwrap_or_default();
    assert!(
        shown.contains(&board.white),
        "the phone shows the board's players ({} on board {}), got {shown:?}",
        board.white,
        board.board
    );
    if let Some(dir) = shots {
        phone.screenshot(dir, "phone-report-result").await;
    }
    let button = match result {
        "1-0" => "#report-white-wins",
        "0-1" => "#report-black-wins",
        _ => "#report-draw",
    };
    phone.click(button).await;
    // The result in words, sent only with the second tap.
    phone.find("#report-check").await;
    if let Some(dir) = shots {
        phone.screenshot(dir, "phone-report-check").await;
    }
    phone.click("#report-send").await;
    phone.find("#report-done").await;
    if let Some(dir) = shots {
        phone.screenshot(dir, "phone-report-done").await;
    }
}

/// Pages an arbiter prints or shows, in the current language, as `NAME-LANG.png`.
async fn main_pages(a: &Arbiter<'_>, lang: &str, card: u64, rounds: &[u32]) {
    let pages: Vec<(String, String)> = [
        ("dashboard".to_string(), a.event_url("")),
        ("players".to_string(), a.event_url("/players")),
        ("standings".to_string(), a.event_url("/standings")),
        ("crosstable".to_string(), a.event_url("/crosstable")),
        ("alphabetical".to_string(), a.event_url("/alphabetical")),
        ("wallchart".to_string(), a.event_url("/wallchart")),
        (
            "player-card".to_string(),
            a.event_url(&format!("/players/{card}")),
        ),
        ("log".to_string(), a.event_url("/log")),
        ("public".to_string(), a.url(&format!("/public/{}", a.event))),
    ]
    .into_iter()
    .chain(
        rounds
            .iter()
            .map(|r| (format!("round-{r}"), a.event_url(&format!("/rounds/{r}")))),
    )
    .collect();
    for (name, url) in pages {
        a.b.goto(&url).await;
        a.assert_no_error(&name).await;
        assert_eq!(
            a.b.html_lang().await,
            lang,
            "{url} declares <html lang={lang}>"
        );
        a.shot(&format!("{name}-{lang}")).await;
    }
}

/// `arbiter validate` and `arbiter check` on the exported TRF, with the real binary.
fn validate_and_check(trf: &Path, rounds: u32) {
    let (code, out, err) = run_arbiter(&[OsStr::new("validate"), trf.as_os_str()]);
    assert_eq!(
        code,
        0,
        "arbiter validate {}: exit {code}\n{out}{err}",
        trf.display()
    );
    let (code, out, err) = run_arbiter(&[OsStr::new("check"), trf.as_os_str()]);
    assert_eq!(
        code,
        0,
        "arbiter check {}: exit {code}\n{out}{err}",
        trf.display()
    );
    let expected = format!("0 of {rounds} rounds differ");
    assert!(
        out.contains(&expected),
        "arbiter check prints {expected:?}, got:\n{out}{err}"
    );
}

/// A round robin's exported TRF against the real binary's Berger table
/// (`arbiter pair --round-robin N`): every round's opponents and colours as the table says.
fn rounds_follow_the_table(trf: &Path, players: u32, rounds: u32) {
    let text = std::fs::read_to_string(trf).expect("read the TRF");
    let t = tournament::trf::read(&text).unwrap_or_else(|e| panic!("{}: {e}", trf.display()));
    let n = players.to_string();
    let (code, table, err) = run_arbiter(&[
        OsStr::new("pair"),
        OsStr::new("--round-robin"),
        OsStr::new(&n),
    ]);
    assert_eq!(code, 0, "arbiter pair --round-robin {players}: {err}");
    let mut seen = 0;
    for line in table.lines() {
        let Some((head, boards)) = line.split_once(':') else {
            continue;
        };
        let round: u32 = head
            .trim_start_matches("Round")
            .trim()
            .parse()
            .expect("a round number");
        for board in boards.split(',') {
            let (w, b) = board.trim().split_once('-').expect("WHITE-BLACK");
            let (w, b) = (
                tournament::PlayerId(w.parse().expect("a number")),
                tournament::PlayerId(b.parse().expect("a number")),
            );
            let entry = t.player(w).and_then(|p| p.entry(round));
            assert_eq!(
                entry.and_then(|e| e.opponent()),
                Some(b),
                "round {round}: the table pairs {}-{}, the TRF has {entry:?}",
                w.0,
                b.0
            );
            assert_eq!(
                entry.and_then(|e| e.color()),
                Some(tournament::Color::White),
                "round {round}: {} has white in the table",
                w.0
            );
        }
        seen += 1;
    }
    assert_eq!(seen, rounds, "the table has {rounds} rounds");
}

/// A newcomer follows the user guide's "first event" page by its words, in English and in
/// French: a 10-player Swiss to the end and its printed standings ([`guide::first_event`]).
#[test]
fn the_guides_first_event_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(guide::first_event(chromedriver));
}

/// A team league, home and away, through the browser ([`teams::league`]).
#[test]
fn team_double_round_robin_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(teams::league(chromedriver));
}

/// A chess team cup of 8 teams to its final with one tie-break match ([`teams_cup::cup`],
/// issue 39 §6).
#[test]
fn team_cup_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(teams_cup::cup(chromedriver));
}

/// A cup whose best teams enter at round 2, in the Coupe de France's colours
/// ([`teams_cup::late_entrants`]).
#[test]
fn team_cup_late_entrants_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(teams_cup::late_entrants(chromedriver));
}

/// An FFE interclubs group of 8 teams, 4 rounds, with the 100-point and women's rules
/// ([`teams_interclubs::interclubs`], issue 39's first "done when").
#[test]
fn team_interclubs_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(teams_interclubs::interclubs(chromedriver));
}

/// A team added and its roster kept on its own page, the default lineups checked against the
/// roster rules on the round's page ([`teams_roster::roster`], issue 39 §4 and §7).
#[test]
fn team_roster_kept_on_its_page_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(teams_roster::roster(chromedriver));
}

/// A Swiss Team event through the browser ([`teams::swiss`]).
#[test]
fn swiss_team_event_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(teams::swiss(chromedriver));
}

/// An 8-team Swiss teams evening with the tables' phones, and its analysed hand records
/// ([`bridge_teams::swiss`], issue 24).
#[test]
fn bridge_swiss_teams_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_teams::swiss(chromedriver));
}

/// A Swiss pairs evening of six pairs from the tables' phones ([`bridge_swiss_pairs::evening`],
/// issue 38 §3).
#[test]
fn bridge_swiss_pairs_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_swiss_pairs::evening(chromedriver));
}

/// A 5-table Rainbow individual from the tables' phones, its ranking checked against a hand
/// computation ([`bridge_individual::evening`], issue 38 §3).
#[test]
fn bridge_individual_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_individual::evening(chromedriver));
}

/// A 16-pair evening's score cards, travellers and ranking printed on A4 in both languages,
/// the sheets counted ([`bridge_paper::evening`], issue 38 §2).
#[test]
fn bridge_paper_fits_a4() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_paper::evening(chromedriver));
}

/// A simultaneous pairs session of 14 pairs (ten here, four in another club's PBN), its
/// ranking printed on one A4 sheet in both languages ([`bridge_simultaneous::ranking`],
/// issue 38 §2).
#[test]
fn bridge_simultaneous_ranking_fits_a4() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_simultaneous::ranking(chromedriver));
}

/// A 4-team round robin typed on the director's grids ([`bridge_teams::round_robin`]).
#[test]
fn bridge_round_robin_teams_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_teams::round_robin(chromedriver));
}

/// Every form that changes shared state, from two browsers (issue 34 §1): the deputy saves, the
/// chief's older page is refused with a conflict and nothing of it written, and saved again
/// once loaded afresh. The forms are the server's own list: a new one without a scenario fails.
#[test]
fn every_form_from_a_stale_page_in_two_browsers() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(async move {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let server = Server::start(&tmp.path().join("test.db"));
        let driver = Driver::start(&chromedriver);
        let chief = Arbiter::first_account(
            driver.desktop("chief", 1280, 900).await,
            &server,
            artifacts_dir("stale-pages"),
        )
        .await;
        let deputy = driver.desktop("deputy", 1280, 900).await;
        deputy.goto(&server.url("/login")).await;
        deputy.fill("#username", arbiter::USER).await;
        deputy.fill("#password", arbiter::PASSWORD).await;
        deputy.click("#login-submit").await;
        stale_forms::every_form(&server, &chief.b, &deputy, tmp.path()).await;
    });
}

/// A Papi file imported and the FFE's Papi file exported through the browser, in both
/// languages (issue 35 §1; `browser/papi.rs`).
#[test]
fn papi_import_and_export_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(async move { papi::import_and_export(&chromedriver).await });
}

/// chess-results.com's upload file and publication from an individual event's dashboard and a
/// team event's page, in both languages (issue 35 §3; `browser/chess_results.rs`).
#[test]
fn chess_results_export_and_publication_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(async move { chess_results::export_and_publish(&chromedriver).await });
}

/// The FIDE rating report of an event over two rating periods, in both languages (issue 35 §4;
/// `browser/rating_report.rs`).
#[test]
fn rating_report_by_period_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(async move { rating_report::periods(&chromedriver).await });
}

/// A Swiss-Manager file imported through the browser, in both languages (issue 35 §2;
/// `browser/tunx.rs`).
#[test]
fn swiss_manager_import_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(async move { tunx::import(&chromedriver).await });
}

/// Two arbiters and two phones at once (issue 19): the chief's grid, loaded before a deputy
/// entered boards 1 to 4, saves board 5 without erasing them; White and Black report different
/// results for one board from their phones, the round page shows both, "confirm" leaves it,
/// and the chief keeps one.
#[test]
fn two_arbiters_and_two_phones_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(two_arbiters(chromedriver));
}

async fn two_arbiters(chromedriver: std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("two-arbiters");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let mut chief = Arbiter::first_account(
        driver.desktop("chief", 1280, 900).await,
        &server,
        shots.clone(),
    )
    .await;
    chief
        .create_event("Open des deux arbitres", "swiss", 3)
        .await;
    let csv = tmp.path().join("joueurs.csv");
    std::fs::write(&csv, french_csv(&entrants(14))).expect("write the CSV");
    chief.import_csv(&csv, 14).await;
    chief.check_in(&[]).await;
    let boards = chief.pair(1).await;
    assert_eq!(boards.len(), 7);

    // The deputy logs in in a window of their own.
    let deputy = Arbiter {
        b: driver.desktop("deputy", 1280, 900).await,
        server: &server,
        event: chief.event,
        shots: shots.clone(),
    };
    deputy.b.goto(&server.url("/login")).await;
    deputy.b.fill("#username", arbiter::USER).await;
    deputy.b.fill("#password", arbiter::PASSWORD).await;
    deputy.press("#login-submit", "the deputy logs in").await;

    // The chief's grid is on screen, all empty; the deputy enters boards 1 to 4.
    chief.b.goto(&chief.event_url("/rounds/1")).await;
    let deputy_results = [(1, "1-0"), (2, "0-1"), (3, "1/2"), (4, "1-0")];
    deputy.enter_results(1, &deputy_results).await;
    // The chief, on the page loaded before, types board 5 only and saves.
    chief.b.fill("#r5", "0-1").await;
    chief
        .press("#save-results", "the chief saves a stale grid")
        .await;
    chief.shot("stale-grid-saved").await;
    let mut expected = deputy_results.to_vec();
    expected.push((5, "0-1"));
    chief
        .assert_grid(&expected, "after the chief's stale save")
        .await;

    // Board 6: White's phone says 1-0, Black's 0-1, with the same code.
    let b6 = boards
        .iter()
        .find(|b| b.board == 6)
        .expect("board 6")
        .clone();
    let white_phone = driver.phone("white", 390, 844).await;
    report_from_phone(&white_phone, &server, &b6, "1-0", Some(shots.as_path())).await;
    let black_phone = driver.phone("black", 390, 844).await;
    black_phone.goto(&server.url("/report")).await;
    black_phone.fill("#code", &b6.code).await;
    black_phone.click("#report-lookup").await;
    let white_named = black_phone
        .find("#report-white")
        .await
        .text()
        .await
        .unwrap_or_default();
    assert_eq!(white_named, b6.white, "the phone names who has White");
    black_phone.click("#report-black-wins").await;
    black_phone.click("#report-send").await;
    black_phone.find("#report-differs").await;
    black_phone.screenshot(&shots, "phone-report-differs").await;

    // The round page shows both; "confirm" is not offered for it; the chief keeps Black's.
    chief.b.goto(&chief.event_url("/rounds/1")).await;
    chief.b.find("#reports-disagree-6").await;
    chief.b.find("#report-conflict-6").await;
    assert!(
        !chief.b.exists("#confirm-reported").await,
        "a board whose reports disagree is never confirmed in bulk"
    );
    chief.shot("reports-disagree").await;
    chief.press("#settle-6-black", "keep Black's report").await;
    chief.assert_grid(&[(6, "0-1")], "settled").await;
    assert!(!chief.b.exists("#reports-disagree-6").await);
    white_phone.close().await;
    black_phone.close().await;
    deputy.b.close().await;
    chief.b.close().await;
}

#[test]
fn every_printed_chess_page_fits_a4() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(printed_chess_pages(chromedriver));
}

/// Names as long as a club's real ones (TRF's 33 characters), with titles, for the widest lists.
fn printed_field(n: usize) -> Vec<store::NewPlayer> {
    const LONG: [&str; 4] = [
        "Van den Bergh-Lefèvre, Marie-Charlott",
        "Dupont-Aignan de la Tour, Jean-Bapt",
        "Oudinot-Grandmaison, Marie-Thérèse",
        "Castellano y Rodríguez, Inmaculada",
    ];
    let base = entrants(26);
    (0..n)
        .map(|i| {
            let e = &base[i % base.len()];
            let name = match i / base.len() {
                _ if i % 9 == 4 => LONG[i / 9 % LONG.len()].to_string(),
                0 => e.name(),
                k => format!(
                    "{}-{}, {}",
                    e.surname,
                    ["Petit", "Grand", "Vieux"][k - 1],
                    e.first
                ),
            };
            store::NewPlayer {
                name: name.parse().unwrap(),
                title: e.title.to_string(),
                rating: Some(2450 - 19 * i as u16),
                federation: e.federation.to_string(),
                ..store::NewPlayer::default()
            }
        })
        .collect()
}

/// An event played to its end through the store (the pages only print it): every board's
/// result by its number, a draw now and then, a forfeit, a withdrawal after round 3.
/// Returns the event and its boards' codes by round.
fn played_event(
    db: &Path,
    name: &str,
    system: store::System,
    players: usize,
    rounds: u32,
) -> (i64, Vec<Vec<String>>) {
    use store::ResultCode;
    let st = store::Store::open(db).expect("open the database");
    let mut settings = store::EventSettings::new(name.parse().unwrap(), rounds);
    settings.system = system;
    settings.place = "Besançon".parse().unwrap();
    settings.start_date = "2026-07-11".into();
    settings.end_date = "2026-07-19".into();
    let event = st
        .create_event("arbitre", &settings)
        .expect("create the event");
    st.add_players("arbitre", event, &printed_field(players))
        .expect("add the players");
    if system == store::System::Swiss {
        let leaving = st.players(event).unwrap()[40].id;
        st.withdraw("arbitre", event, leaving, 4, None).unwrap();
    }
    let mut round = 1;
    let mut codes = Vec::new();
    while let Ok(r) = st.pair_round("arbitre", event, round) {
        codes.push(
            r.games
                .iter()
                .filter(|g| g.black.is_some())
                .map(|g| g.code.clone())
                .collect(),
        );
        for g in r.games.iter().filter(|g| g.black.is_some()) {
            let code = match (g.board * 7 + round) % 11 {
                0..=3 => ResultCode::WhiteWins,
                4..=6 => ResultCode::Draw,
                7..=9 => ResultCode::BlackWins,
                _ => ResultCode::WhiteForfeitWin,
            };
            st.set_result("arbitre", event, round, g.board, Some(code))
                .expect("a result");
        }
        round += 1;
    }
    assert_eq!(round - 1, rounds, "{name}: every round paired");
    (event, codes)
}

/// The text of page `page` of a PDF as poppler's `pdftotext` reads it, lines joined by blanks;
/// `None` without `pdftotext`.
fn last_page_text(pdf: &Path, page: usize) -> Option<String> {
    let page = page.to_string();
    let out = std::process::Command::new("pdftotext")
        .args(["-f", &page, "-l", &page])
        .arg(pdf)
        .arg("-")
        .output()
        .ok()?;
    out.status.success().then(|| {
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// Every page an arbiter prints, of a 64-player 9-round Swiss and a 16-player double round
/// robin, in both languages, printed to PDF at the page's own size: nothing may stick out of
/// the printable width or scroll inside it (issue 20 §2). The PDFs and PNGs of print media are
/// kept in `TARGET/browser-artifacts/print-chess/`.
async fn printed_chess_pages(chromedriver: std::path::PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("print-chess");
    let db = tmp.path().join("test.db");
    let (swiss, swiss_codes) =
        played_event(&db, "Open de Besançon 2026", store::System::Swiss, 64, 9);
    let (robin, robin_codes) = played_event(
        &db,
        "Fermé double de Franche-Comté",
        store::System::DoubleRoundRobin,
        16,
        30,
    );
    let server = Server::start(&db);
    let driver = Driver::start(&chromedriver);
    let browser = driver.desktop("arbiter", 1280, 900).await;
    let a = Arbiter::first_account(browser, &server, shots.clone()).await;
    let mut failures = Vec::new();
    for lang in ["fr", "en"] {
        for (event, kind, codes) in [
            (swiss, "swiss", &swiss_codes),
            (robin, "robin", &robin_codes),
        ] {
            let last = codes.len();
            let mut pages = vec![
                ("standings", "/standings".to_string(), false),
                ("crosstable", "/crosstable".to_string(), true),
                ("wallchart", "/wallchart".to_string(), true),
                ("alphabetical", "/alphabetical".to_string(), false),
                ("round-1", "/rounds/1".to_string(), false),
                ("round-last", format!("/rounds/{last}"), false),
                ("slips-last", format!("/rounds/{last}/slips"), false),
                ("norms", "/norms".to_string(), false),
                ("norms-report", "/norms/report".to_string(), false),
            ];
            if kind == "robin" {
                pages.push(("round-robin-table", "/table".to_string(), true));
            }
            for (name, path, landscape) in pages {
                a.b.goto(&server.url(&format!("/events/{event}{path}")))
                    .await;
                a.switch_language(lang).await;
                a.assert_no_error(&path).await;
                let file = format!("{kind}-{name}-{lang}");
                let p = print::print_and_measure(&a.b, &shots, &file, (12.0, 8.0)).await;
                if p.landscape != landscape {
                    failures.push(format!(
                        "{file}: landscape {} (wanted {landscape})",
                        p.landscape
                    ));
                }
                if !p.overflow.is_empty() {
                    failures.push(format!(
                        "{file} ({} pages): {}",
                        p.pages,
                        p.overflow.join("; ")
                    ));
                }
                // The codes are on the slips only, never on the list pinned on the wall.
                let round_codes = match name {
                    "round-1" => &codes[0],
                    "round-last" | "slips-last" => &codes[last - 1],
                    _ => &Vec::new(),
                };
                for code in round_codes {
                    if p.text.contains(code.as_str()) != (name == "slips-last") {
                        failures.push(format!("{file}: board code {code} on paper or missing"));
                    }
                }
                // The legend follows the table on its last sheet, never on a sheet of its own
                // (issue 34 §3): that sheet also holds the last player's line.
                if matches!(name, "standings" | "crosstable") {
                    let last =
                        a.b.eval(
                            "const rows = [...document.querySelectorAll('table.list tbody tr')]\
                               .filter(r => !r.classList.contains('legend-row'));\
                             return rows[rows.length - 1].querySelector('td.name').innerText;",
                        )
                        .await;
                    let last = last.as_str().unwrap_or_default().to_string();
                    match last_page_text(&shots.join(format!("{file}.pdf")), p.pages) {
                        Some(text) if !text.contains(&last) => failures.push(format!(
                            "{file}: the legend alone on page {} (without {last}): {text}",
                            p.pages
                        )),
                        Some(_) => {}
                        None => eprintln!("{file}: legend check skipped: pdftotext not installed"),
                    }
                }
                eprintln!("{file}: {} pages, landscape {}", p.pages, p.landscape);
            }
        }
    }
    a.b.close().await;
    assert!(
        failures.is_empty(),
        "printed pages that do not fit:\n{}",
        failures.join("\n")
    );
    eprintln!("printed chess pages: {:.1?}", started.elapsed());
}

#[test]
fn every_printed_bridge_hand_record_fits_a4() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(printed_bridge_pages(chromedriver));
}

/// A 9-table Mitchell of 27 boards played to its end through the store: the pairs' names, the
/// hand records (solved at the upload) and a contract on every line.
fn played_bridge_session(db: &Path, pbn: &str) -> i64 {
    use store::bridge::{BridgeSettings, Entry, NewPair};
    let st = store::Store::open(db).expect("open the database");
    let mut settings = BridgeSettings::new("Tournoi de régularité du mardi".parse().unwrap(), 9);
    settings.club = "Bridge-Club de Besançon-Chamars".parse().unwrap();
    settings.boards_per_round = 3;
    let id = st
        .create_bridge_session("arbitre", &settings)
        .expect("create the session");
    let numbers: Vec<u32> = st.pairs(id).unwrap().iter().map(|p| p.number).collect();
    assert_eq!(numbers.len(), 18, "two pairs a table");
    let names = director::pair_names(18);
    let pairs: Vec<(u32, NewPair)> = names
        .iter()
        .zip(&numbers)
        .map(|((_, a, b), n)| {
            (
                *n,
                NewPair {
                    name1: a.parse().unwrap(),
                    name2: b.parse().unwrap(),
                    club: "Besançon-Chamars".parse().unwrap(),
                    ..NewPair::default()
                },
            )
        })
        .collect();
    st.set_pairs("arbitre", id, &pairs, None)
        .expect("the pairs");
    assert_eq!(
        st.set_deals_pbn("arbitre", id, pbn, "donnes.pbn").unwrap(),
        27
    );
    assert_eq!(
        st.analyse_stored_deals(id).unwrap(),
        27,
        "every deal solved"
    );
    const PLAYED: [(&str, bridge::Seat, u8, &str); 5] = [
        ("3NT", bridge::Seat::North, 9, "SQ"),
        ("4HX", bridge::Seat::East, 8, "CA"),
        ("2S", bridge::Seat::South, 9, "HT"),
        ("5DXX", bridge::Seat::West, 11, "D7"),
        ("PASS", bridge::Seat::North, 0, ""),
    ];
    for (i, l) in st.lines(id).unwrap().iter().enumerate() {
        let (contract, declarer, tricks, lead) = PLAYED[i % PLAYED.len()];
        let e = if contract == "PASS" {
            Entry::passed_out()
        } else {
            Entry::played(contract, declarer, tricks, lead)
        };
        st.director_set_line("arbitre", id, l.board, l.ns, l.ew, &e, None)
            .unwrap_or_else(|err| panic!("board {} {}-{}: {err}", l.board, l.ns, l.ew));
    }
    id
}

/// The hand records (issue 24 §2) and the travellers of a 27-board evening, in both languages,
/// printed to PDF: nothing sticks out of A4's printable width, and the printed grid of
/// double-dummy tricks and the par are those `arbiter bridge analyse --format json` gives for
/// the same file. The PDFs and PNGs are kept in `TARGET/browser-artifacts/print-bridge/`.
async fn printed_bridge_pages(chromedriver: std::path::PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("print-bridge");
    let db = tmp.path().join("test.db");
    let pbn = director::hand_records(27);
    let file = tmp.path().join("donnes.pbn");
    std::fs::write(&file, &pbn).expect("write the deals");
    let id = played_bridge_session(&db, &pbn);
    let (code, json, err) = run_arbiter(&[
        OsStr::new("bridge"),
        OsStr::new("analyse"),
        file.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
    ]);
    assert_eq!(code, 0, "arbiter bridge analyse: {err}");
    let analysed: serde_json::Value = serde_json::from_str(&json).expect("the analysis's JSON");
    let analysed = analysed.as_array().expect("a list of boards");
    assert_eq!(analysed.len(), 27);

    let server = Server::start(&db);
    let driver = Driver::start(&chromedriver);
    let browser = driver.desktop("arbiter", 1280, 900).await;
    let a = Arbiter::first_account(browser, &server, shots.clone()).await;
    let mut failures = Vec::new();
    for lang in ["fr", "en"] {
        for part in ["hands", "travellers"] {
            let path = format!("/bridge/{id}/{part}");
            a.b.goto(&server.url(&path)).await;
            a.switch_language(lang).await;
            a.assert_no_error(&path).await;
            // Every printed cell and par, as the command line computes them.
            let shown = a
                .b
                .eval(
                    "const cells = {}; for (const td of document.querySelectorAll('td[id^=\"dd-\"]')) cells[td.id] = Number(td.textContent);\
                     const par = {}; for (const p of document.querySelectorAll('p.par')) par[p.id] = [Number(p.dataset.score), p.dataset.contracts];\
                     return [cells, par];",
                )
                .await;
            for board in analysed {
                let n = board["board"].as_u64().expect("a board number");
                for (seat, strains) in board["tricks"].as_object().expect("tricks by seat") {
                    for (strain, tricks) in strains.as_object().expect("tricks by strain") {
                        let cell = format!("dd-{n}-{seat}-{strain}");
                        if shown[0][&cell] != *tricks {
                            failures.push(format!(
                                "{part} ({lang}): {cell} shows {} for {tricks}",
                                shown[0][&cell]
                            ));
                        }
                    }
                }
                let contracts: Vec<&str> = board["par"]["contracts"]
                    .as_array()
                    .expect("par contracts")
                    .iter()
                    .map(|c| c.as_str().unwrap_or_default())
                    .collect();
                let want = serde_json::json!([board["par"]["score"], contracts.join(", ")]);
                if shown[1][&format!("par-{n}")] != want {
                    failures.push(format!(
                        "{part} ({lang}): par of board {n} {} for {want}",
                        shown[1][&format!("par-{n}")]
                    ));
                }
            }
            let name = format!("bridge-{part}-{lang}");
            let p = print::print_and_measure(&a.b, &shots, &name, (12.0, 8.0)).await;
            if p.landscape {
                failures.push(format!("{name}: landscape"));
            }
            if !p.overflow.is_empty() {
                failures.push(format!(
                    "{name} ({} pages): {}",
                    p.pages,
                    p.overflow.join("; ")
                ));
            }
            let title = if lang == "fr" {
                "Levées possibles"
            } else {
                "Double-dummy tricks"
            };
            if !p.text.contains(title) {
                failures.push(format!("{name}: no \"{title}\" on paper"));
            }
            eprintln!("{name}: {} pages", p.pages);
        }
    }
    a.b.close().await;
    assert!(
        failures.is_empty(),
        "printed bridge pages that do not fit or differ:\n{}",
        failures.join("\n")
    );
    eprintln!("printed bridge pages: {:.1?}", started.elapsed());
}

#[test]
fn swiss_event_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(swiss(chromedriver));
}

async fn swiss(chromedriver: std::path::PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("swiss");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let browser = driver.desktop("arbiter", 1280, 900).await;
    let mut a = Arbiter::first_account(browser, &server, shots.clone()).await;
    a.create_event("Open de Besançon 2026", "swiss", 5).await;
    a.shot("dashboard-new").await;

    // 24 players from a French CSV file.
    let field = entrants(24);
    let csv = tmp.path().join("joueurs.csv");
    std::fs::write(&csv, french_csv(&field)).expect("write the CSV");
    a.import_csv(&csv, 24).await;
    let players = a.players().await;
    assert_eq!(
        players[0].1,
        field[0].name(),
        "number 1 is the highest rated"
    );
    let key = |number: usize| players[number - 1].0;
    let name = |number: usize| players[number - 1].1.clone();

    // A requested half-point bye for round 4, before the event starts.
    a.bye(key(10), 4, "half").await;
    // Check-in: everyone, then number 24 not there for round 1.
    a.check_in(&[key(24)]).await;

    // Round 1: 23 players, 11 boards and the pairing-allocated bye.
    let r1 = a.pair(1).await;
    assert_eq!(r1.len(), 12, "round 1: 11 boards and the bye: {r1:?}");
    assert!(
        !names_in(&r1).contains(&name(24)),
        "the absent player is not paired"
    );
    a.shot("round-1-pairings").await;
    a.b.print_pdf(&shots, "round-1-pairings-print").await;

    // Results: the grid for most boards, the players' phones for the last three.
    let played: Vec<&Board> = r1.iter().filter(|b| b.black.is_some()).collect();
    let by_phone: Vec<Board> = played[played.len() - 3..]
        .iter()
        .map(|b| (*b).clone())
        .collect();
    let phone_boards: Vec<u32> = by_phone.iter().map(|b| b.board).collect();
    a.enter_results(1, &grid_results(1, &r1, &phone_boards))
        .await;
    let phone = driver.phone("phone", 390, 844).await;
    for (i, b) in by_phone.iter().enumerate() {
        let shots_here = (i == 0).then_some(shots.as_path());
        report_from_phone(&phone, &server, b, result_for(1, b.board), shots_here).await;
    }
    // A code enters only its own board once confirmed: the same code again is refused later.
    a.b.goto(&a.event_url("/rounds/1")).await;
    a.shot("round-1-reported").await;
    a.confirm_reported(1, 3).await;
    // Once the arbiter has the result, the board's code opens nothing, nor does a made-up one.
    for code in [by_phone[0].code.as_str(), "ZZZZ99"] {
        phone.goto(&server.url("/report")).await;
        phone.fill("#code", code).await;
        phone.click("#report-lookup").await;
        if phone.exists("#report-result-form").await {
            // The board opens, but a report on a confirmed result is refused.
            phone.click("#report-draw").await;
        }
        assert!(
            phone.exists("#error-message").await,
            "the code {code} is refused on the phone:\n{}",
            phone.body_text().await
        );
    }
    a.b.goto(&a.event_url("/rounds/1")).await;
    assert!(
        !a.b.exists("#pairings .reported").await,
        "no report waits on a confirmed board"
    );
    phone.screenshot(&shots, "phone-report-refused").await;
    // A bye for a round already played is refused for a player who was there.
    let refusal = a.bye_refused(key(3), 1, "half").await;
    eprintln!("refused as expected: {refusal}");

    // Round 2 with everyone back.
    a.check_in(&[]).await;
    let r2 = a.pair(2).await;
    assert_eq!(r2.len(), 12, "round 2: 24 players on 12 boards");

    // A correction of round 1 after round 2 is paired: the standings follow; round 2 has no
    // result yet, so the arbiter un-pairs and pairs it again on the corrected scores.
    let first = &r1[0];
    let corrected = if result_for(1, first.board) == "1-0" {
        "0-1"
    } else {
        "1-0"
    };
    a.enter_results(1, &[(first.board, corrected)]).await;
    a.b.goto(&a.event_url("/standings?after=1")).await;
    let winner = if corrected == "1-0" {
        &first.white
    } else {
        first.black.as_ref().expect("board 1 has two players")
    };
    let top =
        a.b.find("#standings tbody tr:first-child .points")
            .await
            .text()
            .await
            .unwrap_or_default();
    let leaders =
        a.b.find("#standings")
            .await
            .text()
            .await
            .unwrap_or_default();
    assert!(
        top.starts_with('1'),
        "after round 1 the leaders have 1 point, got {top:?}"
    );
    assert!(
        leaders.contains(winner.as_str()),
        "the corrected winner {winner} is in the standings"
    );
    a.b.goto(&a.event_url("/rounds/2")).await;
    a.press("#unpair", "un-pair round 2").await;
    let r2 = a.pair(2).await;
    assert_eq!(r2.len(), 12);

    // A late entry after round 2 is paired, with a half-point bye granted for round 2.
    a.add_player("Tardif, Jean", 1650, "FRA").await;
    let late = a.key_of("Tardif, Jean").await;
    a.bye(late, 2, "half").await;
    a.shot("player-card-late-entry").await;

    a.enter_results(2, &grid_results(2, &r2, &[])).await;

    // A withdrawal from round 3 on.
    a.withdraw(key(5), 3).await;

    let mut last = r2;
    for round in 3..=5u32 {
        a.check_in(&[]).await;
        let boards = a.pair(round).await;
        let names = names_in(&boards);
        assert!(
            !names.contains(&name(5)),
            "round {round}: the withdrawn player is not paired"
        );
        assert!(
            names.contains(&"Tardif, Jean".to_string()),
            "round {round}: the late entry is paired"
        );
        assert_eq!(
            names.contains(&name(10)),
            round != 4,
            "round {round}: the player with the requested bye for round 4 is paired in every other round"
        );
        a.enter_results(round, &grid_results(round, &boards, &[]))
            .await;
        last = boards;
    }
    assert!(!last.is_empty());
    a.b.goto(&a.event_url("")).await;
    let count =
        a.b.find("#count-rounds")
            .await
            .text()
            .await
            .unwrap_or_default();
    assert_eq!(
        count.replace(' ', ""),
        "5/5",
        "the dashboard counts every round paired"
    );

    // The standings, printed.
    a.b.goto(&a.event_url("/standings")).await;
    let rows =
        a.b.find_all("#standings tbody tr[id^=standing-]")
            .await
            .len();
    assert_eq!(rows, 25, "every player in the standings");
    a.b.print_pdf(&shots, "standings-print").await;

    // The main pages in both languages, and the phone's page.
    for lang in ["fr", "en"] {
        a.switch_language(lang).await;
        main_pages(&a, lang, late, &[1, 5]).await;
    }
    phone.goto(&server.url("/lang/fr?back=/report")).await;
    phone.screenshot(&shots, "phone-report-fr").await;
    phone.goto(&server.url("/lang/en?back=/report")).await;
    phone.screenshot(&shots, "phone-report-en").await;

    // The FIDE report: TRF-16 and TRF-2026 pass validate, and check pairs every round as the file.
    let trf16 = tmp.path().join("open.trf");
    a.download_trf("trf16", &trf16).await;
    validate_and_check(&trf16, 5);
    let trf26 = tmp.path().join("open-2026.trf");
    a.download_trf("trf26", &trf26).await;
    std::fs::copy(&trf16, shots.join("export.trf")).expect("keep the TRF");
    let (code, out, err) = run_arbiter(&[OsStr::new("validate"), trf26.as_os_str()]);
    assert_eq!(
        code, 0,
        "arbiter validate (TRF-2026): exit {code}\n{out}{err}"
    );

    phone.close().await;
    a.b.close().await;
    eprintln!(
        "swiss event through the browser: {:.1} s; screenshots in {}",
        started.elapsed().as_secs_f64(),
        shots.display()
    );
}

#[test]
fn round_robin_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(round_robin(chromedriver));
}

async fn round_robin(chromedriver: std::path::PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("round-robin");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let browser = driver.desktop("arbiter", 1280, 900).await;
    let mut a = Arbiter::first_account(browser, &server, shots.clone()).await;
    a.create_event("Fermé de Besançon 2026", "round_robin", 9)
        .await;

    let field = entrants(10);
    let csv = tmp.path().join("joueurs.csv");
    std::fs::write(&csv, french_csv(&field)).expect("write the CSV");
    a.import_csv(&csv, 10).await;
    let players = a.players().await;
    let key = |number: usize| players[number - 1].0;
    let name = |number: usize| players[number - 1].1.clone();
    a.check_in(&[]).await;

    let phone = driver.phone("phone", 390, 844).await;
    let mut first_round = Vec::new();
    for round in 1..=9u32 {
        let boards = a.pair(round).await;
        assert_eq!(boards.len(), 5, "round {round}: 10 players on 5 boards");
        if round == 1 {
            a.shot("round-1-pairings").await;
            a.b.print_pdf(&shots, "round-1-pairings-print").await;
            first_round = boards.clone();
            // Two boards reported from the phone, the rest in the grid.
            let by_phone: Vec<Board> = boards[3..].to_vec();
            let skip: Vec<u32> = by_phone.iter().map(|b| b.board).collect();
            a.enter_results(round, &grid_results(round, &boards, &skip))
                .await;
            for (i, b) in by_phone.iter().enumerate() {
                let shots_here = (i == 0).then_some(shots.as_path());
                report_from_phone(&phone, &server, b, result_for(round, b.board), shots_here).await;
            }
            a.confirm_reported(round, 2).await;
        } else if round >= 8 {
            // Number 10 withdrew: the opponents win their games by forfeit (a round robin's
            // table keeps every player).
            let absent = name(10);
            let results: Vec<(u32, &str)> = boards
                .iter()
                .map(|b| {
                    let r = if b.white == absent {
                        "-+"
                    } else if b.black.as_deref() == Some(absent.as_str()) {
                        "+-"
                    } else {
                        result_for(round, b.board)
                    };
                    (b.board, r)
                })
                .collect();
            a.enter_results(round, &results).await;
        } else {
            a.enter_results(round, &grid_results(round, &boards, &[]))
                .await;
        }
        if round == 7 {
            a.withdraw(key(10), 8).await;
        }
        if round == 2 {
            // A correction of round 1 after round 2 is paired (a round robin's table does not
            // depend on results, so round 2 stands).
            let b = &first_round[0];
            let corrected = if result_for(1, b.board) == "1-0" {
                "0-1"
            } else {
                "1-0"
            };
            a.enter_results(1, &[(b.board, corrected)]).await;
        }
    }

    a.b.goto(&a.event_url("/standings")).await;
    assert_eq!(
        a.b.find_all("#standings tbody tr[id^=standing-]")
            .await
            .len(),
        10
    );
    a.b.print_pdf(&shots, "standings-print").await;
    for lang in ["fr", "en"] {
        a.switch_language(lang).await;
        main_pages(&a, lang, key(1), &[1, 9]).await;
    }

    let trf = tmp.path().join("ferme.trf");
    a.download_trf("trf16", &trf).await;
    std::fs::copy(&trf, shots.join("export.trf")).expect("keep the TRF");
    let (code, out, err) = run_arbiter(&[OsStr::new("validate"), trf.as_os_str()]);
    assert_eq!(
        code,
        0,
        "arbiter validate {}: exit {code}\n{out}{err}",
        trf.display()
    );
    rounds_follow_the_table(&trf, 10, 9);
    // `arbiter check` reads the file's round-robin header and replays the Berger table.
    validate_and_check(&trf, 9);

    phone.close().await;
    a.b.close().await;
    eprintln!(
        "round robin through the browser: {:.1} s; screenshots in {}",
        started.elapsed().as_secs_f64(),
        shots.display()
    );
}

/// How a bridge session of the browser tests is set up and what goes wrong in it.
struct BridgeCase {
    name: &'static str,
    tables: u32,
    movement: &'static str,
    /// Pairs from a member CSV (else typed on the pairs page), and hand records uploaded.
    csv_and_deals: bool,
    /// Rounds whose boards are clicked through the phones' forms; the others are posted from
    /// the same table pages by script (same fields, cookies and CSRF token) to keep the test short.
    clicked_rounds: u32,
    /// The adjusted score: the grid's kind and its fields, and the line the files then hold.
    adjust: (&'static str, &'static [(&'static str, &'static str)]),
    adjusted: bridge::TableResult,
    /// A second phone enters a different result for a line: a conflict the director resolves.
    conflict: bool,
}

#[test]
fn bridge_mitchell_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_session(
        chromedriver,
        BridgeCase {
            name: "mitchell",
            tables: 7,
            movement: "mitchell",
            csv_and_deals: false,
            clicked_rounds: 1,
            adjust: (
                "artificial",
                &[("#adjust-art-ns", "A+"), ("#adjust-art-ew", "A-")],
            ),
            adjusted: bridge::TableResult::Artificial {
                ns: bridge::Artificial::AveragePlus,
                ew: bridge::Artificial::AverageMinus,
            },
            conflict: false,
        },
    ));
}

#[test]
fn bridge_howell_through_the_browser() {
    let Some(chromedriver) = browser_or_skip() else {
        return;
    };
    run(bridge_session(
        chromedriver,
        BridgeCase {
            name: "howell",
            tables: 5,
            movement: "howell",
            csv_and_deals: true,
            clicked_rounds: 2,
            adjust: ("assigned", &[("#adjust-score", "-100")]),
            adjusted: bridge::TableResult::Assigned(-100),
            conflict: true,
        },
    ));
}

/// The lines of a PBN or USEBIO file as (board, NS, EW) → result, each once.
fn file_lines(
    session: &bridge::Session,
    what: &str,
) -> std::collections::BTreeMap<(u32, u32, u32), bridge::TableResult> {
    let mut out = std::collections::BTreeMap::new();
    for b in &session.boards {
        for l in &b.lines {
            let old = out.insert((b.number, l.ns, l.ew), l.result.clone());
            assert!(
                old.is_none(),
                "{what}: board {} {}-{} twice",
                b.number,
                l.ns,
                l.ew
            );
        }
    }
    out
}

async fn bridge_session(chromedriver: std::path::PathBuf, case: BridgeCase) {
    use director::{
        hand_records, member_csv, pair_names, play_for, rescored, same_ranking, Director, Phones,
        Play,
    };
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir(&format!("bridge-{}", case.name));
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let browser = driver.desktop("director", 1280, 900).await;
    let a = Arbiter::first_account(browser, &server, shots.clone()).await;
    let mut d = Director::new(a);
    let title = format!(
        "Tournoi du mardi — {} {} tables",
        case.movement, case.tables
    );
    d.create_session(&title, case.tables, case.movement).await;
    let m = d.movement().await;
    assert_eq!(m.kind, case.movement, "the movement chosen");
    let mut numbers: Vec<u32> = m
        .rounds
        .iter()
        .flatten()
        .flat_map(|s| s.ns.into_iter().chain(s.ew))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(
        numbers.len() as u32,
        2 * case.tables,
        "two pairs a table: {numbers:?}"
    );
    let names: Vec<(u32, String, String)> = pair_names(2 * case.tables)
        .into_iter()
        .zip(&numbers)
        .map(|((_, a, b), n)| (*n, a, b))
        .collect();
    let boards = m.boards();
    if case.csv_and_deals {
        let csv = tmp.path().join("membres.csv");
        std::fs::write(&csv, member_csv(&names)).expect("write the CSV");
        d.import_pairs(&csv, &names).await;
        let pbn = tmp.path().join("donnes.pbn");
        std::fs::write(&pbn, hand_records(boards)).expect("write the deals");
        d.upload_deals(&pbn, boards).await;
    } else {
        d.type_pairs(&names).await;
    }
    d.shot("pairs").await;
    let codes = d.table_codes(case.tables).await;
    let setup = started.elapsed();

    // Every table enters its boards from the phones, round after round; one line is left for
    // the director (the board was not played in time).
    let lines = m.lines();
    let (skip_round, skip_sitting, skip_board) = lines
        .iter()
        .find(|(r, s, _)| *r == 2 && s.table == 2)
        .copied()
        .expect("a line in round 2 at table 2");
    let skipped = (
        skip_board,
        skip_sitting.ns.expect("NS"),
        skip_sitting.ew.expect("EW"),
    );
    let phones = Phones {
        north: driver.phone("north", 390, 844).await,
        east: driver.phone("east", 390, 844).await,
    };
    phones.open_by_code(&server.base, &codes[&1]).await;
    let entering = Instant::now();
    let mut clicked = 0;
    let mut posted = 0;
    for (r, round) in m.rounds.iter().enumerate() {
        let r = r as u32 + 1;
        for s in round {
            let code = &codes[&s.table];
            let skip = (r == skip_round && s.table == skip_sitting.table).then_some(skip_board);
            let played = if s.ns.is_some() && s.ew.is_some() {
                s.boards.len() - usize::from(skip.is_some())
            } else {
                0
            };
            if r <= case.clicked_rounds || skip.is_some() {
                let other = Play {
                    tricks: 13,
                    ..play_for(1, 1, 1)
                };
                let contest =
                    (case.conflict && r == 1 && s.table == 1).then_some((&other, shots.as_path()));
                phones
                    .play_round(&server.base, code, r, s, skip, contest)
                    .await;
                clicked += played;
            } else {
                phones.post_round(&server.base, code, r, s).await;
                posted += played;
            }
            if r == 1 && s.table == 1 {
                phones.north.screenshot(&shots, "phone-table-en").await;
                d.b().goto(&d.url("/grid")).await;
                d.shot("grid-live-en").await;
                d.b().goto(&d.url("/ranking")).await;
                assert!(
                    d.b().exists("#provisional").await,
                    "the ranking is provisional while lines are missing"
                );
                d.shot("ranking-live-en").await;
            }
        }
    }
    let entered = entering.elapsed();
    // Every phone opens on its table's last round, even table 2 with the line of round 2
    // left open: that line is the director's, the phone never goes back to it.
    let last = m.rounds.len();
    for code in codes.values() {
        let title = phones.round_shown(&server.base, code).await;
        assert!(
            title.contains(&format!("{last}/{last}")),
            "table {code} opens on round {last}: {title:?}"
        );
    }
    assert_eq!(
        clicked + posted + 1,
        lines.len(),
        "every line but one entered"
    );
    // Table 2's phone says which board it left in round 2, in words and without a form, on its
    // round's page and on round 2's (issue 34), in English and in French.
    let left_code = &codes[&skip_sitting.table];
    let north = &phones.north;
    for lang in ["en", "fr"] {
        north.goto(&format!("{}/t/{left_code}", server.base)).await;
        if north.html_lang().await != lang {
            north.click("#lang-switch").await;
        }
        let left = north
            .find("#left-for-director")
            .await
            .text()
            .await
            .unwrap_or_default();
        let want = if lang == "en" {
            format!("Board {skip_board} of round {skip_round} is left for the director.")
        } else {
            format!("Donne {skip_board} de la position {skip_round} : laissée à l'arbitre.")
        };
        assert_eq!(left.trim(), want, "table {}'s phone", skip_sitting.table);
        north
            .screenshot(&shots, &format!("phone-left-{lang}"))
            .await;
        north
            .goto(&format!(
                "{}/t/{left_code}?round={skip_round}#board-{skip_board}",
                server.base
            ))
            .await;
        north.find(&format!("#board-{skip_board}-left")).await;
        assert!(
            !north.exists(&format!("#board-{skip_board}-form")).await,
            "no form for the board left for the director"
        );
        north
            .screenshot(&shots, &format!("phone-round-left-{lang}"))
            .await;
    }
    north.click("#lang-switch").await;

    // The grid flags the line still missing, and the conflict if there is one.
    assert_eq!(d.missing().await, 1, "one line left for the director");
    assert_eq!(
        d.line_status(skipped.0, skipped.1, skipped.2).await,
        "missing"
    );
    let mut expected: std::collections::BTreeMap<(u32, u32, u32), bridge::TableResult> = lines
        .iter()
        .map(|(_, s, b)| {
            let (ns, ew) = (s.ns.expect("NS"), s.ew.expect("EW"));
            ((*b, ns, ew), play_for(*b, ns, ew).table_result())
        })
        .collect();
    if case.conflict {
        let b = d.b();
        b.find("#conflict-count").await;
        d.shot("grid-conflict-en").await;
        let keep = b.find_all("#conflict-list button[id$=-keep]").await;
        assert_eq!(keep.len(), 1, "one conflict on the grid");
        d.a.press("#conflict-list button[id$=-keep]", "keep North's line")
            .await;
        assert!(
            !b.exists("#conflict-list").await,
            "the conflict is resolved"
        );
    }
    // The director corrects a line: board of round 1 at table 1, now 6NT by South.
    let (_, first, first_board) = lines[0];
    let (fns, few) = (first.ns.expect("NS"), first.ew.expect("EW"));
    let correction = Play {
        level: "6".into(),
        strain: "NT",
        doubling: "",
        declarer: bridge::Seat::South,
        lead_suit: "D",
        lead_card: "Q",
        tricks: 12,
    };
    d.correct_line(first_board, fns, few, &correction).await;
    expected.insert((first_board, fns, few), correction.table_result());
    // And gives the adjusted score for the line not played.
    d.adjust_line(
        skipped.0,
        skipped.1,
        skipped.2,
        case.adjust.0,
        case.adjust.1,
    )
    .await;
    expected.insert(skipped, case.adjusted.clone());
    assert_eq!(d.missing().await, 0, "no line missing");
    // A French director types a line with French letters: 4C is four hearts (cœur), O is
    // West (ouest), PA the ace of spades (pique).
    let (_, second, second_board) = lines[1];
    let key = (second_board, second.ns.expect("NS"), second.ew.expect("EW"));
    d.a.switch_language("fr").await;
    d.type_line(key, ["4C", "O", "PA", "="]).await;
    d.shot("grid-french-letters-fr").await;
    d.a.switch_language("en").await;
    let Ok(bridge::Bid::Contract(hearts)) = "4H".parse::<bridge::Bid>() else {
        panic!("4H is a contract")
    };
    expected.insert(
        key,
        bridge::TableResult::Played(
            bridge::Played::new(hearts, bridge::Seat::West, 10).expect("a result"),
        ),
    );
    d.shot("grid-en").await;

    // The final ranking.
    let page = d.ranking().await;
    assert!(
        !d.b().exists("#provisional").await,
        "the final ranking is not provisional"
    );
    assert_eq!(page.len(), numbers.len(), "every pair ranked");
    d.shot("ranking-final-en").await;

    // The pages in both languages, and the phone's table page.
    for lang in ["en", "fr"] {
        d.b().goto(&d.url("")).await;
        d.a.switch_language(lang).await;
        let pages = [
            ("session", String::new()),
            ("pairs", "/pairs".to_string()),
            ("movement", "/movement".to_string()),
            ("movement-cards", "/movement/cards".to_string()),
            ("slips", "/slips".to_string()),
            ("grid", "/grid".to_string()),
            ("ranking", "/ranking".to_string()),
            ("travellers", "/travellers".to_string()),
            ("score-card", format!("/cards?pair={}", numbers[0])),
        ];
        for (name, path) in pages {
            d.b().goto(&d.url(&path)).await;
            d.a.assert_no_error(name).await;
            assert_eq!(d.b().html_lang().await, lang, "{path} in {lang}");
            d.shot(&format!("{name}-{lang}")).await;
        }
        d.b()
            .goto(&server.url(&format!("/public/bridge/{}", d.session)))
            .await;
        d.a.assert_no_error("the public ranking").await;
        d.shot(&format!("public-ranking-{lang}")).await;
        phones
            .north
            .goto(&server.url(&format!("/lang/{lang}?back=/t/{}%3Fround%3D1", codes[&1])))
            .await;
        phones.north.find("#table-title").await;
        phones
            .north
            .screenshot(&shots, &format!("phone-table-{lang}-final"))
            .await;
    }
    d.b().goto(&d.url("/ranking")).await;
    d.b().print_pdf(&shots, "ranking-print").await;
    d.b().goto(&d.url("/travellers")).await;
    d.b().print_pdf(&shots, "travellers-print").await;

    // The exported PBN: every line once, as entered; rescored by the real binary, the page's ranking.
    let (status, pbn) = d.download("#export-pbn").await;
    assert_eq!(status, 200, "the PBN export: {pbn}");
    let pbn_file = shots.join("export.pbn");
    std::fs::write(&pbn_file, &pbn).expect("keep the PBN");
    let read = bridge::pbn::read(&pbn, "export.pbn").expect("the exported PBN reads back");
    assert_eq!(
        file_lines(&read, "the PBN"),
        expected,
        "the PBN holds every line as entered, corrected and adjusted"
    );
    assert_eq!(read.names.len(), numbers.len(), "the PBN names every pair");
    if case.csv_and_deals {
        assert!(
            read.boards.iter().all(|b| b.deal.is_some()),
            "the PBN holds the deals"
        );
    }
    let from_pbn = rescored(&pbn_file);
    same_ranking(&page, &from_pbn, "the page against the PBN rescored");

    // The exported USEBIO (Average+/Average− written as `A6040`): read back equal.
    let (status, xml) = d.download("#export-usebio").await;
    assert_eq!(status, 200, "the USEBIO export: {xml}");
    let xml_file = shots.join("export.xml");
    std::fs::write(&xml_file, &xml).expect("keep the USEBIO");
    let back = bridge::usebio::read(&xml, "export.xml").expect("the USEBIO reads back");
    assert_eq!(
        file_lines(&back, "the USEBIO"),
        file_lines(&read, "the PBN"),
        "the USEBIO holds the PBN's lines"
    );
    assert_eq!(back.names, read.names, "the same names");
    let from_xml = rescored(&xml_file);
    same_ranking(&from_xml, &from_pbn, "the USEBIO against the PBN rescored");
    let (status, html) = d.download("#export-html").await;
    assert_eq!(status, 200);
    assert!(
        html.contains(&names[0].1),
        "the HTML export names the pairs"
    );
    std::fs::write(shots.join("export.html"), &html).expect("keep the HTML");

    phones.north.close().await;
    phones.east.close().await;
    d.a.b.close().await;
    eprintln!(
        "bridge {} ({} tables, {} lines: {clicked} clicked on the phones, {posted} posted from the table pages): \
         set-up {:.1} s, entry {:.1} s, {:.1} s in all; screenshots in {}",
        case.name,
        case.tables,
        lines.len(),
        setup.as_secs_f64(),
        entered.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        shots.display()
    );
}
