//! Simultaneous pairs: three clubs' small fields ranked together, worked by hand.

use bridge::score::Field;
use bridge::simultaneous::{check_same_deals, combine, Club, CombinedStanding, Mismatch};
use bridge::{FieldKind, Options, Ratio, Seat};

const HEAD: &str = "board,ns,ew,contract,declarer,result\n";

fn club(name: &str, lines: &str) -> Club {
    let file = format!("{name}.csv");
    let session = bridge::csv::read(&format!("{HEAD}{lines}"), &file).unwrap();
    Club::new(name, &file, session)
}

/// Two boards, two tables a club (NS 1–2, EW 3–4); club C's second table did not play board 2.
///
/// Board 1 (none vulnerable), NS scores: A1 420, A2 450, B1 −50, B2 170, C1 420, C2 100.
/// Six results, top 10: −50 → 0, 100 → 2, 170 → 4, 420 → 7 (beats three, ties one), 450 → 10.
/// EW get 10 minus their opponents' points.
///
/// Board 2 (NS vulnerable), NS scores: A1 600, A2 −100, B1 630, B2 660, C1 600. Five results
/// where board 1 had six: matchpoints among five (top 8) −100 → 0, 600 → 3, 630 → 6, 660 → 8,
/// then Neuberg to six, (mp + 1)·6/5 − 1: 0 → 1/5, 3 → 19/5, 6 → 37/5, 8 → 49/5 (top 10).
/// EW scores −600 (A4, C4), +100 (A3), −630 (B4), −660 (B3): 0 → B3, 2 → B4, 5 → A4 and C4,
/// 8 → A3, so after Neuberg B3 1/5, B4 13/5, A4 and C4 31/5, A3 49/5.
///
/// Totals over a top of 20 (10 for C2 and C3, who played board 1 only):
/// NS A1 7 + 19/5 = 54 %, A2 10 + 1/5 = 51 %, B1 0 + 37/5 = 37 %, B2 4 + 49/5 = 69 %,
/// C1 7 + 19/5 = 54 %, C2 2/10 = 20 %; EW A3 3 + 49/5 = 64 %, A4 0 + 31/5 = 31 %,
/// B3 10 + 1/5 = 51 %, B4 6 + 13/5 = 43 %, C3 3/10 = 30 %, C4 8 + 31/5 = 71 %.
fn three_clubs() -> Vec<Club> {
    vec![
        club(
            "A",
            "1,1,3,4S,N,=\n1,2,4,4S,N,+1\n2,1,4,3NT,S,=\n2,2,3,3NT,S,-1\n",
        ),
        club(
            "B",
            "1,1,3,4S,N,-1\n1,2,4,2S,N,+2\n2,1,4,3NT,S,+1\n2,2,3,3NT,S,+2\n",
        ),
        club("C", "1,1,3,4S,N,=\n1,2,4,4H,E,-2\n2,1,4,3NT,S,=\n"),
    ]
}

/// (field, club, pair, percent to 2 decimals, place, tied, local place, local percent).
type Row = (Field, usize, u32, String, u32, bool, u32, String);

fn rows(ranking: &[CombinedStanding]) -> Vec<Row> {
    ranking
        .iter()
        .map(|s| {
            let local = s.local.as_ref().unwrap();
            (
                s.field,
                s.club,
                s.pair,
                s.percent.unwrap().to_fixed(2),
                s.rank,
                s.tied,
                local.rank,
                local.percent.unwrap().to_fixed(2),
            )
        })
        .collect()
}

/// `row(field, club, pair, (percent, place, tied), (local place, local percent))`.
fn row(f: Field, club: usize, pair: u32, whole: (&str, u32, bool), local: (u32, &str)) -> Row {
    let (pct, rank, tied) = whole;
    (
        f,
        club,
        pair,
        pct.to_string(),
        rank,
        tied,
        local.0,
        local.1.to_string(),
    )
}

#[test]
fn three_clubs_ranked_over_the_whole_field_worked_by_hand() {
    let combined = combine(&three_clubs(), &Options::default());
    assert_eq!(combined.field, FieldKind::Two);
    // Board 2 over the field: Neuberg from five results to six, top 10.
    let b2 = &combined.boards[1];
    assert_eq!(
        (b2.number, b2.expected, b2.top),
        (2, 6, Ratio::from_int(10))
    );
    let ns: Vec<Ratio> = b2.lines.iter().map(|l| l.ns.unwrap()).collect();
    let r = |n| Ratio::new(n, 5);
    assert_eq!(ns, [r(19), r(1), r(37), r(49), r(19)]);
    assert_eq!(combined.line_clubs[1], [0, 0, 1, 1, 2]);
    // Local places, each club scored alone: A's NS pairs 2 + 0 and 0 + 2 of 4 (50 % each,
    // shared first), A3 won both boards; B1 lost both; B's EW pairs one each; C1 and C4
    // 2 + 1 of 4 (board 2 played once, Neuberg to two: 1 of 2), 75 %.
    use Field::{EastWest as EW, NorthSouth as NS};
    assert_eq!(
        rows(&combined.ranking),
        [
            row(NS, 1, 2, ("69.00", 1, false), (1, "100.00")),
            row(NS, 0, 1, ("54.00", 2, true), (1, "50.00")),
            row(NS, 2, 1, ("54.00", 2, true), (1, "75.00")),
            row(NS, 0, 2, ("51.00", 4, false), (1, "50.00")),
            row(NS, 1, 1, ("37.00", 5, false), (2, "0.00")),
            row(NS, 2, 2, ("20.00", 6, false), (2, "0.00")),
            row(EW, 2, 4, ("71.00", 1, false), (1, "75.00")),
            row(EW, 0, 3, ("64.00", 2, false), (1, "100.00")),
            row(EW, 1, 3, ("51.00", 3, false), (1, "50.00")),
            row(EW, 1, 4, ("43.00", 4, false), (1, "50.00")),
            row(EW, 0, 4, ("31.00", 5, false), (2, "0.00")),
            row(EW, 2, 3, ("30.00", 6, false), (2, "0.00")),
        ]
    );
    let a1 = &combined.ranking[1];
    assert_eq!(
        (a1.total, a1.top, a1.boards),
        (Ratio::new(54, 5), Ratio::from_int(20), 2)
    );
}

#[test]
fn one_field_ranks_every_pair_in_one_list() {
    // The host scores one field: one list by percentage over the whole field; club A's own
    // ranking is one field too (A3 100 %, A1 and A2 50 %, A4 0 %).
    let opts = Options {
        field: Some(FieldKind::One),
        ..Options::default()
    };
    let combined = combine(&three_clubs(), &opts);
    assert_eq!(combined.field, FieldKind::One);
    let all = Field::All;
    assert_eq!(
        rows(&combined.ranking),
        [
            row(all, 2, 4, ("71.00", 1, false), (1, "75.00")),
            row(all, 1, 2, ("69.00", 2, false), (1, "100.00")),
            row(all, 0, 3, ("64.00", 3, false), (1, "100.00")),
            row(all, 0, 1, ("54.00", 4, true), (2, "50.00")),
            row(all, 2, 1, ("54.00", 4, true), (1, "75.00")),
            row(all, 0, 2, ("51.00", 6, true), (2, "50.00")),
            row(all, 1, 3, ("51.00", 6, true), (1, "50.00")),
            row(all, 1, 4, ("43.00", 8, false), (1, "50.00")),
            row(all, 1, 1, ("37.00", 9, false), (2, "0.00")),
            row(all, 0, 4, ("31.00", 10, false), (4, "0.00")),
            row(all, 2, 3, ("30.00", 11, false), (2, "0.00")),
            row(all, 2, 2, ("20.00", 12, false), (2, "0.00")),
        ]
    );
}

const DEAL_1: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
const DEAL_1_SWAPPED: &str =
    "N:AKQT.T98.765.432 J98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";

#[test]
fn other_clubs_deals_are_checked_against_the_hand_record() {
    let mut host = three_clubs().remove(0).session;
    host.boards[0].deal = Some(DEAL_1.to_string());
    let mut other = three_clubs().remove(1).session;
    // Same hands written from East: the same deal.
    other.boards[0].deal =
        Some("E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432".to_string());
    assert_eq!(check_same_deals(&host, &other, "b.pbn"), Ok(vec![2]));
    other.boards[0].deal = Some(DEAL_1_SWAPPED.to_string());
    let err = check_same_deals(&host, &other, "b.pbn").unwrap_err();
    assert_eq!(
        err,
        Mismatch::Hand {
            file: "b.pbn".into(),
            board: 1,
            seat: Seat::North,
            expected: "AKQJ.T98.765.432".into(),
            found: "AKQT.T98.765.432".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "b.pbn: board 1: N holds AKQT.T98.765.432 in the file, AKQJ.T98.765.432 in the session's \
         hand record"
    );
    let extra = club("D", "3,1,3,4S,N,=\n");
    assert_eq!(
        check_same_deals(&host, &extra.session, "d.csv")
            .unwrap_err()
            .to_string(),
        "d.csv: board 3 is not one of the session's boards"
    );
    let mut moved = three_clubs().remove(2).session;
    moved.boards[1].dealer = Seat::South;
    assert!(matches!(
        check_same_deals(&host, &moved, "c.xml"),
        Err(Mismatch::Dealer {
            board: 2,
            expected: Seat::East,
            found: Seat::South,
            ..
        })
    ));
}

fn read(file: &str) -> Club {
    let path = format!(
        "{}/tests/data/simultaneous/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let session = bridge::read_session(&text, file).unwrap();
    Club::new(file, file, session)
}

/// Three clubs' evenings written by arbiter itself (`tests/data/simultaneous`, made as the
/// README says): club A's PBN is the host, B sent USEBIO, C PBN; all three carry the same hand
/// record. North-South over the whole field, worked by hand from the files' travellers (six
/// results a board, top 10):
/// board 1 NS scores A1 −70, A2 170, B1 130, B2 170, C1 −50, C2 −100 → 2, 9, 6, 9, 4, 0;
/// board 2 A1 −510, A2 150, B1 100, B2 100, C1 −70, C2 −110 → 0, 10, 7, 7, 4, 2;
/// board 3 A1 −680, A2 −680, B1 300, B2 200, C1 200, C2 −110 → 1, 1, 10, 7, 7, 4;
/// board 4 A1 100, A2 200, B1 −100, B2 150, C1 100, C2 −1270 → 5, 10, 2, 8, 5, 0;
/// totals of 40: A1 8 (20 %), A2 30 (75 %), B1 25 (62.5 %), B2 31 (77.5 %), C1 20 (50 %),
/// C2 6 (15 %). Local places as each club's own ranking prints them.
#[test]
fn usebio_and_pbn_files_of_other_clubs_ranked_with_the_host() {
    let clubs = [read("club_a.pbn"), read("club_b.xml"), read("club_c.pbn")];
    for other in &clubs[1..] {
        assert_eq!(
            check_same_deals(&clubs[0].session, &other.session, &other.source),
            Ok(vec![])
        );
    }
    let combined = combine(&clubs, &Options::default());
    assert!(combined.boards.iter().all(|b| b.lines.len() == 6));
    let ns: Vec<Row> = rows(&combined.ranking)
        .into_iter()
        .filter(|r| r.0 == Field::NorthSouth)
        .collect();
    use Field::NorthSouth as NS;
    assert_eq!(
        ns,
        [
            row(NS, 1, 2, ("77.50", 1, false), (1, "62.50")),
            row(NS, 0, 2, ("75.00", 2, false), (1, "87.50")),
            row(NS, 1, 1, ("62.50", 3, false), (2, "37.50")),
            row(NS, 2, 1, ("50.00", 4, false), (1, "100.00")),
            row(NS, 0, 1, ("20.00", 5, false), (2, "12.50")),
            row(NS, 2, 2, ("15.00", 6, false), (2, "0.00")),
        ]
    );
}

#[test]
fn a_file_of_other_deals_is_refused_naming_board_and_hand() {
    let host = read("club_a.pbn");
    let other = read("club_c_other_deals.pbn");
    // Board 3 of this file: North's ♠4 and East's ♠8 changed hands.
    assert_eq!(
        check_same_deals(&host.session, &other.session, "club_c_other_deals.pbn")
            .unwrap_err()
            .to_string(),
        "club_c_other_deals.pbn: board 3: N holds 85.A5.T7653.AQ65 in the file, \
         54.A5.T7653.AQ65 in the session's hand record"
    );
}
