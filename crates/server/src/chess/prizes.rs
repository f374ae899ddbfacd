//! The prize list of an event and who wins what after the last complete round (issue 23 §3):
//! the organiser writes the list as `arbiter prizes` reads it and chooses the rule for tied
//! players; the page shows every prize, its winners with their place and points, and prints.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Form;
use serde::Deserialize;
use store::{EventId, PrizeAwards, PrizeSettings};

use crate::chess::views::{self, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::i18n::Lang;
use crate::page::{html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new().get("/events/{id}/prizes", prizes_page).post(
        "/events/{id}/prizes",
        Guard::Whole(Kind::Event),
        set_prizes,
    )
}

/// One line of the prize table: the prize's columns on its first line only.
#[derive(Debug)]
pub struct AwardRow {
    pub prize: String,
    pub category: String,
    pub amount: String,
    pub place: String,
    pub number: String,
    pub name: String,
    pub points: String,
    pub receives: String,
}

#[derive(Template)]
#[template(path = "prizes.html")]
struct PrizesPage {
    c: Ctx,
    ev: EventView,
    rule: String,
    list: String,
    error: Option<String>,
    after: u32,
    rows: Vec<AwardRow>,
    paid: String,
    /// The version the form carries: read before the page's data, or the one the form was
    /// sent with when it is shown again with its error.
    version: i64,
    /// How a condition is written, and what it means.
    legend: Vec<(String, String)>,
}

#[derive(Deserialize)]
struct PrizesForm {
    rule: String,
    list: String,
    /// Checked by the guard before the handler runs.
    #[serde(default)]
    version: Option<i64>,
}

/// An amount in the page's language: `1 234,50` in French, `1,234.50` in English.
pub(crate) fn money(c: &Ctx, m: prizes::Money) -> String {
    money_in(&c.tr, m)
}

/// [`money`] in the language of `tr`.
pub(crate) fn money_in(tr: &crate::i18n::Tr, m: prizes::Money) -> String {
    let text = m.to_string();
    let (units, cents) = text.split_once('.').unwrap_or((&text, "00"));
    let (sign, digits) = match units.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", units),
    };
    let (group, point) = match tr.lang {
        Lang::Fr => ('\u{202f}', ','),
        Lang::En => (',', '.'),
    };
    let mut grouped = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(group);
        }
        grouped.push(ch);
    }
    format!("{sign}{grouped}{point}{cents}")
}

/// The page's language as the prize list is written in it.
fn language(c: &Ctx) -> prizes::Language {
    match c.tr.lang {
        Lang::Fr => prizes::Language::French,
        Lang::En => prizes::Language::English,
    }
}

/// A category in the page's language: `rating<1600&women` is "Elo < 1600, Féminines" in
/// French; the general ranking is "Général".
fn category_text(c: &Ctx, category: &prizes::Category) -> String {
    use prizes::Condition;
    let conditions = category.conditions();
    if conditions.is_empty() {
        return c.t("prize-general");
    }
    conditions
        .iter()
        .map(|condition| match *condition {
            Condition::RatingBelow(n) => c.t1("prize-category-rating-below", "rating", n),
            Condition::RatingFrom(n) => c.t1("prize-category-rating-from", "rating", n),
            Condition::AgeBelow(n) => c.t1("prize-category-age-below", "age", n),
            Condition::AgeFrom(n) => c.t1("prize-category-age-from", "age", n),
            Condition::Women => c.t("prize-category-women"),
            Condition::Club => c.t("prize-category-club"),
            Condition::Unrated => c.t("prize-category-unrated"),
            Condition::Ffe(first, last) if first == last => {
                c.t1("prize-category-ffe", "category", first.code())
            }
            Condition::Ffe(first, last) => c.tr.targs(
                "prize-category-ffe-range",
                &[("first", first.code().into()), ("last", last.code().into())],
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The legend under the prize list's field: each condition as the page's language writes it,
/// and what it means (the prizes crate writes the examples, so they read back).
fn legend(c: &Ctx) -> Vec<(String, String)> {
    use prizes::{Condition, FfeCategory};
    let lang = language(c);
    let w = |x: Condition| x.written(lang);
    vec![
        (
            w(Condition::RatingBelow(1600)),
            c.t1("prize-legend-rating-below", "rating", 1600),
        ),
        (
            w(Condition::RatingFrom(2000)),
            c.t1("prize-legend-rating-from", "rating", 2000),
        ),
        (w(Condition::Women), c.t("prize-legend-women")),
        (
            format!(
                "{}, {}",
                w(Condition::AgeBelow(18)),
                w(Condition::AgeFrom(50))
            ),
            c.t("prize-legend-age"),
        ),
        (
            format!(
                "{}, {}",
                w(Condition::Ffe(FfeCategory::Pup, FfeCategory::Pup)),
                w(Condition::Ffe(FfeCategory::Min, FfeCategory::Cad))
            ),
            c.t1(
                "prize-legend-ffe",
                "codes",
                FfeCategory::ALL
                    .iter()
                    .map(|x| x.code())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        ),
        (w(Condition::Unrated), c.t("prize-legend-unrated")),
    ]
}

/// Each player's place as the prize list shows it, by pairing number: under `places`, the
/// standings' place (a range for the players the tie-breaks leave tied); under `shared` and
/// Hort, the places of every player on the same points, who share their prizes.
fn places(a: &PrizeAwards) -> HashMap<u32, (u32, u32)> {
    let rows = &a.standings.rows;
    let same = |x: &store::StandingRow, y: &store::StandingRow| match a.settings.rule {
        prizes::Rule::Places => x.rank == y.rank,
        prizes::Rule::Shared | prizes::Rule::Hort => x.points == y.points,
    };
    let mut out = HashMap::new();
    let mut start = 0;
    while start < rows.len() {
        let end = (start..rows.len())
            .take_while(|&k| same(&rows[start], &rows[k]))
            .last()
            .unwrap_or(start);
        for r in &rows[start..=end] {
            out.insert(r.player.number, (start as u32 + 1, end as u32 + 1));
        }
        start = end + 1;
    }
    out
}

fn rows(c: &Ctx, a: &PrizeAwards) -> Vec<AwardRow> {
    let places = places(a);
    let mut out = Vec::new();
    for award in &a.distribution.awards {
        let p = &a.list.prizes()[award.prize];
        let amount = p
            .value()
            .money()
            .map_or_else(|| c.t("prize-object"), |m| money(c, m));
        let category = category_text(c, p.category());
        let head = |first: bool| {
            if first {
                (p.name().to_string(), category.clone(), amount.clone())
            } else {
                Default::default()
            }
        };
        if award.players.is_empty() {
            let (prize, category, amount) = head(true);
            let name = match award.shared_into {
                Some(into) => c.t1("prize-shared-under", "prize", a.list.prizes()[into].name()),
                None => c.t("prize-not-awarded"),
            };
            out.push(AwardRow {
                prize,
                category,
                amount,
                place: String::new(),
                number: String::new(),
                name,
                points: String::new(),
                receives: String::new(),
            });
            continue;
        }
        for (k, share) in award.players.iter().enumerate() {
            let (prize, category, amount) = head(k == 0);
            let row = a
                .standings
                .rows
                .iter()
                .find(|r| r.player.number == share.id.get());
            out.push(AwardRow {
                prize,
                category,
                amount,
                place: places
                    .get(&share.id.get())
                    .map_or(String::new(), |&(first, last)| c.tr.place(first, last)),
                number: share.id.to_string(),
                name: share.name.clone(),
                points: row.map_or(String::new(), |r| c.tr.points(&r.points)),
                receives: share
                    .amount
                    .map_or_else(|| c.t("prize-object"), |m| money(c, m)),
            });
        }
    }
    out
}

fn page(
    st: &AppState,
    c: Ctx,
    id: EventId,
    shown: Option<(PrizeSettings, String, i64)>,
) -> Result<PrizesPage, AppError> {
    let version = match &shown {
        Some((_, _, v)) => *v,
        None => st.store.version(store::Scope::Event(id))?.0,
    };
    let (_, ev) = views::event_view(st, &c, id)?;
    let awards = match shown {
        Some(_) => None,
        None => st.store.prize_awards(id)?,
    };
    let (settings, error) = match shown {
        Some((s, e, _)) => (Some(s), Some(e)),
        None => (st.store.prize_settings(id)?, None),
    };
    let mut settings = settings.unwrap_or(PrizeSettings {
        rule: prizes::Rule::Places,
        list: format!("{}\n", prizes::csv::header(language(&c))),
    });
    if error.is_none() {
        // The list kept is written back in the page's language (it was read in either).
        if let Ok(file) = prizes::csv::read(&settings.list) {
            settings.list = file.written(language(&c));
        }
    }
    Ok(PrizesPage {
        rows: awards.as_ref().map(|a| rows(&c, a)).unwrap_or_default(),
        paid: awards
            .as_ref()
            .map(|a| money(&c, a.distribution.paid()))
            .unwrap_or_default(),
        after: awards.as_ref().map_or(0, |a| a.standings.after_round),
        rule: settings.rule.name().to_string(),
        list: settings.list,
        error,
        version,
        legend: legend(&c),
        ev,
        c,
    })
}

async fn prizes_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    html(&page(&st, c, id, None)?)
}

async fn set_prizes(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PrizesForm>,
) -> Page {
    let rule: prizes::Rule = f.rule.parse().map_err(|e: prizes::RuleError| {
        AppError::invalid("rule", "places, shared or hort", e.found)
    })?;
    let settings = PrizeSettings {
        rule,
        list: f.list.replace("\r\n", "\n"),
    };
    match st.store.set_prizes(&a.username, id, &settings) {
        Ok(()) => see(format!("/events/{id}/prizes")),
        // The list is shown again as typed, with what is wrong in it.
        Err(store::Error::Invalid {
            expected, found, ..
        }) => {
            let error = c.tr.targs(
                "prizes-invalid",
                &[("where", expected.into()), ("found", found.into())],
            );
            let seen = f.version.unwrap_or_default();
            let p = page(&st, c, id, Some((settings, error, seen)))?;
            Ok((StatusCode::UNPROCESSABLE_ENTITY, html(&p)?).into_response())
        }
        Err(e) => Err(e.into()),
    }
}
