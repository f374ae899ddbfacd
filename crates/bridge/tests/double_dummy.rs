//! The double-dummy tables and par scores of `bridge::dd` against reference data computed by
//! an independent build of DDS: `data/dd_endplay.pbn`, random deals with their tables
//! (`OptimumResultTable`) and par scores (`OptimumScore`) from the endplay package, written
//! by `tools/compare_dds.py` (its header says how).

use bridge::{dd, Seat, Strain};

const FIXTURE: &str = include_str!("data/dd_endplay.pbn");

/// (board, tricks[declarer][strain], par score) from the fixture's own tags.
fn expected() -> Vec<(u32, [[u8; 5]; 4], i32)> {
    let mut out = Vec::new();
    for game in FIXTURE.split("\n\n").filter(|g| g.contains("[Board")) {
        let tag = |name: &str| {
            let start = game.find(&format!("[{name} \"")).expect(name) + name.len() + 3;
            game[start..].split('"').next().unwrap().to_string()
        };
        let board: u32 = tag("Board").parse().unwrap();
        let score = tag("OptimumScore");
        let par: i32 = score.strip_prefix("NS ").unwrap().parse().unwrap();
        let mut tricks = [[99u8; 5]; 4];
        let rows = game.split("[OptimumResultTable").nth(1).unwrap();
        for line in rows.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let w: Vec<&str> = line.split_whitespace().collect();
            let seat: Seat = w[0].parse().unwrap();
            let strain = Strain::ALL.into_iter().find(|s| s.code() == w[1]).unwrap();
            tricks[seat as usize][strain as usize] = w[2].parse().unwrap();
        }
        assert!(
            tricks.iter().flatten().all(|&t| t <= 13),
            "board {board}: 20 cells"
        );
        out.push((board, tricks, par));
    }
    out
}

#[test]
fn tables_and_par_equal_the_independent_solver() {
    let session = bridge::pbn::read(FIXTURE, "dd_endplay.pbn").unwrap();
    let boards = dd::analyse_session(&session, "dd_endplay.pbn").unwrap();
    let want = expected();
    assert!(want.len() >= 40, "the fixture holds {} deals", want.len());
    assert_eq!(boards.len(), want.len());
    for (b, (number, tricks, par)) in boards.iter().zip(&want) {
        assert_eq!(b.number, *number);
        for seat in Seat::ALL {
            for strain in Strain::ALL {
                assert_eq!(
                    b.table.tricks(seat, strain),
                    tricks[seat as usize][strain as usize],
                    "board {number}: {seat} in {}",
                    strain.code()
                );
            }
        }
        assert_eq!(b.par.score_ns, *par, "board {number}: par");
        // The par contracts score the par: a made contract its score, a sacrifice its
        // doubled penalty.
        for c in &b.par.contracts {
            let played = bridge::Played::new(c.contract, c.declarer, c.tricks).unwrap();
            assert_eq!(
                played.score_ns(b.vulnerability),
                b.par.score_ns,
                "board {number}: {c}"
            );
            assert_eq!(
                b.table.tricks(c.declarer, c.contract.strain),
                c.tricks,
                "board {number}: {c}"
            );
        }
    }
}

#[test]
fn a_bad_deal_is_named_at_its_line_and_column() {
    let pbn = "[Board \"1\"]\n[Deal \"N:AKQ.JT9.876.5432 - - -\"]\n";
    let s = bridge::pbn::read(pbn, "bad.pbn").unwrap();
    let e = dd::analyse_session(&s, "bad.pbn").unwrap_err();
    // The value starts at column 8; North's hand has 13 cards, East's is unknown.
    assert_eq!((e.line, e.column), (2, 27), "{e}");
    assert_eq!(e.found, "\"-\" (an unknown hand)");
    let pbn = "[Board \"3\"]\n[Dealer \"S\"]\n";
    let s = bridge::pbn::read(pbn, "none.pbn").unwrap();
    let e = dd::analyse_session(&s, "none.pbn").unwrap_err();
    assert_eq!(
        (e.line, e.expected.as_str()),
        (1, "a [Deal] tag for board 3")
    );
}
