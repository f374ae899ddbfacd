//! `arbiter event group ...`: an event with sections (a weekend's A open, B open under 1600,
//! rapid) from the command line, with the web application's actions on the same database:
//! list and create groups, add a section (a new event, or an existing one attached before its
//! round 1), list the players of every section, and move a player between sections before
//! round 1 of both (the desk's rule).

use clap::{Subcommand, ValueEnum};
use store::chess::sections::{GroupId, GroupSettings, RatingLimits, Section};
use store::{EventId, EventSettings, Store, System};

use crate::error::CliError;
use crate::io;
use crate::store_io::{store_error, text, ACTOR};
use crate::table::{Align, Table};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SectionSystemArg {
    Swiss,
    RoundRobin,
    DoubleRoundRobin,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ListFormat {
    Text,
    Csv,
    Json,
}

#[derive(Debug, Subcommand)]
pub(crate) enum GroupCommand {
    /// List the events with sections, newest first, with their sections.
    List,
    /// Create an event with sections; prints its number.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long, default_value = "")]
        place: String,
        /// Start date, YYYY-MM-DD (new sections take it).
        #[arg(long, default_value = "")]
        start: String,
        /// End date, YYYY-MM-DD.
        #[arg(long, default_value = "")]
        end: String,
    },
    /// Add a section: a new tournament (with --rounds), or an existing one (--event) before its
    /// round 1 is paired; prints the section's event number.
    AddSection {
        group: GroupId,
        /// The section's short name: A, B, Rapide.
        #[arg(long)]
        label: String,
        /// An existing event to attach instead of creating one.
        #[arg(long, conflicts_with_all = ["name", "rounds", "system"])]
        event: Option<EventId>,
        /// The new tournament's name (default: the group's name and the label).
        #[arg(long)]
        name: Option<String>,
        #[arg(long, required_unless_present = "event")]
        rounds: Option<u32>,
        #[arg(long, value_enum)]
        system: Option<SectionSystemArg>,
        /// The lowest pairing rating the section takes.
        #[arg(long)]
        from: Option<u16>,
        /// The section takes pairing ratings strictly below this one (under 1600: up to 1599).
        #[arg(long)]
        under: Option<u16>,
    },
    /// List the players of every section, by name; `--search` keeps those whose name, licence
    /// or FIDE id holds the text.
    Players {
        group: GroupId,
        #[arg(long, default_value = "")]
        search: String,
        #[arg(long, value_enum, default_value = "text")]
        format: ListFormat,
    },
    /// Move a player (by pairing number in their section) to another section, before round 1 of
    /// both is paired.
    Move {
        group: GroupId,
        /// The player's section, by label.
        #[arg(long)]
        from: String,
        /// The player's pairing number in that section.
        #[arg(long)]
        player: u32,
        /// The section the player goes to, by label.
        #[arg(long)]
        to: String,
    },
}

/// The section of `group` labelled `label` (case as typed or not).
fn section(store: &Store, group: GroupId, label: &str) -> Result<Section, CliError> {
    let sections = store.sections(group).map_err(store_error)?;
    let labels: Vec<String> = sections.iter().map(|s| s.label.to_string()).collect();
    sections
        .into_iter()
        .find(|s| s.label.eq_ignore_ascii_case(label.trim()))
        .ok_or_else(|| {
            CliError::invalid(format!(
                "event with sections {group} has no section `{label}` (its sections: {})",
                labels.join(", ")
            ))
        })
}

pub(crate) fn run(s: &Store, command: GroupCommand) -> Result<(), CliError> {
    match command {
        GroupCommand::List => {
            let mut t = Table::new([
                ("Group", Align::Right),
                ("Name", Align::Left),
                ("Dates", Align::Left),
                ("Sections", Align::Left),
            ]);
            for g in s.groups().map_err(store_error)? {
                let sections = s.sections(g.id).map_err(store_error)?;
                let dates = match (g.settings.start_date.as_str(), g.settings.end_date.as_str()) {
                    ("", _) => String::new(),
                    (a, b) if b.is_empty() || a == b => a.to_string(),
                    (a, b) => format!("{a} – {b}"),
                };
                t.push(vec![
                    g.id.to_string(),
                    g.settings.name.to_string(),
                    dates,
                    sections
                        .iter()
                        .map(|s| format!("{} (event {})", s.label, s.event.id))
                        .collect::<Vec<_>>()
                        .join(", "),
                ]);
            }
            io::print(&t.to_text())?;
        }
        GroupCommand::Create {
            name,
            place,
            start,
            end,
        } => {
            let g = GroupSettings {
                name: text("name", &name)?,
                place: text("place", &place)?,
                start_date: start,
                end_date: end,
            };
            let id = s.create_group(ACTOR, &g).map_err(store_error)?;
            io::print(&format!("{id}\n"))?;
        }
        GroupCommand::AddSection {
            group,
            label,
            event,
            name,
            rounds,
            system,
            from,
            under,
        } => {
            let limits = RatingLimits { from, under };
            let id = match event {
                Some(event) => {
                    s.attach_section(ACTOR, group, event, &label, limits)
                        .map_err(store_error)?;
                    event
                }
                None => {
                    let name = match name {
                        Some(n) => n,
                        None => format!(
                            "{} {}",
                            s.group(group).map_err(store_error)?.settings.name,
                            label.trim()
                        ),
                    };
                    // Clap requires --rounds without --event.
                    let mut settings =
                        EventSettings::new(text("name", &name)?, rounds.unwrap_or_default());
                    settings.system = match system.unwrap_or(SectionSystemArg::Swiss) {
                        SectionSystemArg::Swiss => System::Swiss,
                        SectionSystemArg::RoundRobin => System::RoundRobin,
                        SectionSystemArg::DoubleRoundRobin => System::DoubleRoundRobin,
                    };
                    s.create_section(ACTOR, group, &label, limits, &settings)
                        .map_err(store_error)?
                }
            };
            io::print(&format!("{id}\n"))?;
        }
        GroupCommand::Players {
            group,
            search,
            format,
        } => {
            let sections = s.sections(group).map_err(store_error)?;
            let players = s.desk(group, &search).map_err(store_error)?;
            if format == ListFormat::Json {
                io::print(&format!("{:#}\n", serde_json::json!(players)))?;
                return Ok(());
            }
            let mut t = Table::new([
                ("Section", Align::Left),
                ("No", Align::Right),
                ("Name", Align::Left),
                ("Rating", Align::Right),
                ("Licence", Align::Left),
                ("FIDE id", Align::Right),
                ("Present", Align::Left),
            ]);
            for d in &players {
                let choice = sections
                    .iter()
                    .find(|s| s.event.id == d.section)
                    .map(|s| s.event.settings.pairing_rating)
                    .unwrap_or_default();
                let p = &d.player;
                t.push(vec![
                    d.label.to_string(),
                    p.number.to_string(),
                    p.details.name.to_string(),
                    p.details.pairing_rating(choice).to_string(),
                    p.details.national.licence.to_string(),
                    p.details.fide_id.map(|f| f.to_string()).unwrap_or_default(),
                    if p.present { "yes" } else { "no" }.to_string(),
                ]);
            }
            let out = match format {
                ListFormat::Csv => t.to_csv(),
                _ => t.to_text(),
            };
            io::print(&out)?;
        }
        GroupCommand::Move {
            group,
            from,
            player,
            to,
        } => {
            let source = section(s, group, &from)?;
            let target = section(s, group, &to)?;
            let key = s
                .players(source.event.id)
                .map_err(store_error)?
                .into_iter()
                .find(|p| p.number == player)
                .map(|p| p.id)
                .ok_or_else(|| {
                    CliError::invalid(format!(
                        "section {} has no player number {player}",
                        source.label
                    ))
                })?;
            let moved = s
                .move_player(ACTOR, group, source.event.id, key, target.event.id)
                .map_err(store_error)?;
            let p = s.player(target.event.id, moved).map_err(store_error)?;
            io::print(&format!(
                "{} moved to section {}, player number {}\n",
                p.details.name, target.label, p.number
            ))?;
        }
    }
    Ok(())
}
