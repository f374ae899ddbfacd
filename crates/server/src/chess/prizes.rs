//! The prize list of an event and who wins what after the last complete round (issue 23 §3):
//! the organiser writes the list as `arbiter prizes` reads it and chooses the rule for tied
//! players; the page shows every prize, its winners with their place and points, and prints.

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

/// A category in the page's language: `rating<1600&women` is "Elo < 1600, Féminines" in
/// French; the general ranking is "Général".
fn category_text(c: &Ctx, category: &prizes::Category) -> String {
    let text = category.to_string();
    if text.is_empty() {
        return c.t("prize-general");
    }
    text.split('&')
        .map(|condition| {
            let with = |key: &str, name: &str, n: &str| c.t1(key, name, n.to_string());
            if let Some(n) = condition.strip_prefix("rating<") {
                with("prize-category-rating-below", "rating", n)
            } else if let Some(n) = condition.strip_prefix("rating>=") {
                with("prize-category-rating-from", "rating", n)
            } else if let Some(n) = condition.strip_prefix("age<") {
                with("prize-category-age-below", "age", n)
            } else if let Some(n) = condition.strip_prefix("age>=") {
                with("prize-category-age-from", "age", n)
            } else {
                match condition {
                    "women" => c.t("prize-category-women"),
                    "club" => c.t("prize-category-club"),
                    "unrated" => c.t("prize-category-unrated"),
                    // A condition this page does not know yet is shown as written.
                    other => other.to_string(),
                }
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn rows(c: &Ctx, a: &PrizeAwards) -> Vec<AwardRow> {
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
                place: row.map_or(String::new(), |r| {
                    format!("{}{}", r.rank, if r.shared { "=" } else { "" })
                }),
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
    let settings = settings.unwrap_or(PrizeSettings {
        rule: prizes::Rule::Places,
        list: format!("{}\n", prizes::csv::HEADER),
    });
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
