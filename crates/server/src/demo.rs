//! `--demo`: a sample event, so that a first start shows pages with players in them.

use store::{EventSettings, NewPlayer, ResultCode, Store};

const ACTOR: &str = "demo";

/// Sixteen invented players: name, title, rating, federation, club.
const PLAYERS: [(&str, &str, u16, &str, &str); 16] = [
    ("Moreau, Camille", "IM", 2412, "FRA", "Échiquier Lyonnais"),
    ("Lefèvre, Hugo", "FM", 2296, "FRA", "Cercle de Nantes"),
    ("Garnier, Léa", "WFM", 2187, "FRA", "Échiquier Lyonnais"),
    ("Rousseau, Théo", "", 2105, "FRA", "Tour Blanche Lille"),
    ("Fontaine, Inès", "", 2034, "BEL", "CREC Bruxelles"),
    ("Chevalier, Louis", "", 1988, "FRA", "Cercle de Nantes"),
    ("Bonnet, Manon", "", 1942, "FRA", "Grenoble Échecs"),
    ("Mercier, Jules", "", 1890, "SUI", "Club de Genève"),
    ("Blanc, Chloé", "", 1845, "FRA", "Tour Blanche Lille"),
    ("Guerin, Nathan", "", 1790, "FRA", "Grenoble Échecs"),
    ("Faure, Zoé", "", 1733, "FRA", "Cercle de Nantes"),
    ("Perrin, Arthur", "", 1680, "FRA", "Échiquier Lyonnais"),
    ("Robin, Lina", "", 1612, "FRA", "Tour Blanche Lille"),
    ("Clement, Noah", "", 1555, "FRA", "Grenoble Échecs"),
    ("Gauthier, Jade", "", 1490, "FRA", "Club de Genève"),
    ("Dumont, Adam", "", 1420, "FRA", "Cercle de Nantes"),
];

/// The sample's text, through the store's constructor like any other.
fn text<const MAX: usize>(s: &str) -> store::Result<store::text::Text<MAX>> {
    store::text::Text::parse(s).map_err(|e| e.invalid("demo", MAX))
}

/// Loads the sample event when the database has none: a 5-round Swiss, 16 players checked in,
/// round 1 paired and half of its results in.
pub fn load(store: &Store) -> store::Result<()> {
    if !store.events()?.is_empty() {
        return Ok(());
    }
    let mut settings = EventSettings::new(text("Open de démonstration")?, 5);
    settings.place = text("Lyon")?;
    settings.federation = "FRA".into();
    settings.start_date = "2026-11-28".into();
    settings.end_date = "2026-11-29".into();
    settings.chief_arbiter = text("Durand, Claire")?;
    settings.time_control = text("60'+30''")?;
    let event = store.create_event(ACTOR, &settings)?;
    let players: Vec<NewPlayer> = PLAYERS
        .iter()
        .map(|&(name, title, rating, federation, club)| {
            Ok(NewPlayer {
                name: text(name)?,
                title: title.into(),
                rating: Some(rating),
                federation: federation.into(),
                club: text(club)?,
                ..NewPlayer::default()
            })
        })
        .collect::<store::Result<_>>()?;
    store.add_players(ACTOR, event, &players)?;
    store.set_all_present(ACTOR, event, true)?;
    let round = store.pair_round(ACTOR, event, 1)?;
    let results = [
        ResultCode::WhiteWins,
        ResultCode::Draw,
        ResultCode::BlackWins,
        ResultCode::WhiteWins,
    ];
    let entered: Vec<(u32, Option<ResultCode>)> = round
        .games
        .iter()
        .filter(|g| g.black.is_some())
        .zip(results)
        .map(|(g, r)| (g.board, Some(r)))
        .collect();
    store.set_results(ACTOR, event, 1, &entered, None)?;
    Ok(())
}
