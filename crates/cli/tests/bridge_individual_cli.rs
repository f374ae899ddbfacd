//! `arbiter bridge individual-movement` and `individual-score`: the JSON of a movement, the
//! guide cards, the hand-worked ranking and the refusals (exit 3).

mod common;

use common::{path_str, run, stderr, stdout, temp_dir};
use serde_json::Value;

#[test]
fn rainbow_json_seats_the_published_moves() {
    let o = run(&[
        "bridge",
        "individual-movement",
        "--tables",
        "5",
        "--kind",
        "rainbow",
        "--boards-per-round",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["kind"], "rainbow");
    assert_eq!(v["rounds"].as_array().unwrap().len(), 5);
    // Round 1 table 1: North 1, East 6, South 11, West 16 on boards 1-2; round 2 table 1:
    // North 5 (up one from table 5), East 7 (down one from table 2), South 14 (up two from
    // table 4), West 18 (down two from table 3), the same boards.
    assert_eq!(
        v["rounds"][0]["tables"][0],
        serde_json::json!({"table": 1, "north": 1, "east": 6, "south": 11, "west": 16, "boards": [1, 2]})
    );
    assert_eq!(
        v["rounds"][1]["tables"][0],
        serde_json::json!({"table": 1, "north": 5, "east": 7, "south": 14, "west": 18, "boards": [1, 2]})
    );
}

#[test]
fn whist_text_has_a_guide_card_per_player() {
    let o = run(&["bridge", "individual-movement", "--tables", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with(
            "Whist individual, 2 tables, 8 players, 7 rounds, 4 boards a round (28 boards)"
        ),
        "{text}"
    );
    for p in 1..=8 {
        assert!(text.contains(&format!("Player {p}\n")), "player {p}");
    }
    // Player 8 stays North at table 1; in round 1 the starter (F, 2, 1, 6) seats East 3,
    // South 2, West 7 (numbers plus one).
    let card = &text[text.find("Player 8\n").unwrap()..];
    let first_row = card.lines().nth(2).unwrap();
    let cells: Vec<&str> = first_row.split_whitespace().collect();
    assert_eq!(cells, ["1", "1", "North", "2", "3,", "7", "1-4"]);
}

#[test]
fn a_table_count_not_offered_is_refused() {
    let o = run(&[
        "bridge",
        "individual-movement",
        "--tables",
        "6",
        "--kind",
        "rainbow",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o).trim(),
        "--tables 6: the rainbow individual movement is offered for 5 or 7 tables, not 6"
    );
}

const HAND_WORKED: &str = "board,north,east,south,west,contract,declarer,result\n\
    1,1,2,3,4,4S,N,=\n1,5,6,7,8,4S,N,+1\n1,9,10,11,12,4S,S,=\n\
    2,1,5,9,2,2S,N,-1\n2,3,6,10,7,2S,N,=\n2,4,8,11,12,2S,S,-1\n";

#[test]
fn individual_score_ranks_the_hand_worked_example() {
    let dir = temp_dir();
    let input = dir.path().join("ind.csv");
    std::fs::write(&input, HAND_WORKED).unwrap();
    let o = run(&[
        "bridge",
        "individual-score",
        path_str(&input),
        "--format",
        "csv",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Worked by hand in crates/bridge/tests/individual.rs: 420/450/420 and -100/+110/-100.
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "place,player,mp,top,percent");
    assert_eq!(lines[1], "=1,5,7.00,8.00,87.50");
    assert_eq!(lines[5], "5,3,5.00,8.00,62.50");
    assert_eq!(lines[12], "12,6,0.00,8.00,0.00");
    let o = run(&[
        "bridge",
        "individual-score",
        path_str(&input),
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["ranking"][0]["percent"], "87.50");
    assert_eq!(v["ranking"][0]["tied"], true);
}

#[test]
fn individual_score_names_the_bad_row() {
    let dir = temp_dir();
    let input = dir.path().join("bad.csv");
    std::fs::write(
        &input,
        "board,north,east,south,west,contract,declarer,result\n1,1,2,3,4,4S,Q,=\n",
    )
    .unwrap();
    let o = run(&["bridge", "individual-score", path_str(&input)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("bad.csv:2:14: expected a declarer (N, E, S or W), found \"Q\""),
        "{}",
        stderr(&o)
    );
}

#[test]
fn individual_score_checks_the_lines_against_the_movement() {
    let dir = temp_dir();
    let input = dir.path().join("rainbow.csv");
    // 5-table Rainbow, one board a round: board 1 at table 1 seats 1-6-11-16 in round 1 and
    // 5-7-14-18 in round 2; the second line swaps East and West.
    std::fs::write(
        &input,
        "board,north,east,south,west,contract,declarer,result\n\
         1,1,6,11,16,3NT,N,=\n1,5,18,14,7,3NT,N,-1\n",
    )
    .unwrap();
    let args = [
        "bridge",
        "individual-score",
        path_str(&input),
        "--kind",
        "rainbow",
        "--tables",
        "5",
        "--boards-per-round",
        "1",
    ];
    let o = run(&args);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains(
            "rainbow.csv:3:1: board 1: the movement seats N-E-S-W 5-7-14-18 in round 2 at table 1, \
             found 5-18-14-7"
        ),
        "{}",
        stderr(&o)
    );
    std::fs::write(
        &input,
        "board,north,east,south,west,contract,declarer,result\n\
         1,1,6,11,16,3NT,N,=\n1,5,7,14,18,3NT,N,-1\n",
    )
    .unwrap();
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
