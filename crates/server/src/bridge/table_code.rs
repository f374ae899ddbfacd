//! `/t/{code}`: the page a phone opens with its table's printed code. The code says whether the
//! table is a pairs session's ([`super::table`]), a teams event's ([`super::teams::phone`]) or an
//! individual session's ([`super::individual`]).

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;

use super::table::{pairs_page, TableQuery};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::guard::Routes;
use crate::page::blocking;
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new().get("/t/{code}", table_page)
}

async fn table_page(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path(code): Path<String>,
    Query(q): Query<TableQuery>,
) -> Result<Response, AppError> {
    let (st2, ip, code2) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    match blocking(move || st2.open_any_table(&ip, &code2)).await? {
        store::bridge::OpenedTable::Pairs(s, table) => {
            pairs_page(&st, c, &headers, &code, &s, table, &q)
        }
        store::bridge::OpenedTable::Teams(e, t) => {
            super::teams::phone::page(&st, c, &headers, e, t, &q)
        }
        store::bridge::OpenedTable::Individual(i, table) => {
            super::individual::phone_page(&st, c, &headers, &code, &i, table, &q)
        }
    }
}
