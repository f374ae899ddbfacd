//! Papi files: every real file we hold reads cell for cell as mdbtools reads it and converts; a
//! TRF written as Papi reads back through mdbtools with the values written and through our
//! reader as the same tournament; bad files are refused saying what and where.

use std::path::{Path, PathBuf};
use std::process::Command;

use tournament::papi::{self, PapiColor, PapiError, PapiResult};
use tournament::trf;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/papi")
        .join(name)
}

fn real_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(data(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "papi"))
        .collect();
    v.sort();
    assert!(v.len() >= 10);
    v
}

fn have_mdbtools() -> bool {
    let found = Command::new("mdb-export").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "mdbtools is missing on CI"
        );
        eprintln!("SKIPPED: mdbtools (mdb-export) is not installed");
    }
    found
}

/// mdb-export's CSV of a table, without its header: fields split on commas outside quotes,
/// quotes removed (Papi's names hold no comma inside quotes that matters here: the split
/// respects quotes).
fn export(path: &Path, table: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let out = Command::new("mdb-export")
        .args([path.to_str().unwrap(), table])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = text.lines().map(|line| {
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                ',' if !quoted => fields.push(std::mem::take(&mut field)),
                c => field.push(c),
            }
        }
        fields.push(field);
        fields
    });
    let header = rows.next().unwrap();
    (header, rows.collect())
}

fn color_code(c: PapiColor) -> &'static str {
    c.code()
}

/// Every player's Ref and every round cell (colour, opponent, result) as mdb-export prints them.
fn assert_rounds_like_mdb_export(path: &Path, file: &papi::PapiFile) {
    let (header, rows) = export(path, "JOUEUR");
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    assert_eq!(rows.len(), file.players.len(), "{}", path.display());
    for p in &file.players {
        let row = rows
            .iter()
            .find(|r| r[col("Ref")] == p.reference.to_string())
            .unwrap_or_else(|| panic!("{}: Ref {} not exported", path.display(), p.reference));
        assert_eq!(row[col("Nom")], p.last_name, "{}", path.display());
        for (k, cell) in p.rounds.iter().enumerate() {
            let n = k + 1;
            let at = format!("{} Ref {} round {n}", path.display(), p.reference);
            let cl = &row[col(&format!("Rd{n:02}Cl"))];
            let expected_cl = if cl.is_empty() { "R" } else { cl.as_str() };
            assert_eq!(color_code(cell.color), expected_cl, "{at} colour");
            let adv = &row[col(&format!("Rd{n:02}Adv"))];
            assert_eq!(
                cell.opponent.map(|o| o.to_string()).unwrap_or_default(),
                *adv,
                "{at} opponent"
            );
            let res = &row[col(&format!("Rd{n:02}Res"))];
            assert_eq!(cell.result.code().to_string(), *res, "{at} result");
        }
    }
    let (_, info) = export(path, "INFO");
    assert_eq!(info.len(), file.settings.len());
    for (name, value) in &file.settings {
        let row = info.iter().find(|r| &r[0] == name).unwrap();
        assert_eq!(
            value.clone().unwrap_or_default(),
            row[1],
            "{} {name}",
            path.display()
        );
    }
}

#[test]
fn every_real_papi_file_reads_cell_for_cell_as_mdb_export_and_converts() {
    let check = have_mdbtools();
    for path in real_files() {
        let bytes = std::fs::read(&path).unwrap();
        let file = papi::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if check {
            assert_rounds_like_mdb_export(&path, &file);
        }
        let converted = file
            .to_tournament()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let t = &converted.tournament;
        assert_eq!(
            t.players.len(),
            file.entrants().count(),
            "{}",
            path.display()
        );
        // Every game a player's row records is in the model, from both sides.
        for p in &t.players {
            for (k, e) in p.rounds.iter().enumerate() {
                if let Some(o) = e.opponent() {
                    let back = t.player(o).unwrap().rounds[k].opponent();
                    assert_eq!(back, Some(p.id), "{} round {}", path.display(), k + 1);
                }
            }
        }
        // What a TRF writer makes of it reads back as the same tournament.
        // TRF carries national ratings only in federation records, which the model keeps apart.
        let mut t = t.clone();
        for p in &mut t.players {
            p.national_rating = None;
        }
        let t = &t;
        let text = trf::write(t, trf::Format::Trf26);
        let again = trf::read(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
        if &again != t {
            std::fs::write("/tmp/papi/a.txt", format!("{again:#?}")).unwrap();
            std::fs::write("/tmp/papi/b.txt", format!("{t:#?}")).unwrap();
        }
        assert_eq!(&again, t);
    }
}

/// Hand-read values of one real file (bre-jeunes-2024-open-b.papi, its rows as mdb-export
/// prints them): the pairing-allocated bye is a game against Ref 1 won by forfeit (B, 1, 6), a
/// player absent is F with 0, a forfeit is N 4 against B 6.
#[test]
fn codes_of_a_real_file_read_as_papi_means_them() {
    use tournament::{Entry, GameResult};
    let file = papi::read(&std::fs::read(data("bre-jeunes-2024-open-b.papi")).unwrap()).unwrap();
    let yana = file.players.iter().find(|p| p.last_name == "YANA").unwrap();
    assert_eq!(yana.rounds[6].opponent, Some(1));
    assert_eq!(yana.rounds[6].result, PapiResult::ForfeitWin);
    let t = file.to_tournament().unwrap().tournament;
    assert_eq!(t.header.rounds, Some(7));
    assert_eq!(t.players.len(), 14);
    let find = |name: &str| t.players.iter().find(|p| p.name.starts_with(name)).unwrap();
    assert_eq!(find("YANA").rounds[6], Entry::PairingBye);
    let haboucha = find("HABOUCHA");
    assert_eq!(haboucha.rounds[2], Entry::ZeroBye);
    let caramelli = find("CARAMELLI");
    assert!(
        matches!(haboucha.rounds[5], Entry::ForfeitLoss { opponent: Some(o), .. } if o == caramelli.id)
    );
    assert!(
        matches!(caramelli.rounds[5], Entry::ForfeitWin { opponent: Some(o), .. } if o == haboucha.id)
    );
    let morbieu = find("MORBIEU");
    assert!(matches!(
        morbieu.rounds[0],
        Entry::Played {
            result: GameResult::Win,
            color: tournament::Color::White,
            ..
        }
    ));
    // MORBIEU: 1 + ½ + ½ + 1 + 0 + 1 + 0 (B 4 3, B 10 2, N 8 2, N 9 3, B 7 1, N 13 3, N 12 1).
    assert_eq!(morbieu.points, tournament::Points::from_tenths(40));
}

#[test]
fn a_trf_written_as_papi_reads_back_through_mdbtools_and_our_reader_as_the_same_tournament() {
    let text = std::fs::read_to_string(data("open.trf")).unwrap();
    let t = trf::read(&text).unwrap();
    let made = papi::PapiFile::from_tournament(&t).unwrap();
    assert_eq!(made.warnings, Vec::<String>::new());
    let bytes = papi::write(&made.file).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.papi");
    std::fs::write(&path, &bytes).unwrap();

    let back = papi::read(&bytes).unwrap();
    assert_eq!(back, made.file);
    let converted = back.to_tournament().unwrap();
    assert_eq!(converted.warnings, Vec::<String>::new());
    if converted.tournament != t {
        std::fs::write("/tmp/papi/c.txt", format!("{:#?}", converted.tournament)).unwrap();
        std::fs::write("/tmp/papi/d.txt", format!("{t:#?}")).unwrap();
    }
    assert_eq!(converted.tournament, t);
    assert_eq!(
        trf::write(&converted.tournament, trf::Format::Trf16),
        trf::write(&t, trf::Format::Trf16)
    );

    if have_mdbtools() {
        assert_rounds_like_mdb_export(&path, &back);
        let schema = |p: &Path| {
            let out = Command::new("mdb-schema")
                .args(["--no-indexes", "--no-relations", p.to_str().unwrap()])
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        let empty = dir.path().join("empty.papi");
        std::fs::write(&empty, papi::write(&papi::PapiFile::empty()).unwrap()).unwrap();
        let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/papi/empty.papi");
        assert_eq!(schema(&path), schema(&original));
        assert_eq!(schema(&empty), schema(&original));
        // Hand-checked cells of the TRF: Marchetti (TPN 1, Ref 2) drew with 11 (Ref 12) with White
        // in round 1; Ivanova (TPN 14, Ref 15) had the pairing-allocated bye in round 4; Duarte
        // (TPN 5, Ref 6) a half-point bye in round 6.
        let (header, rows) = export(&path, "JOUEUR");
        let col = |n: &str| header.iter().position(|h| h == n).unwrap();
        let row = |r: &str| rows.iter().find(|x| x[col("Ref")] == r).unwrap();
        assert_eq!(
            (
                row("2")[col("Nom")].as_str(),
                row("2")[col("Prenom")].as_str()
            ),
            ("Marchetti", "Luca")
        );
        assert_eq!(row("2")[col("FideTitre")], "f");
        assert_eq!(
            [
                &row("2")[col("Rd01Cl")],
                &row("2")[col("Rd01Adv")],
                &row("2")[col("Rd01Res")]
            ],
            ["B", "12", "2"]
        );
        assert_eq!(
            [
                &row("15")[col("Rd04Cl")],
                &row("15")[col("Rd04Adv")],
                &row("15")[col("Rd04Res")]
            ],
            ["B", "1", "6"]
        );
        assert_eq!(
            [&row("1")[col("Rd04Cl")], &row("1")[col("Rd04Adv")]],
            ["N", "15"]
        );
        assert_eq!(
            [&row("6")[col("Rd06Cl")], &row("6")[col("Rd06Res")]],
            ["F", "2"]
        );
        let (_, info) = export(&path, "INFO");
        let setting = |n: &str| info.iter().find(|r| r[0] == n).unwrap()[1].clone();
        assert_eq!(setting("Nom"), "Harbourside Spring Open 2026");
        assert_eq!(setting("NbrRondes"), "7");
        assert_eq!(setting("DateDebut"), "14/03/2026");
        assert_eq!(setting("Genre"), "Suisse");
    }
}

/// A round robin is written as Papi's `ToutesRondes` paired by `Berger`, and reads back as one.
#[test]
fn a_round_robin_is_written_as_toutes_rondes() {
    let mut t = trf::read(&std::fs::read_to_string(data("open.trf")).unwrap()).unwrap();
    t.header.tournament_type = Some("Round robin".into());
    let made = papi::PapiFile::from_tournament(&t).unwrap();
    assert_eq!(made.file.setting("Genre"), Some("ToutesRondes"));
    assert_eq!(made.file.setting("Pairing"), Some("Berger"));
    let back = papi::read(&papi::write(&made.file).unwrap()).unwrap();
    assert!(back.is_round_robin());
    assert_eq!(back.to_tournament().unwrap().tournament, t);
}

/// What each real file holds that TRF does not carry, as the conversion says it.
#[test]
fn real_files_warnings() {
    for path in real_files() {
        let file = papi::read(&std::fs::read(&path).unwrap()).unwrap();
        let c = file.to_tournament().unwrap();
        println!(
            "{}: {} players, {} rounds planned, {} recorded; {:?}",
            path.file_name().unwrap().to_string_lossy(),
            c.tournament.players.len(),
            c.tournament.header.rounds.unwrap_or(0),
            c.tournament.recorded_rounds(),
            c.warnings
        );
    }
}

#[test]
fn bad_papi_files_are_refused_saying_what_and_where() {
    let good = std::fs::read(data("bre-jeunes-2024-open-b.papi")).unwrap();
    // Truncated.
    let err = papi::read(&good[..100_000]).unwrap_err();
    assert!(
        err.to_string().starts_with("not a readable Papi file:"),
        "{err}"
    );
    assert!(err.to_string().contains("truncated"), "{err}");
    // Another kind of file.
    let err = papi::read(
        std::fs::read_to_string(data("open.trf"))
            .unwrap()
            .as_bytes(),
    )
    .unwrap_err();
    assert!(
        matches!(err, PapiError::Database(jet::JetError::NotJet(_))),
        "{err}"
    );

    // A player whose opponent is not in the file: MORBIEU (Ref 2) against Ref 99 in round 1.
    let mut file = papi::read(&good).unwrap();
    let morbieu = file.players.iter_mut().find(|p| p.reference == 2).unwrap();
    morbieu.rounds[0].opponent = Some(99);
    let bytes = papi::write(&file).unwrap();
    let err = papi::read(&bytes).unwrap().to_tournament().unwrap_err();
    assert_eq!(
        err.to_string(),
        "table JOUEUR, player Ref 2 (MORBIEU Guillaume), column Rd01Adv: opponent Ref 99 is not in the file"
    );
    // A game the opponent does not record the same way.
    let mut file = papi::read(&good).unwrap();
    file.players
        .iter_mut()
        .find(|p| p.reference == 4)
        .unwrap()
        .rounds[0]
        .result = PapiResult::Draw;
    let err = file.to_tournament().unwrap_err();
    assert_eq!(
        err.to_string(),
        "table JOUEUR, player Ref 4 (DEBARRE Romaric), column Rd01Adv: plays Ref 2 (MORBIEU Guillaume) \
         with N/2, but that player's round 1 records B/3 against Ref 4"
    );

    // 25 rounds, read and written.
    let mut file = papi::read(&good).unwrap();
    file.set("NbrRondes", Some("25".into()));
    let err = papi::read(&papi::write(&file).unwrap())
        .unwrap()
        .to_tournament()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "table INFO, setting NbrRondes: expected a number of rounds from 1 to 24 (Papi holds Rd01 to Rd24), found \"25\""
    );
    let mut t = trf::read(&std::fs::read_to_string(data("open.trf")).unwrap()).unwrap();
    t.header.rounds = Some(25);
    let err = papi::PapiFile::from_tournament(&t).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot be written as a Papi file: 25 rounds: Papi holds at most 24 (Rd01 to Rd24)"
    );
}
