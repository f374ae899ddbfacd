//! The engine-compatible interface, kept identical to the FIDE-endorsed engines so that
//! tournament programs can swap engines without changes (trf.md §6):
//!
//! ```text
//! arbiter [-r]
//! arbiter [-r] --dutch INPUT -p [OUTPUT] [-l [CHECKLIST]]
//! arbiter [-r] --dutch INPUT -c [-l [CHECKLIST]]
//! arbiter [-r] --dutch (MODEL -g | -g [CONFIG]) -o OUTPUT [-s SEED] [-l [CHECKLIST]]
//! ```
//!
//! `--burstein` (C.04.4.2), `--dubov` (C.04.4.1) or `--lim` (C.04.4.3) in place of `--dutch`
//! pairs, checks and generates with that system ([`pairing::system`]). As with JaVaFo, the
//! system flag may be left out (`arbiter INPUT -p`): then the file's `192` code decides
//! (`FIDE_BURSTEIN…`, `FIDE_DUBOV…`, `FIDE_LIM…`), and Dutch otherwise; a flag that contradicts
//! the file wins, with a warning. `-l` writes the checklist (trf.md §6.5): of the paired round with `-p`, of every
//! round (`Round #k` headers) with `-c` and `-g`. Without a name it goes next to the input
//! (`-p`, `-c`) or the output (`-g`), extension `.list`. `--latin1` reads old Latin-1 files.
//!
//! The programs that call an engine today keep working unchanged (README, "Pairing"):
//! lichess's `--fast` (its own heuristic fork of bbpPairings for 700 players or more) pairs
//! with our Dutch engine, which is exact and fast enough at those sizes; JaVaFo's options keep
//! JaVaFo's meaning (`-b` Baku acceleration, `-c ROUND`, `-g SEED`; `-q [N]` and `-w` tune
//! JaVaFo's own search and are accepted and ignored), and in JaVaFo's form (no system flag) a
//! round 1 with no initial colour gets one drawn from the file, as JaVaFo does. With `-p OUT`,
//! "no valid pairing" leaves OUT empty, as the reference engine does (it opens OUT first).
//!
//! The flags are parsed by hand: several take an optional value, which clap cannot tell from the
//! next positional argument the way these engines do.
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use pairing::checker;
use pairing::generator::{self, GeneratorError, Settings};
use pairing::system::{Options as EngineOptions, System};
use pairing::{Pairing, PairingError};
use tournament::{trf, Color, Tournament};

use crate::error::{exit, CliError};
use crate::io;

/// True when the arguments use the engines' flag style rather than a subcommand: a system
/// flag or `-r`, or JaVaFo's style without a system flag (`arbiter INPUT.trf -p`), recognised
/// by a first argument that is not a plain subcommand word.
pub fn is_engine_call(args: &[OsString]) -> bool {
    let rest = || args.iter().skip(1);
    // A subcommand first (`arbiter check --team FILE`) is never the engines' form.
    let first_is_word = args.get(1).is_some_and(|a| {
        let a = a.to_string_lossy();
        !a.is_empty()
            && a.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            && !a.starts_with('-')
    });
    if first_is_word {
        return false;
    }
    rest().any(|a| {
        a == "-r"
            || a == "--fast"
            || a == "-p"
            || a == "-c"
            || a == "-g"
            || system_flag(&a.to_string_lossy()).is_some()
    })
}

/// What one engine-style command line asks for.
#[derive(Debug, Default, PartialEq, Eq)]
struct Request {
    banner: bool,
    /// The system flag (`--dutch`, `--dubov`, …), when one is given.
    system: Option<System>,
    /// JaVaFo's `-b`: Baku acceleration (C.04.7) whatever the file's type code says.
    baku: bool,
    /// JaVaFo's `-g SEED` (a number where the configuration file goes).
    javafo_seed: Option<u64>,
    input: Option<PathBuf>,
    mode: Option<Mode>,
    output: Option<PathBuf>,
    seed: Option<u64>,
    checklist: Option<Option<PathBuf>>,
    latin1: bool,
    help: bool,
}

/// The engine interface's usage, printed by `--help`.
const USAGE: &str = "\
Usage (the interface of the FIDE-endorsed pairing engines, trf.md §6):
  arbiter [-r] [--dutch] INPUT.trf -p [OUTPUT] [-l [CHECKLIST]] [-b]  pair the next round
  arbiter [-r] [--dutch] INPUT.trf -c [ROUND] [-l [CHECKLIST]]        check every round (or one)
  arbiter [-r] [--dutch] (MODEL.trf -g | -g [CONFIG|SEED]) -o OUTPUT.trf [-s SEED] [-l [CHECKLIST]]
                                                                      generate a tournament
  --burstein (C.04.4.2), --dubov (C.04.4.1) or --lim (C.04.4.3) in place of --dutch: that
  system. Without a system flag the file's 192 code decides (FIDE_BURSTEIN..., FIDE_DUBOV...,
  FIDE_LIM...), else Dutch.
Options:
  -r          print the engine's name and version first
  -l [FILE]   write the checklist (default: INPUT or OUTPUT with the extension .list)
  -s SEED     seed of the generator (-g only)
  -b          Baku acceleration (C.04.7) even if the file does not ask for it (-p only)
  --fast      the Dutch system (lichess's name for its heuristic engine)
  -q [N], -w  JaVaFo's search options: accepted and ignored (our engine is exact)
  --latin1    read the input as Latin-1 instead of UTF-8
Exit codes: 0 done, 1 no valid pairing, 2 internal error, 3 invalid file or request,
4 beyond limits, 5 file access.
";

#[derive(Debug, PartialEq, Eq)]
enum Mode {
    Pair {
        output: Option<PathBuf>,
    },
    /// `round`: JaVaFo's `-c ROUND`, only that round's report.
    Check {
        round: Option<u32>,
    },
    Generate {
        config: Option<PathBuf>,
    },
}

/// The system to pair `t` with: the one a flag names, else the one its `192` code names, else
/// Dutch. A team file is paired as teams and an individual one as players: a flag that
/// contradicts the file on that is refused; between individual systems the flag wins, and
/// stderr says so.
pub(crate) fn chosen_system(
    flag: Option<System>,
    path: &Path,
    t: &Tournament,
) -> Result<System, CliError> {
    let file = t
        .header
        .type_code
        .as_deref()
        .and_then(System::from_type_code);
    match (flag, file) {
        (Some(a), Some(f)) if a != f && (a == System::Team || f == System::Team) => {
            Err(CliError::invalid(format!(
                "{}: the file's 192 code ({}) names the {} system, not the {} one",
                path.display(),
                t.header.type_code.as_deref().unwrap_or_default().trim(),
                f.title(),
                a.title()
            )))
        }
        (Some(a), Some(f)) if a != f => {
            io::print_error(&format!(
                "{}: warning: the file's 192 code ({}) names the {} system; pairing with the {} \
                 system as asked",
                path.display(),
                t.header.type_code.as_deref().unwrap_or_default().trim(),
                f.title(),
                a.title()
            ));
            Ok(a)
        }
        (Some(a), _) => Ok(a),
        // A team competition without a system code is paired as one.
        (None, None) if t.is_team_event() => Ok(System::Team),
        (None, f) => Ok(f.unwrap_or_default()),
    }
}

/// The system a flag such as `--dubov` names.
fn system_flag(arg: &str) -> Option<System> {
    arg.strip_prefix("--").and_then(System::parse)
}

/// Records the system flag; two different ones are refused.
fn set_system(r: &mut Request, system: System) -> Result<(), CliError> {
    match r.system {
        Some(other) if other != system => Err(CliError::invalid(format!(
            "give only one system: --{} and --{}",
            other.name(),
            system.name()
        ))),
        _ => {
            r.system = Some(system);
            Ok(())
        }
    }
}

fn parse(args: &[OsString]) -> Result<Request, CliError> {
    let mut r = Request::default();
    let mut i = 1;
    // The value after a flag when there is one that is not itself a flag.
    let optional_value = |i: &mut usize| -> Option<PathBuf> {
        let next = args.get(*i + 1)?;
        if next.to_string_lossy().starts_with('-') {
            return None;
        }
        *i += 1;
        Some(PathBuf::from(next))
    };
    // The value after a flag when it is a number (JaVaFo's `-c ROUND`, `-g SEED`, `-q N`).
    let optional_number = |i: &mut usize| -> Result<Option<u64>, CliError> {
        let Some(next) = args.get(*i + 1).map(|a| a.to_string_lossy()) else {
            return Ok(None);
        };
        if next.is_empty() || !next.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        *i += 1;
        let flag = args[*i - 1].to_string_lossy();
        next.parse::<u64>().map(Some).map_err(|_| {
            CliError::invalid(format!(
                "{flag}: expected a number up to {}, found {next}",
                u64::MAX
            ))
        })
    };
    let set_mode = |r: &mut Request, mode: Mode| -> Result<(), CliError> {
        if r.mode.is_some() {
            return Err(CliError::invalid("give only one of -p, -c and -g"));
        }
        r.mode = Some(mode);
        Ok(())
    };
    while i < args.len() {
        let arg = args[i].to_string_lossy();
        match arg.as_ref() {
            "-r" => r.banner = true,
            "-h" | "--help" => r.help = true,
            "--latin1" => r.latin1 = true,
            // lichess calls `--fast` (its heuristic fork) from 700 players on.
            "--fast" => set_system(&mut r, System::Dutch)?,
            "-b" => r.baku = true,
            // JaVaFo's permutation limit and weighted matching: ours is always an exact
            // weighted matching, so neither changes anything.
            "-q" => {
                optional_number(&mut i)?;
            }
            "-w" => {}
            s if system_flag(s).is_some() => {
                set_system(&mut r, system_flag(s).unwrap_or_default())?;
            }
            "-p" => {
                let output = optional_value(&mut i);
                set_mode(&mut r, Mode::Pair { output })?;
            }
            "-c" => {
                let round = optional_number(&mut i)?;
                let round = round
                    .map(|n| {
                        u32::try_from(n).map_err(|_| CliError::invalid(format!("-c: no round {n}")))
                    })
                    .transpose()?;
                set_mode(&mut r, Mode::Check { round })?;
            }
            "-g" => {
                // JaVaFo: a number where the configuration goes is the seed.
                r.javafo_seed = optional_number(&mut i)?;
                let config = match r.javafo_seed {
                    Some(_) => None,
                    None => optional_value(&mut i),
                };
                set_mode(&mut r, Mode::Generate { config })?;
            }
            "-l" => r.checklist = Some(optional_value(&mut i)),
            "-o" | "-s" => {
                let Some(value) = args.get(i + 1) else {
                    return Err(CliError::invalid(format!("{arg} needs a value")));
                };
                i += 1;
                if arg == "-o" {
                    r.output = Some(PathBuf::from(value));
                } else {
                    let text = value.to_string_lossy();
                    let seed = text.parse::<u64>().map_err(|_| {
                        CliError::invalid(format!(
                            "-s: expected a seed from 0 to {}, found {text:?}",
                            u64::MAX
                        ))
                    })?;
                    r.seed = Some(seed);
                }
            }
            s if s.starts_with('-') && s.len() > 1 => {
                return Err(CliError::invalid(format!("unknown option {s:?}")));
            }
            _ => {
                if r.input.is_some() {
                    return Err(CliError::invalid(format!("unexpected argument {arg:?}")));
                }
                r.input = Some(PathBuf::from(&args[i]));
            }
        }
        i += 1;
    }
    if let Some(seed) = r.javafo_seed {
        if r.seed.is_some() {
            return Err(CliError::invalid("give the seed once: -g SEED or -s SEED"));
        }
        r.seed = Some(seed);
    }
    Ok(r)
}

/// Runs an engine-style command line and returns the exit code.
pub fn run(args: &[OsString]) -> Result<u8, CliError> {
    let request = parse(args)?;
    if request.help {
        io::print(USAGE)?;
        return Ok(exit::OK);
    }
    if request.banner {
        io::print(&format!(
            "arbiter {}: FIDE {} system (rules applied from 1 February 2026)\n",
            env!("CARGO_PKG_VERSION"),
            request.system.unwrap_or_default().title()
        ))?;
    }
    let flag = request.system;
    let Some(mode) = request.mode else {
        if request.input.is_some() || flag.is_some() {
            return Err(CliError::invalid("nothing to do: give -p, -c or -g"));
        }
        return Ok(exit::OK);
    };
    if request.baku && !matches!(mode, Mode::Pair { .. }) {
        return Err(CliError::invalid(
            "-b applies only to -p; for -c and -g, write 192 FIDE_DUTCH_BAKU in the file",
        ));
    }
    // Without a system flag (JaVaFo's style) the Dutch system is meant: it is the only one.
    if !matches!(mode, Mode::Generate { .. }) {
        // -o and -s belong to the generator; silently ignoring them would mislead.
        if request.seed.is_some() {
            return Err(CliError::invalid("-s applies only to -g"));
        }
        if request.output.is_some() {
            return Err(CliError::invalid(
                "-o applies only to -g; give the output after -p",
            ));
        }
    }
    let checklist_path = |base: &Path| -> PathBuf {
        match &request.checklist {
            Some(Some(path)) => path.clone(),
            _ => base.with_extension("list"),
        }
    };
    let files = Files {
        input: request.input.as_deref(),
        output: request.output.as_deref(),
        checklist: request.checklist.is_some(),
    };
    refuse_overwrites(&files, &mode, &checklist_path)?;
    match mode {
        Mode::Pair { output } => {
            let input = need_input(&request.input, "-p")?;
            let (mut t, text) = read_tournament_and_text(input, request.latin1)?;
            let system = chosen_system(flag, input, &t)?;
            let round = system.next(&t).map_err(|e| pairing_error(input, e))?;
            // JaVaFo's form (no system flag): a missing initial colour is drawn from the
            // file, as JaVaFo does; bbpPairings' form refuses it, as bbpPairings does.
            let individual = !matches!(system, System::Team | System::DoubleSwiss);
            if individual && flag.is_none() && crate::javafo::initial_colour_is_missing(&t, round) {
                let colour = crate::javafo::initial_colour_by_lot(&text);
                t.header.initial_color = Some(colour);
                let (name, xxc) = match colour {
                    Color::White => ("White", "white1"),
                    Color::Black => ("Black", "black1"),
                };
                io::print_error(&format!(
                    "{}: warning: the file gives no initial colour (XXC white1/black1 or 152); \
                     drawn from the file's contents as JaVaFo does: {name} for the first \
                     player (write XXC {xxc} to keep it)",
                    input.display()
                ));
            }
            let options = EngineOptions { baku: request.baku };
            let result = pair_round_with(input, &t, round, system, &options);
            // The checklist also helps when no pairing exists; an invalid request has none.
            let listable =
                result.is_ok() || result.as_ref().is_err_and(|e| e.code == exit::NO_PAIRING);
            if request.checklist.is_some() && listable {
                let pairing = result.as_ref().ok();
                let list = system.checklist(&t, round, &options, pairing);
                io::write_atomic(&checklist_path(input), list.as_bytes())?;
            }
            let pairing = match result {
                Ok(pairing) => pairing,
                Err(e) => {
                    // The reference engine opens OUT before pairing, so "no valid pairing"
                    // leaves it empty; programs (Sharly Chess) read that as "pairing not
                    // possible" and a missing file as a crash.
                    if let (true, Some(out)) = (e.code == exit::NO_PAIRING, &output) {
                        io::write_atomic(out, b"")?;
                    }
                    return Err(e);
                }
            };
            io::write_output(output.as_deref(), pairing_text(&pairing).as_bytes())?;
            Ok(exit::OK)
        }
        Mode::Check { round } => {
            let input = need_input(&request.input, "-c")?;
            let t = read_tournament_from(input, request.latin1)?;
            let system = chosen_system(flag, input, &t)?;
            // JaVaFo's `-c ROUND`: that round alone is replayed, its report and its checklist.
            let which = match round {
                Some(k) => {
                    let total = system.rounds_to_check(&t, false);
                    if !(1..=total).contains(&k) {
                        return Err(CliError::invalid(format!(
                            "-c {k}: {} has {total} round{} to check",
                            input.display(),
                            if total == 1 { "" } else { "s" }
                        )));
                    }
                    checker::Rounds::Only(k)
                }
                None => checker::Rounds::Every,
            };
            let found = check_tournament_rounds(input, &t, false, which, system)?;
            let (report, list) = (found.report.as_str(), found.checklist.as_str());
            // The standings after the rounds: a rank out of order is a warning on stderr, so
            // that the report stays the engines' own for the programs that read it.
            if round.is_none() {
                let standings = check_standings(input, &t)?;
                if standings.objections() > 0 {
                    for line in standings.text.lines() {
                        io::print_error(&format!("{}: warning: {line}", input.display()));
                    }
                }
            }
            if request.checklist.is_some() {
                io::write_atomic(&checklist_path(input), list.as_bytes())?;
            }
            // The engines' interface: the report alone, exit 0 (programs read it as it is).
            io::write_output(None, report.as_bytes())?;
            Ok(exit::OK)
        }
        Mode::Generate { config } => {
            let Some(output) = request.output.as_deref() else {
                return Err(CliError::invalid("-g needs -o OUTPUT"));
            };
            let source = match (&request.input, config) {
                (Some(_), Some(_)) => {
                    return Err(CliError::invalid(
                        "give either a model tournament or a configuration file, not both",
                    ))
                }
                (Some(model), None) => SettingsSource::Model(model.clone()),
                (None, Some(config)) => SettingsSource::Config(config),
                (None, None) => SettingsSource::Random,
            };
            let system = flag.unwrap_or(System::Dutch);
            let list = match system {
                System::Team | System::DoubleSwiss => {
                    generate_other(system, &source, request.seed, output, request.latin1)?
                }
                _ => {
                    let written = generate_file(
                        &source,
                        request.seed,
                        output,
                        request.latin1,
                        None,
                        system,
                        None,
                    )?;
                    if request.checklist.is_some() {
                        for (path, list) in &written {
                            io::write_atomic(&checklist_path(path), list.as_bytes())?;
                        }
                    }
                    return Ok(exit::OK);
                }
            };
            if request.checklist.is_some() {
                io::write_atomic(&checklist_path(output), list.as_bytes())?;
            }
            Ok(exit::OK)
        }
    }
}

/// The files an engine-style request names besides those its mode carries.
struct Files<'a> {
    input: Option<&'a Path>,
    output: Option<&'a Path>,
    checklist: bool,
}

/// Refuses the request when an output (the default checklist path included) names an input.
fn refuse_overwrites(
    files: &Files,
    mode: &Mode,
    checklist_path: &dyn Fn(&Path) -> PathBuf,
) -> Result<(), CliError> {
    let mut inputs: Vec<&Path> = files.input.into_iter().collect();
    let mut outputs: Vec<PathBuf> = Vec::new();
    let checklist_base = match mode {
        Mode::Pair { output } => {
            outputs.extend(output.clone());
            files.input
        }
        Mode::Check { .. } => files.input,
        Mode::Generate { config } => {
            inputs.extend(config.as_deref());
            outputs.extend(files.output.map(Path::to_path_buf));
            files.output
        }
    };
    if let (true, Some(base)) = (files.checklist, checklist_base) {
        outputs.push(checklist_path(base));
    }
    io::refuse_overwrites(&inputs, &outputs)
}

fn need_input<'a>(input: &'a Option<PathBuf>, flag: &str) -> Result<&'a Path, CliError> {
    input
        .as_deref()
        .ok_or_else(|| CliError::invalid(format!("{flag} needs an input TRF file")))
}

/// Reads and checks a TRF file for a pairing command: exit code 5 when it cannot be read, 3
/// with one `FILE:LINE:COL: message` line per problem when it is not valid TRF. Problems in
/// the columns the engines do not read (titles, round dates) are warnings on stderr
/// ([`trf::read_for_pairing`]). `latin1` reads old files written in Latin-1 rather than UTF-8.
pub(crate) fn read_tournament_from(path: &Path, latin1: bool) -> Result<Tournament, CliError> {
    read_tournament_and_text(path, latin1).map(|(t, _)| t)
}

/// [`read_tournament_from`], also returning the file's text.
fn read_tournament_and_text(path: &Path, latin1: bool) -> Result<(Tournament, String), CliError> {
    let text = io::read_trf_text(path, latin1)?;
    let t = io::parse_trf_for_pairing(path, &text)?;
    io::warn_missing_entries(path, &t);
    Ok((t, text))
}

/// The exit code and message for an engine failure on the tournament in `path`. The engines'
/// own "No valid pairing" sentence is kept as they print it; other messages name the file.
pub(crate) fn pairing_error(path: &Path, error: PairingError) -> CliError {
    match error {
        PairingError::NoValidPairing { round } => CliError::new(
            exit::NO_PAIRING,
            format!("No valid pairing exists for round {round}."),
        ),
        PairingError::InvalidRequest(message) => {
            CliError::invalid(format!("{}: {message}", path.display()))
        }
        PairingError::BeyondLimits(message) => {
            CliError::new(exit::LIMITS, format!("{}: {message}", path.display()))
        }
    }
}

/// Refuses to pair a round after the last one the file announces (XXR).
pub(crate) fn check_round_exists(path: &Path, t: &Tournament, round: u32) -> Result<(), CliError> {
    match t.header.rounds {
        Some(total) if round > total => Err(CliError::invalid(format!(
            "{}: the tournament has {total} round{} and all are paired; there is no round {round} to pair",
            path.display(),
            if total == 1 { "" } else { "s" }
        ))),
        _ => Ok(()),
    }
}

/// [`check_round_exists`] for what `system` pairs: a Double-Swiss file's XXR counts round
/// columns, two a match.
fn check_unit_exists(
    path: &Path,
    t: &Tournament,
    unit: u32,
    system: System,
) -> Result<(), CliError> {
    if system != System::DoubleSwiss {
        return check_round_exists(path, t, unit);
    }
    match t.header.rounds.map(|columns| columns / 2) {
        Some(total) if unit > total => Err(CliError::invalid(format!(
            "{}: the tournament has {total} match{} and all are paired; there is no match {unit} to pair",
            path.display(),
            if total == 1 { "" } else { "es" }
        ))),
        _ => Ok(()),
    }
}

/// Pairs `round` of the tournament read from `path` with the engine of `system`.
pub(crate) fn pair_round(
    path: &Path,
    t: &Tournament,
    round: u32,
    system: System,
) -> Result<Pairing, CliError> {
    pair_round_with(path, t, round, system, &EngineOptions::default())
}

/// [`pair_round`] with the engine interface's options.
fn pair_round_with(
    path: &Path,
    t: &Tournament,
    round: u32,
    system: System,
    options: &EngineOptions,
) -> Result<Pairing, CliError> {
    check_unit_exists(path, t, round, system)?;
    system
        .pair(t, round, options)
        .map_err(|e| pairing_error(path, e))
}

/// Generates a Swiss Team or Double-Swiss tournament paired by its engine and writes it as
/// TRF-2026 to `output`; returns the checklists of its rounds.
pub(crate) fn generate_other(
    system: System,
    source: &SettingsSource,
    seed: Option<u64>,
    output: &Path,
    latin1: bool,
) -> Result<String, CliError> {
    use pairing::double_swiss::generator::DoubleSwissSettings;
    use pairing::team::generator::TeamSettings;
    let seed = seed.unwrap_or_else(generator::random_seed);
    let config_error = |path: &Path, e: generator::SettingsError| {
        CliError::invalid(format!(
            "{}:{}:{}: {}",
            path.display(),
            e.line,
            e.column,
            e.message
        ))
    };
    let mut list = String::new();
    let mut t = if system == System::Team {
        let settings = match source {
            SettingsSource::Model(m) => {
                TeamSettings::from_model(&read_tournament_from(m, latin1)?, seed)
            }
            SettingsSource::Config(c) => TeamSettings::from_properties(&io::read_text(c)?, seed)
                .map_err(|e| config_error(c, e))?,
            SettingsSource::Random => TeamSettings::random(seed, 8..=40),
        };
        let options = pairing::team::TeamOptions::from_type_code(&settings.type_code)
            .map_err(CliError::invalid)?;
        pairing::team::generator::generate(&settings, seed, |state, round| {
            let r = pairing::team::TeamRound::new(state, round, &options)?;
            let pairing = pairing::team::pair_prepared(&r);
            list.push_str(&format!("Round #{round}\n"));
            list.push_str(&pairing::team::checklist(&r, pairing.as_ref().ok()));
            pairing
        })
    } else {
        let settings = match source {
            SettingsSource::Model(m) => {
                DoubleSwissSettings::from_model(&read_tournament_from(m, latin1)?, seed)
            }
            SettingsSource::Config(c) => {
                DoubleSwissSettings::from_properties(&io::read_text(c)?, seed)
                    .map_err(|e| config_error(c, e))?
            }
            SettingsSource::Random => DoubleSwissSettings::random(seed, 8..=60),
        };
        let options = pairing::double_swiss::DoubleSwissOptions::default();
        pairing::double_swiss::generator::generate(&settings, seed, |state, k| {
            let r = pairing::double_swiss::MatchRound::new(state, k, &options)?;
            let pairing = pairing::double_swiss::pair_prepared(&r);
            list.push_str(&format!("Round #{k}\n"));
            list.push_str(&pairing::double_swiss::checklist(&r, pairing.as_ref().ok()));
            pairing
        })
    }
    .map_err(|e| match e {
        GeneratorError::Pairing { round, source } => {
            let e = pairing_error(output, source);
            CliError::new(e.code, format!("round {round}: {}", e.message))
        }
        e => CliError::invalid(e.to_string()),
    })?;
    t.header.name = Some(format!("AutoTest Tournament {seed}"));
    io::write_atomic(output, trf::write(&t, trf::Format::Trf26).as_bytes())?;
    Ok(list)
}

/// The engines' `-p` output: the number of pairs (the bye included), then `white black` per
/// board and `player 0` for the bye.
pub(crate) fn pairing_text(pairing: &Pairing) -> String {
    let mut out = String::new();
    let count = pairing.boards.len() + usize::from(pairing.bye.is_some());
    out.push_str(&format!("{count}\n"));
    for b in &pairing.boards {
        out.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(bye) = pairing.bye {
        out.push_str(&format!("{bye} 0\n"));
    }
    out
}

/// Replays every round of the tournament read from `input` and returns the checker's report
/// and the checklists of every round (`Round #k` headers), each made from the state the
/// checker paired.
/// What the checker found: the report in the engines' format, the checklists, and how many
/// of the rounds replayed differ from the file (or have no valid pairing).
pub(crate) struct CheckFindings {
    pub report: String,
    pub checklist: String,
    pub rounds: usize,
    pub differing: usize,
    /// Each round's verdict.
    pub rounds_found: Vec<checker::RoundCheck>,
    /// The text the verdicts go by (`C.04.3` for the Dutch system, …).
    pub article: &'static str,
}

/// `paired_only` leaves out a last column of announced byes (the round to pair); the engines'
/// `-c` replays every recorded column.
pub(crate) fn check_tournament(
    input: &Path,
    t: &Tournament,
    paired_only: bool,
    system: System,
) -> Result<CheckFindings, CliError> {
    check_tournament_rounds(input, t, paired_only, checker::Rounds::Every, system)
}

/// [`check_tournament`] for the rounds `which` names only.
pub(crate) fn check_tournament_rounds(
    input: &Path,
    t: &Tournament,
    paired_only: bool,
    which: checker::Rounds,
    system: System,
) -> Result<CheckFindings, CliError> {
    let mut list = String::new();
    let rounds = system
        .check_rounds(t, paired_only, which, Some(&mut list))
        .map_err(|e| pairing_error(input, e))?;
    let name = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let differing = rounds
        .iter()
        .filter(|r| r.outcome != checker::RoundOutcome::Same)
        .count();
    Ok(CheckFindings {
        report: checker::report_text(&name, &rounds),
        checklist: list,
        rounds: rounds.len(),
        differing,
        rounds_found: rounds,
        article: system_article(system),
    })
}

/// What the standings check found (`arbiter check`, the engines' `-c`).
pub(crate) struct StandingsFindings {
    /// The report's standings lines.
    pub text: String,
    /// Where the list came from (`212`, `202`, or none: points only).
    pub source: &'static str,
    /// The check itself; `None` when the file gives nothing to check (no ranks, a team event).
    pub check: Option<tiebreak::RankCheck>,
}

impl StandingsFindings {
    pub fn objections(&self) -> usize {
        self.check.as_ref().map_or(0, |c| c.objections.len())
    }
}

/// Checks the ranks `t` records against its own tie-break list (212, else 202, else the points
/// alone): the order is compared, not the numbers; players the list leaves level are free; a
/// criterion the tiebreak crate does not know is reported unchecked, with those after it.
pub(crate) fn check_standings(input: &Path, t: &Tournament) -> Result<StandingsFindings, CliError> {
    let given = |l: &Option<String>| l.clone().filter(|l| !l.trim().is_empty());
    let (source, list) = match (
        given(&t.header.standings_tiebreaks),
        given(&t.header.tiebreaks),
    ) {
        (Some(l), _) => ("212", l),
        (None, Some(l)) => ("202", l),
        (None, None) => ("", String::new()),
    };
    let skipped = |why: &str| StandingsFindings {
        text: format!("standings: not checked ({why})\n"),
        source,
        check: None,
    };
    if t.is_team_event() {
        return Ok(skipped("a team event's standings are its teams'"));
    }
    if t.players.iter().all(|p| p.rank.is_none()) {
        return Ok(skipped("no rank recorded"));
    }
    let found = tiebreak::check_ranks(t, &list, &tiebreak::Options::default())
        .map_err(|e| CliError::invalid(format!("{}: {e}", input.display())))?;
    let criteria: Vec<&str> = std::iter::once("PTS")
        .chain(found.applied.iter().map(String::as_str))
        .collect();
    let from = if source.is_empty() {
        "no tie-break list (202/212): points only".to_string()
    } else {
        format!("the file's {source}")
    };
    let mut text = String::new();
    if found.objections.is_empty() {
        text.push_str(&format!(
            "standings: the ranks of {} players follow {} ({from})\n",
            found.ranked,
            criteria.join(", ")
        ));
    } else {
        for o in &found.objections {
            text.push_str(&format!(
                "standings: player {} is ranked {}, not behind player {} (ranked {}), whom {} puts ahead ({})\n",
                o.behind, o.behind_rank, o.ahead, o.ahead_rank, o.criterion, o.article
            ));
        }
        text.push_str(&format!(
            "standings: {} of {} ranked players out of the order of {} ({from})\n",
            found.objections.len(),
            found.ranked,
            criteria.join(", ")
        ));
    }
    if !found.unchecked.is_empty() {
        text.push_str(&format!(
            "standings: unchecked: {} (a criterion not known here, and those after it)\n",
            found.unchecked.join(", ")
        ));
    }
    Ok(StandingsFindings {
        text,
        source,
        check: Some(found),
    })
}

/// The checker's findings as JSON (`arbiter check -l FILE`): each round's verdict and each
/// standings objection, with the article it goes against.
pub(crate) fn check_report_json(
    input: &Path,
    found: &CheckFindings,
    standings: &StandingsFindings,
) -> serde_json::Value {
    use serde_json::json;
    let pairs = |v: &[(u32, u32)]| -> Vec<serde_json::Value> {
        v.iter().map(|(w, b)| json!([w, b])).collect()
    };
    let rounds: Vec<serde_json::Value> = found
        .rounds_found
        .iter()
        .map(|r| match &r.outcome {
            checker::RoundOutcome::Same => json!({"round": r.round, "verdict": "same"}),
            checker::RoundOutcome::NoValidPairing => json!({
                "round": r.round,
                "verdict": "no valid pairing",
                "article": found.article,
            }),
            checker::RoundOutcome::Differs {
                checker,
                tournament,
            } => json!({
                "round": r.round,
                "verdict": "differs",
                "article": found.article,
                "checker": pairs(checker),
                "tournament": pairs(tournament),
            }),
        })
        .collect();
    let standings = match &standings.check {
        None => json!({"checked": false, "summary": standings.text.trim_end()}),
        Some(c) => json!({
            "checked": true,
            "list": if standings.source.is_empty() { serde_json::Value::Null } else { json!(standings.source) },
            "criteria": std::iter::once("PTS".to_string()).chain(c.applied.iter().cloned()).collect::<Vec<_>>(),
            "unchecked": c.unchecked,
            "ranked": c.ranked,
            "objections": c.objections.iter().map(|o| json!({
                "player": o.behind.0,
                "rank": o.behind_rank,
                "ahead_by_the_list": o.ahead.0,
                "their_rank": o.ahead_rank,
                "criterion": o.criterion,
                "article": o.article,
            })).collect::<Vec<_>>(),
        }),
    };
    json!({
        "file": input.display().to_string(),
        "rounds": rounds,
        "rounds_differing": found.differing,
        "standings": standings,
    })
}

/// The FIDE text a system's pairings are checked against.
pub(crate) fn system_article(system: System) -> &'static str {
    match system {
        System::Dutch => "C.04.3",
        System::Dubov => "C.04.4.1",
        System::Burstein => "C.04.4.2",
        System::Lim => "C.04.4.3",
        System::DoubleSwiss => "C.04.5",
        System::Team => "C.04.6",
    }
}

/// One round's checklist under its `Round #k` header.
fn append_checklist(
    list: &mut String,
    state: &Tournament,
    round: u32,
    system: System,
    pairing: Option<&Pairing>,
) {
    list.push_str(&format!("Round #{round}\n"));
    list.push_str(&system.checklist(state, round, &EngineOptions::default(), pairing));
}

/// Where the generator's settings come from.
pub(crate) enum SettingsSource {
    /// Imitate this tournament.
    Model(PathBuf),
    /// A Java-properties configuration file.
    Config(PathBuf),
    /// Everything drawn at random from the seed.
    Random,
}

/// A settings problem located in its configuration file (`CONFIG:LINE:COL: …`), or, when it
/// is on no one line, with the file it came from.
fn settings_message(source: &SettingsSource, e: &generator::SettingsError) -> String {
    let file = match source {
        SettingsSource::Model(path) | SettingsSource::Config(path) => Some(path),
        SettingsSource::Random => None,
    };
    match file {
        Some(path) if e.line > 0 => {
            format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message)
        }
        Some(path) => format!("{}: {}", path.display(), e.message),
        None => e.message.clone(),
    }
}

/// Generates a tournament paired by the engine of `system` and writes it as TRF-2026 to `output`,
/// with its number of rounds (142) so that it can be paired further; with `played`, only
/// that many rounds are kept, leaving the others to pair. The ranks are the standings of the
/// file's own tie-break list (`TieBreaks`, written as 202/212). With `count` (else the
/// settings' `TournamentsNumber`) above 1, that many tournaments are written, the `%d` of
/// `output` replaced by 0000, 0001, … and the seed by seed, seed + 1, … Returns each file
/// written with the checklists of its rounds.
pub(crate) fn generate_file(
    source: &SettingsSource,
    seed: Option<u64>,
    output: &Path,
    latin1: bool,
    played: Option<u32>,
    system: System,
    count: Option<u32>,
) -> Result<Vec<(PathBuf, String)>, CliError> {
    let settings = match source {
        SettingsSource::Model(model) => Settings::from_model(&read_tournament_from(model, latin1)?),
        SettingsSource::Config(config) => {
            let text = io::read_text(config)?;
            Settings::from_properties(&text).map_err(|e| {
                CliError::invalid(format!(
                    "{}:{}:{}: {}",
                    config.display(),
                    e.line,
                    e.column,
                    e.message
                ))
            })?
        }
        SettingsSource::Random => Settings::default(),
    };
    let list_text = settings
        .tiebreaks
        .clone()
        .unwrap_or_else(|| generator::DEFAULT_TIEBREAKS.to_string());
    let tiebreaks = tiebreak::parse_list(&list_text)
        .map_err(|e| CliError::invalid(format!("TieBreaks: {e}")))?;
    let count = count.or(settings.tournaments).unwrap_or(1);
    let name = output.to_string_lossy().into_owned();
    if count > 1 && !name.contains("%d") {
        return Err(CliError::invalid(format!(
            "{count} tournaments need %d in the output name ({name}): it is replaced by 0000, 0001, …"
        )));
    }
    // Without -s the seed is drawn, and written into the name line so the run can be repeated.
    let seed = seed.unwrap_or_else(generator::random_seed);
    let mut written = Vec::new();
    for i in 0..count {
        let path = PathBuf::from(name.replace("%d", &format!("{i:04}")));
        let one = generate_one(
            &settings,
            source,
            seed.wrapping_add(u64::from(i)),
            &path,
            played,
            system,
            &tiebreaks,
        )?;
        written.push((path, one));
    }
    Ok(written)
}

fn generate_one(
    settings: &Settings,
    source: &SettingsSource,
    seed: u64,
    output: &Path,
    played: Option<u32>,
    system: System,
    tiebreaks: &[tiebreak::TieBreak],
) -> Result<String, CliError> {
    if let Some(parent) = output.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| CliError::new(exit::FILE_ACCESS, format!("{}: {e}", parent.display())))?;
    }
    let mut list = String::new();
    let mut t = generator::generate(settings, seed, |state, round| {
        let pairing = system.pair(state, round, &EngineOptions::default());
        append_checklist(&mut list, state, round, system, pairing.as_ref().ok());
        pairing
    })
    .map_err(|e| match e {
        GeneratorError::Settings(s) => CliError::invalid(settings_message(source, &s)),
        GeneratorError::BeyondLimits(s) => {
            CliError::new(exit::LIMITS, settings_message(source, &s))
        }
        GeneratorError::Pairing { round, source } => {
            let e = pairing_error(output, source);
            CliError::new(e.code, format!("round {round}: {}", e.message))
        }
        e @ GeneratorError::BadPairing { .. } => CliError::new(exit::UNEXPECTED, e.to_string()),
    })?;
    let total = t.recorded_rounds();
    t.header.rounds.get_or_insert(total);
    if system != System::Dutch {
        // The file says which system paired it (trf.md §3.3), so -c and -p replay it as such.
        t.header.tournament_type = Some(system.type_code().to_string());
        t.header.type_code = Some(system.type_code().to_string());
    }
    rank_by_list(&mut t, tiebreaks)
        .map_err(|e| CliError::new(exit::UNEXPECTED, format!("{}: {e}", output.display())))?;
    if let Some(played) = played {
        if played > total {
            return Err(CliError::invalid(format!(
                "--played {played}: the tournament has only {total} rounds"
            )));
        }
        keep_rounds(&mut t, played);
        // The checklists of rounds that are no longer in the file would only mislead.
        list = list_of_rounds(&list, played);
    }
    io::write_atomic(output, trf::write(&t, trf::Format::Trf26).as_bytes())?;
    Ok(list)
}

/// Records the standings of `list` (C.07 4.2, computed by the tiebreak crate) as the players'
/// ranks; players the list leaves level share the rank.
fn rank_by_list(t: &mut Tournament, list: &[tiebreak::TieBreak]) -> Result<(), tiebreak::Error> {
    let s = tiebreak::standings(t, list, &tiebreak::Options::default())?;
    let index: std::collections::HashMap<_, _> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    for row in s.rows {
        if let Some(&i) = index.get(&row.id) {
            t.players[i].rank = Some(row.rank);
        }
    }
    Ok(())
}

/// Drops every round after `played`; points are recounted and the final ranks, which no
/// longer hold, are left out.
fn keep_rounds(t: &mut Tournament, played: u32) {
    for p in &mut t.players {
        p.rounds.truncate(played as usize);
        p.rank = None;
    }
    t.announced_byes.retain(|a| a.round <= played);
    t.abnormal_points
        .retain(|a| a.round.is_none_or(|r| r <= played));
    let scores: Vec<tournament::Points> = t.players.iter().map(|p| t.score(p)).collect();
    for (p, score) in t.players.iter_mut().zip(scores) {
        p.points = score;
    }
}

/// The part of a checklist made of the `Round #k` sections with k up to `played`.
fn list_of_rounds(list: &str, played: u32) -> String {
    let cut = format!("Round #{}\n", played + 1);
    match list.find(&cut) {
        Some(at) if list[..at].is_empty() || list[..at].ends_with('\n') => list[..at].to_string(),
        _ => list.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<OsString> {
        std::iter::once("arbiter")
            .chain(s.split_whitespace())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn optional_values_are_taken_only_when_they_are_not_flags() {
        let r = parse(&args("--dutch in.trf -p out.txt")).unwrap();
        assert_eq!(r.input, Some(PathBuf::from("in.trf")));
        assert_eq!(
            r.mode,
            Some(Mode::Pair {
                output: Some(PathBuf::from("out.txt"))
            })
        );
        let r = parse(&args("--dutch in.trf -p -l")).unwrap();
        assert_eq!(r.mode, Some(Mode::Pair { output: None }));
        assert_eq!(r.checklist, Some(None));
        let r = parse(&args("--dutch -g cfg.txt -o out.trf -s 42")).unwrap();
        assert_eq!(
            r.mode,
            Some(Mode::Generate {
                config: Some(PathBuf::from("cfg.txt"))
            })
        );
        assert_eq!(r.seed, Some(42));
        assert_eq!(r.output, Some(PathBuf::from("out.trf")));
        let r = parse(&args("--dutch model.trf -g -o out.trf")).unwrap();
        assert_eq!(r.input, Some(PathBuf::from("model.trf")));
        assert_eq!(r.mode, Some(Mode::Generate { config: None }));
    }

    #[test]
    fn javafo_options_take_their_numbers() {
        let r = parse(&args("in.trfx -p out.txt -q 10000")).unwrap();
        assert_eq!(
            r.mode,
            Some(Mode::Pair {
                output: Some(PathBuf::from("out.txt"))
            })
        );
        assert_eq!((r.input, r.system), (Some(PathBuf::from("in.trfx")), None));
        let r = parse(&args("in.trfx -p -w -b")).unwrap();
        assert_eq!((r.mode, r.baku), (Some(Mode::Pair { output: None }), true));
        let r = parse(&args("in.trfx -c 3")).unwrap();
        assert_eq!(r.mode, Some(Mode::Check { round: Some(3) }));
        let r = parse(&args("in.trfx -c -l")).unwrap();
        assert_eq!(r.mode, Some(Mode::Check { round: None }));
        let r = parse(&args("-g 42 -o out.trf")).unwrap();
        assert_eq!(
            (r.mode, r.seed),
            (Some(Mode::Generate { config: None }), Some(42))
        );
        let r = parse(&args("--fast in.trf -p")).unwrap();
        assert_eq!(r.system, Some(System::Dutch));
        let r = parse(&args("--lim in.trf -p")).unwrap();
        assert_eq!(r.system, Some(System::Lim));
        assert!(parse(&args("--dutch --dubov in.trf -p")).is_err());
        assert!(is_engine_call(&args("--fast in.trf -p")));
    }

    #[test]
    fn engine_calls_are_told_from_subcommands() {
        assert!(is_engine_call(&args("--dutch in.trf -p")));
        assert!(is_engine_call(&args("-r")));
        assert!(is_engine_call(&args("in.trf -p out.txt")));
        assert!(is_engine_call(&args("-g cfg -o out.trf")));
        assert!(!is_engine_call(&args("pair in.trf -o out.txt")));
        assert!(!is_engine_call(&args("check in.trf")));
        assert!(!is_engine_call(&args("generate -o g.trf -s 1")));
        assert!(!is_engine_call(&args("standings in.trf")));
    }

    #[test]
    fn bad_command_lines_are_invalid_requests() {
        for bad in [
            "--dutch in.trf -p -c",
            "--dutch in.trf -x",
            "--dutch a.trf b.trf -p",
            "--dutch -g -o",
            "--dutch -g -o x -s abc",
            "--dutch --burstein in.trf -p",
        ] {
            let e = parse(&args(bad)).unwrap_err();
            assert_eq!(e.code, exit::INVALID, "{bad}");
        }
    }

    #[test]
    fn pairing_text_lists_the_bye_last() {
        use pairing::Board;
        use tournament::PlayerId;
        let p = Pairing {
            boards: vec![
                Board {
                    white: PlayerId(1),
                    black: PlayerId(2),
                },
                Board {
                    white: PlayerId(4),
                    black: PlayerId(5),
                },
            ],
            bye: Some(PlayerId(3)),
        };
        assert_eq!(pairing_text(&p), "3\n1 2\n4 5\n3 0\n");
    }
}
