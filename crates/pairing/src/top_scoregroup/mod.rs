//! What the Double-Swiss (C.04.5) and Swiss Team (C.04.6) systems share: the Top-Scoregroup
//! Procedure of their Art. 3 ([`procedure`]) and the facts of each participant's history it
//! needs from the Basic and General Handling Rules ([`history`]).

pub mod history;
pub mod procedure;
