//! `arbiter prizes`: read a TRF and a prize list, rank the players as `arbiter standings` does
//! and print who wins which prize under the chosen rule, as text or JSON.
use std::path::{Path, PathBuf};

use prizes::{Distribution, PrizeList, Rule};
use tiebreak::Standings;

use crate::error::CliError;
use crate::io;
use crate::standings_cmd::{self, Ranking};
use crate::table::{Align, Table};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RuleArg {
    Places,
    Shared,
    Hort,
}

impl From<RuleArg> for Rule {
    fn from(r: RuleArg) -> Rule {
        match r {
            RuleArg::Places => Rule::Places,
            RuleArg::Shared => Rule::Shared,
            RuleArg::Hort => Rule::Hort,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum PrizesFormat {
    Text,
    Json,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "PRIZES.csv: the header prize;category;amount, then one line per prize, \
in the order the prizes of a category are awarded. category is empty for the general ranking, \
else conditions joined by &: rating<N rating>=N women age<N age>=N unrated (ages in whole years \
on 1 January of the year of the end date, TRF 052). amount: 150 or 150.50, empty for an object.\n\
Rules: places (the tie-breaks separate tied players), shared (players tied on points share \
equally the prizes of their places), hort (half of that shared equally, each keeping half of \
their own place's prize). Each player wins one prize, the larger, the general one when equal; \
cents that do not divide go to the better-placed players.\n\
Exit codes: 0 ok, 3 invalid file or request, 5 file access."
)]
pub struct PrizesArgs {
    /// Tournament in TRF (TRF-16 or TRF-2026), after the last round.
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// The prize list (CSV, see below).
    #[arg(long, value_name = "PRIZES.csv")]
    prizes: PathBuf,
    /// How players tied on points are paid.
    #[arg(long, value_enum)]
    rule: RuleArg,
    #[command(flatten)]
    ranking: Ranking,
    /// Output format.
    #[arg(short, long, value_enum, default_value = "text")]
    format: PrizesFormat,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

/// The prize list of `path`: every problem as `FILE:LINE:COL: expected …, found …`, as for
/// TRF files; and the categories a TRF cannot tell (club members) refused where written.
fn read_prize_list(path: &Path) -> Result<prizes::csv::PrizeFile, CliError> {
    let text = io::read_text(path)?;
    let file = prizes::csv::read(&text).map_err(|errors| {
        let lines: Vec<String> = errors
            .iter()
            .map(|e| io::located_at(path, e.line, e.column, &e.expected, &e.found))
            .collect();
        CliError::invalid(lines.join("\n"))
    })?;
    for (p, at) in file.list.prizes().iter().zip(&file.lines) {
        if p.category().uses_club() {
            return Err(CliError::invalid(format!(
                "{}:{}:{}: expected a category a TRF file can tell (rating, women, age, \
                 unrated), found {:?}: club membership is not in TRF",
                path.display(),
                at.line,
                at.category_column,
                p.category().to_string()
            )));
        }
    }
    Ok(file)
}

/// The days ages are taken on (the end date's year, 052; the FFE season of the start date,
/// 042), when a category needs them.
fn age_dates(
    input: &Path,
    t: &tournament::Tournament,
    prizes_path: &Path,
    file: &prizes::csv::PrizeFile,
) -> Result<prizes::AgeDates, CliError> {
    let dates = prizes::event_dates(&t.header);
    let first = |f: fn(&prizes::Category) -> bool| {
        file.list
            .prizes()
            .iter()
            .zip(&file.lines)
            .find(|(p, _)| f(p.category()))
            .map(|(_, at)| *at)
    };
    let missing = if dates.new_year.is_none() {
        first(prizes::Category::uses_new_year).map(|at| {
            (
                at,
                "the event's end date for this age category (ages are taken on 1 January of its \
                 year), found no valid end date record (052 YYYY/MM/DD)",
            )
        })
    } else {
        None
    };
    let missing = missing.or_else(|| {
        if dates.season.is_none() {
            first(prizes::Category::uses_season).map(|at| {
                (
                    at,
                    "the event's dates for this FFE category (its season), found no valid start \
                     or end date record (042 or 052 YYYY/MM/DD)",
                )
            })
        } else {
            None
        }
    });
    match missing {
        Some((at, what)) => Err(CliError::invalid(format!(
            "{}:{}:{}: expected {what} in {}",
            prizes_path.display(),
            at.line,
            at.category_column,
            input.display()
        ))),
        None => Ok(dates),
    }
}

/// `arbiter prizes --format json`, fields in this order (issue 23 §5).
#[derive(serde::Serialize)]
struct PrizesJson<'a> {
    rule: &'static str,
    awards: Vec<AwardJson<'a>>,
}

#[derive(serde::Serialize)]
struct AwardJson<'a> {
    prize: &'a str,
    category: String,
    amount: Option<String>,
    players: Vec<ShareJson<'a>>,
}

#[derive(serde::Serialize)]
struct ShareJson<'a> {
    id: u32,
    name: &'a str,
    amount: Option<String>,
}

fn json(d: &Distribution, list: &PrizeList) -> Result<String, CliError> {
    let doc = PrizesJson {
        rule: d.rule.name(),
        awards: d
            .awards
            .iter()
            .map(|a| {
                let p = &list.prizes()[a.prize];
                AwardJson {
                    prize: p.name(),
                    category: p.category().to_string(),
                    amount: p.value().money().map(|m| m.to_string()),
                    players: a
                        .players
                        .iter()
                        .map(|s| ShareJson {
                            id: s.id.get(),
                            name: &s.name,
                            amount: s.amount.map(|m| m.to_string()),
                        })
                        .collect(),
                }
            })
            .collect(),
    };
    standings_cmd::to_json(&doc)
}

/// One row per player receiving something, the prize's columns on its first row only; a
/// place shared under another prize, and a prize nobody takes, say so in the name column.
fn text(t: &tournament::Tournament, s: &Standings, d: &Distribution, list: &PrizeList) -> String {
    let mut table = Table::new([
        ("Prize", Align::Left),
        ("Category", Align::Left),
        ("Amount", Align::Right),
        ("Place", Align::Right),
        ("No", Align::Right),
        ("Name", Align::Left),
        ("Pts", Align::Right),
        ("Receives", Align::Right),
    ]);
    let what = format!(
        "Prizes (rule {}, tie-break rules {})",
        d.rule.name(),
        s.edition
    );
    table.title = Some(match &t.header.name {
        Some(name) => format!("{name}: {what}"),
        None => what,
    });
    for a in &d.awards {
        let p = &list.prizes()[a.prize];
        let head = [
            p.name().to_string(),
            p.category().to_string(),
            p.value()
                .money()
                .map_or("object".to_string(), |m| m.to_string()),
        ];
        if a.players.is_empty() {
            let note = match a.shared_into {
                Some(into) => format!("(shared under {})", list.prizes()[into].name()),
                None => "(not awarded)".to_string(),
            };
            let mut row = head.to_vec();
            row.extend([String::new(), String::new(), note]);
            table.push(row);
            continue;
        }
        for (k, share) in a.players.iter().enumerate() {
            let mut row = if k == 0 {
                head.to_vec()
            } else {
                vec![String::new(); 3]
            };
            let standing = s.rows.iter().find(|r| r.id == share.id);
            row.extend([
                standing.map_or(String::new(), |r| standings_cmd::place(r.rank, r.rank_to)),
                share.id.to_string(),
                share.name.clone(),
                standing.map_or(String::new(), |r| r.points.to_string()),
                share.amount.map_or("object".to_string(), |m| m.to_string()),
            ]);
            table.push(row);
        }
    }
    let mut out = table.to_text();
    out.push_str(&format!("Total paid: {}\n", d.paid()));
    out
}

pub fn run_prizes(args: PrizesArgs) -> Result<u8, CliError> {
    io::refuse_overwrites(&[&args.input, &args.prizes], args.output.as_slice())?;
    let (t, s, _) = args.ranking.standings(&args.input)?;
    let file = read_prize_list(&args.prizes)?;
    let dates = age_dates(&args.input, &t, &args.prizes, &file)?;
    let d = prizes::distribute(
        &prizes::entrants(&t, &s),
        &file.list,
        args.rule.into(),
        dates,
    )
    .map_err(|e| CliError::invalid(format!("{}: {e}", args.input.display())))?;
    let out = match args.format {
        PrizesFormat::Json => json(&d, &file.list)?,
        PrizesFormat::Text => text(&t, &s, &d, &file.list),
    };
    io::write_output(args.output.as_deref(), out.as_bytes())?;
    Ok(crate::error::exit::OK)
}
