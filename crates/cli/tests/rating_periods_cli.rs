//! `arbiter event export --to trf26 --per-period -o FOLDER`: one TRF per rating period (issue 35
//! §4), named after the period, never over a file already there, refused while a reported round
//! has no date. And `arbiter norms --rating-list` (issue 36 §3): a norm judged on the opponents'
//! ratings of the month each game was played in.

mod common;

use std::path::Path;

use common::{ok_in as ok, path_str, run, run_in, stderr, stdout, temp_dir, write};

/// An event of six players, round 1 on 28 November and round 2 on 5 December, both played
/// (`e.db` in `d`). The dates are set through the store, as the application's schedule does.
fn two_months(d: &Path) {
    let mut csv = String::from("Nom;Prénom;Elo;Fédération\n");
    for i in 0..6 {
        csv.push_str(&format!("Joueur{i:02};Test;{};FRA\n", 2200 - i * 45));
    }
    std::fs::write(d.join("players.csv"), csv).unwrap();
    let e = |args: &[&str]| {
        let mut v = vec!["event", "--db", "e.db"];
        v.extend_from_slice(args);
        ok(d, &v)
    };
    e(&["create", "--name", "Open", "--rounds", "2"]);
    e(&["import", "1", "players.csv"]);
    let store = store::Store::open(&d.join("e.db")).unwrap();
    let dates: Vec<(u32, Option<store::RoundStart>)> = vec![
        (1, Some("2026-11-28".parse().unwrap())),
        (2, Some("2026-12-05".parse().unwrap())),
    ];
    store.set_round_starts("chief", 1, &dates, None).unwrap();
    drop(store);
    for round in 1..=2u32 {
        e(&["pair", "1"]);
        for board in 1..=3u32 {
            e(&["result", "1", &round.to_string(), &board.to_string(), "1/2"]);
        }
    }
}

fn export(d: &Path, extra: &[&str]) -> std::process::Output {
    let mut v = vec![
        "event",
        "--db",
        "e.db",
        "export",
        "1",
        "--to",
        "trf26",
        "--per-period",
    ];
    v.extend_from_slice(extra);
    run_in(d, &v)
}

#[test]
fn an_event_over_two_months_exports_one_file_per_month() {
    let dir = temp_dir();
    let d = dir.path();
    two_months(d);
    let out = export(d, &["-o", "fide"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let nov = d.join("fide/event-1-trf2026-2026-11.trf");
    let dec = d.join("fide/event-1-trf2026-2026-12.trf");
    assert_eq!(
        stdout(&out),
        format!(
            "2026-11  Round 1  {}\n2026-12  Round 2  {}\n",
            Path::new("fide")
                .join("event-1-trf2026-2026-11.trf")
                .display(),
            Path::new("fide")
                .join("event-1-trf2026-2026-12.trf")
                .display()
        )
    );
    let november = std::fs::read_to_string(&nov).unwrap();
    let december = std::fs::read_to_string(&dec).unwrap();
    assert!(november.starts_with("012 Open Round 1"), "{november}");
    assert!(december.starts_with("012 Open Round 2"), "{december}");
    // Every draw: 0.5 a player in each file, round 1's columns empty in December's.
    for line in december.lines().filter(|l| l.starts_with("001")) {
        assert_eq!(line[80..84].trim(), "0.5", "{line}");
        assert_eq!(line.get(91..99).unwrap_or("").trim(), "", "{line}");
        assert!(line[101..109].ends_with('='), "{line}");
    }

    // Again: the files are there, nothing is overwritten (exit 3, the file named).
    std::fs::write(&nov, "kept").unwrap();
    let out = export(d, &["-o", "fide"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("event-1-trf2026-2026-11.trf: the file exists"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&nov).unwrap(), "kept");

    // Without a folder.
    let out = export(d, &[]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("-o"), "{}", stderr(&out));
}

#[test]
fn a_round_without_a_date_writes_nothing() {
    let dir = temp_dir();
    let d = dir.path();
    two_months(d);
    let store = store::Store::open(&d.join("e.db")).unwrap();
    store
        .set_round_starts("chief", 1, &[(2, None)], None)
        .unwrap();
    drop(store);
    let out = export(d, &["-o", "fide"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("round 2: expected a date"),
        "{}",
        stderr(&out)
    );
    assert!(!d.join("fide").exists());
}

/// Player `a`'s result against `b` in the norms event ("1", "=", "0"): the open of
/// `rating_cli.rs` (players 1-7 draw among themselves).
fn result(a: u32, b: u32) -> &'static str {
    const DECISIVE: [(u32, u32); 21] = [
        (1, 11),
        (1, 12),
        (2, 10),
        (2, 12),
        (3, 10),
        (3, 12),
        (4, 9),
        (4, 12),
        (8, 5),
        (5, 12),
        (8, 6),
        (6, 10),
        (6, 12),
        (9, 7),
        (11, 7),
        (8, 9),
        (8, 11),
        (8, 12),
        (9, 10),
        (9, 12),
        (10, 12),
    ];
    if DECISIVE.contains(&(a, b)) {
        "1"
    } else if DECISIVE.contains(&(b, a)) {
        "0"
    } else {
        "="
    }
}

/// (sex, title, federation, June rating, July rating) of players 1-12: in July GM 3 is listed
/// at 2380 (2540 in June), IM 5 at 2300 (2470) and IM 7 at 2400 (2430); titles do not change.
const FIELD: [(char, &str, &str, u16, u16); 12] = [
    ('m', "GM", "GER", 2580, 2580),
    ('m', "GM", "ITA", 2560, 2560),
    ('m', "GM", "ESP", 2540, 2380),
    ('m', "GM", "NED", 2520, 2520),
    ('m', "IM", "CZE", 2470, 2300),
    ('m', "IM", "FRA", 2450, 2450),
    ('m', "IM", "ENG", 2430, 2400),
    ('m', "FM", "FRA", 2400, 2400),
    ('m', "FM", "FRA", 2380, 2380),
    ('m', "", "FRA", 2350, 2350),
    ('w', "WIM", "FRA", 2300, 2300),
    ('m', "", "FRA", 2250, 2250),
];

/// The open of `rating_cli.rs` over two rating periods: rounds 1-5 from 26 to 30 June 2026,
/// rounds 6-10 from 1 to 5 July (the `132` dates); each player has a FIDE id (700001 for 1, …),
/// and the file carries the June ratings. A 12-player circle schedule (index 11 fixed; in round
/// r index r meets 11 and i meets j when i + j ≡ 2r mod 11), White the lower index.
fn june_july_trf() -> String {
    let mut rounds: Vec<Vec<String>> = vec![Vec::new(); 12];
    let mut halves = [0u32; 12];
    for r in 0..10u32 {
        let mut pairs = vec![(r, 11)];
        for i in 0..11u32 {
            let j = (2 * r + 22 - i) % 11;
            if i < j {
                pairs.push((i, j));
            }
        }
        for (w, b) in pairs {
            for (me, them, colour) in [(w, b, 'w'), (b, w, 'b')] {
                let res = result(me + 1, them + 1);
                halves[me as usize] += match res {
                    "1" => 2,
                    "=" => 1,
                    _ => 0,
                };
                rounds[me as usize].push(format!("  {:>4} {colour} {res}", them + 1));
            }
        }
    }
    let dates: Vec<String> = (26..=30)
        .map(|d| format!("26/06/{d}"))
        .chain((1..=5).map(|d| format!("26/07/{d:02}")))
        .collect();
    let mut text = format!(
        "012 Open des Titres\n042 2026/06/26\n052 2026/07/05\nXXR 10\n132{:88}{}\n",
        "",
        dates.join("  ")
    );
    for (i, (sex, title, fed, june, _)) in FIELD.iter().enumerate() {
        let points = format!(
            "{}.{}",
            halves[i] / 2,
            if halves[i] % 2 == 1 { 5 } else { 0 }
        );
        text.push_str(&format!(
            "001 {:>4} {sex}{title:>3} {:<33} {june:>4} {fed} {:>11} {:>10} {points:>4} {:>4}{}\n",
            i + 1,
            format!("Player, No{}", i + 1),
            700001 + i,
            "",
            i + 1,
            rounds[i].concat()
        ));
    }
    text
}

/// FIDE's XML list of July 2026 for the twelve players.
fn july_xml() -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>\n");
    for (i, (_, title, fed, _, july)) in FIELD.iter().enumerate() {
        xml.push_str(&format!(
            "<player><fideid>{}</fideid><name>Player, No{}</name><country>{fed}</country>\
             <title>{title}</title><rating>{july}</rating></player>\n",
            700001 + i,
            i + 1
        ));
    }
    xml.push_str("</playerslist>\n");
    xml
}

/// B.01 1.1.4 on the command line: player 9 (FM, FRA) and the IM norm.
///
/// Player 9 meets, round by round, 4 (0), 6 (½), 8 (0), 10 (1), 1 (½) in June, then 3 (½),
/// 5 (½), 7 (1), 12 (1), 11 (½) in July: 5½ of 10. The June opponents total
/// 2520 + 2450 + 2400 + 2350 + 2580 = 12,300.
///
/// With the file's ratings only (one list), the July opponents total
/// 2540 + 2470 + 2430 + 2250 + 2300 = 11,990: Ra = 24,290 / 10 = 2429, 55 % gives dp 36,
/// Rp 2465 ≥ 2450: the IM norm is achieved over rounds 1-10 (as in `rating_cli.rs`).
///
/// With July's list for rounds 6-10 the July opponents total 2380 + 2300 + 2400 + 2250 + 2300 =
/// 11,630, and no way of counting the games reaches 2450:
/// - rounds 1-10: Ra = 23,930 / 10 = 2393, dp(55 %) = 36, Rp 2429;
/// - rounds 1-9 (1.4.1e, 9 games): 5 of 9, Ra = (23,930 − 2300) / 9 = 2403.3 → 2403,
///   dp(56 %) = 43, Rp 2446;
/// - one beaten opponent left out (1.4.1f, 4½ of 9, dp(50 %) = 0): without 10,
///   Ra = 21,580 / 9 = 2397.8 → 2398; without 7, 21,530 / 9 = 2392.2 → 2392; without 12,
///   21,680 / 9 = 2408.9 → 2409; each Rp = Ra, below 2450.
///
/// The report names the performance over all ten games, 2429 against 2450 (1.4.8).
#[test]
fn norms_read_the_opponents_at_the_list_of_the_month_played() {
    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", june_july_trf());
    let list = write(dir.path(), "standard_jul26frl.xml", july_xml());
    let im_of_9 = |extra: &[&str]| {
        let mut args = vec!["norms", path_str(&trf), "-f", "json"];
        args.extend(extra);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let im = v["players"][8]["norms"][1].clone();
        assert_eq!(im["norm"], "IM", "{im}");
        (im, stderr(&o))
    };

    let (im, warning) = im_of_9(&[]);
    assert!(warning.contains("rounds 6-10 are in 2026-07"), "{warning}");
    assert_eq!(im["status"], "achieved", "{im}");
    assert_eq!(im["average"], 2429, "{im}");
    assert_eq!(im["performance"], 2465, "{im}");

    let (im, warning) = im_of_9(&["--rating-list", path_str(&list)]);
    assert_eq!(warning, "");
    assert_eq!(im["status"], "not_possible", "{im}");
    assert_eq!(im["reasons"][0]["reason"], "performance", "{im}");
    assert_eq!(im["reasons"][0]["article"], "1.4.8", "{im}");
    assert_eq!(im["reasons"][0]["performance"], 2429, "{im}");
    assert_eq!(im["reasons"][0]["required"], 2450, "{im}");
}
