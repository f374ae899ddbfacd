//! The bridge pages as a browser uses them: every page in French and English, the director's
//! forms with their CSRF field, the table page on a phone (device cookie, per-visitor token),
//! a conflict shown on the director's grid and settled there, the provisional ranking.

use serde_json::json;

use crate::bridge_api::{codes, small_session, DEAL};
use crate::common::{csrf_in, App, Client};

/// Catalogue keys that would show if a translation were missing (none of them is an element id).
const RAW_KEYS: [&str; 9] = [
    "bridge-col-",
    "bridge-tab-",
    "bridge-field-",
    "bridge-status-",
    "movement-kind-",
    "bridge-scoring-",
    "bridge-table-",
    "bridge-missing-",
    "bridge-dd-",
];

fn assert_translated(path: &str, body: &str) {
    for k in RAW_KEYS {
        if let Some(at) = body.find(k) {
            // Element ids may start the same way (`bridge-table-…` is not one of ours).
            let before = &body[at.saturating_sub(4)..at];
            assert!(
                before.ends_with("id=\""),
                "{path}: untranslated key near {:?}",
                &body[at..(at + 40).min(body.len())]
            );
        }
    }
}

/// The director's browser, logged in: its pages' CSRF token, also sent as the API's header.
fn director(app: &App) -> (Client, String) {
    let b = app.arbiter();
    let token = b.csrf.clone().unwrap();
    (b, token)
}

#[test]
fn every_bridge_page_in_french_and_english() {
    let app = App::start(false);
    let (mut b, _) = director(&app);
    assert!(b
        .get("/")
        .body
        .contains("href=\"/bridge\" id=\"bridge-link\""));
    let id = small_session(&mut b);
    let pbn = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n");
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}/deals"),
        &json!({"data": pbn}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    b.post_json(
        &format!("/api/bridge/sessions/{id}/lines"),
        &json!({"board": 1, "ns": 1, "ew": 4, "contract": "3NT", "declarer": "N", "lead": "HK", "result": "="}),
    );
    let code = codes(&mut b, id)[0].1.clone();
    let pages = [
        "/bridge".to_string(),
        format!("/bridge/{id}"),
        format!("/bridge/{id}/pairs"),
        format!("/bridge/{id}/movement"),
        format!("/bridge/{id}/slips"),
        format!("/bridge/{id}/grid"),
        format!("/bridge/{id}/ranking"),
        format!("/bridge/{id}/travellers"),
        format!("/bridge/{id}/cards"),
        format!("/bridge/{id}/cards?pair=1"),
        format!("/bridge/{id}/hands"),
        format!("/public/bridge/{id}"),
        format!("/public/bridge/{id}/travellers"),
        format!("/public/bridge/{id}/cards"),
        format!("/public/bridge/{id}/hands"),
        "/t".to_string(),
        format!("/t/{code}"),
    ];
    for (lang, words) in [
        ("fr", ["Feuilles ambulantes", "Donne", "Classement"]),
        ("en", ["Travellers", "Board", "Ranking"]),
    ] {
        b.accept_language = Some(lang.into());
        for p in &pages {
            let r = b.get(p);
            assert_eq!(r.status, 200, "{p} ({lang}): {}", r.body);
            assert!(r.body.contains(&format!("<html lang=\"{lang}\">")), "{p}");
            assert_translated(p, &r.body);
        }
        let t = b.get(&format!("/bridge/{id}/travellers")).body;
        for w in words {
            assert!(t.contains(w), "{lang}: {w}");
        }
        // The deal is shown with its traveller, cards in the reader's language.
        assert!(t.contains("id=\"deal-1\""));
        let king = if lang == "fr" { "♥R" } else { "♥K" };
        assert!(t.contains(king), "{lang}: the lead {king}");
        let nt = if lang == "fr" { "3SA" } else { "3NT" };
        assert!(t.contains(nt));
    }
    let cards = b.get(&format!("/bridge/{id}/movement/cards"));
    assert_eq!(cards.status, 200);
    assert!(cards.body.contains("<table"));
    let export = b.get(&format!("/bridge/{id}/export.html"));
    assert_eq!(export.status, 200);
    assert!(export.body.contains("id=\"travellers-section\""));
    assert!(!export.body.contains(&code), "no table code in the export");

    // Not public: the public pages are not found; the director's need a login.
    b.post_json(
        &format!("/api/bridge/sessions/{id}"),
        &json!({"public": false}),
    );
    let mut anon = app.client();
    assert_eq!(anon.get(&format!("/public/bridge/{id}")).status, 404);
    let r = anon.get(&format!("/bridge/{id}/grid"));
    assert_eq!(r.status, 303);
    assert!(r.location.unwrap().starts_with("/login"));
}

#[test]
fn the_director_creates_a_session_and_types_the_pairs() {
    let app = App::start(false);
    let (mut b, token) = director(&app);
    b.accept_language = Some("fr".into());
    let page = b.get("/bridge");
    assert!(page.body.contains("id=\"bridge-new-form\""));
    assert!(page.body.contains("id=\"movement-suggestions\""));
    let fields = [
        ("name", "Régularité du jeudi"),
        ("club", "BC <Test>"),
        ("tables", "4"),
        ("movement", "auto"),
        ("boards_per_round", "3"),
        ("scoring", "mp2"),
        ("public", "on"),
        ("form", "1"),
    ];
    // Without the page's token: refused, nothing created.
    let r = b.post_form("/bridge", &fields);
    assert_eq!(r.status, 403);
    let mut with_token = vec![("csrf", token.as_str())];
    with_token.extend(fields);
    let r = b.post_form("/bridge", &with_token);
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.location.unwrap();
    assert!(to.ends_with("/pairs"), "{to}");
    let id: i64 = to.split('/').nth(2).unwrap().parse().unwrap();
    let page = b.get(&format!("/bridge/{id}"));
    assert!(page.body.contains("BC &#60;Test&#62;") || page.body.contains("BC &lt;Test&gt;"));
    assert!(!page.body.contains("BC <Test>"));
    assert!(page.body.contains("Howell"), "4 tables suggest a Howell");

    // The pairs: one form for every pair number.
    let pairs = b.get(&format!("/bridge/{id}/pairs"));
    assert!(pairs.body.contains("id=\"pairs-form\""));
    assert!(pairs.body.contains("name=\"name1_8\""));
    let r = b.post_form(
        &format!("/bridge/{id}/pairs"),
        &[
            ("csrf", &token),
            ("name1_1", "Martin"),
            ("name2_1", "Durand"),
            ("club_1", ""),
            ("name1_2", "Petit"),
            ("name2_2", "Moreau"),
            ("club_2", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let pairs = b.get(r.location.as_deref().unwrap());
    assert!(pairs.body.contains("value=\"Martin\""));
    assert!(pairs.body.contains("id=\"pairs-notice\""));

    // Member CSV and hand records through the upload forms.
    let r = b.post_multipart(
        &format!("/bridge/{id}/pairs/import"),
        &[("csrf", &token)],
        (
            "file",
            "membres.csv",
            "joueur 1;joueur 2\nA1;B1\nA2;B2\nA3;B3\n",
        ),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let pairs = b.get(&format!("/bridge/{id}/pairs"));
    assert!(pairs.body.contains("value=\"A3\""));
    let r = b.post_multipart(
        &format!("/bridge/{id}/deals"),
        &[("csrf", &token)],
        (
            "file",
            "d.pbn",
            &format!("[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"{DEAL}\"]\n"),
        ),
    );
    assert_eq!(r.status, 303, "{}", r.body);

    // Settings: the table count changes until the first line.
    let r = b.post_form(
        &format!("/bridge/{id}"),
        &[
            ("csrf", &token),
            ("name", "Régularité du jeudi"),
            ("tables", "5"),
            ("movement", "mitchell"),
            ("form", "1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = b.get(&format!("/bridge/{id}"));
    assert!(page.body.contains("id=\"summary-movement\""));
    assert!(page.body.contains("Mitchell"));
    let slips = b.get(&format!("/bridge/{id}/slips"));
    assert!(slips.body.contains("id=\"slip-5\""));
    assert!(slips.body.contains("/t/"));
}

#[test]
fn phones_enter_a_conflict_reaches_the_grid_and_the_director_settles_it() {
    let app = App::start(false);
    let (mut b, token) = director(&app);
    b.accept_language = Some("fr".into());
    let id = small_session(&mut b);
    let code = codes(&mut b, id)[0].1.clone();

    // The first phone: a device cookie, the page's token, the boards' forms.
    let mut north = app.client();
    north.accept_language = Some("fr".into());
    let page = north.get(&format!("/t/{}", code.to_lowercase()));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(north.cookies.contains_key("arbiter_device"));
    assert!(page.body.contains("id=\"table-pairs\""));
    // The round starts with the pairs checked: no entry form before the table says yes.
    assert!(page.body.contains("id=\"pairs-check\""));
    assert!(!page.body.contains("class=\"entry\""));
    let r = north.post_form(
        &format!("/t/{code}/pairs"),
        &[("csrf", &csrf_in(&page.body)), ("round", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = north.get(r.location.as_deref().unwrap());
    assert!(!page.body.contains("id=\"pairs-check\""));
    assert!(page.body.contains("class=\"entry\""));
    let board = page
        .body
        .split("id=\"board-")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    assert!(page.body.contains(&format!("id=\"board-{board}-form\"")));
    let csrf = csrf_in(&page.body);
    let enter = |c: &mut Client, csrf: &str, result: &str| {
        c.post_form(
            &format!("/t/{code}/boards/{board}"),
            &[
                ("csrf", csrf),
                ("round", "1"),
                ("level", "3"),
                ("strain", "NT"),
                ("doubling", ""),
                ("declarer", "N"),
                ("lead_suit", "S"),
                ("lead_card", "A"),
                ("result", result),
            ],
        )
    };
    // A token from another visitor is refused.
    let mut stranger = app.client();
    stranger.get("/t");
    assert_eq!(enter(&mut stranger, &csrf, "=").status, 403);

    let r = enter(&mut north, &csrf, "=");
    assert_eq!(r.status, 303, "{}", r.body);
    let after = north.get(r.location.as_deref().unwrap());
    assert!(after.body.contains("id=\"table-notice\""), "{}", after.body);
    assert!(after.body.contains(&format!("id=\"board-{board}-score\"")));
    assert!(after
        .body
        .contains(&format!("id=\"board-{board}-confirm\"")));
    assert!(after.body.contains("3SA"));

    // A second phone enters another result: kept apart as a conflict, said on the phone.
    let mut east = app.client();
    east.accept_language = Some("en".into());
    let page = east.get(&format!("/t/{code}"));
    let csrf_e = csrf_in(&page.body);
    let r = enter(&mut east, &csrf_e, "+1");
    assert_eq!(r.status, 303);
    assert!(r.location.as_deref().unwrap().contains("outcome=conflict"));
    let shown = east.get(r.location.as_deref().unwrap());
    assert!(shown.body.contains("class=\"error\" id=\"table-notice\""));
    assert!(shown.body.contains("the director will decide"));
    // Both versions are shown to the table: North's 3NT made, East's one overtrick.
    let other = shown
        .body
        .split(&format!("id=\"board-{board}-other\">"))
        .nth(1)
        .unwrap_or_else(|| panic!("both versions shown: {}", shown.body));
    let other = other.split('<').next().unwrap();
    assert!(other.contains('=') && other.contains("+1"), "{other}");

    // The director's grid: the conflict, both versions, the missing lines counted.
    let grid = b.get(&format!("/bridge/{id}/grid"));
    assert_eq!(grid.status, 200);
    assert!(
        grid.body.contains("id=\"missing-count\" data-count=\"17\""),
        "{}",
        grid.body
    );
    assert!(grid.body.contains("17 lignes manquantes"));
    let cid = grid
        .body
        .split("id=\"conflict-")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .find(|id| id.bytes().all(|b| b.is_ascii_digit()))
        .unwrap()
        .to_string();
    assert!(grid.body.contains(&format!("id=\"conflict-{cid}-keep\"")));
    assert!(grid.body.contains("class=\"status-entered conflict\""));
    // The ranking is provisional.
    let ranking = b.get(&format!("/bridge/{id}/ranking"));
    assert!(ranking.body.contains("id=\"provisional\""));
    assert!(ranking.body.contains("Classement provisoire"));
    assert!(ranking.body.contains("http-equiv=\"refresh\""));

    let r = b.post_form(
        &format!("/bridge/{id}/conflicts/{cid}/resolve"),
        &[("csrf", &token), ("take_other", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let grid = b.get(&format!("/bridge/{id}/grid"));
    assert!(!grid.body.contains("id=\"conflict-list\""));

    // A refused line on the grid: the message in the page's language, the typing kept.
    let r = b.post_form(
        &format!("/bridge/{id}/grid/line"),
        &[
            ("csrf", &token),
            ("board", "1"),
            ("ns", "1"),
            ("ew", "4"),
            ("contract", "9ZZ"),
            ("declarer", "N"),
            ("result", "="),
        ],
    );
    assert_eq!(r.status, 422);
    assert!(r.body.contains("id=\"grid-error\""));
    assert!(r.body.contains("Contrat attendu"), "{}", r.body);
    assert!(r.body.contains("value=\"9ZZ\""));
    // Every missing line settled from the grid: no longer provisional.
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    for l in lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["status"] == "missing")
    {
        let (bd, ns, ew) = (
            l["board"].to_string(),
            l["ns"].to_string(),
            l["ew"].to_string(),
        );
        let r = b.post_form(
            &format!("/bridge/{id}/grid/adjust"),
            &[
                ("csrf", &token),
                ("board", &bd),
                ("ns", &ns),
                ("ew", &ew),
                ("kind", "not_played"),
            ],
        );
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let ranking = b.get(&format!("/bridge/{id}/ranking"));
    assert!(!ranking.body.contains("id=\"provisional\""));
    assert!(ranking.body.contains("id=\"ranking-ns\""));
    let grid = b.get(&format!("/bridge/{id}/grid"));
    assert!(grid.body.contains("id=\"missing-count\" data-count=\"0\""));
    let cards = b.get(&format!("/bridge/{id}/cards?pair=1"));
    assert!(cards.body.contains("id=\"card-1\"") && !cards.body.contains("id=\"card-2\""));
}
