//! Team standings (C.07 Art. 11–13): a 4-team round robin on 2 boards, computed by hand, and
//! the seed's Berlin example.

mod common;

use common::Builder;
use tiebreak::{parse_list, team_standings, Edition, TeamOptions, TeamScore, TeamValue, Value};
use tournament::{GameResult, PlayerId, Team, Tournament};

/// Teams A (players 1, 2), B (3, 4), C (5, 6), D (7, 8).
/// R1 A–B 1½–½, C–D 0–2; R2 A–C 1–1, B–D 2–0; R3 A–D 1–1, B–C ½–1½.
fn event() -> Tournament {
    use GameResult::{Draw as D, Loss as L, Win as W};
    let mut b = Builder::new();
    b.game(1, 1, 3, W)
        .game(1, 2, 4, D)
        .game(1, 5, 7, L)
        .game(1, 6, 8, L);
    b.game(2, 1, 5, D)
        .game(2, 2, 6, D)
        .game(2, 3, 7, W)
        .game(2, 4, 8, W);
    b.game(3, 1, 7, L)
        .game(3, 2, 8, W)
        .game(3, 3, 5, D)
        .game(3, 4, 6, L);
    let mut t = b.rounds(3);
    t.teams = ["A", "B", "C", "D"]
        .iter()
        .enumerate()
        .map(|(k, name)| Team {
            name: name.to_string(),
            players: vec![PlayerId(2 * k as u32 + 1), PlayerId(2 * k as u32 + 2)],
            ..Team::default()
        })
        .collect();
    t
}

fn order(t: &Tournament, list: &str) -> Vec<(String, u32, u32)> {
    let options = TeamOptions {
        edition: Some(Edition::C07_2026),
        ..TeamOptions::default()
    };
    let s = team_standings(t, &parse_list(list).unwrap(), &options).unwrap();
    s.rows
        .iter()
        .map(|r| (r.name.clone(), r.rank, r.rank_to))
        .collect()
}

fn values(t: &Tournament, code: &str) -> Vec<(String, TeamValue)> {
    let options = TeamOptions {
        edition: Some(Edition::C07_2026),
        ..TeamOptions::default()
    };
    let s = team_standings(t, &parse_list(code).unwrap(), &options).unwrap();
    let mut v: Vec<(String, TeamValue)> = s
        .rows
        .iter()
        .map(|r| (r.name.clone(), r.values[0].clone()))
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

fn one(x: f64) -> TeamValue {
    TeamValue::One(Some(Value::ratio((x * 100.0).round() as i64, 100)))
}

#[test]
fn scores_and_values() {
    let t = event();
    let options = TeamOptions {
        edition: Some(Edition::C07_2026),
        ..TeamOptions::default()
    };
    let s = team_standings(&t, &[], &options).unwrap();
    let totals: Vec<(String, String, String)> = s
        .rows
        .iter()
        .map(|r| {
            (
                r.name.clone(),
                r.match_points.to_string(),
                r.game_points.to_string(),
            )
        })
        .collect();
    assert_eq!(
        totals,
        [
            ("A".into(), "4".into(), "3.5".into()),
            ("C".into(), "3".into(), "2.5".into()),
            ("D".into(), "3".into(), "3".into()),
            ("B".into(), "2".into(), "3".into()),
        ]
    );
    let named = |v: Vec<f64>| -> Vec<(String, TeamValue)> {
        ["A", "B", "C", "D"]
            .iter()
            .map(|n| n.to_string())
            .zip(v.into_iter().map(one))
            .collect()
    };
    assert_eq!(values(&t, "BH:MP"), named(vec![8.0, 10.0, 9.0, 9.0]));
    assert_eq!(
        values(&t, "EMMSB"),
        named(vec![2.0 * 2.0 + 3.0 + 3.0, 3.0 * 2.0, 8.0, 10.0])
    );
    assert_eq!(values(&t, "EGGSB"), named(vec![10.0, 9.0, 8.0, 8.5]));
    assert_eq!(values(&t, "BC"), named(vec![5.5, 4.5, 4.0, 4.0]));
    assert_eq!(values(&t, "BERLIN"), named(vec![5.0, 4.5, 3.5, 5.0]));
    assert_eq!(values(&t, "MPvGP"), named(vec![3.5, 3.0, 2.5, 3.0]));
    let seq = |a: f64, b: f64| {
        TeamValue::Sequence(vec![
            Value::ratio((a * 10.0) as i64, 10),
            Value::ratio((b * 10.0) as i64, 10),
        ])
    };
    let tbr = values(&t, "TBR");
    assert_eq!(tbr[2], ("C".into(), seq(1.0, 1.5)));
    assert_eq!(tbr[3], ("D".into(), seq(2.0, 1.0)));
    assert_eq!(tbr[3].1.to_string(), "2/1");
}

#[test]
fn ranking_by_team_tiebreaks() {
    let t = event();
    let cd = |v: Vec<(String, u32, u32)>| v[1..3].to_vec();
    // C and D on 3 match points: D won their match 2–0.
    assert_eq!(
        cd(order(&t, "EDE")),
        [("D".into(), 2, 2), ("C".into(), 3, 3)]
    );
    assert_eq!(
        cd(order(&t, "DE")),
        [("D".into(), 2, 2), ("C".into(), 3, 3)]
    );
    // Equal Buchholz and board count: a shared place.
    assert_eq!(
        cd(order(&t, "BH:MP,BC")),
        [("C".into(), 2, 3), ("D".into(), 2, 3)]
    );
    for list in ["GP", "EMMSB", "TBR", "BBE", "EGGSB"] {
        assert_eq!(cd(order(&t, list))[0].0, "D", "{list}");
    }
    // Ranked by game points first: A 3.5, then B and D on 3 (B won their match 2–0), C.
    let options = TeamOptions {
        edition: Some(Edition::C07_2026),
        primary: TeamScore::GamePoints,
    };
    let s = team_standings(&t, &parse_list("EDE").unwrap(), &options).unwrap();
    let names: Vec<&str> = s.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["A", "B", "D", "C"]);
    // Individual tie-breaks that make no sense for teams are refused.
    assert!(team_standings(&t, &parse_list("ARO").unwrap(), &options).is_err());
}

/// Seed 001, Berlin: 9 boards, 4.5–4.5; Berlin 18.5 / 26.5, so B ranks first; board count
/// 26.5 / 18.5 (lower is better) agrees.
#[test]
fn berlin_seed_example() {
    let a = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 1.0];
    let mut b = Builder::new();
    for (k, &x) in a.iter().enumerate() {
        let result = if x == 1.0 {
            GameResult::Win
        } else if x == 0.5 {
            GameResult::Draw
        } else {
            GameResult::Loss
        };
        b.game(1, k as u32 + 1, k as u32 + 10, result);
    }
    let mut t = b.rounds(1);
    t.teams = vec![
        Team {
            name: "A".into(),
            players: (1..=9).map(PlayerId).collect(),
            ..Team::default()
        },
        Team {
            name: "B".into(),
            players: (10..=18).map(PlayerId).collect(),
            ..Team::default()
        },
    ];
    assert_eq!(
        values(&t, "BERLIN"),
        [("A".into(), one(18.5)), ("B".into(), one(26.5))]
    );
    assert_eq!(order(&t, "BERLIN")[0].0, "B");
    assert_eq!(order(&t, "BC")[0].0, "B");
    assert_eq!(order(&t, "MP")[0], ("A".into(), 1, 2));
}

/// 13.3.2 and 13.4: EDE chains and SSSC. Teams E and F (both 2 boards) draw 1–1 with equal
/// MP and GP; board 1 of E won, so EDET (TBR after EDE) puts E first, EDEBT too (BC: E 1,
/// F 2). SSSC = GP + BH(MP) / ⌊(2 × 1) / 2⌋ = GP + BH(MP).
#[test]
fn ede_chains_and_sssc() {
    let mut b = Builder::new();
    b.game(1, 1, 3, GameResult::Win)
        .game(1, 2, 4, GameResult::Loss);
    let mut t = b.rounds(1);
    t.teams = vec![
        Team {
            name: "E".into(),
            players: vec![PlayerId(1), PlayerId(2)],
            ..Team::default()
        },
        Team {
            name: "F".into(),
            players: vec![PlayerId(3), PlayerId(4)],
            ..Team::default()
        },
    ];
    assert_eq!(order(&t, "EDE"), [("E".into(), 1, 2), ("F".into(), 1, 2)]);
    for chain in ["EDET", "EDEBT", "EDEBB"] {
        assert_eq!(order(&t, chain)[0], ("E".into(), 1, 1), "{chain}");
    }
    // BBE with two boards keeps board 1 only: E 1, F 0.
    assert_eq!(order(&t, "EDEB")[0], ("E".into(), 1, 1));
    // SSSC: GP 1 + BH(MP) 1 (the opponent's match point) / factor 1 = 2 for both.
    assert_eq!(
        values(&t, "SSSC"),
        [("E".into(), one(2.0)), ("F".into(), one(2.0))]
    );
}

/// A match forfeited as a whole as TRF-2026 writes it (`330`, the present players `0000 - +`,
/// the absent ones `0000 - Z`): the present team wins it on match points and has its boards,
/// the absent team loses it; `--` loses it for both.
#[test]
fn a_330_forfeit_gives_the_match_to_the_team_present() {
    let text = |code: &str| {
        format!(
            "\
192 FIDE_TEAM_TYPEA_MP_GP
352 WB
330 {code}   1   1   2
001    1      A1                                2000                             2.0    1  0000 - +
001    2      A2                                2000                             2.0    2  0000 - +
001    3      B1                                2000                             0.0    3  0000 - Z
001    4      B2                                2000                             0.0    4  0000 - Z
310   1 Alpha                                                               1    2
310   2 Bravo                                                               3    4
"
        )
    };
    let t = tournament::trf::read(&text("+-")).unwrap();
    let s = team_standings(&t, &parse_list("GP,BC").unwrap(), &TeamOptions::default()).unwrap();
    let row = |name: &str| s.rows.iter().find(|r| r.name == name).unwrap();
    assert_eq!(row("Alpha").match_points.to_string(), "2");
    assert_eq!(row("Bravo").match_points.to_string(), "0");
    assert_eq!(row("Alpha").values[1].to_string(), "3");
    let both = tournament::trf::read(
        &text("--")
            .replace("0000 - +", "0000 - Z")
            .replace("2.0    1", "0.0    1")
            .replace("2.0    2", "0.0    2"),
    )
    .unwrap();
    let s = team_standings(&both, &parse_list("GP").unwrap(), &TeamOptions::default()).unwrap();
    assert!(s.rows.iter().all(|r| r.match_points.to_string() == "0"));
}

/// The pairing-allocated bye in the standings is what pairing counts (C.04.6 1.4, one function
/// for both, `tournament::team`): a drawn match unless `320` says otherwise. Three teams of two
/// boards, round 1: Alpha–Bravo 1½–½, Charlie on the bye. Worked by hand: Charlie has 1 match
/// point and 1 game point (½ on each board), not a won match's 2 and 2; the board tie-breaks
/// still credit the bye a win on every board (C.07 12): BC = 1×1 + 2×1 = 3. With `320 02.0
/// 02.0`, the event's own value, Charlie has 2 and 2.
#[test]
fn the_pairing_allocated_bye_scores_what_pairing_counts() {
    let text = "\
192 FIDE_TEAM_TYPEA_MP_GP
352 WB
001    1      A1                                2000                             1.0    1     3 w 1
001    2      A2                                2000                             0.5    2     4 b =
001    3      B1                                2000                             0.0    3     1 b 0
001    4      B2                                2000                             0.5    4     2 w =
001    5      C1                                2000                             1.0    5  0000 - U
001    6      C2                                2000                             1.0    6  0000 - U
310   1 Alpha                                                               1    2
310   2 Bravo                                                               3    4
310   3 Charlie                                                             5    6
";
    let totals = |t: &Tournament| {
        let s = team_standings(t, &parse_list("GP,BC").unwrap(), &TeamOptions::default()).unwrap();
        let r = s.rows.iter().find(|r| r.name == "Charlie").unwrap().clone();
        (
            r.match_points.to_string(),
            r.game_points.to_string(),
            r.values[1].to_string(),
        )
    };
    let t = tournament::trf::read(text).unwrap();
    assert_eq!(totals(&t), ("1".into(), "1".into(), "3".into()));
    // The same reading as pairing's.
    let h = tournament::team::team_histories(&t).unwrap();
    assert_eq!(h[2].match_points().to_string(), "1.0");
    let t = tournament::trf::read(&format!("{text}320 02.0 02.0 003\n")).unwrap();
    assert_eq!(totals(&t), ("2".into(), "2".into(), "3".into()));
}

/// `299` records move the team standings as they move pairing: Bravo loses a match point in
/// round 1 (`299    -1.0        001 0002`), Alpha's won match is worth 3 (`299 W   3.0  …`).
/// Worked by hand: Alpha 3 MP, Bravo 0 − 1 = −1 MP, Charlie 1 MP (the bye); Bravo's Buchholz on
/// match points is Alpha's 3.
#[test]
fn abnormal_points_move_the_team_standings() {
    let text = "\
192 FIDE_TEAM_TYPEA_MP_GP
352 WB
001    1      A1                                2000                             1.0    1     3 w 1
001    2      A2                                2000                             0.5    2     4 b =
001    3      B1                                2000                             0.0    3     1 b 0
001    4      B2                                2000                             0.5    4     2 w =
001    5      C1                                2000                             1.0    5  0000 - U
001    6      C2                                2000                             1.0    6  0000 - U
310   1 Alpha                                                               1    2
310   2 Bravo                                                               3    4
310   3 Charlie                                                             5    6
299 W   3.0        001 0001
299    -1.0        001 0002
";
    let t = tournament::trf::read(text).unwrap();
    let s = team_standings(&t, &parse_list("BH:MP").unwrap(), &TeamOptions::default()).unwrap();
    let got: Vec<(String, String, String)> = s
        .rows
        .iter()
        .map(|r| {
            (
                r.name.clone(),
                r.match_points.to_string(),
                r.values[0].to_string(),
            )
        })
        .collect();
    assert_eq!(got[0].0, "Alpha");
    assert_eq!((got[0].1.as_str(), got[1].1.as_str()), ("3", "1"));
    assert_eq!(got[2], ("Bravo".into(), "-1".into(), "3".into()));
}

/// `Code::ranks_teams` (what the server's settings accept) says exactly which codes the team
/// standings compute: every other code is refused as not a team tie-break.
#[test]
fn ranks_teams_names_the_codes_team_standings_compute() {
    let t = event();
    for (code, text) in tiebreak::Code::ALL {
        let got = team_standings(&t, &parse_list(text).unwrap(), &TeamOptions::default());
        match got {
            Err(tiebreak::Error::NotForTeams { .. }) => {
                assert!(!code.ranks_teams(), "{text} is refused by team standings")
            }
            Ok(_) => assert!(code.ranks_teams(), "{text} is computed for teams"),
            Err(e) => panic!("{text}: {e}"),
        }
    }
}
