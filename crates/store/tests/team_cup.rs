//! A chess team cup through the store: 8 teams of 4 boards by rating to the final, one drawn
//! match decided by the FFE's rule (the first decisive board from the top), one level on every
//! board and decided by its tie-break match, byes for a field of 6, byes to the highest divisions for a field of 11, teams entering at round 2, the Coupe de
//! France's colours (White on boards 1 and 4). Every winner below is worked
//! out by hand from the board results in the comments.

use store::teams::cup::parse_playoff;
use store::teams::cup_bracket::{
    CupByes, CupNextRound, CupSeeding, CupSettings, CupTieBreak, Decided, Outcome,
};
use store::teams::rounds::BoardResult;
use store::teams::*;
use store::{Error, Refusal, ResultCode, Store};

use ResultCode::{BlackWins as B, Draw as D, WhiteWins as W};

fn cup(teams: usize) -> (Store, TeamEventId) {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Coupe de France".parse().unwrap(), 1, 4);
    s.system = TeamSystem::Cup;
    let event = store.create_team_event("chief", &s).unwrap();
    let csv = crate::team_event::roster_csv(teams, 5);
    let imported = import::rosters_from_csv(&csv).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    (store, event)
}

/// The team names of a round's matches, White on board 1 first.
fn matches(store: &Store, event: TeamEventId, round: u32) -> Vec<(String, String)> {
    let teams = store.teams(event).unwrap();
    let name = |id| {
        teams
            .iter()
            .find(|t| t.id == id)
            .unwrap()
            .details
            .name
            .to_string()
    };
    let r = store.team_round(event, round).unwrap();
    r.matches
        .iter()
        .map(|m| (name(m.white_team), name(m.black_team)))
        .collect()
}

fn play(store: &Store, event: TeamEventId, round: u32, number: u32, boards: [ResultCode; 4]) {
    let results: Vec<BoardResult> = boards
        .iter()
        .enumerate()
        .map(|(k, r)| BoardResult {
            match_number: number,
            board: k as u32 + 1,
            result: Some(*r),
        })
        .collect();
    store
        .set_team_results("chief", event, round, &results, None)
        .unwrap();
}

fn winners(store: &Store, event: TeamEventId, round: u32) -> Vec<String> {
    let teams = store.teams(event).unwrap();
    let b = store.cup_bracket(event).unwrap();
    b.rounds[round as usize - 1]
        .pairs
        .iter()
        .map(|p| {
            let id = p.winner.expect("decided");
            teams
                .iter()
                .find(|t| t.id == id)
                .unwrap()
                .details
                .name
                .to_string()
        })
        .collect()
}

fn refusal(e: Error) -> (Refusal, String) {
    match e {
        Error::Refused { reason, message } => (reason, message),
        e => panic!("not a refusal: {e:?}"),
    }
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn eight_teams_play_to_the_final_with_a_drawn_match_and_a_tie_break_match() {
    let (store, event) = cup(8);
    assert_eq!(store.cup_settings(event).unwrap(), CupSettings::default());
    assert_eq!(store.team_event(event).unwrap().settings.rounds, 3);

    // Round 1: Club A is seed 1 (the best average), Club H seed 8; the bracket of 8 puts seeds
    // 1-8, 4-5, 2-7, 3-6 in that order, so seeds 1 and 2 meet in the final at the earliest.
    store.pair_team_round("chief", event).unwrap();
    assert_eq!(
        matches(&store, event, 1),
        pairs(&[
            ("Club A", "Club H"),
            ("Club D", "Club E"),
            ("Club B", "Club G"),
            ("Club C", "Club F")
        ])
    );
    let (reason, _) = refusal(store.pair_team_round("chief", event).unwrap_err());
    assert_eq!(reason, Refusal::MissingResults);
    // The first team of a match has White on boards 1 and 3, Black on 2 and 4.
    // A-H: A wins 1 (1-0) and 2 (0-1 with Black), draws 3 and 4: 3-1 for A.
    play(&store, event, 1, 1, [W, B, D, D]);
    // D-E: board 1 drawn, E wins board 2 (1-0: E has White there), D wins board 3, board 4
    // drawn: 2-2. From the top, board 2 is the first decisive one: E goes through.
    play(&store, event, 1, 2, [D, W, W, D]);
    // B-G: B wins board 1, the rest drawn: 2½-1½.
    play(&store, event, 1, 3, [W, D, D, D]);
    // C-F: F wins board 1 (0-1), the rest drawn: 1½-2½.
    play(&store, event, 1, 4, [B, D, D, D]);
    let bracket = store.cup_bracket(event).unwrap();
    let drawn = &bracket.rounds[0].pairs[1];
    assert_eq!((drawn.first_points, drawn.second_points), (4, 4));
    assert!(matches!(
        drawn.outcome,
        Outcome::Won {
            how: Decided::TopBoard { board: 2 },
            ..
        }
    ));
    assert_eq!(
        winners(&store, event, 1),
        ["Club A", "Club E", "Club B", "Club F"]
    );
    // A tie-break match is for a level match only.
    let (_, message) = refusal(
        store
            .set_cup_playoff("chief", event, 1, 2, Some((5, 3)), None)
            .unwrap_err(),
    );
    assert!(message.contains("needs no tie-break match"), "{message}");

    // Round 2 by the bracket: the winners of matches 1 and 2 meet, of 3 and 4.
    store.pair_team_round("chief", event).unwrap();
    assert_eq!(
        matches(&store, event, 2),
        pairs(&[("Club A", "Club E"), ("Club B", "Club F")])
    );
    // A-E: every board drawn, 2-2, and no board decides: a tie-break match is needed.
    play(&store, event, 2, 1, [D, D, D, D]);
    // B-F: B wins boards 1, 2 and 3, F wins board 4 (1-0, F's player has White): 3-1.
    play(&store, event, 2, 2, [W, B, W, W]);
    let level = store.cup_bracket(event).unwrap().rounds[1].pairs[0].outcome;
    assert_eq!(level, Outcome::Level);
    let (reason, message) = refusal(store.pair_team_round("chief", event).unwrap_err());
    assert_eq!(reason, Refusal::MissingResults);
    assert!(message.contains("match 1 of round 2 is level"), "{message}");
    // The blitz tie-break match: A 1½, E 2½.
    let score = parse_playoff("1½-2½").unwrap();
    store
        .set_cup_playoff("chief", event, 2, 1, Some(score), None)
        .unwrap();
    assert_eq!(winners(&store, event, 2), ["Club E", "Club B"]);

    // The final: E (first in the bracket) against B; B wins board 1 (0-1), the rest drawn.
    store.pair_team_round("chief", event).unwrap();
    assert_eq!(matches(&store, event, 3), pairs(&[("Club E", "Club B")]));
    play(&store, event, 3, 1, [B, D, D, D]);
    let bracket = store.cup_bracket(event).unwrap();
    let teams = store.teams(event).unwrap();
    let b = teams.iter().find(|t| t.details.name == "Club B").unwrap();
    assert_eq!(bracket.champion, Some(b.id));
    let (reason, _) = refusal(store.pair_team_round("chief", event).unwrap_err());
    assert_eq!(reason, Refusal::AllRoundsPaired);
    // The tie-break match of round 2 is fixed once round 3 is paired.
    assert!(store
        .set_cup_playoff("chief", event, 2, 1, None, None)
        .is_err());
}

#[test]
fn a_field_of_six_gives_the_top_two_seeds_a_bye() {
    let (store, event) = cup(6);
    // Board elimination: the lowest boards discounted one by one.
    let settings = CupSettings {
        tie_break: CupTieBreak::BoardElimination,
        ..CupSettings::default()
    };
    store
        .set_cup_settings("chief", event, &settings, None)
        .unwrap();
    store.pair_team_round("chief", event).unwrap();
    // Seeds 1-8, 4-5, 2-7, 3-6 with no seeds 7 and 8: A and B go through, D-E and C-F play.
    assert_eq!(
        matches(&store, event, 1),
        pairs(&[("Club D", "Club E"), ("Club C", "Club F")])
    );
    // D-E: D wins board 1 (1-0), E wins 2 (1-0 with White), D wins 3 (1-0), E wins 4 (1-0
    // with White): 2-2. Board 4 discounted: D leads 2-1 on boards 1-3.
    play(&store, event, 1, 1, [W, W, W, W]);
    // C-F: every board drawn except board 1, C's: 2½-1½.
    play(&store, event, 1, 2, [W, D, D, D]);
    assert_eq!(
        winners(&store, event, 1),
        ["Club A", "Club D", "Club B", "Club C"]
    );
    // The settings are fixed once round 1 is paired.
    let (reason, _) = refusal(
        store
            .set_cup_settings("chief", event, &CupSettings::default(), None)
            .unwrap_err(),
    );
    assert_eq!(reason, Refusal::EventStarted);
    store.pair_team_round("chief", event).unwrap();
    assert_eq!(
        matches(&store, event, 2),
        pairs(&[("Club A", "Club D"), ("Club B", "Club C")])
    );
}

#[test]
fn a_drawn_bracket_places_every_team_once() {
    let (store, event) = cup(8);
    let settings = CupSettings {
        seeding: CupSeeding::Draw,
        next_round: CupNextRound::Draw,
        ..CupSettings::default()
    };
    store
        .set_cup_settings("chief", event, &settings, None)
        .unwrap();
    store.pair_team_round("chief", event).unwrap();
    let mut names: Vec<String> = matches(&store, event, 1)
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .collect();
    names.sort();
    let expected: Vec<String> = ('A'..='H').map(|c| format!("Club {c}")).collect();
    assert_eq!(names, expected);
    // 1-0 on every board: the first team wins boards 1 and 3, the other boards 2 and 4 (its
    // player has White there): 2-2, and board 1 decides for the first team of each match.
    let firsts: Vec<String> = matches(&store, event, 1)
        .into_iter()
        .map(|(a, _)| a)
        .collect();
    for number in 1..=4 {
        play(&store, event, 1, number, [W, W, W, W]);
    }
    assert_eq!(winners(&store, event, 1), firsts);
    // Round 2 drawn afresh from those four, each once.
    store.pair_team_round("chief", event).unwrap();
    let mut round2: Vec<String> = matches(&store, event, 2)
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .collect();
    round2.sort();
    let mut firsts = firsts;
    firsts.sort();
    assert_eq!(round2, firsts);
}

#[test]
fn a_field_of_eleven_gives_the_byes_to_the_highest_divisions() {
    let (store, event) = cup(11);
    // Clubs A to K are seeds 1 to 11 by rating. Divisions (1 the highest): E, H, K in 2; C, F, I
    // in 3; A, B, D, G in 4; J without one (last).
    let divisions = [4, 4, 3, 4, 2, 3, 4, 2, 3, 0, 2];
    for (t, d) in store.teams(event).unwrap().iter().zip(divisions) {
        let details = NewTeam {
            division: (d > 0).then_some(d),
            ..t.details.clone()
        };
        store.update_team("chief", event, t.id, &details).unwrap();
    }
    let settings = CupSettings {
        byes: CupByes::Division,
        ..CupSettings::default()
    };
    store
        .set_cup_settings("chief", event, &settings, None)
        .unwrap();
    assert_eq!(store.cup_settings(event).unwrap(), settings);
    store.pair_team_round("chief", event).unwrap();
    // 16 places, 5 byes: E, H, K (division 2), then C and F of division 3 (better rated than
    // I). In their seeding order they take seeds 1-5: C, E, F, H, K; then A, B, D, G, I, J are
    // seeds 6-11. Bracket order for 16: 1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11; seeds
    // 12-16 are byes, so the matches are 8-9 (D-G), 7-10 (B-I) and 6-11 (A-J).
    assert_eq!(
        matches(&store, event, 1),
        pairs(&[
            ("Club D", "Club G"),
            ("Club B", "Club I"),
            ("Club A", "Club J")
        ])
    );
    // A division out of range is refused, naming the field.
    let t = &store.teams(event).unwrap()[0];
    let bad = NewTeam {
        division: Some(100),
        ..t.details.clone()
    };
    assert!(matches!(
        store.update_team("chief", event, t.id, &bad),
        Err(Error::Invalid { ref field, .. }) if field == "division"
    ));
}

#[test]
fn a_division_comes_with_the_imported_rosters() {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Coupe de France".parse().unwrap(), 1, 1);
    s.system = TeamSystem::Cup;
    let event = store.create_team_event("chief", &s).unwrap();
    let csv = "équipe;nom;elo;niveau\nTours;A;2000;3\nTours;B;1900;\nBlois;C;1800;\n";
    let imported = import::rosters_from_csv(csv).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    let divisions: Vec<(String, Option<u8>)> = store
        .teams(event)
        .unwrap()
        .iter()
        .map(|t| (t.details.name.to_string(), t.details.division))
        .collect();
    assert_eq!(
        divisions,
        [("Tours".to_string(), Some(3)), ("Blois".to_string(), None)]
    );
}

/// Sets the entry round of the teams named (by their letter) on the cup page's table.
fn enter_late(store: &Store, event: TeamEventId, late: &[(char, u8)]) {
    let entries: Vec<cup::CupEntry> = store
        .teams(event)
        .unwrap()
        .iter()
        .map(|t| cup::CupEntry {
            team: t.id,
            division: t.details.division,
            entry_round: late
                .iter()
                .find(|(c, _)| t.details.name == format!("Club {c}").as_str())
                .map(|l| l.1),
        })
        .collect();
    store
        .set_cup_entries("chief", event, &entries, None)
        .unwrap();
}

#[test]
fn twelve_teams_of_which_four_enter_at_round_two() {
    let (store, event) = cup(12);
    // Clubs A to L are seeds 1 to 12 by rating; A, B, C, D (the top division) enter at round 2.
    enter_late(&store, event, &[('A', 2), ('B', 2), ('C', 2), ('D', 2)]);
    // A team of round 2 fills the places of the two teams it would have met in round 1: the
    // bracket must hold 8 + 4 × 2 = 16, so 4 rounds (a plain field of 12 has 4 too).
    assert_eq!(store.team_event(event).unwrap().settings.rounds, 4);
    store.pair_team_round("chief", event).unwrap();
    // Bracket order for 16: 1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11. The round-2
    // entrants take seeds 1 to 4 with the places beside them empty (16, 13, 15, 14); the eight
    // teams of round 1 take seeds 5 to 12 (E = 5 … L = 12): no bye is left, and round 1 is
    // 8-9 (H-I), 5-12 (E-L), 7-10 (G-J), 6-11 (F-K).
    assert_eq!(
        matches(&store, event, 1),
        pairs(&[
            ("Club H", "Club I"),
            ("Club E", "Club L"),
            ("Club G", "Club J"),
            ("Club F", "Club K")
        ])
    );
    let bracket = store.cup_bracket(event).unwrap();
    assert_eq!(bracket.total_rounds, 4);
    assert_eq!(bracket.late_entrants.len(), 4);
    let entering: Vec<Option<u32>> = bracket.rounds[0]
        .pairs
        .iter()
        .map(|p| p.enters_at)
        .collect();
    // In bracket order: A alone (enters at round 2), H-I, D alone, E-L, B alone, G-J, C alone,
    // F-K.
    assert_eq!(
        entering,
        [Some(2), None, Some(2), None, Some(2), None, Some(2), None]
    );
    // The entry rounds are fixed now.
    let t = &store.teams(event).unwrap()[0];
    let changed = NewTeam {
        entry_round: None,
        ..t.details.clone()
    };
    let (reason, _) = refusal(
        store
            .update_team("chief", event, t.id, &changed)
            .unwrap_err(),
    );
    assert_eq!(reason, Refusal::EventStarted);
    // Round 1: the first team wins every match 2½-1½ (board 1 1-0, the rest drawn).
    for number in 1..=4 {
        play(&store, event, 1, number, [W, D, D, D]);
    }
    assert_eq!(
        winners(&store, event, 1),
        ["Club A", "Club H", "Club D", "Club E", "Club B", "Club G", "Club C", "Club F"]
    );
    // Round 2: each entrant meets the winner from beside it: A (1) the winner of 8-9, D (4)
    // of 5-12, B (2) of 7-10, C (3) of 6-11.
    store.pair_team_round("chief", event).unwrap();
    assert_eq!(
        matches(&store, event, 2),
        pairs(&[
            ("Club A", "Club H"),
            ("Club D", "Club E"),
            ("Club B", "Club G"),
            ("Club C", "Club F")
        ])
    );
    let round2 = &store.cup_bracket(event).unwrap().rounds[1];
    assert!(round2.pairs.iter().all(|p| p.enters_at.is_none()));
}

#[test]
fn late_entrants_leave_round_one_its_byes() {
    // 12 teams: A and B enter at round 2, ten play from round 1. The bracket holds 10 + 2 × 2 =
    // 14 of 16 places: 2 byes. A and B take seeds 1 and 2 (16 and 15 empty); C to L take seeds
    // 3 to 12, so seeds 13 and 14 are empty and D (4) and C (3) go through without a match.
    // Round 1 (bracket order 1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11): H-I, E-L, G-J, F-K.
    let (store, event) = cup(12);
    enter_late(&store, event, &[('A', 2), ('B', 2)]);
    assert_eq!(store.team_event(event).unwrap().settings.rounds, 4);
    store.pair_team_round("chief", event).unwrap();
    assert_eq!(
        matches(&store, event, 1),
        pairs(&[
            ("Club H", "Club I"),
            ("Club E", "Club L"),
            ("Club G", "Club J"),
            ("Club F", "Club K")
        ])
    );
    let b = store.cup_bracket(event).unwrap();
    let how: Vec<(Option<u32>, Option<u32>)> = b.rounds[0]
        .pairs
        .iter()
        .map(|p| (p.match_number, p.enters_at))
        .collect();
    // Pairs in bracket order: A entering, match 1, D's bye, match 2, B entering, match 3, C's
    // bye, match 4.
    assert_eq!(
        how,
        [
            (None, Some(2)),
            (Some(1), None),
            (None, None),
            (Some(2), None),
            (None, Some(2)),
            (Some(3), None),
            (None, None),
            (Some(4), None)
        ]
    );
}

#[test]
fn an_entry_round_out_of_range_or_without_a_first_round_is_refused() {
    let (store, event) = cup(4);
    let t = store.teams(event).unwrap();
    let bad = [cup::CupEntry {
        team: t[0].id,
        division: None,
        entry_round: Some(11),
    }];
    assert!(matches!(
        store.set_cup_entries("chief", event, &bad, None),
        Err(Error::Invalid { ref field, .. }) if field == "entry_round"
    ));
    // Three of four teams entering at round 2 leave one team for round 1: no match to play.
    enter_late(&store, event, &[('A', 2), ('B', 2), ('C', 2)]);
    assert!(matches!(
        store.pair_team_round("chief", event),
        Err(Error::Invalid { ref field, .. }) if field == "entry_round"
    ));
}

#[test]
fn the_coupe_de_france_colours_give_white_on_boards_one_and_four() {
    let (store, event) = cup(2);
    let settings = CupSettings {
        colours: BoardColours::FfeCup,
        ..CupSettings::default()
    };
    store
        .set_cup_settings("chief", event, &settings, None)
        .unwrap();
    store.pair_team_round("chief", event).unwrap();
    let teams = store.teams(event).unwrap();
    let (a, b) = (&teams[0], &teams[1]);
    let m = &store.team_round(event, 1).unwrap().matches[0];
    assert_eq!(m.white_team, a.id);
    // A (first in the bracket) has White on boards 1 and 4, B on boards 2 and 3: the white
    // player of each board is A's 1st, B's 2nd, B's 3rd, A's 4th.
    let whites: Vec<Option<i64>> = m.boards.iter().map(|b| b.white).collect();
    assert_eq!(
        whites,
        [
            Some(a.roster[0].id),
            Some(b.roster[1].id),
            Some(b.roster[2].id),
            Some(a.roster[3].id)
        ]
    );
    // 1-0, 0-1, 0-1, 1-0: A wins every board (White on 1 and 4, Black on 2 and 3): 4-0 for A.
    // With alternating colours the same results would be 2-2.
    play(&store, event, 1, 1, [W, B, B, W]);
    let pair = &store.cup_bracket(event).unwrap().rounds[0].pairs[0];
    assert_eq!((pair.first_points, pair.second_points), (8, 0));
    assert_eq!(
        pair.outcome,
        Outcome::Won {
            side: cup_bracket::Side::White,
            how: Decided::Score
        }
    );
    // The round's match score, from the engines' team model given the event's board colours,
    // agrees: 4-0 in game points (tenths), 2-0 in match points (the default 2/1/0).
    let score = &store.match_scores(event, 1).unwrap()[0];
    assert_eq!(
        (
            score.white_game_points.tenths(),
            score.black_game_points.tenths(),
            score.white_match_points,
            score.black_match_points
        ),
        (40, 0, Some(2), Some(0))
    );
    // The event itself says the pattern for every page that shows a board's colour.
    let e = store.team_event(event).unwrap();
    assert_eq!(e.board_colours, BoardColours::FfeCup);
}
