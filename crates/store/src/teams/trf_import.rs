//! A team event's registration from a TRF-2026 team file: the players' `001` lines, the teams'
//! `310` records (or the older `013`) listing their members' start numbers in board order, and
//! from the tournament section the event's settings (`012` name, `142` rounds, `192` Swiss Team
//! variant, `352` boards, `362` match points, `152` initial colour), and the rounds already
//! played, read by [`crate::teams::trf_rounds`]: the event continues from the next round.
//!
//! The file is read by `tournament::trf` (every check of `arbiter validate`); the first problem
//! is reported at its line and column, as is a value a team event cannot hold (a player in no
//! team, a name with a forbidden character, a match-point scale that is not whole).
//!
//! ```
//! use store::teams::trf_import::teams_from_trf;
//! let text = "012 Interclubs\n142 5\n352 WB\n\
//! 001    1      Levy, Anne                        2010                             0.0\n\
//! 001    2      Martin, Paul                      1900                             0.0\n\
//! 310   1 Tours                                                               1    2\n";
//! let file = teams_from_trf(text).unwrap();
//! assert_eq!((file.settings.rounds, file.settings.boards), (5, 2));
//! assert_eq!(file.teams[0].members[1].name, "Martin, Paul");
//! let bad = teams_from_trf(&text.replace("   1    2\n", "   1    3\n")).unwrap_err();
//! assert_eq!(bad.line, 6);
//! ```

use pairing::team::colours::PreferenceType;
use pairing::team::{TeamOptions, TeamScore};
use tournament::{Color, Entry, Points, Tournament};

use crate::chess::import::{federation, title};
use crate::csv::{quote, ImportError};
use crate::error::Result;
use crate::import_fields::{FEDERATION_EXPECTED, TITLES_EXPECTED};
use crate::teams::event::{
    insert_event, insert_imported, load_teams, validate_imported, validate_settings,
};
use crate::teams::import::ImportedTeam;
use crate::teams::log::append;
use crate::teams::model::board_colours;
use crate::teams::trf_lines::Lines;
use crate::teams::trf_rounds::{self, ImportedRound};
use crate::teams::types::*;
use crate::text::{self, Label, PersonName};
use crate::Store;
use rusqlite::params;
use serde_json::json;

/// What a team file registers: the event's settings and its teams in the file's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfTeamFile {
    pub settings: TeamEventSettings,
    pub teams: Vec<ImportedTeam>,
    /// Rounds with an entry in the file.
    pub rounds_played: u32,
    /// Each team's number in the file (`310`, else its place), in `teams`' order.
    pub numbers: Vec<u32>,
    /// The played rounds, round 1 first.
    pub rounds: Vec<ImportedRound>,
}

/// True when the text looks like a TRF file rather than CSV: a player's `001` line.
pub fn looks_like_trf(text: &str) -> bool {
    text.lines()
        .any(|l| l.trim_start_matches('\u{feff}').starts_with("001 "))
}

/// Reads a TRF-2026 team file's registration (see the module's documentation).
pub fn teams_from_trf(text: &str) -> Result<TrfTeamFile, ImportError> {
    let t = tournament::trf::read(text).map_err(|errors| {
        let e = &errors.0[0];
        ImportError::new(e.line, e.column, e.expected.clone(), e.found.clone())
    })?;
    let lines = Lines::read(text);
    // The one `299` a team event here holds: its scale's forfeit (every match lost by forfeit,
    // every round and team, match points only), as the export writes it.
    if forfeit_points(&t).is_none() && !t.abnormal_points.is_empty() {
        // A team event here has no place for them: importing the file would drop them.
        return Err(ImportError::new(
            lines.first("299"),
            1,
            "a file without 299 records (but the scale's forfeit, `299 -` for every round and \
             team with match points only): a team event here cannot hold points assigned \
             outside the point system (penalties, bonuses, other values of a result)",
            format!("{} 299 records", t.abnormal_points.len()),
        ));
    }
    if lines.has("300") {
        // Boards are taken in the rosters' order: a line-up out of it would be misread.
        return Err(ImportError::new(
            lines.first("300"),
            1,
            "a file without 300 records: a team event here puts each team's players on the \
             boards in the order of its 310 roster",
            "a 300 record (a team out of its board order)",
        ));
    }
    if t.teams.is_empty() {
        return Err(ImportError::new(
            1,
            1,
            "a team file: 310 (or 013) records listing each team's players",
            "no team record",
        ));
    }
    let teams = teams(&t, &lines)?;
    let settings = settings(&t, &lines, &teams)?;
    let rounds_played = t
        .players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .rposition(|e| !matches!(e, Entry::NotPaired))
        })
        .max()
        .map_or(0, |k| k as u32 + 1);
    let rounds = trf_rounds::rounds(&t, &lines, &settings, rounds_played)?;
    Ok(TrfTeamFile {
        settings,
        teams,
        rounds_played,
        numbers: t.team_numbers(),
        rounds,
    })
}

fn teams(t: &Tournament, lines: &Lines) -> Result<Vec<ImportedTeam>, ImportError> {
    let player_line = |n: u32| lines.players.get(&n).copied().unwrap_or(1);
    let mut listed = vec![false; t.players.len()];
    let mut out = Vec::with_capacity(t.teams.len());
    for (k, team) in t.teams.iter().enumerate() {
        let (line, is_310) = lines.teams.get(k).copied().unwrap_or((1, true));
        let column = if is_310 { 9 } else { 5 };
        let name = Label::parse(&team.name).map_err(|e| {
            ImportError::new(
                line,
                column,
                text::expected(Label::MAX),
                format!("{}: {e}", quote(&team.name)),
            )
        })?;
        if name.is_empty() {
            return Err(ImportError::new(line, column, "the team's name", "nothing"));
        }
        let mut members = Vec::with_capacity(team.players.len());
        for id in &team.players {
            let Some(k) = t.players.iter().position(|p| p.id == *id) else {
                continue; // the reader refuses a member who is not a player
            };
            listed[k] = true;
            let p = &t.players[k];
            let at = player_line(id.0);
            let name = PersonName::parse(&p.name).map_err(|e| {
                ImportError::new(
                    at,
                    15,
                    text::expected(PersonName::MAX),
                    format!("{}: {e}", quote(&p.name)),
                )
            })?;
            let code = p.title.map_or("", |x| x.code());
            let title = title(code)
                .ok_or_else(|| ImportError::new(at, 11, TITLES_EXPECTED, quote(code)))?;
            let fed = p.federation.clone().unwrap_or_default();
            let fed = federation(&fed)
                .ok_or_else(|| ImportError::new(at, 54, FEDERATION_EXPECTED, quote(&fed)))?;
            members.push(NewMember {
                name,
                title: title.to_string(),
                rating: p.rating,
                federation: fed,
                fide_id: p.fide_id,
                sex: match p.sex {
                    Some(tournament::Sex::Male) => "m".into(),
                    Some(tournament::Sex::Female) => "w".into(),
                    None => String::new(),
                },
                national_rating: p.national_rating,
                ..NewMember::default()
            });
        }
        out.push(ImportedTeam {
            name,
            club: Label::default(),
            division: None,
            entry_round: None,
            members,
        });
    }
    if let Some(k) = listed.iter().position(|l| !l) {
        let p = &t.players[k];
        return Err(ImportError::new(
            player_line(p.id.0),
            5,
            "a player listed in a team's 310 record",
            format!("player {} ({}) in no team", p.id.0, quote(&p.name)),
        ));
    }
    Ok(out)
}

/// The match points of the file's one `299` record when it is a scale's forfeit: a forfeit
/// loss (`-`) in every round (`000`) for every team, with match points and no game points.
fn forfeit_points(t: &Tournament) -> Option<Points> {
    match &t.abnormal_points[..] {
        [a] if a.kind == tournament::AbnormalKind::ForfeitLoss
            && a.round.is_none()
            && a.participants.is_empty()
            && a.points.is_none() =>
        {
            a.match_points
        }
        _ => None,
    }
}

fn settings(
    t: &Tournament,
    lines: &Lines,
    teams: &[ImportedTeam],
) -> Result<TeamEventSettings, ImportError> {
    let h = &t.header;
    let label = |code: &str, v: &Option<String>| -> Result<Label, ImportError> {
        let v = v.as_deref().unwrap_or_default();
        Label::parse(v).map_err(|e| {
            ImportError::new(
                lines.record(code),
                5,
                text::expected(Label::MAX),
                format!("{}: {e}", quote(v)),
            )
        })
    };
    let name = label("012", &h.name)?;
    let place = label("022", &h.city)?;
    let time_control = label("122", &h.time_control)?;
    let arbiter = h.chief_arbiter.as_deref().unwrap_or_default();
    let chief_arbiter = PersonName::parse(arbiter).map_err(|e| {
        ImportError::new(
            lines.record("102"),
            5,
            text::expected(PersonName::MAX),
            format!("{}: {e}", quote(arbiter)),
        )
    })?;
    let fed = h.federation.clone().unwrap_or_default();
    let fed = federation(&fed).ok_or_else(|| {
        ImportError::new(lines.record("032"), 5, FEDERATION_EXPECTED, quote(&fed))
    })?;
    let date = |code: &str, v: &Option<String>| -> Result<String, ImportError> {
        let Some(v) = v.as_deref().filter(|v| !v.trim().is_empty()) else {
            return Ok(String::new());
        };
        let (y, m, d) = tournament::parse_ymd(v).ok_or_else(|| {
            ImportError::new(lines.record(code), 5, "a date YYYY/MM/DD", quote(v))
        })?;
        Ok(format!("{y:04}-{m:02}-{d:02}"))
    };
    let start_date = date("042", &h.start_date)?;
    let end_date = date("052", &h.end_date)?;

    let swiss_code = h
        .type_code
        .as_deref()
        .filter(|c| c.trim().to_ascii_uppercase().starts_with("FIDE_TEAM"));
    let (system, preferences, primary) = match swiss_code {
        Some(code) => {
            let o = TeamOptions::from_type_code(code)
                .map_err(|e| ImportError::new(lines.record("192"), 5, e, quote(code)))?;
            if o.baku {
                return Err(ImportError::new(
                    lines.record("192"),
                    5,
                    "a Swiss Team type without Baku acceleration (team events here have none)",
                    quote(code),
                ));
            }
            let preferences = match o.preferences {
                PreferenceType::A => Preferences::A,
                PreferenceType::B => Preferences::B,
                PreferenceType::None => Preferences::None,
            };
            let primary = match o.primary {
                TeamScore::MatchPoints => PrimaryScore::Mp,
                TeamScore::GamePoints => PrimaryScore::Gp,
            };
            (TeamSystem::SwissTeam, preferences, primary)
        }
        None => {
            // The `092` text says a round robin as the export writes it ("Team double round
            // robin (Berger tables)"), or as people do.
            let kind = h
                .tournament_type
                .as_deref()
                .unwrap_or_default()
                .to_lowercase();
            let round_robin = ["round robin", "round-robin", "berger", "toutes rondes"]
                .iter()
                .any(|w| kind.contains(w));
            let double = kind.contains("double") || kind.contains("aller-retour");
            let system = match (round_robin, double) {
                (false, _) => TeamSystem::SwissTeam,
                (true, false) => TeamSystem::RoundRobin,
                (true, true) => TeamSystem::DoubleRoundRobin,
            };
            (system, Preferences::A, PrimaryScore::Mp)
        }
    };

    let boards = match &t.team_records.board_colors {
        Some(colours) => {
            let at = lines.record("352");
            let letters: String = colours
                .iter()
                .map(|c| if *c == Color::White { 'W' } else { 'B' })
                .collect();
            if colours.len() > 16 || *colours != board_colours(colours.len() as u32) {
                return Err(ImportError::new(
                    at,
                    5,
                    "board colours W, B, W, … for 1 to 16 boards (C.04.6: colours alternate from board 1)",
                    quote(&letters),
                ));
            }
            colours.len() as u32
        }
        None => {
            // Without `352`, the smallest roster: every team can fill its boards.
            let smallest = teams.iter().map(|t| t.members.len()).min().unwrap_or(0);
            if !(1..=16).contains(&smallest) {
                return Err(ImportError::new(
                    1,
                    1,
                    "a 352 record giving the boards per match (1 to 16)",
                    format!("none, and a smallest roster of {smallest} players"),
                ));
            }
            smallest as u32
        }
    };

    let match_points = match &t.team_records.match_points {
        None => MatchPoints::default(),
        Some(scale) => {
            let at = lines.record("362");
            let whole = |p: Points, column: usize| -> Result<u8, ImportError> {
                let tenths = p.tenths();
                if tenths % 10 == 0 && (0..=90).contains(&tenths) {
                    Ok((tenths / 10) as u8)
                } else {
                    Err(ImportError::new(
                        at,
                        column,
                        "whole match points from 0 to 9",
                        p.to_string(),
                    ))
                }
            };
            let loss = whole(scale.loss, 25)?;
            MatchPoints {
                win: whole(scale.win, 7)?,
                draw: whole(scale.draw, 16)?,
                loss,
                forfeit: loss,
            }
        }
    };
    let match_points = match forfeit_points(t) {
        None => match_points,
        Some(p) => {
            let at = lines.first("299");
            let tenths = p.tenths();
            let m = MatchPoints {
                forfeit: (tenths / 10).clamp(0, 9) as u8,
                ..match_points
            };
            if tenths % 10 != 0 || !(0..=90).contains(&tenths) || !m.is_ordered() {
                return Err(ImportError::new(
                    at,
                    8,
                    "whole match points for a forfeit, from 0 to the points of a loss",
                    p.to_string(),
                ));
            }
            m
        }
    };

    let rounds = match h.rounds {
        Some(r) => r,
        None => {
            let n = teams.len() as u32;
            match system {
                TeamSystem::RoundRobin => n.saturating_sub(1) + n % 2,
                TeamSystem::DoubleRoundRobin => 2 * (n.saturating_sub(1) + n % 2),
                TeamSystem::SwissTeam | TeamSystem::Cup => {
                    return Err(ImportError::new(
                        1,
                        1,
                        "a 142 record giving the number of rounds",
                        "none",
                    ))
                }
            }
        }
    };

    // `202`: the ranking as the export writes it, the other score first (`GP,EDE,SB`).
    let other = match primary {
        PrimaryScore::Mp => "GP",
        PrimaryScore::Gp => "MP",
    };
    let written = h.tiebreaks.as_deref().unwrap_or_default().trim();
    let tiebreaks = match written.split_once(',') {
        Some((first, rest)) if first.trim().eq_ignore_ascii_case(other) => rest.trim(),
        _ if written.eq_ignore_ascii_case(other) => "",
        _ => written,
    }
    .to_string();

    Ok(TeamEventSettings {
        name,
        place,
        federation: fed,
        start_date,
        end_date,
        chief_arbiter,
        time_control,
        rounds,
        system,
        boards,
        match_points,
        preferences,
        primary,
        initial_white: h.initial_color != Some(Color::Black),
        tiebreaks,
        public: true,
        // A file's lineups follow its rosters' order (300 records are refused).
        board_order_gap: None,
        norm_exemption: crate::chess::types::NormExemption::None,
        roster_rules: crate::teams::rules::RosterRules::default(),
    })
    .and_then(|s| match crate::teams::model::tiebreak_list(&s) {
        Ok(_) => Ok(s),
        Err(e) => Err(ImportError::new(
            lines.record("202"),
            5,
            "team tie-breaks such as EDE,SB,BC",
            format!("{}: {e}", quote(written)),
        )),
    })
}

impl Store {
    /// A new event from a team file ([`crate::teams::trf_import::teams_from_trf`]): its
    /// settings, teams and rosters, and its played rounds with the file's team numbers, all or
    /// nothing. The event then continues from the next round.
    pub fn create_team_event_from_file(
        &self,
        actor: &str,
        file: &TrfTeamFile,
    ) -> Result<(TeamEventId, Vec<TeamKey>)> {
        validate_settings(&file.settings)?;
        validate_imported(&file.teams)?;
        self.transaction(|tx| {
            let id = insert_event(tx, actor, &file.settings)?;
            let keys = insert_imported(tx, actor, id, &file.teams)?;
            if file.rounds.is_empty() {
                return Ok((id, keys));
            }
            // The file's team numbers: the pairings read them (C.04.6 1.2).
            tx.execute("UPDATE team SET number = -number WHERE event_id = ?1", [id])?;
            for (key, n) in keys.iter().zip(&file.numbers) {
                tx.execute("UPDATE team SET number = ?1 WHERE id = ?2", params![n, key])?;
            }
            let teams = load_teams(tx, id)?;
            let roster = |k: usize| -> &[Member] {
                teams
                    .iter()
                    .find(|t| t.id == keys[k])
                    .map_or(&[][..], |t| &t.roster[..])
            };
            let colours = board_colours(file.settings.boards);
            for (r, round) in file.rounds.iter().enumerate() {
                let number = r as u32 + 1;
                tx.execute(
                    "INSERT INTO team_round (event_id, number, bye_team, paired_at) VALUES (?1, ?2, ?3, ?4)",
                    params![id, number, round.bye.map(|k| keys[k]), crate::db::now()],
                )?;
                for (k, m) in round.matches.iter().enumerate() {
                    let table = k as u32 + 1;
                    let (white, black) = (keys[m.white_team], keys[m.black_team]);
                    tx.execute(
                        "INSERT INTO team_match (event_id, round, number, white_team, black_team, forfeit) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        params![id, number, table, white, black, m.forfeit.map(MatchForfeit::as_str)],
                    )?;
                    for (b, (board, c)) in m.boards.iter().zip(&colours).enumerate() {
                        let w = roster(m.white_team)[board.white_team_member].id;
                        let bl = roster(m.black_team)[board.black_team_member].id;
                        let (w, bl) = if *c == Color::White { (w, bl) } else { (bl, w) };
                        tx.execute(
                            "INSERT INTO team_board (event_id, round, match, board, white, black, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                            params![id, number, table, b as u32 + 1, w, bl, board.result.as_str()],
                        )?;
                    }
                    crate::teams::captain_rows::write_codes(tx, id, number, table, &[white, black])?;
                    crate::teams::model::write_forfeit_seats(
                        tx, id, number, white, black, m.forfeit,
                    )?;
                }
                crate::teams::model::write_seats(tx, id, number, None)?;
            }
            append(
                tx,
                id,
                actor,
                "import_rounds",
                "teams",
                json!({ "rounds": file.rounds.len() }),
            )?;
            Ok((id, keys))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "012 Interclubs\n142 5\n192 FIDE_TEAM_TYPEB_GP_MP\n352 WB\n\
362 TW 3.0    TD 1.0    TL 0.0\n\
001    1    m Levy, Anne                        2010 FRA                         0.0\n\
001    2      Martin, Paul                      1900                             0.0\n\
001    3      Roy, Eva                          1700                             0.0\n\
001    4      Blanc, Jean                       1600                             0.0\n\
310   1 Tours                                                               2    1\n\
310   2 Blois                                                               3    4\n";

    #[test]
    fn settings_and_rosters_in_the_records_order() {
        let f = teams_from_trf(FILE).unwrap();
        let s = &f.settings;
        assert_eq!(s.name, "Interclubs");
        assert_eq!((s.rounds, s.boards), (5, 2));
        assert_eq!(s.system, TeamSystem::SwissTeam);
        assert_eq!(
            (s.preferences, s.primary),
            (Preferences::B, PrimaryScore::Gp)
        );
        assert_eq!(s.match_points, MatchPoints::THREE_ONE_ZERO);
        let names: Vec<&str> = f.teams[0].members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["Martin, Paul", "Levy, Anne"]);
        assert_eq!(f.teams[0].members[1].title, "IM");
        assert_eq!(f.teams[0].members[1].federation, "FRA");
        assert_eq!(f.teams[1].name, "Blois");
        assert_eq!(f.rounds_played, 0);
    }

    #[test]
    fn what_a_team_event_cannot_hold_is_named_at_its_line_and_column() {
        let cases = [
            (FILE.replace("310   2 Blois                                                               3    4\n",
                          "310   2 Blois                                                               3\n"),
             9, 5, "player 4 (\"Blanc, Jean\") in no team"),
            (FILE.replace("352 WB", "352 WW"), 4, 5, "\"WW\""),
            (FILE.replace("TW 3.0", "TW 2.5"), 5, 7, "2.5"),
            (FILE.replace("FIDE_TEAM_TYPEB_GP_MP", "FIDE_TEAM_BAKU"), 3, 5, "\"FIDE_TEAM_BAKU\""),
        ];
        for (text, line, column, found) in cases {
            let e = teams_from_trf(&text).unwrap_err();
            assert_eq!(
                (e.line, e.column, e.found.as_str()),
                (line, column, found),
                "{e}"
            );
        }
        let individual = "012 Open\n142 5\n\
001    1      Levy, Anne                        2010                             0.0\n";
        let e = teams_from_trf(individual).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.found.as_str()),
            (1, 1, "no team record")
        );
        // The reader's own problems keep their place.
        let e = teams_from_trf(&FILE.replace("2010 FRA", "20x0 FRA")).unwrap_err();
        assert_eq!(e.line, 6, "{e}");
    }
}
