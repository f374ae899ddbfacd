//! The FIDE Swiss systems side by side: which one a name or a TRF `192` code means, and one
//! call that pairs a round (or writes its checklist) with it. The command line and the event
//! store both go through here, so a system added to the crate is offered everywhere at once.
//!
//! ```
//! use pairing::system::System;
//! assert_eq!(System::parse("dubov"), Some(System::Dubov));
//! assert_eq!(System::from_type_code("FIDE_DUBOV"), Some(System::Dubov));
//! assert_eq!(System::from_type_code("FIDE_DUTCH_BAKU"), Some(System::Dutch));
//! assert_eq!(System::Lim.type_code(), "FIDE_LIM");
//! ```

use tournament::Tournament;

use crate::dubov::{self, DubovOptions};
use crate::dutch::{self, DutchOptions};
use crate::lim::{self, LimOptions};
use crate::{Pairing, PairingError};

/// A Swiss system of FIDE's handbook (C.04.3–C.04.6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum System {
    /// C.04.3, the FIDE (Dutch) system.
    #[default]
    Dutch,
    /// C.04.4.1
    Dubov,
    /// C.04.4.3
    Lim,
}

/// What a caller may ask of any system's engine beyond what the tournament says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Baku acceleration (C.04.7) whatever the file's type code says (JaVaFo's `-b`).
    pub baku: bool,
}

impl System {
    pub const ALL: [System; 3] = [System::Dutch, System::Dubov, System::Lim];

    /// The name used on the command line (`--system NAME`, `--NAME`).
    pub const fn name(self) -> &'static str {
        match self {
            System::Dutch => "dutch",
            System::Dubov => "dubov",
            System::Lim => "lim",
        }
    }

    /// The system a command-line name means.
    pub fn parse(name: &str) -> Option<System> {
        let name = name.trim().to_ascii_lowercase();
        System::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The `192` code a file paired by this system carries (trf.md §3.3). TRF-2026 has no
    /// code for Lim; `FIDE_LIM` is written and read.
    pub const fn type_code(self) -> &'static str {
        match self {
            System::Dutch => "FIDE_DUTCH",
            System::Dubov => "FIDE_DUBOV",
            System::Lim => "FIDE_LIM",
        }
    }

    /// The system a `192` code names (its suffixes such as `_BAKU` aside), if one of ours.
    pub fn from_type_code(code: &str) -> Option<System> {
        let code = code.trim().to_ascii_uppercase();
        System::ALL
            .into_iter()
            .find(|s| code.starts_with(s.type_code()))
    }

    /// The system the tournament's `192` code names, else Dutch.
    pub fn of(t: &Tournament) -> System {
        t.header
            .type_code
            .as_deref()
            .and_then(System::from_type_code)
            .unwrap_or_default()
    }

    /// Pairs round `round` of `t` with this system's engine.
    pub fn pair(
        self,
        t: &Tournament,
        round: u32,
        options: &Options,
    ) -> Result<Pairing, PairingError> {
        match self {
            System::Dutch => dutch::pair(t, round, &dutch_options(options)),
            System::Dubov => dubov::pair(t, round, &DubovOptions { baku: options.baku }),
            // Lim's acceleration comes from the file's own `250` records (C.04.7 names no
            // default for it), never from a flag.
            System::Lim if options.baku => Err(PairingError::InvalidRequest(
                "Baku acceleration on request applies to the Dutch and Dubov systems; write \
                 the acceleration (250 records) in the file for Lim"
                    .into(),
            )),
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
            System::Dutch => dutch::checklist(t, round, &dutch_options(options), pairing),
            System::Dubov => {
                dubov::checklist::checklist(t, round, &DubovOptions { baku: options.baku }, pairing)
            }
            System::Lim => lim::checklist(t, round, pairing),
        }
    }
}

fn dutch_options(o: &Options) -> DutchOptions {
    DutchOptions {
        baku: o.baku,
        ..DutchOptions::default()
    }
}
