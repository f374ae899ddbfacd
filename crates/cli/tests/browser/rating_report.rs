//! The FIDE rating report page through the browser, in French and English (issue 35 §4, issue
//! 36 §4): a real event played from 29 March to 2 April 2026 (Swiss-Manager's
//! `aut_1384031.TUNX`, rounds 1-5 in March and 6-7 in April) is reported in two files, one per
//! rating period, each holding its own rounds; no pairing was changed by hand, and the page
//! says so. Screenshots in `TARGET/browser-artifacts/rating-report/`.

use std::path::Path;

use super::arbiter::Arbiter;
use super::harness::{artifacts_dir, Driver, Server};

pub async fn periods(chromedriver: &Path) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(chromedriver);
    let a = Arbiter::first_account(
        driver.desktop("arbiter", 1280, 900).await,
        &server,
        artifacts_dir("rating-report"),
    )
    .await;
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/fixtures/tunx/aut_1384031.TUNX")
        .canonicalize()
        .expect("the Swiss-Manager test file");

    for (lang, march, april, none) in [
        (
            "en",
            "2026-03: rounds 1-5",
            "2026-04: rounds 6-7",
            "No pairing was changed by hand.",
        ),
        (
            "fr",
            "2026-03 : rondes 1-5",
            "2026-04 : rondes 6-7",
            "Aucun appariement n'a été modifié à la main.",
        ),
    ] {
        a.b.goto(&a.url("/")).await;
        a.switch_language(lang).await;
        a.b.goto(&a.url("/events/import-tunx")).await;
        a.b.attach("#tunx-file", &file).await;
        a.press("#tunx-import-submit", "import a Swiss-Manager file")
            .await;
        a.press("#export-rating-report", "open the FIDE rating report")
            .await;
        let text = a.b.body_text().await;
        assert!(text.contains(march), "{text}");
        assert!(text.contains(april), "{text}");
        assert!(
            a.b.find("#pairing-record-none")
                .await
                .text()
                .await
                .unwrap_or_default()
                == none,
            "{text}"
        );
        a.shot(&format!("rating-report-{lang}")).await;

        // Each period's file holds its own rounds: player 1 (FM Leitgeb) drew round 1, won
        // rounds 2 and 3, lost round 4 and won round 5 in March (3.5), and drew rounds 6 and 7
        // in April (1.0): the file's 4.5 in all.
        for (id, points, rounds) in [
            ("2026-03", "3.5", [true, false]),
            ("2026-04", "1.0", [false, true]),
        ] {
            let link = a.b.attr(&format!("#period-{id}"), "href").await;
            let (status, trf) = a.b.fetch_text(&link).await;
            assert_eq!(status, 200, "{trf}");
            let first = trf.lines().find(|l| l.starts_with("001    1")).unwrap();
            assert_eq!(first[80..84].trim(), points, "{first}");
            // Round 1's cell (from column 92) is filled in March's file only, round 7's
            // (column 152) in April's only.
            assert_eq!(!first[91..99].trim().is_empty(), rounds[0], "{first}");
            assert_eq!(
                !first.get(151..159).unwrap_or("").trim().is_empty(),
                rounds[1],
                "{first}"
            );
        }
    }
}
