//! Double-dummy benchmark: N random deals (seeded), each analysed (20 tricks counts) and
//! given its par. Prints the wall time per deal on every core (DDS's own thread pool) and on
//! one thread, and the process's CPU time.
//!
//! `cargo bench -p bridge --bench double_dummy [-- DEALS [SEED]]` (1,000 deals, seed 1)

use std::time::Instant;

use bridge::{dd, generate, Deal};

/// CPU time of the whole process in seconds (all threads), from /proc.
fn process_cpu() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let n = args.first().copied().unwrap_or(1000) as usize;
    let seed = args.get(1).copied().unwrap_or(1);
    let mut rng = generate::SplitMix64::new(seed);
    let deals: Vec<Deal> = (0..n)
        .map(|_| {
            generate::random_deal(&mut rng)
                .parse()
                .expect("a generated deal is a full deal")
        })
        .collect();
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());

    let (t, c) = (Instant::now(), process_cpu());
    let tables = dd::analyse_all(&deals);
    let pars: Vec<i32> = deals
        .iter()
        .zip(&tables)
        .enumerate()
        .map(|(i, (_, t))| {
            let board = i as u32 + 1;
            dd::par(t, bridge::vulnerability_of(board), bridge::dealer_of(board)).score_ns
        })
        .collect();
    let wall = t.elapsed().as_secs_f64();
    let cpu = process_cpu().zip(c).map(|(b, a)| b - a);
    println!(
        "{n} deals (seed {seed}), tables and par on {cores} core(s): {wall:.2} s, {:.1} ms a deal{}",
        wall * 1000.0 / n as f64,
        cpu.map_or(String::new(), |c| format!(" (CPU {c:.2} s, {:.1} ms a deal)", c * 1000.0 / n as f64))
    );

    // One thread, one solver: the time a deal costs where no other core helps.
    let sample = n.min(200);
    let t = Instant::now();
    for (d, want) in deals[..sample].iter().zip(&tables) {
        assert_eq!(&dd::analyse(d), want, "one thread and the pool agree");
    }
    let wall = t.elapsed().as_secs_f64();
    println!(
        "{sample} deals on one thread: {wall:.2} s, {:.1} ms a deal",
        wall * 1000.0 / sample as f64
    );
    println!(
        "checksum of par scores: {}",
        pars.iter().map(|&p| i64::from(p)).sum::<i64>()
    );
}
