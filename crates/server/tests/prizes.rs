//! The prize page (issue 23 §3): the organiser writes the prize list and the rule, the page
//! shows who wins what after the last complete round; a list that does not read is shown again
//! as typed, with the line and column of the problem.

use serde_json::json;

use crate::common::{csrf_in, paired_event, App};

/// The "receives" cells of the prize table, in order.
fn received(page: &str) -> Vec<String> {
    page.split("class=\"num receives\">")
        .skip(1)
        .map(|s| s.split('<').next().unwrap().to_string())
        .collect()
}

#[test]
fn tied_players_share_or_split_the_prizes_by_the_rule_chosen() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, _) = paired_event(
        &mut arb,
        json!({"name": "Open", "rounds": 1, "tiebreaks": "BH"}),
        4,
    );
    // Both boards drawn: the four players tie on ½ point and on Buchholz (½ each).
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"1": "1/2", "2": "1/2"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    arb.accept_language = Some("en".into());
    let path = format!("/events/{id}/prizes");
    let page = arb.get(&path).body;
    assert!(!page.contains("id=\"prizes\""), "no table before a list");
    let list = "prize;category;amount\n1st;;100\n2nd;;60\n3rd;;20\n";
    let csrf = csrf_in(&page);
    let r = arb.post_form(
        &path,
        &[("csrf", &csrf), ("rule", "shared"), ("list", list)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&path).body;
    // (100 + 60 + 20) / 4 places occupied by the tied group = 45.00 each.
    assert_eq!(
        received(&page),
        ["45.00", "45.00", "45.00", "45.00", "", ""],
        "{page}"
    );
    assert!(page.contains("id=\"prizes-paid\">180.00<"), "{page}");

    // Under Hort with the tie-breaks unable to separate them, the by-place half is shared as
    // well: the same 45.00 (90 shared equally, plus 90 over the same four places).
    let r = arb.post_form(&path, &[("csrf", &csrf), ("rule", "hort"), ("list", list)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&path).body;
    let got = received(&page);
    assert_eq!(got.iter().filter(|s| *s == "45.00").count(), 4, "{page}");
    assert!(page.contains("Hort system"), "{page}");

    // In French: amounts with a decimal comma, the words of the page French.
    arb.accept_language = Some("fr".into());
    let page = arb.get(&path).body;
    assert!(received(&page).contains(&"45,00".to_string()), "{page}");
    assert!(page.contains("Système Hort"), "{page}");

    // A list that does not read: 422, the typed text kept, the line named; nothing stored.
    arb.accept_language = Some("en".into());
    let bad = "prize;category;amount\n1st;;100\nBest junior;age<x;30\n";
    let r = arb.post_form(&path, &[("csrf", &csrf), ("rule", "places"), ("list", bad)]);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("id=\"prizes-error\""), "{}", r.body);
    assert!(r.body.contains("line 3"), "{}", r.body);
    assert!(r.body.contains("Best junior;age&#60;x;30"), "{}", r.body);
    let page = arb.get(&path).body;
    assert!(
        page.contains("1st;;100\n2nd;;60"),
        "the stored list is unchanged"
    );

    // The change is in the journal.
    let log = arb.get(&format!("/events/{id}/log")).body;
    assert!(log.contains("Prize list"), "{log}");
}
