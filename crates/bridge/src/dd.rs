//! Double-dummy analysis and par, with DDS (Bo Haglund and Soren Hein's double-dummy
//! solver, through the `dds-bridge` crate).
//!
//! The table gives the tricks each seat takes as declarer in each strain when all four
//! hands are seen and both sides play perfectly; the par is the score reached when both
//! sides bid perfectly on that table: each side's best contract, the opponents' sacrifices
//! when they cost less, the vulnerability, and, for a contract both sides could bid, the
//! dealer's rotation (who gets to bid it first).
//!
//! ```
//! use bridge::{dd, Deal, Seat, Strain, Vulnerability};
//!
//! // Each player holds one suit: whoever declares in North's or South's suit, or East's or
//! // West's, takes every trick.
//! let deal: Deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
//!     .parse()
//!     .unwrap();
//! let table = dd::analyse(&deal);
//! assert_eq!(table.tricks(Seat::South, Strain::Spades), 13);
//! assert_eq!(table.tricks(Seat::North, Strain::NoTrump), 0);
//! let par = dd::par(&table, Vulnerability::None, Seat::North);
//! // North deals and bids 7S first: East-West cannot outbid it (7NT goes 13 down).
//! assert_eq!(par.score_ns, 1510);
//! ```

use std::fmt;

use contract_bridge as cb;
use dds_bridge as dds;

use crate::board::{Seat, Vulnerability};
use crate::contract::{Contract, Doubling, Strain};
use crate::deal::{Deal, Suit};
use crate::session::{InputError, Session};

/// Tricks for each declarer (N, E, S, W) in each strain (C, D, H, S, NT), each 0–13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DdTable {
    tricks: [[u8; 5]; 4],
}

impl DdTable {
    /// A table from its cells, `tricks[declarer][strain]` in the orders of [`Seat::ALL`] and
    /// [`Strain::ALL`]; `None` if a cell is above 13.
    pub fn new(tricks: [[u8; 5]; 4]) -> Option<DdTable> {
        tricks
            .iter()
            .flatten()
            .all(|&t| t <= 13)
            .then_some(DdTable { tricks })
    }

    /// Tricks taken by `declarer` in `strain`.
    pub fn tricks(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer as usize][strain as usize]
    }

    /// The highest level `declarer` makes in `strain` (tricks − 6), if any.
    pub fn makeable(&self, declarer: Seat, strain: Strain) -> Option<u8> {
        let t = self.tricks(declarer, strain);
        (t >= 7).then(|| t - 6)
    }

    /// Every makeable contract at its highest level: (declarer, strain, level), declarers
    /// in N, E, S, W order and strains from clubs to notrump.
    pub fn makeable_contracts(&self) -> Vec<(Seat, Strain, u8)> {
        Seat::ALL
            .into_iter()
            .flat_map(|s| Strain::ALL.into_iter().map(move |t| (s, t)))
            .filter_map(|(s, t)| self.makeable(s, t).map(|level| (s, t, level)))
            .collect()
    }

    fn to_dds(self) -> dds::TrickCountTable {
        let row = |strain: Strain| {
            let t = |seat: Seat| self.tricks(seat, strain);
            // Every cell is 0–13 (checked when the table was made).
            dds::TrickCountRow::try_new(
                t(Seat::North),
                t(Seat::East),
                t(Seat::South),
                t(Seat::West),
            )
            .unwrap_or(dds::TrickCountRow::new(0, 0, 0, 0))
        };
        dds::TrickCountTable(Strain::ALL.map(row))
    }

    fn from_dds(t: &dds::TrickCountTable) -> DdTable {
        let mut tricks = [[0u8; 5]; 4];
        for (s, strain) in [
            cb::Strain::Clubs,
            cb::Strain::Diamonds,
            cb::Strain::Hearts,
            cb::Strain::Spades,
            cb::Strain::Notrump,
        ]
        .into_iter()
        .enumerate()
        {
            for seat in Seat::ALL {
                tricks[seat as usize][s] = t[strain].get(to_cb_seat(seat)).get();
            }
        }
        DdTable { tricks }
    }
}

fn to_cb_seat(s: Seat) -> cb::Seat {
    match s {
        Seat::North => cb::Seat::North,
        Seat::East => cb::Seat::East,
        Seat::South => cb::Seat::South,
        Seat::West => cb::Seat::West,
    }
}

fn from_cb_seat(s: cb::Seat) -> Seat {
    match s {
        cb::Seat::North => Seat::North,
        cb::Seat::East => Seat::East,
        cb::Seat::South => Seat::South,
        cb::Seat::West => Seat::West,
    }
}

fn from_cb_strain(s: cb::Strain) -> Strain {
    match s {
        cb::Strain::Clubs => Strain::Clubs,
        cb::Strain::Diamonds => Strain::Diamonds,
        cb::Strain::Hearts => Strain::Hearts,
        cb::Strain::Spades => Strain::Spades,
        cb::Strain::Notrump => Strain::NoTrump,
    }
}

fn to_cb_deal(deal: &Deal) -> cb::FullDeal {
    let hand = |seat: Seat| {
        let h = deal.hand(seat);
        // contract-bridge keeps the same bits (2 to 14) in the order C, D, H, S.
        let holding = |suit: Suit| cb::Holding::from_bits_truncate(h.holding(suit));
        cb::Hand::new(
            holding(Suit::Clubs),
            holding(Suit::Diamonds),
            holding(Suit::Hearts),
            holding(Suit::Spades),
        )
    };
    let builder = cb::Builder::new()
        .north(hand(Seat::North))
        .east(hand(Seat::East))
        .south(hand(Seat::South))
        .west(hand(Seat::West));
    // A `Deal` holds 13 distinct cards in each hand (its constructors check it).
    builder
        .build_full()
        .expect("a Deal always holds 52 distinct cards, 13 a hand")
}

/// The double-dummy table of one deal (one DDS solver, this thread).
pub fn analyse(deal: &Deal) -> DdTable {
    let mut solver = dds::Solver::default();
    DdTable::from_dds(&solver.solve_deal(to_cb_deal(deal)))
}

/// The tables of many deals, solved on every core (DDS's own thread pool), in order.
pub fn analyse_all(deals: &[Deal]) -> Vec<DdTable> {
    let cb: Vec<cb::FullDeal> = deals.iter().map(to_cb_deal).collect();
    dds::solve_deals(&cb)
        .iter()
        .map(DdTable::from_dds)
        .collect()
}

/// A par contract: the contract, its declarer and the tricks taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParContract {
    pub contract: Contract,
    pub declarer: Seat,
    /// Tricks taken by the declarer (below the target for a sacrifice).
    pub tricks: u8,
}

impl fmt::Display for ParContract {
    /// `4S N`, `2S N +1` (overtricks), `5HX E -2` (a doubled sacrifice, two down).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.contract, self.declarer)?;
        let over = i32::from(self.tricks) - i32::from(self.contract.target());
        match over {
            0 => Ok(()),
            o if o > 0 => write!(f, " +{o}"),
            o => write!(f, " {o}"),
        }
    }
}

/// The par of a deal: the score from North-South's side and the contracts reaching it
/// (none when the deal is passed out at par).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Par {
    pub score_ns: i32,
    pub contracts: Vec<ParContract>,
}

/// The par for the board's vulnerability and dealer (DDS's `DealerPar`: for a contract
/// both sides could bid, the first seat from the dealer able to make it gets it).
pub fn par(table: &DdTable, vul: Vulnerability, dealer: Seat) -> Par {
    // dds-bridge 0.21.0 hands its two arguments to DDS's `DealerParBin(table, result,
    // dealer, vulnerable)` the wrong way round (its vulnerability where DDS reads the dealer,
    // and the reverse), so each is passed as the value that arrives as the other: DDS
    // numbers dealers N 0, E 1, S 2, W 3 and vulnerabilities none 0, both 1, NS 2, EW 3.
    // The version is pinned (=0.21.0) and the tests below pin the behaviour.
    let dealer_sent_as_vul = match dealer {
        Seat::North => dds::Vulnerability::NONE,
        Seat::East => dds::Vulnerability::ALL,
        Seat::South => dds::Vulnerability::NS,
        Seat::West => dds::Vulnerability::EW,
    };
    let vul_sent_as_dealer = match vul {
        Vulnerability::None => cb::Seat::North,
        Vulnerability::All => cb::Seat::East,
        Vulnerability::NorthSouth => cb::Seat::South,
        Vulnerability::EastWest => cb::Seat::West,
    };
    let p = dds::calculate_par(table.to_dds(), dealer_sent_as_vul, vul_sent_as_dealer);
    let contracts = p
        .contracts
        .iter()
        .filter_map(|c| {
            let doubling = match c.contract.penalty {
                cb::Penalty::Undoubled => Doubling::Undoubled,
                cb::Penalty::Doubled => Doubling::Doubled,
                cb::Penalty::Redoubled => Doubling::Redoubled,
            };
            let contract = Contract::new(
                c.contract.bid.level.get(),
                from_cb_strain(c.contract.bid.strain),
                doubling,
            )?;
            let tricks = i16::from(contract.target()) + i16::from(c.overtricks);
            Some(ParContract {
                contract,
                declarer: from_cb_seat(c.declarer),
                tricks: u8::try_from(tricks).ok().filter(|&t| t <= 13)?,
            })
        })
        .collect();
    Par {
        score_ns: p.score,
        contracts,
    }
}

/// The JSON form: `{"N": {"C": 7, "D": 6, "H": 8, "S": 10, "NT": 8}, "E": {…}, "S": {…},
/// "W": {…}}` (tricks by declarer, then strain).
impl serde::Serialize for DdTable {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut outer = ser.serialize_map(Some(4))?;
        for seat in Seat::ALL {
            outer.serialize_entry(&seat.letter().to_string(), &StrainRow(self, seat))?;
        }
        outer.end()
    }
}

struct StrainRow<'a>(&'a DdTable, Seat);

impl serde::Serialize for StrainRow<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = ser.serialize_map(Some(5))?;
        for strain in Strain::ALL {
            m.serialize_entry(strain.code(), &self.0.tricks(self.1, strain))?;
        }
        m.end()
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StrainCells {
    #[serde(rename = "C")]
    c: u8,
    #[serde(rename = "D")]
    d: u8,
    #[serde(rename = "H")]
    h: u8,
    #[serde(rename = "S")]
    s: u8,
    #[serde(rename = "NT")]
    nt: u8,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRows {
    #[serde(rename = "N")]
    n: StrainCells,
    #[serde(rename = "E")]
    e: StrainCells,
    #[serde(rename = "S")]
    s: StrainCells,
    #[serde(rename = "W")]
    w: StrainCells,
}

impl<'de> serde::Deserialize<'de> for DdTable {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<DdTable, D::Error> {
        let rows = SeatRows::deserialize(de)?;
        let cells = |r: &StrainCells| [r.c, r.d, r.h, r.s, r.nt];
        DdTable::new([
            cells(&rows.n),
            cells(&rows.e),
            cells(&rows.s),
            cells(&rows.w),
        ])
        .ok_or_else(|| serde::de::Error::custom("a trick count from 0 to 13"))
    }
}

impl std::str::FromStr for ParContract {
    type Err = String;

    /// Reads what `Display` writes: `4S N`, `2S N +1`, `5HX E -2`.
    fn from_str(s: &str) -> Result<ParContract, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let bad = || format!("a par contract such as \"4S N\" or \"5HX E -2\", found \"{s}\"");
        let (contract, declarer, result) = match words[..] {
            [c, d] => (c, d, 0i32),
            [c, d, r] if r.starts_with(['+', '-']) => (c, d, r.parse::<i32>().map_err(|_| bad())?),
            _ => return Err(bad()),
        };
        let crate::contract::Bid::Contract(contract) = contract
            .parse::<crate::contract::Bid>()
            .map_err(|_| bad())?
        else {
            return Err(bad());
        };
        let declarer: Seat = declarer.parse().map_err(|_| bad())?;
        let tricks = i32::from(contract.target()) + result;
        let tricks = u8::try_from(tricks)
            .ok()
            .filter(|&t| t <= 13)
            .ok_or_else(bad)?;
        Ok(ParContract {
            contract,
            declarer,
            tricks,
        })
    }
}

/// The JSON form: `{"score": 420, "contracts": ["4S N"]}` (the score from North-South's
/// side).
impl serde::Serialize for Par {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = ser.serialize_struct("Par", 2)?;
        m.serialize_field("score", &self.score_ns)?;
        let shown: Vec<String> = self.contracts.iter().map(|c| c.to_string()).collect();
        m.serialize_field("contracts", &shown)?;
        m.end()
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ParFields {
    score: i32,
    contracts: Vec<String>,
}

impl<'de> serde::Deserialize<'de> for Par {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Par, D::Error> {
        let f = ParFields::deserialize(de)?;
        let contracts = f
            .contracts
            .iter()
            .map(|c| c.parse())
            .collect::<Result<Vec<ParContract>, String>>()
            .map_err(serde::de::Error::custom)?;
        Ok(Par {
            score_ns: f.score,
            contracts,
        })
    }
}

/// One board of a hand record, analysed: its number, dealer, vulnerability, deal, table
/// and par.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysedBoard {
    pub number: u32,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub deal: Deal,
    pub table: DdTable,
    pub par: Par,
}

/// Reads every board's deal (refusing a board without one, or a deal that is not 52 cards
/// in four hands of 13, at its line and column), then analyses them all on every core.
pub fn analyse_session(session: &Session, file: &str) -> Result<Vec<AnalysedBoard>, InputError> {
    let mut deals = Vec::with_capacity(session.boards.len());
    for board in &session.boards {
        let Some(text) = &board.deal else {
            return Err(InputError::new(
                file,
                board.pos,
                format!("a [Deal] tag for board {}", board.number),
                "none",
            ));
        };
        let deal: Deal = text.parse().map_err(|e: crate::deal::DealError| {
            let mut pos = board.deal_pos;
            if pos.line != 0 {
                pos.column += e.offset as u32;
            }
            InputError::new(
                file,
                pos,
                format!("{} (board {})", e.expected, board.number),
                e.found,
            )
        })?;
        deals.push(deal);
    }
    let tables = analyse_all(&deals);
    Ok(session
        .boards
        .iter()
        .zip(deals)
        .zip(tables)
        .map(|((b, deal), table)| AnalysedBoard {
            number: b.number,
            dealer: b.dealer,
            vulnerability: b.vulnerability,
            deal,
            par: par(&table, b.vulnerability, b.dealer),
            table,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(s: &str) -> Deal {
        s.parse().unwrap()
    }

    #[test]
    fn one_suit_hands() {
        let d = deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
        let t = analyse(&d);
        for seat in Seat::ALL {
            assert_eq!(t.tricks(seat, Strain::NoTrump), 0, "{seat}");
        }
        // Declarer's side holds the trumps: 13 tricks whoever leads.
        assert_eq!(t.tricks(Seat::North, Strain::Spades), 13);
        assert_eq!(t.tricks(Seat::North, Strain::Diamonds), 13);
        assert_eq!(t.tricks(Seat::East, Strain::Hearts), 13);
        assert_eq!(t.tricks(Seat::West, Strain::Spades), 0);
        assert_eq!(analyse_all(&[d, d]), vec![t, t]);
    }

    /// A table where only North-South make anything: 10 tricks in spades by North, 9 by
    /// South; East-West take 3 or 4 tricks in every strain.
    fn spades_game() -> DdTable {
        let ns = [7, 6, 8, 10, 8];
        let ns_south = [7, 6, 8, 9, 8];
        let ew = [6, 7, 5, 3, 5];
        DdTable::new([ns, ew, ns_south, ew]).unwrap()
    }

    #[test]
    fn par_of_a_game_with_no_sacrifice() {
        // Not vulnerable: 4S by North, 420. East-West's cheapest sacrifice over it (5D, down
        // 4 doubled, 800) costs more.
        let p = par(&spades_game(), Vulnerability::None, Seat::North);
        assert_eq!(p.score_ns, 420);
        assert_eq!(
            p.contracts
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>(),
            ["4S N"]
        );
        let p = par(&spades_game(), Vulnerability::NorthSouth, Seat::East);
        assert_eq!(p.score_ns, 620);
    }

    #[test]
    fn par_with_a_sacrifice() {
        // North-South make 4S (10 tricks, vulnerable: 620); East-West take 9 tricks in
        // hearts, so 5H doubled goes 2 down non-vulnerable: 300 to North-South.
        let ns = [6, 5, 4, 10, 6];
        let ew = [6, 7, 9, 3, 6];
        let table = DdTable::new([ns, ew, ns, ew]).unwrap();
        let p = par(&table, Vulnerability::NorthSouth, Seat::North);
        assert_eq!(p.score_ns, 300);
        let shown: Vec<String> = p.contracts.iter().map(|c| c.to_string()).collect();
        assert_eq!(shown, ["5HX E -2", "5HX W -2"]);
        // Both vulnerable, the sacrifice costs 500 < 620: still a sacrifice.
        assert_eq!(par(&table, Vulnerability::All, Seat::North).score_ns, 500);
        // East-West vulnerable and North-South not: 2 down costs 500 > 420, so 4S stands.
        assert_eq!(
            par(&table, Vulnerability::EastWest, Seat::North).score_ns,
            420
        );
    }

    #[test]
    fn par_of_a_passed_out_deal() {
        let table = DdTable::new([[6; 5]; 4]).unwrap();
        let p = par(&table, Vulnerability::None, Seat::North);
        assert_eq!(p.score_ns, 0);
        assert!(p.contracts.is_empty());
    }

    #[test]
    fn dealer_decides_a_contract_both_sides_make() {
        // Every seat takes 7 tricks in notrump (the lead matters): whoever bids 1NT first.
        let mut cells = [[5u8; 5]; 4];
        for row in &mut cells {
            row[Strain::NoTrump as usize] = 7;
        }
        let table = DdTable::new(cells).unwrap();
        assert_eq!(par(&table, Vulnerability::None, Seat::North).score_ns, 90);
        assert_eq!(par(&table, Vulnerability::None, Seat::East).score_ns, -90);
    }

    #[test]
    fn json_round_trip() {
        let table = spades_game();
        let json = serde_json::to_value(table).unwrap();
        assert_eq!(json["N"]["S"], 10);
        assert_eq!(json["S"]["S"], 9);
        assert_eq!(json["E"]["NT"], 5);
        let back: DdTable = serde_json::from_value(json).unwrap();
        assert_eq!(back, table);
        let p = par(&table, Vulnerability::None, Seat::North);
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"score": 420, "contracts": ["4S N"]})
        );
        assert_eq!(serde_json::from_value::<Par>(json).unwrap(), p);
        for text in ["2S N +1", "5HX E -2", "7NTXX W"] {
            assert_eq!(text.parse::<ParContract>().unwrap().to_string(), text);
        }
        assert!("8S N".parse::<ParContract>().is_err());
        assert!("4S N -11".parse::<ParContract>().is_err());
        let bad = serde_json::json!({"N": {"C": 14, "D": 0, "H": 0, "S": 0, "NT": 0}});
        assert!(serde_json::from_value::<DdTable>(bad).is_err());
    }

    #[test]
    fn makeable_contracts() {
        let t = spades_game();
        assert_eq!(t.makeable(Seat::North, Strain::Spades), Some(4));
        assert_eq!(t.makeable(Seat::East, Strain::Spades), None);
        let all = t.makeable_contracts();
        assert!(all.contains(&(Seat::South, Strain::Spades, 3)));
        assert!(all.contains(&(Seat::East, Strain::Diamonds, 1)));
        assert_eq!(all.len(), 10);
    }
}
