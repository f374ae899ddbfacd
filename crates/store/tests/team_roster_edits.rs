//! A team's roster edited player by player (issue 39 §4 and §7): a player added, changed and
//! removed, the roster put in another order, the team's details changed; and a round's lineups
//! as they stand (the default ones written at pairing) checked against the event's rules.

use store::teams::import::{rosters_from_csv, set_member_field, MemberField};
use store::teams::lineup_checks::LineupProblem;
use store::teams::rounds::{BoardResult, Lineup};
use store::teams::rules::{RosterRules, RuleBreach};
use store::teams::*;
use store::{RatingKind, ResultCode, Store};

/// Tours (A 2000, B 1900, C 1800, D 1700, E 1600, F 2250) and Blois (four at 1500), a round
/// robin of 4 boards.
fn league(gap: Option<u16>, rules: RosterRules) -> (Store, TeamEventId, Team, Team) {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Nationale 4".parse().unwrap(), 1, 4);
    s.system = TeamSystem::RoundRobin;
    s.federation = "FRA".into();
    s.board_order_gap = gap;
    let event = store.create_team_event("chief", &s).unwrap();
    let csv = "équipe;nom;elo;sexe;fed\n\
               Tours;A;2000;m;FRA\nTours;B;1900;m;FRA\nTours;C;1800;w;FRA\nTours;D;1700;m;FRA\n\
               Tours;E;1600;w;FRA\nTours;F;2250;m;FRA\n\
               Blois;G;1500;w;FRA\nBlois;H;1500;m;FRA\nBlois;I;1500;m;FRA\nBlois;J;1500;m;FRA\n";
    store
        .import_teams("chief", event, &rosters_from_csv(csv).unwrap())
        .unwrap();
    s.roster_rules = rules;
    store.update_team_event("chief", event, &s, None).unwrap();
    let (tours, blois) = teams(&store, event);
    (store, event, tours, blois)
}

fn teams(store: &Store, event: TeamEventId) -> (Team, Team) {
    let all = store.teams(event).unwrap();
    let find = |n: &str| all.iter().find(|t| t.details.name == n).unwrap().clone();
    (find("Tours"), find("Blois"))
}

fn names(t: &Team) -> Vec<&str> {
    t.roster.iter().map(|m| m.details.name.as_str()).collect()
}

fn invalid<T: std::fmt::Debug>(r: store::Result<T>) -> (String, String) {
    match r {
        Err(store::Error::Invalid { field, found, .. }) => (field, found),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_player_is_read_from_a_form_as_from_the_csv() {
    // The same texts as a CSV's cells: h is m, f is w, the national rating's kind after it.
    let mut m = NewMember::default();
    for (field, text) in [
        (MemberField::Name, "  Levy,   Anne "),
        (MemberField::Title, "wim"),
        (MemberField::Rating, "2010"),
        (MemberField::FideId, "123456"),
        (MemberField::Federation, "fra"),
        (MemberField::Sex, "F"),
        (MemberField::Licence, "K59857"),
        (MemberField::LicenceType, "a"),
        (MemberField::NationalRating, "1980 N"),
        (MemberField::NationalRatingKind, ""),
        (MemberField::Club, "Échiquier Tourangeau"),
    ] {
        set_member_field(&mut m, field, text).unwrap();
    }
    assert_eq!(m.name, "Levy, Anne");
    assert_eq!(
        (m.title.as_str(), m.rating, m.fide_id, m.federation.as_str()),
        ("WIM", Some(2010), Some(123456), "FRA")
    );
    assert_eq!(m.sex, "w");
    assert_eq!(m.national_rating, Some(1980));
    assert_eq!(m.national.national_rating_kind, Some(RatingKind::N));
    assert_eq!(m.national.licence.as_str(), "K59857");
    // Each bad value says what was expected and quotes what was found.
    for (field, text, found) in [
        (MemberField::Name, " ", "an empty field"),
        (MemberField::Rating, "20x0", "\"20x0\""),
        (MemberField::Title, "XX", "\"XX\""),
        (MemberField::Sex, "x", "\"x\""),
        (MemberField::NationalRating, "1850 Z", "\"1850 Z\""),
        (MemberField::FideId, "12a", "\"12a\""),
    ] {
        let e = set_member_field(&mut m, field, text).unwrap_err();
        assert_eq!(e.found, found, "{field:?}");
        assert!(!e.expected.is_empty());
    }
}

#[test]
fn players_added_changed_reordered_and_removed() {
    let (store, event, tours, _) = league(None, RosterRules::default());
    assert_eq!(names(&tours), ["A", "B", "C", "D", "E", "F"]);
    let id = |k: usize| tours.roster[k].id;
    // F (2250) to board 1, then the others in their order: F A B C D E.
    store
        .reorder_roster(
            "chief",
            event,
            tours.id,
            &[id(5), id(0), id(1), id(2), id(3), id(4)],
        )
        .unwrap();
    let (t, _) = teams(&store, event);
    assert_eq!(names(&t), ["F", "A", "B", "C", "D", "E"]);
    let boards: Vec<u32> = t.roster.iter().map(|m| m.board).collect();
    assert_eq!(boards, [1, 2, 3, 4, 5, 6]);
    // A swap of two (a cycle of 2 through a free board): A and F change places.
    store
        .reorder_roster(
            "chief",
            event,
            tours.id,
            &[id(0), id(5), id(1), id(2), id(3), id(4)],
        )
        .unwrap();
    assert_eq!(
        names(&teams(&store, event).0),
        ["A", "F", "B", "C", "D", "E"]
    );
    // A player left out, or twice, is refused and nothing moves.
    for bad in [
        vec![id(0), id(5), id(1), id(2), id(3)],
        vec![id(0), id(0), id(1), id(2), id(3), id(4)],
    ] {
        assert_eq!(
            invalid(store.reorder_roster("chief", event, tours.id, &bad)).0,
            "order"
        );
    }
    assert_eq!(
        names(&teams(&store, event).0),
        ["A", "F", "B", "C", "D", "E"]
    );
    // B's details change; B keeps board 3.
    let mut b = tours.roster[1].details.clone();
    b.rating = Some(1950);
    b.title = "FM".into();
    b.national.licence = store::Licence::parse("K10002").unwrap();
    store
        .update_member("chief", event, tours.id, id(1), &b)
        .unwrap();
    let t = teams(&store, event).0;
    assert_eq!(t.roster[2].details, b);
    assert_eq!(t.roster[2].board, 3);
    // F removed: B C D E move up one board each.
    store
        .remove_member("chief", event, tours.id, id(5))
        .unwrap();
    let t = teams(&store, event).0;
    assert_eq!(names(&t), ["A", "B", "C", "D", "E"]);
    let boards: Vec<u32> = t.roster.iter().map(|m| m.board).collect();
    assert_eq!(boards, [1, 2, 3, 4, 5]);
    // A player of another team, or of no team, is not found.
    let (_, blois) = teams(&store, event);
    assert!(matches!(
        store.remove_member("chief", event, tours.id, blois.roster[0].id),
        Err(store::Error::NotFound(_))
    ));
    // Every change is in the log.
    let actions: Vec<String> = store
        .team_log(event)
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .take(4)
        .collect();
    assert_eq!(
        actions,
        [
            "remove_member",
            "update_member",
            "reorder_roster",
            "reorder_roster"
        ]
    );
}

#[test]
fn the_teams_are_numbered_again_when_a_roster_changes_before_round_1() {
    // Top 4 boards: Tours (2000 + 1900 + 1800 + 1700) / 4 = 1850, Blois 1500: Tours is 1.
    let (store, event, tours, blois) = league(None, RosterRules::default());
    assert_eq!((tours.number, blois.number), (1, 2));
    // G rated 2500: Blois (2500 + 1500 × 3) / 4 = 1750, still below 1850...
    let mut g = blois.roster[0].details.clone();
    g.rating = Some(2500);
    store
        .update_member("chief", event, blois.id, blois.roster[0].id, &g)
        .unwrap();
    assert_eq!(teams(&store, event).1.number, 2);
    // ...and (2500 + 2500 + 1500 + 1500) / 4 = 2000 > 1850 after two.
    let mut h = blois.roster[1].details.clone();
    h.rating = Some(2500);
    store
        .update_member("chief", event, blois.id, blois.roster[1].id, &h)
        .unwrap();
    let (tours, blois) = teams(&store, event);
    assert_eq!((tours.number, blois.number), (2, 1));
}

#[test]
fn a_bad_player_and_a_player_above_the_cap_are_refused() {
    let rules = RosterRules {
        player_cap: Some(2300),
        ..RosterRules::default()
    };
    let (store, event, tours, _) = league(None, rules);
    let a = tours.roster[0].id;
    let mut bad = tours.roster[0].details.clone();
    bad.title = "XX".into();
    assert_eq!(
        invalid(store.update_member("chief", event, tours.id, a, &bad)).0,
        "title"
    );
    let mut strong = tours.roster[0].details.clone();
    strong.rating = Some(2301);
    assert_eq!(
        invalid(store.update_member("chief", event, tours.id, a, &strong)),
        (
            "roster_rules".to_string(),
            "A is rated 2301, above the cap of 2300".to_string()
        )
    );
    // At the cap: accepted.
    strong.rating = Some(2300);
    store
        .update_member("chief", event, tours.id, a, &strong)
        .unwrap();
}

#[test]
fn a_player_who_played_or_is_fielded_stays() {
    let (store, event, tours, _) = league(None, RosterRules::default());
    store.pair_team_round("chief", event).unwrap();
    // Round 1's default lineup: A B C D on boards 1 to 4; E and F are reserves.
    let fielded = store.roster_fielded(event, tours.id).unwrap();
    let on: Vec<(MemberKey, u32, bool)> = fielded
        .iter()
        .map(|f| (f.member, f.board, f.played))
        .collect();
    let id = |k: usize| tours.roster[k].id;
    assert_eq!(
        on,
        [
            (id(0), 1, false),
            (id(1), 2, false),
            (id(2), 3, false),
            (id(3), 4, false)
        ]
    );
    let (field, found) = invalid(store.remove_member("chief", event, tours.id, id(1)));
    assert_eq!(field, "member");
    assert_eq!(found, "B is in the lineup in round 1, match 1, board 2");
    // Board 2 played: B has played.
    store
        .set_team_results(
            "chief",
            event,
            1,
            &[BoardResult {
                match_number: 1,
                board: 2,
                result: Some(ResultCode::Draw),
            }],
            None,
        )
        .unwrap();
    let (_, found) = invalid(store.remove_member("chief", event, tours.id, id(1)));
    assert_eq!(found, "B played in round 1, match 1, board 2");
    // The reserve E is on no board: removed, F moves up to board 5.
    store
        .remove_member("chief", event, tours.id, id(4))
        .unwrap();
    let t = teams(&store, event).0;
    assert_eq!(names(&t), ["A", "B", "C", "D", "F"]);
    assert_eq!(t.roster[4].board, 5);
}

#[test]
fn a_default_lineup_is_checked_against_the_roster_rules() {
    // At least 2 women: Tours's default lineup A B C D has one (C); Blois's has one (G).
    let rules = RosterRules {
        min_women: Some(2),
        ..RosterRules::default()
    };
    let (store, event, tours, blois) = league(None, rules);
    store.pair_team_round("chief", event).unwrap();
    let breaches = store.round_lineup_breaches(event, 1).unwrap();
    let found: Vec<(u32, TeamKey, LineupProblem)> = breaches
        .into_iter()
        .map(|b| (b.match_number, b.team, b.problem))
        .collect();
    let women = |p: &str| {
        LineupProblem::Rule(RuleBreach::Women {
            players: vec![p.to_string()],
            min: 2,
        })
    };
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.contains(&(1, tours.id, women("C"))));
    assert!(found.contains(&(1, blois.id, women("G"))));
    // The arbiter fields E (w) for D: Tours's lineup A B C E keeps the rule.
    let id = |k: usize| tours.roster[k].id;
    store
        .set_lineup(
            "chief",
            event,
            &Lineup {
                round: 1,
                match_number: 1,
                team: tours.id,
                members: vec![id(0), id(1), id(2), id(4)],
            },
            None,
        )
        .unwrap();
    let left: Vec<TeamKey> = store
        .round_lineup_breaches(event, 1)
        .unwrap()
        .into_iter()
        .map(|b| b.team)
        .collect();
    assert_eq!(left, [blois.id]);
}

#[test]
fn a_default_lineup_out_of_rating_order_is_said() {
    // The FFE's 100 points: Tours's roster order puts D (1700) on board 4... after E moved to
    // board 3: A 2000, B 1900, E 1600, D 1700 is fine (100 apart), but A B E C puts C (1800)
    // 200 points above E (1600).
    let (store, event, tours, _) = league(Some(100), RosterRules::default());
    let id = |k: usize| tours.roster[k].id;
    store
        .reorder_roster(
            "chief",
            event,
            tours.id,
            &[id(0), id(1), id(4), id(2), id(3), id(5)],
        )
        .unwrap();
    store.pair_team_round("chief", event).unwrap();
    let breaches = store.round_lineup_breaches(event, 1).unwrap();
    assert_eq!(breaches.len(), 1, "{breaches:?}");
    assert_eq!(breaches[0].team, tours.id);
    match &breaches[0].problem {
        LineupProblem::Order(b) => {
            assert_eq!(
                (
                    b.above.as_str(),
                    b.above_board,
                    b.below.as_str(),
                    b.below_board
                ),
                ("E", 3, "C", 4)
            );
            // 1800 − 1600 = 200.
            assert_eq!(b.difference, 200);
        }
        other => panic!("{other:?}"),
    }
}

/// The round-`round` entry of the player named `name` in the event's model.
fn entry(store: &Store, event: TeamEventId, name: &str, round: usize) -> tournament::Entry {
    let t = store.team_tournament(event).unwrap();
    let p = t.players.iter().find(|p| p.name == name).unwrap();
    p.rounds[round - 1]
}

/// A roster put in another order after a round changes nothing of that round: the Swiss
/// team's pairing-allocated bye stays with the two players who were on its boards, and a match
/// forfeited as a whole stays the absence of the two then on the absent team's boards; a player
/// who had the bye stays on the roster (the bye is a result).
#[test]
fn a_roster_reordered_later_leaves_past_byes_and_forfeits_alone() {
    use tournament::Entry;
    let store = Store::open_in_memory().unwrap();
    let s = TeamEventSettings::new("Open par équipes".parse().unwrap(), 3, 2);
    let event = store.create_team_event("chief", &s).unwrap();
    let csv = "équipe;nom;elo;sexe;fed\n\
               Tours;A;2000;m;FRA\nTours;B;1990;m;FRA\nTours;C;1980;m;FRA\n\
               Blois;D;1800;m;FRA\nBlois;E;1790;m;FRA\nBlois;F;1780;m;FRA\n\
               Vendôme;G;1600;m;FRA\nVendôme;H;1590;m;FRA\nVendôme;I;1580;m;FRA\n";
    store
        .import_teams("chief", event, &rosters_from_csv(csv).unwrap())
        .unwrap();
    let all = store.teams(event).unwrap();
    let team = |k: TeamKey| all.iter().find(|t| t.id == k).unwrap().clone();
    let draws = |round: u32| {
        store
            .set_team_results(
                "chief",
                event,
                round,
                &[1, 2].map(|board| BoardResult {
                    match_number: 1,
                    board,
                    result: Some(ResultCode::Draw),
                }),
                None,
            )
            .unwrap();
    };

    // Round 1: three teams, one bye; its first two players have it, the reserve has nothing.
    let r1 = store.pair_team_round("chief", event).unwrap();
    let bye = team(r1.bye.expect("three teams: a bye"));
    let [p1, p2, reserve] = [0, 1, 2].map(|k| bye.roster[k].details.name.to_string());
    draws(1);
    assert_eq!(entry(&store, event, &p1, 1), Entry::PairingBye);
    assert_eq!(entry(&store, event, &reserve, 1), Entry::NotPaired);
    // The reserve moves to board 1 after the round: the bye stays where it was.
    let order = [2, 0, 1].map(|k| bye.roster[k].id);
    store
        .reorder_roster("chief", event, bye.id, &order)
        .unwrap();
    assert_eq!(entry(&store, event, &p1, 1), Entry::PairingBye);
    assert_eq!(entry(&store, event, &p2, 1), Entry::PairingBye);
    assert_eq!(entry(&store, event, &reserve, 1), Entry::NotPaired);
    // A player who had the bye is not removed; the reserve, who did not play, is.
    let (field, found) = invalid(store.remove_member("chief", event, bye.id, bye.roster[1].id));
    assert_eq!(field, "member");
    assert_eq!(found, format!("{p2} had the bye of round 1"));

    // Round 2: the black team of the match does not come.
    let r2 = store.pair_team_round("chief", event).unwrap();
    let absent = team(r2.matches[0].black_team);
    let forfeit = |f: Option<MatchForfeit>| {
        store
            .set_match_forfeit("chief", event, 2, 1, f, None)
            .unwrap()
    };
    forfeit(Some(MatchForfeit::WhiteTeamWins));
    let [a1, a2, a3] = [0, 1, 2].map(|k| absent.roster[k].details.name.to_string());
    assert_eq!(entry(&store, event, &a1, 2), Entry::ZeroBye);
    assert_eq!(entry(&store, event, &a3, 2), Entry::NotPaired);
    store
        .reorder_roster(
            "chief",
            event,
            absent.id,
            &[2, 1, 0].map(|k| absent.roster[k].id),
        )
        .unwrap();
    assert_eq!(entry(&store, event, &a1, 2), Entry::ZeroBye);
    assert_eq!(entry(&store, event, &a2, 2), Entry::ZeroBye);
    assert_eq!(entry(&store, event, &a3, 2), Entry::NotPaired);
    // The forfeit taken back and recorded again: the absence follows the roster of that time.
    forfeit(None);
    forfeit(Some(MatchForfeit::WhiteTeamWins));
    assert_eq!(entry(&store, event, &a3, 2), Entry::ZeroBye);
    assert_eq!(entry(&store, event, &a1, 2), Entry::NotPaired);
}
