//! `arbiter norms` and `arbiter rating-change` driven as a binary on a 10-round open of our own
//! (the one of the `rating` crate's tests/open.rs, written here as TRF): exact text output,
//! the JSON fields, and errors naming the option.

mod common;

use common::{path_str, run, stderr, stdout, temp_dir, write};
use serde_json::json;

/// Player `a`'s result against `b` ("1", "=", "0"): the players 1-7 draw among themselves.
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

/// (sex, title, federation, rating) of players 1-12.
const FIELD: [(char, &str, &str, u16); 12] = [
    ('m', "GM", "GER", 2580),
    ('m', "GM", "ITA", 2560),
    ('m', "GM", "ESP", 2540),
    ('m', "GM", "NED", 2520),
    ('m', "IM", "CZE", 2470),
    ('m', "IM", "FRA", 2450),
    ('m', "IM", "ENG", 2430),
    ('m', "FM", "FRA", 2400),
    ('m', "FM", "FRA", 2380),
    ('m', "", "FRA", 2350),
    ('w', "WIM", "FRA", 2300),
    ('m', "", "FRA", 2250),
];

/// The open as TRF-16: rounds 1-10 of a 12-player circle schedule (index 11 fixed; in round r
/// index r meets 11 and i meets j when i + j ≡ 2r mod 11), White the lower index.
fn open_trf() -> String {
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
            let rw = result(w + 1, b + 1);
            let rb = result(b + 1, w + 1);
            for (me, them, colour, res) in [(w, b, 'w', rw), (b, w, 'b', rb)] {
                halves[me as usize] += match res {
                    "1" => 2,
                    "=" => 1,
                    _ => 0,
                };
                rounds[me as usize].push(format!("  {:>4} {colour} {res}", them + 1));
            }
        }
    }
    let mut text = String::from("012 Open des Titres\n042 2026/07/10\n052 2026/07/19\nXXR 10\n");
    for (i, (sex, title, fed, rating)) in FIELD.iter().enumerate() {
        let points = format!(
            "{}.{}",
            halves[i] / 2,
            if halves[i] % 2 == 1 { 5 } else { 0 }
        );
        text.push_str(&format!(
            "001 {:>4} {sex}{title:>3} {:<33} {rating:>4} {fed}             {:>10} {points:>4} {:>4}{}\n",
            i + 1,
            format!("Player, No{}", i + 1),
            "",
            i + 1,
            rounds[i].concat()
        ));
    }
    text
}

#[test]
fn norms_after_the_last_round() {
    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", open_trf());
    let o = run(&["norms", path_str(&trf), "--host", "FRA"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Worked by hand in crates/rating/tests/open.rs.
    assert_eq!(
        stdout(&o),
        "Open des Titres: title norms after round 10 of 10\n\
No  Name          Fed  Title  Norm  Status    Detail\n \
8  Player, No8   FRA  FM     GM    achieved  6.5 in 9 games (rounds 1-2, 4-10), Ra 2434, Rp 2600; beaten opponents left out (1.4.1f): round 3; counts 9 games\n                              \
IM    achieved  7.5 in 10 games (rounds 1-10), Ra 2429, Rp 2622; 2 extra games (1.4.1d); counts 12 games\n \
9  Player, No9   FRA  FM     IM    achieved  5.5 in 10 games (rounds 1-10), Ra 2429, Rp 2465; counts 10 games\n\
11  Player, No11  FRA  WIM    WGM   achieved  4.5 in 10 games (rounds 1-10), Ra 2468, Rp 2432; counts 10 games\n"
    );
}

#[test]
fn norm_in_reach_after_round_8_and_every_norm_in_json() {
    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", open_trf());
    let o = run(&["norms", path_str(&trf), "--round", "8", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["round"], 8);
    assert_eq!(v["rounds"], 10);
    // 9: 4/8 on Ra 2467.5 → 2468; the IM norm needs 5/10: one point in two rounds.
    let im = &v["players"][8]["norms"][1];
    assert_eq!(im["norm"], "IM");
    assert_eq!(im["status"], "in_reach");
    assert_eq!(im["points_needed"], 1.0);
    assert_eq!(im["on_average"], 2468);
    // The GM norm would need 7/10: 6/10 at most gives Rp 2540.
    let gm = &v["players"][8]["norms"][0];
    assert_eq!(gm["status"], "not_possible");
    assert_eq!(gm["reasons"][0]["article"], "1.4.8");
    assert_eq!(gm["reasons"][0]["performance"], 2540);
    assert_eq!(gm["reasons"][0]["required"], 2600);
    assert_eq!(gm["reasons"][0]["reason"], "performance");
    // The GMs want no norm.
    assert_eq!(v["players"][0]["norms"].as_array().unwrap().len(), 0);
}

/// The JSON names the article that exempts a player from the federation rules, as the
/// server's API does (one report for both; the flag `exempt` is gone), and the event's
/// exemption as the server's settings write it: a national championship's final (B.01
/// 1.4.3a) exempts the host federation's players (FRA: 6 and 8-12), not the others; a zonal
/// (1.4.3c) exempts everyone; no setting, nobody (the field is not a large Swiss for 1.4.3d).
#[test]
fn the_json_names_the_exemption_article() {
    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", open_trf());
    for (exemption, french, others) in [
        (Some("national-championship"), json!("1.4.3a"), json!(null)),
        (Some("zonal"), json!("1.4.3c"), json!("1.4.3c")),
        (None, json!(null), json!(null)),
    ] {
        let mut args = vec!["norms", path_str(&trf), "--host", "FRA", "-f", "json"];
        if let Some(e) = exemption {
            args.extend(["--exemption", e]);
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        for (i, p) in v["players"].as_array().unwrap().iter().enumerate() {
            let want = if FIELD[i].2 == "FRA" {
                &french
            } else {
                &others
            };
            assert_eq!(&p["exemption"], want, "{exemption:?}: {p}");
            assert!(p.get("exempt").is_none(), "{p}");
        }
        let event = exemption.map_or("none".to_string(), |e| e.replace('-', "_"));
        assert_eq!(v["exemption"], json!(event));
    }
}

#[test]
fn rating_changes_with_the_k_given_or_taken() {
    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", open_trf());
    let o = run(&[
        "rating-change",
        path_str(&trf),
        "-f",
        "json",
        "--k",
        "12=40",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    // 8 (2400, K 10 from 2400): PD 0.26 + 0.29 + 0.34 + 0.40 + 0.43 + 0.46 + 0.53 + 0.57 +
    // 0.64 + 0.70 = 4.62 against 1, 2, 4, 5, 6, 7, 9, 10, 11, 12; 7.5 − 4.62 = +2.88, × 10.
    let p8 = &v["players"][7];
    assert_eq!(p8["k"], 10);
    assert_eq!(p8["k_reason"], "reached_2400");
    assert_eq!(p8["expected"], 4.62);
    assert_eq!(p8["change"], "+28.80");
    assert_eq!(p8["change_rounded"], 29);
    // 12 (2250, K 40 given): PD 0.12 + 0.14 + 0.16 + 0.17 + 0.22 + 0.24 + 0.26 + 0.30 + 0.32
    // + 0.36 = 2.29 against 1-10; 0.5 − 2.29 = −1.79, × 40 = −71.60.
    let p12 = &v["players"][11];
    assert_eq!(p12["k"], 40);
    assert_eq!(p12["k_reason"], "given");
    assert_eq!(p12["change"], "-71.60");
    // Text: K 20 taken for 12 without --k, marked, the footnote said: −1.79 × 20 = −35.80.
    let o = run(&["rating-change", path_str(&trf)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let line = text
        .lines()
        .find(|l| l.contains("Player, No12 "))
        .unwrap()
        .to_string();
    assert!(
        line.ends_with("2250  20*     10  0.5  2.29  -35.80"),
        "{line}"
    );
    assert!(text.contains("* K 20 taken"));
}

#[test]
fn options_out_of_range_are_refused() {
    let dir = temp_dir();
    let trf = write(dir.path(), "open.trf", open_trf());
    let o = run(&["norms", path_str(&trf), "--round", "11"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("--round: expected a round from 1 to 10"),
        "{}",
        stderr(&o)
    );
    let o = run(&["rating-change", path_str(&trf), "--k", "13=40"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("--k: expected PLAYER=K"),
        "{}",
        stderr(&o)
    );
    let o = run(&["rating-change", path_str(&trf), "--k", "12=41"]);
    assert_eq!(o.status.code(), Some(3));
}

/// A three-player event over two rating periods: round 1 on 28 November 2026, round 2 on
/// 2 December. Player 1 (2000) draws with 2 (2000), then beats 3 (2100 in the file, the
/// November list; 2200 in the December list); 2 and 3 each have the pairing-allocated bye once.
fn two_periods_trf() -> String {
    let mut dates = format!("132{:88}", "");
    dates.push_str("26/11/28  26/12/02");
    let line = |n: u32, rating: u16, fide: u64, points: &str, rounds: &str| {
        format!(
            "001 {n:>4} m    {:<33} {rating:>4} FRA {fide:>11} {:>10} {points:>4} {n:>4}{rounds}\n",
            format!("Player, No{n}"),
            ""
        )
    };
    format!(
        "012 Fin d'annee\n042 2026/11/28\n052 2026/12/02\nXXR 2\n{dates}\n{}{}{}",
        line(1, 2000, 100001, "1.5", "     2 w =     3 b 1"),
        line(2, 2000, 100002, "1.5", "     1 b =  0000 - U"),
        line(3, 2100, 100003, "1.0", "  0000 - U     1 w 0"),
    )
}

fn december_xml() -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>\n");
    for (id, rating) in [(100001, 2000), (100002, 2000), (100003, 2200)] {
        xml.push_str(&format!(
            "<player><fideid>{id}</fideid><name>Player, No{}</name><country>FRA</country>\
             <title></title><rating>{rating}</rating></player>\n",
            id - 100000
        ));
    }
    xml.push_str("</playerslist>\n");
    xml
}

/// B.01 1.1.4 and B.02 on the command line: the games of a later period are rated at that
/// period's list. Player 1, K 20: one period, 1.5 − (0.50 + 0.36 against 2100) = 0.64, × 20 =
/// +12.80; with the December list, 3 is 2200 in round 2: 1.5 − (0.50 + 0.24) = 0.76, × 20 =
/// +15.20 (expected scores from B.02's table: 100 points 0.64, 200 points 0.76).
#[test]
fn rating_change_reads_each_period_at_its_list() {
    let dir = temp_dir();
    let trf = write(dir.path(), "two.trf", two_periods_trf());
    let list = write(dir.path(), "standard_dec26frl.xml", december_xml());
    let change = |extra: &[&str]| {
        let mut args = vec!["rating-change", path_str(&trf), "-f", "json", "--k", "1=20"];
        args.extend(extra);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        (v["players"][0]["change"].clone(), stderr(&o))
    };
    let (one_period, warning) = change(&[]);
    assert_eq!(one_period, "+12.80");
    assert!(warning.contains("round 2 is in 2026-12"), "{warning}");
    let (by_name, warning) = change(&["--rating-list", path_str(&list)]);
    assert_eq!(by_name, "+15.20");
    assert_eq!(warning, "");
    let given = format!("2026-12={}", path_str(&list));
    assert_eq!(change(&["--rating-list", &given]).0, "+15.20");
    // A list for a month the event does not reach is refused, naming the month expected.
    let november = format!("2026-11={}", path_str(&list));
    let o = run(&["rating-change", path_str(&trf), "--rating-list", &november]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "expected the month of a later rating period of the event (2026-12), found 2026-11"
        ),
        "{}",
        stderr(&o)
    );
}
