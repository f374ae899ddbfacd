//! Results turned into documents: the standings (and, through the partials the web
//! application's pages include, every list those pages show) and a bridge movement's cards as
//! HTML in French and English,
//! with the Fluent catalogues and the locale's numbers and dates. One renderer for the server's
//! pages and the command line's `--format html`.
//!
//! ```
//! use report::i18n::Lang;
//! let t = tournament::trf::read(include_str!("../../../examples/chess/open.trf")).unwrap();
//! let options = tiebreak::Options::default();
//! let list = tiebreak::parse_list("BH/C1,SB").unwrap();
//! let s = tiebreak::standings(&t, &list, &options).unwrap();
//! let page = report::document::standings(Lang::En, &t, &s).unwrap();
//! assert!(page.starts_with("<!DOCTYPE html>") && page.contains("<html lang=\"en\">"));
//! ```
//!
//! The crate knows no database and no HTTP: callers hand it plain rows ([`views::PlayerRow`],
//! [`views::Standings`]). The server's templates include this crate's partials
//! (`standings_table.html`, `legend.html`) through its `askama.toml`.

pub mod bridge;
pub mod csv;
pub mod document;
pub mod i18n;
pub mod movement;
pub mod views;

/// The stylesheet of the standalone documents (inlined in each, screen and print).
pub const EXPORT_CSS: &str = include_str!("../static/export.css");

/// What can go wrong while writing a document.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A template failed to render (a bug of ours: the templates are checked at build time).
    #[error("rendering the document: {0}")]
    Render(#[from] askama::Error),
}
