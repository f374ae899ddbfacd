//! Issue 20: a club numbers a Mitchell's East-West pairs after the North-South ones (8–14 with
//! 7 tables) or from 1 again with the line's letters (1 EO–7 EO); the choice is a session
//! setting and every page, card and document shows the same number.

use serde_json::json;

use crate::bridge_api::codes;
use crate::common::{App, Client};

/// The text of the element with `id="ID"` up to the end of its table row (or of its
/// section), so a check looks at one line and not the whole page.
fn row<'a>(page: &'a str, id: &str) -> &'a str {
    let from = page
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no element {id} in {page}"));
    let rest = &page[from..];
    let to = ["</tr>", "</section>"]
        .iter()
        .filter_map(|end| rest.find(end))
        .min()
        .unwrap_or(rest.len());
    &rest[..to]
}

fn get(c: &mut Client, lang: &str, path: &str) -> String {
    c.accept_language = Some(lang.into());
    let r = c.get(path);
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.body
}

/// Pair 9 is the second East-West pair of a 7-table Mitchell. It meets pair 2 at table 2 in
/// round 1 on boards 3 and 4; its number must read `9`, or `2 EW` (`2 EO` in French), on the
/// director's grid, travellers, ranking, score cards, movement page and cards, pairs page, the
/// table's phone and the public pages alike.
#[test]
fn east_west_pairs_read_as_the_club_numbers_them_on_every_page() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/sessions",
        &json!({"name": "Mardi", "club": "Bridge Club de Lyon", "tables": 7,
                "movement": "mitchell", "boards_per_round": 2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    // Every line of board 3, so the public pages show it (a board still in play is held back).
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let board_3: Vec<(u64, u64)> = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["board"] == 3)
        .map(|l| (l["ns"].as_u64().unwrap(), l["ew"].as_u64().unwrap()))
        .collect();
    assert!(board_3.contains(&(2, 9)), "{board_3:?}");
    for (ns, ew) in board_3 {
        let r = b.post_json(
            &format!("/api/bridge/sessions/{id}/lines"),
            &json!({"board": 3, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "N",
                    "result": if ns == 2 { "=" } else { "-1" }}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let table_2 = codes(&mut b, id)
        .into_iter()
        .find(|(t, _)| *t == 2)
        .unwrap()
        .1;
    let mut public = app.client();
    let mut phone = app.client();

    for (numbering, en, fr) in [("through", "9", "9"), ("per-line", "2 EW", "2 EO")] {
        let r = b.post_json(
            &format!("/api/bridge/sessions/{id}"),
            &json!({"pair_numbering": numbering}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        for (lang, ew) in [("en", en), ("fr", fr)] {
            let cell = format!("<td class=\"num\">{ew}</td>");
            let pair_word = if lang == "fr" { "Paire" } else { "Pair" };
            let against = if lang == "fr" { "paire" } else { "pair" };

            let settings = get(&mut b, lang, &format!("/bridge/{id}"));
            assert!(
                settings.contains(&format!("<option value=\"{numbering}\" selected>")),
                "{settings}"
            );

            let grid = get(&mut b, lang, &format!("/bridge/{id}/grid"));
            assert!(
                row(&grid, "line-3-2-9").contains(&format!("<td class=\"num\">2</td>{cell}")),
                "{lang} {numbering}: {}",
                row(&grid, "line-3-2-9")
            );

            // The director's page and the public one, each read by its own visitor.
            let mut both = |part: &str| {
                let director = format!("/bridge/{id}/{part}");
                let public_page = format!("/public/bridge/{id}/{part}").replace("/ranking", "");
                [
                    (director.clone(), get(&mut b, lang, &director)),
                    (public_page.clone(), get(&mut public, lang, &public_page)),
                ]
            };
            for (page, body) in both("travellers") {
                let line = row(&body, "trav-3-2-9");
                assert!(
                    line.contains(&format!("<td class=\"num\">2</td>{cell}")),
                    "{page} {lang} {numbering}: {line}"
                );
            }
            for (page, body) in both("ranking") {
                let line = row(&body, "rank-9");
                assert!(line.contains(&cell), "{page} {lang} {numbering}: {line}");
                if numbering == "per-line" {
                    assert!(!line.contains("<td class=\"num\">9</td>"), "{line}");
                }
            }
            for (page, body) in both("cards") {
                let card = row(&body, "card-9");
                assert!(
                    card.contains(&format!("{pair_word} {ew}")),
                    "{page} {lang} {numbering}: {card}"
                );
                // Pair 2's card names its opponents on board 3 the same way.
                let card = &body[body.find("id=\"card-2\"").unwrap()..];
                let card = &card[..card.find("</section>").unwrap()];
                assert!(
                    card.contains(&format!("<td class=\"opponent\">{ew}")),
                    "{card}"
                );
            }

            // The score-card box takes the number as the pages show it.
            let typed = ew.replace(' ', "%20");
            let one = get(
                &mut public,
                lang,
                &format!("/public/bridge/{id}/cards?pair={typed}"),
            );
            assert!(one.contains("id=\"card-9\""), "{one}");
            assert!(!one.contains("id=\"card-2\""), "{one}");

            let movement = get(&mut b, lang, &format!("/bridge/{id}/movement"));
            assert!(
                movement.contains(&format!("<span class=\"pairs\">2–{ew}</span>")),
                "{lang} {numbering}: {movement}"
            );
            let cards = get(&mut b, lang, &format!("/bridge/{id}/movement/cards"));
            assert!(cards.contains(&format!("{pair_word} {ew}")), "{cards}");
            assert!(cards.contains(&format!("{against} {ew}")), "{cards}");
            if numbering == "per-line" {
                assert!(!cards.contains(&format!("{pair_word} 9<")), "{cards}");
                assert!(!cards.contains(&format!("{pair_word} 14")), "{cards}");
            }

            let pairs = get(&mut b, lang, &format!("/bridge/{id}/pairs"));
            assert!(
                row(&pairs, "pair-9").contains(&cell),
                "{}",
                row(&pairs, "pair-9")
            );

            // The federation files number the pairs as the ranking prints them (issue 38):
            // USEBIO with the club, the number alone and DIRECTION; PBN in its ScoreTable
            // and TotalScoreTable (with its Direction column).
            let number = ew.split(' ').next().unwrap();
            let xml = get(
                &mut b,
                lang,
                &format!("/api/bridge/sessions/{id}/export.xml"),
            );
            assert!(
                xml.contains("<CLUB>\n    <CLUB_NAME>Bridge Club de Lyon</CLUB_NAME>"),
                "{xml}"
            );
            assert!(
                xml.contains(&format!(
                    "<NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>\n        <EW_PAIR_NUMBER>{number}</EW_PAIR_NUMBER>"
                )),
                "{numbering}: {xml}"
            );
            assert!(
                xml.contains(&format!(
                    "<PAIR_NUMBER>{number}</PAIR_NUMBER>\n        <DIRECTION>EW</DIRECTION>"
                )),
                "{numbering}: {xml}"
            );
            assert!(xml.contains("<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>"));
            let pbn = get(
                &mut b,
                lang,
                &format!("/api/bridge/sessions/{id}/export.pbn"),
            );
            assert!(
                pbn.contains(&format!("   2 {number:>4} ")),
                "{numbering}: {pbn}"
            );

            let table = get(&mut phone, lang, &format!("/t/{table_2}"));
            assert!(
                table.contains(&format!("id=\"table-ew\"><strong>{ew}</strong>")),
                "{lang} {numbering}: {table}"
            );
        }
    }

    // The director types East-West pair 2 as the page shows it: it is pair 9's line.
    b.accept_language = Some("en".into());
    let token = b.csrf.clone().unwrap();
    let r = b.post_form(
        &format!("/bridge/{id}/grid/line"),
        &[
            ("csrf", &token),
            ("board", "4"),
            ("ns", "2"),
            ("ew", "2"),
            ("contract", "4S"),
            ("declarer", "S"),
            ("lead", ""),
            ("result", "="),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let line = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == 4 && l["ns"] == 2)
        .unwrap();
    assert_eq!(
        (line["ew"].as_u64(), line["status"].as_str()),
        (Some(9), Some("director"))
    );

    // A value the setting does not know is refused, naming the field.
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}"),
        &json!({"pair_numbering": "8-14"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("pair_numbering"), "{}", r.body);
}

/// The value of the `version` field of a page's form.
fn version_of(page: &str) -> String {
    let at = page
        .find("name=\"version\" value=\"")
        .unwrap_or_else(|| panic!("no version field in {page}"))
        + "name=\"version\" value=\"".len();
    page[at..].split('"').next().unwrap().to_string()
}

/// Two director's forms built from one grid page both write board 3 of pairs 2 and 9: the
/// second is refused, and its message names the pairs as the session numbers them (`2–2 EW`,
/// `2–2 EO` in French), as the grid and the conflict list do, never the movement's `9`.
#[test]
fn a_stale_line_names_its_pairs_as_the_session_numbers_them() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/sessions",
        &json!({"name": "Mardi", "tables": 7, "movement": "mitchell", "boards_per_round": 2,
                "pair_numbering": "per-line"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}"),
        &json!({"pair_numbering": "per-line"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let csrf = b.csrf.clone().unwrap();
    for (lang, pairs) in [("en", "pairs 2–2 EW:"), ("fr", "paires 2–2 EO :")] {
        let grid = get(&mut b, lang, &format!("/bridge/{id}/grid"));
        let version = version_of(&grid);
        // Typed as the page reads: East-West pair 2 of the per-line numbering is pair 9.
        let post = |b: &mut Client, contract: &str| {
            b.post_form(
                &format!("/bridge/{id}/grid/line"),
                &[
                    ("csrf", csrf.as_str()),
                    ("version", version.as_str()),
                    ("board", "3"),
                    ("ns", "2"),
                    ("ew", "2"),
                    ("contract", contract),
                    ("declarer", "N"),
                    ("result", "="),
                ],
            )
        };
        let r = post(&mut b, if lang == "en" { "3NT" } else { "2SA" });
        assert_eq!(r.status, 303, "{lang}: {}", r.body);
        let r = post(&mut b, "4♠");
        assert_eq!(r.status, 409, "{lang}: {}", r.body);
        let error = r.body.split("id=\"grid-error\"").nth(1).unwrap_or_default();
        let error = error.split("</p>").next().unwrap();
        assert!(error.contains(pairs), "{lang}: {error}");
        assert!(!error.contains("2–9"), "{lang}: {error}");
    }
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let line = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == 3 && l["ns"] == 2)
        .unwrap()
        .clone();
    assert_eq!(line["ew"], 9, "the API keeps the movement's numbers");
    assert_eq!(
        line["entry"]["contract"], "2NT",
        "the refused forms wrote nothing"
    );
}
