//! `arbiter bridge ...`: duplicate bridge scoring. Parsing, scoring and the file formats live
//! in the `bridge` crate; this module wires arguments to it and renders tables.

use std::path::PathBuf;

use bridge::notation::{Notation, NotationError};
use bridge::{
    Artificial, Averages, Bid, Datum, Expected, FieldKind, Method, Options, Played, Ratio, Scale,
    Scored, Seat, Session, TableResult, Vulnerability,
};
use clap::ValueEnum;
use serde_json::{json, Value};

use crate::error::{exit, CliError};
use crate::io::{read_trf_text, write_output};
use crate::standings_cmd::page_lang;
use crate::table::{Align, Table};

/// Most decimals shown: the library rounds with a power of ten in 64-bit integers, which
/// overflows long before 36 decimals, and nobody reads a score past nine.
const MAX_DECIMALS: i64 = 9;

#[derive(Debug, clap::Subcommand)]
pub enum BridgeCommand {
    /// Score one contract: `arbiter bridge contract-score "3NT N -3" --board 4` prints -300 for NS.
    ContractScore(ContractScoreArgs),
    /// Matchpoint (or IMP) a session file (PBN, USEBIO XML or CSV) and rank the pairs.
    Score(ScoreArgs),
    /// Generate a random session (every board played at every table), for benchmarks.
    Generate(GenerateArgs),
    /// Print a movement: who sits where and which boards each table plays, round by round,
    /// with table cards and guide cards per pair.
    Movement(MovementArgs),
    /// Print an individual movement (each player partners different players): who sits
    /// North, East, South and West at each table each round, and a guide card per player.
    IndividualMovement(crate::bridge_individual_cmd::IndividualMovementArgs),
    /// Matchpoint individual travellers (CSV, the four players by seat) and rank the players.
    IndividualScore(crate::bridge_individual_cmd::IndividualScoreArgs),
    /// Double-dummy analysis of a hand record (PBN): each deal's tricks for every declarer
    /// and strain, and its par with the board's dealer and vulnerability.
    Analyse(AnalyseArgs),
    /// Victory points of a teams match: the winner's and loser's VPs for an IMP margin.
    Vp(VpArgs),
    /// Score a teams match from a PBN file holding both rooms ([Room "Open"] and
    /// [Room "Closed"] games): IMPs per board, totals and VPs.
    Teams(TeamsArgs),
}

#[derive(Debug, clap::Args)]
pub struct VpArgs {
    /// Boards in the match.
    #[arg(long)]
    pub boards: u32,
    /// The IMP margin (the winner's IMPs less the loser's).
    #[arg(long, allow_negative_numbers = true)]
    pub imps: i64,
    /// The scale: wbf2013 (continuous, two decimals) or a discrete scale (acbl20-6-8,
    /// acbl20-9-11, acbl30-6-8, acbl30-9-11).
    #[arg(long, default_value = "wbf2013")]
    pub scale: String,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: ScoreFormat,
}

#[derive(Debug, clap::Args)]
pub struct TeamsArgs {
    /// The match: a PBN file with one game per board and room.
    pub input: PathBuf,
    /// The VP scale (as for `arbiter bridge vp`).
    #[arg(long, default_value = "wbf2013")]
    pub scale: String,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: ScoreFormat,
    /// Read the input as Latin-1 (old files) instead of UTF-8.
    #[arg(long)]
    pub latin1: bool,
}

#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
    /// Hand record: a PBN file with a [Deal] for every board.
    pub input: PathBuf,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: ScoreFormat,
    /// Read the input as Latin-1 (old files) instead of UTF-8.
    #[arg(long)]
    pub latin1: bool,
}

#[derive(Debug, clap::Args)]
pub struct ContractScoreArgs {
    /// Contract, declarer and result, e.g. "3NT N -3", "4SX E =", "2H S 8" (tricks) or "PASS".
    #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
    pub contract: Vec<String>,
    /// Board number: vulnerability from the 16-board cycle.
    #[arg(long, short)]
    pub board: Option<u32>,
    /// Vulnerability (overrides the board's): none, ns, ew, all.
    #[arg(long)]
    pub vul: Option<String>,
    /// How the letters are read: en (C D H S NT; N E S W) or fr (T K C P SA; N E S O: "4C" is
    /// four hearts). Suit symbols read the same in both.
    #[arg(long, value_name = "en|fr", default_value = "en")]
    pub lang: String,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: ScoreFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScoreFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutFormat {
    Text,
    Csv,
    Json,
    Html,
    Pbn,
    Usebio,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScaleArg {
    /// 2 per score beaten, top 2(n-1) (Europe).
    #[value(name = "2")]
    Two,
    /// 1 per score beaten, top n-1 (ACBL).
    #[value(name = "1")]
    One,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FieldArg {
    /// As the file says, else guessed from the pair numbers.
    Auto,
    /// One ranking (Howell, arrow-switched Mitchell).
    One,
    /// NS and EW ranked separately (Mitchell).
    Two,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// Matchpoints.
    Mp,
    /// Cross-IMPs, averaged over the comparisons.
    CrossImps,
    /// Cross-IMPs, summed.
    CrossImpsTotal,
    /// Butler IMPs against a datum.
    Butler,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FouledArg {
    /// Each group scored on its own, then Neuberg to the full board.
    Neuberg,
    /// Groups of 1-3 get fixed percentages (ACBL 1991).
    Acbl,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DatumArg {
    /// Mean without the highest and lowest score, rounded to 10.
    Trimmed,
    /// Mean of all scores, rounded to 10.
    Mean,
}

#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// Session file: .pbn, .xml (USEBIO 1.2) or .csv.
    pub input: PathBuf,
    /// Matchpoint scale: 2 per beat (top 2(n-1), the default) or 1 per beat (top n-1);
    /// matchpoints only.
    #[arg(long, value_enum)]
    pub scale: Option<ScaleArg>,
    /// Output format: tables (text, csv, html), JSON, or the session written back as PBN
    /// (ScoreTable with matchpoints, TotalScoreTable) or USEBIO 1.2.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: OutFormat,
    /// Output file (written atomically); standard output when absent.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// One field or two.
    #[arg(long, value_enum, default_value = "auto")]
    pub field: FieldArg,
    /// Results expected per board for Neuberg: "most" (the most-played board), "lines" (each
    /// board's own lines) or a number.
    #[arg(long, default_value = "most")]
    pub expected: String,
    /// Fouled boards: each group Neubergised (the default), or the ACBL 1991 small-group
    /// rule; matchpoints only.
    #[arg(long, value_enum)]
    pub fouled: Option<FouledArg>,
    /// Average+/Average/Average- percentages, e.g. 60/50/40.
    #[arg(long, default_value = "60/50/40")]
    pub averages: String,
    /// Average+ is at least the pair's session percentage, Average- at most (WBF LC option);
    /// matchpoints only.
    #[arg(long)]
    pub session_average: bool,
    /// Scoring method.
    #[arg(long, value_enum, default_value = "mp")]
    pub method: MethodArg,
    /// Butler datum (default trimmed); Butler only.
    #[arg(long, value_enum)]
    pub datum: Option<DatumArg>,
    /// Decimals shown for matchpoints and IMPs (0 to 9, default 2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_DECIMALS))]
    pub decimals: Option<u32>,
    /// Decimals shown for percentages (0 to 9, default 2); matchpoints only.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_DECIMALS))]
    pub percent_decimals: Option<u32>,
    /// Print only the ranking (text, csv, html).
    #[arg(long)]
    pub ranking_only: bool,
    /// Masterpoints on a scale, in the ranking (text, csv) and the USEBIO file: acbl-club,
    /// ebu-club:TOP (the EBU's top award in local points) or "table:100 70 50" (the club's
    /// points by place).
    #[arg(long, value_name = "SCALE")]
    pub masterpoints: Option<String>,
    /// The language of the HTML page (the web application's own ranking, travellers and
    /// score cards): en or fr.
    #[arg(long, value_name = "en|fr", default_value = "en")]
    pub lang: String,
    /// Read the input as Latin-1 (old files) instead of UTF-8.
    #[arg(long)]
    pub latin1: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenFormat {
    Pbn,
    Csv,
}

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    #[arg(long, default_value_t = 2000)]
    pub tables: u32,
    #[arg(long, default_value_t = 36)]
    pub boards: u32,
    #[arg(long, short, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, short, value_enum, default_value = "pbn")]
    pub format: GenFormat,
    /// Output file; standard output when absent.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

pub fn run(c: BridgeCommand) -> Result<u8, CliError> {
    match c {
        BridgeCommand::ContractScore(a) => contract_score(a),
        BridgeCommand::Score(a) => score(a),
        BridgeCommand::Generate(a) => generate(a),
        BridgeCommand::Movement(a) => movement(a),
        BridgeCommand::IndividualMovement(a) => crate::bridge_individual_cmd::movement(a),
        BridgeCommand::IndividualScore(a) => crate::bridge_individual_cmd::score(a),
        BridgeCommand::Analyse(a) => analyse(a),
        BridgeCommand::Vp(a) => vp(a),
        BridgeCommand::Teams(a) => teams(a),
    }
}

/// A VP scale by name, checked against the match's number of boards.
fn vp_scale(name: &str, boards: u32) -> Result<bridge::teams::VpScale, CliError> {
    if boards == 0 || boards > bridge::vp::MAX_BOARDS {
        return Err(CliError::invalid(format!(
            "--boards: expected a match of 1 to {} boards, found {boards}",
            bridge::vp::MAX_BOARDS
        )));
    }
    if name == "wbf2013" {
        return Ok(bridge::teams::VpScale::Wbf2013);
    }
    let Some(s) = bridge::vp::discrete_scale(name) else {
        let names: Vec<&str> = bridge::vp::DISCRETE_SCALES.iter().map(|s| s.name).collect();
        return Err(CliError::invalid(format!(
            "--scale: expected wbf2013 or {}, found \"{name}\"",
            names.join(", ")
        )));
    };
    if !(s.boards.0..=s.boards.1).contains(&boards) {
        return Err(CliError::invalid(format!(
            "--scale {name}: expected a match of {} to {} boards (the scale's), found {boards}",
            s.boards.0, s.boards.1
        )));
    }
    Ok(bridge::teams::VpScale::Discrete(s))
}

fn vp(a: VpArgs) -> Result<u8, CliError> {
    let scale = vp_scale(&a.scale, a.boards)?;
    let (w, l) = bridge::teams::vps(scale, a.boards, a.imps.abs());
    let out = match a.format {
        ScoreFormat::Text => format!("{w} {l}\n"),
        ScoreFormat::Json => format!(
            "{}\n",
            json!({"boards": a.boards, "imps": a.imps.abs(), "scale": a.scale, "winner": w, "loser": l})
        ),
    };
    write_output(None, out.as_bytes())?;
    Ok(exit::OK)
}

/// `4S N =`, `3NT E -1`, `PASS`.
fn room_text(p: &bridge::Played) -> String {
    match p {
        Played::PassedOut => "PASS".to_string(),
        Played::Made {
            contract, declarer, ..
        } => format!("{contract} {declarer} {}", p.relative()),
    }
}

fn room_json(r: &bridge::teams::RoomResult) -> Value {
    match r.played {
        Played::PassedOut => {
            json!({"contract": "PASS", "declarer": null, "tricks": null, "score_ns": 0})
        }
        Played::Made {
            contract,
            declarer,
            tricks,
        } => {
            json!({"contract": contract.to_string(), "declarer": declarer.to_string(), "tricks": tricks, "score_ns": r.score_ns})
        }
    }
}

fn teams(a: TeamsArgs) -> Result<u8, CliError> {
    let text = read_trf_text(&a.input, a.latin1)?;
    let name = a.input.display().to_string();
    let m = bridge::pbn::read_match(&text, &name).map_err(input_error)?;
    let scale = vp_scale(&a.scale, m.boards.len() as u32)?;
    let s = bridge::teams::score_match(&m.scores(), scale);
    let home = m.home.clone().unwrap_or_else(|| "Home".to_string());
    let visit = m.visit.clone().unwrap_or_else(|| "Visitors".to_string());
    let out = match a.format {
        ScoreFormat::Json => {
            let boards: Vec<Value> = m
                .boards
                .iter()
                .zip(&s.boards)
                .map(|(b, &(_, net, imps))| {
                    json!({"board": b.number, "open": room_json(&b.open), "closed": room_json(&b.closed),
                           "net_home": net, "imps_home": imps.max(0), "imps_visit": (-imps).max(0)})
                })
                .collect();
            format!(
                "{}\n",
                json!({"home": home, "visit": visit, "boards": boards, "imps_home": s.imps_home,
                       "imps_visit": s.imps_visit, "vp_home": s.vp_home, "vp_visit": s.vp_visit})
            )
        }
        ScoreFormat::Text => {
            let mut t = Table::new([
                ("Board", Align::Right),
                ("Open room", Align::Left),
                ("NS", Align::Right),
                ("Closed room", Align::Left),
                ("NS", Align::Right),
                ("Net", Align::Right),
                (home.as_str(), Align::Right),
                (visit.as_str(), Align::Right),
            ]);
            t.title = Some(format!(
                "{home} (NS in the open room) v {visit}, {} boards",
                m.boards.len()
            ));
            let blank_zero = |x: i32| if x > 0 { x.to_string() } else { String::new() };
            for (b, &(_, net, imps)) in m.boards.iter().zip(&s.boards) {
                t.push(vec![
                    b.number.to_string(),
                    room_text(&b.open.played),
                    b.open.score_ns.to_string(),
                    room_text(&b.closed.played),
                    b.closed.score_ns.to_string(),
                    net.to_string(),
                    blank_zero(imps),
                    blank_zero(-imps),
                ]);
            }
            t.push(vec![
                "IMPs".to_string(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                s.imps_home.to_string(),
                s.imps_visit.to_string(),
            ]);
            t.push(vec![
                "VPs".to_string(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                s.vp_home.to_string(),
                s.vp_visit.to_string(),
            ]);
            t.to_text()
        }
    };
    write_output(None, out.as_bytes())?;
    Ok(exit::OK)
}

fn analyse(a: AnalyseArgs) -> Result<u8, CliError> {
    let text = read_trf_text(&a.input, a.latin1)?;
    let name = a.input.display().to_string();
    let session = bridge::pbn::read(&text, &name).map_err(input_error)?;
    if session.boards.is_empty() {
        return Err(CliError::invalid(format!(
            "{name}: expected at least one board with a [Deal], found no board"
        )));
    }
    let boards = bridge::dd::analyse_session(&session, &name).map_err(input_error)?;
    let out = match a.format {
        ScoreFormat::Json => {
            // Serialised as a struct, so the keys keep this order (board, tricks, par; N, E,
            // S, W; C, D, H, S, NT).
            #[derive(serde::Serialize)]
            struct Row<'a> {
                board: u32,
                tricks: &'a bridge::DdTable,
                par: &'a bridge::Par,
            }
            let rows: Vec<Row> = boards
                .iter()
                .map(|b| Row {
                    board: b.number,
                    tricks: &b.table,
                    par: &b.par,
                })
                .collect();
            let text = serde_json::to_string(&rows)
                .map_err(|e| CliError::new(exit::UNEXPECTED, e.to_string()))?;
            format!("{text}\n")
        }
        ScoreFormat::Text => boards
            .iter()
            .map(analysed_text)
            .collect::<Vec<_>>()
            .join("\n"),
    };
    write_output(None, out.as_bytes())?;
    Ok(exit::OK)
}

/// One board: the deal's header, the tricks table (declarers down, strains across) and the
/// par line.
fn analysed_text(b: &bridge::dd::AnalysedBoard) -> String {
    let mut t = Table::new(
        std::iter::once(("", Align::Left))
            .chain(bridge::Strain::ALL.map(|s| (s.code(), Align::Right))),
    );
    t.title = Some(format!(
        "Board {}  dealer {}  vulnerable {}",
        b.number, b.dealer, b.vulnerability
    ));
    for seat in Seat::ALL {
        let mut row = vec![seat.to_string()];
        row.extend(bridge::Strain::ALL.map(|s| b.table.tricks(seat, s).to_string()));
        t.push(row);
    }
    let contracts: Vec<String> = b.par.contracts.iter().map(|c| c.to_string()).collect();
    let par = if contracts.is_empty() {
        "passed out".to_string()
    } else {
        contracts.join(", ")
    };
    format!("{}Par: NS {} ({par})\n", t.to_text(), b.par.score_ns)
}

fn contract_score(a: ContractScoreArgs) -> Result<u8, CliError> {
    let text = a.contract.join(" ");
    let words: Vec<&str> = text.split_whitespace().collect();
    let bad = |what: &str, found: &str| {
        CliError::invalid(format!(
            "contract \"{text}\": expected {what}, found {found}"
        ))
    };
    let Some(first) = words.first() else {
        return Err(bad("a contract such as \"3NT N -3\"", "nothing"));
    };
    let notation = match page_lang(&a.lang)? {
        report::i18n::Lang::Fr => Notation::French,
        report::i18n::Lang::En => Notation::English,
    };
    let bid: Bid = bridge::notation::parse_bid(first, notation).map_err(|e| match e {
        NotationError::Contract(e) => bad(e.expected, &e.found),
        NotationError::Ambiguous { letter, which } => CliError::invalid(format!(
            "contract \"{text}\": \"{letter}\" is ambiguous in French notation: type {}",
            which.instead()
        )),
        NotationError::Lead { found } => bad("a contract", &found),
    })?;
    // The options are checked whatever the contract: a mistake there is still a mistake.
    let vul = match (&a.vul, a.board) {
        (Some(v), _) => Some(v.parse::<Vulnerability>().map_err(|_| {
            CliError::invalid(format!(
                "--vul: expected a vulnerability (none, ns, ew or all), found \"{v}\""
            ))
        })?),
        (None, Some(0)) => {
            return Err(CliError::invalid(
                "--board: expected a board number from 1, found 0",
            ))
        }
        (None, Some(b)) => Some(bridge::vulnerability_of(b)),
        (None, None) => None,
    };
    let played = match bid {
        Bid::Pass => {
            if words.len() > 1 {
                return Err(bad("nothing after PASS", &format!("\"{}\"", words[1])));
            }
            Played::PassedOut
        }
        Bid::Contract(c) => {
            if words.len() != 3 {
                let found = match words.len() {
                    1 => "the contract alone".to_string(),
                    2 => format!("no result after the declarer \"{}\"", words[1]),
                    _ => format!("\"{}\" after the result", words[3..].join(" ")),
                };
                return Err(bad(
                    "contract, declarer and result (e.g. \"3NT N -3\")",
                    &found,
                ));
            }
            let declarer: Seat = bridge::notation::parse_seat(words[1])
                .ok_or_else(|| bad("a declarer (N, E, S, W or O)", &format!("\"{}\"", words[1])))?;
            let tricks =
                bridge::contract::parse_result(c, words[2]).map_err(|(e, f)| bad(e, &f))?;
            Played::Made {
                contract: c,
                declarer,
                tricks,
            }
        }
    };
    // A pass-out scores 0 at any vulnerability: only a played contract needs one.
    if vul.is_none() && played != Played::PassedOut {
        return Err(CliError::invalid(format!(
            "contract \"{text}\": expected --board N or --vul none|ns|ew|all for the \
             vulnerability, found neither"
        )));
    }
    let ns = vul.map_or(0, |v| played.score_ns(v));
    let out = match (a.format, vul) {
        (ScoreFormat::Text, Some(vul)) => format!("NS {ns} (EW {}, vulnerable {vul})\n", -ns),
        (ScoreFormat::Text, None) => format!("NS {ns} (EW {})\n", -ns),
        (ScoreFormat::Json, _) => format!(
            "{}\n",
            json!({"contract": text, "vulnerable": vul.map(|v| v.pbn()), "score_ns": ns, "score_ew": -ns})
        ),
    };
    write_output(None, out.as_bytes())?;
    Ok(exit::OK)
}

/// An option given where it has no effect is refused rather than ignored: the user meant
/// something by it.
fn check_options(a: &ScoreArgs) -> Result<(), CliError> {
    let method = match a.method {
        MethodArg::Mp => "mp",
        MethodArg::CrossImps => "cross-imps",
        MethodArg::CrossImpsTotal => "cross-imps-total",
        MethodArg::Butler => "butler",
    };
    let refuse = |option: &str, why: String| {
        Err(CliError::invalid(format!(
            "{option}: this option does not apply here: {why}"
        )))
    };
    if a.method != MethodArg::Mp {
        if a.scale.is_some() {
            return refuse(
                "--scale",
                format!("it sets the matchpoint scale, and --method {method} scores in IMPs"),
            );
        }
        if a.percent_decimals.is_some() {
            return refuse(
                "--percent-decimals",
                format!("--method {method} scores in IMPs and shows no percentages"),
            );
        }
        if a.fouled.is_some() {
            return refuse(
                "--fouled",
                format!("it chooses how fouled boards are matchpointed, and --method {method} scores in IMPs"),
            );
        }
        if a.session_average {
            return refuse(
                "--session-average",
                format!("it bounds Average+ and Average- by the pair's matchpoint percentage, and --method {method} scores in IMPs"),
            );
        }
    }
    if a.datum.is_some() && a.method != MethodArg::Butler {
        return refuse(
            "--datum",
            format!("a datum is used by --method butler only, not --method {method}"),
        );
    }
    if a.format == OutFormat::Usebio {
        // The USEBIO writer always writes two decimals, as the EBU's files do.
        let given = [
            ("--decimals", a.decimals.is_some()),
            ("--percent-decimals", a.percent_decimals.is_some()),
        ];
        if let Some((option, _)) = given.iter().find(|g| g.1) {
            return refuse(
                option,
                "--format usebio always writes two decimals".to_string(),
            );
        }
    }
    if a.ranking_only && !matches!(a.format, OutFormat::Text | OutFormat::Csv | OutFormat::Html) {
        let format = match a.format {
            OutFormat::Json => "json",
            OutFormat::Pbn => "pbn",
            _ => "usebio",
        };
        return refuse(
            "--ranking-only",
            format!("it applies to --format text, csv and html, and --format {format} always holds the boards"),
        );
    }
    Ok(())
}

/// `--averages 60/50/40`: three percentages from 0 to 100 with at most 4 decimals each, as
/// artificial scores in files; a bad one is named with its column in the argument.
fn parse_averages(s: &str) -> Result<(Ratio, Ratio, Ratio), CliError> {
    let parts: Vec<&str> = s.split('/').collect();
    let [plus, average, minus] = parts[..] else {
        return Err(CliError::invalid(format!(
            "--averages: expected three percentages such as 60/50/40, found \"{s}\""
        )));
    };
    let mut column = 1;
    let mut values = [Ratio::ZERO; 3];
    for (value, part) in values.iter_mut().zip([plus, average, minus]) {
        let text = part.trim();
        let at = column + part.chars().take_while(|c| c.is_whitespace()).count();
        *value = Ratio::parse_percent(text).ok_or_else(|| {
            CliError::invalid(format!(
                "--averages, column {at}: expected a percentage from 0 to 100 with at most 4 \
                 decimals, found \"{text}\""
            ))
        })?;
        column += part.chars().count() + 1;
    }
    Ok((values[0], values[1], values[2]))
}

fn score(a: ScoreArgs) -> Result<u8, CliError> {
    check_options(&a)?;
    crate::io::refuse_overwrites(&[&a.input], a.output.as_slice())?;
    // Latin-1 decoding is the same for any text file, TRF or not.
    let text = read_trf_text(&a.input, a.latin1)?;
    let name = a.input.display().to_string();
    let session = bridge::read_session(&text, &name).map_err(input_error)?;
    // Nothing to score (a header alone, or deals without travellers): say so rather than
    // print empty tables.
    if session.boards.iter().all(|b| b.lines.is_empty()) {
        // A hand record alone: name the first board, which has no travellers.
        if let Some(b) = session.boards.first().filter(|b| b.pos.line > 0) {
            return Err(CliError::invalid(format!(
                "{name}:{}:{}: expected the results of board {} (a [ScoreTable]), found none",
                b.pos.line, b.pos.column, b.number
            )));
        }
        return Err(CliError::invalid(format!(
            "{name}: expected at least one board result, found no results"
        )));
    }
    let expected = match a.expected.as_str() {
        "most" => Expected::MostPlayed,
        "lines" => Expected::Lines,
        n => match n.parse::<u32>() {
            Ok(n) if n > 0 => Expected::Fixed(n),
            _ => {
                return Err(CliError::invalid(format!(
                    "--expected: expected most, lines or a number of results, found \"{n}\""
                )))
            }
        },
    };
    let (plus, average, minus) = parse_averages(&a.averages)?;
    let opts = Options {
        scale: match a.scale {
            Some(ScaleArg::Two) | None => Scale::TwoPerBeat,
            Some(ScaleArg::One) => Scale::OnePerBeat,
        },
        method: match a.method {
            MethodArg::Mp => Method::Matchpoints,
            MethodArg::CrossImps => Method::CrossImps { average: true },
            MethodArg::CrossImpsTotal => Method::CrossImps { average: false },
            MethodArg::Butler => Method::Butler(match a.datum {
                Some(DatumArg::Trimmed) | None => Datum::TrimmedMean,
                Some(DatumArg::Mean) => Datum::Mean,
            }),
        },
        field: match a.field {
            FieldArg::Auto => None,
            FieldArg::One => Some(FieldKind::One),
            FieldArg::Two => Some(FieldKind::Two),
        },
        expected,
        fouled: match a.fouled {
            Some(FouledArg::Neuberg) | None => bridge::Fouled::Neuberg,
            Some(FouledArg::Acbl) => bridge::Fouled::AcblSmallGroups,
        },
        averages: Averages {
            plus,
            average,
            minus,
            session_limit: a.session_average,
        },
        ..Options::default()
    };
    if let Some(field) = opts.field {
        // A forced field changes what "a pair twice on a board" means: check again.
        session.validate(&name, field).map_err(input_error)?;
    }
    let scored = bridge::score_session(&session, &opts);
    let scale = a
        .masterpoints
        .as_deref()
        .map(|t| {
            t.parse::<bridge::masterpoints::Scale>()
                .map_err(|e| CliError::invalid(format!("--masterpoints {t:?}: {e}")))
        })
        .transpose()?;
    let view = View {
        session: &session,
        scored: &scored,
        decimals: a.decimals.unwrap_or(2),
        pct_decimals: a.percent_decimals.unwrap_or(2),
        masterpoints: scale.clone().map(|s| {
            let awards = bridge::masterpoints::award_session(&s, &scored);
            (s, awards)
        }),
    };
    let out = match a.format {
        OutFormat::Text => view.text(a.ranking_only),
        OutFormat::Csv => view.csv(a.ranking_only),
        // The web application's pages, so that a session printed from a file looks the same.
        OutFormat::Html => report::bridge::document(
            page_lang(&a.lang)?,
            &session,
            &scored,
            &[],
            report::bridge::Decimals {
                points: a.decimals.unwrap_or(2),
                percent: a.percent_decimals.unwrap_or(2),
            },
            a.ranking_only,
        )
        .map_err(|e| CliError::new(exit::UNEXPECTED, format!("{name}: {e}")))?,
        OutFormat::Json => {
            let mut s = serde_json::to_string_pretty(&view.json())
                .map_err(|e| CliError::new(exit::UNEXPECTED, format!("cannot write JSON: {e}")))?;
            s.push('\n');
            s
        }
        OutFormat::Pbn => bridge::pbn::write(
            &session,
            Some(&scored),
            &bridge::pbn::WriteOptions {
                decimals: a.decimals.unwrap_or(2),
                percent_decimals: a.percent_decimals.unwrap_or(2),
            },
        ),
        OutFormat::Usebio => {
            let upload = bridge::usebio::Upload {
                masterpoints: scale,
                ..Default::default()
            };
            let w = bridge::usebio::write_upload(&session, &scored, &upload);
            if let Some(e) = w.left_out.first() {
                return Err(CliError::invalid(format!(
                    "{name}: {e} (USEBIO has no element for it); --format pbn and --format csv \
                     keep it"
                )));
            }
            w.xml
        }
    };
    write_output(a.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}

/// A reader's error: beyond the documented limits is exit 4, anything else exit 3.
fn input_error(e: bridge::InputError) -> CliError {
    let code = match e.kind {
        bridge::InputErrorKind::BeyondLimits => exit::LIMITS,
        bridge::InputErrorKind::Invalid => exit::INVALID,
    };
    CliError::new(code, e.to_string())
}

fn generate(a: GenerateArgs) -> Result<u8, CliError> {
    if a.tables < 1 || a.boards < 1 {
        return Err(CliError::invalid(format!(
            "generate: expected at least 1 table and 1 board, found {} tables and {} boards",
            a.tables, a.boards
        )));
    }
    // Checked before anything is allocated: the session and its text take about 200 bytes
    // a line, and 30,000 tables × 1,000 boards took 6.1 GB.
    let lines = u64::from(a.tables) * u64::from(a.boards);
    if a.tables > 100_000 || a.boards > 1_000 || lines > bridge::MAX_LINES as u64 {
        return Err(CliError::new(
            exit::LIMITS,
            format!(
                "generate: expected at most 100000 tables, 1000 boards and {} traveller lines \
                 (tables × boards), found {} tables × {} boards = {lines} lines",
                bridge::MAX_LINES,
                a.tables,
                a.boards
            ),
        ));
    }
    let session = bridge::generate::mitchell_session(a.tables, a.boards, a.seed);
    let out = match a.format {
        GenFormat::Pbn => bridge::pbn::write(&session, None, &bridge::pbn::WriteOptions::default()),
        GenFormat::Csv => bridge::csv::write(&session),
    };
    write_output(a.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// NS stationary, EW up one table, boards down one: two winners (3-20 tables).
    Mitchell,
    /// Mitchell with the last rounds arrow-switched: one winner (3-15 tables).
    ArrowSwitch,
    /// Complete Howell: everyone meets everyone (3-10 tables).
    Howell,
    /// Three-quarter Howell: fewer rounds, no pair met twice (6-10 tables).
    ThreeQuarterHowell,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WinnersArg {
    One,
    Two,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MovementFormat {
    /// The rounds, then the table cards and the guide cards.
    Text,
    /// `{"kind", "tables", "rounds": [{"round", "tables": [{"table", "ns", "ew", "boards"}]}]}`.
    Json,
    /// One printable page: the rounds, the table cards and the guide cards.
    Html,
}

#[derive(Debug, clap::Args)]
pub struct MovementArgs {
    /// Number of tables.
    #[arg(long, short)]
    pub tables: u32,
    /// The movement; by default the one suggested for the table count and --winners.
    #[arg(long, short, value_enum)]
    pub kind: Option<KindArg>,
    /// One winner or two, for the suggested movement (without --kind); default one.
    #[arg(long, value_enum)]
    pub winners: Option<WinnersArg>,
    /// Boards per round (default: about 26 boards in all).
    #[arg(long, short)]
    pub boards_per_round: Option<u32>,
    /// Mitchell with an even number of tables: skip a table after half the rounds (T-1
    /// rounds) instead of the relay and bye stand (T rounds).
    #[arg(long)]
    pub skip: bool,
    /// A pair number left empty (a half table): its opponents sit out.
    #[arg(long)]
    pub phantom: Option<u32>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: MovementFormat,
    /// The language of the HTML page: en or fr.
    #[arg(long, value_name = "en|fr", default_value = "en")]
    pub lang: String,
    /// Output file (written atomically); standard output when absent.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

fn movement(a: MovementArgs) -> Result<u8, CliError> {
    use bridge::movement::{self, EvenTables, Kind};
    let kind = match (a.kind, a.winners) {
        (Some(_), Some(_)) => {
            return Err(CliError::invalid(
                "--winners: this option does not apply here: it chooses the suggested \
                 movement, and --kind names one",
            ))
        }
        (Some(k), None) => match k {
            KindArg::Mitchell => Kind::Mitchell,
            KindArg::ArrowSwitch => Kind::ArrowSwitch,
            KindArg::Howell => Kind::Howell,
            KindArg::ThreeQuarterHowell => Kind::ThreeQuarterHowell,
        },
        (None, w) => movement::suggest(a.tables, w != Some(WinnersArg::Two))
            .map_err(|e| CliError::invalid(format!("--tables {}: {e}", a.tables)))?,
    };
    let opts = movement::Options {
        boards_per_round: a.boards_per_round,
        even: if a.skip {
            EvenTables::Skip
        } else {
            EvenTables::RelayByeStand
        },
        phantom: a.phantom,
    };
    let m = movement::build(kind, a.tables, &opts).map_err(|e| {
        let option = match e {
            movement::MovementError::Tables { .. } => format!("--tables {}", a.tables),
            movement::MovementError::BoardsPerRound(_)
            | movement::MovementError::SharedSet { .. } => "--boards-per-round".to_string(),
            movement::MovementError::Phantom { .. } => "--phantom".to_string(),
            movement::MovementError::EvenOption(_) => "--skip".to_string(),
        };
        CliError::invalid(format!("{option}: {e}"))
    })?;
    let out = match a.format {
        MovementFormat::Text => format!(
            "{}\nTABLE CARDS\n\n{}\nGUIDE CARDS\n\n{}",
            movement::overview_text(&m),
            movement::table_cards_text(&m),
            movement::guide_cards_text(&m)
        ),
        MovementFormat::Html => report::movement::html(page_lang(&a.lang)?, &m)
            .map_err(|e| CliError::new(exit::UNEXPECTED, format!("movement: {e}")))?,
        MovementFormat::Json => {
            let json = JsonMovement {
                kind: m.kind.name(),
                tables: m.tables,
                rounds: m
                    .rounds
                    .iter()
                    .map(|r| JsonRound {
                        round: r.number,
                        tables: r
                            .tables
                            .iter()
                            .map(|s| JsonTable {
                                table: s.table,
                                ns: s.ns,
                                ew: s.ew,
                                boards: m.boards(s.set).collect(),
                            })
                            .collect(),
                    })
                    .collect(),
            };
            let mut s = serde_json::to_string_pretty(&json)
                .map_err(|e| CliError::new(exit::UNEXPECTED, format!("cannot write JSON: {e}")))?;
            s.push('\n');
            s
        }
    };
    write_output(a.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}

// The movement's JSON, in the documented field order.
#[derive(serde::Serialize)]
struct JsonMovement {
    kind: &'static str,
    tables: u32,
    rounds: Vec<JsonRound>,
}

#[derive(serde::Serialize)]
struct JsonRound {
    round: u32,
    tables: Vec<JsonTable>,
}

#[derive(serde::Serialize)]
struct JsonTable {
    table: u32,
    ns: Option<u32>,
    ew: Option<u32>,
    boards: Vec<u32>,
}

/// What every renderer needs.
struct View<'a> {
    session: &'a Session,
    scored: &'a Scored,
    decimals: u32,
    pct_decimals: u32,
    /// The scale and each ranked pair's award, in the ranking's order.
    masterpoints: Option<(bridge::masterpoints::Scale, Vec<Ratio>)>,
}

fn result_cells(
    vul: Vulnerability,
    r: &TableResult,
) -> (String, String, String, Option<i32>, String, String) {
    // contract, declarer, result, NS score (numeric), NS cell, EW cell
    let side = |s: i32| {
        if s >= 0 {
            (s.to_string(), String::new())
        } else {
            (String::new(), (-s).to_string())
        }
    };
    match r {
        TableResult::Played(p) => {
            let s = p.score_ns(vul);
            let (n, e) = side(s);
            match p {
                Played::PassedOut => (
                    "PASS".into(),
                    String::new(),
                    String::new(),
                    Some(s),
                    "0".into(),
                    e,
                ),
                Played::Made {
                    contract, declarer, ..
                } => (
                    contract.to_string(),
                    declarer.to_string(),
                    p.relative(),
                    Some(s),
                    n,
                    e,
                ),
            }
        }
        TableResult::Assigned(s) => {
            let (n, e) = side(*s);
            (
                "(assigned)".into(),
                String::new(),
                String::new(),
                Some(*s),
                n,
                e,
            )
        }
        TableResult::Weighted(w) => (
            "(weighted)".into(),
            String::new(),
            String::new(),
            None,
            bridge::pbn::format_weighted(w),
            String::new(),
        ),
        TableResult::Split { ns, ew } => (
            "(split)".into(),
            String::new(),
            String::new(),
            Some(*ns),
            ns.to_string(),
            (-ew).to_string(),
        ),
        TableResult::Artificial { ns, ew } => (
            format!("{}/{}", art(*ns), art(*ew)),
            String::new(),
            String::new(),
            None,
            String::new(),
            String::new(),
        ),
        TableResult::NotPlayed => (
            "not played".into(),
            String::new(),
            String::new(),
            None,
            String::new(),
            String::new(),
        ),
    }
}

fn art(a: Artificial) -> String {
    match a {
        Artificial::AveragePlus => "A+".into(),
        Artificial::Average => "A".into(),
        Artificial::AverageMinus => "A-".into(),
        Artificial::Percent(p) => format!("{}%", p.to_short(2)),
    }
}

impl View<'_> {
    fn mp(&self) -> bool {
        self.scored.method == Method::Matchpoints
    }

    /// One number of decimals per column: `3` beside `4.20` read as a different kind of
    /// value.
    fn value(&self, v: Option<Ratio>) -> String {
        v.map_or(String::new(), |v| v.to_fixed(self.decimals))
    }

    fn pct(&self, v: Option<Ratio>) -> String {
        v.map_or(String::new(), |v| v.to_fixed(self.pct_decimals))
    }

    fn board_table(&self, i: usize, with_board_column: bool) -> Table {
        let b = &self.session.boards[i];
        let sb = &self.scored.boards[i];
        let unit = if self.mp() { "MP" } else { "IMP" };
        let mut headers: Vec<(String, Align)> = Vec::new();
        if with_board_column {
            headers.push(("Board".into(), Align::Right));
        }
        for (h, al) in [
            ("NS", Align::Right),
            ("EW", Align::Right),
            ("Contract", Align::Left),
            ("By", Align::Left),
            ("Lead", Align::Left),
            ("Result", Align::Left),
            ("Score NS", Align::Right),
            ("Score EW", Align::Right),
        ] {
            headers.push((h.into(), al));
        }
        headers.push((format!("{unit} NS"), Align::Right));
        headers.push((format!("{unit} EW"), Align::Right));
        if self.mp() {
            headers.push(("% NS".into(), Align::Right));
            headers.push(("% EW".into(), Align::Right));
        }
        let mut t = Table::new(headers);
        if !with_board_column {
            let top = if self.mp() {
                format!("  Top {}", sb.top.to_short(self.decimals))
            } else {
                String::new()
            };
            t.title = Some(format!(
                "Board {}  Dealer {}  Vulnerable {}{top}",
                b.number, b.dealer, b.vulnerability
            ));
        }
        for (l, sl) in b.lines.iter().zip(&sb.lines) {
            let (contract, by, result, _, sn, se) = result_cells(b.vulnerability, &l.result);
            let mut row = Vec::new();
            if with_board_column {
                row.push(b.number.to_string());
            }
            row.extend([
                l.ns.to_string(),
                l.ew.to_string(),
                contract,
                by,
                l.lead.clone().unwrap_or_default(),
                result,
                sn,
                se,
                self.value(sl.ns),
                self.value(sl.ew),
            ]);
            if self.mp() {
                row.push(self.pct(sb.percent(sl.ns)));
                row.push(self.pct(sb.percent(sl.ew)));
            }
            t.push(row);
        }
        t
    }

    fn ranking_tables(&self) -> Vec<Table> {
        let mut out: Vec<Table> = Vec::new();
        let mut current = None;
        for (i, r) in self.scored.ranking.iter().enumerate() {
            if current != Some(r.field) {
                current = Some(r.field);
                let mut headers = vec![
                    ("Rank", Align::Right),
                    ("Pair", Align::Right),
                    (if self.mp() { "MP" } else { "IMPs" }, Align::Right),
                ];
                if self.mp() {
                    headers.push(("Top", Align::Right));
                    headers.push(("%", Align::Right));
                }
                headers.push(("Boards", Align::Right));
                if self.masterpoints.is_some() {
                    headers.push(("Masterpoints", Align::Right));
                }
                let mut t = Table::new(headers);
                t.title = Some(match r.field {
                    bridge::Field::NorthSouth => "Ranking North-South".to_string(),
                    bridge::Field::EastWest => "Ranking East-West".to_string(),
                    bridge::Field::All => "Ranking".to_string(),
                });
                out.push(t);
            }
            let mut row = vec![
                format!("{}{}", r.rank, if r.tied { "=" } else { "" }),
                r.pair.to_string(),
                r.total.to_fixed(self.decimals),
            ];
            if self.mp() {
                row.push(r.top.to_fixed(self.decimals));
                row.push(self.pct(r.percent));
            }
            row.push(r.boards.to_string());
            if let Some((scale, awards)) = &self.masterpoints {
                row.push(scale.show(awards[i]));
            }
            if let Some(t) = out.last_mut() {
                t.push(row);
            }
        }
        out
    }

    /// Each table rendered as soon as it is built: holding every board's table first took
    /// about 1.5 KB a board (2.6 GB for 1,000,000 boards).
    fn text(&self, ranking_only: bool) -> String {
        let mut s = String::new();
        let mut put = |t: Table| {
            s.push_str(&t.to_text());
            s.push('\n');
        };
        if !ranking_only {
            (0..self.session.boards.len()).for_each(|i| put(self.board_table(i, false)));
        }
        self.ranking_tables().into_iter().for_each(put);
        s.pop();
        s
    }

    /// One CSV table of every traveller line, a blank line, then the ranking(s) with a field
    /// column.
    fn csv(&self, ranking_only: bool) -> String {
        let mut s = String::new();
        if !ranking_only && !self.session.boards.is_empty() {
            // One board at a time, the header once, rather than one table of every line.
            for i in 0..self.session.boards.len() {
                let csv = self.board_table(i, true).to_csv();
                let rows = if i == 0 {
                    &csv[..]
                } else {
                    csv.split_once("\r\n").map_or("", |(_, rows)| rows)
                };
                s.push_str(rows);
            }
            s.push_str("\r\n");
        }
        let mut rank: Option<Table> = None;
        for t in self.ranking_tables() {
            let field = match t.title.as_deref() {
                Some("Ranking North-South") => "NS",
                Some("Ranking East-West") => "EW",
                _ => "ALL",
            };
            let mut t2 = Table::new(
                std::iter::once(("Field".to_string(), Align::Left))
                    .chain(t.headers.iter().cloned().zip(t.align.iter().copied())),
            );
            for r in t.rows {
                t2.push(std::iter::once(field.to_string()).chain(r).collect());
            }
            match &mut rank {
                None => rank = Some(t2),
                Some(a) => a.rows.extend(t2.rows),
            }
        }
        if let Some(r) = rank {
            s.push_str(&r.to_csv());
        }
        s
    }

    /// A display number: an integer when exact, else rounded to `decimals`.
    fn number(v: Ratio, decimals: u32) -> Value {
        if v.is_integer() {
            json!(v.numer() as i64)
        } else {
            let s = v.to_fixed(decimals);
            s.parse::<serde_json::Number>()
                .map(Value::Number)
                .unwrap_or(Value::Null)
        }
    }

    fn json(&self) -> JsonSession<'_, '_> {
        let d = self.decimals;
        let mp = self.mp();
        let only = |on: bool, v: Value| on.then_some(v);
        let ranking: Vec<JsonStanding> = self
            .scored
            .ranking
            .iter()
            .map(|r| JsonStanding {
                field: r.field.label(),
                pair: r.pair,
                mp: only(mp, Self::number(r.total, d)),
                imps: only(!mp, Self::number(r.total, d)),
                top: only(mp, Self::number(r.top, d)),
                percent: only(
                    mp,
                    r.percent
                        .map_or(Value::Null, |v| Self::number(v, self.pct_decimals)),
                ),
                rank: r.rank,
                tied: r.tied,
                boards: r.boards,
            })
            .collect();
        JsonSession {
            boards: JsonBoards(self),
            ranking,
        }
    }

    /// One board's JSON, built only when it is written.
    fn json_board(&self, i: usize) -> JsonBoard {
        let d = self.decimals;
        let pd = self.pct_decimals;
        let mp = self.mp();
        let num = |v: Option<Ratio>, d: u32| v.map_or(Value::Null, |v| Self::number(v, d));
        let only = |on: bool, v: Value| on.then_some(v);
        let (b, sb) = (&self.session.boards[i], &self.scored.boards[i]);
        JsonBoard {
            board: b.number,
            top: only(mp, Self::number(sb.top, d)),
            lines: b
                .lines
                .iter()
                .zip(&sb.lines)
                .map(|(l, sl)| {
                    let (contract, declarer, result, score_ns, _, _) =
                        result_cells(b.vulnerability, &l.result);
                    JsonLine {
                        ns: l.ns,
                        ew: l.ew,
                        contract,
                        declarer,
                        result,
                        score_ns,
                        mp_ns: only(mp, num(sl.ns, d)),
                        mp_ew: only(mp, num(sl.ew, d)),
                        pct_ns: only(mp, num(sb.percent(sl.ns), pd)),
                        pct_ew: only(mp, num(sb.percent(sl.ew), pd)),
                        imp_ns: only(!mp, num(sl.ns, d)),
                        imp_ew: only(!mp, num(sl.ew, d)),
                    }
                })
                .collect(),
        }
    }
}

// The JSON schema, in the documented field order.
#[derive(serde::Serialize)]
struct JsonSession<'a, 'v> {
    boards: JsonBoards<'a, 'v>,
    ranking: Vec<JsonStanding>,
}

/// The boards, each built and written in turn: holding every line's JSON values at once
/// took about 350 bytes a line.
struct JsonBoards<'a, 'v>(&'a View<'v>);

impl serde::Serialize for JsonBoards<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((0..self.0.session.boards.len()).map(|i| self.0.json_board(i)))
    }
}

#[derive(serde::Serialize)]
struct JsonBoard {
    board: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    top: Option<Value>,
    lines: Vec<JsonLine>,
}

#[derive(serde::Serialize)]
struct JsonLine {
    ns: u32,
    ew: u32,
    contract: String,
    declarer: String,
    result: String,
    score_ns: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mp_ns: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mp_ew: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pct_ns: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pct_ew: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    imp_ns: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    imp_ew: Option<Value>,
}

#[derive(serde::Serialize)]
struct JsonStanding {
    field: &'static str,
    pair: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    mp: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    imps: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    top: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    percent: Option<Value>,
    rank: u32,
    tied: bool,
    boards: u32,
}
