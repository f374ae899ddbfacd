//! `arbiter norms` and `arbiter rating-change`: FIDE title norms (B.01) and rating changes
//! (B.02) of every player of a TRF file, as text or JSON. The rules live in the `rating`
//! crate; this module reads the file and the options and prints.

use std::path::PathBuf;

use rating::norms_report::NormsReport;
use rating::{
    Exemption, KBasis, KFactor, KReason, NormSettings, NormStatus, NormTitle, PlayerRating,
    RatingHistory, Shortfall,
};
use serde_json::{json, Value as Json};
use tournament::{PlayerId, Tournament};

use crate::error::{exit, CliError};
use crate::io;
use crate::rating_lists::{self, ListArg};
use crate::standings_cmd;
use crate::table::{Align, Table};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OutFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ExemptionArg {
    /// 1.4.3a: final of a national championship (the host federation's players).
    NationalChampionship,
    /// 1.4.3b: national team championship (the host federation's players).
    NationalTeamChampionship,
    /// 1.4.3c: zonal or sub-zonal tournament (everyone).
    Zonal,
}

impl From<ExemptionArg> for Exemption {
    fn from(e: ExemptionArg) -> Exemption {
        match e {
            ExemptionArg::NationalChampionship => Exemption::NationalChampionship,
            ExemptionArg::NationalTeamChampionship => Exemption::NationalTeamChampionship,
            ExemptionArg::Zonal => Exemption::Zonal,
        }
    }
}

/// What both commands read.
#[derive(Debug, clap::Args)]
struct Input {
    /// Tournament in TRF (TRF-16 or TRF-2026).
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// After this round (default: the last round with results).
    #[arg(long, value_name = "N")]
    round: Option<u32>,
    /// Read an old TRF file written in Latin-1.
    #[arg(long)]
    latin1: bool,
    /// Output format.
    #[arg(short, long, value_enum, default_value = "text")]
    format: OutFormat,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// The FIDE list (TXT or XML, as FIDE publishes it) of a later rating period, for an event
    /// whose round dates (132) run into another month: the games of that period are rated at
    /// its ratings and titles (B.01 1.1.4, B.02). The month is YYYY-MM, or the file name's
    /// (standard_dec26frl.txt). Repeat for each month.
    #[arg(long = "rating-list", value_name = "[YYYY-MM=]FILE")]
    rating_lists: Vec<ListArg>,
}

impl Input {
    fn read(&self) -> Result<(Tournament, u32), CliError> {
        let mut inputs = vec![&self.input];
        inputs.extend(self.rating_lists.iter().map(ListArg::path));
        io::refuse_overwrites(&inputs, self.output.as_slice())?;
        let text = io::read_trf_text(&self.input, self.latin1)?;
        let t = io::parse_trf(&self.input, &text)?;
        let played = tournament::rounds::played_rounds_in_file(&t);
        let round = match self.round {
            None => played,
            Some(r) if r >= 1 && r <= played => r,
            Some(r) => {
                return Err(CliError::invalid(format!(
                    "--round: expected a round from 1 to {played} (the rounds with results in {}), \
                     found {r}",
                    self.input.display()
                )))
            }
        };
        Ok((t, round))
    }

    /// The ratings and titles period by period (none given: one period).
    fn history(&self, t: &Tournament, rounds: u32) -> Result<RatingHistory, CliError> {
        rating_lists::history(t, rounds, &self.rating_lists)
    }

    fn write(&self, out: String) -> Result<u8, CliError> {
        io::write_output(self.output.as_deref(), out.as_bytes())?;
        Ok(exit::OK)
    }
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "For every player, the GM, IM, WGM and WIM norms (FIDE B.01, 2024) the \
player may still want: achieved (with the games that make it), in reach (the points still \
needed in the remaining rounds), or not possible and why, each reason with its article. \
Opponents count from another federation than the player's; FID is no federation. The text \
lists achieved norms and norms in reach (--all: every norm); JSON lists every norm.\n\
Exit codes: 0 ok, 3 invalid file or request, 5 file access."
)]
pub struct NormsArgs {
    #[command(flatten)]
    input: Input,
    /// The host federation (default: the file's 032 record).
    #[arg(long, value_name = "FED")]
    host: Option<String>,
    /// An exemption from the federation rules 1.4.3-1.4.4.
    #[arg(long, value_enum)]
    exemption: Option<ExemptionArg>,
    /// Apply 1.4.3d when the field meets it (20 foreign rated players of 3 federations, 10 of
    /// them GM, IM, WGM or WIM, each missing at most one round).
    #[arg(long)]
    large_swiss: bool,
    /// Pairings fixed in advance (round robin): every round counts (1.4.1e).
    #[arg(long)]
    round_robin: bool,
    /// Rounds planned (default: the file's 142/XXR, else the rounds played).
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
    /// List the norms not possible too.
    #[arg(long)]
    all: bool,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "For every player, the FIDE rating change (B.02 as in force from \
1 March 2024, the 400-point rule as amended on 1 October 2025) over the games played over the \
board against rated opponents, and an unrated player's initial rating (with the two \
hypothetical draws against 1800). K: 10 from 2400, 40 until the end of the year of the 18th \
birthday under 2300 (birth dates from the file), 20 otherwise; a TRF file does not give the \
number of earlier rated games, so K 40 for new players comes from --k (marked * when taken as \
20 for want of it).\n\
Exit codes: 0 ok, 3 invalid file or request, 5 file access."
)]
pub struct RatingChangeArgs {
    #[command(flatten)]
    input: Input,
    /// A player's K as the rating list gives it: PLAYER=K (repeat, or join with commas).
    #[arg(long, value_name = "PLAYER=K", value_delimiter = ',')]
    k: Vec<String>,
}

fn title_code(t: Option<tournament::Title>) -> String {
    t.map_or(String::new(), |t| t.code().to_string())
}

fn halves_text(h: u32) -> String {
    format!("{}.{}", h / 2, if h % 2 == 1 { 5 } else { 0 })
}

/// The opponents' titles that count for a norm's third (1.4.5b-e).
fn norm_titles(n: NormTitle) -> &'static str {
    match n {
        NormTitle::GM => "GM",
        NormTitle::IM => "GM/IM",
        NormTitle::WGM => "GM/IM/WGM",
        NormTitle::WIM => "GM/IM/WGM/WIM",
    }
}

fn shortfall_text(norm: NormTitle, s: &Shortfall) -> String {
    let what = match s {
        Shortfall::Games { played, required } => format!("{played} games, {required} needed"),
        Shortfall::ForeignFederations { found, required } => {
            format!("{found} foreign federations, {required} needed")
        }
        Shortfall::OwnFederation { count, max } => {
            format!("{count} opponents of the player's federation, at most {max}")
        }
        Shortfall::OneFederation {
            federation,
            count,
            max,
        } => format!("{count} opponents from {federation}, at most {max}"),
        Shortfall::Titleholders { count, required } => {
            format!("{count} titled opponents, {required} needed")
        }
        Shortfall::NormTitles { count, required } => {
            format!("{count} opponents {}, {required} needed", norm_titles(norm))
        }
        Shortfall::Average { average, required } => format!("Ra {average}, {required} needed"),
        Shortfall::Performance {
            performance,
            required,
        } => format!("Rp {performance}, {required} needed"),
        Shortfall::Score { percent } => format!("{percent} %, 35 % needed"),
    };
    format!("{}: {what}", s.article())
}

fn status_text(norm: NormTitle, s: &NormStatus) -> (&'static str, String) {
    match s {
        NormStatus::Achieved(a) => {
            let e = &a.evaluation;
            let mut d = format!(
                "{} in {} games (rounds {}), Ra {}, Rp {}",
                halves_text(e.halves),
                e.games,
                report::views::rounds_text(&a.rounds),
                e.average,
                e.performance
            );
            if let Some(id) = e.raised {
                d.push_str(&format!("; {id} raised to the floor (1.4.6)"));
            }
            if !a.left_out.is_empty() {
                let word = if a.left_out.len() == 1 {
                    "round"
                } else {
                    "rounds"
                };
                d.push_str(&format!(
                    "; beaten opponents left out (1.4.1f): {word} {}",
                    report::views::rounds_text(&a.left_out)
                ));
            }
            if a.eight_of_nine {
                d.push_str("; 8 games of 9 (1.4.1c)");
            }
            if a.extra_games > 0 {
                d.push_str(&format!("; {} extra games (1.4.1d)", a.extra_games));
            }
            d.push_str(&format!("; counts {} games", a.norm_games));
            ("achieved", d)
        }
        NormStatus::InReach {
            rounds_left,
            halves_needed,
            on_average,
            future_average,
            ..
        } => {
            let mut d = format!(
                "{} points in {rounds_left} rounds on Ra {on_average}",
                halves_text(*halves_needed)
            );
            if let Some(f) = future_average {
                d.push_str(&format!(" (the next opponents averaging {f} or more)"));
            }
            ("in reach", d)
        }
        NormStatus::NotPossible(why) => (
            "not possible",
            why.iter()
                .map(|s| shortfall_text(norm, s))
                .collect::<Vec<_>>()
                .join("; "),
        ),
    }
}

fn heading(t: &Tournament, what: String) -> String {
    match &t.header.name {
        Some(name) => format!("{name}: {what}"),
        None => what,
    }
}

pub fn run_norms(args: NormsArgs) -> Result<u8, CliError> {
    let (t, round) = args.input.read()?;
    let planned = args.rounds.or(t.header.rounds).unwrap_or(round);
    if planned < round {
        return Err(CliError::invalid(format!(
            "--rounds: expected at least the {round} rounds played, found {planned}"
        )));
    }
    let settings = NormSettings {
        host_federation: args.host.clone(),
        exemption: args.exemption.map(Into::into),
        large_swiss: args.large_swiss,
        predetermined: args.round_robin,
        rounds: Some(planned),
    };
    let history = args.input.history(&t, planned)?;
    let result = rating::norms(&t, &settings, &history, round);
    let out = match args.input.format {
        OutFormat::Json => {
            let report = NormsReport::new(&t, &result, round, planned, settings.exemption);
            standings_cmd::to_json(&report)?
        }
        OutFormat::Text => {
            let mut table = Table::new([
                ("No", Align::Right),
                ("Name", Align::Left),
                ("Fed", Align::Left),
                ("Title", Align::Left),
                ("Norm", Align::Left),
                ("Status", Align::Left),
                ("Detail", Align::Left),
            ]);
            table.title = Some(heading(
                &t,
                format!("title norms after round {round} of {planned}"),
            ));
            for (r, p) in result.iter().zip(&t.players) {
                let mut first = true;
                for (n, s) in &r.norms {
                    if !args.all && matches!(s, NormStatus::NotPossible(_)) {
                        continue;
                    }
                    let (status, detail) = status_text(*n, s);
                    let who = if first {
                        [
                            p.id.to_string(),
                            p.name.clone(),
                            p.federation.clone().unwrap_or_default(),
                            title_code(p.title),
                        ]
                    } else {
                        Default::default()
                    };
                    first = false;
                    let mut row = who.to_vec();
                    row.extend([n.code().to_string(), status.to_string(), detail]);
                    table.push(row);
                }
            }
            if table.rows.is_empty() {
                let mut text = table.title.clone().unwrap_or_default();
                text.push_str("\nNo norm achieved or in reach.\n");
                text
            } else {
                table.to_text()
            }
        }
    };
    args.input.write(out)
}

/// `--k PLAYER=K` values.
fn given_ks(t: &Tournament, values: &[String]) -> Result<Vec<(PlayerId, KFactor)>, CliError> {
    values
        .iter()
        .map(|v| {
            let bad = || {
                CliError::invalid(format!(
                    "--k: expected PLAYER=K with a player of the file and K from 1 to 40, found {v:?}"
                ))
            };
            let (p, k) = v.split_once('=').ok_or_else(bad)?;
            let id = PlayerId(p.trim().parse().map_err(|_| bad())?);
            t.player(id).ok_or_else(bad)?;
            let k = k
                .trim()
                .parse::<u8>()
                .ok()
                .and_then(KFactor::new)
                .ok_or_else(bad)?;
            Ok((id, k))
        })
        .collect()
}

fn k_text(k: Option<(KFactor, KReason)>) -> String {
    match k {
        Some((k, KReason::AssumedEstablished)) => format!("{k}*"),
        Some((k, _)) => k.to_string(),
        None => String::new(),
    }
}

fn k_reason(r: KReason) -> &'static str {
    match r {
        KReason::Given => "given",
        KReason::Reached2400 => "reached_2400",
        KReason::NewPlayer => "new_player",
        KReason::Junior => "junior",
        KReason::Established => "established",
        KReason::AssumedEstablished => "assumed_established",
    }
}

fn points_and_expected(r: &PlayerRating) -> (u32, u32) {
    let halves = r
        .rated_games
        .iter()
        .map(|g| match g.result {
            tournament::GameResult::Win => 2,
            tournament::GameResult::Draw => 1,
            tournament::GameResult::Loss => 0,
        })
        .sum();
    let expected = r
        .rated_games
        .iter()
        .filter_map(|g| g.expected())
        .map(|e| e.hundredths())
        .sum();
    (halves, expected)
}

pub fn run_rating_change(args: RatingChangeArgs) -> Result<u8, CliError> {
    let (t, round) = args.input.read()?;
    let given = given_ks(&t, &args.k)?;
    let history = args
        .input
        .history(&t, t.header.rounds.unwrap_or(round).max(round))?;
    let result = rating::event_ratings(&t, &history, round, |p| KBasis {
        given: given.iter().find(|(id, _)| *id == p.id).map(|(_, k)| *k),
        ..KBasis::of(p)
    });
    let out = match args.input.format {
        OutFormat::Json => {
            let players: Vec<Json> = result
                .iter()
                .zip(&t.players)
                .map(|(r, p)| {
                    let (halves, expected) = points_and_expected(r);
                    json!({
                        "id": p.id.get(),
                        "name": p.name,
                        "rating": r.rating,
                        "k": r.k.map(|(k, _)| k.get()),
                        "k_reason": r.k.map(|(_, why)| k_reason(why)),
                        "games": r.rated_games.len(),
                        "points": halves as f64 / 2.0,
                        "expected": expected as f64 / 100.0,
                        "change": r.change.map(|c| c.to_string()),
                        "change_rounded": r.change.map(|c| c.rounded()),
                        "initial": r.initial.map(|i| json!({
                            "rating": i.rating,
                            "games": i.games,
                            "points": i.halves as f64 / 2.0,
                            "average": i.average,
                            "dp": i.dp,
                            "capped": i.capped,
                            "enough_games": i.has_enough_games(),
                            "above_floor": i.above_floor(),
                        })),
                    })
                })
                .collect();
            standings_cmd::to_json(&json!({"round": round, "players": players}))?
        }
        OutFormat::Text => {
            let mut table = Table::new([
                ("No", Align::Right),
                ("Name", Align::Left),
                ("Rtg", Align::Right),
                ("K", Align::Right),
                ("Games", Align::Right),
                ("Pts", Align::Right),
                ("Exp", Align::Right),
                ("ΔElo", Align::Right),
            ]);
            table.title = Some(heading(
                &t,
                format!("FIDE rating changes after round {round}"),
            ));
            let mut assumed = false;
            for (r, p) in result.iter().zip(&t.players) {
                let (halves, expected) = points_and_expected(r);
                assumed |= matches!(r.k, Some((_, KReason::AssumedEstablished)));
                let change = match (r.change, r.initial) {
                    (Some(c), _) => c.to_string(),
                    (None, Some(i)) => {
                        let mut s = format!("Ru {}", i.rating);
                        if i.capped {
                            s.push_str(" (capped)");
                        }
                        if !i.has_enough_games() {
                            s.push_str(&format!(" ({} of 5 games)", i.games));
                        } else if !i.above_floor() {
                            s.push_str(" (below 1400)");
                        }
                        s
                    }
                    (None, None) => String::new(),
                };
                let games = if r.rated_games.is_empty() {
                    r.unrated_games.len()
                } else {
                    r.rated_games.len()
                };
                table.push(vec![
                    p.id.to_string(),
                    p.name.clone(),
                    r.rating.map_or(String::new(), |x| x.to_string()),
                    k_text(r.k),
                    games.to_string(),
                    if r.rated_games.is_empty() {
                        String::new()
                    } else {
                        halves_text(halves)
                    },
                    if r.rated_games.is_empty() {
                        String::new()
                    } else {
                        format!("{}.{:02}", expected / 100, expected % 100)
                    },
                    change,
                ]);
            }
            let mut text = table.to_text();
            if assumed {
                text.push_str(
                    "* K 20 taken: the file does not say whether the player has 30 rated games \
                     (K 40 below); give it with --k PLAYER=40.\n",
                );
            }
            text
        }
    };
    args.input.write(out)
}
