//! `arbiter pair`, `arbiter check` and `arbiter generate`: the pairing engine, the checker and
//! the random tournament generator as subcommands. They share their work and their output
//! formats with the engine-style interface (`--dutch … -p|-c|-g`, see [`crate::engine`]).
use std::path::{Path, PathBuf};

use pairing::berger::{self, Cycles};
use pairing::dutch::explain::{Explanation, FloatKind};
use pairing::dutch::state::Preference;
use pairing::dutch::{self, DutchOptions};
use pairing::Pairing;
use tournament::{Color, Entry, PlayerId, Tournament};

use pairing::system::System;

use crate::engine::{self, SettingsSource};
use crate::error::{exit, CliError};
use crate::io;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Output: the number of pairs (the bye included), then \"white black\" per board \
in board order, and \"player 0\" for the pairing-allocated bye.\n\
Exit codes: 0 paired, 1 no valid pairing exists, 3 invalid file or request, 4 beyond limits, \
5 file access."
)]
pub struct PairArgs {
    /// Tournament in TRF (TRF-16 or TRF-2026); its next round is paired (FIDE Dutch system).
    /// Not needed when --round-robin only prints a table.
    #[arg(value_name = "IN", required_unless_present = "round_robin")]
    input: Option<PathBuf>,
    /// Write the pairing to this file (atomically) instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// Use the Berger round-robin table for N players (FIDE C.05 Annex 1). Without IN, print
    /// the whole table; with IN (which must have N players), pair its next round from the table.
    #[arg(long, value_name = "N")]
    round_robin: Option<u32>,
    /// Double round robin: the table twice, colours reversed in the second cycle, with the last
    /// two rounds of the first cycle swapped as FIDE recommends.
    #[arg(long, requires = "round_robin")]
    double: bool,
    /// Explain the pairing on standard output (the pairing itself goes to OUT when given):
    /// brackets, each player's float and why, colour preference and whether it was met, and
    /// the criterion that decided. With --round-robin: scores and colour histories.
    #[arg(long)]
    explain: bool,
    /// Read the input as Latin-1 (old files) instead of UTF-8.
    #[arg(long)]
    latin1: bool,
    /// The Swiss system; without it the file's 192 code decides (FIDE_DUBOV, FIDE_LIM,
    /// FIDE_TEAM_…, …), else Dutch.
    #[arg(long, value_enum)]
    system: Option<SystemArg>,
}

/// The Swiss systems `--system` names.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SystemArg {
    /// FIDE (Dutch) system, C.04.3
    Dutch,
    /// Burstein system, C.04.4.2
    Burstein,
    /// Dubov system, C.04.4.1
    Dubov,
    /// Lim system, C.04.4.3
    Lim,
    /// Double-Swiss system, C.04.5 (two round columns a match)
    DoubleSwiss,
    /// Swiss Team system, C.04.6 (the teams of a TRF-2026 team file)
    Team,
}

impl SystemArg {
    fn system(self) -> System {
        match self {
            SystemArg::Dutch => System::Dutch,
            SystemArg::Burstein => System::Burstein,
            SystemArg::Dubov => System::Dubov,
            SystemArg::Lim => System::Lim,
            SystemArg::DoubleSwiss => System::DoubleSwiss,
            SystemArg::Team => System::Team,
        }
    }
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Prints \"NAME: Round #k\" for every round, followed by the boards where our \
pairing differs from the file's (checker on the left, tournament on the right, 0 for the bye), \
then the standings check (\"standings: ...\": the ranks the file records against the order its \
own tie-break list, 212 else 202, gives; the order compared and not the numbers, players the \
list leaves level free, an unknown criterion unchecked), then a count such as \"2 of 5 rounds \
differ from the engine's pairing\".\n\
Exit codes: 0 every round as the engine pairs it and the ranks in order, 1 some round differs \
(or has no valid pairing) or some rank is out of order, 3 invalid file, 5 file access. \
(`arbiter --dutch IN -c` prints the report alone and exits 0, as the engines do; a rank out of \
order is a warning on stderr there.)"
)]
pub struct CheckArgs {
    /// A tournament in TRF whose every round is replayed.
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// Read the input as Latin-1 (old files) instead of UTF-8.
    #[arg(long)]
    latin1: bool,
    /// The Swiss system; without it the file's 192 code decides, else Dutch.
    #[arg(long, value_enum)]
    system: Option<SystemArg>,
    /// The Swiss Team system (`--system team`), as the team engines' `--team` flag says it.
    #[arg(long, conflicts_with = "system")]
    team: bool,
    /// Also write the findings as JSON: each round's verdict and each standings objection with
    /// its article.
    #[arg(short = 'l', long, value_name = "FILE")]
    report: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Configuration keys (Key=Value, # comments): PlayersNumber, RoundsNumber, \
DrawPercentage, ForfeitRate, RetiredRate, HalfPointByeRate, HighestRating, LowestRating, \
PointsForWin, PointsForDraw, PointsForLoss, PointsForZPB, PointsForForfeitLoss, PointsForPAB; \
TopRating and RatingStep (ratings top, top - step, ...); FullPointByes, HalfPointByes, \
ZeroPointByes (of the player-rounds), ForfeitWins (one side forfeits), ForfeitLosses (both \
forfeit), UnusualResults (decided before a move: W/D/L, not rated), each a count for the event \
(5) or a share (2.5%); Acceleration=baku; TieBreaks=BH/C1,BH,SB (written as 202/212, the ranks \
follow it); TournamentsNumber. Missing keys are drawn at random from the seed, except \
DrawPercentage: without it the draws follow Otto Milvang's model, and every result is drawn so \
that each player's expected score is FIDE's (B.02 8.1.2). Read docs/endorsement.md. \
Exit codes: 3 invalid configuration (FILE:LINE:COL), 4 when the rounds and point values could \
give a score above 99.9, which a TRF points field cannot hold."
)]
pub struct GenerateArgs {
    /// Generator configuration (Java properties).
    #[arg(value_name = "CONFIG", conflicts_with = "model")]
    config: Option<PathBuf>,
    /// Imitate this tournament (TRF): its size, rounds, ratings and rates of draws, forfeits
    /// and byes.
    #[arg(long, value_name = "MODEL")]
    model: Option<PathBuf>,
    /// Where to write the generated tournament (TRF-2026).
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// Seed of the random draws; the same seed and settings give the same tournament.
    #[arg(short, long)]
    seed: Option<u64>,
    /// Keep only the first K rounds played, so the file is ready to pair round K+1 (its
    /// number of rounds stays the generated one).
    #[arg(long, value_name = "K")]
    played: Option<u32>,
    /// The Swiss system that pairs the rounds (default: Dutch).
    #[arg(long, value_enum)]
    system: Option<SystemArg>,
    /// Write N tournaments (seeds SEED, SEED + 1, …): OUT must hold %d, replaced by 0000,
    /// 0001, … (the settings' TournamentsNumber says the same).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: Option<u32>,
}

pub fn run_pair(args: PairArgs) -> Result<u8, CliError> {
    io::refuse_overwrites(args.input.as_slice(), args.output.as_slice())?;
    // The pairing goes to OUT (or stdout); an explanation always goes to stdout, after it.
    let (text, explanation) = match (args.round_robin, &args.input) {
        (Some(players), None) => {
            if args.explain {
                return Err(CliError::invalid("--explain needs a tournament file"));
            }
            (round_robin_table(players, cycles(args.double))?, None)
        }
        (Some(players), Some(input)) => {
            let t = engine::read_tournament_from(input, args.latin1)?;
            let round = pairing::request::round_to_pair(&t);
            let pairing = round_robin_round(input, &t, players, cycles(args.double), round)?;
            let explanation = args.explain.then(|| history_text(&t, round, &pairing));
            (engine::pairing_text(&pairing), explanation)
        }
        (None, Some(input)) => {
            let t = engine::read_tournament_from(input, args.latin1)?;
            let system = engine::chosen_system(args.system.map(SystemArg::system), input, &t)?;
            let round = system
                .next(&t)
                .map_err(|e| engine::pairing_error(input, e))?;
            if args.explain && system == System::Team {
                return Err(CliError::invalid(format!(
                    "--explain is available for the Dutch, Burstein, Dubov, Lim and Double-Swiss \
                     systems, not the {} system",
                    system.title()
                )));
            }
            if args.explain && system == System::Dutch {
                engine::check_round_exists(input, &t, round)?;
                let e = dutch::explain(&t, round, &DutchOptions::default())
                    .map_err(|e| engine::pairing_error(input, e))?;
                (engine::pairing_text(&e.pairing), Some(explanation_text(&e)))
            } else if args.explain {
                engine::check_round_exists(input, &t, round)?;
                let e = system
                    .explain(&t, round, &pairing::system::Options::default())
                    .map_err(|e| engine::pairing_error(input, e))?;
                let text = match &e {
                    // Burstein's seeding rounds are Dutch rounds (C.04.4.2 1.6).
                    pairing::system::Explanation::Dutch(d) => explanation_text(d),
                    pairing::system::Explanation::Swiss(s, x) => swiss_explanation_text(*s, x),
                };
                (engine::pairing_text(e.pairing()), Some(text))
            } else {
                let pairing = engine::pair_round(input, &t, round, system)?;
                (engine::pairing_text(&pairing), None)
            }
        }
        (None, None) => {
            return Err(CliError::invalid(
                "give a tournament file or --round-robin N",
            ))
        }
    };
    match (&args.output, explanation) {
        (Some(out), Some(explanation)) => {
            io::write_output(Some(out), text.as_bytes())?;
            io::write_output(None, explanation.as_bytes())?;
        }
        (None, Some(explanation)) => {
            io::write_output(None, format!("{text}\n{explanation}").as_bytes())?;
        }
        (out, None) => io::write_output(out.as_deref(), text.as_bytes())?,
    }
    Ok(exit::OK)
}

/// The table's pairing of `round` for the tournament in `input`, after checking that the file
/// can follow the table: N players numbered 1 to N, every earlier round as the table paired
/// it, no round beyond the declared ones, and nobody the table pairs announced absent (a
/// round-robin table cannot leave a player out).
fn round_robin_round(
    input: &Path,
    t: &Tournament,
    players: u32,
    cycles: Cycles,
    round: u32,
) -> Result<Pairing, CliError> {
    let file = input.display();
    let invalid = |m: String| CliError::invalid(format!("{file}: {m}"));
    if t.players.len() as u32 != players {
        return Err(invalid(format!(
            "the tournament has {} players, not {players}",
            t.players.len()
        )));
    }
    if let Some(missing) = (1..=players).find(|&n| t.player(PlayerId(n)).is_none()) {
        return Err(invalid(format!(
            "a round robin of {players} players needs the pairing numbers 1 to {players}; \
             player {missing} is missing"
        )));
    }
    engine::check_round_exists(input, t, round)?;
    let entry = |id: PlayerId, r: u32| t.player(id).and_then(|p| p.entry(r)).copied();
    // The file's initial colour (`152 B`) reverses the table's colours.
    let initial = t.header.initial_color.unwrap_or(Color::White);
    let table_round = |r: u32| {
        berger::round_with_initial_colour(players, cycles, r, initial)
            .map_err(|e| invalid(e.to_string()))
    };
    // Earlier rounds must be the table's: same opponents and colours.
    for r in 1..round {
        let table = table_round(r)?;
        for (board, b) in table.boards.iter().enumerate() {
            let e = entry(b.white, r);
            let found = e.and_then(|e| e.opponent());
            let colour = e.and_then(|e| e.color());
            if found != Some(b.black) || colour.is_some_and(|c| c != Color::White) {
                let what = match (found, colour) {
                    (Some(o), Some(Color::Black)) => format!("{o}-{}", b.white),
                    (Some(o), _) => format!("{}-{o}", b.white),
                    (None, _) => format!("no game for {}", b.white),
                };
                return Err(invalid(format!(
                    "round {r}, board {}: the round-robin table pairs {}-{}, the file has {what}",
                    board + 1,
                    b.white,
                    b.black
                )));
            }
        }
        if let Some(bye) = table.bye {
            if let Some(o) = entry(bye, r).and_then(|e| e.opponent()) {
                return Err(invalid(format!(
                    "round {r}: the round-robin table gives {bye} the bye, the file pairs {bye} with {o}"
                )));
            }
        }
    }
    let pairing = table_round(round)?;
    // 240 announcements and entries already written in the round's column.
    for (board, b) in pairing.boards.iter().enumerate() {
        for id in [b.white, b.black] {
            let announced = t
                .announced_byes
                .iter()
                .any(|a| a.round == round && a.players.contains(&id));
            let absent = entry(id, round).is_some_and(|e| !e.was_paired());
            if announced || absent {
                return Err(invalid(format!(
                    "player {id} is absent in round {round}, but the round-robin table pairs \
                     {}-{} on board {}: a round-robin table cannot leave a player out \
                     (record the game as a forfeit instead)",
                    b.white,
                    b.black,
                    board + 1
                )));
            }
        }
    }
    Ok(pairing)
}

pub fn run_check(args: CheckArgs) -> Result<u8, CliError> {
    let t = engine::read_tournament_from(&args.input, args.latin1)?;
    // A team competition is checked as one: its teams are the participants.
    let participants = if t.is_team_event() {
        t.teams.len()
    } else {
        t.players.len()
    };
    let found = match round_robin_cycles(&t, participants as u32) {
        Some(cycles) if t.is_team_event() => {
            let rounds = pairing::team::check_round_robin(&t, cycles)
                .map_err(|e| CliError::invalid(format!("{}: {e}", args.input.display())))?;
            round_robin_findings(&args.input, rounds)
        }
        Some(cycles) => check_round_robin(&args.input, &t, cycles)?,
        None => {
            let system = engine::chosen_system(
                args.team
                    .then_some(System::Team)
                    .or(args.system.map(SystemArg::system)),
                &args.input,
                &t,
            )?;
            engine::check_tournament(&args.input, &t, true, system)?
        }
    };
    let summary = match (found.differing, found.rounds) {
        (_, 0) => "no round to check: nothing is paired yet\n".to_string(),
        (d, n) => format!("{d} of {n} rounds differ from the engine's pairing\n"),
    };
    let standings = engine::check_standings(&args.input, &t)?;
    if let Some(path) = &args.report {
        let json = engine::check_report_json(&args.input, &found, &standings);
        io::write_atomic(path, format!("{json:#}\n").as_bytes())?;
    }
    io::write_output(
        None,
        format!("{}{}{summary}", found.report, standings.text).as_bytes(),
    )?;
    Ok(if found.differing == 0 && standings.objections() == 0 {
        exit::OK
    } else {
        exit::NO_PAIRING
    })
}

pub fn run_generate(args: GenerateArgs) -> Result<u8, CliError> {
    let inputs: Vec<&PathBuf> = args.model.iter().chain(&args.config).collect();
    io::refuse_overwrites(&inputs, &[&args.output])?;
    let source = match (args.model, args.config) {
        (Some(model), _) => SettingsSource::Model(model),
        (None, Some(config)) => SettingsSource::Config(config),
        (None, None) => SettingsSource::Random,
    };
    let system = args.system.map_or(System::Dutch, SystemArg::system);
    match system {
        System::Team | System::DoubleSwiss => {
            if args.played.is_some() {
                return Err(CliError::invalid(
                    "--played applies to the individual systems' generator",
                ));
            }
            engine::generate_other(system, &source, args.seed, &args.output, false)?;
        }
        _ => {
            engine::generate_file(
                &source,
                args.seed,
                &args.output,
                false,
                args.played,
                system,
                args.count,
            )?;
        }
    }
    Ok(exit::OK)
}

/// The cycles of a file whose header says it is a round robin (`092`/`192`: "round robin",
/// "Berger") of `n` participants; `None` for a Swiss.
fn round_robin_cycles(t: &Tournament, n: u32) -> Option<Cycles> {
    if t.header.says_round_robin() != Some(true) {
        return None;
    }
    let double_said = [&t.header.tournament_type, &t.header.type_code]
        .iter()
        .filter_map(|w| w.as_deref())
        .any(|w| w.to_ascii_lowercase().contains("double"));
    let single = berger::rounds(n, Cycles::Single);
    Some(
        if double_said || t.header.rounds.is_some_and(|r| r > single) {
            Cycles::DOUBLE
        } else {
            Cycles::Single
        },
    )
}

/// Replays a round robin against the Berger tables, players numbered as in the file. The
/// player facing the table's empty seat rests: only the games are compared.
fn check_round_robin(
    input: &Path,
    t: &Tournament,
    cycles: Cycles,
) -> Result<engine::CheckFindings, CliError> {
    let n = t.players.len() as u32;
    let initial = t.header.initial_color.unwrap_or(Color::White);
    let rounds = pairing::checker::check_paired(t, |_, round| {
        berger::round_with_initial_colour(n, cycles, round, initial)
            .map(|p| Pairing {
                boards: p.boards,
                bye: None,
            })
            .map_err(|e| pairing::PairingError::InvalidRequest(e.to_string()))
    })
    .map_err(|e| CliError::invalid(format!("{}: {e}", input.display())))?;
    Ok(round_robin_findings(input, rounds))
}

/// The checker's report of a round robin: the file's rests are zero-point byes, not
/// pairing-allocated ones, so only the games (the matches) are compared.
fn round_robin_findings(
    input: &Path,
    rounds: Vec<pairing::checker::RoundCheck>,
) -> engine::CheckFindings {
    let rounds: Vec<pairing::checker::RoundCheck> = rounds
        .into_iter()
        .map(|mut r| {
            if let pairing::checker::RoundOutcome::Differs {
                checker,
                tournament,
            } = &r.outcome
            {
                let games = |v: &Vec<(u32, u32)>| {
                    v.iter()
                        .filter(|(_, b)| *b != 0)
                        .cloned()
                        .collect::<Vec<_>>()
                };
                if games(checker).is_empty() && games(tournament).is_empty() {
                    r.outcome = pairing::checker::RoundOutcome::Same;
                }
            }
            r
        })
        .collect();
    let name = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let differing = rounds
        .iter()
        .filter(|r| r.outcome != pairing::checker::RoundOutcome::Same)
        .count();
    engine::CheckFindings {
        report: pairing::checker::report_text(&name, &rounds),
        checklist: String::new(),
        rounds: rounds.len(),
        differing,
        rounds_found: rounds,
        article: "C.05 Annex 1",
    }
}

fn cycles(double: bool) -> Cycles {
    if double {
        Cycles::DOUBLE
    } else {
        Cycles::Single
    }
}

/// The whole round-robin table, one line per round: `Round  1: 1-6, 2-5, 3-4`.
fn round_robin_table(players: u32, cycles: Cycles) -> Result<String, CliError> {
    let rounds = berger::schedule(players, cycles).map_err(|e| CliError::invalid(e.to_string()))?;
    let width = rounds.len().to_string().len();
    let mut out = String::new();
    for (i, p) in rounds.iter().enumerate() {
        let boards: Vec<String> = p
            .boards
            .iter()
            .map(|b| format!("{}-{}", b.white, b.black))
            .collect();
        out.push_str(&format!("Round {:>width$}: {}", i + 1, boards.join(", ")));
        if let Some(bye) = p.bye {
            out.push_str(&format!("; bye {bye}"));
        }
        out.push('\n');
    }
    Ok(out)
}

/// What each board's players bring to a round-robin round: score, colours of played games
/// and colour difference.
fn history_text(t: &Tournament, round: u32, pairing: &Pairing) -> String {
    let history = round.saturating_sub(1);
    let describe = |id: PlayerId| -> String {
        let Some(p) = t.player(id) else {
            return id.to_string();
        };
        let colours: String = p
            .rounds
            .iter()
            .take(history as usize)
            .filter_map(Entry::played_color)
            .map(|c| match c {
                Color::White => 'W',
                Color::Black => 'B',
            })
            .collect();
        let difference = colours.chars().filter(|&c| c == 'W').count() as i64
            - colours.chars().filter(|&c| c == 'B').count() as i64;
        let score = t.score_after(p, history) + t.acceleration(id, round);
        format!(
            "{id} ({score}, {}, CD {difference:+})",
            if colours.is_empty() { "-" } else { &colours }
        )
    };
    let mut out = format!(
        "Round {round}: score before the round (with acceleration), colours of played games, colour difference\n"
    );
    for (i, b) in pairing.boards.iter().enumerate() {
        out.push_str(&format!(
            "{:>4}. {}  -  {}\n",
            i + 1,
            describe(b.white),
            describe(b.black)
        ));
    }
    if let Some(bye) = pairing.bye {
        out.push_str(&format!(" bye: {}\n", describe(bye)));
    }
    out
}

fn colour_word(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The Dutch engine's explanation of a round: its brackets, then one paragraph per player in
/// pairing order.
/// Burstein's (after its seeding rounds), Dubov's, Lim's and Double-Swiss's explanation: each
/// player's float, the colour rule and the bye rule that decided, and the opponent the first
/// candidate named when it was passed over, with the article of the system's text. A
/// Double-Swiss explanation is of a match, its colours those of game 1.
fn swiss_explanation_text(system: System, e: &pairing::explain::Explanation) -> String {
    use pairing::explain::{ByeReason, ColourReason, PassReason};
    let chapter = system.chapter();
    let double_swiss = system == System::DoubleSwiss;
    let mut out = format!(
        "{} {}: {}, players by pairing score\n",
        if double_swiss { "Match" } else { "Round" },
        e.round,
        system.title()
    );
    for p in &e.players {
        let game = match (p.opponent, p.colour, p.opponent_score) {
            (Some(o), Some(c), Some(s)) if double_swiss => {
                format!("{} in game 1 against {o} ({s})", colour_word(c))
            }
            (Some(o), Some(c), Some(s)) => format!("{} against {o} ({s})", colour_word(c)),
            (Some(o), _, _) => format!("against {o}"),
            (None, _, _) => "pairing-allocated bye".to_string(),
        };
        let float = match p.float {
            FloatKind::None => "no float".to_string(),
            // Nobody floats down in Double-Swiss: the resident who meets an upfloater is a
            // floater too (1.5).
            FloatKind::Down if double_swiss => {
                format!(
                    "floater, against a lower score ({chapter} {})",
                    p.float_article
                )
            }
            FloatKind::Down => format!("downfloat ({chapter} {})", p.float_article),
            FloatKind::Up => format!("upfloat ({chapter} {})", p.float_article),
            FloatKind::Bye => "bye".to_string(),
        };
        let mut line = format!("  {} ({}): {game}; {float}", p.id, p.pairing_score);
        if let Some((reason, article)) = p.colour_by {
            let why = match reason {
                ColourReason::Initial => "initial colour and pairing number",
                ColourReason::Limits => "colour limits",
                ColourReason::BothPreferences => "both preferences granted",
                ColourReason::FewerWhites => "White to the player with fewer Whites",
                ColourReason::StrongerPreference => "stronger preference granted",
                ColourReason::History => "alternation from the last different colours",
                ColourReason::Ranking => "preference of the player the article names",
            };
            line.push_str(&format!("; colours: {why} ({chapter} {article})"));
        }
        if let Some((reason, article)) = p.bye_by {
            let why = match reason {
                ByeReason::OnlyEligible => "the only player allowed one",
                ByeReason::LeavesPairing => "the players before would leave no legal pairing",
                ByeReason::LowestScore => "lowest score among those allowed one",
                ByeReason::MostGames => "most games played on the lowest score",
                ByeReason::LowestRating => "lowest rating",
                ByeReason::LowestRank => "lowest ranking",
                ByeReason::Fixed => "fixed by the arbiter",
            };
            line.push_str(&format!("; bye: {why} ({chapter} {article})"));
        }
        if let Some(passed) = p.passed_over {
            let why = match passed.reason {
                PassReason::AlreadyPlayed => "already played each other",
                PassReason::Forbidden => "forbidden by the arbiter",
                PassReason::ColourLimits => "colour limits",
                PassReason::NoCompletion => "the others could not all be paired",
                PassReason::Floaters => "the choice of floaters",
                PassReason::Order => "the order of candidate pairings",
            };
            line.push_str(&format!(
                "; not paired with {}, whom the first candidate named: {why} ({chapter} {})",
                passed.player, passed.article
            ));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn explanation_text(e: &Explanation) -> String {
    let ids = |v: &[PlayerId]| {
        v.iter()
            .map(|id| id.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = format!("Round {}: brackets, top-down\n", e.round);
    for b in &e.brackets {
        out.push_str(&format!("  {}: residents {}", b.score, ids(&b.residents)));
        if !b.moved_down.is_empty() {
            out.push_str(&format!("; moved down {}", ids(&b.moved_down)));
        }
        if !b.downfloaters.is_empty() {
            out.push_str(&format!("; floating down {}", ids(&b.downfloaters)));
        }
        out.push('\n');
    }
    out.push_str("Players, in pairing order\n");
    for p in &e.players {
        let game = match (p.opponent, p.colour) {
            (Some(o), Some(c)) => format!("{} against {o}", colour_word(c)),
            (Some(o), None) => format!("against {o}"),
            (None, _) => "pairing-allocated bye".to_string(),
        };
        let strength = match p.preference_strength {
            Preference::None => "",
            Preference::Mild => "mild ",
            Preference::Strong => "strong ",
            Preference::Absolute => "absolute ",
        };
        let preference = match (p.preference, p.preference_met) {
            (None, _) => "no colour preference".to_string(),
            (Some(c), Some(true)) => format!("{strength}preference for {}, met", colour_word(c)),
            (Some(c), Some(false)) => {
                format!("{strength}preference for {}, not met", colour_word(c))
            }
            (Some(c), None) => format!("{strength}preference for {}", colour_word(c)),
        };
        let float = match p.float {
            FloatKind::None => "no float",
            FloatKind::Down => "downfloat",
            FloatKind::Up => "upfloat",
            FloatKind::Bye => "downfloat (bye)",
        };
        out.push_str(&format!(
            "  {} ({}): {game}; {preference}; {float}: {}\n",
            p.id, p.pairing_score, p.why
        ));
        if let Some(d) = &p.decided_by {
            out.push_str(&format!("      {d}\n"));
        }
    }
    out
}
