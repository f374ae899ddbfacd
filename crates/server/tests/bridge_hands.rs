//! Hand records analysed (issue 24 §2): the deals uploaded as PBN are solved double dummy once,
//! and the hand-record pages, the travellers (director's and public) and the API show each
//! deal's tricks for every declarer and strain and its par as the engine computes them for the
//! same file (`bridge::dd::analyse_session`, what `arbiter bridge analyse` prints).

use bridge::{Seat, Strain};

use crate::bridge_api::small_session;
use crate::common::{App, Client};

/// `boards` random deals (seeded) with each board's standard dealer and vulnerability.
pub fn hand_record_file(boards: u32) -> String {
    let mut rng = bridge::generate::SplitMix64::new(24);
    let mut out = String::from("% PBN 2.1\n");
    for b in 1..=boards {
        out.push_str(&format!(
            "\n[Board \"{b}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n",
            bridge::dealer_of(b),
            bridge::vulnerability_of(b),
            bridge::generate::random_deal(&mut rng)
        ));
    }
    out
}

/// Every line still missing on the boards `which` takes, entered by the director (3NT by
/// North, made).
fn enter_lines(b: &mut Client, id: i64, which: impl Fn(u64) -> bool) {
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    for l in lines["lines"].as_array().unwrap() {
        let board = l["board"].as_u64().unwrap();
        if l["status"] != "missing" || !which(board) {
            continue;
        }
        let r = b.post_json(
            &format!("/api/bridge/sessions/{id}/lines"),
            &serde_json::json!({"board": board, "ns": l["ns"], "ew": l["ew"],
                                "contract": "3NT", "declarer": "N", "result": "="}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
}

#[test]
fn hand_records_and_travellers_show_the_engines_tricks_and_par() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let token = b.csrf.clone().unwrap();
    let id = small_session(&mut b);
    let empty = b.get(&format!("/bridge/{id}/hands"));
    assert_eq!(empty.status, 200, "{}", empty.body);
    assert!(empty.body.contains("id=\"hands-none\""));

    // Seven deals for a session of six boards: the seventh is passed over.
    let pbn = hand_record_file(7);
    let r = b.post_multipart(
        &format!("/bridge/{id}/deals"),
        &[("csrf", &token)],
        ("file", "donnes.pbn", &pbn),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let session = bridge::pbn::read(&pbn, "donnes.pbn").unwrap();
    let engine = bridge::dd::analyse_session(&session, "donnes.pbn").unwrap();
    let want: Vec<_> = engine.iter().filter(|w| w.number <= 6).collect();
    assert_eq!(want.len(), 6);
    // The solver works off the request: the director's page says so until it is done.
    crate::bridge_solver::analysed(&mut b, &format!("/bridge/{id}/hands"));

    // The public pages hold back every board some table still has to play (its deal, its
    // contracts, its scores), then show each once all its lines are in.
    let held = |b: &mut Client, boards: usize| {
        for p in ["hands", "travellers", "cards"] {
            let page = b.get(&format!("/public/bridge/{id}/{p}"));
            assert_eq!(page.status, 200, "{p}: {}", page.body);
            assert!(
                page.body
                    .contains(&format!("id=\"held-back\" data-boards=\"{boards}\"")),
                "{p}: {}",
                page.body
            );
        }
    };
    held(&mut b, 6);
    assert!(!b
        .get(&format!("/public/bridge/{id}/hands"))
        .body
        .contains("id=\"dd-"));
    assert!(!b
        .get(&format!("/public/bridge/{id}/travellers"))
        .body
        .contains("3NT"));
    enter_lines(&mut b, id, |board| board <= 2);
    held(&mut b, 4);
    let public = b.get(&format!("/public/bridge/{id}/hands")).body;
    assert!(public.contains("id=\"dd-2-N-S\""));
    assert!(!public.contains("id=\"dd-3-"));
    // The director sees everything all along.
    assert!(b
        .get(&format!("/bridge/{id}/hands"))
        .body
        .contains("id=\"dd-6-N-S\""));
    enter_lines(&mut b, id, |_| true);
    assert!(!b
        .get(&format!("/public/bridge/{id}/hands"))
        .body
        .contains("id=\"held-back\""));

    let pages = [
        format!("/bridge/{id}/hands"),
        format!("/bridge/{id}/travellers"),
        format!("/public/bridge/{id}/hands"),
        format!("/public/bridge/{id}/travellers"),
    ];
    for (lang, words) in [
        (
            "fr",
            ["Levées possibles", "Par :", "Contrats réalisables :"],
        ),
        ("en", ["Double-dummy tricks", "Par:", "Makeable contracts:"]),
    ] {
        b.accept_language = Some(lang.into());
        for p in &pages {
            let page = b.get(p);
            assert_eq!(page.status, 200, "{p} ({lang}): {}", page.body);
            for w in words {
                assert!(page.body.contains(w), "{p} ({lang}): {w}");
            }
            for w in &want {
                let n = w.number;
                for seat in Seat::ALL {
                    for strain in Strain::ALL {
                        let cell = format!(
                            "id=\"dd-{n}-{}-{}\">{}<",
                            seat.letter(),
                            strain.code(),
                            w.table.tricks(seat, strain)
                        );
                        assert!(page.body.contains(&cell), "{p} ({lang}): {cell}");
                    }
                }
                let codes: Vec<String> = w.par.contracts.iter().map(|c| c.to_string()).collect();
                let par = format!(
                    "id=\"par-{n}\" data-score=\"{}\" data-contracts=\"{}\"",
                    w.par.score_ns,
                    codes.join(", ")
                );
                assert!(page.body.contains(&par), "{p} ({lang}): {par}");
            }
            assert!(
                !page.body.contains("id=\"dd-7-"),
                "{p}: board 7 is not played"
            );
            // Hearts and diamonds in red in the grid's heading.
            assert!(
                page.body.contains("<span class=\"strain red\">♥</span>"),
                "{p}"
            );
            assert!(page.body.contains("<span class=\"strain\">♠</span>"), "{p}");
        }
    }
    let nt = b.get(&format!("/bridge/{id}/hands")).body;
    assert!(nt.contains("<span class=\"strain\">NT</span>"));
    b.accept_language = Some("fr".into());
    let sa = b.get(&format!("/bridge/{id}/hands")).body;
    assert!(sa.contains("<span class=\"strain\">SA</span>"));

    // The API gives the same JSON as `arbiter bridge analyse --format json`.
    let api = b.get(&format!("/api/bridge/sessions/{id}/deals")).json();
    let api = api.as_array().unwrap();
    assert_eq!(api.len(), 6);
    for (row, w) in api.iter().zip(&want) {
        assert_eq!(row["board"], w.number);
        assert_eq!(row["tricks"], serde_json::to_value(w.table).unwrap());
        assert_eq!(row["par"], serde_json::to_value(&w.par).unwrap());
    }
}
