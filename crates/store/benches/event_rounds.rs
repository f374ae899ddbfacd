//! Pairs every round of a large Swiss through the store, as the web application does (rows read,
//! model built, engine run, boards written in one transaction), and prints the time of each
//! round. `cargo bench -p store --bench event_rounds [-- PLAYERS ROUNDS]` (default 500 × 9).

use std::time::Instant;

use store::{EventSettings, NewPlayer, ResultCode, Store};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(500);
    let rounds = args.get(1).copied().unwrap_or(9);
    let dir = std::env::temp_dir().join(format!("arbiter-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let store = Store::open(&dir.join("bench.db")).expect("database");
    let event = store
        .create_event(
            "bench",
            &EventSettings::new("Bench open".parse().unwrap(), rounds),
        )
        .expect("event");
    let list: Vec<NewPlayer> = (0..players)
        .map(|i| {
            NewPlayer::named(
                format!("Player {i:04}").parse().unwrap(),
                Some(2700 - (i * 7 % 1700) as u16),
            )
        })
        .collect();
    store.add_players("bench", event, &list).expect("players");
    let mut seed = 12345u64;
    let mut total = 0.0;
    println!("{players} players, {rounds} rounds (file database, synchronous commits)");
    for round in 1..=rounds {
        let start = Instant::now();
        let r = store.pair_round("bench", event, round).expect("pairing");
        let paired = start.elapsed().as_secs_f64();
        total += paired;
        let results: Vec<(u32, Option<ResultCode>)> = r
            .games
            .iter()
            .filter(|g| g.black.is_some())
            .map(|g| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = [
                    ResultCode::WhiteWins,
                    ResultCode::Draw,
                    ResultCode::BlackWins,
                ];
                (g.board, Some(pick[(seed >> 33) as usize % 3]))
            })
            .collect();
        let start = Instant::now();
        store
            .set_results("bench", event, round, &results, None)
            .expect("results");
        let grid = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let (board, result) = results[0];
        let other = if result == Some(ResultCode::Draw) {
            ResultCode::WhiteWins
        } else {
            ResultCode::Draw
        };
        store
            .set_result("bench", event, round, board, Some(other))
            .expect("correction");
        let one = start.elapsed().as_secs_f64();
        println!(
            "round {round}: paired in {paired:.3} s ({} boards); every result saved in {grid:.3} s; one correction {:.1} ms",
            r.games.len(),
            one * 1000.0
        );
    }
    let start = Instant::now();
    let s = store.standings(event, None).expect("standings");
    println!(
        "standings of {} players in {:.3} s",
        s.rows.len(),
        start.elapsed().as_secs_f64()
    );
    println!("all rounds paired in {total:.2} s");
    std::fs::remove_dir_all(&dir).ok();
}
