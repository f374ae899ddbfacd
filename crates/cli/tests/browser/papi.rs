//! "Import a Papi file" and "Papi file for the FFE" through the browser, in French and English
//! (issue 35 §1): a real Papi file becomes an event with its rounds, a truncated one is refused
//! with nothing imported, and the event's report page downloads the FFE's file. Screenshots in
//! `TARGET/browser-artifacts/papi/`.

use std::path::Path;

use super::arbiter::Arbiter;
use super::harness::{artifacts_dir, Driver, Server};

pub async fn import_and_export(chromedriver: &Path) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(chromedriver);
    let a = Arbiter::first_account(
        driver.desktop("arbiter", 1280, 900).await,
        &server,
        artifacts_dir("papi"),
    )
    .await;
    let data = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/data/papi")
        .canonicalize()
        .expect("the Papi test files");
    let good = data.join("bre-jeunes-2024-open-b.papi");
    let cut = tmp.path().join("cut.papi");
    std::fs::write(&cut, &std::fs::read(&good).unwrap()[..100_000]).unwrap();

    for (lang, refused, damaged) in [
        (
            "en",
            "The Papi file is refused, nothing was imported",
            "the file is truncated or damaged",
        ),
        (
            "fr",
            "Fichier Papi refusé, rien n'a été importé",
            "le fichier est tronqué ou endommagé",
        ),
    ] {
        a.b.goto(&a.url("/")).await;
        a.switch_language(lang).await;
        a.press("#import-papi", "open the Papi import").await;
        a.shot(&format!("papi-import-{lang}")).await;

        a.b.attach("#papi-file", &cut).await;
        let message = a
            .press_refused("#papi-import-submit", "a truncated Papi file")
            .await;
        assert!(message.contains(refused), "{message}");
        assert!(message.contains(damaged), "{message}");
        a.shot(&format!("papi-refused-{lang}")).await;

        a.b.goto(&a.url("/events/import-papi")).await;
        a.b.attach("#papi-file", &good).await;
        a.press("#papi-import-submit", "import a Papi file").await;
        let dashboard = a.b.current_url().await;
        assert!(a.b.body_text().await.contains("Open B"));
        a.b.fill("#papi-homologation", "71234").await;
        a.shot(&format!("papi-export-{lang}")).await;
        // The standings after the file's seven rounds.
        a.b.goto(&format!("{dashboard}/standings")).await;
        assert!(a.b.body_text().await.contains("MORBIEU, Guillaume"));
        a.shot(&format!("papi-standings-{lang}")).await;
        let (status, _) =
            a.b.fetch_text(&format!("{dashboard}/export.papi?homologation=71234"))
                .await;
        assert_eq!(status, 200);
    }
}
