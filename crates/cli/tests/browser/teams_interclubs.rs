//! An interclubs group as the FFE plays it (issue 39, the first "done when"): 8 teams of 4
//! boards, the FFE's scale (3 a win, 2 a draw, 1 a loss, 0 a forfeit), the 100-point rule and
//! the women's rule (at least one woman a lineup), 4 rounds of the Berger table. A captain's
//! lineup is refused for the 100-point rule, then for the women's rule, then accepted; a match
//! is forfeited; the standings are checked against the hand computation below.

use std::path::PathBuf;
use std::time::Instant;

use serde_json::Value;

use super::harness::{artifacts_dir, Browser, Driver, Server};
use super::teams::{Desk, MatchInfo, TeamInfo};

/// Team `t` (1 to 8): its name and roster (name, rating, sex), board 1 first, a reserve last.
/// The ratings number the teams 1 to 8 (the average of the top four boards falls by 50 a
/// team). Team 1: Aubert (2150), Blanc (2100, a woman), Caron (2060), Dumas (2000), the reserve
/// Roux (1980).
fn roster(t: usize) -> Vec<(String, u16, &'static str)> {
    const NAMES: [&str; 5] = ["Aubert", "Blanc", "Caron", "Dumas", "Roux"];
    const SEX: [&str; 5] = ["m", "w", "m", "m", "m"];
    const RATINGS: [u16; 5] = [2150, 2100, 2060, 2000, 1980];
    (0..5)
        .map(|b| {
            (
                format!("{} {t}, Joueur", NAMES[b]),
                RATINGS[b] - 50 * (t as u16 - 1),
                SEX[b],
            )
        })
        .collect()
}

fn team_name(t: usize) -> String {
    format!("Club {t}")
}

fn csv() -> String {
    let mut csv = String::from("Équipe;Échiquier;Nom;Elo;Sexe;Fédération;Elo national;Club\n");
    for t in 1..=8 {
        for (b, (name, rating, sex)) in roster(t).iter().enumerate() {
            csv.push_str(&format!(
                "{};{};\"{name}\";{rating};{sex};FRA;{rating} F;{}\n",
                team_name(t),
                b + 1,
                team_name(t)
            ));
        }
    }
    csv
}

/// Each match's boards as the home team (White on board 1) scored them: W won, D drawn, L
/// lost; `F` the match forfeited by the away team (`+-`).
const MATCHES: [[&str; 4]; 4] = [
    // Round 1: 1-8, 2-7, 3-6, 4-5.
    ["WWWD", "WWLW", "LLDW", "LDWL"],
    // Round 2: 8-5, 6-4, 7-3, 1-2.
    ["LLWL", "DDDD", "LLDL", "WLDD"],
    // Round 3: 2-8, 3-1, 4-7, 5-6 (6 does not come).
    ["WWLW", "DDDD", "WLWW", "F"],
    // Round 4: 8-6, 7-5, 1-4, 2-3.
    ["WWLW", "WLWD", "WWLW", "LWLD"],
];

/// The Berger table for 8 (C.05 Annex 1), the home team first.
const TABLE: [[(u32, u32); 4]; 4] = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
];

/// The result codes of a match's boards from `MATCHES`, each in White's words: the home team
/// has White where the board's White is on its roster.
fn codes(m: &MatchInfo, home: &TeamInfo, scored: &str) -> Vec<(u32, u32, String)> {
    m.boards
        .iter()
        .zip(scored.chars())
        .map(|(b, s)| {
            let home_white = b
                .white
                .is_some_and(|w| home.roster.iter().any(|p| p.0 == w));
            let code = match (s, home_white) {
                ('D', _) => "1/2",
                ('W', true) | ('L', false) => "1-0",
                _ => "0-1",
            };
            (m.number, b.board, code.to_string())
        })
        .collect()
}

/// The captain of team 1 gives each player a board on the phone (`(member, board)`) and sends;
/// returns the refusal's text, or `None` when the review came (then confirmed).
async fn captain_order(
    phone: &Browser,
    base: &str,
    code: &str,
    order: &[(i64, u32)],
    shot: Option<(&std::path::Path, &str)>,
) -> Option<String> {
    phone
        .goto(&format!("{base}/teams/captain?code={code}"))
        .await;
    phone.click("#captain-open").await;
    phone.find("#captain-lineup-form").await;
    for input in phone
        .find_all("#captain-lineup-form input[name^='p-']")
        .await
    {
        input.clear().await.expect("clear a board");
    }
    for (member, board) in order {
        phone
            .fill(
                &format!("#captain-lineup-form input[name=p-{member}]"),
                &board.to_string(),
            )
            .await;
    }
    phone
        .click("#captain-lineup-form button[type=submit]")
        .await;
    if phone.exists("#captain-error").await {
        if let Some((dir, name)) = shot {
            phone.screenshot(dir, name).await;
        }
        let text = phone.find("#captain-error").await.text().await;
        return Some(text.unwrap_or_default());
    }
    phone.find("#captain-review").await;
    phone.click("#captain-confirm").await;
    phone.find("#captain-notice").await;
    None
}

/// The standings from the JSON API: (number, MP, GP, the tie-breaks' values after GP, record
/// as played/won/drawn/lost/forfeits for–against difference).
async fn standings(d: &Desk<'_>) -> Vec<(u64, String, String, Vec<String>, String)> {
    let url = d.a.url(&format!("/api/teams/events/{}/standings", d.id));
    let (status, text) = d.b().fetch_text(&url).await;
    assert_eq!(status, 200, "{text}");
    let v: Value = serde_json::from_str(&text).expect("the standings as JSON");
    v["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            let x = &r["record"];
            let n = |k: &str| x[k].as_u64().unwrap_or(99);
            let s = |k: &str| x[k].as_str().unwrap_or_default().to_string();
            (
                r["number"].as_u64().unwrap(),
                r["match_points"].as_str().unwrap_or_default().to_string(),
                r["game_points"].as_str().unwrap_or_default().to_string(),
                r["values"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .skip(1)
                            .map(|v| v.as_str().unwrap_or_default().to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
                format!(
                    "{}/{}/{}/{}/{} {}–{} {}",
                    n("played"),
                    n("won"),
                    n("drawn"),
                    n("lost"),
                    n("forfeits"),
                    s("board_points_for"),
                    s("board_points_against"),
                    s("difference")
                ),
            )
        })
        .collect()
}

pub async fn interclubs(chromedriver: PathBuf) {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("teams-interclubs");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let mut d = Desk::open(&driver, &server, &shots).await;
    d.create("Nationale 3, groupe Est", "round_robin", None, 4, "EDE")
        .await;
    d.import(&csv(), 8).await;
    // The FFE's scale, the 100-point rule, at least one woman a lineup.
    let b = d.b();
    b.goto(&d.url("/settings")).await;
    b.fill("input[name=federation]", "FRA").await;
    b.fill("input[name=match_points]", "3/2/1/0").await;
    b.fill("input[name=board_order_gap]", "100").await;
    b.fill("#rule_min_women", "1").await;
    d.shot("roster-rules-settings").await;
    d.a.press("#team-settings-save", "save the rules").await;
    let teams = d.teams().await;
    let names: Vec<String> = teams.iter().map(|t| t.name.clone()).collect();
    assert_eq!(names, (1..=8).map(team_name).collect::<Vec<_>>());
    // The roster shows the federation's data.
    b.goto(&d.url("")).await;
    let row = b.find("#team-1").await.text().await.unwrap_or_default();
    assert!(
        row.contains("2150 F"),
        "the national rating and its kind: {row}"
    );
    d.shot("roster").await;

    let base = server.url("");
    let base = base.trim_end_matches('/').to_string();
    let phone = driver.phone("captain", 390, 844).await;
    phone
        .goto(&server.url("/lang/fr?back=/teams/captain"))
        .await;
    for round in 1..=4u32 {
        d.pair(round).await;
        let r = d.round(round).await;
        let number = |id: i64| teams.iter().find(|t| t.id == id).unwrap().number;
        let pairs: Vec<(u32, u32)> = r
            .iter()
            .map(|m| (number(m.white_team), number(m.black_team)))
            .collect();
        assert_eq!(pairs, TABLE[round as usize - 1], "round {round}'s table");
        if round == 1 {
            // Club 1's captain: Aubert 1 (2150), Blanc 1 (2100, a woman), Caron 1 (2060),
            // Dumas 1 (2000), Roux 1 (1980, the reserve).
            let m = &r[0];
            let club1 = &teams[0];
            let id = |k: usize| club1.roster[k].0;
            let code = m.code_of(club1.id);
            // Dumas on board 1 above Aubert on board 2: 150 points, more than 100.
            let refused = captain_order(
                &phone,
                &base,
                code,
                &[(id(3), 1), (id(0), 2), (id(1), 3), (id(2), 4)],
                Some((&shots, "phone-refused-100-points")),
            )
            .await
            .expect("the 100-point rule refuses the order");
            assert!(
                refused.contains("Aubert 1, Joueur (2150), échiquier 2")
                    && refused.contains("150 points")
                    && refused.contains("Dumas 1, Joueur (2000), échiquier 1"),
                "{refused}"
            );
            // Roux for Blanc: no woman left.
            let refused = captain_order(
                &phone,
                &base,
                code,
                &[(id(0), 1), (id(2), 2), (id(3), 3), (id(4), 4)],
                Some((&shots, "phone-refused-women")),
            )
            .await
            .expect("the women's rule refuses the lineup");
            assert!(
                refused.contains("aucune joueuse") && refused.contains("1 au moins"),
                "{refused}"
            );
            // The same refusal in English.
            phone
                .goto(&server.url("/lang/en?back=/teams/captain"))
                .await;
            let refused = captain_order(
                &phone,
                &base,
                code,
                &[(id(0), 1), (id(2), 2), (id(3), 3), (id(4), 4)],
                Some((&shots, "phone-refused-women-en")),
            )
            .await
            .expect("the women's rule refuses the lineup");
            assert!(
                refused.contains("no woman") && refused.contains("at least 1"),
                "{refused}"
            );
            phone
                .goto(&server.url("/lang/fr?back=/teams/captain"))
                .await;
            // Caron (2060) above Blanc (2100): 40 points, within 100; Roux for Dumas.
            let accepted = captain_order(
                &phone,
                &base,
                code,
                &[(id(0), 1), (id(2), 2), (id(1), 3), (id(4), 4)],
                None,
            )
            .await;
            assert_eq!(accepted, None, "the lineup within both rules is accepted");
            let r = d.round(1).await;
            let seated: Vec<i64> = r[0]
                .boards
                .iter()
                .map(|b| if b.board % 2 == 1 { b.white } else { b.black }.unwrap())
                .collect();
            assert_eq!(seated, [id(0), id(2), id(1), id(4)]);
        }
        let mut results = Vec::new();
        for (k, m) in r.iter().enumerate() {
            let scored = MATCHES[round as usize - 1][k];
            if scored == "F" {
                d.forfeit(round, m.number, "+-").await;
                continue;
            }
            let home = teams.iter().find(|t| t.id == m.white_team).unwrap();
            results.extend(codes(m, home, scored));
        }
        d.post_results(round, &results).await;
    }

    // By hand, FFE scale (win 3, draw 2, loss 1, forfeit 0), game points in brackets:
    //
    // | team | R1          | R2          | R3            | R4          | MP | GP   | J/G/N/P/F | Pour–Contre |
    // |------|-------------|-------------|---------------|-------------|----|------|-----------|-------------|
    // | 1    | W 8 (3½)    | D 2 (2)     | D 3 (2)       | W 4 (3)     | 10 | 10½  | 4/2/2/0/0 | 10½–5½      |
    // | 2    | W 7 (3)     | D 1 (2)     | W 8 (3)       | L 3 (1½)    |  9 |  9½  | 4/2/1/1/0 |  9½–6½      |
    // | 3    | L 6 (1½)    | W 7 (3½)    | D 1 (2)       | W 2 (2½)    |  9 |  9½  | 4/2/1/1/0 |  9½–6½      |
    // | 4    | L 5 (1½)    | D 6 (2)     | W 7 (3)       | L 1 (1)     |  7 |  7½  | 4/1/1/2/0 |  7½–8½      |
    // | 5    | W 4 (2½)    | W 8 (3)     | W 6 forf. (4) | L 7 (1½)    | 10 | 11   | 4/3/0/1/0 | 11–5        |
    // | 6    | W 3 (2½)    | D 4 (2)     | F 5 (0)       | L 8 (1)     |  6 |  5½  | 4/1/1/2/1 |  5½–10½     |
    // | 7    | L 2 (1)     | L 3 (½)     | L 4 (1)       | W 5 (2½)    |  6 |  5   | 4/1/0/3/0 |  5–11       |
    // | 8    | L 1 (½)     | L 5 (1)     | L 2 (1)       | W 6 (3)     |  6 |  5½  | 4/1/0/3/0 |  5½–10½     |
    //
    // MP: 1 = 3+2+2+3, 2 = 3+2+3+1, 3 = 1+3+2+3, 4 = 1+2+3+1, 5 = 3+3+3+1, 6 = 3+2+0+1,
    // 7 = 1+1+1+3, 8 = 1+1+1+3. Ranked on MP, then GP, then EDE (direct encounter among the
    // teams still level): 5 (10, 11) before 1 (10, 10½); 2 and 3 level on 9 and 9½, 3 won their
    // match of round 4: 3 then 2; 4 (7); 8 and 6 level on 6 and 5½, 8 won their match of round
    // 4: 8 then 6; 7 (6, 5).
    let table = standings(&d).await;
    let rows: Vec<(u64, &str, &str, &str)> = table
        .iter()
        .map(|(n, mp, gp, _, rec)| (*n, mp.as_str(), gp.as_str(), rec.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            (5, "10", "11.0", "4/3/0/1/0 11.0–5.0 +6.0"),
            (1, "10", "10.5", "4/2/2/0/0 10.5–5.5 +5.0"),
            (3, "9", "9.5", "4/2/1/1/0 9.5–6.5 +3.0"),
            (2, "9", "9.5", "4/2/1/1/0 9.5–6.5 +3.0"),
            (4, "7", "7.5", "4/1/1/2/0 7.5–8.5 -1.0"),
            (8, "6", "5.5", "4/1/0/3/0 5.5–10.5 -5.0"),
            (6, "6", "5.5", "4/1/1/2/1 5.5–10.5 -5.0"),
            (7, "6", "5.0", "4/1/0/3/0 5.0–11.0 -6.0"),
        ]
    );
    // EDE (C.07 13.3) gives each team of a group level on MP and GP its place in the group by
    // their direct encounter, and 0 to a team alone on its scores: 3 (1) and 2 (2), 8 (1) and
    // 6 (2).
    let ede: Vec<(u64, &str)> = table.iter().map(|r| (r.0, r.3[0].as_str())).collect();
    assert_eq!(
        ede,
        [
            (5, "0"),
            (1, "0"),
            (3, "1"),
            (2, "2"),
            (4, "0"),
            (8, "1"),
            (6, "2"),
            (7, "0")
        ]
    );
    d.b().goto(&d.url("/standings")).await;
    d.a.assert_no_error("the standings").await;
    d.shot("standings").await;
    d.a.switch_language("en").await;
    d.shot("standings-en").await;
    d.b().goto(&d.url("")).await;
    d.shot("roster-en").await;
    phone.close().await;
    d.a.b.close().await;
    eprintln!("interclubs through the browser: {:?}", started.elapsed());
}
