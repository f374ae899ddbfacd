//! A chess team cup of 8 teams to its final through the browser (issue 39 §6): the cup's
//! settings on its bracket page, round 1 seeded by rating, a drawn match decided by the FFE's
//! rule (the first decisive board from board 1), a match drawn on every board decided by its
//! tie-break match typed on the bracket, each next round paired from the winners, the winner
//! named; the bracket in French and English for the arbiter and the public, printed on one
//! landscape sheet. Every winner is worked out by hand in the comments.

use std::path::PathBuf;

use super::harness::{artifacts_dir, Driver, Server};
use super::teams::{rosters_csv, team_name, Desk};

/// A match's four board results, posted from the round page.
fn boards(number: u32, codes: [&str; 4]) -> Vec<(u32, u32, String)> {
    codes
        .iter()
        .enumerate()
        .map(|(k, c)| (number, k as u32 + 1, c.to_string()))
        .collect()
}

/// The names of a round's matches, White on board 1 first, from the API.
async fn names(d: &Desk<'_>, round: u32) -> Vec<(String, String)> {
    let teams = d.teams().await;
    let name = |id: i64| teams.iter().find(|t| t.id == id).unwrap().name.clone();
    d.round(round)
        .await
        .iter()
        .map(|m| (name(m.white_team), name(m.black_team)))
        .collect()
}

fn seeds(pairs: &[(usize, usize)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|&(a, b)| (team_name(a - 1), team_name(b - 1)))
        .collect()
}

pub async fn cup(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("teams-cup");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let mut d = Desk::open(&driver, &server, &shots).await;
    d.create("Coupe Loubatière", "cup", None, 4, "").await;
    // The rosters' ratings fall with the team: seed k is team_name(k - 1).
    d.import(&rosters_csv(8), 8).await;
    let b = d.b();

    // The cup's settings: by rating, the bracket, the FFE's rule for a drawn match.
    b.goto(&d.url("/cup")).await;
    d.a.assert_no_error("the bracket page").await;
    b.select("#cup-seeding", "rating").await;
    b.select("#cup-next-round", "bracket").await;
    b.select("#cup-tie-break", "top_board").await;
    d.shot("settings-fr").await;
    d.a.press("#cup-settings-save", "save the cup's settings")
        .await;
    d.a.press("#cup-pair", "pair round 1").await;
    assert!(b.current_url().await.ends_with("/rounds/1"));

    // Round 1 by seeds: 1-8, 4-5, 2-7, 3-6. The first team has White on boards 1 and 3.
    assert_eq!(names(&d, 1).await, seeds(&[(1, 8), (4, 5), (2, 7), (3, 6)]));
    let mut r1 = Vec::new();
    // 1-8: seed 1 wins board 1, the rest drawn: 2½-1½.
    r1.extend(boards(1, ["1-0", "1/2", "1/2", "1/2"]));
    // 4-5: 2-2, board 1 drawn, board 2 won by seed 5 (1-0, its player has White there), board 3
    // by seed 4: from the top, board 2 decides for seed 5.
    r1.extend(boards(2, ["1/2", "1-0", "1-0", "1/2"]));
    // 2-7: seed 2 wins boards 1 and 2 (1-0, then 0-1 with Black), loses board 4: 2½-1½.
    r1.extend(boards(3, ["1-0", "0-1", "1/2", "1-0"]));
    // 3-6: seed 6 wins board 1 (0-1), the rest drawn: 1½-2½.
    r1.extend(boards(4, ["0-1", "1/2", "1/2", "1/2"]));
    d.post_results(1, &r1).await;
    b.goto(&d.url("/cup")).await;
    let how = b.find("#cup-how-1-2").await.text().await.unwrap();
    assert_eq!(
        how,
        "égalité ; départagé à l'échiquier 2 (premier échiquier décisif en partant du haut)"
    );

    // Round 2 by the bracket: 1-5 and 2-6.
    d.a.press("#cup-pair", "pair round 2").await;
    assert_eq!(names(&d, 2).await, seeds(&[(1, 5), (2, 6)]));
    // 1-5: every board drawn, 2-2, no board decides. 2-6: seed 2 wins board 1, 2½-1½.
    let mut r2 = boards(1, ["1/2", "1/2", "1/2", "1/2"]);
    r2.extend(boards(2, ["1-0", "1/2", "1/2", "1/2"]));
    d.post_results(2, &r2).await;
    b.goto(&d.url("/cup")).await;
    let how = b.find("#cup-how-2-1").await.text().await.unwrap();
    assert_eq!(how, "égalité : un match de départage est nécessaire");
    assert!(
        !b.exists("#cup-pair").await,
        "the final waits for the tie-break match"
    );
    // The blitz tie-break match: seed 1 1½, seed 5 2½.
    b.fill("#playoff-score-2-1", "1½-2½").await;
    d.shot("playoff-fr").await;
    d.a.press("#playoff-save-2-1", "enter the tie-break match")
        .await;
    let how = b.find("#cup-how-2-1").await.text().await.unwrap();
    assert_eq!(how, "égalité ; match de départage 1½–2½");

    // The final: seed 5 (first in the bracket) against seed 2. Seed 5 wins board 2 (0-1: its
    // player has Black there), the rest drawn: 2½-1½.
    d.a.press("#cup-pair", "pair the final").await;
    assert_eq!(names(&d, 3).await, seeds(&[(5, 2)]));
    d.post_results(3, &boards(1, ["1/2", "0-1", "1/2", "1/2"]))
        .await;
    b.goto(&d.url("/cup")).await;
    let champion = b.find("#cup-champion").await.text().await.unwrap();
    assert_eq!(
        champion,
        format!("Vainqueur de la coupe : {}", team_name(4))
    );
    assert!(!b.exists("#cup-pair").await, "no round after the final");
    d.shot("bracket-fr").await;
    let pdf = b.print_pdf(&shots, "bracket-fr").await;
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert_eq!(pages, 1, "the bracket prints on one sheet");

    d.a.switch_language("en").await;
    let champion = b.find("#cup-champion").await.text().await.unwrap();
    assert_eq!(champion, format!("Winner of the cup: {}", team_name(4)));
    assert_eq!(
        b.find("#cup-how-1-2").await.text().await.unwrap(),
        "level; board 2 decides (first decisive board from the top)"
    );
    d.shot("bracket-en").await;

    // The public bracket: the same rounds, no form.
    b.goto(&server.url(&format!("/public/teams/{}/cup", d.id)))
        .await;
    d.a.assert_no_error("the public bracket").await;
    assert!(b.exists("#cup-champion").await);
    assert!(!b.exists("form.cup-playoff").await);
    d.shot("public-en").await;
}

/// A cup of 6 teams whose two best enter at round 2, played in the Coupe de France's colours
/// (issue 39 §6): the entry rounds typed in the bracket page's table, round 1's bracket leaving
/// the entrants' places empty, each entrant meeting the winner beside it in round 2; the page in
/// French and English, printed on one sheet.
pub async fn late_entrants(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("teams-cup-late");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let mut d = Desk::open(&driver, &server, &shots).await;
    d.create("Coupe de France", "cup", None, 4, "").await;
    d.import(&rosters_csv(6), 6).await;
    let b = d.b();

    b.goto(&d.url("/cup")).await;
    d.a.assert_no_error("the bracket page").await;
    b.select("#cup-colours", "ffe_cup").await;
    d.a.press("#cup-settings-save", "save the cup's settings")
        .await;
    // Seeds 1 and 2 (the table lists the teams by number) enter at round 2, division 1.
    for n in [1, 2] {
        b.fill(&format!("#division-{n}"), "1").await;
        b.fill(&format!("#entry-round-{n}"), "2").await;
    }
    d.shot("entries-fr").await;
    d.a.press("#cup-teams-save", "save the entry rounds").await;
    d.a.press("#cup-pair", "pair round 1").await;
    // A bracket of 8 (weight 4 + 2 × 2): 1-8, 4-5, 2-7, 3-6 with seeds 7 and 8 empty beside the
    // entrants: round 1 is 4-5 and 3-6.
    assert_eq!(names(&d, 1).await, seeds(&[(4, 5), (3, 6)]));
    // 4-5 in BNNB: seed 4 has White on boards 1 and 4: 1-0, 0-1, 0-1, 1-0 is 4-0 for seed 4.
    let mut r1 = boards(1, ["1-0", "0-1", "0-1", "1-0"]);
    // 3-6: seed 6 wins board 1 (0-1), the rest drawn: 1½-2½.
    r1.extend(boards(2, ["0-1", "1/2", "1/2", "1/2"]));
    d.post_results(1, &r1).await;
    b.goto(&d.url("/cup")).await;
    let how = b.find("#cup-how-1-1").await.text().await.unwrap();
    assert_eq!(how, "entre en lice au tour 2");
    let late = b.find(".cup-late").await.text().await.unwrap();
    assert_eq!(
        late,
        format!(
            "Entrent en lice au tour 2 : {}, {}",
            team_name(0),
            team_name(1)
        )
    );
    // Round 2: seed 1 meets seed 4 (the winner beside it), seed 2 meets seed 6.
    d.a.press("#cup-pair", "pair round 2").await;
    assert_eq!(names(&d, 2).await, seeds(&[(1, 4), (2, 6)]));
    b.goto(&d.url("/cup")).await;
    let entering = b.find("#cup-2-1 .cup-enters").await.text().await.unwrap();
    assert_eq!(entering, "(entre en lice)");
    d.shot("bracket-fr").await;
    let pdf = b.print_pdf(&shots, "bracket-fr").await;
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    assert_eq!(pages, 1, "the bracket prints on one sheet");

    d.a.switch_language("en").await;
    let how = b.find("#cup-how-1-1").await.text().await.unwrap();
    assert_eq!(how, "enters the cup at round 2");
    let entering = b.find("#cup-2-1 .cup-enters").await.text().await.unwrap();
    assert_eq!(entering, "(enters the cup)");
    d.shot("bracket-en").await;
}
