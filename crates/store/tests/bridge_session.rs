//! A bridge pairs session through the store: every expected line listed and missing until
//! entered, two devices on one line ending as one line and a conflict, the director's
//! corrections and adjusted scores, whole Mitchell and Howell sessions scored as the bridge
//! crate scores them, the PBN and USEBIO exports read back, 20 tables entering at once, the
//! member CSV, and one log row per write.

use std::sync::Arc;

use bridge::movement::{Kind, Movement};
use bridge::{Artificial, Bid, Ratio, Seat, TableResult};
use store::bridge::{
    Adjustment, BridgeSettings, EnterOutcome, Entry, LineStatus, NewPair, SessionId,
};
use store::{Error, Refusal, Store};

const TD: &str = "director";

fn refusal<T: std::fmt::Debug>(r: store::Result<T>) -> Refusal {
    match r {
        Err(Error::Refused { reason, .. }) => reason,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A result that depends on the board and the pairs, with some variety: made, down,
/// doubled, passed out.
fn entry_for(board: u32, ns: u32, ew: u32) -> Entry {
    let k = (board * 7 + ns * 3 + ew) as usize;
    if k.is_multiple_of(17) {
        return Entry::passed_out();
    }
    let contracts = ["3NT", "4S", "2H", "1NT", "4HX", "3C", "5D", "2S"];
    let seats = [Seat::North, Seat::South, Seat::East, Seat::West];
    let contract = contracts[k % contracts.len()];
    let Ok(Bid::Contract(c)) = contract.parse::<Bid>() else {
        unreachable!()
    };
    let tricks = (c.target() as usize + k % 4).saturating_sub(1).min(13) as u8;
    let leads = ["SK", "H7", "", "DT", "C2"];
    Entry::played(contract, seats[k / 3 % 4], tricks, leads[k % leads.len()])
}

fn new_session(store: &Store, kind: Kind, tables: u32) -> SessionId {
    let mut s = BridgeSettings::new("Tournoi du mardi".parse().unwrap(), tables);
    s.movement = kind;
    s.club = "BC Paris".parse().unwrap();
    s.place = "Paris".parse().unwrap();
    s.date = "2026-03-10".into();
    s.director = "M. Arbitre".parse().unwrap();
    store.create_bridge_session(TD, &s).unwrap()
}

fn name_pairs(store: &Store, id: SessionId) {
    for p in store.pairs(id).unwrap() {
        let pair = NewPair::named(
            format!("Martin{}", p.number).parse().unwrap(),
            format!("Durand{}", p.number).parse().unwrap(),
        );
        store.set_pair(TD, id, p.number, &pair).unwrap();
    }
}

/// Every line of every round entered by North and confirmed by East-West, table by table.
fn play_all(store: &Store, id: SessionId, m: &Movement) {
    for r in &m.rounds {
        for s in &r.tables {
            let tr = store.table_round(id, s.table, r.number).unwrap();
            for &b in &tr.boards {
                let (ns, ew) = (tr.ns.unwrap(), tr.ew.unwrap());
                let e = entry_for(b, ns, ew);
                let device = format!("phone-{}", s.table);
                let out = store
                    .enter_line(id, s.table, r.number, b, &e, &device)
                    .unwrap();
                assert_eq!(out, EnterOutcome::Stored);
                store.confirm_line(id, s.table, r.number, b).unwrap();
            }
        }
    }
}

/// The session the bridge crate would score from the same results, built without the store.
fn expected_session(m: &Movement) -> bridge::Session {
    let mut boards = Vec::new();
    for tr in m.travellers() {
        let mut board = bridge::Board::standard(tr.board);
        for t in &tr.lines {
            let e = entry_for(tr.board, t.ns, t.ew);
            let played = match e.contract.parse::<Bid>().unwrap() {
                Bid::Pass => bridge::Played::PassedOut,
                Bid::Contract(c) => {
                    bridge::Played::new(c, e.declarer.unwrap(), e.tricks.unwrap()).unwrap()
                }
            };
            let mut l = bridge::Line::new(t.ns, t.ew, TableResult::Played(played));
            l.round = Some(t.round);
            l.table = Some(t.table);
            board.lines.push(l);
        }
        boards.push(board);
    }
    bridge::Session {
        boards,
        field: Some(m.field()),
        ..bridge::Session::default()
    }
}

fn ranking_rows(s: &bridge::Scored) -> Vec<(u32, u32, Ratio, Option<Ratio>)> {
    s.ranking
        .iter()
        .map(|r| (r.pair, r.rank, r.total, r.percent))
        .collect()
}

/// Hand records for `boards` boards, as a dealing program writes them.
fn hand_records(boards: u32) -> String {
    let mut rng = bridge::generate::SplitMix64::new(7);
    let mut out = String::from("% PBN 2.1\n");
    for b in 1..=boards {
        out.push_str(&format!(
            "\n[Board \"{b}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n",
            bridge::dealer_of(b),
            bridge::vulnerability_of(b),
            bridge::generate::random_deal(&mut rng)
        ));
    }
    out
}

#[test]
fn every_expected_line_is_listed_and_missing_until_entered() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Mitchell, 7);
    let m = store.movement(id).unwrap();
    let expected: usize = m.travellers().iter().map(|t| t.lines.len()).sum();
    let lines = store.lines(id).unwrap();
    assert_eq!(lines.len(), expected);
    assert!(lines.iter().all(|l| l.status == LineStatus::Missing));
    assert_eq!(store.ranking(id).unwrap().missing.len(), expected);

    let tr = store.table_round(id, 3, 2).unwrap();
    assert_eq!(tr.rounds, 7);
    assert_eq!(tr.lines.len(), tr.boards.len());
    assert!(tr.lines.iter().all(|l| l.status == LineStatus::Missing));
    let b = tr.boards[0];
    let e = Entry::played("3nt", Seat::North, 10, "s k");
    store.enter_line(id, 3, 2, b, &e, "dev").unwrap();
    let line = store
        .lines(id)
        .unwrap()
        .into_iter()
        .find(|l| l.board == b && l.table == 3)
        .unwrap();
    assert_eq!(line.status, LineStatus::Entered);
    assert_eq!(line.entry.as_ref().unwrap().contract, "3NT");
    assert_eq!(line.entry.as_ref().unwrap().lead, "SK");
    let vul = bridge::vulnerability_of(b);
    let want = if vul.is_vulnerable(Seat::North) {
        630
    } else {
        430
    };
    assert_eq!(line.score_ns, Some(want));
    let ranking = store.ranking(id).unwrap();
    assert_eq!(ranking.missing.len(), expected - 1);
    assert!(!ranking.missing.iter().any(|l| l.board == b && l.table == 3));
    // Table 3 entered a board of round 2: it is in round 2, and round 1 (nothing entered there)
    // is left for the director (issue 20: a phone never goes back a round).
    assert_eq!(store.current_round(id, 3).unwrap(), 2);
    let r1 = store.table_round(id, 3, 1).unwrap();
    assert_eq!(
        refusal(store.enter_line(id, 3, 1, r1.boards[0], &Entry::passed_out(), "dev")),
        Refusal::NotThisTable
    );
    // Round 3 once round 2 is all confirmed.
    for &b in &tr.boards {
        store
            .enter_line(id, 3, 2, b, &Entry::passed_out(), "dev")
            .unwrap();
        store.confirm_line(id, 3, 2, b).unwrap();
    }
    assert_eq!(store.current_round(id, 3).unwrap(), 3);
}

#[test]
fn two_devices_on_one_line_end_as_one_line_and_a_conflict() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Howell, 5);
    let tr = store.table_round(id, 1, 1).unwrap();
    let (b, b2) = (tr.boards[0], tr.boards[1]);
    let north = Entry::played("4S", Seat::South, 10, "HA");
    let east = Entry::played("4S", Seat::South, 9, "HA");
    assert_eq!(
        store.enter_line(id, 1, 1, b, &north, "phone-a").unwrap(),
        EnterOutcome::Stored
    );
    // The same content from another device, typed differently: nothing changes.
    let same = Entry::played(" 4s ", Seat::South, 10, "ha");
    assert_eq!(
        store.enter_line(id, 1, 1, b, &same, "phone-b").unwrap(),
        EnterOutcome::Unchanged
    );
    let version = store.bridge_version(id).unwrap();
    assert_eq!(
        store.enter_line(id, 1, 1, b, &east, "phone-b").unwrap(),
        EnterOutcome::Conflict
    );
    assert!(store.bridge_version(id).unwrap() > version);
    // Sent again (a retried request): still one conflict.
    assert_eq!(
        store.enter_line(id, 1, 1, b, &east, "phone-b").unwrap(),
        EnterOutcome::Conflict
    );
    let lines: Vec<_> = store
        .lines(id)
        .unwrap()
        .into_iter()
        .filter(|l| l.board == b && l.table == 1)
        .collect();
    assert_eq!(lines.len(), 1, "one line, never two");
    assert_eq!(lines[0].entry.as_ref(), Some(&north), "never overwritten");
    assert!(lines[0].conflict);
    let conflicts = store.conflicts(id).unwrap();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].kept, north);
    assert_eq!(conflicts[0].other, east);
    assert_eq!(conflicts[0].other_device, "phone-b");
    assert_eq!((conflicts[0].table, conflicts[0].round), (1, 1));

    // The director takes the other entry: one line, the director's, no conflict left.
    store
        .resolve_conflict(TD, id, conflicts[0].id, true, None)
        .unwrap();
    assert!(store.conflicts(id).unwrap().is_empty());
    let line = store
        .lines(id)
        .unwrap()
        .into_iter()
        .find(|l| l.board == b && l.table == 1)
        .unwrap();
    assert_eq!(
        (line.status, line.entry.as_ref(), line.conflict),
        (LineStatus::Director, Some(&east), false)
    );
    assert_eq!(
        store
            .resolve_conflict(TD, id, conflicts[0].id, true, None)
            .unwrap_err()
            .to_string(),
        "conflict not found"
    );

    // The same device corrects its own unconfirmed line; another device cannot.
    store.enter_line(id, 1, 1, b2, &north, "phone-a").unwrap();
    assert_eq!(
        store.enter_line(id, 1, 1, b2, &east, "phone-a").unwrap(),
        EnterOutcome::Stored
    );
    // Once confirmed, even the same device opens a conflict.
    store.confirm_line(id, 1, 1, b2).unwrap();
    assert_eq!(
        store.enter_line(id, 1, 1, b2, &north, "phone-a").unwrap(),
        EnterOutcome::Conflict
    );
    // The director keeps the stored line.
    let c = store.conflicts(id).unwrap();
    assert_eq!((c.len(), &c[0].kept, &c[0].other), (1, &east, &north));
    store
        .resolve_conflict(TD, id, c[0].id, false, None)
        .unwrap();
    let line = store
        .lines(id)
        .unwrap()
        .into_iter()
        .find(|l| l.board == b2 && l.table == 1)
        .unwrap();
    assert_eq!(
        (line.status, line.entry.as_ref(), line.conflict),
        (LineStatus::Director, Some(&east), false)
    );
    assert!(store.conflicts(id).unwrap().is_empty());
}

#[test]
fn refusals_wrong_table_settled_lines_wrong_pairs_started_session() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Mitchell, 7);
    let m = store.movement(id).unwrap();
    let tr = store.table_round(id, 2, 1).unwrap();
    let elsewhere = (1..=m.board_count())
        .find(|b| !tr.boards.contains(b))
        .unwrap();
    let e = Entry::played("1NT", Seat::West, 7, "");
    assert_eq!(
        refusal(store.enter_line(id, 2, 1, elsewhere, &e, "d")),
        Refusal::NotThisTable
    );
    assert_eq!(
        refusal(store.confirm_line(id, 2, 1, elsewhere)),
        Refusal::NotThisTable
    );
    assert!(matches!(
        store.enter_line(id, 2, 99, tr.boards[0], &e, "d"),
        Err(Error::NotFound("round"))
    ));
    // A bad entry names its field.
    let bad = Entry::played("8NT", Seat::West, 7, "");
    assert!(
        matches!(store.enter_line(id, 2, 1, tr.boards[0], &bad, "d"),
        Err(Error::Invalid { field, .. }) if field == "contract")
    );
    let bad = Entry::played("2S", Seat::West, 14, "");
    assert!(
        matches!(store.enter_line(id, 2, 1, tr.boards[0], &bad, "d"),
        Err(Error::Invalid { field, .. }) if field == "tricks")
    );
    let bad = Entry::played("2S", Seat::West, 8, "Z9");
    assert!(
        matches!(store.enter_line(id, 2, 1, tr.boards[0], &bad, "d"),
        Err(Error::Invalid { field, .. }) if field == "lead")
    );

    // The director's line and an adjusted line are out of the tables' reach.
    let (ns, ew) = (tr.ns.unwrap(), tr.ew.unwrap());
    let (b1, b2) = (tr.boards[0], tr.boards[1]);
    store
        .director_set_line(TD, id, b1, ns, ew, &e, None)
        .unwrap();
    store
        .director_adjust(TD, id, b2, ns, ew, &Adjustment::NotPlayed, None)
        .unwrap();
    for b in [b1, b2] {
        let other = Entry::played("2S", Seat::North, 8, "");
        assert_eq!(
            refusal(store.enter_line(id, 2, 1, b, &other, "d")),
            Refusal::ResultConfirmed
        );
        assert_eq!(
            refusal(store.confirm_line(id, 2, 1, b)),
            Refusal::ResultConfirmed
        );
    }
    assert_eq!(
        refusal(store.director_set_line(TD, id, b1, ns, ns + 1, &e, None)),
        Refusal::NotThisTable
    );
    // Pairs must be the movement's.
    assert_eq!(
        refusal(store.set_pair(
            TD,
            id,
            15,
            &NewPair::named("A".parse().unwrap(), "B".parse().unwrap())
        )),
        Refusal::NoSuchPair
    );
    // The movement is fixed once a line exists; the rest may still change.
    let mut s = store.bridge_session(id).unwrap().settings;
    s.name = "Tournoi du mercredi".parse().unwrap();
    store.update_bridge_settings(TD, id, &s, None).unwrap();
    s.tables = 8;
    assert_eq!(
        refusal(store.update_bridge_settings(TD, id, &s, None)),
        Refusal::SessionStarted
    );
    store.clear_line(TD, id, b1, ns, ew, None).unwrap();
    store.clear_line(TD, id, b2, ns, ew, None).unwrap();
    store.update_bridge_settings(TD, id, &s, None).unwrap();
    assert_eq!(store.table_codes(id).unwrap().len(), 8);
    assert_eq!(store.pairs(id).unwrap().len(), 16);
    // Codes open their table; an unknown one is refused.
    for c in store.table_codes(id).unwrap() {
        let (session, table) = store.lookup_table_code(&c.code.to_lowercase()).unwrap();
        assert_eq!((session.id, table), (id, c.table));
    }
    assert_eq!(
        refusal(store.lookup_table_code("ZZZZZZZ")),
        Refusal::BadCode
    );
    // A movement the bridge crate cannot build is refused field by field.
    let mut bad = BridgeSettings::new("Too small".parse().unwrap(), 2);
    bad.movement = Kind::Mitchell;
    assert!(matches!(store.create_bridge_session(TD, &bad),
        Err(Error::Invalid { field, .. }) if field == "tables"));
}

#[test]
fn adjusted_scores_go_into_the_model_and_the_scorer() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Mitchell, 7);
    let m = store.movement(id).unwrap();
    play_all(&store, id, &m);
    let tr = &m.travellers()[0];
    let at = |i: usize| (tr.lines[i].ns, tr.lines[i].ew);
    let adjustments = [
        Adjustment::Artificial {
            ns: Artificial::AveragePlus,
            ew: Artificial::AverageMinus,
        },
        Adjustment::Assigned(-140),
        Adjustment::Weighted(bridge::pbn::parse_weighted("620@70%;-100@30%").unwrap()),
        Adjustment::Split { ns: 420, ew: -50 },
        Adjustment::NotPlayed,
    ];
    for (i, a) in adjustments.iter().enumerate() {
        let (ns, ew) = at(i);
        store.director_adjust(TD, id, 1, ns, ew, a, None).unwrap();
    }
    // Weights that do not add up are refused.
    let (ns, ew) = at(5);
    let bad = Adjustment::Weighted(vec![(620, Ratio::new(1, 2))]);
    assert!(matches!(
        store.director_adjust(TD, id, 1, ns, ew, &bad, None),
        Err(Error::Invalid { .. })
    ));

    let model = store.bridge_model(id).unwrap();
    let results: Vec<&TableResult> = model.boards[0].lines.iter().map(|l| &l.result).collect();
    assert_eq!(
        results[..5],
        [
            &TableResult::Artificial {
                ns: Artificial::AveragePlus,
                ew: Artificial::AverageMinus
            },
            &TableResult::Assigned(-140),
            &TableResult::Weighted(vec![(620, Ratio::new(7, 10)), (-100, Ratio::new(3, 10))]),
            &TableResult::Split { ns: 420, ew: -50 },
            &TableResult::NotPlayed,
        ]
    );
    let lines = store.lines(id).unwrap();
    let assigned = lines
        .iter()
        .find(|l| l.board == 1 && l.ns == at(1).0)
        .unwrap();
    assert_eq!(
        (assigned.status, assigned.score_ns, assigned.entry.is_none()),
        (LineStatus::Adjusted, Some(-140), true)
    );
    let ranking = store.ranking(id).unwrap();
    assert!(ranking.missing.is_empty());
    let opts = bridge::Options {
        field: Some(bridge::FieldKind::Two),
        ..bridge::Options::default()
    };
    assert_eq!(ranking.scored, bridge::score_session(&model, &opts));
    // Average+ and Average− at 60 % and 40 % of the top.
    let b = &ranking.scored.boards[0];
    assert_eq!(b.pct_ns(0), Some(Ratio::from_int(60)));
    assert_eq!(b.pct_ew(0), Some(Ratio::from_int(40)));
    // The PBN export keeps every kind of adjusted score and rescores the same.
    let pbn = store.export_pbn(id).unwrap();
    let back = bridge::pbn::read(&pbn, "adjusted.pbn").unwrap();
    assert_eq!(
        ranking_rows(&bridge::score_session(&back, &opts)),
        ranking_rows(&ranking.scored)
    );
    // USEBIO holds Average+/Average− (`A6040`) but no weighted or split score: board 1, which
    // has both, is left out alone (named in the file), every other board exported.
    let xml = store.export_usebio(id).unwrap();
    assert!(xml.contains("<!-- board 1, pair"), "{xml}");
    let back = bridge::usebio::read(&xml, "adjusted.xml").unwrap();
    assert!(back.boards.iter().all(|b| b.number != 1));
    assert_eq!(back.boards.len(), model.boards.len() - 1);
}

/// A whole session entered from the tables, one result corrected by the director and one
/// adjusted, then the ranking compared with the bridge crate's and the files read back.
fn whole_session(kind: Kind, tables: u32) {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, kind, tables);
    let m = store.movement(id).unwrap();
    name_pairs(&store, id);
    let deals = store
        .set_deals_pbn(TD, id, &hand_records(m.board_count() + 4), "deals.pbn")
        .unwrap();
    assert_eq!(
        deals as u32,
        m.board_count(),
        "boards beyond the session passed over"
    );
    play_all(&store, id, &m);
    let mut expected = expected_session(&m);
    // The director corrects one line and assigns a score to another.
    let first = m.travellers()[1].lines[0];
    let corrected = Entry::played("6NT", Seat::South, 12, "DQ");
    store
        .director_set_line(TD, id, 2, first.ns, first.ew, &corrected, None)
        .unwrap();
    let Ok(Bid::Contract(c)) = "6NT".parse::<Bid>() else {
        unreachable!()
    };
    expected.boards[1].lines[0].result =
        TableResult::Played(bridge::Played::new(c, Seat::South, 12).unwrap());
    let second = m.travellers()[2].lines[1];
    store
        .director_adjust(
            TD,
            id,
            3,
            second.ns,
            second.ew,
            &Adjustment::Assigned(-620),
            None,
        )
        .unwrap();
    expected.boards[2].lines[1].result = TableResult::Assigned(-620);

    let ranking = store.ranking(id).unwrap();
    assert!(ranking.missing.is_empty());
    let opts = bridge::Options {
        field: Some(m.field()),
        ..bridge::Options::default()
    };
    let direct = bridge::score_session(&expected, &opts);
    assert_eq!(ranking.scored, direct);
    assert_eq!(ranking.session.names.len(), m.pair_numbers().len());
    assert_eq!(
        ranking.session.names.get(&1).map(String::as_str),
        Some("Martin1 - Durand1")
    );

    // PBN: read back and rescored, the same ranking, the names and deals kept.
    let pbn = store.export_pbn(id).unwrap();
    let back = bridge::pbn::read(&pbn, "session.pbn").unwrap();
    assert_eq!(back.names, ranking.session.names);
    assert_eq!(back.date.as_deref(), Some("2026.03.10"));
    for (a, b) in back.boards.iter().zip(&ranking.session.boards) {
        assert_eq!(a.deal, b.deal);
        assert!(a.deal.is_some());
    }
    assert_eq!(
        ranking_rows(&bridge::score_session(&back, &opts)),
        ranking_rows(&direct)
    );
    // Without being told the field, the file's pair numbers say it.
    let guessed = bridge::score_session(&back, &bridge::Options::default());
    assert_eq!(ranking_rows(&guessed), ranking_rows(&direct));

    // USEBIO: read back equal to the model (tables and rounds are not in USEBIO).
    let xml = store.export_usebio(id).unwrap();
    let back = bridge::usebio::read(&xml, "session.xml").unwrap();
    let model = store.bridge_model(id).unwrap();
    assert_eq!(back.names, model.names);
    assert_eq!(back.event, model.event);
    assert_eq!(back.date, model.date);
    assert_eq!(back.site, model.site);
    assert_eq!(back.field, model.field);
    assert_eq!(back.boards.len(), model.boards.len());
    for (a, b) in back.boards.iter().zip(&model.boards) {
        assert_eq!(
            (a.number, &a.deal, a.vulnerability),
            (b.number, &b.deal, b.vulnerability)
        );
        let strip = |l: &bridge::Line| (l.ns, l.ew, l.result.clone(), l.lead.clone());
        assert_eq!(
            a.lines.iter().map(strip).collect::<Vec<_>>(),
            b.lines.iter().map(strip).collect::<Vec<_>>()
        );
    }
    assert_eq!(
        ranking_rows(&bridge::score_session(&back, &opts)),
        ranking_rows(&direct)
    );
}

#[test]
fn a_seven_table_mitchell_entered_at_the_tables_ranks_as_the_bridge_crate() {
    whole_session(Kind::Mitchell, 7);
}

#[test]
fn a_five_table_howell_entered_at_the_tables_ranks_as_the_bridge_crate() {
    whole_session(Kind::Howell, 5);
}

#[test]
fn twenty_tables_entering_the_same_round_at_once_lose_no_line() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&dir.path().join("bridge.db")).unwrap());
    let id = new_session(&store, Kind::Mitchell, 20);
    let m = store.movement(id).unwrap();
    let threads: Vec<_> = (1..=20u32)
        .map(|table| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                let tr = store.table_round(id, table, 1).unwrap();
                let device = format!("phone-{table}");
                for &b in &tr.boards {
                    let e = entry_for(b, tr.ns.unwrap(), tr.ew.unwrap());
                    let out = store.enter_line(id, table, 1, b, &e, &device).unwrap();
                    assert_eq!(out, EnterOutcome::Stored);
                    store.confirm_line(id, table, 1, b).unwrap();
                }
                tr.boards.len()
            })
        })
        .collect();
    let entered: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
    let round1: Vec<_> = store
        .lines(id)
        .unwrap()
        .into_iter()
        .filter(|l| l.round == 1)
        .collect();
    assert_eq!(round1.len(), entered);
    assert!(round1.iter().all(|l| l.status == LineStatus::Confirmed));
    for l in &round1 {
        assert_eq!(l.entry.as_ref(), Some(&entry_for(l.board, l.ns, l.ew)));
    }
    let logged = store
        .bridge_log(id)
        .unwrap()
        .iter()
        .filter(|e| e.action == "enter" || e.action == "confirm")
        .count();
    assert_eq!(logged, 2 * entered);
    assert_eq!(
        store.ranking(id).unwrap().missing.len(),
        m.travellers().iter().map(|t| t.lines.len()).sum::<usize>() - entered
    );
}

#[test]
fn member_csv_all_or_nothing_with_its_place() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Howell, 4);
    // French spreadsheet: semicolons, accents, numbers given in any order.
    let fr = "Numéro;Joueur 1;Joueur 2;Club\n3;Lévy;Bérénice;BC Lyon\n1;Martin;Durand;\n";
    assert_eq!(
        store.import_pairs_csv(TD, id, fr, "membres.csv").unwrap(),
        2
    );
    let pairs = store.pairs(id).unwrap();
    assert_eq!(pairs.len(), 8);
    assert_eq!(
        pairs[2].details,
        NewPair {
            name1: "Lévy".parse().unwrap(),
            name2: "Bérénice".parse().unwrap(),
            club: "BC Lyon".parse().unwrap(),
            ..NewPair::default()
        }
    );
    assert_eq!(pairs[0].details.display(), "Martin - Durand");
    assert_eq!(pairs[1].details, NewPair::default());

    // English, without numbers: filled in order.
    let en = "name 1,name 2\nSmith,Jones\n\"Brown, Jr\",White\n";
    assert_eq!(
        store.import_pairs_csv(TD, id, en, "members.csv").unwrap(),
        2
    );
    let pairs = store.pairs(id).unwrap();
    assert_eq!(pairs[0].details.display(), "Smith - Jones");
    assert_eq!(pairs[1].details.display(), "Brown, Jr - White");
    assert_eq!(pairs[2].details.name1, "Lévy", "pair 3 untouched");

    let version = store.bridge_version(id).unwrap();
    let before = store.pairs(id).unwrap();
    let invalid = |text: &str| match store.import_pairs_csv(TD, id, text, "m.csv") {
        Err(Error::Invalid { field, .. }) => field,
        other => panic!("expected an invalid file, got {other:?}"),
    };
    // A bad number on line 3: nothing of line 2 is kept.
    assert_eq!(
        invalid("no;nom 1;nom 2\n5;A;B\nx;C;D\n"),
        "m.csv, line 3, column 1"
    );
    assert_eq!(
        invalid("no;nom 1;nom 2\n5;A;B\n9;C;D\n"),
        "m.csv, line 3, column 1"
    );
    assert_eq!(
        invalid("no;nom 1;nom 2\n5;A;B\n5;C;D\n"),
        "m.csv, line 3, column 1"
    );
    assert_eq!(
        invalid("no;nom 1;nom 2\n5;A;B\n6;;D\n"),
        "m.csv, line 3, column 3"
    );
    assert_eq!(invalid("nom;prénom\nA;B\n"), "m.csv, line 1, column 1");
    let nine: String = (0..9).map(|i| format!("P{i};Q{i}\n")).collect();
    assert_eq!(
        invalid(&format!("joueur 1;joueur 2\n{nine}")),
        "m.csv, line 10, column 1"
    );
    assert_eq!(store.pairs(id).unwrap(), before, "all or nothing");
    assert_eq!(store.bridge_version(id).unwrap(), version, "nothing logged");
}

#[test]
fn every_write_is_one_transaction_with_its_log_row() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Mitchell, 3);
    let count = || store.bridge_log(id).unwrap().len();
    assert_eq!(count(), 1);
    let tr = store.table_round(id, 1, 1).unwrap();
    let (b, ns, ew) = (tr.boards[0], tr.ns.unwrap(), tr.ew.unwrap());
    let e = Entry::played("2H", Seat::East, 8, "C2");
    store.enter_line(id, 1, 1, b, &e, "x").unwrap();
    store.confirm_line(id, 1, 1, b).unwrap();
    store.confirm_line(id, 1, 1, b).unwrap(); // already confirmed: nothing written
    store.enter_line(id, 1, 1, b, &e, "y").unwrap(); // unchanged: nothing written
    store
        .set_pair(
            TD,
            id,
            1,
            &NewPair::named("A".parse().unwrap(), "B".parse().unwrap()),
        )
        .unwrap();
    store
        .director_set_line(TD, id, b, ns, ew, &e, None)
        .unwrap();
    let _ = store.enter_line(id, 1, 1, b, &e, "z"); // refused
    let log = store.bridge_log(id).unwrap();
    let actions: Vec<&str> = log.iter().rev().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["create", "enter", "confirm", "pair", "director"]);
    let enter = &log[3];
    assert_eq!(enter.actor, "table 1 (x)");
    assert_eq!(enter.before["status"], "missing");
    assert_eq!(enter.after["status"], "entered");
    assert_eq!(enter.after["entry"]["contract"], "2H");
    assert_eq!(enter.after["entry"]["declarer"], "E");
    assert_eq!(log[0].before["status"], "confirmed");
    assert_eq!(log[0].after["status"], "director");
    assert_eq!(store.bridge_version(id).unwrap(), log[0].id);
    // The adjusted scores' JSON reads back.
    let a = Adjustment::Artificial {
        ns: Artificial::Percent(Ratio::new(1251, 20)),
        ew: Artificial::AverageMinus,
    };
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"artificial","value":{"ns":"62.55%","ew":"A-"}}"#
    );
    assert_eq!(serde_json::from_str::<Adjustment>(&json).unwrap(), a);
    // Deleting keeps the log.
    store.delete_bridge_session(TD, id).unwrap();
    assert!(matches!(store.bridge_session(id), Err(Error::NotFound(_))));
    assert_eq!(count(), 6);
}

#[test]
fn average_plus_at_the_session_percentage_and_the_slips_address_are_settings() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Mitchell, 7);
    let m = store.movement(id).unwrap();
    play_all(&store, id, &m);
    // Average+ to the leading North-South pair on board 1 (its session is above 60 %).
    let leader = store
        .ranking(id)
        .unwrap()
        .scored
        .ranking
        .iter()
        .find(|r| r.field == bridge::Field::NorthSouth && r.rank == 1)
        .map(|r| r.pair)
        .unwrap();
    let tr = &m.travellers()[0];
    let line = tr.lines.iter().find(|l| l.ns == leader).unwrap();
    let (ns, ew) = (line.ns, line.ew);
    let a = Adjustment::Artificial {
        ns: Artificial::AveragePlus,
        ew: Artificial::Average,
    };
    store.director_adjust(TD, id, 1, ns, ew, &a, None).unwrap();
    let mut s = store.bridge_session(id).unwrap().settings;
    assert!(!s.session_average && s.public_url.is_empty());
    s.session_average = true;
    s.public_url = "http://192.168.1.20:8080".into();
    store.update_bridge_settings(TD, id, &s, None).unwrap();
    let back = store.bridge_session(id).unwrap().settings;
    assert!(back.session_average);
    assert_eq!(back.public_url, "http://192.168.1.20:8080");
    // The ranking is scored with the WBF option on, as the bridge crate scores it.
    let model = store.bridge_model(id).unwrap();
    let opts = bridge::Options {
        field: Some(bridge::FieldKind::Two),
        averages: bridge::Averages {
            session_limit: true,
            ..bridge::Averages::default()
        },
        ..bridge::Options::default()
    };
    let ranking = store.ranking(id).unwrap();
    assert_eq!(ranking.scored, bridge::score_session(&model, &opts));
    let without = bridge::Options {
        field: Some(bridge::FieldKind::Two),
        ..bridge::Options::default()
    };
    assert_ne!(
        ranking.scored,
        bridge::score_session(&model, &without),
        "the option changes this session's scores"
    );
}

/// A table's "not played" leaves the line without a result for the director: the table moves
/// on, its own entry withdraws it, the director's adjusted score settles it. Calls stay until
/// the director clears them.
#[test]
fn a_board_not_played_waits_for_the_director_and_a_call_until_cleared() {
    let store = Store::open_in_memory().unwrap();
    let id = new_session(&store, Kind::Mitchell, 3);
    let r1 = store.table_round(id, 1, 1).unwrap();
    let (a, b) = (r1.boards[0], r1.boards[1]);
    store
        .enter_line(id, 1, 1, a, &entry_for(a, 1, 4), "p1")
        .unwrap();
    // A board with a result is the director's to call not played.
    assert_eq!(
        refusal(store.mark_not_played(id, 1, 1, a, "p1")),
        Refusal::ResultConfirmed
    );
    store.confirm_line(id, 1, 1, a).unwrap();
    assert_eq!(store.current_round(id, 1).unwrap(), 1);
    store.mark_not_played(id, 1, 1, b, "p1").unwrap();
    store.mark_not_played(id, 1, 1, b, "p1").unwrap(); // the same mark, once
    let line = store.table_round(id, 1, 1).unwrap().lines[1].clone();
    assert_eq!((line.status, line.not_played), (LineStatus::Missing, true));
    assert_eq!(
        store.current_round(id, 1).unwrap(),
        1,
        "{} boards",
        r1.boards.len()
    );
    // The round's other boards were played and confirmed.
    for &other in &r1.boards[2..] {
        store
            .enter_line(id, 1, 1, other, &Entry::passed_out(), "p1")
            .unwrap();
        store.confirm_line(id, 1, 1, other).unwrap();
    }
    // Round 1 is done at the table: it is in round 2, and round 1 is no longer its to mark.
    assert_eq!(store.current_round(id, 1).unwrap(), 2);
    assert_eq!(
        refusal(store.mark_not_played(id, 1, 1, b, "p1")),
        Refusal::NotThisTable
    );
    store.call_director(id, 1, 2, "p1").unwrap();
    store.call_director(id, 1, 2, "p2").unwrap(); // one open call per table and round
    let calls = store.calls(id).unwrap();
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert_eq!(calls[0].board, Some(b));
    // The ranking still waits for the line.
    assert!(store
        .ranking(id)
        .unwrap()
        .missing
        .iter()
        .any(|l| l.board == b && l.table == 1));
    // The director's adjusted score settles the board not played, not the call.
    let (ns, ew) = (line.ns, line.ew);
    let avg = Adjustment::Artificial {
        ns: Artificial::Average,
        ew: Artificial::Average,
    };
    store
        .director_adjust(TD, id, b, ns, ew, &avg, None)
        .unwrap();
    let calls = store.calls(id).unwrap();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].kind, store::bridge::CallKind::Director);
    store.clear_call(TD, id, calls[0].id).unwrap();
    assert!(store.calls(id).unwrap().is_empty());
    assert!(matches!(
        store.clear_call(TD, id, calls[0].id),
        Err(Error::NotFound(_))
    ));
    // Round 2: marked not played, then entered after all: the mark is withdrawn.
    let r2 = store.table_round(id, 1, 2).unwrap();
    let c = r2.boards[0];
    store.mark_not_played(id, 1, 2, c, "p1").unwrap();
    store
        .enter_line(id, 1, 2, c, &Entry::passed_out(), "p1")
        .unwrap();
    assert!(store.calls(id).unwrap().is_empty());
    assert!(!store.table_round(id, 1, 2).unwrap().lines[0].not_played);
}
