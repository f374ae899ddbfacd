//! From what a `.TUNX` file says to the tournament model: each record becomes the two
//! players' entries (or one player's bye or absence), and what TRF cannot hold is said in
//! warnings rather than dropped silently.

use super::{Absence, GameCode, Kind, Pairing, TunxFile};
use crate::model::{
    AnnouncedByes, ByeKind, Color, Entry, GameResult, Header, Player, PlayerId, PointSystem, Title,
    Tournament,
};

/// Something of the file that the converted tournament holds differently or not at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertWarning {
    /// The round it is about, when it is about one.
    pub round: Option<u16>,
    pub message: String,
}

impl std::fmt::Display for ConvertWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.round {
            Some(r) => write!(f, "round {r}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// The tournament a file describes: its players, every round up to the last one with a
/// result, and the absences already entered for the rounds after it (as byes announced).
/// A round paired but without any result yet is left out, with a warning, and so is a Swiss
/// event's last round while some of its games have no result (the round is being played).
pub fn to_tournament(file: &TunxFile) -> (Tournament, Vec<ConvertWarning>) {
    let mut warnings = Vec::new();
    let mut history = file
        .rounds
        .iter()
        .rposition(|r| r.pairings.iter().any(Pairing::has_result))
        .map_or(0, |i| i + 1);
    let pending = |r: &super::Round| {
        r.pairings.iter().any(|p| {
            matches!(
                p,
                Pairing::Game {
                    result: GameCode::Pending,
                    ..
                }
            )
        })
    };
    if file.kind == Kind::Swiss && history > 0 && pending(&file.rounds[history - 1]) {
        history -= 1;
    }
    let mut entries = vec![vec![Entry::NotPaired; history]; file.players.len()];
    let mut set = |p: PlayerId, r: usize, e: Entry| entries[p.0 as usize - 1][r] = e;
    let mut announced: Vec<AnnouncedByes> = Vec::new();

    for (r, round) in file.rounds.iter().enumerate() {
        let number = r as u16 + 1;
        if r >= history {
            let paired = round
                .pairings
                .iter()
                .filter(|p| !matches!(p, Pairing::Absent { .. }))
                .count();
            if paired > 0 {
                let message = if round.pairings.iter().any(Pairing::has_result) {
                    format!(
                        "some results are not entered yet ({paired} records paired): the round is left out"
                    )
                } else {
                    format!(
                        "paired ({paired} records) but no result entered yet: its pairings are left out"
                    )
                };
                warnings.push(ConvertWarning {
                    round: Some(number),
                    message,
                });
            }
            for p in &round.pairings {
                if let Pairing::Absent { player, value } = *p {
                    let kind = match value {
                        Absence::FullPoint => ByeKind::Full,
                        Absence::HalfPoint => ByeKind::Half,
                        Absence::ZeroPoint | Absence::Unscored => ByeKind::Zero,
                    };
                    match announced
                        .iter_mut()
                        .find(|a| a.round == number as u32 && a.kind == kind)
                    {
                        Some(a) => a.players.push(player),
                        None => announced.push(AnnouncedByes {
                            kind,
                            round: number as u32,
                            players: vec![player],
                        }),
                    }
                }
            }
            continue;
        }
        for &i in &round.fixed_by_hand {
            let what = match round.pairings[i] {
                Pairing::Game { white, black, .. } => format!("the game {white} - {black}"),
                Pairing::PairingBye { player, .. } => format!("the bye of player {player}"),
                Pairing::Absent { player, .. } => format!("the absence of player {player}"),
            };
            warnings.push(ConvertWarning {
                round: Some(number),
                message: format!(
                    "{what} (record {}) was fixed by hand before Swiss-Manager paired the round: a pairing checker pairs those players otherwise",
                    i + 1
                ),
            });
        }
        for (board, p) in round.pairings.iter().enumerate() {
            match *p {
                Pairing::Game {
                    white,
                    black,
                    result,
                } => {
                    let played = |result: GameResult, rated: bool| {
                        (
                            Entry::Played {
                                opponent: black,
                                color: Color::White,
                                result,
                                rated,
                            },
                            Entry::Played {
                                opponent: white,
                                color: Color::Black,
                                result: result.reversed(),
                                rated,
                            },
                        )
                    };
                    let (w, b) = match result {
                        GameCode::Pending => {
                            warnings.push(ConvertWarning {
                                round: Some(number),
                                message: format!(
                                    "board {}: {white} - {black} has no result: both are written as not paired",
                                    board + 1
                                ),
                            });
                            (Entry::NotPaired, Entry::NotPaired)
                        }
                        GameCode::WhiteWins => played(GameResult::Win, true),
                        GameCode::Draw => played(GameResult::Draw, true),
                        GameCode::BlackWins => played(GameResult::Loss, true),
                        GameCode::WhiteWinsUnrated => played(GameResult::Win, false),
                        GameCode::DrawUnrated => played(GameResult::Draw, false),
                        GameCode::BlackWinsUnrated => played(GameResult::Loss, false),
                        GameCode::WhiteWinsByForfeit => (
                            Entry::ForfeitWin {
                                opponent: Some(black),
                                color: Some(Color::White),
                            },
                            Entry::ForfeitLoss {
                                opponent: Some(white),
                                color: Some(Color::Black),
                            },
                        ),
                        GameCode::BlackWinsByForfeit => (
                            Entry::ForfeitLoss {
                                opponent: Some(black),
                                color: Some(Color::White),
                            },
                            Entry::ForfeitWin {
                                opponent: Some(white),
                                color: Some(Color::Black),
                            },
                        ),
                        GameCode::DoubleForfeit => (
                            Entry::DoubleForfeit {
                                opponent: black,
                                color: Color::White,
                            },
                            Entry::DoubleForfeit {
                                opponent: white,
                                color: Color::Black,
                            },
                        ),
                    };
                    set(white, r, w);
                    set(black, r, b);
                }
                Pairing::PairingBye { player, .. } => set(player, r, Entry::PairingBye),
                Pairing::Absent { player, value } => set(
                    player,
                    r,
                    // Left out of a round that was played, with no value entered: absent,
                    // no points (TRF `Z`), so that the round's pairing is checked without them.
                    match value {
                        Absence::Unscored | Absence::ZeroPoint => Entry::ZeroBye,
                        Absence::FullPoint => Entry::FullBye,
                        Absence::HalfPoint => Entry::HalfBye,
                    },
                ),
            }
        }
    }

    let system = PointSystem::default();
    let players = file
        .players
        .iter()
        .zip(entries)
        .enumerate()
        .map(|(k, (p, rounds))| {
            let mut player = Player {
                id: PlayerId(k as u32 + 1),
                sex: p.sex,
                title: Title::from_code(&p.title),
                name: p.full_name(),
                rating: p.rating,
                national_rating: p.national_rating,
                federation: (!p.federation.is_empty()).then(|| p.federation.clone()),
                fide_id: p.fide_id.map(u64::from),
                birth_date: p.birth.map(|d| d.slashed()),
                points: Default::default(),
                rank: None,
                rounds,
            };
            player.points = player.score(&system);
            player
        })
        .collect();

    let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
    let mut deputies: Vec<String> = Vec::new();
    deputies.extend(opt(&file.deputy_chief_arbiter));
    deputies.extend(file.arbiters.iter().cloned());
    let dates: Vec<String> = file
        .rounds
        .iter()
        .map(|r| {
            r.date.map_or(String::new(), |d| {
                format!("{:02}/{:02}/{:02}", d.year % 100, d.month, d.day)
            })
        })
        .collect();
    let header = Header {
        name: opt(&file.name),
        city: opt(&file.city).or_else(|| opt(&file.venue)),
        federation: opt(&file.federation),
        start_date: file.start_date.map(|d| d.slashed()),
        end_date: file.end_date.map(|d| d.slashed()),
        tournament_type: Some(
            match file.kind {
                Kind::Swiss => "Swiss System",
                Kind::RoundRobin => "Round Robin",
            }
            .to_string(),
        ),
        chief_arbiter: opt(&file.chief_arbiter),
        deputy_arbiters: deputies,
        time_control: opt(&file.time_control),
        round_dates: if dates.iter().any(|d| !d.is_empty()) {
            dates
        } else {
            Vec::new()
        },
        rounds: Some(u32::from(file.rounds_planned)),
        ..Header::default()
    };

    let mut other_lines = Vec::new();
    if !file.tiebreaks.is_empty() {
        let names: Vec<String> = file
            .tiebreaks
            .iter()
            .map(|t| {
                t.name()
                    .map_or_else(|| format!("code {:#04x}", t.code), str::to_string)
            })
            .collect();
        other_lines.push(format!(
            "### Swiss-Manager tie-breaks: {}",
            names.join(", ")
        ));
    }
    announced.sort_by_key(|a| (a.round, a.kind.trf_char()));
    let t = Tournament {
        header,
        players,
        announced_byes: announced,
        other_lines,
        ..Tournament::default()
    };
    (t, warnings)
}
