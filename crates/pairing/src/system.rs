//! The FIDE Swiss systems side by side: which one a name or a TRF `192` code means, and one
//! call that pairs a round (or writes its checklist) with it. The command line and the event
//! store both go through here, so a system added to the crate is offered everywhere at once.
//!
//! ```
//! use pairing::system::System;
//! assert_eq!(System::parse("dubov"), Some(System::Dubov));
//! assert_eq!(System::from_type_code("FIDE_BURSTEIN"), Some(System::Burstein));
//! assert_eq!(System::from_type_code("FIDE_DUBOV"), Some(System::Dubov));
//! assert_eq!(System::from_type_code("FIDE_DUTCH_BAKU"), Some(System::Dutch));
//! assert_eq!(System::Lim.type_code(), "FIDE_LIM");
//! assert_eq!(System::from_type_code("FIDE_TEAM_TYPEA_MP_GP"), Some(System::Team));
//! ```
//!
//! What is paired differs by system: a round for the individual systems and for teams (the
//! file's teams are paired, [`crate::team`]), a two-game match for Double-Swiss (two round
//! columns, [`crate::double_swiss`]). [`System::next`] says which one a file asks for.

use tournament::Tournament;

use crate::burstein::{self, BursteinOptions};
use crate::checker::{self, RoundCheck};
use crate::double_swiss::{self, DoubleSwissOptions, MatchRound};
use crate::dubov::{self, DubovOptions};
use crate::dutch::{self, DutchOptions};
use crate::explain;
use crate::lim::{self, LimOptions};
use crate::team::{self, TeamOptions, TeamRound};
use crate::{Pairing, PairingError};

/// A Swiss system of FIDE's handbook (C.04.3–C.04.6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum System {
    /// C.04.3, the FIDE (Dutch) system.
    #[default]
    Dutch,
    /// C.04.4.2
    Burstein,
    /// C.04.4.1
    Dubov,
    /// C.04.4.3
    Lim,
    /// C.04.5: two-game matches, two round columns each.
    DoubleSwiss,
    /// C.04.6: the teams of a TRF-2026 team file.
    Team,
}

/// What a caller may ask of any system's engine beyond what the tournament says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Baku acceleration (C.04.7) whatever the file's type code says (JaVaFo's `-b`): Dutch,
    /// Burstein and Dubov.
    pub baku: bool,
}

impl System {
    pub const ALL: [System; 6] = [
        System::Dutch,
        System::Burstein,
        System::Dubov,
        System::Lim,
        System::DoubleSwiss,
        System::Team,
    ];

    /// The name used on the command line (`--system NAME`, `--NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            System::Dutch => "dutch",
            System::Burstein => "burstein",
            System::Dubov => "dubov",
            System::Lim => "lim",
            System::DoubleSwiss => "double-swiss",
            System::Team => "team",
        }
    }

    /// The system's name in the handbook.
    pub const fn title(self) -> &'static str {
        match self {
            System::Dutch => "Dutch (C.04.3)",
            System::Burstein => "Burstein (C.04.4.2)",
            System::Dubov => "Dubov (C.04.4.1)",
            System::Lim => "Lim (C.04.4.3)",
            System::DoubleSwiss => "Double-Swiss (C.04.5)",
            System::Team => "Swiss Team (C.04.6)",
        }
    }

    /// The chapter of FIDE's handbook that defines it (`C.04.4.1`).
    pub const fn chapter(self) -> &'static str {
        match self {
            System::Dutch => "C.04.3",
            System::Burstein => "C.04.4.2",
            System::Dubov => "C.04.4.1",
            System::Lim => "C.04.4.3",
            System::DoubleSwiss => "C.04.5",
            System::Team => "C.04.6",
        }
    }

    /// The system a command-line name means.
    pub fn parse(name: &str) -> Option<System> {
        let name = name.trim().to_ascii_lowercase();
        System::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The `192` code a file paired by this system carries (trf.md §3.3). TRF-2026 has no
    /// code for Lim; `FIDE_LIM` is written and read. A team file's code also says its variant
    /// (`FIDE_TEAM_TYPEA_MP_GP`, …): this is the family's prefix.
    pub const fn type_code(self) -> &'static str {
        match self {
            System::Dutch => "FIDE_DUTCH",
            System::Burstein => "FIDE_BURSTEIN",
            System::Dubov => "FIDE_DUBOV",
            System::Lim => "FIDE_LIM",
            System::DoubleSwiss => "FIDE_DOUBLESWISS",
            System::Team => "FIDE_TEAM",
        }
    }

    /// The system a `192` code names (its suffixes such as `_BAKU` aside), if one of ours.
    pub fn from_type_code(code: &str) -> Option<System> {
        let code = code.trim().to_ascii_uppercase();
        if code.contains("DOUBLESWISS") {
            return Some(System::DoubleSwiss);
        }
        System::ALL
            .into_iter()
            .find(|s| code.starts_with(s.type_code()))
    }

    /// What the file asks to pair next: the round (individual systems and teams), or the
    /// match (Double-Swiss: match k is round columns 2k−1 and 2k).
    pub fn next(self, t: &Tournament) -> Result<u32, PairingError> {
        match self {
            System::DoubleSwiss => double_swiss::match_to_pair(t),
            _ => Ok(crate::request::round_to_pair(t)),
        }
    }

    /// The system the tournament's `192` code names, else Dutch.
    pub fn of(t: &Tournament) -> System {
        t.header
            .type_code
            .as_deref()
            .and_then(System::from_type_code)
            .unwrap_or_default()
    }

    /// Pairs round `round` of `t` (the match, for Double-Swiss) with this system's engine.
    pub fn pair(
        self,
        t: &Tournament,
        round: u32,
        options: &Options,
    ) -> Result<Pairing, PairingError> {
        match self {
            System::Team => team::pair_prepared(&team_round(t, round)?),
            System::DoubleSwiss => double_swiss::pair_prepared(&MatchRound::new(
                t,
                round,
                &DoubleSwissOptions { baku: options.baku },
            )?),
            System::Dutch => dutch::pair(t, round, &dutch_options(options)),
            System::Burstein => burstein::pair(t, round, &burstein_options(options)),
            System::Dubov => dubov::pair(t, round, &DubovOptions { baku: options.baku }),
            // Lim's acceleration comes from the file's own `250` records (C.04.7 names no
            // default for it), never from a flag.
            System::Lim if options.baku => Err(lim_refuses_baku()),
            System::Lim => lim::pair(t, round, &LimOptions::default()),
        }
    }

    /// The engines' checklist of round `round` (trf.md §6.5), with its pairing if one exists.
    pub fn checklist(
        self,
        t: &Tournament,
        round: u32,
        options: &Options,
        pairing: Option<&Pairing>,
    ) -> String {
        match self {
            System::Team => match team_round(t, round) {
                Ok(r) => team::checklist(&r, pairing),
                Err(e) => format!("{e}\n"),
            },
            System::DoubleSwiss => {
                match MatchRound::new(t, round, &DoubleSwissOptions { baku: options.baku }) {
                    Ok(r) => double_swiss::checklist(&r, pairing),
                    Err(e) => format!("{e}\n"),
                }
            }
            System::Dutch => dutch::checklist(t, round, &dutch_options(options), pairing),
            System::Burstein => burstein::checklist(t, round, &burstein_options(options), pairing),
            System::Dubov => {
                dubov::checklist::checklist(t, round, &DubovOptions { baku: options.baku }, pairing)
            }
            System::Lim => lim::checklist(t, round, pairing),
        }
    }
}

/// Why a round was paired as it was, in the engine's own terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Explanation {
    /// The Dutch engine's: brackets, floats, colour preferences and the criteria that decided.
    /// Burstein's seeding rounds are Dutch rounds (C.04.4.2 1.6) and are explained so.
    Dutch(dutch::Explanation),
    /// Burstein's (after the seeding rounds), Dubov's, Lim's and Double-Swiss's: floats, the
    /// colour rule and the bye rule, with their articles.
    Swiss(System, explain::Explanation),
}

impl Explanation {
    /// The pairing explained, identical to the engine's.
    pub fn pairing(&self) -> &Pairing {
        match self {
            Explanation::Dutch(e) => &e.pairing,
            Explanation::Swiss(_, e) => &e.pairing,
        }
    }
}

impl System {
    /// Pairs round `round` of `t` as [`System::pair`] does and explains it (for Double-Swiss,
    /// `round` is the match). Team rounds have no explanation yet: an invalid request.
    pub fn explain(
        self,
        t: &Tournament,
        round: u32,
        options: &Options,
    ) -> Result<Explanation, PairingError> {
        let swiss = |e| Ok(Explanation::Swiss(self, e));
        match self {
            System::Dutch => Ok(Explanation::Dutch(dutch::explain(
                t,
                round,
                &dutch_options(options),
            )?)),
            System::Burstein => match burstein::explain(t, round, &burstein_options(options))? {
                Some(e) => swiss(e),
                None => Ok(Explanation::Dutch(dutch::explain(
                    t,
                    round,
                    &burstein::dutch_options(&burstein_options(options)),
                )?)),
            },
            System::Dubov => swiss(dubov::explain(
                t,
                round,
                &DubovOptions { baku: options.baku },
            )?),
            System::Lim if options.baku => Err(lim_refuses_baku()),
            System::Lim => swiss(lim::explain(t, round, &LimOptions::default())?),
            // As `pair` does: Baku acceleration when asked, or when the file's `192` code asks.
            System::DoubleSwiss => swiss(double_swiss::explain(
                t,
                round,
                &DoubleSwissOptions { baku: options.baku },
            )?),
            System::Team => Err(PairingError::InvalidRequest(format!(
                "no explanation of a {} pairing yet",
                self.title()
            ))),
        }
    }

    /// Replays every round of `t` (only the paired ones with `paired_only`: a last column of
    /// announced byes is the next round to pair) and compares each with what this system's
    /// engine pairs on the state before it; `list` receives each round's checklist under a
    /// `Round #k` header.
    pub fn check(
        self,
        t: &Tournament,
        paired_only: bool,
        list: Option<&mut String>,
    ) -> Result<Vec<RoundCheck>, PairingError> {
        self.check_rounds(t, paired_only, checker::Rounds::Every, list)
    }

    /// The number of rounds (Double-Swiss: matches) [`System::check`] replays.
    pub fn rounds_to_check(self, t: &Tournament, paired_only: bool) -> u32 {
        match self {
            System::DoubleSwiss => double_swiss::matches_to_check(t, paired_only),
            _ => checker::rounds_to_check(t, paired_only),
        }
    }

    /// [`System::check`] for the rounds `which` names only: `-c ROUND` replays that round
    /// alone (each round is replayed from the file, not from the rounds before it).
    pub fn check_rounds(
        self,
        t: &Tournament,
        paired_only: bool,
        which: checker::Rounds,
        mut list: Option<&mut String>,
    ) -> Result<Vec<RoundCheck>, PairingError> {
        match self {
            System::Team => {
                let options = TeamOptions::of(t).map_err(PairingError::InvalidRequest)?;
                team::check_rounds(t, &options, paired_only, which, list)
            }
            System::DoubleSwiss => double_swiss::check_rounds(
                t,
                &DoubleSwissOptions::default(),
                paired_only,
                which,
                list,
            ),
            _ => {
                let options = Options::default();
                let pair = |state: &Tournament, round| {
                    let pairing = self.pair(state, round, &options);
                    if let Some(list) = list.as_deref_mut() {
                        list.push_str(&format!("Round #{round}\n"));
                        list.push_str(&self.checklist(
                            state,
                            round,
                            &options,
                            pairing.as_ref().ok(),
                        ));
                    }
                    pairing
                };
                checker::check_rounds(t, paired_only, which, pair)
            }
        }
    }
}

fn team_round(t: &Tournament, round: u32) -> Result<TeamRound, PairingError> {
    let options = TeamOptions::of(t).map_err(PairingError::InvalidRequest)?;
    TeamRound::new(t, round, &options)
}

fn lim_refuses_baku() -> PairingError {
    PairingError::InvalidRequest(
        "Baku acceleration on request applies to the Dutch, Burstein and Dubov systems; write \
         the acceleration (250 records) in the file for Lim"
            .into(),
    )
}

fn dutch_options(o: &Options) -> DutchOptions {
    DutchOptions {
        baku: o.baku,
        ..DutchOptions::default()
    }
}

fn burstein_options(o: &Options) -> BursteinOptions {
    BursteinOptions { baku: o.baku }
}
