//! The two-browser scenarios of every form that changes shared state (issue 34 §1), one per
//! route: the forms come from the server's own list of its routes ([`server::routes`]), and a
//! page route that has no scenario here fails the test, so a new form is covered as soon as it
//! exists. Each scenario makes its own event (or group, session, series, teams event) through
//! the JSON API, so that they do not disturb one another.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::{json, Value};
use server::guard::{Guard, Kind};

use super::harness::{Browser, Server};
use super::stale::{form, run_one, scenario, Api, Form, Scenario};

/// Every page route of the server that changes shared state and carries a version.
fn page_routes() -> BTreeSet<&'static str> {
    let (_, edits) = server::routes().finish();
    edits
        .into_iter()
        .filter(|e| !e.path.starts_with("/api/"))
        .filter(|e| matches!(e.guard, Guard::Whole(_) | Guard::Merge(_)))
        .map(|e| &*e.path.leak())
        .collect()
}

/// Runs every scenario with two browsers; fails on a route without one.
pub async fn every_form(server: &Server, chief: &Browser, deputy: &Browser, files: &Path) {
    let api = Api::login(&server.base);
    let scenarios = scenarios(&api, files);
    for s in &scenarios {
        run_one(s, server, &api, chief, deputy).await;
    }
    let covered: BTreeSet<&str> = scenarios.iter().map(|s| s.route).collect();
    let missing: Vec<_> = page_routes().difference(&covered).copied().collect();
    assert!(
        missing.is_empty(),
        "forms without a two-browser scenario: {missing:#?}"
    );
}

/// The change the deputy makes elsewhere on the same event: its place.
fn event_elsewhere(e: i64, place: &str) -> Form {
    form(format!("/events/{e}/edit"), format!("/events/{e}/edit")).text("place", place)
}

fn scenarios(api: &Api, files: &Path) -> Vec<Scenario> {
    let mut out = Vec::new();
    out.extend(event_scenarios(api, files));
    out.extend(round_scenarios(api));
    out.extend(list_and_entry_scenarios(api));
    out.extend(group_scenarios(api));
    out.extend(bridge_scenarios(api, files));
    out.extend(bridge_teams_scenarios(api, files));
    out.extend(bridge_individual_scenarios(api));
    out.extend(team_scenarios(api));
    out.extend(cup_scenarios(api));
    out.extend(captain_code_scenarios(api));
    out.extend(roster_scenarios(api));
    out
}

fn event_scenarios(api: &Api, files: &Path) -> Vec<Scenario> {
    use Kind::Event;
    let mut out = Vec::new();
    let csv = files.join("joueurs.csv");
    std::fs::write(&csv, "Nom;Prénom;Elo\nImporté;Un;1500\n").unwrap();

    let (e, _) = api.event("Réglages", 4, json!({}));
    let edit = form(format!("/events/{e}/edit"), format!("/events/{e}/edit"));
    out.push(scenario(
        "/events/{id}/edit",
        Event,
        e,
        edit.clone().text("place", "Paris"),
        vec![edit.text("place", "Lyon")],
    ));

    let (e, _) = api.event("Inscriptions", 0, json!({}));
    let settings = form(
        format!("/events/{e}/entries"),
        format!("/events/{e}/entries/settings"),
    );
    out.push(scenario(
        "/events/{id}/entries/settings",
        Event,
        e,
        settings.clone().text("fee_default", "20"),
        vec![settings.text("fee_default", "10")],
    ));

    let (e, p) = api.event("Droits", 2, json!({}));
    let fee = form(
        format!("/events/{e}/fees"),
        format!("/events/{e}/fees/{}", p[0]),
    );
    out.push(scenario(
        "/events/{id}/fees/{pid}",
        Event,
        e,
        fee.clone().text("paid", "20"),
        vec![fee.text("paid", "10")],
    ));

    let (e, p) = api.event("Paires interdites", 4, json!({}));
    let add = form(
        format!("/events/{e}/players"),
        format!("/events/{e}/forbidden"),
    );
    out.push(scenario(
        "/events/{id}/forbidden",
        Event,
        e,
        add.clone().select("a", p[2]).select("b", p[3]),
        vec![add.select("a", p[0]).select("b", p[1])],
    ));

    let (e, p) = api.event("Paires retirées", 4, json!({}));
    api.post(
        &format!("/api/events/{e}/forbidden"),
        json!({"a": p[0], "b": p[1]}),
    );
    out.push(scenario(
        "/events/{id}/forbidden/remove",
        Event,
        e,
        form(
            format!("/events/{e}/players"),
            format!("/events/{e}/forbidden/remove"),
        ),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, _) = api.event("Tirage", 4, json!({"tiebreaks": "LOT"}));
    out.push(scenario(
        "/events/{id}/lots",
        Event,
        e,
        form(
            format!("/events/{e}/standings"),
            format!("/events/{e}/lots"),
        ),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, _) = api.event("Appariement", 4, json!({}));
    out.push(scenario(
        "/events/{id}/pair",
        Event,
        e,
        form(format!("/events/{e}/rounds/1"), format!("/events/{e}/pair")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, _) = api.event("Tous présents", 4, json!({}));
    out.push(scenario(
        "/events/{id}/players/all-present",
        Event,
        e,
        form(
            format!("/events/{e}/players"),
            format!("/events/{e}/players/all-present"),
        )
        .nth(1),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, p) = api.event("Exemptions", 4, json!({}));
    let byes = form(
        format!("/events/{e}/players"),
        format!("/events/{e}/players/byes"),
    );
    out.push(scenario(
        "/events/{id}/players/byes",
        Event,
        e,
        byes.clone()
            .tick(format!("#pick-{}", p[1]), true)
            .select("round", 2)
            .select("kind", "zero"),
        vec![byes
            .tick(format!("#pick-{}", p[0]), true)
            .select("round", 2)
            .select("kind", "half")],
    ));

    let (e, p) = api.event("Pointage", 4, json!({}));
    api.post(
        &format!("/api/events/{e}/players/present"),
        json!({"present": false}),
    );
    let checkin = form(
        format!("/events/{e}/players"),
        format!("/events/{e}/players/checkin"),
    );
    out.push(
        scenario(
            "/events/{id}/players/checkin",
            Event,
            e,
            checkin.clone().tick(format!("#present-{}", p[1]), true),
            vec![checkin.clone().tick(format!("#present-{}", p[0]), true)],
        )
        // The chief's page showed the first player absent and leaves it so: the deputy's check-in
        // stays, the chief's own is written.
        .kept(
            format!("/events/{e}/players"),
            format!("#present-{}:checked", p[0]),
        )
        .fresh(checkin.tick(format!("#present-{}", p[2]), true)),
    );

    let (e, _) = api.event("Import", 2, json!({}));
    out.push(scenario(
        "/events/{id}/players/import",
        Event,
        e,
        form(
            format!("/events/{e}/players"),
            format!("/events/{e}/players/import"),
        )
        .file("file", &csv),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, p) = api.event("Fiche", 4, json!({}));
    let card = format!("/events/{e}/players/{}", p[0]);
    let bye = form(card.clone(), format!("{card}/bye"));
    out.push(scenario(
        "/events/{id}/players/{pid}/bye",
        Event,
        e,
        bye.clone().text("round", "2").select("kind", "zero"),
        vec![bye.text("round", "2").select("kind", "half")],
    ));

    let (e, p) = api.event("Édition", 4, json!({}));
    let player = form(
        format!("/events/{e}/players/{}/edit", p[0]),
        format!("/events/{e}/players/{}/edit", p[0]),
    );
    out.push(scenario(
        "/events/{id}/players/{pid}/edit",
        Event,
        e,
        player.clone().text("rating", "2100"),
        vec![player.text("rating", "1900")],
    ));

    let (e, p) = api.event("Retour", 4, json!({}));
    api.post(
        &format!("/api/events/{e}/players/{}/withdraw", p[0]),
        json!({"from_round": 2}),
    );
    let card = format!("/events/{e}/players/{}", p[0]);
    out.push(scenario(
        "/events/{id}/players/{pid}/reinstate",
        Event,
        e,
        form(card.clone(), format!("{card}/reinstate")),
        // The deputy takes the withdrawal back, then withdraws the player from round 3.
        vec![
            form(card.clone(), format!("{card}/reinstate")),
            form(card.clone(), format!("{card}/withdraw")).text("from_round", "3"),
        ],
    ));

    let (e, p) = api.event("Retrait", 4, json!({}));
    let card = format!("/events/{e}/players/{}", p[0]);
    out.push(scenario(
        "/events/{id}/players/{pid}/remove",
        Event,
        e,
        form(card.clone(), format!("{card}/remove")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, p) = api.event("Forfait général", 4, json!({}));
    let card = format!("/events/{e}/players/{}", p[0]);
    let other = format!("/events/{e}/players/{}", p[1]);
    out.push(
        scenario(
            "/events/{id}/players/{pid}/withdraw",
            Event,
            e,
            form(card.clone(), format!("{card}/withdraw")).text("from_round", "3"),
            vec![form(card.clone(), format!("{card}/withdraw")).text("from_round", "2")],
        )
        // Withdrawn by the deputy, the player's card offers no withdrawal any more: the chief's
        // fresh page is another player's.
        .fresh(form(other.clone(), format!("{other}/withdraw")).text("from_round", "3")),
    );

    // Two desks enter the same player (the same FIDE id): the second is refused; another
    // player from the page loaded again is entered.
    let (e, _) = api.event("Ajouts", 2, json!({}));
    let add = form(
        format!("/events/{e}/players"),
        format!("/events/{e}/players"),
    );
    out.push(
        scenario(
            "/events/{id}/players",
            Event,
            e,
            add.clone()
                .text("name", "Ajouté, Un")
                .text("fide_id", "20699001"),
            vec![add
                .clone()
                .text("name", "AJOUTÉ, Un")
                .text("fide_id", "20699001")],
        )
        .fresh(add.text("name", "Ajouté, Deux").text("fide_id", "20699002")),
    );

    let (e, _) = api.event("Prix", 4, json!({}));
    let prizes = form(format!("/events/{e}/prizes"), format!("/events/{e}/prizes"));
    out.push(scenario(
        "/events/{id}/prizes",
        Event,
        e,
        prizes
            .clone()
            .text("list", "prize;category;amount\n1;;200\n"),
        vec![prizes.text("list", "prize;category;amount\n1;;100\n")],
    ));

    let (e, _) = api.event("Rétablir", 2, json!({}));
    api.post(
        &format!("/api/events/{e}/players"),
        json!({"name": "Tardif, Un", "rating": 1500}),
    );
    api.post(
        &format!("/api/events/{e}/players"),
        json!({"name": "Tardif, Deux", "rating": 1400}),
    );
    api.post(&format!("/api/events/{e}/undo"), json!({}));
    api.post(&format!("/api/events/{e}/undo"), json!({}));
    let redo = form(format!("/events/{e}/log"), format!("/events/{e}/redo"));
    out.push(scenario(
        "/events/{id}/redo",
        Event,
        e,
        redo.clone(),
        vec![redo],
    ));

    let (e, _) = api.event("Annuler", 2, json!({}));
    api.post(
        &format!("/api/events/{e}/players"),
        json!({"name": "Tardif, Un", "rating": 1500}),
    );
    out.push(scenario(
        "/events/{id}/undo",
        Event,
        e,
        form(format!("/events/{e}/undo"), format!("/events/{e}/undo")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, _) = api.event("Horaires", 2, json!({}));
    let schedule = form(format!("/events/{e}/edit"), format!("/events/{e}/schedule"));
    out.push(scenario(
        "/events/{id}/schedule",
        Event,
        e,
        schedule.clone().value("date_1", "2026-12-20"),
        vec![schedule.value("date_1", "2026-12-19")],
    ));
    out
}

/// The round page's forms.
fn round_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::Event;
    let mut out = Vec::new();

    // A round with an objection to accept: round 2 swapped into a rematch.
    let (e, _) = api.event("Objection", 6, json!({}));
    let r1 = api.pair(e, 1);
    let results: serde_json::Map<String, Value> = r1
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| (g["board"].to_string(), json!("1-0")))
        .collect();
    api.post(
        &format!("/api/events/{e}/rounds/1/results"),
        json!({ "results": results }),
    );
    let r2 = api.pair(e, 2);
    let (w1, b1) = (r1[0]["white"].clone(), r1[0]["black"].clone());
    let g = r2
        .iter()
        .find(|g| g["white"] == w1 || g["black"] == w1)
        .unwrap();
    let opponent = if g["white"] == w1 {
        g["black"].clone()
    } else {
        g["white"].clone()
    };
    api.post(
        &format!("/api/events/{e}/rounds/2/swap"),
        json!({"a": b1, "b": opponent}),
    );
    out.push(scenario(
        "/events/{id}/rounds/{n}/accept",
        Event,
        e,
        form(
            format!("/events/{e}/rounds/2"),
            format!("/events/{e}/rounds/2/accept"),
        ),
        vec![event_elsewhere(e, "Lyon")],
    ));

    // Manual pairing: boards 1 and 2 taken apart, four players waiting.
    let (e, _) = api.event("À la main", 6, json!({}));
    let games = api.pair(e, 1);
    let waiting: Vec<Value> = games[..2]
        .iter()
        .flat_map(|g| [g["white"].clone(), g["black"].clone()])
        .collect();
    api.post(
        &format!("/api/events/{e}/rounds/1/break"),
        json!({"boards": [1, 2]}),
    );
    let round = format!("/events/{e}/rounds/1");
    let by_hand = form(round.clone(), format!("{round}/pair-by-hand"));
    out.push(scenario(
        "/events/{id}/rounds/{n}/pair-by-hand",
        Event,
        e,
        by_hand
            .clone()
            .select("white", &waiting[2])
            .select("black", &waiting[3]),
        vec![by_hand
            .select("white", &waiting[0])
            .select("black", &waiting[1])],
    ));

    let (e, _) = api.event("Exempt à la main", 6, json!({}));
    let games = api.pair(e, 1);
    let waiting: Vec<Value> = games[..2]
        .iter()
        .flat_map(|g| [g["white"].clone(), g["black"].clone()])
        .collect();
    api.post(
        &format!("/api/events/{e}/rounds/1/break"),
        json!({"boards": [1, 2]}),
    );
    let round = format!("/events/{e}/rounds/1");
    out.push(scenario(
        "/events/{id}/rounds/{n}/bye-by-hand",
        Event,
        e,
        form(round.clone(), format!("{round}/bye-by-hand")).select("player", &waiting[2]),
        vec![form(round.clone(), format!("{round}/pair-by-hand"))
            .select("white", &waiting[0])
            .select("black", &waiting[1])],
    ));

    let (e, _) = api.event("Trier", 6, json!({}));
    let games = api.pair(e, 1);
    let waiting: Vec<Value> = games[..2]
        .iter()
        .flat_map(|g| [g["white"].clone(), g["black"].clone()])
        .collect();
    api.post(
        &format!("/api/events/{e}/rounds/1/break"),
        json!({"boards": [1, 2]}),
    );
    let round = format!("/events/{e}/rounds/1");
    out.push(scenario(
        "/events/{id}/rounds/{n}/sort",
        Event,
        e,
        form(round.clone(), format!("{round}/sort")),
        vec![form(round.clone(), format!("{round}/pair-by-hand"))
            .select("white", &waiting[0])
            .select("black", &waiting[1])],
    ));

    let (e, _) = api.event("Défaire", 6, json!({}));
    api.pair(e, 1);
    let round = format!("/events/{e}/rounds/1");
    out.push(scenario(
        "/events/{id}/rounds/{n}/break",
        Event,
        e,
        form(round.clone(), format!("{round}/break"))
            .tick("#break-2", true)
            .button("#break-boards"),
        vec![form(round.clone(), format!("{round}/break"))
            .tick("#break-1", true)
            .button("#break-boards")],
    ));

    let (e, _) = api.event("Échanges", 8, json!({}));
    let games = api.pair(e, 1);
    let round = format!("/events/{e}/rounds/1");
    let swap = form(round.clone(), format!("{round}/swap"));
    out.push(scenario(
        "/events/{id}/rounds/{n}/swap",
        Event,
        e,
        swap.clone()
            .select("a", &games[2]["black"])
            .select("b", &games[3]["black"]),
        vec![swap
            .select("a", &games[0]["black"])
            .select("b", &games[1]["black"])],
    ));

    let (e, _) = api.event("Résultats", 4, json!({}));
    api.pair(e, 1);
    let round = format!("/events/{e}/rounds/1");
    let grid = form(round.clone(), format!("{round}/results")).button("#save-results");
    out.push(scenario(
        "/events/{id}/rounds/{n}/results",
        Event,
        e,
        grid.clone().text("r1", "0-1"),
        vec![grid.text("r1", "1-0")],
    ));

    let (e, _) = api.event("Reprendre", 4, json!({}));
    api.pair(e, 1);
    let round = format!("/events/{e}/rounds/1");
    out.push(scenario(
        "/events/{id}/rounds/{n}/unpair",
        Event,
        e,
        form(round.clone(), format!("{round}/unpair")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    let (e, _) = api.event("Confirmer", 4, json!({}));
    let games = api.pair(e, 1);
    for g in &games {
        api.report(
            g["code"].as_str().unwrap(),
            g["board"].as_u64().unwrap(),
            "1-0",
        );
    }
    let round = format!("/events/{e}/rounds/1");
    out.push(scenario(
        "/events/{id}/rounds/{n}/confirm",
        Event,
        e,
        form(round.clone(), format!("{round}/confirm")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    // Round 1 corrected after round 2 was paired: round 2's page offers to pair it again.
    let (e, _) = api.event("Correction", 6, json!({}));
    let r1 = api.pair(e, 1);
    let all = |result: &str| -> serde_json::Map<String, Value> {
        r1.iter()
            .filter(|g| !g["black"].is_null())
            .map(|g| (g["board"].to_string(), json!(result)))
            .collect()
    };
    api.post(
        &format!("/api/events/{e}/rounds/1/results"),
        json!({ "results": all("1-0") }),
    );
    api.pair(e, 2);
    api.post(
        &format!("/api/events/{e}/rounds/1/results"),
        json!({ "results": {"1": "0-1"} }),
    );
    let round = format!("/events/{e}/rounds/2");
    out.push(scenario(
        "/events/{id}/rounds/{n}/repair",
        Event,
        e,
        form(round.clone(), format!("{round}/repair")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    // Two boards whose players reported different results.
    let (e, _) = api.event("Trancher", 4, json!({}));
    let games = api.pair(e, 1);
    for g in &games {
        let (code, board) = (g["code"].as_str().unwrap(), g["board"].as_u64().unwrap());
        api.report(code, board, "1-0");
        api.report(code, board, "0-1");
    }
    let round = format!("/events/{e}/rounds/1");
    let settle = form(round.clone(), format!("{round}/settle"));
    out.push(
        scenario(
            "/events/{id}/rounds/{n}/settle",
            Event,
            e,
            settle.clone().nth(1),
            vec![settle.clone().nth(0)],
        )
        // Board 1 settled, the fresh page settles board 2.
        .fresh(settle.nth(0)),
    );
    out
}

/// The rating lists' hits and the public registration's entries.
fn list_and_entry_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::Event;
    let mut out = Vec::new();

    api.post_bytes(
        "/api/rating-list?name=list.txt",
        include_bytes!("../../../store/tests/data/fide_list.txt"),
    );
    let (e, _) = api.event("Liste FIDE", 2, json!({}));
    let page = format!("/events/{e}/players?q=levy");
    out.push(scenario(
        "/events/{id}/players/fide",
        Event,
        e,
        form(page.clone(), format!("/events/{e}/players/fide")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    api.post(
        "/api/national-list",
        json!({"federation": "FRA", "file_name": "mars.csv", "separator": ";",
               "text": "NrFFE;Nom;Prenom;Elo\nK59857;MARTIN;Alice;1790 N\nM12345;DURAND;Bernard;1420 E\n",
               "columns": {"licence": "NrFFE", "surname": "Nom", "first_name": "Prenom", "rating": "Elo"}}),
    );
    let (e, _) = api.event("Liste nationale", 2, json!({"federation": "FRA"}));
    let page = format!("/events/{e}/players?nq=martin");
    out.push(scenario(
        "/events/{id}/players/national",
        Event,
        e,
        form(page.clone(), format!("/events/{e}/players/national")),
        vec![event_elsewhere(e, "Lyon")],
    ));

    for (route, verb) in [
        ("/events/{id}/entries/{eid}/validate", "validate"),
        ("/events/{id}/entries/{eid}/reject", "reject"),
    ] {
        let (e, _) = api.event(&format!("Inscriptions {verb}"), 0, json!({}));
        api.post(
            &format!("/api/events/{e}/entries/settings"),
            json!({"open": true, "fee_default": "10"}),
        );
        api.register(e, "Inscrit, Un");
        api.register(e, "Inscrit, Deux");
        let (entries, _) = api.get(&format!("/api/events/{e}/entries"));
        let ids: Vec<i64> = entries["entries"]
            .as_array()
            .unwrap_or_else(|| panic!("entries: {entries}"))
            .iter()
            .map(|x| x["id"].as_i64().unwrap())
            .collect();
        // The deputy decides the first entry the other way; the chief's page, which showed it
        // waiting, is refused; the second entry is decided from a fresh page.
        let page = format!("/events/{e}/entries");
        let other = if verb == "validate" {
            "reject"
        } else {
            "validate"
        };
        let decide =
            |id: i64, verb: &str| form(page.clone(), format!("/events/{e}/entries/{id}/{verb}"));
        out.push(
            scenario(
                route,
                Event,
                e,
                decide(ids[0], verb),
                vec![decide(ids[0], other)],
            )
            .fresh(decide(ids[1], verb)),
        );
    }
    out
}

/// A group of two sections and its desk.
fn group_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::Group;
    let mut out = Vec::new();
    let group = |name: &str| -> (i64, i64, i64, Vec<i64>) {
        let g = api.post("/api/groups", json!({"name": name, "place": "Mulhouse"}))["group"]["id"]
            .as_i64()
            .unwrap();
        let section = |label: &str| {
            api.post(
                &format!("/api/groups/{g}/sections"),
                json!({"label": label, "rounds": 5}),
            )["event"]["id"]
                .as_i64()
                .unwrap()
        };
        let (a, b) = (section("A"), section("B"));
        let players = ["Alpha, Un", "Bravo, Deux", "Charlie, Trois"]
            .iter()
            .map(|n| {
                api.post(
                    &format!("/api/groups/{g}/players"),
                    json!({"section": a, "name": n, "rating": 1500}),
                )["player"]["id"]
                    .as_i64()
                    .unwrap()
            })
            .collect();
        (g, a, b, players)
    };
    let settings = |g: i64, name: &str| {
        form(format!("/groups/{g}"), format!("/groups/{g}/settings")).text("name", name)
    };

    let (g, _, _, _) = group("Open réglé");
    out.push(scenario(
        "/groups/{id}/settings",
        Group,
        g,
        settings(g, "Open de Noël"),
        vec![settings(g, "Open de l'Avent")],
    ));

    let (g, a, _, _) = group("Open étiqueté");
    let label = form(format!("/groups/{g}"), format!("/groups/{g}/sections/{a}"));
    out.push(scenario(
        "/groups/{id}/sections/{event}",
        Group,
        g,
        label.clone().text("label", "A2"),
        vec![label.text("label", "A1")],
    ));

    let (g, _, _, _) = group("Open agrandi");
    let new = form(format!("/groups/{g}"), format!("/groups/{g}/sections"));
    out.push(scenario(
        "/groups/{id}/sections",
        Group,
        g,
        new.clone().text("label", "D").text("rounds", "5"),
        vec![new.text("label", "C").text("rounds", "5")],
    ));

    let (g, _, _, _) = group("Open rattaché");
    let (lone, _) = api.event("Rapide seul", 0, json!({}));
    let (other, _) = api.event("Blitz seul", 0, json!({}));
    let attach = form(format!("/groups/{g}"), format!("/groups/{g}/attach"));
    out.push(
        scenario(
            "/groups/{id}/attach",
            Group,
            g,
            attach.clone().select("event", lone).text("label", "R"),
            vec![settings(g, "Open rattaché bis")],
        )
        .fresh(attach.select("event", other).text("label", "Z")),
    );

    let (g, _, _, _) = group("Open supprimé");
    out.push(scenario(
        "/groups/{id}/delete",
        Group,
        g,
        form(format!("/groups/{g}"), format!("/groups/{g}/delete"))
            .text("confirm_name", "Open supprimé"),
        vec![form(format!("/groups/{g}"), format!("/groups/{g}/settings")).text("place", "Colmar")],
    ));

    // Both desks check the same player out: the second changes nothing and undoes nothing;
    // a fresh page checks out another one.
    let (g, _, _, players) = group("Open accueil");
    let desk = format!("/groups/{g}/desk");
    let present = |n: usize| form(desk.clone(), format!("/groups/{g}/desk/present")).nth(n);
    out.push(
        scenario(
            "/groups/{id}/desk/present",
            Group,
            g,
            present(0),
            vec![present(0)],
        )
        .kept(desk.clone(), format!("#check-in-{}", players[0]))
        .fresh(present(2)),
    );

    let (g, _, b, _) = group("Open déménagé");
    let desk = format!("/groups/{g}/desk");
    let mv = |n: usize| {
        form(desk.clone(), format!("/groups/{g}/desk/move"))
            .nth(n)
            .select("to", b)
    };
    out.push(scenario(
        "/groups/{id}/desk/move",
        Group,
        g,
        mv(1),
        vec![mv(0)],
    ));

    // Two desks enter the same player (the same licence): the second is refused.
    let (g, a, _, _) = group("Open inscrit");
    let desk = format!("/groups/{g}/desk");
    let add = form(desk.clone(), format!("/groups/{g}/desk/players")).select("section", a);
    out.push(
        scenario(
            "/groups/{id}/desk/players",
            Group,
            g,
            add.clone()
                .text("name", "Delta, Quatre")
                .text("licence", "K1400"),
            vec![add
                .clone()
                .text("name", "Delta, Quatre")
                .text("licence", "K1400")],
        )
        .fresh(add.text("name", "Echo, Cinq").text("licence", "K1300")),
    );
    out
}

/// A 3-table Mitchell's pages, and a series.
fn bridge_scenarios(api: &Api, files: &Path) -> Vec<Scenario> {
    use Kind::{BridgeSession, Series};
    let mut out = Vec::new();
    let pbn = files.join("donnes.pbn");
    std::fs::write(
        &pbn,
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n",
    )
    .unwrap();
    let pairs_csv = files.join("paires.csv");
    std::fs::write(&pairs_csv, "pair;name1;name2\n1;Nord Un;Sud Un\n").unwrap();
    let session = |name: &str| {
        api.post(
            "/api/bridge/sessions",
            json!({"name": name, "club": "BC Test", "tables": 3, "movement": "mitchell",
                   "boards_per_round": 2}),
        )["id"]
            .as_i64()
            .unwrap()
    };
    let settings = |s: i64, club: &str| {
        form(format!("/bridge/{s}"), format!("/bridge/{s}")).text("club", club)
    };

    let s = session("Réglages");
    out.push(scenario(
        "/bridge/{id}",
        BridgeSession,
        s,
        settings(s, "BC Paris"),
        vec![settings(s, "BC Lyon")],
    ));

    let s = session("Supprimé");
    out.push(scenario(
        "/bridge/{id}/delete",
        BridgeSession,
        s,
        form(format!("/bridge/{s}"), format!("/bridge/{s}/delete")).confirming(),
        vec![settings(s, "BC Lyon")],
    ));

    let s = session("Paires");
    let pairs = form(format!("/bridge/{s}/pairs"), format!("/bridge/{s}/pairs"));
    out.push(scenario(
        "/bridge/{id}/pairs",
        BridgeSession,
        s,
        pairs.clone().text("name1_1", "Durand"),
        vec![pairs.text("name1_1", "Martin")],
    ));

    let s = session("Import des paires");
    out.push(scenario(
        "/bridge/{id}/pairs/import",
        BridgeSession,
        s,
        form(
            format!("/bridge/{s}/pairs"),
            format!("/bridge/{s}/pairs/import"),
        )
        .file("file", &pairs_csv),
        vec![settings(s, "BC Lyon")],
    ));

    let s = session("Donnes");
    out.push(scenario(
        "/bridge/{id}/deals",
        BridgeSession,
        s,
        form(format!("/bridge/{s}/pairs"), format!("/bridge/{s}/deals")).file("file", &pbn),
        vec![settings(s, "BC Lyon")],
    ));

    // Simultaneous pairs: another club's results of board 1 (matched by number: no hand
    // record here), uploaded, then removed.
    let lakeside = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                    [ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R\"]\n\
                    1 2 3NT N 9\n";
    let lakeside_pbn = files.join("lakeside.pbn");
    std::fs::write(&lakeside_pbn, lakeside).unwrap();
    let s = session("Simultané");
    let sim = format!("/bridge/{s}/simultaneous");
    out.push(scenario(
        "/bridge/{id}/simultaneous",
        BridgeSession,
        s,
        form(sim.clone(), sim.clone())
            .text("club", "Lakeside")
            .file("file", &lakeside_pbn),
        vec![settings(s, "BC Lyon")],
    ));
    let s = session("Simultané retiré");
    let added = api.upload(
        &format!("/bridge/{s}/simultaneous"),
        (BridgeSession, s),
        &[("club", "Lakeside")],
        ("file", "lakeside.pbn", lakeside),
    );
    // `/bridge/{s}/simultaneous?added={cid}&unchecked=1`
    let cid = added
        .split("added=")
        .nth(1)
        .and_then(|t| t.split('&').next())
        .unwrap_or_else(|| panic!("the upload's answer: {added:?}"))
        .to_string();
    let sim = format!("/bridge/{s}/simultaneous");
    out.push(scenario(
        "/bridge/{id}/simultaneous/{cid}/remove",
        BridgeSession,
        s,
        form(sim, format!("/bridge/{s}/simultaneous/{cid}/remove")),
        vec![settings(s, "BC Lyon")],
    ));

    // The grid's line of board 1 at table 1 in round 1 (pair 1 against pair 4).
    let line = |s: i64| {
        form(
            format!("/bridge/{s}/grid"),
            format!("/bridge/{s}/grid/line"),
        )
        .text("board", "1")
        .text("ns", "1")
        .text("ew", "4")
    };
    let s = session("Ligne");
    out.push(scenario(
        "/bridge/{id}/grid/line",
        BridgeSession,
        s,
        line(s)
            .text("contract", "4S")
            .text("declarer", "S")
            .text("result", "="),
        vec![line(s)
            .text("contract", "3NT")
            .text("declarer", "N")
            .text("result", "=")],
    ));

    let s = session("Effacée");
    api.post(
        &format!("/api/bridge/sessions/{s}/lines"),
        json!({"board": 1, "ns": 1, "ew": 4, "contract": "3NT", "declarer": "N", "result": "="}),
    );
    out.push(scenario(
        "/bridge/{id}/grid/clear",
        BridgeSession,
        s,
        line(s).button("#line-clear"),
        vec![line(s)
            .text("contract", "4S")
            .text("declarer", "S")
            .text("result", "=")
            .button("#line-save")],
    ));

    let s = session("Arbitrale");
    let adjust = |kind: &str, ns: &str, ew: &str| {
        // The adjusted score's form opens with a line chosen, as the grid's links open it.
        form(
            format!("/bridge/{s}/grid?board=1&ns=1&ew=4&kind=artificial"),
            format!("/bridge/{s}/grid/adjust"),
        )
        .text("board", "1")
        .text("ns", "1")
        .text("ew", "4")
        .select("kind", kind)
        .text("art_ns", ns)
        .text("art_ew", ew)
    };
    out.push(scenario(
        "/bridge/{id}/grid/adjust",
        BridgeSession,
        s,
        adjust("artificial", "A-", "A+"),
        vec![adjust("artificial", "A+", "A-")],
    ));

    // Two boards with two phones' different entries: conflicts to settle.
    let s = session("Litiges");
    let (codes, _) = api.get(&format!("/api/bridge/sessions/{s}/codes"));
    let code = codes[0]["code"].as_str().unwrap().to_string();
    for board in [1, 2] {
        for (device, result) in [("phone-a", "="), ("phone-b", "+1")] {
            let anon = api.anonymous();
            api.phone_post(
                &anon,
                &format!("/api/bridge/tables/{code}/enter"),
                json!({"round": 1, "board": board, "contract": "3NT", "declarer": "N",
                       "lead": "SA", "result": result, "device": device}),
            );
        }
    }
    let (conflicts, _) = api.get(&format!("/api/bridge/sessions/{s}/conflicts"));
    let ids: Vec<i64> = conflicts
        .as_array()
        .unwrap_or_else(|| panic!("conflicts: {conflicts}"))
        .iter()
        .map(|k| k["id"].as_i64().unwrap())
        .collect();
    let resolve = |id: i64, take: usize| {
        form(
            format!("/bridge/{s}/grid"),
            format!("/bridge/{s}/conflicts/{id}/resolve"),
        )
        .nth(take)
    };
    out.push(
        scenario(
            "/bridge/{id}/conflicts/{cid}/resolve",
            BridgeSession,
            s,
            resolve(ids[0], 1),
            vec![resolve(ids[0], 0)],
        )
        .fresh(resolve(ids[1], 1)),
    );

    let s = session("Appels");
    let (codes, _) = api.get(&format!("/api/bridge/sessions/{s}/codes"));
    let code = codes[0]["code"].as_str().unwrap().to_string();
    let anon = api.anonymous();
    api.phone_post(
        &anon,
        &format!("/api/bridge/tables/{code}/call"),
        json!({"round": 1}),
    );
    let (calls, _) = api.get(&format!("/api/bridge/sessions/{s}/calls"));
    let call = calls[0]["id"].as_i64().unwrap();
    out.push(scenario(
        "/bridge/{id}/calls/{cid}/clear",
        BridgeSession,
        s,
        form(
            format!("/bridge/{s}"),
            format!("/bridge/{s}/calls/{call}/clear"),
        ),
        vec![settings(s, "BC Lyon")],
    ));

    let series = |name: &str| {
        api.post("/api/bridge/series", json!({"name": name}))["id"]
            .as_i64()
            .unwrap()
    };
    let x = series("Saison");
    let rule = |name: &str| {
        form(format!("/bridge/series/{x}"), format!("/bridge/series/{x}")).text("name", name)
    };
    out.push(scenario(
        "/bridge/series/{id}",
        Series,
        x,
        rule("Saison d'hiver"),
        vec![rule("Saison d'automne")],
    ));
    let y = series("Saison supprimée");
    out.push(scenario(
        "/bridge/series/{id}/delete",
        Series,
        y,
        form(
            format!("/bridge/series/{y}"),
            format!("/bridge/series/{y}/delete"),
        )
        .confirming(),
        vec![
            form(format!("/bridge/series/{y}"), format!("/bridge/series/{y}"))
                .text("name", "Autre"),
        ],
    ));
    out
}

/// Four teams of four: the event page, a match's grid, the hand records, a knock-out.
/// An individual session's names and the director's lines (issue 38 §3).
fn bridge_individual_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::BridgeIndividual;
    let mut out = Vec::new();
    let individual = |name: &str| {
        api.post(
            "/api/bridge/individual",
            json!({"name": name, "kind": "rainbow", "tables": 5, "boards_per_round": 1}),
        )["id"]
            .as_i64()
            .unwrap()
    };
    let names = |i: i64, name: &str| {
        form(
            format!("/bridge/individual/{i}/players"),
            format!("/bridge/individual/{i}/players"),
        )
        .text("name_1", name)
    };
    let i = individual("Noms");
    out.push(scenario(
        "/bridge/individual/{id}/players",
        BridgeIndividual,
        i,
        names(i, "Durand"),
        vec![names(i, "Martin")],
    ));
    // Board 1 at table 1 in round 1, as the line's "Correct" link opens the form.
    let line = |i: i64, contract: &str| {
        form(
            format!("/bridge/individual/{i}?board=1&table=1&round=1"),
            format!("/bridge/individual/{i}/lines"),
        )
        .text("contract", contract)
        .text("declarer", "N")
        .text("result", "=")
    };
    let i = individual("Lignes");
    out.push(scenario(
        "/bridge/individual/{id}/lines",
        BridgeIndividual,
        i,
        line(i, "4S"),
        vec![line(i, "3NT")],
    ));
    out
}

fn bridge_teams_scenarios(api: &Api, files: &Path) -> Vec<Scenario> {
    use Kind::BridgeTeams;
    let mut out = Vec::new();
    let pbn = files.join("donnes.pbn");
    let teams_event = |name: &str, teams: u32| {
        let id = api.post(
            "/api/bridge/teams",
            json!({"name": name, "boards_per_match": 2, "format": "round_robin"}),
        )["id"]
            .as_i64()
            .unwrap();
        let list: Vec<Value> = (1..=teams)
            .map(|n| {
                json!({"number": n, "name": format!("Équipe {n}"), "players": [
                    {"name": format!("Nord {n}")}, {"name": format!("Sud {n}")},
                    {"name": format!("Est {n}")}, {"name": format!("Ouest {n}")}]})
            })
            .collect();
        api.post(&format!("/api/bridge/teams/{id}/teams"), json!(list));
        id
    };
    let team = |t: i64, name: &str| {
        form(
            format!("/bridge/teams/{t}"),
            format!("/bridge/teams/{t}/teams"),
        )
        .text("name", name)
        .text("players", "Nord\nSud\nEst\nOuest")
    };

    let t = teams_event("Équipes ajoutées", 4);
    out.push(scenario(
        "/bridge/teams/{id}/teams",
        BridgeTeams,
        t,
        team(t, "Équipe Durand"),
        vec![team(t, "Équipe Martin")],
    ));

    let t = teams_event("Tirage", 4);
    out.push(scenario(
        "/bridge/teams/{id}/rounds",
        BridgeTeams,
        t,
        form(
            format!("/bridge/teams/{t}"),
            format!("/bridge/teams/{t}/rounds"),
        ),
        vec![team(t, "Équipe Martin")],
    ));

    let t = teams_event("Donnes", 4);
    out.push(scenario(
        "/bridge/teams/{id}/deals",
        BridgeTeams,
        t,
        form(
            format!("/bridge/teams/{t}/hands"),
            format!("/bridge/teams/{t}/deals"),
        )
        .file("file", &pbn),
        vec![team(t, "Équipe Martin")],
    ));

    let t = teams_event("Grille", 4);
    api.post(&format!("/api/bridge/teams/{t}/rounds"), json!({}));
    let grid = form(
        format!("/bridge/teams/{t}/matches/1/1"),
        format!("/bridge/teams/{t}/matches/1/1"),
    );
    out.push(scenario(
        "/bridge/teams/{id}/matches/{round}/{match}",
        BridgeTeams,
        t,
        grid.clone()
            .text("open-1-contract", "4S")
            .text("open-1-declarer", "S")
            .text("open-1-result", "="),
        vec![grid
            .text("open-1-contract", "3NT")
            .text("open-1-declarer", "N")
            .text("open-1-result", "=")],
    ));

    // Two boards where the room's two phones disagree.
    let t = teams_event("Litiges", 4);
    api.post(&format!("/api/bridge/teams/{t}/rounds"), json!({}));
    for board in [1, 2] {
        for (device, result) in [("phone-a", "="), ("phone-b", "+1")] {
            api.post(
                &format!("/api/bridge/teams/{t}/matches/1/1"),
                json!({"room": "open", "board": board, "contract": "3NT", "declarer": "N",
                       "lead": "SA", "result": result, "device": device}),
            );
        }
    }
    let (conflicts, _) = api.get(&format!("/api/bridge/teams/{t}/conflicts"));
    let ids: Vec<i64> = conflicts
        .as_array()
        .unwrap_or_else(|| panic!("conflicts: {conflicts}"))
        .iter()
        .map(|k| k["id"].as_i64().unwrap())
        .collect();
    let resolve = |id: i64, take: usize| {
        form(
            format!("/bridge/teams/{t}"),
            format!("/bridge/teams/{t}/conflicts/{id}"),
        )
        .nth(take)
    };
    out.push(
        scenario(
            "/bridge/teams/{id}/conflicts/{conflict}",
            BridgeTeams,
            t,
            resolve(ids[0], 1),
            vec![resolve(ids[0], 0)],
        )
        .fresh(resolve(ids[1], 1)),
    );

    let t = teams_event("Coupe créée", 4);
    out.push(scenario(
        "/bridge/teams/{id}/knockout",
        BridgeTeams,
        t,
        form(
            format!("/bridge/teams/{t}/knockout"),
            format!("/bridge/teams/{t}/knockout"),
        )
        .select("seeding", "numbers"),
        vec![team(t, "Équipe Martin")],
    ));

    let knockout = |name: &str| {
        let t = teams_event(name, 4);
        api.post(
            &format!("/api/bridge/teams/{t}/knockout"),
            json!({"teams": 4, "segments": 1, "seeding": "numbers", "carry_over": "entered"}),
        );
        t
    };
    let t = knockout("Coupe marquée");
    let segment = form(
        format!("/bridge/teams/{t}/knockout"),
        format!("/bridge/teams/{t}/knockout/1/1"),
    );
    out.push(scenario(
        "/bridge/teams/{id}/knockout/{round}/{match}",
        BridgeTeams,
        t,
        segment.clone().text("home", "30").text("visit", "12"),
        vec![segment.text("home", "20").text("visit", "10")],
    ));

    let t = knockout("Coupe, tour suivant");
    for m in [1, 2] {
        api.post(
            &format!("/api/bridge/teams/{t}/knockout/1/{m}"),
            json!({"segment": 1, "imps": [30, 10]}),
        );
    }
    out.push(scenario(
        "/bridge/teams/{id}/knockout/rounds",
        BridgeTeams,
        t,
        form(
            format!("/bridge/teams/{t}/knockout"),
            format!("/bridge/teams/{t}/knockout/rounds"),
        ),
        vec![form(
            format!("/bridge/teams/{t}/knockout"),
            format!("/bridge/teams/{t}/knockout/1/1"),
        )
        .text("home", "40")
        .text("visit", "10")],
    ));
    out
}

/// A chess team event of four teams of five.
fn team_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::Teams;
    let mut out = Vec::new();
    let rosters = |teams: usize| {
        let mut csv = String::from("Équipe;Échiquier;Nom;Elo\n");
        for t in 0..teams {
            for b in 0..5 {
                csv.push_str(&format!(
                    "Club {t};{};Joueur {t}-{b};{}\n",
                    b + 1,
                    2200 - 40 * t - 10 * b
                ));
            }
        }
        csv
    };
    let event = |name: &str, teams: usize| {
        let id = api.post(
            "/api/teams/events",
            json!({"name": name, "boards": 4, "rounds": 3}),
        )["id"]
            .as_i64()
            .unwrap();
        if teams > 0 {
            api.post(
                &format!("/api/teams/events/{id}/teams/import"),
                json!({"data": rosters(teams)}),
            );
        }
        id
    };
    let settings = |t: i64, name: &str| {
        form(
            format!("/teams/{t}/settings"),
            format!("/teams/{t}/settings"),
        )
        .text("name", name)
    };

    let t = event("Interclubs réglés", 4);
    out.push(scenario(
        "/teams/{id}/settings",
        Teams,
        t,
        settings(t, "Interclubs d'hiver"),
        vec![settings(t, "Interclubs d'automne")],
    ));

    let t = event("Interclubs importés", 0);
    let import = form(format!("/teams/{t}"), format!("/teams/{t}/import"));
    out.push(scenario(
        "/teams/{id}/import",
        Teams,
        t,
        import.text("data", rosters(4)),
        vec![settings(t, "Autre nom")],
    ));

    let t = event("Interclubs appariés", 4);
    out.push(scenario(
        "/teams/{id}/pair",
        Teams,
        t,
        form(format!("/teams/{t}"), format!("/teams/{t}/pair")),
        vec![settings(t, "Autre nom")],
    ));

    let t = event("Interclubs joués", 4);
    api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
    let round = format!("/teams/{t}/rounds/1");
    let results = form(round.clone(), format!("{round}/results")).button("#team-save-results");
    out.push(scenario(
        "/teams/{id}/rounds/{round}/results",
        Teams,
        t,
        results.clone().choose("#r-1-1", "0-1"),
        vec![results.choose("#r-1-1", "1-0")],
    ));

    let t = event("Interclubs forfaits", 4);
    api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
    let round = format!("/teams/{t}/rounds/1");
    let forfeit = form(round.clone(), format!("{round}/matches/1/forfeit"));
    out.push(scenario(
        "/teams/{id}/rounds/{round}/matches/{number}/forfeit",
        Teams,
        t,
        forfeit.clone().select("forfeit", "-+"),
        vec![forfeit.select("forfeit", "+-")],
    ));

    // White on board 1 given to the other team: the deputy swaps first, the chief's older
    // page would swap them back.
    let t = event("Interclubs couleurs", 4);
    api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
    let round = format!("/teams/{t}/rounds/1");
    let colours = form(round.clone(), format!("{round}/matches/1/colours"));
    out.push(scenario(
        "/teams/{id}/rounds/{round}/matches/{number}/colours",
        Teams,
        t,
        colours.clone(),
        vec![colours],
    ));

    let t = event("Interclubs compositions", 4);
    api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
    let round = format!("/teams/{t}/rounds/1");
    let (teams, _) = api.get(&format!("/api/teams/events/{t}/teams"));
    let (r1, _) = api.get(&format!("/api/teams/events/{t}/rounds/1"));
    let home = r1["matches"][0]["white_team"]
        .as_i64()
        .or_else(|| r1["matches"][0]["home"].as_i64())
        .unwrap_or_else(|| panic!("match 1: {}", r1["matches"][0]));
    let roster: Vec<i64> = teams
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"].as_i64() == Some(home))
        .unwrap_or_else(|| panic!("team {home} in {teams}"))["roster"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    // The lineup of the first team: the deputy fields the reserve instead of board 1, the
    // chief instead of board 2.
    let lineup = |out_of: usize| {
        let mut f = form(round.clone(), format!("{round}/matches/1/lineup"));
        for (i, m) in roster.iter().enumerate() {
            f = f.tick(
                format!("form[data-target] input[name=\"p-{m}\"]"),
                i != out_of,
            );
        }
        f
    };
    out.push(scenario(
        "/teams/{id}/rounds/{round}/matches/{number}/lineup",
        Teams,
        t,
        lineup(1),
        vec![lineup(0)],
    ));

    // Round 1 corrected after round 2 was paired: round 2's page offers to pair it again.
    let t = event("Interclubs corrigés", 4);
    let (r1, _) = {
        api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
        api.get(&format!("/api/teams/events/{t}/rounds/1"))
    };
    let results = |result: &str| -> Vec<Value> {
        r1["matches"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|m| {
                (1..=4).map(move |b| json!({"match": m["number"], "board": b, "result": result}))
            })
            .collect()
    };
    api.post(
        &format!("/api/teams/events/{t}/rounds/1/results"),
        json!({ "results": results("1-0") }),
    );
    api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
    api.post(
        &format!("/api/teams/events/{t}/rounds/1/results"),
        json!({ "results": [{"match": 1, "board": 1, "result": "0-1"},
                            {"match": 1, "board": 2, "result": "0-1"},
                            {"match": 1, "board": 3, "result": "0-1"}] }),
    );
    let round = format!("/teams/{t}/rounds/2");
    out.push(scenario(
        "/teams/{id}/rounds/{round}/repair",
        Teams,
        t,
        form(round.clone(), format!("{round}/repair")),
        vec![settings(t, "Autre nom")],
    ));

    // Both captains report the same results: the confirmation waits for the arbiter.
    let reported = |name: &str| {
        let t = event(name, 4);
        api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
        let (r1, _) = api.get(&format!("/api/teams/events/{t}/rounds/1"));
        for m in r1["matches"].as_array().unwrap() {
            for c in m["codes"].as_array().unwrap() {
                let code = c["code"].as_str().unwrap();
                let anon = api.anonymous();
                let fields: Vec<(String, String)> = [
                    ("code", code),
                    ("b-1", "1-0"),
                    ("b-2", "1/2"),
                    ("b-3", "0-1"),
                    ("b-4", "1/2"),
                ]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
                let review = api.phone_form(&anon, "/teams/captain/report", &fields);
                let sure = super::stale::hidden_fields(&review, "captain-confirm-form")
                    .into_iter()
                    .filter(|(k, _)| k != "csrf")
                    .collect::<Vec<_>>();
                api.phone_form(&anon, "/teams/captain/report", &sure);
            }
        }
        t
    };
    let t = reported("Interclubs rapportés");
    let other = reported("Interclubs rapportés, bis");
    let round = format!("/teams/{t}/rounds/1");
    let confirm = |t: i64| {
        form(
            format!("/teams/{t}/rounds/1"),
            format!("/teams/{t}/rounds/1/confirm"),
        )
    };
    out.push(
        scenario(
            "/teams/{id}/rounds/{round}/confirm",
            Teams,
            t,
            confirm(t),
            // The deputy types another result for board 1 than the captains reported.
            vec![form(round.clone(), format!("{round}/results"))
                .choose("#r-1-1", "0-1")
                .button("#team-save-results")],
        )
        // The chief's older page confirms the captains' other results; the deputy's stays.
        .kept(round.clone(), "#r-1-1 option[value=\"0-1\"]:checked")
        // Every agreed report confirmed, the form is gone: the fresh page is another event's.
        .fresh_elsewhere(other, confirm(other)),
    );
    out
}

/// A knock-out cup of four teams: its settings and its teams' entry rounds before round 1, and
/// a drawn match's tie-break match.
fn cup_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::Teams;
    let mut out = Vec::new();
    let cup = |name: &str| {
        let id = api.post(
            "/api/teams/events",
            json!({"name": name, "system": "cup", "boards": 4}),
        )["id"]
            .as_i64()
            .unwrap();
        let mut csv = String::from("Équipe;Échiquier;Nom;Elo\n");
        for t in 0..4 {
            for b in 0..5 {
                csv.push_str(&format!(
                    "Club {t};{};Joueur {t}-{b};{}\n",
                    b + 1,
                    2200 - 40 * t - 10 * b
                ));
            }
        }
        api.post(
            &format!("/api/teams/events/{id}/teams/import"),
            json!({"data": csv}),
        );
        id
    };

    let t = cup("Coupe réglée");
    let settings = form(
        format!("/teams/{t}/cup"),
        format!("/teams/{t}/cup/settings"),
    );
    out.push(scenario(
        "/teams/{id}/cup/settings",
        Teams,
        t,
        settings.clone().select("tie_break", "match"),
        vec![settings.select("tie_break", "board_count")],
    ));

    // The teams' divisions and entry rounds, before round 1.
    let t = cup("Coupe à entrées tardives");
    let first = api.get(&format!("/api/teams/events/{t}/teams")).0[0]["id"]
        .as_i64()
        .unwrap();
    let entry: &'static str = Box::leak(format!("entry_round_{first}").into_boxed_str());
    let teams = form(format!("/teams/{t}/cup"), format!("/teams/{t}/cup/teams"));
    out.push(scenario(
        "/teams/{id}/cup/teams",
        Teams,
        t,
        teams.clone().text(entry, "2"),
        vec![teams.text(entry, "3")],
    ));

    // Match 1 of round 1 drawn on every board: the bracket asks for its tie-break match.
    let t = cup("Coupe départagée");
    api.post(&format!("/api/teams/events/{t}/rounds"), json!({}));
    let draws: Vec<Value> = (1..=4)
        .map(|b| json!({"match": 1, "board": b, "result": "1/2"}))
        .collect();
    api.post(
        &format!("/api/teams/events/{t}/rounds/1/results"),
        json!({"results": draws}),
    );
    let playoff = form(format!("/teams/{t}/cup"), format!("/teams/{t}/cup/playoff"));
    out.push(scenario(
        "/teams/{id}/cup/playoff",
        Teams,
        t,
        playoff.clone().text("score", "2-1"),
        vec![playoff.text("score", "1-2")],
    ));
    out
}

/// The captains' codes page of a 4-team round robin: the setting (per match, per team), and a
/// team's code renewed while another arbiter renewed it.
fn captain_code_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::Teams;
    let league = |name: &str| {
        let id = api.post(
            "/api/teams/events",
            json!({"name": name, "system": "round_robin", "boards": 4}),
        )["id"]
            .as_i64()
            .unwrap();
        let mut csv = String::from("Équipe;Nom;Elo\n");
        for t in 0..4 {
            for b in 0..4 {
                csv.push_str(&format!("Club {t};Joueur {t}-{b};{}\n", 2000 - 40 * t - b));
            }
        }
        api.post(
            &format!("/api/teams/events/{id}/teams/import"),
            json!({"data": csv}),
        );
        id
    };
    let mut out = Vec::new();
    let t = league("Codes réglés");
    let kind = form(format!("/teams/{t}/codes"), format!("/teams/{t}/codes"));
    out.push(scenario(
        "/teams/{id}/codes",
        Teams,
        t,
        kind.clone().select("captain_codes", "match"),
        vec![kind.select("captain_codes", "team")],
    ));
    let t = league("Codes renouvelés");
    api.post(
        &format!("/api/teams/events/{t}/captain-codes"),
        json!({"captain_codes": "team"}),
    );
    let renew = form(
        format!("/teams/{t}/codes"),
        format!("/teams/{t}/codes/renew"),
    );
    out.push(scenario(
        "/teams/{id}/codes/renew",
        Teams,
        t,
        renew.clone(),
        vec![renew],
    ));
    out
}

/// A team's page: its details, its roster's players added, changed, removed and reordered, and
/// a team added from the event's page (issue 39 §4).
fn roster_scenarios(api: &Api) -> Vec<Scenario> {
    use Kind::Teams;
    let mut out = Vec::new();
    let event = |name: &str| {
        let id = api.post(
            "/api/teams/events",
            json!({"name": name, "boards": 2, "rounds": 3}),
        )["id"]
            .as_i64()
            .unwrap();
        api.post(
            &format!("/api/teams/events/{id}/teams/import"),
            json!({"data": "Équipe;Nom;Elo\nTours;Un;2000\nTours;Deux;1900\nTours;Trois;1800\n"}),
        );
        let (teams, _) = api.get(&format!("/api/teams/events/{id}/teams"));
        let team = teams[0]["id"].as_i64().unwrap();
        let members: Vec<i64> = teams[0]["roster"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect();
        (id, team, members)
    };
    let settings = |t: i64, name: &str| {
        form(
            format!("/teams/{t}/settings"),
            format!("/teams/{t}/settings"),
        )
        .text("name", name)
    };

    let (t, _, _) = event("Équipe ajoutée");
    let add = form(format!("/teams/{t}"), format!("/teams/{t}/teams"));
    out.push(scenario(
        "/teams/{id}/teams",
        Teams,
        t,
        add.text("name", "Blois"),
        vec![settings(t, "Autre nom")],
    ));

    let (t, team, _) = event("Équipe renommée");
    let page = format!("/teams/{t}/teams/{team}");
    let details = form(page.clone(), page.clone());
    out.push(scenario(
        "/teams/{id}/teams/{team}",
        Teams,
        t,
        details.clone().text("club", "Tours Échecs"),
        vec![details.text("club", "Échiquier Tourangeau")],
    ));

    let (t, team, _) = event("Joueur ajouté");
    let page = format!("/teams/{t}/teams/{team}");
    out.push(scenario(
        "/teams/{id}/teams/{team}/members",
        Teams,
        t,
        form(page.clone(), format!("{page}/members")).text("name", "Quatre"),
        vec![settings(t, "Autre nom")],
    ));

    let (t, team, m) = event("Joueur modifié");
    let own = format!("/teams/{t}/teams/{team}/members/{}", m[0]);
    let edit = form(own.clone(), own.clone());
    out.push(scenario(
        "/teams/{id}/teams/{team}/members/{member}",
        Teams,
        t,
        edit.clone().text("rating", "2100"),
        vec![edit.text("rating", "2050")],
    ));

    let (t, team, m) = event("Joueur retiré");
    let page = format!("/teams/{t}/teams/{team}");
    out.push(scenario(
        "/teams/{id}/teams/{team}/members/{member}/remove",
        Teams,
        t,
        form(page.clone(), format!("{page}/members/{}/remove", m[2])).confirming(),
        vec![settings(t, "Autre nom")],
    ));

    let (t, team, m) = event("Effectif réordonné");
    let page = format!("/teams/{t}/teams/{team}");
    let field = |k: usize| -> &'static str { format!("o-{}", m[k]).leak() };
    let order = form(page.clone(), format!("{page}/order"));
    out.push(scenario(
        "/teams/{id}/teams/{team}/order",
        Teams,
        t,
        order
            .clone()
            .text(field(0), "2")
            .text(field(1), "1")
            .text(field(2), "3"),
        vec![order.text(field(0), "3").text(field(2), "1")],
    ));
    out
}
