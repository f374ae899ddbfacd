//! chess-results.com's upload file: the elements and attributes of the author's published
//! examples (`fixtures/chess_results/structure.txt`), and the values of a small event worked
//! by hand.

use std::collections::HashMap;

use quick_xml::events::Event;
use tournament::chess_results::{
    self, BoardPairing, Game, Opponent, Ranking, Security, TeamFileError, TeamLine, TeamPairing,
    TeamRankRow, TeamRanking, TeamUpload, TiebreakColumn, Upload,
};
use tournament::trf;

/// Each element's attribute names in the order written, element by element.
fn elements(xml: &str) -> Vec<(String, Vec<String>)> {
    let mut r = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event().unwrap() {
            Event::Start(e) | Event::Empty(e) => {
                let attrs = e
                    .attributes()
                    .map(|a| String::from_utf8(a.unwrap().key.as_ref().to_vec()).unwrap())
                    .collect();
                out.push((
                    String::from_utf8(e.name().as_ref().to_vec()).unwrap(),
                    attrs,
                ));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

fn attributes(xml: &str, element: &str) -> Vec<HashMap<String, String>> {
    let mut r = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event().unwrap() {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == element.as_bytes() => {
                out.push(
                    e.attributes()
                        .map(|a| {
                            let a = a.unwrap();
                            (
                                String::from_utf8(a.key.as_ref().to_vec()).unwrap(),
                                a.unescape_value().unwrap().to_string(),
                            )
                        })
                        .collect(),
                );
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

// Four players, two rounds of three planned. Round 1: 1-2 1-0, 3-4 forfeit (+/-).
// Round 2: 4-1 ½-½, 2 has the bye, 3 a half-point bye.
const EVENT: &str = "\
012 Club Open & Cup <2026>
022 Lyon
032 FRA
042 2026/04/05
052 2026/04/06
102 Jean Arbitre
142 3
001    1 m    Alpha, Ann                        2100 FRA    12345678 1990/02/03  1.5    1     2 w 1     4 b =
001    2 w    Bravo, Bea                        2000 FRA                         1.0    2     1 b 0  0000 - U
001    3      Charlie, Cy                       1900 GER                         1.5    1     4 w +  0000 - H
001    4      Delta, Dan                                                         0.5    4     3 b -     1 w =
";

#[test]
fn the_file_has_the_published_examples_elements_and_attributes() {
    let t = trf::read(EVENT).unwrap();
    let mut u = Upload::new(
        &t,
        vec![Ranking::by_points(&t, 1), Ranking::by_points(&t, 2)],
    );
    u.security = Some(Security {
        source: "0".into(),
        sid: "A".into(),
        creator_sid: "B".into(),
        tnr_sid: "C".into(),
    });
    let xml = chess_results::write(&u);
    let structure = include_str!("fixtures/chess_results/structure.txt");
    let published: HashMap<&str, Vec<&str>> = structure
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut w = l.split_whitespace();
            (w.next().unwrap(), w.collect())
        })
        .collect();
    let ours = elements(&xml);
    let order: Vec<&str> = ours.iter().map(|(n, _)| n.as_str()).collect();
    let first = |n: &str| order.iter().position(|x| *x == n).unwrap();
    // The examples' order of sections, with the intermediate rankings before the pairings.
    assert!(first("tournamentdata") < first("rounds"));
    assert!(first("rounds") < first("players"));
    assert!(first("players") < first("intermediaterankings"));
    assert!(first("intermediaterankings") < first("playerpairings"));
    assert!(first("playerpairings") < first("security"));
    for (name, attrs) in &ours {
        if let Some(theirs) = published.get(name.as_str()) {
            assert_eq!(attrs, theirs, "<{name}>");
        } else {
            // Not in the examples: the intermediate ranking, with the document's fields.
            assert!(name.starts_with("intermediateranking"), "<{name}>");
        }
    }
}

#[test]
fn values_worked_by_hand() {
    let t = trf::read(EVENT).unwrap();
    let mut u = Upload::new(
        &t,
        vec![Ranking::by_points(&t, 1), Ranking::by_points(&t, 2)],
    );
    u.key = "222557".into();
    u.tiebreaks = vec![
        TiebreakColumn::for_fide_code("BH/C1"),
        TiebreakColumn::for_fide_code("SB"),
    ];
    let xml = chess_results::write(&u);
    let tour = &attributes(&xml, "tournament")[0];
    // The name's & and < are escaped in the file and read back as written.
    assert_eq!(tour["name"], "Club Open & Cup <2026>");
    assert!(xml.contains("Club Open &amp; Cup &lt;2026&gt;"));
    assert_eq!(tour["key"], "222557");
    assert_eq!(tour["type"], "0");
    assert_eq!(
        (tour["rounds"].as_str(), tour["currentround"].as_str()),
        ("3", "2")
    );
    assert_eq!(tour["rankinground"], "2");
    assert_eq!(
        (tour["from"].as_str(), tour["to"].as_str()),
        ("05.04.2026", "06.04.2026")
    );
    assert_eq!(
        (
            tour["tb1no"].as_str(),
            tour["tb2no"].as_str(),
            tour["tb3no"].as_str()
        ),
        ("84", "85", "0")
    );
    // Average of the three ratings: (2100 + 2000 + 1900) / 3.
    assert_eq!(tour["ratingavg"], "2000");
    assert_eq!(tour["endstatus"], "N");
    assert_eq!(tour["chiefarbiter"], "Jean Arbitre");

    let players = attributes(&xml, "player");
    assert_eq!(players.len(), 4);
    let p1 = &players[0];
    assert_eq!(
        (p1["lastname"].as_str(), p1["firstname"].as_str()),
        ("Alpha", "Ann")
    );
    assert_eq!(
        (
            p1["rtg"].as_str(),
            p1["fideid"].as_str(),
            p1["dob"].as_str()
        ),
        ("2100", "12345678", "03.02.1990")
    );
    assert_eq!(players[1]["sex"], "w");
    // After round 2: Alpha and Charlie 1½ (places 1 and 1, Charlie equal), Bravo 1, Delta ½.
    let ranks: Vec<(&str, &str, &str)> = players
        .iter()
        .map(|p| (p["rank"].as_str(), p["pts"].as_str(), p["equal"].as_str()))
        .collect();
    assert_eq!(
        ranks,
        [
            ("1", "1.5", "N"),
            ("3", "1.0", "N"),
            ("1", "1.5", "J"),
            ("4", "0.5", "N")
        ]
    );

    // Intermediate ranking after round 1: Alpha and Charlie 1, Bravo and Delta 0.
    let inter = attributes(&xml, "intermediateranking");
    let r1: Vec<(&str, &str, &str)> = inter
        .iter()
        .map(|p| (p["no"].as_str(), p["rank"].as_str(), p["equal"].as_str()))
        .collect();
    assert_eq!(
        r1,
        [
            ("1", "1", "N"),
            ("3", "1", "J"),
            ("2", "3", "N"),
            ("4", "3", "J")
        ]
    );

    let pairings: Vec<(String, String, String, String, String, String)> =
        attributes(&xml, "playerpairing")
            .into_iter()
            .map(|p| {
                (
                    p["round"].clone(),
                    p["whiteno"].clone(),
                    p["blackno"].clone(),
                    p["reswhite"].clone(),
                    p["resblack"].clone(),
                    p["forfeit"].clone(),
                )
            })
            .collect();
    let s = |a: &str, b: &str, c: &str, d: &str, e: &str, f: &str| {
        (a.into(), b.into(), c.into(), d.into(), e.into(), f.into())
    };
    assert_eq!(
        pairings,
        [
            s("1", "1", "2", "1.0", "0.0", ""),
            s("1", "3", "4", "1.0", "0.0", "K"),
            s("2", "2", "-1", "1.0", "0.0", "K"),
            s("2", "4", "1", "0.5", "0.5", ""),
            s("2", "3", "-2", "0.5", "", ""),
        ]
    );
}

// Three teams of two boards, two rounds of a team Swiss. Round 1: Alpha–Bravo 1½–½ (board 1
// 1-3 1-0, board 2 4-2 ½-½), Charlie the pairing-allocated bye (2 game points). Round 2:
// Charlie–Alpha ½–1½ (board 1 5-1 0-1, board 2 2-6 ½-½), Bravo not paired.
const TEAM_PLAYERS: &str = "\
012 Interclubs <Open>
042 2026/05/01
052 2026/05/02
001    1      Alpha, One                        2200                             0.0    1
001    2      Alpha, Two                        2100                             0.0    2
001    3      Bravo, One                        2000                             0.0    3
001    4      Bravo, Two                        1900                             0.0    4
001    5      Charlie, One                      1800                             0.0    5
001    6      Charlie, Two                                                       0.0    6
";

fn team_upload(t: &tournament::Tournament) -> TeamUpload<'_> {
    use tournament::PlayerId as P;
    let p = |s: &str| s.parse::<tournament::Points>().unwrap();
    let line = |number, name: &str, members: [u32; 2]| TeamLine {
        number,
        name: name.into(),
        captain: String::new(),
        federation: "FRA".into(),
        rating_average: None,
        withdrawn: false,
        members: members.into_iter().map(P).collect(),
    };
    let board = |board, white, black, w: &str, b: &str, game| BoardPairing {
        board,
        white: P(white),
        black: P(black),
        white_points: p(w),
        black_points: p(b),
        game,
    };
    let row = |team, rank, equal, points: &str| TeamRankRow {
        team,
        rank,
        equal,
        points: p(points),
        tiebreaks: vec!["1.5".into()],
    };
    TeamUpload {
        tournament: t,
        key: String::new(),
        creator: String::new(),
        round_robin: false,
        organiser: String::new(),
        director: String::new(),
        remark: String::new(),
        fide_rated: None,
        boards: 2,
        first_team_white: true,
        teams: vec![
            line(1, "Alpha", [1, 2]),
            line(2, "Bravo", [3, 4]),
            line(3, "Charlie", [5, 6]),
        ],
        tiebreaks: vec![TiebreakColumn::game_points()],
        rankings: vec![
            TeamRanking {
                round: 1,
                rows: vec![
                    row(1, 1, false, "2"),
                    row(3, 1, true, "2"),
                    row(2, 3, false, "0"),
                ],
            },
            TeamRanking {
                round: 2,
                rows: vec![
                    row(1, 1, false, "4"),
                    row(3, 2, false, "2"),
                    row(2, 3, false, "0"),
                ],
            },
        ],
        players: Ranking::by_points(t, 0),
        rounds: vec![
            vec![
                TeamPairing {
                    first: 1,
                    second: Opponent::Team(2),
                    first_points: p("1.5"),
                    second_points: p("0.5"),
                    boards: vec![
                        board(1, 1, 3, "1", "0", Game::Played),
                        board(2, 4, 2, "0.5", "0.5", Game::Played),
                    ],
                },
                TeamPairing {
                    first: 3,
                    second: Opponent::PairingBye,
                    first_points: p("2"),
                    second_points: p("0"),
                    boards: vec![],
                },
            ],
            vec![
                TeamPairing {
                    first: 3,
                    second: Opponent::Team(1),
                    first_points: p("0.5"),
                    second_points: p("1.5"),
                    boards: vec![
                        board(1, 5, 1, "0", "1", Game::Played),
                        board(2, 2, 6, "0.5", "0.5", Game::Played),
                    ],
                },
                TeamPairing {
                    first: 2,
                    second: Opponent::NotPaired,
                    first_points: p("0"),
                    second_points: p("0"),
                    boards: vec![],
                },
            ],
        ],
        finished: true,
        security: Some(Security {
            source: "0".into(),
            sid: "A".into(),
            creator_sid: "B".into(),
            tnr_sid: "C".into(),
        }),
    }
}

#[test]
fn a_team_file_has_the_published_team_examples_elements_and_attributes() {
    let t = trf::read(TEAM_PLAYERS).unwrap();
    let xml = chess_results::write_teams(&team_upload(&t)).unwrap();
    let structure = include_str!("fixtures/chess_results/structure.txt");
    let published: HashMap<&str, Vec<&str>> = structure
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut w = l.split_whitespace();
            (w.next().unwrap(), w.collect())
        })
        .collect();
    let ours = elements(&xml);
    let order: Vec<&str> = ours.iter().map(|(n, _)| n.as_str()).collect();
    let first = |n: &str| order.iter().position(|x| *x == n).unwrap();
    // The order of Team_SwissSystem.xml and Team_RoundRobin.xml, with the intermediate
    // rankings (not in the examples) after the teams.
    for pair in [
        "tournamentdata",
        "rounds",
        "players",
        "teams",
        "intermediaterankings",
        "playerpairings",
        "teampairings",
        "security",
    ]
    .windows(2)
    {
        assert!(first(pair[0]) < first(pair[1]), "{pair:?}");
    }
    for (name, attrs) in &ours {
        if let Some(theirs) = published.get(name.as_str()) {
            assert_eq!(attrs, theirs, "<{name}>");
        } else {
            assert!(name.starts_with("intermediateranking"), "<{name}>");
        }
    }

    let tour = &attributes(&xml, "tournament")[0];
    // Team Swiss: type 3; the example's team attributes are set (board 1's colour of the first
    // team, 2 boards); game points are chess-results' tie-break 1.
    assert_eq!(tour["type"], "3");
    assert_eq!(tour["homecolor"], "w");
    assert_eq!(tour["playerperteam"], "2");
    assert_eq!(tour["tb1no"], "1");
    assert_eq!(tour["name"], "Interclubs <Open>");
    let players: Vec<(String, String, String)> = attributes(&xml, "player")
        .into_iter()
        .map(|p| (p["no"].clone(), p["teamno"].clone(), p["board"].clone()))
        .collect();
    let s3 = |a: &str, b: &str, c: &str| (a.to_string(), b.to_string(), c.to_string());
    assert_eq!(
        players,
        [
            s3("1", "1", "1"),
            s3("2", "1", "2"),
            s3("3", "2", "1"),
            s3("4", "2", "2"),
            s3("5", "3", "1"),
            s3("6", "3", "2")
        ]
    );
    let teams: Vec<(String, String, String, String)> = attributes(&xml, "team")
        .into_iter()
        .map(|t| {
            (
                t["no"].clone(),
                t["rank"].clone(),
                t["points"].clone(),
                t["state"].clone(),
            )
        })
        .collect();
    let s4 =
        |a: &str, b: &str, c: &str| (a.to_string(), b.to_string(), c.to_string(), String::new());
    assert_eq!(
        teams,
        [
            s4("1", "1", "4.0"),
            s4("2", "3", "0.0"),
            s4("3", "2", "2.0")
        ]
    );
    let tp: Vec<String> = attributes(&xml, "teampairing")
        .into_iter()
        .map(|m| {
            format!(
                "{} {} {}-{} {}-{}",
                m["round"], m["pairing"], m["no1"], m["no2"], m["res1"], m["res2"]
            )
        })
        .collect();
    assert_eq!(
        tp,
        [
            "1 1 1-2 1.5-0.5",
            "1 2 3--1 2.0-0.0",
            "2 1 3-1 0.5-1.5",
            "2 2 2--2 0.0-0.0"
        ]
    );
    let pp: Vec<String> = attributes(&xml, "playerpairing")
        .into_iter()
        .map(|m| {
            format!(
                "{} {} {} {}-{} {}",
                m["round"], m["pairing"], m["board"], m["whiteno"], m["blackno"], m["reswhite"]
            )
        })
        .collect();
    assert_eq!(
        pp,
        [
            "1 1 1 1-3 1.0",
            "1 1 2 4-2 0.5",
            "2 1 1 5-1 0.0",
            "2 1 2 2-6 0.5"
        ]
    );
}

#[test]
fn a_team_file_refuses_a_board_player_of_neither_team() {
    let t = trf::read(TEAM_PLAYERS).unwrap();
    let mut u = team_upload(&t);
    // Round 2's match is Charlie–Alpha: Bravo's player 3 cannot sit at board 1.
    u.rounds[1][0].boards[0].white = tournament::PlayerId(3);
    assert_eq!(
        chess_results::write_teams(&u),
        Err(TeamFileError::NotInMatch {
            round: 2,
            pairing: 1,
            board: 1,
            player: tournament::PlayerId(3)
        })
    );
    let mut u = team_upload(&t);
    u.teams[1].members.push(tournament::PlayerId(1));
    assert!(matches!(
        chess_results::write_teams(&u),
        Err(TeamFileError::TwoTeams { .. })
    ));
}
