//! Rosters with the federation's data and the roster rules a competition sets (issue 39 §4):
//! foreign players, women, rating caps per player and on the lineup's sum, one team of a club
//! per player and round. Each rule is off by default; each refusal names the players and the
//! rule.

use store::teams::rounds::Lineup;
use store::teams::rules::{CapRating, RosterRules};
use store::teams::*;
use store::{LicenceType, RatingKind, Store};

/// The roster of the tests: (name, sex, federation, FIDE rating, national rating, licence).
const ALPHA: [(&str, &str, &str, u16, u16, &str); 6] = [
    ("Durand, Luc", "m", "FRA", 2100, 2120, "K10001"),
    ("Novak, Jan", "m", "CZE", 2050, 2050, "K10002"),
    ("Moreau, Eva", "w", "FRA", 1900, 1910, "K10003"),
    ("Schmidt, Uwe", "m", "GER", 1880, 1880, "K10004"),
    ("Rossi, Gia", "w", "ITA", 1700, 1690, "K10005"),
    ("Petit, Paul", "m", "FRA", 1600, 1650, "K10006"),
];

fn csv() -> String {
    let mut csv = String::from(
        "équipe;échiquier;nom;sexe;fed;elo;elo national;n° licence;type licence;club\n",
    );
    for (k, (name, sex, fed, elo, nat, lic)) in ALPHA.iter().enumerate() {
        csv.push_str(&format!(
            "Alpha 1;{};\"{name}\";{sex};{fed};{elo};{nat} F;{lic};A;Alpha\n",
            k + 1
        ));
    }
    for k in 0..6 {
        csv.push_str(&format!(
            "Bravo;{};B{};m;FRA;{};;;;Bravo\n",
            k + 1,
            k + 1,
            1800 - k * 10
        ));
    }
    csv
}

/// A round robin of Alpha 1 and Bravo on 4 boards (federation FRA) under `rules`, round 1
/// paired.
fn event(rules: RosterRules) -> (Store, TeamEventId, TeamKey, Vec<MemberKey>) {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Nationale 3".parse().unwrap(), 1, 4);
    s.system = TeamSystem::RoundRobin;
    s.federation = "FRA".into();
    s.board_order_gap = Some(1000);
    let event = store.create_team_event("chief", &s).unwrap();
    let imported = import::rosters_from_csv(&csv()).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    // The rules set after the rosters (the cap per player would refuse Durand's entry).
    s.roster_rules = rules;
    store.update_team_event("chief", event, &s, None).unwrap();
    store.pair_team_round("chief", event).unwrap();
    let alpha = store
        .teams(event)
        .unwrap()
        .into_iter()
        .find(|t| t.details.name == "Alpha 1")
        .unwrap();
    let ids = alpha.roster.iter().map(|m| m.id).collect();
    (store, event, alpha.id, ids)
}

fn set(
    store: &Store,
    event: TeamEventId,
    team: TeamKey,
    members: Vec<MemberKey>,
) -> Result<(), String> {
    let lineup = Lineup {
        round: 1,
        match_number: 1,
        team,
        members,
    };
    match store.set_lineup("chief", event, &lineup, None) {
        Ok(()) => Ok(()),
        Err(store::Error::Invalid { field, found, .. }) => {
            assert_eq!(field, "roster_rules");
            Err(found)
        }
        Err(e) => panic!("{e:?}"),
    }
}

#[test]
fn the_roster_carries_the_federations_data() {
    let (store, event, _, _) = event(RosterRules::default());
    let teams = store.teams(event).unwrap();
    let alpha = teams.iter().find(|t| t.details.name == "Alpha 1").unwrap();
    // A team's club is the club its players share.
    assert_eq!(alpha.details.club, "Alpha");
    let eva = &alpha.roster[2].details;
    assert_eq!(eva.sex, "w");
    assert_eq!(eva.federation, "FRA");
    assert_eq!(eva.rating, Some(1900));
    assert_eq!(eva.national_rating, Some(1910));
    assert_eq!(eva.national.national_rating_kind, Some(RatingKind::F));
    assert_eq!(eva.national.licence.as_str(), "K10003");
    assert_eq!(eva.national.licence_type, Some(LicenceType::A));
    assert_eq!(eva.club, "Alpha");
    // A bad licence type is refused at its line and column.
    let bad = import::rosters_from_csv("équipe;nom;type licence\nAlpha;X;C\n").unwrap_err();
    assert_eq!((bad.line, bad.column), (2, 9));
}

#[test]
fn every_rule_is_off_by_default() {
    let (store, event, alpha, id) = event(RosterRules::default());
    // Three foreign players, no woman, ratings adding up to 8030: nothing refused.
    assert_eq!(
        set(&store, event, alpha, vec![id[0], id[1], id[3], id[5]]),
        Ok(())
    );
}

#[test]
fn at_most_n_foreign_players() {
    let rules = RosterRules {
        max_foreign: Some(2),
        ..RosterRules::default()
    };
    let (store, event, alpha, id) = event(rules);
    // Novak (CZE), Schmidt (GER), Rossi (ITA): three foreign players against FRA.
    assert_eq!(
        set(&store, event, alpha, vec![id[1], id[2], id[3], id[4]]),
        Err(
            "foreign players in the lineup: 3 (Novak, Jan, Schmidt, Uwe, Rossi, Gia), at most 2"
                .into()
        )
    );
    // Two: accepted.
    assert_eq!(
        set(&store, event, alpha, vec![id[0], id[1], id[3], id[5]]),
        Ok(())
    );
    // The rule needs the event's federation.
    let mut s = store.team_event(event).unwrap().settings;
    s.federation = String::new();
    match store.update_team_event("chief", event, &s, None) {
        Err(store::Error::Invalid { field, .. }) => assert_eq!(field, "federation"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn at_least_n_women() {
    let rules = RosterRules {
        min_women: Some(2),
        ..RosterRules::default()
    };
    let (store, event, alpha, id) = event(rules);
    assert_eq!(
        set(&store, event, alpha, vec![id[0], id[1], id[2], id[3]]),
        Err("women in the lineup: 1 (Moreau, Eva), at least 2".into())
    );
    assert_eq!(
        set(&store, event, alpha, vec![id[0], id[2], id[3], id[4]]),
        Ok(())
    );
}

#[test]
fn a_rating_cap_per_player_by_the_chosen_rating() {
    // National ratings: Durand 2120 is above 2110; FIDE's 2100 is not.
    let rules = RosterRules {
        player_cap: Some(2110),
        cap_rating: CapRating::National,
        ..RosterRules::default()
    };
    let (store, event, alpha, id) = event(rules);
    assert_eq!(
        set(&store, event, alpha, vec![id[0], id[1], id[2], id[3]]),
        Err("Durand, Luc is rated 2120, above the cap of 2110".into())
    );
    assert_eq!(
        set(&store, event, alpha, vec![id[1], id[2], id[3], id[4]]),
        Ok(())
    );
    // The roster refuses a player above the cap when entered.
    let member = NewMember {
        name: "Fort, Max".parse().unwrap(),
        national_rating: Some(2200),
        ..NewMember::default()
    };
    match store.add_member("chief", event, alpha, &member) {
        Err(store::Error::Invalid { field, found, .. }) => {
            assert_eq!(field, "roster_rules");
            assert_eq!(found, "Fort, Max is rated 2200, above the cap of 2110");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_cap_on_the_lineups_sum() {
    // FIDE: 2050 + 1900 + 1880 + 1700 = 7530; 2100 + 2050 + 1900 + 1880 = 7930.
    let rules = RosterRules {
        sum_cap: Some(7600),
        ..RosterRules::default()
    };
    let (store, event, alpha, id) = event(rules);
    assert_eq!(
        set(&store, event, alpha, vec![id[0], id[1], id[2], id[3]]),
        Err("the lineup's ratings add up to 7930, above 7600".into())
    );
    assert_eq!(
        set(&store, event, alpha, vec![id[1], id[2], id[3], id[4]]),
        Ok(())
    );
}

#[test]
fn a_player_fielded_by_another_team_of_the_club_in_the_round() {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Départementale".parse().unwrap(), 1, 2);
    s.system = TeamSystem::RoundRobin;
    s.roster_rules.one_team_per_round = true;
    let event = store.create_team_event("chief", &s).unwrap();
    // Alpha 1 and Alpha 2 (club Alpha) share Petit (licence K10006); Bravo and Delta are
    // other clubs.
    let csv = "équipe;nom;licence;club\n\
               Alpha 1;A1;K1;Alpha\nAlpha 1;A2;K2;Alpha\nAlpha 1;Petit;K10006;Alpha\n\
               Alpha 2;Petit;K10006;Alpha\nAlpha 2;A5;K5;Alpha\nAlpha 2;A6;K6;Alpha\n\
               Bravo;B1;;Bravo\nBravo;B2;;Bravo\n\
               Delta;D1;;Delta\nDelta;D2;;Delta\n";
    let imported = import::rosters_from_csv(csv).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    let p = store.pair_team_round("chief", event).unwrap();
    let teams = store.teams(event).unwrap();
    let team = |name: &str| teams.iter().find(|t| t.details.name == name).unwrap();
    let (a1, a2) = (team("Alpha 1"), team("Alpha 2"));
    let match_of = |t: TeamKey| {
        p.matches
            .iter()
            .find(|m| m.white_team == t || m.black_team == t)
            .unwrap()
            .number
    };
    // Alpha 2's default lineup fields Petit and A5: Alpha 1 fielding Petit is refused, naming
    // Alpha 2's match.
    let lineup = Lineup {
        round: 1,
        match_number: match_of(a1.id),
        team: a1.id,
        members: vec![a1.roster[0].id, a1.roster[2].id],
    };
    match store.set_lineup("chief", event, &lineup, None) {
        Err(store::Error::Invalid { field, found, .. }) => {
            assert_eq!(field, "roster_rules");
            assert_eq!(
                found,
                format!(
                    "Petit already plays for Alpha 2 in match {} of round 1",
                    match_of(a2.id)
                )
            );
        }
        other => panic!("{other:?}"),
    }
    // Alpha 2 fields A5 and A6 instead: Alpha 1 may field Petit.
    let other = Lineup {
        round: 1,
        match_number: match_of(a2.id),
        team: a2.id,
        members: vec![a2.roster[1].id, a2.roster[2].id],
    };
    store.set_lineup("chief", event, &other, None).unwrap();
    store.set_lineup("chief", event, &lineup, None).unwrap();
    assert_eq!(
        store
            .lineup_rule_breach(event, 1, a2.id, &[a2.roster[0].id, a2.roster[1].id])
            .unwrap()
            .map(|b| b.to_string()),
        Some(format!(
            "Petit already plays for Alpha 1 in match {} of round 1",
            match_of(a1.id)
        ))
    );
}
