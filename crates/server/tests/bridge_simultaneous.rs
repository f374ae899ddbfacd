//! Simultaneous pairs (issue 38 §3): another club's PBN of the same deals joins the session's
//! field, the page and the CSV rank the whole field with each pair's club place beside it, and a
//! file of other deals is refused naming the board and the hands.

use crate::bridge_api::small_session;
use crate::bridge_hands::hand_record_file;
use crate::common::Client;

/// Every line of the session entered by the director: 3NT by North, made.
fn enter_all(b: &mut Client, id: i64) {
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    for l in lines["lines"].as_array().unwrap() {
        let r = b.post_json(
            &format!("/api/bridge/sessions/{id}/lines"),
            &serde_json::json!({"board": l["board"], "ns": l["ns"], "ew": l["ew"],
                                "contract": "3NT", "declarer": "N", "result": "="}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
}

/// Another club's evening on `deals`' boards: two tables, NS 1 v EW 2 stopping in 1NT (made,
/// +90), NS 3 v EW 4 in 3NT by North (made), on every board.
fn other_club(deals: &bridge::Session) -> String {
    let mut out = String::from("% PBN 2.1\n");
    for b in &deals.boards {
        out.push_str(&format!(
            "\n[Event \"Autumn sim\"]\n[Board \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n\
             [ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R\"]\n\
              1  2 1NT  N  7\n 3  4 3NT  N  9\n",
            b.number,
            b.dealer,
            b.vulnerability,
            b.deal.as_ref().unwrap()
        ));
    }
    out
}

/// The rows of a ranking table (`sim-ranking-ns`…) as cell texts.
fn table_rows(page: &str, id: &str) -> Vec<Vec<String>> {
    let start = page.find(&format!("id=\"{id}\"")).expect(id);
    let table = &page[start..start + page[start..].find("</table>").unwrap()];
    let body = &table[table.find("<tbody>").unwrap()..];
    body.split("<tr")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let inner = &cell[cell.find('>').unwrap() + 1..cell.find("</td>").unwrap()];
                    inner.to_string()
                })
                .collect()
        })
        .collect()
}

/// Six boards, each played three times here (3NT by North made at every table) and twice at
/// Lakeside (1NT made, 3NT made). Over the whole field each board has five results, top 8:
/// NS +90 beats none (0), the four 3NT made tie (2 + 3 = 5 each); EW −90 beats four (8), the
/// four −400/−600 tie (3). So every pair here 5/8 = 62.50 % NS and 3/8 = 37.50 % EW
/// (30 of 48 and 18 of 48); Lakeside's NS 3 62.50 %, NS 1 0 %, EW 2 100 %, EW 4 37.50 %.
/// Club places: here every pair ties (50 %); at Lakeside NS 3 and EW 2 won every board (100 %).
#[test]
fn another_clubs_pbn_joins_the_field_and_other_deals_are_refused() {
    let app = crate::common::App::start(false);
    let mut b = app.arbiter();
    let token = b.csrf.clone().unwrap();
    let id = small_session(&mut b);
    let deals_text = hand_record_file(6);
    let r = b.post_multipart(
        &format!("/bridge/{id}/deals"),
        &[("csrf", &token)],
        ("file", "donnes.pbn", &deals_text),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    enter_all(&mut b, id);
    let empty = b.get(&format!("/bridge/{id}/simultaneous"));
    assert_eq!(empty.status, 200, "{}", empty.body);
    assert!(empty.body.contains("id=\"sim-none\""));

    let deals = bridge::pbn::read(&deals_text, "donnes.pbn").unwrap();
    // Board 2 given board 3's hands: refused, naming the file, the board and both hands.
    let mut swapped = deals.clone();
    swapped.boards[1].deal = deals.boards[2].deal.clone();
    let r = b.post_multipart(
        &format!("/bridge/{id}/simultaneous"),
        &[("csrf", &token), ("club", "Lakeside")],
        ("file", "lakeside.pbn", &other_club(&swapped)),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let north = |s: &bridge::Session, i: usize| {
        let d: bridge::Deal = s.boards[i].deal.as_ref().unwrap().parse().unwrap();
        d.hand(bridge::Seat::North).to_string()
    };
    assert!(r.body.contains("lakeside.pbn, board 2"), "{}", r.body);
    assert!(r.body.contains(&north(&deals, 1)), "{}", r.body);
    assert!(r.body.contains(&north(&deals, 2)), "{}", r.body);
    assert!(b
        .get(&format!("/bridge/{id}/simultaneous"))
        .body
        .contains("id=\"sim-none\""));

    let r = b.post_multipart(
        &format!("/bridge/{id}/simultaneous"),
        &[("csrf", &token), ("club", "Lakeside")],
        ("file", "lakeside.pbn", &other_club(&deals)),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.header("location").unwrap().to_string();
    assert!(
        to.starts_with(&format!("/bridge/{id}/simultaneous?added=")) && to.ends_with("&unchecked="),
        "{to}"
    );
    let page = b.get_with(&to, &[("Accept-Language", "en")]);
    assert_eq!(page.status, 200, "{}", page.body);
    let notice = page.body.split("id=\"sim-added\"").nth(1).unwrap();
    let notice = &notice[..notice.find("</p>").unwrap()];
    assert!(
        notice.contains("Lakeside") && notice.contains("results added"),
        "{notice}"
    );
    assert!(!page.body.contains("id=\"sim-unchecked\""));
    // Place, pair, names, club, MPs, top, %, boards, club place, club %.
    let row = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let ns = table_rows(&page.body, "sim-ranking-ns");
    assert_eq!(
        ns,
        [
            row(&["1=", "1", "", "BC Test", "30.00", "48.00", "62.50", "6", "1=", "50.00"]),
            row(&["1=", "2", "", "BC Test", "30.00", "48.00", "62.50", "6", "1=", "50.00"]),
            row(&["1=", "3", "", "BC Test", "30.00", "48.00", "62.50", "6", "1=", "50.00"]),
            row(&["1=", "3", "", "Lakeside", "30.00", "48.00", "62.50", "6", "1", "100.00"]),
            row(&["5", "1", "", "Lakeside", "0.00", "48.00", "0.00", "6", "2", "0.00"]),
        ]
    );
    let ew = table_rows(&page.body, "sim-ranking-ew");
    assert_eq!(
        ew[0],
        row(&["1", "2 EW", "", "Lakeside", "48.00", "48.00", "100.00", "6", "1", "100.00"])
    );
    assert_eq!(ew.len(), 5);
    assert!(ew[1..].iter().all(|r| r[0] == "2=" && r[6] == "37.50"));
    assert_eq!(ew[4][3], "Lakeside");

    // The CSV in French: `;`, decimal commas, the same ranking.
    let csv = b.get_with(
        &format!("/bridge/{id}/simultaneous.csv"),
        &[("Accept-Language", "fr")],
    );
    assert_eq!(csv.status, 200, "{}", csv.body);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    let csv = csv.body.trim_start_matches('\u{feff}').to_string();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "Ligne;Rang général;Paire;Joueurs;Club;Points;Top;%;Donnes;Rang club;% club"
    );
    assert_eq!(
        lines[4],
        "Nord-Sud;1=;3;;Lakeside;30,00;48,00;62,50;6;1;100,00"
    );
    assert_eq!(lines.len(), 11);

    // Removed, the club leaves the field.
    let page = b.get(&format!("/bridge/{id}/simultaneous")).body;
    let cid = page
        .split("id=\"sim-remove-")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .to_string();
    let r = b.post_form(
        &format!("/bridge/{id}/simultaneous/{cid}/remove"),
        &[("csrf", &token)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(b
        .get(&format!("/bridge/{id}/simultaneous"))
        .body
        .contains("id=\"sim-none\""));
}
