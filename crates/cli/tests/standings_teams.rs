//! `arbiter standings --teams`: team standings from a TRF with 013 team records.

mod common;

use common::{path_str, stderr, stdout, temp_dir, write};

/// Four teams of two, a round robin of matches: A–B 1½–½, C–D 0–2; A–C 1–1, B–D 2–0;
/// A–D 1–1, B–C ½–1½.
const TEAMS: &str = "012 Tiny Teams\n\
XXR 3\n\
001    1      Player 1                          1500                             1.5    0     3 w 1     5 w =     7 w 0\n\
001    2      Player 2                          1500                             2.0    0     4 w =     6 w =     8 w 1\n\
001    3      Player 3                          1500                             1.5    0     1 b 0     7 w 1     5 w =\n\
001    4      Player 4                          1500                             1.5    0     2 b =     8 w 1     6 w 0\n\
001    5      Player 5                          1500                             1.0    0     7 w 0     1 b =     3 b =\n\
001    6      Player 6                          1500                             1.5    0     8 w 0     2 b =     4 b 1\n\
001    7      Player 7                          1500                             2.0    0     5 b 1     3 b 0     1 b 1\n\
001    8      Player 8                          1500                             1.0    0     6 b 1     4 b 0     2 b 0\n\
013 Team A                             1    2\n\
013 Team B                             3    4\n\
013 Team C                             5    6\n\
013 Team D                             7    8\n\
";

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let dir = temp_dir();
    let f = write(dir.path(), "teams.trf", TEAMS);
    let mut all = vec!["standings", path_str(&f)];
    all.extend_from_slice(args);
    let o = common::run(&all);
    (o.status.code(), stdout(&o), stderr(&o))
}

#[test]
fn team_standings_text() {
    let (code, out, err) = run(&["--teams", "-t", "EDE,EMMSB,BC"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "Tiny Teams: Team standings (tie-break rules 2026)\n\
Rank  No  Team    MP   GP  EDE  EMMSB   BC\n   \
1   1  Team A   4  3.5    0  10.00  5.5\n   \
2   4  Team D   3  3.0    1  10.00  4.0\n   \
3   3  Team C   3  2.5    2   8.00  4.0\n   \
4   2  Team B   2  3.0    0   6.00  4.5\n"
    );
}

#[test]
fn team_standings_json_and_primary() {
    let (code, out, _) = run(&["--teams", "--primary", "gp", "-t", "EDE,TBR", "-f", "json"]);
    assert_eq!(code, Some(0));
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let names: Vec<&str> = doc["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Team A", "Team B", "Team D", "Team C"]);
    assert_eq!(doc["standings"][0]["points"], 3.5);
    assert_eq!(
        doc["standings"][0]["values"][1],
        serde_json::json!([1.5, 2])
    );
    let (code, _, err) = run(&["--teams", "-t", "ARO"]);
    assert_eq!(code, Some(3));
    assert!(err.contains("ARO"), "{err}");
}

/// The HTML page is the renderer's, as for the players' standings: the event's name, the
/// team columns, the tie-break codes and their legend, in English or French.
#[test]
fn team_standings_html_through_the_renderer() {
    let (code, html, err) = run(&["--teams", "-t", "EDE,EMMSB,BH:GP", "-f", "html"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"),
        "{html}"
    );
    assert!(
        html.contains("<title>Tiny Teams — Team standings after round 3</title>")
            && html.contains("<h1>Tiny Teams</h1>"),
        "{html}"
    );
    assert!(
        html.contains(
            "<th>Rk</th><th class=\"num\">No.</th><th>Team</th><th class=\"num\">MP</th>\
             <th class=\"num\">GP</th><th class=\"tb\">EDE</th><th class=\"tb\">EMMSB</th>\
             <th class=\"tb\">BH:GP</th>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<tr id=\"team-1\"><td class=\"num\">1</td><td class=\"num\">1</td>\
             <td class=\"name\">Team A</td><td class=\"num points\">4</td>\
             <td class=\"num points\">3.5</td><td class=\"num\">0</td>\
             <td class=\"num\">10.00</td>"
        ),
        "{html}"
    );
    assert!(
        html.contains("<section class=\"legend\" id=\"legend\"><h3>Legend</h3>")
            && html.contains("<dt>EDE</dt><dd>Extended direct encounter</dd>")
            && html.contains("<dt>BH:GP</dt><dd>Buchholz on game points</dd>"),
        "{html}"
    );
    let (code, html, _) = run(&["--teams", "-f", "html", "--lang", "fr"]);
    assert_eq!(code, Some(0));
    assert!(html.contains("<html lang=\"fr\">"), "{html}");
    assert!(
        html.contains("Classement par équipes après la ronde 3")
            && html.contains("<th>Équipe</th>")
            && html.contains("Légende")
            && html.contains("<dt>MPvGP</dt><dd>L&#39;autre score"),
        "{html}"
    );
    assert!(html.contains("<td class=\"num points\">3,5</td>"), "{html}");
    let (code, out, _) = run(&["--teams", "-f", "html", "--lang", "de"]);
    assert_eq!(code, Some(3));
    assert!(out.is_empty());
}
