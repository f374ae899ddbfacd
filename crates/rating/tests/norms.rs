//! B.01 1.4 article by article: each test is a small event of our own where the article
//! decides, worked by hand in its comments. Player 1 is the candidate (FRA, untitled, a man
//! unless said); his opponents play only him.

use rating::{
    norms, Exemption, NormSettings, NormStatus, NormTitle, PlayerNorms, RatingHistory, Shortfall,
};
use tournament::{Sex, Title};

use crate::support::{player, Event};

use Title::{CM, FM, GM, IM, WIM};

/// An opponent: rating, federation, title, player 1's result ("1", "=", "0").
type Opp = (u16, &'static str, Option<Title>, &'static str);

/// The base field: Σ = 21700, Ra = 2411.11 → 2411 (1.4.7); titled 7 (3 GM, 2 IM, 2 FM);
/// federations GER ×2, ESP, ITA, NED, FRA ×4.
const BASE: [(u16, &str, Option<Title>); 9] = [
    (2550, "GER", Some(GM)),
    (2500, "ESP", Some(GM)),
    (2450, "ITA", Some(GM)),
    (2450, "GER", Some(IM)),
    (2400, "FRA", Some(IM)),
    (2400, "FRA", Some(FM)),
    (2350, "FRA", Some(FM)),
    (2300, "NED", None),
    (2300, "FRA", None),
];

fn with_results(results: [&'static str; 9]) -> Vec<Opp> {
    BASE.iter()
        .zip(results)
        .map(|(&(r, f, t), res)| (r, f, t, res))
        .collect()
}

/// Player 1 meets the opponents in order, one a round, then `extra` rounds of nothing.
fn event(candidate_federation: &str, opps: &[Opp], planned: u32) -> Event {
    let mut players = vec![player(1, 2350, candidate_federation, None)];
    for (i, &(r, f, t, _)) in opps.iter().enumerate() {
        players.push(player(i as u32 + 2, r, f, t));
    }
    let mut e = Event::new(players, "2026/04/01").planned(planned);
    for (i, &(_, _, _, res)) in opps.iter().enumerate() {
        e = e.round(&[(1, i as u32 + 2, res)]);
    }
    e
}

fn status(results: &[PlayerNorms], norm: NormTitle) -> &NormStatus {
    &results[0]
        .norms
        .iter()
        .find(|(n, _)| *n == norm)
        .expect("the norm concerns the player")
        .1
}

fn achieved(s: &NormStatus) -> &rating::Achieved {
    match s {
        NormStatus::Achieved(a) => a,
        other => panic!("expected a norm, found {other:?}"),
    }
}

fn not_possible(s: &NormStatus) -> &[Shortfall] {
    match s {
        NormStatus::NotPossible(why) => why,
        other => panic!("expected no norm, found {other:?}"),
    }
}

fn run(e: &Event, settings: &NormSettings, through: u32) -> Vec<PlayerNorms> {
    norms(&e.t, settings, &RatingHistory::default(), through)
}

const SEVEN: [&str; 9] = ["1", "1", "1", "1", "1", "1", "=", "=", "0"];
const SIX_AND_A_HALF: [&str; 9] = ["1", "1", "1", "1", "1", "1", "=", "0", "0"];

#[test]
fn performance_1_4_8_and_extra_games_1_4_1d() {
    // 7/9 = 77.78 % → 78 %, dp 220: Rp = 2411 + 220 = 2631 ≥ 2600, a GM norm.
    let e = event("FRA", &with_results(SEVEN), 9);
    let r = run(&e, &NormSettings::default(), 9);
    let gm = achieved(status(&r, NormTitle::GM));
    assert_eq!(
        (gm.evaluation.average, gm.evaluation.performance),
        (2411, 2631)
    );
    // GM needs dp ≥ 189: 6.5/9 (72 %, 166) is short, 7/9 is the requirement: no extra game.
    assert_eq!((gm.extra_games, gm.norm_games), (0, 9));
    // IM needs dp ≥ 39: 5/9 (55.56 % → 56 %, 43) suffices; 7/9 is 2 full points more, two
    // extra games (1.4.1d): the norm counts 11 games.
    let im = achieved(status(&r, NormTitle::IM));
    assert_eq!((im.extra_games, im.norm_games), (2, 11));
    // A man: no women's norm.
    assert_eq!(r[0].norms.len(), 2);
    // 6.5/9: 72 %, dp 166, Rp 2577 < 2600.
    let e = event("FRA", &with_results(SIX_AND_A_HALF), 9);
    let r = run(&e, &NormSettings::default(), 9);
    assert_eq!(
        not_possible(status(&r, NormTitle::GM)),
        &[Shortfall::Performance {
            performance: 2577,
            required: 2600
        }]
    );
}

#[test]
fn nine_games_1_4_1a() {
    // Eight rounds, 7/8 against the first eight: still no norm, 9 games are needed.
    let mut opps = with_results(SEVEN);
    opps.pop();
    let e = event("FRA", &opps, 8);
    let r = run(&e, &NormSettings::default(), 8);
    assert!(
        not_possible(status(&r, NormTitle::GM)).contains(&Shortfall::Games {
            played: 8,
            required: 9
        })
    );
}

#[test]
fn eight_games_of_nine_after_a_forfeit_win_1_4_1c_and_forfeits_not_counted_1_4_2c() {
    // Round 9 is won by forfeit: 8 games, Σ = 21700 − 2300 = 19400, Ra = 2425; 6/8 = 75 %,
    // dp 193, Rp 2618; 3 GMs ≥ max(⌈8/3⌉, 3), 7 titled ≥ 4. The norm counts as 9 games.
    let opps = with_results(["1", "1", "1", "1", "1", "=", "=", "0", "+"]);
    let mut e = event("FRA", &opps[..8], 9);
    e.t.players.push(player(10, 2300, "FRA", None));
    for p in &mut e.t.players[1..9] {
        p.rounds.push(tournament::Entry::ZeroBye);
    }
    e.t.players[9].rounds = vec![tournament::Entry::ZeroBye; 8];
    e = e.round(&[(1, 10, "+")]);
    let r = run(&e, &NormSettings::default(), 9);
    let gm = achieved(status(&r, NormTitle::GM));
    assert!(gm.eight_of_nine);
    assert_eq!(gm.evaluation.games, 8);
    assert_eq!(
        (gm.evaluation.average, gm.evaluation.performance),
        (2425, 2618)
    );
    assert_eq!(gm.norm_games, 9);
    // Absent in round 9 instead (a zero-point bye): 8 games are not enough.
    let mut e = event("FRA", &opps[..8], 9);
    for p in &mut e.t.players {
        p.rounds.push(tournament::Entry::ZeroBye);
    }
    let r = run(&e, &NormSettings::default(), 9);
    assert!(
        not_possible(status(&r, NormTitle::GM)).contains(&Shortfall::Games {
            played: 8,
            required: 9
        })
    );
}

#[test]
fn later_games_ignored_once_the_norm_is_made_1_4_1e() {
    // 7/9 in rounds 1-9, then a loss to a 2300: over ten games Ra = 24000/10 = 2400 and
    // 7/10 = 70 %, dp 149, Rp 2549. In a Swiss the norm made after round 9 stands.
    let mut opps = with_results(SEVEN);
    opps.push((2300, "NED", None, "0"));
    let e = event("FRA", &opps, 10);
    let r = run(&e, &NormSettings::default(), 10);
    let gm = achieved(status(&r, NormTitle::GM));
    assert_eq!(gm.made_after_round, 9);
    assert_eq!(gm.rounds, (1..=9).collect::<Vec<_>>());
    // With predetermined pairings every round counts: no norm.
    let rr = NormSettings {
        predetermined: true,
        ..NormSettings::default()
    };
    let r = run(&e, &rr, 10);
    assert!(
        not_possible(status(&r, NormTitle::GM)).contains(&Shortfall::Performance {
            performance: 2549,
            required: 2600
        })
    );
}

#[test]
fn games_against_beaten_opponents_left_out_1_4_1f() {
    // Round 1: a win against an IM (2400, FRA). Rounds 2-10: the base field, GMs last,
    // 7/9. Ten games need ⌈10/3⌉ = 4 GMs (there are 3); rounds 1-9 hold 2 GMs. Leaving out
    // the round-1 win gives the base games alone: Ra 2411, 7/9, Rp 2631, a norm of 9 games
    // (other single wins could go too; the earliest is left out first).
    let order = [3, 4, 5, 6, 7, 8, 0, 1, 2];
    let results = ["1", "1", "1", "1", "=", "=", "1", "1", "0"];
    let mut opps: Vec<Opp> = vec![(2400, "FRA", Some(IM), "1")];
    for (i, res) in order.iter().zip(results) {
        let (r, f, t) = BASE[*i];
        opps.push((r, f, t, res));
    }
    let e = event("FRA", &opps, 10);
    let r = run(&e, &NormSettings::default(), 10);
    let gm = achieved(status(&r, NormTitle::GM));
    assert_eq!(gm.left_out, vec![1]);
    assert_eq!(gm.evaluation.performance, 2631);
}

#[test]
fn fid_is_not_a_federation_and_foreign_means_not_the_candidates_1_4_2a_1_4_3() {
    // FID opponents count as games but not as foreign: GER, FID ×4, FRA ×4 → one foreign
    // federation.
    let mut opps = with_results(SEVEN);
    for i in [1, 2, 3, 7] {
        opps[i].1 = "FID";
    }
    let e = event("FRA", &opps, 9);
    let r = run(&e, &NormSettings::default(), 9);
    assert_eq!(
        not_possible(status(&r, NormTitle::GM)),
        &[Shortfall::ForeignFederations {
            found: 1,
            required: 2
        }]
    );
    // Seven FID opponents do not break the 2/3 cap (FID is no federation): GER and NED are
    // two foreign federations, the norm holds.
    let mut opps = with_results(SEVEN);
    for (i, o) in opps.iter_mut().enumerate() {
        o.1 = match i {
            0 => "GER",
            7 => "NED",
            _ => "FID",
        };
    }
    let e = event("FRA", &opps, 9);
    achieved(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM));
    // A Spanish candidate in a French event, against FRA ×5 and GER ×4: both are foreign to
    // him (2026: foreign is another federation than the candidate's, not the host's).
    let mut opps = with_results(SEVEN);
    for (i, o) in opps.iter_mut().enumerate() {
        o.1 = if i < 5 { "FRA" } else { "GER" };
    }
    let e = event("ESP", &opps, 9);
    let settings = NormSettings {
        host_federation: Some("FRA".into()),
        ..NormSettings::default()
    };
    achieved(status(&run(&e, &settings, 9), NormTitle::GM));
}

#[test]
fn federation_caps_1_4_4() {
    // Six French opponents of nine: more than ⌊3 × 9 / 5⌋ = 5.
    let mut opps = with_results(SEVEN);
    opps[0].1 = "FRA";
    opps[7].1 = "FRA";
    let e = event("FRA", &opps, 9);
    let why = not_possible(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM)).to_vec();
    assert_eq!(why, vec![Shortfall::OwnFederation { count: 6, max: 5 }]);
    // Seven German opponents of nine: more than ⌊2 × 9 / 3⌋ = 6.
    let mut opps = with_results(SEVEN);
    for (i, o) in opps.iter_mut().enumerate() {
        o.1 = match i {
            7 => "NED",
            8 => "ESP",
            _ => "GER",
        };
    }
    let e = event("FRA", &opps, 9);
    let why = not_possible(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM)).to_vec();
    assert_eq!(
        why,
        vec![Shortfall::OneFederation {
            federation: "GER".into(),
            count: 7,
            max: 6
        }]
    );
}

/// Nine French opponents: 1.4.3 (no foreign federation) and 1.4.4 (9 > 5) both fail.
fn all_french() -> Vec<Opp> {
    let mut opps = with_results(SEVEN);
    for o in &mut opps {
        o.1 = "FRA";
    }
    opps
}

#[test]
fn national_team_championship_exemption_1_4_3b() {
    // A national team championship registered by the French federation: the French candidate's
    // nine French opponents are no bar (1.4.3 and 1.4.4 both waived), his 7/9 is a GM norm
    // (Ra 2411, Rp 2631 as in the base field).
    let teams = NormSettings {
        host_federation: Some("FRA".into()),
        exemption: Some(Exemption::NationalTeamChampionship),
        ..NormSettings::default()
    };
    let e = event("FRA", &all_french(), 9);
    let r = run(&e, &teams, 9);
    assert_eq!(r[0].exempt_under, Some("1.4.3b"));
    let gm = achieved(status(&r, NormTitle::GM));
    assert_eq!(
        (gm.evaluation.average, gm.evaluation.performance),
        (2411, 2631)
    );
    // "Only to players from the federation that registered the event": a Belgian playing in it
    // is held to 1.4.3 (one foreign federation) and 1.4.4 (nine of one federation > 6).
    let e = event("BEL", &all_french(), 9);
    let r = run(&e, &teams, 9);
    assert!(!r[0].exempt);
    assert_eq!(
        not_possible(status(&r, NormTitle::GM)),
        &[
            Shortfall::ForeignFederations {
                found: 1,
                required: 2
            },
            Shortfall::OneFederation {
                federation: "FRA".into(),
                count: 9,
                max: 6
            }
        ]
    );
    // Without the host federation said, nobody is exempt.
    let e = event("FRA", &all_french(), 9);
    let unhosted = NormSettings {
        host_federation: None,
        ..teams
    };
    assert!(!run(&e, &unhosted, 9)[0].exempt);
}

#[test]
fn national_championship_and_zonal_exemptions_1_4_3a_c() {
    let e = event("FRA", &all_french(), 9);
    let why = not_possible(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM)).to_vec();
    assert_eq!(
        why,
        vec![
            Shortfall::ForeignFederations {
                found: 0,
                required: 2
            },
            Shortfall::OwnFederation { count: 9, max: 5 }
        ]
    );
    let championship = NormSettings {
        host_federation: Some("FRA".into()),
        exemption: Some(Exemption::NationalChampionship),
        ..NormSettings::default()
    };
    let r = run(&e, &championship, 9);
    assert_eq!(r[0].exempt_under, Some("1.4.3a"));
    achieved(status(&r, NormTitle::GM));
    // The national exemption is for the host federation's players: a Belgian is not exempt
    // (against nine French opponents: one foreign federation, 9 > 6 of one federation).
    let e = event("BEL", &all_french(), 9);
    let r = run(&e, &championship, 9);
    assert!(!r[0].exempt);
    // A zonal exempts everyone.
    let zonal = NormSettings {
        exemption: Some(Exemption::Zonal),
        ..NormSettings::default()
    };
    let r = run(&e, &zonal, 9);
    assert_eq!(r[0].exempt_under, Some("1.4.3c"));
    achieved(status(&r, NormTitle::GM));
}

/// Player 1 and his nine French opponents (as [`all_french`]), and beside them `foreign`
/// rated players (GER, ESP, ITA in turn, numbered from 100) who play each other every round,
/// 100 against 101, 102 against 103 and so on, all draws; the first `titled` are IMs.
fn large_field(titled: usize, foreign: u32) -> tournament::Tournament {
    let mut e = event("FRA", &all_french(), 9);
    for i in 0..foreign {
        let fed = ["GER", "ESP", "ITA"][i as usize % 3];
        let title = ((i as usize) < titled).then_some(IM);
        let mut p = player(100 + i, 2300, fed, title);
        p.rounds = Vec::new();
        e.t.players.push(p);
    }
    let mut t = e.t;
    for round in 0..9 {
        for pair in 0..foreign / 2 {
            let (w, b) = (100 + 2 * pair, 101 + 2 * pair);
            for (me, them, color) in [
                (w, b, tournament::Color::White),
                (b, w, tournament::Color::Black),
            ] {
                let p = t.players.iter_mut().find(|p| p.id.0 == me).unwrap();
                p.rounds.push(tournament::Entry::Played {
                    opponent: tournament::PlayerId(them),
                    color,
                    result: tournament::GameResult::Draw,
                    rated: true,
                });
                assert_eq!(p.rounds.len(), round + 1);
            }
        }
    }
    t
}

fn large_swiss() -> NormSettings {
    NormSettings {
        host_federation: Some("FRA".into()),
        large_swiss: true,
        ..NormSettings::default()
    }
}

#[test]
fn large_swiss_exemption_1_4_3d() {
    // 20 foreign rated players of 3 federations, 10 of them IMs, in every round: player 1 is
    // exempt and his 7/9 against nine French opponents is a GM norm.
    let settings = large_swiss();
    let t = large_field(10, 20);
    let r = norms(&t, &settings, &RatingHistory::default(), 9);
    assert_eq!(r[0].exempt_under, Some("1.4.3d"));
    achieved(status(&r, NormTitle::GM));
    // Nine titled among them: no exemption, and 1.4.3-1.4.4 fail as above.
    let t = large_field(9, 20);
    let r = norms(&t, &settings, &RatingHistory::default(), 9);
    assert!(!r[0].exempt);
    assert!(matches!(
        status(&r, NormTitle::GM),
        NormStatus::NotPossible(_)
    ));
    // A player who missed two rounds does not count: with ten titled, one of them absent
    // twice, nine count.
    let mut t = large_field(10, 20);
    let absent = t.players.iter_mut().find(|p| p.id.0 == 100).unwrap();
    absent.rounds[0] = tournament::Entry::ZeroBye;
    absent.rounds[1] = tournament::Entry::HalfBye;
    let r = norms(&t, &settings, &RatingHistory::default(), 9);
    assert!(!r[0].exempt);
    // The exemption is a Swiss's: with predetermined pairings it is not looked for.
    let t = large_field(10, 20);
    let rr = NormSettings {
        predetermined: true,
        ..large_swiss()
    };
    assert!(!norms(&t, &rr, &RatingHistory::default(), 9)[0].exempt);
}

#[test]
fn large_swiss_exemption_counted_round_by_round_1_4_3d() {
    // "In every round at least 20": players 118 and 119 (ESP and ITA, untitled) both miss
    // round 3 (their game not played, a zero-point bye each). Each missed one round, so both
    // count (at most one missed), and counted once over the event there would still be 20;
    // but round 3 had 18 of them: no exemption.
    let settings = large_swiss();
    let mut t = large_field(10, 20);
    for id in [118, 119] {
        let p = t.players.iter_mut().find(|p| p.id.0 == id).unwrap();
        p.rounds[2] = tournament::Entry::ZeroBye;
    }
    let r = norms(&t, &settings, &RatingHistory::default(), 9);
    assert!(!r[0].exempt);
    // Through round 2 the first two rounds had their 20: exempt then.
    let r = norms(&t, &settings, &RatingHistory::default(), 2);
    assert!(r[0].exempt);
    // Two more foreign players (120 GER, 121 ESP) playing every round: 20 in round 3 too.
    let mut t = large_field(10, 22);
    for id in [118, 119] {
        let p = t.players.iter_mut().find(|p| p.id.0 == id).unwrap();
        p.rounds[2] = tournament::Entry::ZeroBye;
    }
    let r = norms(&t, &settings, &RatingHistory::default(), 9);
    assert!(r[0].exempt);
    achieved(status(&r, NormTitle::GM));
    // A pairing-allocated bye is no missed round and its round counts the player present:
    // 118 and 119 with the bye in round 3 instead (as if each had been the odd one out), 20.
    let mut t = large_field(10, 20);
    for id in [118, 119] {
        let p = t.players.iter_mut().find(|p| p.id.0 == id).unwrap();
        p.rounds[2] = tournament::Entry::PairingBye;
    }
    assert!(norms(&t, &settings, &RatingHistory::default(), 9)[0].exempt);
    // Titles as they were in each round (1.1.4): IM 100 is shown untitled on the list of the
    // start and an IM from round 5 only; rounds 1-4 had nine IMs: no exemption.
    let mut t = large_field(10, 20);
    t.players.iter_mut().find(|p| p.id.0 == 100).unwrap().title = None;
    let mut h = RatingHistory::default();
    h.add_period(
        5,
        [(
            tournament::PlayerId(100),
            rating::Standing {
                rating: Some(2300),
                title: Some(IM),
            },
        )],
    )
    .unwrap();
    assert!(!norms(&t, &settings, &h, 9)[0].exempt);
}

#[test]
fn titled_opponents_1_4_5() {
    // One FM a CM and the other untitled: titleholders 3 GM + 2 IM + 0 = 5 ≥ ⌈9/2⌉ = 5 …
    let mut opps = with_results(SEVEN);
    opps[5].2 = Some(CM);
    opps[6].2 = None;
    let e = event("FRA", &opps, 9);
    achieved(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM));
    // … and one IM fewer: 4 < 5 (a CM is no titleholder).
    opps[4].2 = Some(CM);
    let e = event("FRA", &opps, 9);
    assert_eq!(
        not_possible(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM)),
        &[Shortfall::Titleholders {
            count: 4,
            required: 5
        }]
    );
    // Two GMs: the GM norm needs 3; the IM norm counts GMs and IMs (4 ≥ 3).
    let mut opps = with_results(SEVEN);
    opps[2].2 = Some(IM);
    let e = event("FRA", &opps, 9);
    let r = run(&e, &NormSettings::default(), 9);
    assert_eq!(
        not_possible(status(&r, NormTitle::GM)),
        &[Shortfall::NormTitles {
            count: 2,
            required: 3
        }]
    );
    achieved(status(&r, NormTitle::IM));
}

#[test]
fn one_opponent_raised_to_the_floor_1_4_6_and_the_average_1_4_7_1_4_8a() {
    // The last opponent at 2000 is raised to the GM floor 2200: Σ = 21600, Ra = 2400.
    let mut opps = with_results(SEVEN);
    opps[8].0 = 2000;
    let e = event("FRA", &opps, 9);
    let r = run(&e, &NormSettings::default(), 9);
    let gm = achieved(status(&r, NormTitle::GM));
    assert_eq!(gm.evaluation.average, 2400);
    assert_eq!(gm.evaluation.raised, Some(tournament::PlayerId(10)));
    // A second one at 2100 stays: Σ = 21400, Ra = 2377.78 → 2378 < 2380.
    opps[7].0 = 2100;
    let e = event("FRA", &opps, 9);
    let why = not_possible(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM)).to_vec();
    // (and Rp = 2378 + 220 = 2598 < 2600).
    assert_eq!(
        why,
        vec![
            Shortfall::Average {
                average: 2378,
                required: 2380
            },
            Shortfall::Performance {
                performance: 2598,
                required: 2600
            }
        ]
    );
    // An unrated opponent counts 1400 and, the lowest, is the one raised: the same 2400.
    let mut opps = with_results(SEVEN);
    opps[8].0 = 0;
    let e = event("FRA", &opps, 9);
    let r = run(&e, &NormSettings::default(), 9);
    assert_eq!(achieved(status(&r, NormTitle::GM)).evaluation.average, 2400);
}

#[test]
fn at_least_35_percent_1_4_8b() {
    // Nine GMs rated 2800 of three federations: 3/9 = 33 %, dp -125, Rp 2675 ≥ 2600, but
    // below 35 %.
    let opps: Vec<Opp> = (0..9)
        .map(|i| {
            let fed = ["GER", "ESP", "ITA"][i % 3];
            let res = if i < 3 { "1" } else { "0" };
            (2800, fed, Some(GM), res)
        })
        .collect();
    let e = event("FRA", &opps, 9);
    assert_eq!(
        not_possible(status(&run(&e, &NormSettings::default(), 9), NormTitle::GM)),
        &[Shortfall::Score { percent: 33 }]
    );
    // 3.5/9 = 38.9 % → 39 %, dp -80: Rp 2720.
    let mut opps = opps;
    opps[3].3 = "=";
    let e = event("FRA", &opps, 9);
    let r = run(&e, &NormSettings::default(), 9);
    assert_eq!(
        achieved(status(&r, NormTitle::GM)).evaluation.performance,
        2720
    );
}

#[test]
fn thirteen_games_at_most_1_7() {
    // Fourteen GMs rated 2500 of GER, ESP, ITA; 11/14 = 78.57 % → 79 %, dp 230, Rp 2730.
    // Over 14 games the norm would count 14 + extra games: it counts 13.
    let opps: Vec<Opp> = (0..14)
        .map(|i| {
            let fed = ["GER", "ESP", "ITA"][i % 3];
            let res = if i < 11 { "1" } else { "0" };
            (2500, fed, Some(GM), res)
        })
        .collect();
    let e = event("FRA", &opps, 14);
    let r = run(&e, &NormSettings::default(), 14);
    assert_eq!(achieved(status(&r, NormTitle::GM)).norm_games, 13);
}

#[test]
fn norm_in_reach_before_the_last_rounds() {
    // After six rounds of nine, 6/6 against the first six (Σ = 14750, Ra = 2458.33 → 2458).
    // Over nine games on that average the GM norm needs dp ≥ 142: 6/9 (67 %, 125) is short,
    // 6.5/9 (72 %, 166) is enough; half a point in the last 3 rounds.
    let e = event("FRA", &with_results(SEVEN)[..6], 9);
    let r = run(&e, &NormSettings::default(), 6);
    match status(&r, NormTitle::GM) {
        NormStatus::InReach {
            rounds_left,
            halves_needed,
            on_average,
            future_average,
            ..
        } => {
            assert_eq!(
                (*rounds_left, *halves_needed, *on_average, *future_average),
                (3, 1, 2458, None)
            );
        }
        other => panic!("expected a norm in reach, found {other:?}"),
    }
    // Six French opponents in six rounds: more than ⌊3 × 9 / 5⌋ = 5 whatever follows.
    let mut opps = all_french();
    opps.truncate(6);
    let e = event("FRA", &opps, 9);
    let r = run(&e, &NormSettings::default(), 6);
    assert!(not_possible(status(&r, NormTitle::GM))
        .contains(&Shortfall::OwnFederation { count: 6, max: 5 }));
}

#[test]
fn womens_norms_for_women_and_titles_already_held() {
    let mut e = event("FRA", &with_results(SEVEN), 9);
    e.t.players[0].sex = Some(Sex::Female);
    e.t.players[0].title = Some(WIM);
    let r = run(&e, &NormSettings::default(), 9);
    // A WIM looks for GM, IM and WGM norms, not WIM.
    let titles: Vec<NormTitle> = r[0].norms.iter().map(|(n, _)| *n).collect();
    assert_eq!(titles, vec![NormTitle::GM, NormTitle::IM, NormTitle::WGM]);
    // WGM: Ra 2411 ≥ 2180, Rp 2631 ≥ 2400, 3 GMs + 2 IMs count.
    achieved(status(&r, NormTitle::WGM));
}

#[test]
fn round_robin_unrated_opponent_who_scored_nothing_against_rated_players_1_4_2b() {
    // A 10-round round robin: the base field with 7/9, and in round 10 a win against an
    // unrated player who lost every game against rated players: that game does not count, the
    // norm is the base games' (Ra 2411, Rp 2631).
    let mut opps = with_results(SEVEN);
    opps.push((0, "NED", None, "1"));
    let e = event("FRA", &opps, 10);
    let rr = NormSettings {
        predetermined: true,
        ..NormSettings::default()
    };
    let r = run(&e, &rr, 10);
    let gm = achieved(status(&r, NormTitle::GM));
    assert_eq!(gm.evaluation.games, 9);
    assert_eq!(gm.evaluation.performance, 2631);
    // Had he drawn, he scored against a rated player: ten games, 3 GMs < ⌈10/3⌉ = 4.
    let mut opps = with_results(SEVEN);
    opps.push((0, "NED", None, "="));
    let e = event("FRA", &opps, 10);
    let why = not_possible(status(&run(&e, &rr, 10), NormTitle::GM)).to_vec();
    assert!(why.contains(&Shortfall::NormTitles {
        count: 3,
        required: 4
    }));
}

#[test]
fn opponents_titles_and_ratings_when_the_game_was_played_1_1_4() {
    // The Italian (player 4) is an IM rated 2450 on the list of the start and a GM rated 2480
    // from round 5; player 1 met him in round 3, as an IM: two GMs, no GM norm.
    let mut opps = with_results(SEVEN);
    opps[2].2 = Some(IM);
    let e = event("FRA", &opps, 9);
    let mut h = RatingHistory::default();
    h.add_period(
        5,
        [(
            tournament::PlayerId(4),
            rating::Standing {
                rating: Some(2480),
                title: Some(GM),
            },
        )],
    )
    .unwrap();
    let r = norms(&e.t, &NormSettings::default(), &h, 9);
    assert!(
        not_possible(status(&r, NormTitle::GM)).contains(&Shortfall::NormTitles {
            count: 2,
            required: 3
        })
    );
    // Met in round 5 instead (swap rounds 3 and 5): a GM rated 2480 then. Σ = 21730,
    // Ra = 2414.44 → 2414, Rp 2634.
    let mut swapped = opps.clone();
    swapped.swap(2, 4);
    let e = event("FRA", &swapped, 9);
    let mut h = RatingHistory::default();
    h.add_period(
        5,
        [(
            tournament::PlayerId(6),
            rating::Standing {
                rating: Some(2480),
                title: Some(GM),
            },
        )],
    )
    .unwrap();
    let r = norms(&e.t, &NormSettings::default(), &h, 9);
    let gm = achieved(status(&r, NormTitle::GM));
    assert_eq!(
        (gm.evaluation.average, gm.evaluation.performance),
        (2414, 2634)
    );
}
