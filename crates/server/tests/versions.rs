//! Every state-changing route carries the version its page was built from (issue 34 §1): the
//! list of routes comes from the server's own declarations, so a new route is covered here as
//! soon as it exists.
//!
//! - Without a version, every versioned route answers 428 with the current version in `ETag`
//!   and writes nothing.
//! - Every route that replaces what its page showed as a whole answers a stale version (the
//!   thing was changed since by a colleague) with 409, nothing written: the colleague's change
//!   stays; sent again with the current version, it gets past the check.
//!
//! The routes that compare value by value (merge) are driven one by one, with a stale page and a
//! fresh one, by the two-browser test (`crates/cli/tests/browser/stale.rs`).

use serde_json::{json, Value};
use server::guard::{Guard, Kind};

use crate::common::{App, Client};

/// One thing of each kind, made through the API.
struct Things {
    event: i64,
    group: i64,
    session: i64,
    series: i64,
    bridge_teams: i64,
    teams: i64,
    individual: i64,
}

fn id_of(r: &crate::common::Reply, path: &[&str]) -> i64 {
    assert_eq!(r.status, 200, "{}", r.body);
    let mut v = r.json();
    for p in path {
        v = v[*p].clone();
    }
    v.as_i64()
        .unwrap_or_else(|| panic!("no id at {path:?}: {}", r.body))
}

fn things(arb: &mut Client) -> Things {
    let event = id_of(
        &arb.post_json("/api/events", &json!({"name": "Open"})),
        &["id"],
    );
    let group = id_of(
        &arb.post_json("/api/groups", &json!({"name": "Open de Noël"})),
        &["group", "id"],
    );
    let session = id_of(
        &arb.post_json(
            "/api/bridge/sessions",
            &json!({"name": "Mardi", "tables": 3, "movement": "mitchell", "boards_per_round": 2}),
        ),
        &["id"],
    );
    let series = id_of(
        &arb.post_json("/api/bridge/series", &json!({"name": "Saison"})),
        &["id"],
    );
    let bridge_teams = id_of(
        &arb.post_json(
            "/api/bridge/teams",
            &json!({"name": "Coupe", "boards_per_match": 4}),
        ),
        &["id"],
    );
    let teams = id_of(
        &arb.post_json(
            "/api/teams/events",
            &json!({"name": "Interclubs", "boards": 4, "rounds": 5}),
        ),
        &["id"],
    );
    let individual = id_of(
        &arb.post_json(
            "/api/bridge/individual",
            &json!({"name": "Individuel", "kind": "whist", "tables": 2, "boards_per_round": 1}),
        ),
        &["id"],
    );
    Things {
        event,
        group,
        session,
        series,
        bridge_teams,
        teams,
        individual,
    }
}

impl Things {
    fn id(&self, k: Kind) -> i64 {
        match k {
            Kind::Event => self.event,
            Kind::Group => self.group,
            Kind::BridgeSession => self.session,
            Kind::Series => self.series,
            Kind::BridgeTeams => self.bridge_teams,
            Kind::Teams => self.teams,
            Kind::BridgeIndividual => self.individual,
        }
    }

    /// A read of the thing through the API: its `ETag` is its version.
    fn read_path(&self, k: Kind) -> String {
        match k {
            Kind::Event => format!("/api/events/{}", self.event),
            Kind::Group => format!("/api/groups/{}", self.group),
            Kind::BridgeSession => format!("/api/bridge/sessions/{}", self.session),
            Kind::Series => format!("/api/bridge/series/{}", self.series),
            Kind::BridgeTeams => format!("/api/bridge/teams/{}", self.bridge_teams),
            Kind::Teams => format!("/api/teams/events/{}", self.teams),
            Kind::BridgeIndividual => format!("/api/bridge/individual/{}", self.individual),
        }
    }

    /// A colleague's change of the thing (its name or place set to `value`), as a page
    /// loaded just now would send it.
    fn change(&self, arb: &mut Client, k: Kind, value: &str) {
        if k == Kind::BridgeIndividual {
            // No JSON write: the players' page form, as a colleague sends it (player 1's name).
            let version = self.version(arb, k);
            let csrf = arb.csrf.clone().unwrap();
            let path = format!("/bridge/individual/{}/players", self.individual);
            let r = arb.post_form(
                &path,
                &[("csrf", &csrf), ("version", &version), ("name_1", value)],
            );
            assert_eq!(r.status, 303, "{path}: {}", r.body);
            return;
        }
        let (path, body) = match k {
            Kind::Event => (
                format!("/api/events/{}", self.event),
                json!({"name": "Open", "place": value}),
            ),
            Kind::Group => (
                format!("/api/groups/{}/settings", self.group),
                json!({"name": value}),
            ),
            Kind::BridgeSession => (
                format!("/api/bridge/sessions/{}", self.session),
                json!({"club": value}),
            ),
            Kind::Series => (
                format!("/api/bridge/series/{}", self.series),
                json!({"name": value}),
            ),
            Kind::BridgeTeams => (
                format!("/api/bridge/teams/{}", self.bridge_teams),
                json!({"name": value}),
            ),
            Kind::Teams => (
                format!("/api/teams/events/{}/settings", self.teams),
                json!({"name": value, "boards": 4, "rounds": 5}),
            ),
            Kind::BridgeIndividual => unreachable!("changed above"),
        };
        let r = arb.post_json(&path, &body);
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        let read = arb.get(&self.read_path(k));
        assert!(
            read.body.contains(value),
            "{path}: the change is not there: {}",
            read.body
        );
    }

    fn version(&self, arb: &mut Client, k: Kind) -> String {
        let r = arb.get(&self.read_path(k));
        assert_eq!(r.status, 200, "{}", r.body);
        r.etag
            .unwrap_or_else(|| panic!("{}: no ETag", self.read_path(k)))
            .trim_matches('"')
            .to_string()
    }

    /// The route's path with its `{id}` as the thing of its kind, other parameters as 1.
    fn path(&self, route: &str, k: Kind) -> String {
        let mut out = String::new();
        let mut rest = route;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let close = rest[open..].find('}').unwrap() + open;
            let name = &rest[open + 1..close];
            out.push_str(&if name == "id" {
                self.id(k).to_string()
            } else {
                "1".to_string()
            });
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        out
    }
}

/// A state-changing request as the route's users send it: JSON for the API, a form for a page
/// (with the CSRF token of the session).
fn send(arb: &mut Client, path: &str, version: Option<&str>) -> crate::common::Reply {
    if path.starts_with("/api/") {
        let mut body = json!({});
        if let Some(v) = version {
            body["version"] = Value::String(v.to_string());
        }
        arb.post_json(path, &body)
    } else {
        let csrf = arb.csrf.clone().unwrap();
        let mut fields = vec![("csrf", csrf.as_str())];
        if let Some(v) = version {
            fields.push(("version", v));
        }
        arb.post_form(path, &fields)
    }
}

fn versioned() -> Vec<(String, Guard, Kind)> {
    let (_, edits) = server::routes().finish();
    edits
        .into_iter()
        .filter_map(|e| match e.guard {
            Guard::Whole(k) | Guard::Merge(k) => Some((e.path, e.guard, k)),
            Guard::Own(_) => None,
        })
        .collect()
}

#[test]
fn every_versioned_route_refuses_a_request_without_its_version() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let things = things(&mut arb);
    arb.auto_version = false;
    let routes = versioned();
    assert!(routes.len() > 100, "{} routes", routes.len());
    for (route, _, k) in &routes {
        let before = things.version(&mut arb, *k);
        let path = things.path(route, *k);
        let r = send(&mut arb, &path, None);
        assert_eq!(r.status, 428, "POST {route} without a version: {}", r.body);
        assert_eq!(
            r.etag.as_deref().map(|e| e.trim_matches('"')),
            Some(before.as_str()),
            "POST {route}: the 428 names the current version"
        );
        assert_eq!(
            things.version(&mut arb, *k),
            before,
            "POST {route}: nothing was written"
        );
    }
    // A form says it in words, in the visitor's language.
    arb.accept_language = Some("fr".into());
    arb.cookies.remove("lang");
    let r = send(&mut arb, &format!("/events/{}/prizes", things.event), None);
    assert_eq!(r.status, 428);
    assert!(r.body.contains("Page périmée"), "{}", r.body);
}

#[test]
fn every_whole_route_refuses_a_page_built_before_a_colleagues_change() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let things = things(&mut arb);
    let mut colleague = app.login();
    arb.auto_version = false;
    let whole: Vec<_> = versioned()
        .into_iter()
        .filter(|(_, g, _)| matches!(g, Guard::Whole(_)))
        .collect();
    assert!(whole.len() > 50, "{} routes", whole.len());
    // The deletions last: the things are needed until then.
    let (deletions, others): (Vec<_>, Vec<_>) = whole
        .into_iter()
        .partition(|(r, _, _)| r.ends_with("/delete"));
    for (i, (route, _, k)) in others.iter().chain(&deletions).enumerate() {
        let path = things.path(route, *k);
        // Both load the page; the colleague saves first.
        let seen = things.version(&mut arb, *k);
        let value = format!("Changed {i}");
        things.change(&mut colleague, *k, &value);
        let after = things.version(&mut arb, *k);
        assert_ne!(after, seen);
        // The older page is refused: 409, nothing written, the colleague's change kept.
        let r = send(&mut arb, &path, Some(&seen));
        assert_eq!(r.status, 409, "POST {route} from a stale page: {}", r.body);
        let etag = r.etag.clone().unwrap_or_default();
        assert_eq!(
            etag.trim_matches('"'),
            after,
            "POST {route}: the current version"
        );
        if path.starts_with("/api/") {
            let j = r.json();
            assert_eq!(j["reason"], "stale", "POST {route}: {j}");
            assert_eq!(j["conflicts"][0]["kind"], "since", "POST {route}: {j}");
            if *k != Kind::Series {
                assert_eq!(j["conflicts"][0]["changes"][0]["actor"], "chief", "{j}");
            }
        } else {
            // Said on the page: who changed it, and that nothing was saved.
            assert!(
                r.body.contains("data-reason=\"stale\""),
                "POST {route}: {}",
                r.body
            );
            // A series keeps no log of its own: its refusal names no one.
            if *k != Kind::Series {
                assert!(r.body.contains("chief ("), "POST {route}: {}", r.body);
            }
        }
        assert_eq!(
            things.version(&mut arb, *k),
            after,
            "POST {route}: nothing written"
        );
        let read = arb.get(&things.read_path(*k));
        assert!(
            read.body.contains(&value),
            "POST {route}: the colleague's change is lost"
        );
        if route.ends_with("/delete") {
            continue;
        }
        // Built again at the current version, it gets past the check (the handler may still
        // refuse the made-up body or parameters).
        let r = send(&mut arb, &path, Some(&after));
        let stale = r.status == 409
            && (r.body.contains("\"stale\"") || r.body.contains("data-reason=\"stale\""))
            || r.status == 428;
        assert!(
            !stale,
            "POST {route} at the current version: {} {}",
            r.status, r.body
        );
    }
}

/// An upload refused by the check (here for want of a version) is answered once the whole form
/// is sent: the check reads a multipart form only up to its first fields, and answering then
/// closed the connection under a client still sending its file (a browser shows a reset
/// connection, this client failed with "broken pipe"), as a test's 3,000-deal upload
/// sometimes did.
#[test]
fn an_upload_refused_by_the_check_is_answered_after_the_whole_form() {
    let app = App::start(false);
    let mut a = app.arbiter();
    let r = a.post_json(
        "/api/bridge/teams",
        &json!({"name": "Mardi", "boards_per_match": 2, "format": "swiss"}),
    );
    let id = id_of(&r, &["id"]);
    a.auto_version = false;
    let token = a.csrf.clone().expect("the arbiter's token");
    // Far more than the socket buffers hold: the server must read it to answer.
    let file = "[Board \"1\"]\n".repeat(700_000);
    let r = a.post_multipart(
        &format!("/bridge/teams/{id}/deals"),
        &[("csrf", &token)],
        ("file", "donnes.pbn", &file),
    );
    assert_eq!(r.status, 428, "{}", r.body);
    assert!(r.etag.is_some(), "the version to send again");
}
