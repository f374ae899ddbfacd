//! "Import a Swiss-Manager file (.TUNX)" through the browser, in French and English (issue 35
//! §2): a team file is refused with the reader's place in the file and nothing imported, a
//! real file becomes an event whose page says what the file holds that the event does not
//! take, and the event opens with its rounds. Screenshots in `TARGET/browser-artifacts/tunx/`.

use std::path::Path;

use super::arbiter::Arbiter;
use super::harness::{artifacts_dir, Driver, Server};

pub async fn import(chromedriver: &Path) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(chromedriver);
    let a = Arbiter::first_account(
        driver.desktop("arbiter", 1280, 900).await,
        &server,
        artifacts_dir("tunx"),
    )
    .await;
    let data = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/fixtures/tunx")
        .canonicalize()
        .expect("the Swiss-Manager test files");
    // sample.TUNX: "Circuito Sesc de Xadrez - 2026", 29 players, 7 rounds (public/sample.json).
    let good = data.join("sample.TUNX");
    let team = data.join("cro_1386026.TUNX");

    for (lang, refused, team_said, left_out) in [
        (
            "en",
            "The Swiss-Manager file is refused, nothing was imported",
            "a team tournament: Swiss-Manager's team files are not read (byte ",
            "Tie-breaks of the file without an equivalent here, left out: Buchholz.",
        ),
        (
            "fr",
            "Fichier Swiss-Manager refusé, rien n'a été importé",
            "un tournoi par équipes : les fichiers d'équipes de Swiss-Manager ne sont pas lus (octet ",
            "Départages du fichier sans équivalent ici, non repris : Buchholz.",
        ),
    ] {
        a.b.goto(&a.url("/")).await;
        a.switch_language(lang).await;
        a.press("#import-tunx", "open the Swiss-Manager import").await;
        a.shot(&format!("tunx-import-{lang}")).await;

        a.b.attach("#tunx-file", &team).await;
        let message = a
            .press_refused("#tunx-import-submit", "a Swiss-Manager team file")
            .await;
        assert!(message.contains(refused), "{message}");
        assert!(message.contains(team_said), "{message}");
        a.shot(&format!("tunx-refused-{lang}")).await;

        a.b.goto(&a.url("/events/import-tunx")).await;
        a.b.attach("#tunx-file", &good).await;
        a.press("#tunx-import-submit", "import a Swiss-Manager file")
            .await;
        let dashboard = a.b.current_url().await;
        let dashboard = dashboard.split('?').next().unwrap().to_string();
        let text = a.b.body_text().await;
        assert!(text.contains("Circuito Sesc de Xadrez - 2026"), "{text}");
        assert!(text.contains(left_out), "{text}");
        a.shot(&format!("tunx-imported-{lang}")).await;
        // The event opens with the file's seventh round and its results.
        a.b.goto(&format!("{dashboard}/rounds/7")).await;
        assert!(a.b.body_text().await.contains("Aloisio, Ponti Lopes"));
        a.shot(&format!("tunx-round-{lang}")).await;
    }
}
