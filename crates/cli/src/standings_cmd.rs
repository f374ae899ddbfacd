//! `arbiter standings` and `arbiter crosstable`: read a TRF, rank the players with the
//! `tiebreak` crate and print the result as text, CSV, JSON or HTML.
use std::path::{Path, PathBuf};

use serde_json::{json, Value as Json};
use tiebreak::{
    Edition, EventFormat, Options, Standings, TeamOptions, TeamScore, TeamValue, TieBreak,
    UnratedRule,
};
use tournament::{Entry, GameResult, Tournament};

use crate::error::{exit, CliError};
use crate::io;
use crate::table::{Align, Format, Table};

/// The list used when neither `--tiebreaks` nor the file (TRF `212`/`202`) gives one.
const DEFAULT_TIEBREAKS: &str = "BH/C1,BH,SB";

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Tie-break codes (FIDE C.07): DE WIN WON BPG BWG PS REP STD TPN BH FB \
AOB SB KS ARO TPR PTP APRO APPO RTNG, plus ABH (adjusted score), PTS, SOBH (sum of opponents' \
Buchholz), YUG (Yugoslav), KASH (Kashdan), MP GP BC BERLIN (teams). Modifiers: /C1 /C2 (cut), \
/M1 /M2 (median), /L50 or /L3.5 (Koya limit, percent or points), /R (reverse), /P (DE with \
forfeits), /U1000 or /UP (rating of unrated players: fixed or provisional), /V2024 (edition for \
this tie-break).\n\
Exit codes: 0 ok, 3 invalid file or request, 5 file access."
)]
pub struct StandingsArgs {
    /// Tournament in TRF (TRF-16 or TRF-2026).
    #[arg(value_name = "IN")]
    input: PathBuf,
    #[command(flatten)]
    ranking: Ranking,
    /// Rank the teams (TRF 013/310) instead of the players; team codes: MP GP MPvGP BC TBR BBE
    /// BERLIN EMMSB EMGSB EGMSB EGGSB EDE EDEBT EDEBB EDET EDEB SSSC, and BH, SB, DE, WIN on
    /// either score (BH:GP, SB:MP).
    #[arg(long)]
    teams: bool,
    /// With --teams: the primary score, mp (match points, default) or gp (game points).
    #[arg(long, value_name = "mp|gp", requires = "teams")]
    primary: Option<String>,
    /// Output format.
    #[arg(short, long, value_enum, default_value = "text")]
    format: Format,
    /// The language of the HTML page (the web application's own): en or fr.
    #[arg(long, value_name = "en|fr", default_value = "en")]
    lang: String,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

/// Options shared by the commands that rank players.
#[derive(Debug, clap::Args)]
struct Common {
    /// Treat the event as a round robin (C.07 15.2: forfeits count as games).
    #[arg(long, conflicts_with = "swiss")]
    round_robin: bool,
    /// Treat the event as a Swiss (C.07 Art. 16). Default: from the file's 092/192 record,
    /// else a round robin when everybody was paired against everybody.
    #[arg(long)]
    swiss: bool,
    /// Rating given to unrated players by the rating tie-breaks (ARO, TPR, ...), or "P" for the
    /// provisional rating of their score group. Default: none, and those tie-breaks stay
    /// empty when unrated players are present (C.07 Art. 10).
    #[arg(long, value_name = "RATING|P")]
    unrated: Option<String>,
    /// Read the input as Latin-1 (ISO 8859-1) instead of UTF-8, for old files.
    #[arg(long)]
    latin1: bool,
}

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Each round's cell is the opponent's place, the colour (w/b) and the \
result (1, ½, 0); + and - are forfeits, PAB the pairing-allocated bye, F/H/Z full/half/zero-point \
byes.\nExit codes: 0 ok, 3 invalid file or request, 5 file access."
)]
pub struct CrosstableArgs {
    /// Tournament in TRF (TRF-16 or TRF-2026).
    #[arg(value_name = "IN")]
    input: PathBuf,
    #[command(flatten)]
    ranking: Ranking,
    /// Output format.
    #[arg(short, long, value_enum, default_value = "text")]
    format: Format,
    /// The language of the HTML page (the web application's own): en or fr.
    #[arg(long, value_name = "en|fr", default_value = "en")]
    lang: String,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

/// How the commands that rank players (standings, crosstable, prizes) are told the
/// tie-breaks, the rule edition and the event's format.
#[derive(Debug, clap::Args)]
pub(crate) struct Ranking {
    /// Comma-separated tie-breaks, in order, e.g. "DE,BH/C1,BH,SB". Default: the file's
    /// 212/202 record, else BH/C1,BH,SB.
    #[arg(short, long, value_name = "LIST")]
    tiebreaks: Option<String>,
    /// Rule edition for unplayed rounds: pre2012, 2012, 2024 or 2026. Default: the edition in
    /// force at the tournament's start date (042), 2026 without a date.
    #[arg(long, value_name = "EDITION")]
    rules: Option<String>,
    #[command(flatten)]
    common: Common,
}

impl Ranking {
    /// Reads the TRF `input` and ranks its players: the tournament, the standings and the
    /// options they were computed with.
    pub(crate) fn standings(
        &self,
        input: &Path,
    ) -> Result<(Tournament, Standings, Options), CliError> {
        let (t, text) = read_tournament(input, self.common.latin1)?;
        let (list, _) = tiebreak_list(self.tiebreaks.as_deref(), input, &text)?;
        let options = options(self.rules.as_deref(), &self.common)?;
        let s = compute(input, &t, &list, &options)?;
        Ok((t, s, options))
    }
}

/// The language of an HTML page, from `--lang`.
pub(crate) fn page_lang(lang: &str) -> Result<report::i18n::Lang, CliError> {
    match lang {
        "en" => Ok(report::i18n::Lang::En),
        "fr" => Ok(report::i18n::Lang::Fr),
        other => Err(CliError::invalid(format!(
            "--lang: expected en or fr, found {other:?}"
        ))),
    }
}

/// The tournament and the file's text (for the line of a record).
fn read_tournament(path: &Path, latin1: bool) -> Result<(Tournament, String), CliError> {
    let text = io::read_trf_text(path, latin1)?;
    let t = io::parse_trf(path, &text)?;
    Ok((t, text))
}

/// The tie-break list: the user's text, else the file's (212, else 202), else the default;
/// with the texts as given (for the JSON output). A bad code in the file is reported at its
/// line and column, since a list silently replaced would rank the players differently.
fn tiebreak_list(
    given: Option<&str>,
    path: &Path,
    text: &str,
) -> Result<(Vec<TieBreak>, Vec<String>), CliError> {
    let chosen = match given {
        Some(s) => Some(s.to_string()),
        None => {
            let mut from_file = None;
            for code in ["212", "202"] {
                let Some((line, chars)) = record_line(text, code) else {
                    continue;
                };
                let list = file_list(&chars).map_err(|(column, e)| {
                    CliError::invalid(format!("{}:{line}:{column}: {e}", path.display()))
                })?;
                if !list.is_empty() {
                    from_file = Some(chars[4.min(chars.len())..].iter().collect::<String>());
                    break;
                }
            }
            from_file
        }
    };
    let source = if given.is_some() {
        "--tiebreaks"
    } else {
        "default"
    };
    let text = chosen.unwrap_or_else(|| DEFAULT_TIEBREAKS.to_string());
    let list =
        tiebreak::parse_list(&text).map_err(|e| CliError::invalid(format!("{source}: {e}")))?;
    // Headers show each code as the rules spell it, however it was typed (`bh` reads BH).
    let texts = list.iter().map(ToString::to_string).collect();
    Ok((list, texts))
}

/// The line number and characters of the record `code` (TRF lines end at CR, LF or CRLF; a
/// leading byte-order mark is not part of the first line).
fn record_line(text: &str, code: &str) -> Option<(usize, Vec<char>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut line = 1;
    let mut rest = text;
    loop {
        let end = rest.find(['\r', '\n']).unwrap_or(rest.len());
        let current = &rest[..end];
        if current.starts_with(code) {
            return Some((line, current.chars().collect()));
        }
        if end == rest.len() {
            return None;
        }
        let skip = if rest[end..].starts_with("\r\n") {
            2
        } else {
            1
        };
        rest = &rest[end + skip..];
        line += 1;
    }
}

/// Parses a 202/212 record's list (from column 5); on error, the column of the bad item.
fn file_list(chars: &[char]) -> Result<Vec<TieBreak>, (usize, tiebreak::TieBreakError)> {
    let mut list = Vec::new();
    let mut start = None;
    // One past the end acts as a final separator.
    for i in 4..=chars.len().max(4) {
        let separator = chars.get(i).is_none_or(|c| matches!(c, ',' | ' ' | ';'));
        match (separator, start) {
            (false, None) => start = Some(i),
            (true, Some(from)) => {
                let item: String = chars[from..i].iter().collect();
                list.push(item.parse().map_err(|e| (from + 1, e))?);
                start = None;
            }
            _ => {}
        }
    }
    Ok(list)
}

fn options(rules: Option<&str>, common: &Common) -> Result<Options, CliError> {
    let edition = rules
        .map(|r| r.parse::<Edition>())
        .transpose()
        .map_err(|e| CliError::invalid(format!("--rules: {e}")))?;
    let unrated = match common.unrated.as_deref() {
        None => UnratedRule::Undefined,
        Some(p) if p.eq_ignore_ascii_case("p") => UnratedRule::Provisional,
        Some(r) => UnratedRule::Fixed(r.parse().map_err(|_| {
            CliError::invalid(format!(
                "--unrated: expected a rating (0 to 65535) or P, found {r:?}"
            ))
        })?),
    };
    let format = if common.round_robin {
        EventFormat::RoundRobin
    } else if common.swiss {
        EventFormat::Swiss
    } else {
        EventFormat::Auto
    };
    Ok(Options {
        edition,
        format,
        unrated,
    })
}

fn compute(
    path: &Path,
    t: &Tournament,
    list: &[TieBreak],
    options: &Options,
) -> Result<Standings, CliError> {
    tiebreak::standings(t, list, options)
        .map_err(|e| CliError::invalid(format!("{}: {e}", path.display())))
}

pub(crate) fn place(rank: u32, rank_to: u32) -> String {
    if rank == rank_to {
        rank.to_string()
    } else {
        format!("{rank}-{rank_to}")
    }
}

fn title(t: &Tournament, what: &str, s: &Standings) -> String {
    match &t.header.name {
        Some(name) => format!("{name}: {what} (tie-break rules {})", s.edition),
        None => format!("{what} (tie-break rules {})", s.edition),
    }
}

/// An empty standings table: Rank, No, the `name` column, the `scores` columns, then one
/// column per tie-break as the user wrote it.
fn standings_table(name: &str, scores: &[&str], tiebreaks: &[String], title: String) -> Table {
    let mut headers: Vec<(String, Align)> = vec![
        ("Rank".into(), Align::Right),
        ("No".into(), Align::Right),
        (name.into(), Align::Left),
    ];
    headers.extend(scores.iter().map(|c| (c.to_string(), Align::Right)));
    headers.extend(tiebreaks.iter().map(|c| (c.clone(), Align::Right)));
    let mut table = Table::new(headers);
    table.title = Some(title);
    table
}

/// The table as CSV, or as text (each command prints its JSON and its HTML document itself).
fn render(table: &Table, format: Format) -> String {
    match format {
        Format::Csv => table.to_csv(),
        _ => table.to_text(),
    }
}

fn number(v: tiebreak::Value) -> Json {
    if v.denominator() == 1 {
        json!(v.numerator())
    } else {
        json!(v.to_f64())
    }
}

/// The JSON schema of `arbiter standings --format json`, fields in this order.
#[derive(serde::Serialize)]
struct StandingsJson<'a> {
    rules: &'static str,
    tiebreaks: &'a [String],
    standings: Vec<RowJson<'a>>,
}

#[derive(serde::Serialize)]
struct RowJson<'a> {
    rank: u32,
    id: u32,
    name: &'a str,
    points: Json,
    values: Vec<Json>,
}

#[derive(serde::Serialize)]
struct CrosstableJson<'a> {
    rules: &'static str,
    rounds: usize,
    players: Vec<CrossRowJson<'a>>,
}

#[derive(serde::Serialize)]
struct CrossRowJson<'a> {
    rank: u32,
    id: u32,
    name: &'a str,
    rating: Option<u16>,
    points: Json,
    rounds: Vec<Json>,
}

pub(crate) fn to_json<T: serde::Serialize>(doc: &T) -> Result<String, CliError> {
    let mut text = serde_json::to_string_pretty(doc)
        .map_err(|e| CliError::new(exit::UNEXPECTED, format!("JSON output: {e}")))?;
    text.push('\n');
    Ok(text)
}

fn points_json(p: tournament::Points) -> Json {
    json!(p.tenths() as f64 / 10.0)
}

pub fn run_standings(args: StandingsArgs) -> Result<u8, CliError> {
    io::refuse_overwrites(&[&args.input], args.output.as_slice())?;
    let (t, text) = read_tournament(&args.input, args.ranking.common.latin1)?;
    if args.teams {
        return run_team_standings(&args, &t);
    }
    let (list, texts) = tiebreak_list(args.ranking.tiebreaks.as_deref(), &args.input, &text)?;
    let options = options(args.ranking.rules.as_deref(), &args.ranking.common)?;
    let s = compute(&args.input, &t, &list, &options)?;
    let out = match args.format {
        // The web application's page, so that printed standings look the same from either.
        Format::Html => {
            report::document::standings(page_lang(&args.lang)?, &t, &s).map_err(|e| {
                CliError::new(exit::UNEXPECTED, format!("{}: {e}", args.input.display()))
            })?
        }
        Format::Json => {
            let doc = StandingsJson {
                rules: s.edition.name(),
                tiebreaks: &texts,
                standings: s
                    .rows
                    .iter()
                    .map(|r| RowJson {
                        rank: r.rank,
                        id: r.id.get(),
                        name: &r.name,
                        points: points_json(r.points),
                        values: r
                            .values
                            .iter()
                            .map(|v| v.map(number).unwrap_or(Json::Null))
                            .collect(),
                    })
                    .collect(),
            };
            to_json(&doc)?
        }
        format => {
            let title = title(&t, "Standings", &s);
            let mut table = standings_table("Name", &["Pts"], &texts, title);
            for r in &s.rows {
                let mut row = vec![
                    place(r.rank, r.rank_to),
                    r.id.to_string(),
                    r.name.clone(),
                    r.points.to_string(),
                ];
                for (tb, v) in list.iter().zip(&r.values) {
                    row.push(v.map(|v| tb.value_text(v)).unwrap_or_default());
                }
                table.push(row);
            }
            render(&table, format)
        }
    };
    io::write_output(args.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}

/// The default list for team standings when none is given.
const DEFAULT_TEAM_TIEBREAKS: &str = "MPvGP,EDE,SB";

fn run_team_standings(args: &StandingsArgs, t: &Tournament) -> Result<u8, CliError> {
    if t.teams.is_empty() {
        return Err(CliError::invalid(format!(
            "{}: --teams: the file has no teams (records 013 or 310)",
            args.input.display()
        )));
    }
    let text = args
        .ranking
        .tiebreaks
        .clone()
        .unwrap_or_else(|| DEFAULT_TEAM_TIEBREAKS.to_string());
    let list =
        tiebreak::parse_list(&text).map_err(|e| CliError::invalid(format!("--tiebreaks: {e}")))?;
    let texts: Vec<String> = list.iter().map(ToString::to_string).collect();
    let edition = args
        .ranking
        .rules
        .as_deref()
        .map(str::parse::<Edition>)
        .transpose()
        .map_err(|e| CliError::invalid(format!("--rules: {e}")))?;
    let primary = match args
        .primary
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None | Some("mp") => TeamScore::MatchPoints,
        Some("gp") => TeamScore::GamePoints,
        Some(other) => {
            return Err(CliError::invalid(format!(
                "--primary: expected mp or gp, found {other:?}"
            )))
        }
    };
    // The match points are the file's (`362`; 2/1/0 without one), as pairing reads them.
    let options = TeamOptions { edition, primary };
    let s = tiebreak::team_standings(t, &list, &options)
        .map_err(|e| CliError::invalid(format!("{}: {e}", args.input.display())))?;
    let primary_points = |r: &tiebreak::TeamRow| match primary {
        TeamScore::MatchPoints => r.match_points,
        TeamScore::GamePoints => r.game_points,
    };
    let out = match args.format {
        // As the players' standings: the renderer's page (title, columns, legend of the codes).
        Format::Html => {
            report::document::team_standings(page_lang(&args.lang)?, t, &s).map_err(|e| {
                CliError::new(exit::UNEXPECTED, format!("{}: {e}", args.input.display()))
            })?
        }
        Format::Json => {
            let doc = TeamStandingsJson {
                rules: s.edition.name(),
                tiebreaks: &texts,
                standings: s
                    .rows
                    .iter()
                    .map(|r| TeamRowJson {
                        rank: r.rank,
                        id: r.number,
                        name: &r.name,
                        points: number(primary_points(r)),
                        match_points: number(r.match_points),
                        game_points: number(r.game_points),
                        values: r.values.iter().map(team_value_json).collect(),
                    })
                    .collect(),
            };
            to_json(&doc)?
        }
        format => {
            let title = match &t.header.name {
                Some(name) => format!("{name}: Team standings (tie-break rules {})", s.edition),
                None => format!("Team standings (tie-break rules {})", s.edition),
            };
            // MP and GP have their columns already: a tie-break list naming them (GP, EDE, SB)
            // would print them twice.
            let shown: Vec<usize> = (0..texts.len())
                .filter(|&i| !matches!(texts[i].as_str(), "MP" | "GP"))
                .collect();
            let headers: Vec<String> = shown.iter().map(|&i| texts[i].clone()).collect();
            let mut table = standings_table("Team", &["MP", "GP"], &headers, title);
            for r in &s.rows {
                let mut row = vec![
                    place(r.rank, r.rank_to),
                    r.number.to_string(),
                    r.name.clone(),
                    r.match_points.to_string(),
                    format!("{:.1}", r.game_points),
                ];
                for &i in &shown {
                    let (tb, v) = (&list[i], &r.values[i]);
                    row.push(match v {
                        TeamValue::One(Some(x)) => tb.value_text(*x),
                        other => other.to_string(),
                    });
                }
                table.push(row);
            }
            render(&table, format)
        }
    };
    io::write_output(args.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}

fn team_value_json(v: &TeamValue) -> Json {
    match v {
        TeamValue::One(None) => Json::Null,
        TeamValue::One(Some(x)) => number(*x),
        TeamValue::Sequence(xs) => Json::Array(xs.iter().map(|x| number(*x)).collect()),
    }
}

/// `arbiter standings --teams --format json`: the players' schema with team numbers, plus
/// both scores.
#[derive(serde::Serialize)]
struct TeamStandingsJson<'a> {
    rules: &'static str,
    tiebreaks: &'a [String],
    standings: Vec<TeamRowJson<'a>>,
}

#[derive(serde::Serialize)]
struct TeamRowJson<'a> {
    rank: u32,
    id: u32,
    name: &'a str,
    points: Json,
    match_points: Json,
    game_points: Json,
    values: Vec<Json>,
}

/// A round robin's crosstable: one column per line of the table, each cell the results of the
/// row's player against that line's player (several for a multiple round robin).
fn round_robin_matrix(
    t: &Tournament,
    rounds: usize,
    s: &Standings,
    line_of: &std::collections::HashMap<u32, u32>,
) -> Table {
    let n = s.rows.len();
    let mut headers: Vec<(String, Align)> = vec![
        ("Rank".into(), Align::Right),
        ("No".into(), Align::Right),
        ("Name".into(), Align::Left),
        ("Rtg".into(), Align::Right),
    ];
    headers.extend((1..=n).map(|k| (k.to_string(), Align::Right)));
    headers.push(("Pts".into(), Align::Right));
    let mut table = Table::new(headers);
    table.title = Some(title(t, "Crosstable", s));
    for (k, r) in s.rows.iter().enumerate() {
        let Some(p) = t.player(r.id) else { continue };
        let mut cells = vec![String::new(); n];
        cells[k] = "X".into();
        for e in p.rounds.iter().take(rounds) {
            let Some(o) = e.opponent() else { continue };
            let Some(&line) = line_of.get(&o.get()) else {
                continue;
            };
            let mark = match e {
                Entry::Played { result, .. } => match result {
                    GameResult::Win => "1",
                    GameResult::Draw => "½",
                    GameResult::Loss => "0",
                },
                Entry::ForfeitWin { .. } => "+",
                _ => "-",
            };
            cells[line as usize - 1].push_str(mark);
        }
        let mut row = vec![
            place(r.rank, r.rank_to),
            r.id.to_string(),
            r.name.clone(),
            p.rating.map(|x| x.to_string()).unwrap_or_default(),
        ];
        row.extend(cells);
        row.push(r.points.to_string());
        table.push(row);
    }
    table
}

/// A crosstable cell for one round: the opponent's place, colour and result.
fn cell(e: &Entry, place_of: &dyn Fn(tournament::PlayerId) -> String) -> String {
    let result = |r: GameResult| match r {
        GameResult::Win => "1",
        GameResult::Draw => "½",
        GameResult::Loss => "0",
    };
    let opp = |o: Option<tournament::PlayerId>| o.map(place_of).unwrap_or_default();
    match *e {
        Entry::Played {
            opponent,
            color,
            result: r,
            ..
        } => format!("{}{}{}", place_of(opponent), color.trf_char(), result(r)),
        Entry::ForfeitWin { opponent, .. } => format!("{}+", opp(opponent)),
        Entry::ForfeitLoss { opponent, .. } => format!("{}-", opp(opponent)),
        Entry::DoubleForfeit { opponent, .. } => format!("{}--", place_of(opponent)),
        Entry::PairingBye => "PAB".into(),
        Entry::FullBye => "F".into(),
        Entry::HalfBye => "H".into(),
        Entry::ZeroBye => "Z".into(),
        Entry::NotPaired | Entry::Withdrawn => String::new(),
    }
}

fn entry_json(e: &Entry) -> Json {
    let kind = match e {
        Entry::Played { .. } => "played",
        Entry::ForfeitWin { .. } => "forfeit_win",
        Entry::ForfeitLoss { .. } => "forfeit_loss",
        Entry::DoubleForfeit { .. } => "double_forfeit",
        Entry::PairingBye => "pab",
        Entry::FullBye => "full_bye",
        Entry::HalfBye => "half_bye",
        Entry::ZeroBye => "zero_bye",
        Entry::NotPaired => "not_paired",
        Entry::Withdrawn => "withdrawn",
    };
    let result = match e {
        Entry::Played { result, .. } => Json::from(match result {
            GameResult::Win => "1",
            GameResult::Draw => "1/2",
            GameResult::Loss => "0",
        }),
        _ => Json::Null,
    };
    json!({
        "kind": kind,
        "opponent": e.opponent().map(|o| o.get()),
        "color": e.color().map(|c| c.trf_char().to_string()),
        "result": result,
    })
}

pub fn run_crosstable(args: CrosstableArgs) -> Result<u8, CliError> {
    io::refuse_overwrites(&[&args.input], args.output.as_slice())?;
    let (t, s, options) = args.ranking.standings(&args.input)?;
    // Only played rounds are shown (trf.md §5), as the standings count only those.
    let rounds = tournament::rounds::played_rounds_in_file(&t) as usize;
    // Cells name opponents by their line in the table (ranks can be shared).
    let places: std::collections::HashMap<u32, u32> = s
        .rows
        .iter()
        .enumerate()
        .map(|(k, r)| (r.id.get(), k as u32 + 1))
        .collect();
    let place_of = |id: tournament::PlayerId| {
        places
            .get(&id.get())
            .map(|p| p.to_string())
            .unwrap_or_else(|| format!("#{id}"))
    };
    let out = match args.format {
        // The web application's crosstable (its partial, catalogues and CSS), standalone.
        Format::Html => {
            report::document::crosstable(page_lang(&args.lang)?, &t, &s).map_err(|e| {
                CliError::new(exit::UNEXPECTED, format!("{}: {e}", args.input.display()))
            })?
        }
        Format::Json => {
            let doc = CrosstableJson {
                rules: s.edition.name(),
                rounds,
                players: s
                    .rows
                    .iter()
                    .filter_map(|r| {
                        let p = t.player(r.id)?;
                        Some(CrossRowJson {
                            rank: r.rank,
                            id: r.id.get(),
                            name: &r.name,
                            rating: p.rating,
                            points: points_json(r.points),
                            rounds: p.rounds.iter().take(rounds).map(entry_json).collect(),
                        })
                    })
                    .collect(),
            };
            to_json(&doc)?
        }
        format
            if tiebreak::is_round_robin(&t, options.format)
                .map_err(|e| CliError::invalid(format!("{}: {e}", args.input.display())))? =>
        {
            render(&round_robin_matrix(&t, rounds, &s, &places), format)
        }
        format => {
            let mut headers: Vec<(String, Align)> = vec![
                ("Rank".into(), Align::Right),
                ("No".into(), Align::Right),
                ("Name".into(), Align::Left),
                ("Rtg".into(), Align::Right),
            ];
            headers.extend((1..=rounds).map(|r| (format!("R{r}"), Align::Right)));
            headers.push(("Pts".into(), Align::Right));
            let mut table = Table::new(headers);
            table.title = Some(title(&t, "Crosstable", &s));
            for r in &s.rows {
                let Some(p) = t.player(r.id) else { continue };
                let mut row = vec![
                    place(r.rank, r.rank_to),
                    r.id.to_string(),
                    r.name.clone(),
                    p.rating.map(|x| x.to_string()).unwrap_or_default(),
                ];
                for k in 0..rounds {
                    row.push(
                        p.rounds
                            .get(k)
                            .map(|e| cell(e, &place_of))
                            .unwrap_or_default(),
                    );
                }
                row.push(r.points.to_string());
                table.push(row);
            }
            render(&table, format)
        }
    };
    io::write_output(args.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}
