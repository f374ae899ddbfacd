//! The HTML pages as a browser uses them: forms with their CSRF field, redirects, languages.

use crate::common::{csrf_in, fide_txt, players_csv, App, Client, PASSWORD, USER};

/// Logs in through the login form, as a browser does.
fn browser_login(app: &App) -> Client {
    let _ = app.arbiter();
    let mut b = app.client();
    let page = b.get("/login");
    assert_eq!(page.status, 200);
    let csrf = csrf_in(&page.body);
    // Without the anonymous cookie's token the login form is refused.
    let mut stranger = app.client();
    let r = stranger.post_form(
        "/login",
        &[("csrf", &csrf), ("username", USER), ("password", PASSWORD)],
    );
    assert_eq!(r.status, 403);
    let r = b.post_form(
        "/login",
        &[
            ("csrf", &csrf),
            ("username", USER),
            ("password", "wrong password"),
        ],
    );
    assert_eq!(r.status, 401);
    assert!(r.body.contains("id=\"login-failed\""));
    let r = b.post_form(
        "/login",
        &[
            ("csrf", &csrf),
            ("username", USER),
            ("password", PASSWORD),
            ("next", "/"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(b.cookies.contains_key("arbiter_session"));
    b
}

#[test]
fn arbiter_pages_need_login_and_speak_french_and_english() {
    let app = App::start(false);
    let mut anon = app.client();
    let r = anon.get("/events/1");
    assert_eq!(r.status, 303);
    assert_eq!(r.location.as_deref(), Some("/login?next=%2Fevents%2F1"));
    let login = anon.get("/login");
    assert!(login.body.contains("<html lang=\"fr\">"));
    assert!(login.body.contains("Connexion"));
    anon.accept_language = Some("en-GB,en;q=0.9".into());
    let login = anon.get("/login");
    assert!(login.body.contains("<html lang=\"en\">"), "{}", login.body);
    // The switch link's cookie wins over the header.
    let r = anon.get("/lang/fr?back=/login");
    assert_eq!(r.status, 303);
    assert_eq!(r.location.as_deref(), Some("/login"));
    assert!(anon.get("/login").body.contains("<html lang=\"fr\">"));
    // The way back is a path of ours only.
    assert_eq!(
        anon.get("/lang/en?back=//evil.example").location.as_deref(),
        Some("/")
    );

    let mut b = browser_login(&app);
    let home = b.get("/");
    assert_eq!(home.status, 200);
    assert!(home.body.contains("id=\"new-event\""));
    let csrf = csrf_in(&home.body);

    // A form without its token: 403, nothing written.
    let r = b.post_form("/events/new", &[("name", "Sans jeton"), ("rounds", "5")]);
    assert_eq!(r.status, 403);
    assert!(r.body.contains("CSRF"));
    assert!(!b.get("/").body.contains("Sans jeton"));

    // A wrong value: 422 naming the field, in the page's language.
    let r = b.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("form", "1"),
            ("name", "Open"),
            ("rounds", "0"),
        ],
    );
    assert_eq!(r.status, 422);
    assert!(
        r.body
            .contains("Le nombre de rondes va de 1 à 99 (reçu « 0 »)"),
        "{}",
        r.body
    );

    let r = b.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("form", "1"),
            ("name", "Open <de> Lyon"),
            ("place", "Lyon"),
            ("start_date", "2026-11-28"),
            ("rounds", "3"),
            ("system", "swiss"),
            ("initial_colour", "w"),
            ("points_win", "1"),
            ("points_draw", "0,5"),
            ("tiebreaks", "BH/C1,BH,SB"),
            ("public", "on"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.location.as_deref(), Some("/events/1/players"));
    let players = b.get("/events/1/players");
    // Names are escaped.
    assert!(
        players.body.contains("Open &#60;de&#62; Lyon")
            || players.body.contains("Open &lt;de&gt; Lyon")
    );
    assert!(!players.body.contains("Open <de> Lyon"));

    // Import a CSV file, check everyone in, pair round 1.
    let r = b.post_multipart(
        "/events/1/players/import",
        &[("csrf", &csrf)],
        ("file", "players.csv", &players_csv(8)),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = b.post_multipart(
        "/events/1/players/import",
        &[],
        ("file", "players.csv", &players_csv(8)),
    );
    assert_eq!(r.status, 403, "multipart without its token");
    let r = b.post_form(
        "/events/1/players",
        &[("csrf", &csrf), ("name", "Hand, Added"), ("rating", "1400")],
    );
    assert_eq!(r.status, 303);
    let page = b.get("/events/1/players");
    assert!(page.body.contains("Player07, Test"));
    assert!(page.body.contains("Hand, Added"));
    assert_eq!(
        b.post_form(
            "/events/1/players/all-present",
            &[("csrf", &csrf), ("present", "1")]
        )
        .status,
        303
    );
    assert!(b.get("/events/1/players").body.contains("checked"));
    let page = b.get("/events/1/rounds/1");
    assert!(page.body.contains("id=\"pair-round\""));
    let r = b.post_form("/events/1/pair", &[("csrf", &csrf), ("round", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = b.post_form("/events/1/pair", &[("csrf", &csrf), ("round", "1")]);
    assert_eq!(r.status, 303, "a retried pairing is the same");
    let round = b.get("/events/1/rounds/1");
    assert_eq!(round.status, 200);
    for id in [
        "id=\"r1\"",
        "id=\"r4\"",
        "id=\"save-results\"",
        "id=\"swap-form\"",
        "id=\"unpair\"",
    ] {
        assert!(round.body.contains(id), "{id}");
    }
    // Pairing round 2 before the results: 409 with the translated reason.
    let r = b.post_form("/events/1/pair", &[("csrf", &csrf), ("round", "2")]);
    assert_eq!(r.status, 409);
    assert!(r.body.contains("sans résultat"), "{}", r.body);
    // The grid: every board at once, in the short forms.
    let r = b.post_form(
        "/events/1/rounds/1/results",
        &[
            ("csrf", &csrf),
            ("r1", "1"),
            ("r2", "="),
            ("r3", "0-1"),
            ("r4", "+"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let round = b.get("/events/1/rounds/1");
    assert!(round.body.contains("½-½"));
    assert!(
        !round.body.contains("id=\"unpair\""),
        "a round with results cannot be unpaired"
    );
    let r = b.post_form(
        "/events/1/rounds/1/results",
        &[("csrf", &csrf), ("r1", "3-0")],
    );
    assert_eq!(r.status, 422);

    // Every page of the event renders, in both languages.
    for lang in ["fr", "en"] {
        b.get(&format!("/lang/{lang}"));
        for path in [
            "/events/1",
            "/events/1/players",
            "/events/1/rounds/1",
            "/events/1/rounds/2",
            "/events/1/standings",
            "/events/1/standings?after=1",
            "/events/1/crosstable",
            "/events/1/alphabetical",
            "/events/1/log",
            "/events/1/edit",
            "/events/1/players/1",
            "/events/1/players/1/edit",
            "/backup",
            "/public/1",
            "/report",
        ] {
            let r = b.get(path);
            assert_eq!(r.status, 200, "{path} ({lang}): {}", r.body);
            assert!(
                r.body.contains(&format!("<html lang=\"{lang}\">")),
                "{path}"
            );
        }
    }
    let standings = b.get("/events/1/standings");
    assert!(standings.body.contains("id=\"legend\""));
    assert!(standings.body.contains("BH/C1"));
    assert_eq!(b.get("/events/1/rounds/9").status, 404);
    let csv = b.get("/events/1/standings.csv");
    assert!(
        csv.body
            .starts_with("rank,number,name,title,rating,federation,points,BH/C1,BH,SB\n"),
        "{}",
        csv.body
    );
    assert_eq!(b.get("/events/1/standings.json").status, 200);
    let trf = b.get("/events/1/export.trf?format=trf16");
    assert!(trf.body.contains("001 "));
    assert_eq!(
        trf.header("content-disposition"),
        Some("attachment; filename=\"event-1-trf16.trf\"")
    );
    let trf26 = b.get("/events/1/export.trf?format=trf26");
    assert!(trf26.body.contains("142 "), "{}", trf26.body);
    // TRF-2026's `202`: the event's tie-breaks, so that the file ranks as the event does
    // (TRF-16 has no such record).
    assert!(trf26.body.contains("\n202 BH/C1,BH,SB\n"), "{}", trf26.body);
    assert!(!trf.body.contains("\n202 "), "{}", trf.body);
    assert_eq!(
        trf26.header("content-disposition"),
        Some("attachment; filename=\"event-1-trf2026.trf\"")
    );
    let backup = b.get("/backup/download");
    assert!(backup.bytes.starts_with(b"SQLite format 3\0"));

    // Withdraw a player from the card; undo from the log.
    assert_eq!(
        b.post_form(
            "/events/1/players/2/withdraw",
            &[("csrf", &csrf), ("from_round", "2")]
        )
        .status,
        303
    );
    assert!(b
        .get("/events/1/players/2")
        .body
        .contains("id=\"withdrawn\""));
    // Undo asks first: the confirmation names the action and carries its number.
    let r = b.post_form("/events/1/undo", &[("csrf", &csrf)]);
    assert_eq!(r.status, 303);
    assert_eq!(r.location.as_deref(), Some("/events/1/undo"));
    let confirm = b.get("/events/1/undo").body;
    let entry = confirm
        .split("name=\"entry\" value=\"")
        .nth(1)
        .and_then(|v| v.split('"').next())
        .expect("the confirmation's entry")
        .to_string();
    assert_eq!(
        b.post_form("/events/1/undo", &[("csrf", &csrf), ("entry", &entry)])
            .status,
        303
    );
    assert!(!b
        .get("/events/1/players/2")
        .body
        .contains("id=\"withdrawn\""));

    // Logout ends the session.
    assert_eq!(b.post_form("/logout", &[("csrf", &csrf)]).status, 303);
    assert_eq!(b.get("/events/1").status, 303);
}

#[test]
fn a_player_reports_from_a_phone_and_the_arbiter_confirms() {
    let app = App::start(false);
    let mut b = browser_login(&app);
    let csrf = csrf_in(&b.get("/").body);
    b.post_form(
        "/events/new",
        &[("csrf", &csrf), ("name", "Rapide"), ("rounds", "3")],
    );
    b.post_multipart(
        "/events/1/players/import",
        &[("csrf", &csrf)],
        ("file", "p.csv", &players_csv(4)),
    );
    b.post_form(
        "/events/1/players/all-present",
        &[("csrf", &csrf), ("present", "1")],
    );
    b.post_form("/events/1/pair", &[("csrf", &csrf), ("round", "1")]);
    let round = b.get("/events/1/rounds/1").body;
    let code = round
        .split("<td class=\"code\">")
        .nth(1)
        .unwrap()
        .split('<')
        .next()
        .unwrap()
        .trim()
        .to_string();
    assert_eq!(code.len(), 6, "{round}");

    let mut phone = app.client();
    let page = phone.get("/report");
    let token = csrf_in(&page.body);
    let r = phone.post_form("/report", &[("code", &code)]);
    assert_eq!(r.status, 403);
    let r = phone.post_form(
        "/report",
        &[("csrf", &token), ("code", &code.to_lowercase())],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"report-board\""));
    assert!(r.body.contains("Player"));
    let r = phone.post_form(
        "/report/confirm",
        &[
            ("csrf", &token),
            ("code", &code),
            ("board", "2"),
            ("result", "1-0"),
        ],
    );
    assert_eq!(r.status, 409, "board 1's code does not open board 2");
    let r = phone.post_form(
        "/report/confirm",
        &[
            ("csrf", &token),
            ("code", &code),
            ("board", "1"),
            ("result", "1-0"),
        ],
    );
    // The first tap shows the result in words; nothing is sent before the second.
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"report-check\""), "{}", r.body);
    assert!(!b
        .get("/events/1/rounds/1")
        .body
        .contains("id=\"reported-1\""));
    let r = phone.post_form(
        "/report/confirm",
        &[
            ("csrf", &token),
            ("code", &code),
            ("board", "1"),
            ("result", "1-0"),
            ("sure", "1"),
        ],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"report-done\""));

    let round = b.get("/events/1/rounds/1").body;
    assert!(round.contains("id=\"reported-1\""));
    assert!(round.contains("id=\"confirm-reported\""));
    assert_eq!(
        b.post_form("/events/1/rounds/1/confirm", &[("csrf", &csrf)])
            .status,
        303
    );
    let round = b.get("/events/1/rounds/1").body;
    assert!(!round.contains("id=\"reported-1\""));
    assert!(round.contains("value=\"1-0\""));
}

#[test]
fn the_demo_event_shows_its_players_on_the_public_page() {
    let app = App::start(true);
    let mut anon = app.client();
    let public = anon.get("/public/1");
    assert_eq!(public.status, 200);
    assert!(public
        .body
        .contains("<meta http-equiv=\"refresh\" content=\"30\">"));
    assert!(public.body.contains("Moreau, Camille"));
    assert!(public.body.contains("id=\"public-pairings\""));
    assert!(public.body.contains("id=\"standings\""));
    // Board codes are for the players' hands, not the projector.
    assert!(!public.body.contains("class=\"code\""));
    assert_eq!(anon.get("/public/2").status, 404);
    assert_eq!(anon.get("/static/style.css").status, 200);
}

/// The phones reload the public page every 30 seconds: it goes gzipped to those that take it
/// (every browser), the same page as the uncompressed one, and plain to the others. Read over a
/// bare connection, to see the bytes the server sends.
#[test]
fn the_public_page_goes_compressed_to_the_phones_that_take_it() {
    use std::io::{Read, Write};
    let app = App::start(true);
    let get = |accept: &str| -> (String, Vec<u8>) {
        let host = app.base.trim_start_matches("http://");
        let mut s = std::net::TcpStream::connect(host).unwrap();
        write!(
            s,
            "GET /public/1 HTTP/1.1\r\nHost: {host}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = Vec::new();
        s.read_to_end(&mut answer).unwrap();
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
        (head, answer[split + 4..].to_vec())
    };
    let (head, plain) = get("identity");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(!head.contains("content-encoding"), "{head}");
    let plain = String::from_utf8(plain).unwrap();
    assert!(plain.contains("Moreau, Camille"));
    for _ in 0..2 {
        // Rendered, then served from the page kept for the event's version.
        let (head, zipped) = get("gzip, deflate");
        assert!(head.contains("content-encoding: gzip"), "{head}");
        assert!(head.contains("vary: accept-encoding"), "{head}");
        assert!(
            zipped.len() * 3 < plain.len(),
            "{} bytes for {}",
            zipped.len(),
            plain.len()
        );
        let mut inflated = String::new();
        flate2::read::GzDecoder::new(&zipped[..])
            .read_to_string(&mut inflated)
            .unwrap();
        assert_eq!(inflated, plain, "the same page once inflated");
    }
    let (head, body) = get("gzip;q=0, identity");
    assert!(!head.contains("content-encoding"), "{head}");
    assert_eq!(String::from_utf8(body).unwrap(), plain);
}

#[test]
fn players_are_registered_from_the_fide_rating_list() {
    let app = App::start(false);
    let mut b = browser_login(&app);
    let csrf = csrf_in(&b.get("/").body);
    b.post_form(
        "/events/new",
        &[("csrf", &csrf), ("name", "Open FIDE"), ("rounds", "5")],
    );
    // Linked from the backup page and from the registration.
    assert!(b.get("/backup").body.contains("href=\"/rating-list\""));
    let players = b.get("/events/1/players");
    assert!(players.body.contains("id=\"rating-list-none\""));
    assert!(players.body.contains("href=\"/rating-list?event=1\""));
    assert!(!players.body.contains("id=\"fide-search-form\""));

    let list = fide_txt(&[
        (
            "20699001",
            "Levy, Anne",
            "FRA",
            "F",
            "WGM",
            "2312",
            "1994",
            "w",
        ),
        (
            "20699002",
            "Lévy-Martin, Paul",
            "FRA",
            "M",
            "GM",
            "2501",
            "1980",
            "",
        ),
        (
            "30999004",
            "Kowalska, Ewa",
            "POL",
            "F",
            "",
            "1720",
            "1971",
            "wi",
        ),
    ]);
    let page = b.get("/rating-list?event=1");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=\"rating-list-form\""));
    // Without its token: refused, nothing loaded.
    let r = b.post_multipart("/rating-list", &[], ("file", "players_list_foa.txt", &list));
    assert_eq!(r.status, 403);
    let r = b.post_multipart(
        "/rating-list",
        &[("csrf", &csrf), ("event", "1")],
        ("file", "players_list_foa.txt", &list),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.location.as_deref(), Some("/rating-list?loaded=3&event=1"));
    let page = b.get("/rating-list?loaded=3&event=1");
    assert!(page.body.contains("id=\"rating-list-loaded\""));
    assert!(page.body.contains("players_list_foa.txt"));
    assert!(page.body.contains("id=\"rating-list-back\""));
    // A broken file: 422 naming the line, the loaded list stays.
    let r = b.post_multipart(
        "/rating-list",
        &[("csrf", &csrf)],
        ("file", "list.xml", "<playerslist><player><fideid>x"),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    // FIDE's ZIP as downloaded, larger than what the CSRF check reads ahead (the rest streams
    // to the handler): 2,000 players, stored.
    let rows: Vec<(String, String)> = (0..2_000)
        .map(|i| (format!("{}", 41_000_000 + i), format!("Zipped{i:04}, Test")))
        .collect();
    let big = crate::common::fide_txt(
        &rows
            .iter()
            .map(|(id, name)| {
                (
                    id.as_str(),
                    name.as_str(),
                    "FRA",
                    "M",
                    "",
                    "1600",
                    "1980",
                    "",
                )
            })
            .collect::<Vec<_>>(),
    );
    let zip = crate::common::zipped("players_list_foa.txt", big.as_bytes(), false);
    assert!(zip.len() > 100 * 1024, "{}", zip.len());
    let r = b.post_multipart_bytes(
        "/rating-list",
        &[("csrf", &csrf), ("event", "1")],
        ("file", "players_list.zip", &zip),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some("/rating-list?loaded=2000&event=1")
    );
    // Without the token, the same ZIP is refused (403) and the list stays.
    let r = b.post_multipart_bytes(
        "/rating-list",
        &[("event", "1")],
        ("file", "players_list.zip", &zip),
    );
    assert_eq!(r.status, 403);
    // The small list again, for the searches below.
    let r = b.post_multipart(
        "/rating-list",
        &[("csrf", &csrf), ("event", "1")],
        ("file", "players_list_foa.txt", &list),
    );
    assert_eq!(r.status, 303, "{}", r.body);

    // The search, accent-insensitive, by name words or FIDE id.
    let players = b.get("/events/1/players?q=levy");
    assert!(players.body.contains("id=\"rating-list-source\""));
    assert!(
        players.body.contains("id=\"fide-results\""),
        "{}",
        players.body
    );
    assert!(players.body.contains("id=\"fide-add-20699001\""));
    assert!(players.body.contains("id=\"fide-add-20699002\""));
    assert!(!players.body.contains("id=\"fide-add-30999004\""));
    let by_id = b.get("/events/1/players?q=30999004");
    assert!(by_id.body.contains("Kowalska, Ewa"));
    assert!(by_id.body.contains("id=\"fide-add-30999004\""));
    assert!(b
        .get("/events/1/players?q=nobody")
        .body
        .contains("id=\"fide-none\""));

    // "Add" registers the player with everything the list knows.
    let r = b.post_form(
        "/events/1/players/fide",
        &[("csrf", &csrf), ("fide_id", "20699001"), ("q", "levy")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some("/events/1/players?q=levy#fide-search")
    );
    let players = b.get("/events/1/players?q=levy");
    assert!(players.body.contains("id=\"fide-registered-20699001\""));
    assert!(players.body.contains("id=\"fide-add-20699002\""));
    let list = b.get("/api/events/1/players").json();
    let p = &list[0];
    assert_eq!(p["name"], "Levy, Anne");
    assert_eq!(p["title"], "WGM");
    assert_eq!(p["rating"], 2312);
    assert_eq!(p["federation"], "FRA");
    assert_eq!(p["fide_id"], 20699001);
    assert_eq!(p["sex"], "w");
    assert_eq!(p["birth_date"], "1994");
    // An id the list does not have: 422, nothing registered.
    let r = b.post_form(
        "/events/1/players/fide",
        &[("csrf", &csrf), ("fide_id", "123")],
    );
    assert_eq!(r.status, 422);
    assert_eq!(
        b.get("/api/events/1/players")
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // Both languages.
    for lang in ["fr", "en"] {
        b.get(&format!("/lang/{lang}"));
        for path in ["/rating-list", "/events/1/players?q=lévy"] {
            let r = b.get(path);
            assert_eq!(r.status, 200, "{path}");
            assert!(r.body.contains(&format!("<html lang=\"{lang}\">")));
        }
    }
}

/// An event of five players (one gets the pairing-allocated bye) with round 1 played and
/// round 2 paired, a half-point bye requested for round 2; returns the CSRF token.
fn played_event(b: &mut Client) -> String {
    let csrf = csrf_in(&b.get("/").body);
    b.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("form", "1"),
            ("name", "Open <du> Club"),
            ("place", "Lyon"),
            ("start_date", "2026-11-28"),
            ("end_date", "2026-11-29"),
            ("chief_arbiter", "Anne Arbitre"),
            ("deputy_arbiters", "Paul Adjoint\nZoé Seconde"),
            ("time_control", "90 min + 30 s"),
            ("rounds", "3"),
            ("system", "swiss"),
            ("tiebreaks", "BH/C1,BH,SB"),
        ],
    );
    b.post_multipart(
        "/events/1/players/import",
        &[("csrf", &csrf)],
        ("file", "players.csv", &players_csv(5)),
    );
    b.post_form(
        "/events/1/players/all-present",
        &[("csrf", &csrf), ("present", "1")],
    );
    // The last by number asks for a half-point bye in round 2.
    let players = b.get("/api/events/1/players").json();
    let last = players.as_array().unwrap().last().unwrap()["id"]
        .as_i64()
        .unwrap();
    let r = b.post_form(
        &format!("/events/1/players/{last}/bye"),
        &[("csrf", &csrf), ("round", "2"), ("kind", "half")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        b.post_form("/events/1/pair", &[("csrf", &csrf), ("round", "1")])
            .status,
        303
    );
    let r = b.post_form(
        "/events/1/rounds/1/results",
        &[("csrf", &csrf), ("r1", "1-0"), ("r2", "+")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        b.post_form("/events/1/pair", &[("csrf", &csrf), ("round", "2")])
            .status,
        303
    );
    csrf
}

/// Pairing numbers of round `n`'s boards: (board, white, black).
fn board_numbers(b: &mut Client, n: u32) -> Vec<(u64, u64, Option<u64>)> {
    let players = b.get("/api/events/1/players").json();
    let number = |key: &serde_json::Value| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| &p["id"] == key)
            .map(|p| p["number"].as_u64().unwrap())
    };
    let round = b.get(&format!("/api/events/1/rounds/{n}")).json();
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                number(&g["white"]).unwrap(),
                number(&g["black"]),
            )
        })
        .collect()
}

/// The `<tr id="wall-N">` line of a page.
fn wall_line(page: &str, number: u64) -> String {
    let start = page
        .find(&format!("<tr id=\"wall-{number}\">"))
        .unwrap_or_else(|| panic!("wall-{number}"));
    page[start..].split("</tr>").next().unwrap().to_string()
}

#[test]
fn the_wall_chart_shows_every_round_by_pairing_number() {
    let app = App::start(false);
    let mut b = browser_login(&app);
    played_event(&mut b);
    let boards = board_numbers(&mut b, 1);
    let (_, w1, b1) = boards[0];
    let b1 = b1.unwrap();
    let (_, w2, b2) = boards[1];
    let b2 = b2.unwrap();
    let (_, pab, none) = boards[2];
    assert_eq!(none, None, "five players: board 3 is the bye");

    b.accept_language = Some("en".into());
    let dash = b.get("/events/1");
    assert!(dash.body.contains("id=\"tab-wallchart\""));
    let page = b.get("/events/1/wallchart");
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("<html lang=\"en\">"));
    assert!(page.body.contains("id=\"wallchart\""));
    assert!(page.body.contains("size: A4 landscape"));
    assert!(page.body.contains("id=\"legend\""));
    // Rows by pairing number, every player.
    let order: Vec<usize> = (1..=5)
        .map(|n| page.body.find(&format!("id=\"wall-{n}\"")).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]));
    // Round 1: a win, a forfeit, the bye; the score after it below.
    let line = wall_line(&page.body, w1);
    assert!(
        line.contains(&format!(
            ">{b1}w <b>1</b></span><span class=\"wc-score\">1</span>"
        )),
        "{line}"
    );
    let line = wall_line(&page.body, b1);
    assert!(
        line.contains(&format!(
            ">{w1}b <b>0</b></span><span class=\"wc-score\">0</span>"
        )),
        "{line}"
    );
    assert!(wall_line(&page.body, w2).contains(&format!(">{b2}w <b>+</b>")));
    assert!(wall_line(&page.body, b2).contains(&format!(">{w2}b <b>−</b>")));
    assert!(
        wall_line(&page.body, pab).contains(">U <b>1</b></span><span class=\"wc-score\">1</span>")
    );
    // Round 2: the requested half-point bye; round 2 has no result yet, so no score.
    let line = wall_line(&page.body, 5);
    assert!(
        line.contains(">H <b>½</b></span><span class=\"wc-score\"></span>"),
        "{line}"
    );

    b.accept_language = Some("fr".into());
    let page = b.get("/events/1/wallchart");
    assert!(page.body.contains("<html lang=\"fr\">"));
    assert!(page.body.contains("Tableau mural"));
    assert!(wall_line(&page.body, w1).contains(&format!(">{b1}B <b>1</b>")));
    assert!(wall_line(&page.body, b1).contains(&format!(">{w1}N <b>0</b>")));
    assert_eq!(b.get("/events/9/wallchart").status, 404);
}

#[test]
fn the_static_export_is_one_self_contained_public_file() {
    let app = App::start(false);
    let mut b = browser_login(&app);
    played_event(&mut b);
    let codes: Vec<String> = [1, 2]
        .iter()
        .flat_map(|n| {
            b.get(&format!("/api/events/1/rounds/{n}")).json()["games"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|g| !g["black"].is_null())
                .map(|g| g["code"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(codes.iter().all(|c| c.len() == 6), "{codes:?}");
    assert!(b.get("/events/1").body.contains("id=\"export-html\""));

    for (lang, words) in [
        (
            "fr",
            [
                "Classement après la ronde 1",
                "Tableau mural",
                "Arbitre principal",
            ],
        ),
        (
            "en",
            ["Standings after round 1", "Wall chart", "Chief arbiter"],
        ),
    ] {
        b.accept_language = Some(lang.into());
        for path in ["/events/1/export.html", "/api/events/1/export.html"] {
            let r = b.get(path);
            assert_eq!(r.status, 200, "{path}: {}", r.body);
            let page = &r.body;
            assert!(page.starts_with("<!DOCTYPE html>"));
            assert!(page.contains(&format!("<html lang=\"{lang}\">")), "{path}");
            for w in words {
                assert!(page.contains(w), "{lang} {path}: {w}");
            }
            // Printed, every page carries its number and the print date.
            assert!(
                page.contains("counter(page) \" / \" counter(pages)"),
                "{path}"
            );
            let printed = if lang == "fr" {
                "Imprimé le"
            } else {
                "Printed"
            };
            assert!(page.contains(printed), "{lang} {path}: the print date");
            // The event header, the legend, every round, the wall chart, the alphabetical list.
            for part in [
                "Open &#60;du&#62; Club",
                "Lyon",
                "Anne Arbitre",
                "Zoé Seconde",
                "90 min + 30 s",
                "BH/C1",
                "id=\"legend\"",
                "id=\"standings\"",
                "id=\"round-1\"",
                "id=\"round-2\"",
                "id=\"wallchart\"",
                "id=\"alphabetical\"",
                "Player04, Test",
                "<style>",
            ] {
                let found = page.contains(part)
                    || (part.contains("&#60;")
                        && page.contains("Open &#60;du&#62; Club")
                        && !page.contains("<du>"));
                assert!(found, "{lang} {path}: {part}");
            }
            // For a club's website: no board code, no token, no form, no script, no way out.
            for code in &codes {
                assert!(!page.contains(code.as_str()), "code {code} in the export");
            }
            let lower = page.to_lowercase();
            for banned in [
                "csrf", "<form", "<script", "<link", "src=", "http://", "https://", "<input",
                "<button", "onclick",
            ] {
                assert!(!lower.contains(banned), "{lang} {path}: {banned}");
            }
            for href in page.split("href=\"").skip(1) {
                assert!(href.starts_with('#'), "a link leaving the file: {href:.40}");
                let target = href[1..].split('"').next().unwrap();
                assert!(page.contains(&format!("id=\"{target}\"")), "no #{target}");
            }
        }
    }
    let r = b.get("/events/1/export.html");
    assert!(r.body.contains("Player00, Test"));
    let mut anon = app.client();
    assert_eq!(anon.get("/events/1/export.html").status, 303);
    assert_eq!(anon.get("/api/events/1/export.html").status, 401);
}

#[test]
fn the_checkers_objections_after_a_swap_are_in_the_pages_language() {
    let app = App::start(false);
    let mut b = browser_login(&app);
    let csrf = played_event(&mut b);
    let players = b.get("/api/events/1/players").json();
    let key = |number: u64| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == number)
            .unwrap()["id"]
            .to_string()
    };
    // Round 1's board 1 met again in round 2: swap the black player of round 1 into the seat
    // of the round-1 white player's round-2 opponent.
    let (_, w1, b1) = board_numbers(&mut b, 1)[0];
    let b1 = b1.unwrap();
    let round2 = board_numbers(&mut b, 2);
    let (_, x, y) = *round2
        .iter()
        .find(|(_, w, bl)| *w == w1 || *bl == Some(w1))
        .unwrap();
    let opponent = if x == w1 { y.unwrap() } else { x };
    assert_ne!(opponent, b1);
    b.accept_language = Some("fr".into());
    let r = b.post_form(
        "/events/1/rounds/2/swap",
        &[("csrf", &csrf), ("a", &key(b1)), ("b", &key(opponent))],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body.contains("se sont déjà rencontrés (C1)"),
        "{}",
        r.body
    );
    assert!(!r.body.contains("have already played"));
    // Swapped back, through the API in English: the message and the store's English.
    let mut api = app.client();
    api.cookies = b.cookies.clone();
    api.csrf = Some(csrf.clone());
    api.accept_language = Some("en".into());
    let r = api.post_json(
        "/api/events/1/rounds/2/swap",
        &serde_json::json!({"a": key(b1), "b": key(opponent)}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json()["messages"].as_array().unwrap().len(),
        r.json()["objections"].as_array().unwrap().len()
    );
}

/// Each entry of the log links to the event as it was right after that action: players,
/// rounds with their results and the standings of that moment, read only, in both languages.
#[test]
fn the_log_shows_the_event_right_after_each_action() {
    let app = App::start(false);
    let mut b = browser_login(&app);
    played_event(&mut b);
    let log = b.get("/api/events/1/log").json();
    let log = log.as_array().unwrap();
    let id_of = |action: &str, nth_from_oldest: usize| {
        log.iter()
            .rev()
            .filter(|e| e["action"] == action)
            .nth(nth_from_oldest)
            .map(|e| e["id"].as_i64().unwrap())
            .unwrap_or_else(|| panic!("{action}"))
    };
    let page = b.get("/events/1/log").body;
    let first_pair = id_of("pair", 0);
    assert!(
        page.contains(&format!("href=\"/events/1/log/{first_pair}\"")),
        "{page}"
    );

    // Right after round 1 was paired: five players, one round without results, the start list.
    let r = b.get(&format!("/events/1/log/{first_pair}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let page = r.body;
    assert!(
        page.contains(&format!("État après l&#39;action {first_pair}</h2>")),
        "{page}"
    );
    assert!(page.contains("id=\"state-round-1\"") && !page.contains("id=\"state-round-2\""));
    assert!(page.contains("Classement initial"), "{page}");
    assert!(
        !page.contains("method=\"post\" action=\"/events/1"),
        "read only: {page}"
    );
    assert!(
        page.contains("Open &#60;du&#62; Club") && !page.contains("<du>"),
        "escaped: {page}"
    );

    // Right after the results: round 1 complete, the standings after it (in English).
    b.accept_language = Some("en".into());
    b.get("/lang/en?back=/");
    let results = id_of("set_results", 0);
    let page = b.get(&format!("/events/1/log/{results}")).body;
    assert!(
        page.contains(&format!("State after action {results}")),
        "{page}"
    );
    assert!(page.contains("Standings after round 1"), "{page}");
    assert!(page.contains("<td class=\"result\">1-0</td>"), "{page}");
    assert!(!page.contains("id=\"state-round-2\""));
    // Now: round 2 is paired all the same, and a log entry of no such event is not found.
    let round2 = b.get("/events/1/rounds/2");
    assert_eq!(round2.status, 200);
    assert_eq!(b.get("/events/1/log/999999").status, 404);
}
