//! Files in the layout of FIDE's own tournament generator (Gacrux, OttoMilvang/TieBreakServer):
//! `u` for an unknown sex, a blank `122`, two-digit-year dates in `042`/`052`, a `162` that
//! lists every code. TRF-2026 marks the sex "warning if wrong" (pairing does not read it), so
//! every reading warns on it and none refuses the file.

use std::path::Path;

use tournament::trf;

fn generated() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gacrux/generated.trf");
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn unknown_sex_is_a_warning_in_every_reading() {
    let text = generated();
    let (t, warnings) = trf::read_with_warnings(&text).unwrap();
    assert_eq!(t.players.len(), 6);
    assert!(t.players.iter().all(|p| p.sex.is_none()));
    let sex: Vec<_> = warnings
        .iter()
        .filter(|w| w.problem.column == 10)
        .map(|w| (w.problem.line, w.problem.found.as_str()))
        .collect();
    assert_eq!(
        sex,
        (14..=19).map(|line| (line, "\"u\"")).collect::<Vec<_>>()
    );
    let (pairing, pairing_warnings) = trf::read_for_pairing(&text).unwrap();
    assert_eq!(pairing, t);
    assert_eq!(pairing_warnings.len(), warnings.len());
    assert_eq!(trf::read(&text).unwrap(), t);
}

#[test]
fn a_generated_file_means_what_it_says() {
    let t = trf::read(&generated()).unwrap();
    assert_eq!(t.header.rounds, Some(3));
    let points: Vec<String> = t.players.iter().map(|p| p.points.to_string()).collect();
    assert_eq!(points, ["2.5", "1.5", "2.0", "1.0", "1.5", "0.0"]);
    let ranks: Vec<Option<u32>> = t.players.iter().map(|p| p.rank).collect();
    assert_eq!(ranks, [1, 3, 2, 5, 4, 6].map(Some));
}

#[test]
fn a_sex_other_than_m_w_or_blank_is_written_back_blank() {
    let (t, _) = trf::read_with_warnings(&generated()).unwrap();
    let again = trf::write(&t, trf::Format::Trf26);
    assert!(again
        .lines()
        .filter(|l| l.starts_with("001"))
        .all(|l| &l[9..10] == " "));
    let (back, warnings) = trf::read_with_warnings(&again).unwrap();
    assert_eq!(back.players, t.players);
    assert!(warnings.iter().all(|w| w.problem.column != 10));
}

/// The FIDE ID is mandatory for rating, not for pairing (TRF-2026's R and P columns): a
/// malformed one is refused by a strict reading and left out with a warning for pairing.
#[test]
fn a_malformed_fide_id_is_a_warning_when_reading_for_pairing() {
    let text = generated().replace("2236            2170", "2236           21x70");
    let strict = trf::read(&text).unwrap_err();
    assert_eq!((strict.0[0].line, strict.0[0].column), (14, 64));
    let (t, warnings) = trf::read_for_pairing(&text).unwrap();
    assert_eq!(t.players[0].fide_id, None);
    assert_eq!(t.players[1].fide_id, Some(2190));
    assert!(warnings
        .iter()
        .any(|w| w.problem.line == 14 && w.action.starts_with("the FIDE ID is left out")));
}
