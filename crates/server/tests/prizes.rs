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
        page.contains("1st;;100.00\n2nd;;60.00"),
        "the stored list is unchanged (written back in the page's language)"
    );

    // The change is in the journal.
    let log = arb.get(&format!("/events/{id}/log")).body;
    assert!(log.contains("Prize list"), "{log}");
}

/// The place cells of the prize table, in order (empty on a prize's "not awarded" line).
fn places(page: &str) -> Vec<String> {
    let table = &page[page.find("id=\"prizes\"").unwrap()..];
    let table = &table[..table.find("<tfoot").unwrap()];
    table
        .split("<tr")
        .skip(2)
        .map(|row| {
            row.split("<td class=\"num\">")
                .nth(2)
                .and_then(|cell| cell.split('<').next())
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

/// The prize list's text as the page's field holds it.
fn list_in(page: &str) -> String {
    let at = page.find("name=\"list\"").unwrap();
    let from = at + page[at..].find('>').unwrap() + 1;
    page[from..from + page[from..].find("</textarea>").unwrap()].to_string()
}

#[test]
fn a_french_prize_list_with_ffe_categories_is_read_written_back_and_shares_places() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, r1) = paired_event(
        &mut arb,
        json!({"name": "Open", "rounds": 1, "tiebreaks": "BH",
               "start_date": "2026-03-14", "end_date": "2026-03-15"}),
        4,
    );
    // Board 1 won by White; board 2 drawn: its two players tie on points and Buchholz.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"1": "1-0", "2": "1/2"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // Board 1's loser is a girl born in 2015: a Pupillette in the 2025/2026 season.
    let loser = r1["games"][0]["black"].as_i64().unwrap();
    let p = arb.get(&format!("/api/events/{id}/players/{loser}")).json();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/{loser}"),
        &json!({"name": p["name"], "rating": p["rating"], "federation": "FRA",
                "birth_date": "2015/06/01", "sex": "w"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    arb.accept_language = Some("fr".into());
    let path = format!("/events/{id}/prizes");
    let page = arb.get(&path).body;
    assert_eq!(
        list_in(&page),
        "prix;catégorie;montant\n",
        "an empty list in French"
    );
    // The legend names the French keywords and the FFE's categories.
    assert!(page.contains("id=\"prize-legend\""), "{page}");
    for code in [
        "elo&#60;1600",
        "féminin",
        "âge&#60;18",
        "Pup, Min-Cad",
        "non-classé",
    ] {
        assert!(page.contains(&format!("<code>{code}")), "{code}: {page}");
    }
    let list = "prix;catégorie;montant\n1er;;100\n2e;;60\n3e;;40\n\
                Pupille;pup;15\nFéminine;Féminines;8\nMoins de 1600;Elo<1600;5\n";
    let r = arb.post_form(
        &path,
        &[
            ("csrf", &csrf_in(&page)),
            ("rule", "places"),
            ("list", list),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&path).body;
    // Written back as the French desk writes it.
    assert_eq!(
        list_in(&page),
        "prix;catégorie;montant\n1er;;100,00\n2e;;60,00\n3e;;40,00\nPupille;Pup;15,00\n\
         Féminine;féminin;8,00\nMoins de 1600;elo&#60;1600;5,00\n"
    );
    // The tied pair shares places 2-3 (50.00 each); the Pupillette takes the FFE prize.
    assert_eq!(
        received(&page),
        ["100,00", "50,00", "50,00", "", "15,00", "", ""],
        "{page}"
    );
    assert_eq!(
        places(&page),
        ["1", "2-3 ex\u{a0}æquo", "2-3 ex\u{a0}æquo", "", "4", "", ""],
        "{page}"
    );
    assert!(page.contains("Catégorie Pup"), "{page}");
    // The standings page says the shared place the same way.
    let standings = arb.get(&format!("/events/{id}/standings")).body;
    assert!(standings.contains(">2-3 ex\u{a0}æquo<"), "{standings}");

    // In English: the list in English words, the shared place as arbiters write it.
    arb.accept_language = Some("en".into());
    let page = arb.get(&path).body;
    assert_eq!(
        list_in(&page),
        "prize;category;amount\n1er;;100.00\n2e;;60.00\n3e;;40.00\nPupille;Pup;15.00\n\
         Féminine;women;8.00\nMoins de 1600;rating&#60;1600;5.00\n"
    );
    assert_eq!(places(&page)[1], "2-3=");
    let standings = arb.get(&format!("/events/{id}/standings")).body;
    assert!(standings.contains(">2-3=<"), "{standings}");

    // Under the shared rule, players tied on points share whatever the tie-breaks say.
    let page = arb.get(&path).body;
    let r = arb.post_form(
        &path,
        &[
            ("csrf", &csrf_in(&page)),
            ("rule", "shared"),
            ("list", &list_in(&page).replace("&#60;", "<")),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&path).body;
    assert_eq!(places(&page)[..3], ["1", "2-3=", "2-3="], "{page}");
}
