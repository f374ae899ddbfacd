//! The norms report's JSON, field by field: the command line and the server print this one
//! view, so its names are the API.

use rating::norms_report::NormsReport;
use rating::{Achieved, Evaluation, Exemption, NormStatus, NormTitle, PlayerNorms, Shortfall};
use serde_json::json;
use tournament::{PlayerId, Title, Tournament};

use crate::support::player;

fn evaluation(games: u32, halves: u32) -> Evaluation {
    Evaluation {
        games,
        halves,
        average: 2411,
        raised: Some(PlayerId(7)),
        performance: 2631,
        shortfalls: vec![],
    }
}

#[test]
fn every_verdict_and_reason_has_its_fields() {
    let t = Tournament {
        players: vec![
            player(1, 2350, "FRA", None),
            player(2, 2600, "GER", Some(Title::GM)),
        ],
        ..Tournament::default()
    };
    let achieved = NormStatus::Achieved(Achieved {
        evaluation: evaluation(9, 13),
        rounds: vec![1, 2, 3, 4, 5, 6, 7, 8, 9],
        left_out: vec![],
        made_after_round: 9,
        eight_of_nine: false,
        extra_games: 0,
        norm_games: 9,
    });
    let in_reach = NormStatus::InReach {
        rounds_left: 2,
        halves_needed: 2,
        on_average: 2468,
        future_average: None,
        now: evaluation(8, 8),
    };
    let why = NormStatus::NotPossible(vec![
        Shortfall::Games {
            played: 7,
            required: 9,
        },
        Shortfall::ForeignFederations {
            found: 1,
            required: 2,
        },
        Shortfall::OwnFederation { count: 6, max: 5 },
        Shortfall::OneFederation {
            federation: "GER".into(),
            count: 7,
            max: 6,
        },
        Shortfall::Titleholders {
            count: 4,
            required: 5,
        },
        Shortfall::NormTitles {
            count: 2,
            required: 3,
        },
        Shortfall::Average {
            average: 2350,
            required: 2380,
        },
        Shortfall::Performance {
            performance: 2540,
            required: 2600,
        },
        Shortfall::Score { percent: 30 },
    ]);
    let norms = [
        PlayerNorms {
            player: PlayerId(1),
            exempt: true,
            exempt_under: Some("1.4.3c"),
            norms: vec![
                (NormTitle::GM, why),
                (NormTitle::IM, achieved),
                (NormTitle::WGM, in_reach),
            ],
        },
        PlayerNorms {
            player: PlayerId(2),
            exempt: true,
            exempt_under: Some("1.4.3c"),
            norms: vec![],
        },
    ];
    let report = NormsReport::new(&t, &norms, 8, 10, Some(Exemption::Zonal));
    let got = serde_json::to_value(&report).unwrap();
    let want = json!({
        "round": 8, "rounds": 10, "exemption": "zonal",
        "players": [
            {"number": 1, "name": "Player 1", "federation": "FRA", "title": null,
             "exemption": "1.4.3c", "norms": [
                {"norm": "GM", "status": "not_possible", "reasons": [
                    {"reason": "games", "article": "1.4.1", "count": 7, "required": 9},
                    {"reason": "foreign_federations", "article": "1.4.3", "count": 1, "required": 2},
                    {"reason": "own_federation", "article": "1.4.4", "count": 6, "max": 5},
                    {"reason": "one_federation", "article": "1.4.4", "federation": "GER",
                     "count": 7, "max": 6},
                    {"reason": "titleholders", "article": "1.4.5a", "count": 4, "required": 5},
                    {"reason": "norm_titles", "article": "1.4.5", "count": 2, "required": 3},
                    {"reason": "average", "article": "1.4.8a", "average": 2350, "required": 2380},
                    {"reason": "performance", "article": "1.4.8", "performance": 2540,
                     "required": 2600},
                    {"reason": "score", "article": "1.4.8b", "percent": 30, "required": 35},
                ]},
                {"norm": "IM", "status": "achieved", "games": 9, "points": 6.5,
                 "average": 2411, "performance": 2631, "raised": 7,
                 "rounds": [1, 2, 3, 4, 5, 6, 7, 8, 9], "left_out": [], "made_after_round": 9,
                 "eight_of_nine": false, "extra_games": 0, "norm_games": 9},
                {"norm": "WGM", "status": "in_reach", "games": 8, "points": 4.0,
                 "rounds_left": 2, "points_needed": 1.0, "on_average": 2468,
                 "future_average": null},
            ]},
            {"number": 2, "name": "Player 2", "federation": "GER", "title": "GM",
             "exemption": "1.4.3c", "norms": []},
        ]
    });
    assert_eq!(got, want);
    // Without an exemption the event says `none`, as the server's settings do.
    let report = NormsReport::new(&t, &norms, 8, 10, None);
    assert_eq!(report.exemption, "none");
}
