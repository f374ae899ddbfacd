//! The engine's input from a tournament: its standings as [`Entrant`]s, each player's facts
//! from the TRF player line, and the year ages are taken on.

use tiebreak::Standings;
use tournament::{Header, Player, Tournament};

use crate::age::Season;
use crate::category::{AgeDates, PlayerFacts};
use crate::date::{BirthDate, Date};
use crate::distribute::Entrant;

/// What a TRF player line tells the categories: the FIDE rating, the sex and the birth date.
/// Club membership is not in TRF.
pub fn facts(p: &Player) -> PlayerFacts {
    PlayerFacts {
        rating: p.rating,
        sex: p.sex,
        birth: p.birth_date.as_deref().and_then(BirthDate::from_trf),
        club_member: false,
    }
}

/// The standings' rows as entrants, with each player's facts from the tournament.
pub fn entrants(t: &Tournament, s: &Standings) -> Vec<Entrant> {
    s.rows
        .iter()
        .map(|r| Entrant {
            id: r.id,
            name: r.name.clone(),
            points: r.points,
            rank: r.rank,
            facts: t.player(r.id).map(facts).unwrap_or_default(),
        })
        .collect()
}

/// The days ages are taken on: 1 January of the year of the end date (TRF `052`), and the FFE
/// season of the start date (`042`, else the end date).
pub fn event_dates(h: &Header) -> AgeDates {
    let date = |d: &Option<String>| d.as_deref().and_then(|d| d.parse::<Date>().ok());
    AgeDates {
        new_year: event_year(h),
        season: date(&h.start_date)
            .or_else(|| date(&h.end_date))
            .map(Season::containing),
    }
}

/// The year whose 1 January ages are taken on: the year of the end date (TRF `052`).
pub fn event_year(h: &Header) -> Option<i32> {
    h.end_date
        .as_deref()
        .and_then(|d| d.parse::<Date>().ok())
        .map(Date::year)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tournament::Sex;

    #[test]
    fn end_year_and_player_facts() {
        let mut h = Header::default();
        assert_eq!(event_year(&h), None);
        h.end_date = Some("2026/02/30".into());
        assert_eq!(event_year(&h), None, "no such day");
        h.end_date = Some("2026/04/12".into());
        assert_eq!(event_year(&h), Some(2026));
        // The season from the start date: an event from 30 August to 1 September 2026 is in
        // the 2025/2026 season.
        h.start_date = Some("2026/08/30".into());
        h.end_date = Some("2026/09/01".into());
        let d = event_dates(&h);
        assert_eq!(
            (d.new_year, d.season),
            (Some(2026), Some(Season::starting(2025)))
        );
        let p = Player {
            rating: Some(1500),
            sex: Some(Sex::Female),
            birth_date: Some("2014/00/00".into()),
            ..Player::default()
        };
        assert_eq!(
            facts(&p),
            PlayerFacts {
                rating: Some(1500),
                sex: Some(Sex::Female),
                birth: Some(BirthDate::Year(2014)),
                club_member: false,
            }
        );
    }
}
