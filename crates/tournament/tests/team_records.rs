//! Team competitions in TRF-2026 (trf.md §8): the team records `320`, `330`, `352`, `362`,
//! the participants of `240`/`250`/`260` read as teams, the `310` number as Sharly Chess writes
//! it, and the matches that follow from the members' games.

use tournament::team::{team_histories, TeamEntry, TeamError};
use tournament::trf::{self, Format};
use tournament::{Color, MatchPointScale, PlayerId, Points, TeamForfeitResult};

fn fixture() -> tournament::Tournament {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/team26.trf"
    );
    trf::read(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn pts(s: &str) -> Points {
    s.parse().unwrap()
}

#[test]
fn the_team_records_mean_what_they_say() {
    let t = fixture();
    assert!(t.is_team_event());
    assert_eq!(t.team_numbers(), vec![1, 2, 3, 4, 5]);
    let r = &t.team_records;
    assert_eq!(r.board_colors, Some(vec![Color::White, Color::Black]));
    assert_eq!(r.match_points, Some(MatchPointScale::default()));
    let pab = r.pab.as_ref().unwrap();
    assert_eq!(
        (pab.match_points, pab.game_points),
        (Some(Points::ONE), Some(Points::ONE))
    );
    assert_eq!(pab.receivers, vec![Some(5), Some(4)]);
    assert_eq!(r.forfeits.len(), 1);
    assert_eq!(
        (
            r.forfeits[0].round,
            r.forfeits[0].white,
            r.forfeits[0].black
        ),
        (1, 3, 4)
    );
    assert_eq!(r.forfeits[0].result, TeamForfeitResult::WhiteWins);
    // 240, 260 and 250 name teams in a team file.
    assert_eq!(t.announced_byes[0].players, vec![PlayerId(4)]);
    assert_eq!(t.forbidden[0].players, vec![PlayerId(1), PlayerId(2)]);
    assert_eq!(t.accelerations[0].match_points, Some(pts("2.0")));
    assert_eq!(t.accelerations[0].points, Points::ZERO);
}

#[test]
fn matches_follow_from_the_members_games() {
    let t = fixture();
    let h = team_histories(&t).unwrap();
    let round = |team: usize, r: usize| h[team].rounds[r];
    // Round 1: team 1 beat team 2 1½-½ with White on board 1.
    assert_eq!(
        round(0, 0).entry,
        TeamEntry::Match {
            opponent: Some(2),
            played: true,
            color: Some(Color::White)
        }
    );
    assert_eq!(
        (round(0, 0).game_points, round(0, 0).match_points),
        (pts("1.5"), pts("2.0"))
    );
    assert_eq!(round(1, 0).match_points, Points::ZERO);
    // Team 3 won the whole match by forfeit (330): no colour, not played.
    assert_eq!(
        round(2, 0).entry,
        TeamEntry::Match {
            opponent: Some(4),
            played: false,
            color: None
        }
    );
    assert_eq!(round(2, 0).match_points, pts("2.0"));
    assert_eq!(round(3, 0).match_points, Points::ZERO);
    // Team 5's bye is worth the 320 values, whatever its members' `U` entries say.
    assert_eq!(round(4, 0).entry, TeamEntry::PairingBye);
    assert_eq!(
        (round(4, 0).game_points, round(4, 0).match_points),
        (Points::ONE, Points::ONE)
    );
    // Round 2: team 1 drew team 3 1-1 with Black on board 1.
    assert_eq!(
        round(0, 1).entry,
        TeamEntry::Match {
            opponent: Some(3),
            played: true,
            color: Some(Color::Black)
        }
    );
    assert_eq!(round(0, 1).match_points, Points::ONE);
    assert_eq!(h[0].match_points(), pts("3.0"));
    assert_eq!(h[0].game_points(), pts("2.5"));
}

#[test]
fn the_bye_defaults_to_a_drawn_match() {
    let mut t = fixture();
    t.team_records.pab = None;
    let h = team_histories(&t).unwrap();
    // Two boards (352): a drawn match is 1 game point and 1 match point (C.04.6 1.4).
    assert_eq!(h[4].rounds[0].entry, TeamEntry::PairingBye);
    assert_eq!(h[4].rounds[0].game_points, Points::ONE);
    assert_eq!(h[4].rounds[0].match_points, Points::ONE);
}

#[test]
fn our_layout_reads_back_the_same() {
    let t = fixture();
    let written = trf::write(&t, Format::Trf26);
    assert!(written.contains("\n310   1 Team 1 "), "{written}");
    assert!(
        written.contains(
            "\n352 WB\n362 TW 2.0   TD 1.0   TL 0.0\n320  1.0  1.0 005 004\n330 +-   1   3   4\n"
        ),
        "{written}"
    );
    assert_eq!(trf::read(&written).unwrap(), t);
}

#[test]
fn a_program_built_model_with_mixed_opponents_is_refused() {
    let mut t = fixture();
    // Member 2 of team 1 now faces team 5's member in round 1, board 1 faces team 2.
    t.players[1].rounds[0] = tournament::Entry::Played {
        opponent: PlayerId(9),
        color: Color::Black,
        result: tournament::GameResult::Draw,
        rated: true,
    };
    let e = team_histories(&t).unwrap_err();
    assert!(
        matches!(
            e,
            TeamError::MixedOpponents {
                team: 1,
                round: 1,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn rosters_alone_do_not_make_a_team_competition() {
    // An individual open listing club teams for team prizes: players of a team may meet.
    let text = "\
001    1      A                                 2000                             1.0    1     2 w 1
001    2      B                                 2000                             0.0    2     1 b 0
013 Club                               1    2
240 H 002 0001
";
    let t = trf::read(text).unwrap();
    assert!(!t.is_team_event());
}

/// TRF-2026 `299` in a team competition: the participants are teams, a typed record gives the
/// result it names other match points and game points, a blank one adds to the team's score.
/// On the fixture, worked by hand: team 1's won match of round 1 is worth 3 match points (its
/// 1½ game points stay), every drawn match 1½ game points (round 2: teams 1-3 and 2-5, 1-1 on
/// the boards), and team 2 loses a match point and half a game point in round 2. Team 1: 3 + 1
/// MP, 1.5 + 1.5 GP; team 2: 0 + 1 − 1 MP, 0.5 + 1.5 − 0.5 GP; team 3: its forfeit win (2 MP,
/// 2 GP) and the draw (1 MP, 1.5 GP).
#[test]
fn abnormal_points_apply_to_teams() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/team26.trf"
    );
    let text = std::fs::read_to_string(path).unwrap()
        + "299 W   3.0        001 0001\n\
           299 D         1.5  000\n\
           299    -1.0  -0.5  002 0002\n";
    let t = trf::read(&text).unwrap();
    assert_eq!(t.abnormal_points.len(), 3);
    let h = team_histories(&t).unwrap();
    let totals = |k: usize| {
        (
            h[k].match_points().to_string(),
            h[k].game_points().to_string(),
        )
    };
    assert_eq!(totals(0), ("4.0".into(), "3.0".into()));
    assert_eq!(totals(1), ("0.0".into(), "1.5".into()));
    assert_eq!(totals(2), ("3.0".into(), "3.5".into()));
    // The round keeps the match; the penalty is apart from it.
    let r = h[1].rounds[1];
    assert_eq!((r.match_points, r.game_points), (Points::ONE, pts("1.5")));
    assert_eq!(
        (r.bonus_match_points, r.bonus_game_points),
        (pts("-1.0"), pts("-0.5"))
    );
    assert_eq!(h[0].rounds[0].result, Some(tournament::AbnormalKind::Win));
    assert_eq!(
        h[2].rounds[0].result,
        Some(tournament::AbnormalKind::ForfeitWin)
    );
    // Written back as read.
    for format in [Format::Trf16, Format::Trf26] {
        let back = trf::read(&trf::write(&t, format)).unwrap();
        assert_eq!(back.abnormal_points, t.abnormal_points);
    }
    // A team number that names no team is refused at its column.
    let e = trf::read(&(text + "299 W   3.0        001 0009\n")).unwrap_err();
    assert_eq!(e.0[0].line, 30);
    assert_eq!(e.0[0].column, 24);
    assert_eq!(e.0[0].found, "9, which no team has");
}
