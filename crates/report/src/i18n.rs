//! Every visible string through the Fluent catalogues, and the locale's way of writing numbers
//! and dates. Each language's bundle holds its resources: `locales/{fr,en}/main.ftl` (the chess
//! event's pages and documents), `bridge.ftl` (the bridge session's), `teams.ftl` (team events'),
//! `norms.ftl` (FIDE title norms and rating changes), `national.ftl` (national rating lists and the pairing rating), `sections.ftl` (events
//! with several sections sharing one desk), `bridge_teams.ftl` (bridge teams of four),
//! `entries.ftl` (the registration form, entries and entry fees), `club_open.ftl` (prize
//! categories in words), `teams_import.ftl` (a forfeited match's absent side, a team
//! file's played rounds), `bridge_knockout.ftl` (bridge teams' score sheets, knock-out
//! matches and exports), `groups.ftl` (a group's registration form, its editing and
//! deletion, women's and veterans' fees), `bridge_phones.ftl` (the phones at the bridge
//! teams' tables), `versions.ftl` (a stale form's refusal), `teams_league.ftl` (leagues as
//! federations run them: scales, board order, rosters' rules), `teams_cup.ftl` (knock-out
//! cups), `rating_report.ftl` (the FIDE rating report by rating period and the pairings changed
//! by hand), `bridge_teams_browser.ftl` (who sent a teams conflict's other
//! entry, a teams phone's rounds) `bridge_simultaneous.ftl` (simultaneous pairs) and `bridge_individual.ftl` (individual
//! sessions).
//!
//! ```
//! use report::i18n::{Lang, Tr};
//! let tr = Tr::new(Lang::Fr);
//! assert_eq!(tr.points(&tournament::Points::from_tenths(45)), "4,5");
//! assert_eq!(Tr::new(Lang::En).date("2026-11-24"), "24 Nov 2026");
//! ```
//!
//! The language of a request comes from the `lang` cookie (set by the switch link), else from
//! `Accept-Language`, else French.

use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::{langid, LanguageIdentifier};

/// The catalogue files of a language: (file name, text), loaded in this order into its bundle.
const FR: &[(&str, &str)] = &[
    ("main.ftl", include_str!("../locales/fr/main.ftl")),
    (
        "rating_report.ftl",
        include_str!("../locales/fr/rating_report.ftl"),
    ),
    ("norms.ftl", include_str!("../locales/fr/norms.ftl")),
    ("bridge.ftl", include_str!("../locales/fr/bridge.ftl")),
    ("teams.ftl", include_str!("../locales/fr/teams.ftl")),
    ("national.ftl", include_str!("../locales/fr/national.ftl")),
    ("sections.ftl", include_str!("../locales/fr/sections.ftl")),
    (
        "bridge_teams.ftl",
        include_str!("../locales/fr/bridge_teams.ftl"),
    ),
    ("entries.ftl", include_str!("../locales/fr/entries.ftl")),
    ("club_open.ftl", include_str!("../locales/fr/club_open.ftl")),
    (
        "teams_import.ftl",
        include_str!("../locales/fr/teams_import.ftl"),
    ),
    (
        "bridge_knockout.ftl",
        include_str!("../locales/fr/bridge_knockout.ftl"),
    ),
    ("groups.ftl", include_str!("../locales/fr/groups.ftl")),
    (
        "bridge_phones.ftl",
        include_str!("../locales/fr/bridge_phones.ftl"),
    ),
    (
        "bridge_teams_browser.ftl",
        include_str!("../locales/fr/bridge_teams_browser.ftl"),
    ),
    ("versions.ftl", include_str!("../locales/fr/versions.ftl")),
    ("papi.ftl", include_str!("../locales/fr/papi.ftl")),
    (
        "teams_league.ftl",
        include_str!("../locales/fr/teams_league.ftl"),
    ),
    ("teams_cup.ftl", include_str!("../locales/fr/teams_cup.ftl")),
    (
        "bridge_simultaneous.ftl",
        include_str!("../locales/fr/bridge_simultaneous.ftl"),
    ),
    (
        "teams_roster.ftl",
        include_str!("../locales/fr/teams_roster.ftl"),
    ),
    (
        "bridge_individual.ftl",
        include_str!("../locales/fr/bridge_individual.ftl"),
    ),
    (
        "teams_roster_edit.ftl",
        include_str!("../locales/fr/teams_roster_edit.ftl"),
    ),
];
const EN: &[(&str, &str)] = &[
    ("main.ftl", include_str!("../locales/en/main.ftl")),
    (
        "rating_report.ftl",
        include_str!("../locales/en/rating_report.ftl"),
    ),
    ("norms.ftl", include_str!("../locales/en/norms.ftl")),
    ("bridge.ftl", include_str!("../locales/en/bridge.ftl")),
    ("teams.ftl", include_str!("../locales/en/teams.ftl")),
    ("national.ftl", include_str!("../locales/en/national.ftl")),
    ("sections.ftl", include_str!("../locales/en/sections.ftl")),
    (
        "bridge_teams.ftl",
        include_str!("../locales/en/bridge_teams.ftl"),
    ),
    ("entries.ftl", include_str!("../locales/en/entries.ftl")),
    ("club_open.ftl", include_str!("../locales/en/club_open.ftl")),
    (
        "teams_import.ftl",
        include_str!("../locales/en/teams_import.ftl"),
    ),
    (
        "bridge_knockout.ftl",
        include_str!("../locales/en/bridge_knockout.ftl"),
    ),
    ("groups.ftl", include_str!("../locales/en/groups.ftl")),
    (
        "bridge_phones.ftl",
        include_str!("../locales/en/bridge_phones.ftl"),
    ),
    (
        "bridge_teams_browser.ftl",
        include_str!("../locales/en/bridge_teams_browser.ftl"),
    ),
    ("versions.ftl", include_str!("../locales/en/versions.ftl")),
    ("papi.ftl", include_str!("../locales/en/papi.ftl")),
    (
        "teams_league.ftl",
        include_str!("../locales/en/teams_league.ftl"),
    ),
    ("teams_cup.ftl", include_str!("../locales/en/teams_cup.ftl")),
    (
        "bridge_simultaneous.ftl",
        include_str!("../locales/en/bridge_simultaneous.ftl"),
    ),
    (
        "teams_roster.ftl",
        include_str!("../locales/en/teams_roster.ftl"),
    ),
    (
        "bridge_individual.ftl",
        include_str!("../locales/en/bridge_individual.ftl"),
    ),
    (
        "teams_roster_edit.ftl",
        include_str!("../locales/en/teams_roster_edit.ftl"),
    ),
];

/// A language the pages are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    Fr,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    pub const fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    pub fn parse(s: &str) -> Option<Lang> {
        let primary = s
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "fr" => Some(Lang::Fr),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The first language of an `Accept-Language` header that the pages exist in, by quality.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut choices: Vec<(u32, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut bits = part.split(';');
                let lang = Lang::parse(bits.next()?)?;
                let q = bits
                    .find_map(|b| b.trim().strip_prefix("q="))
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                (q > 0.0).then_some(((q * 1000.0) as u32, i, lang))
            })
            .collect();
        choices.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        choices.first().map(|c| c.2)
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::Fr => langid!("fr"),
            Lang::En => langid!("en"),
        }
    }

    /// The catalogue files of the language: (file name, text).
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::Fr => FR,
            Lang::En => EN,
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static HashMap<Lang, Bundle> {
    static BUNDLES: OnceLock<HashMap<Lang, Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        Lang::ALL
            .iter()
            .map(|&lang| {
                let mut bundle = FluentBundle::new_concurrent(vec![lang.id()]);
                bundle.set_use_isolating(false);
                // The catalogues are part of the program (compiled in), checked by the tests
                // below: an error here is a bug of ours, not of the input.
                for (file, text) in lang.sources() {
                    let resource =
                        FluentResource::try_new(text.to_string()).unwrap_or_else(|(_, errors)| {
                            panic!("locales/{}/{file}: {errors:?}", lang.code())
                        });
                    bundle.add_resource(resource).unwrap_or_else(|errors| {
                        panic!("locales/{}/{file}: {errors:?}", lang.code())
                    });
                }
                (lang, bundle)
            })
            .collect()
    })
}

/// A value given to a message. Counts stay numbers, so that Fluent picks the plural variant
/// by the language's rules (French: 0 and 1 are singular; English: only 1); text is text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Number(i64),
}

impl Arg {
    fn fluent(&self) -> FluentValue<'static> {
        match self {
            Arg::Text(s) => FluentValue::from(s.clone()),
            Arg::Number(n) => FluentValue::from(*n),
        }
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

/// A template hands values by reference.
impl<T: Clone + Into<Arg>> From<&T> for Arg {
    fn from(v: &T) -> Arg {
        v.clone().into()
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Text(c.to_string())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64);

impl From<tournament::PlayerId> for Arg {
    fn from(id: tournament::PlayerId) -> Arg {
        Arg::Number(i64::from(id.0))
    }
}

/// The translator handed to every template: `tr.t("key")`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tr {
    pub lang: Lang,
}

impl Tr {
    pub const fn new(lang: Lang) -> Tr {
        Tr { lang }
    }

    pub fn code(&self) -> &'static str {
        self.lang.code()
    }

    fn format(&self, key: &str, args: Option<&FluentArgs<'_>>) -> String {
        let bundle = &bundles()[&self.lang];
        match bundle.get_message(key).and_then(|m| m.value()) {
            Some(pattern) => {
                let mut errors = Vec::new();
                bundle
                    .format_pattern(pattern, args, &mut errors)
                    .into_owned()
            }
            // A missing key shows itself (the catalogue test catches it before it ships).
            None => key.to_string(),
        }
    }

    /// The message `key` with named arguments, or `None` when the catalogue has no such key
    /// (for keys made from data, such as a form field's name).
    pub fn lookup(&self, key: &str, values: &[(&str, Arg)]) -> Option<String> {
        let bundle = &bundles()[&self.lang];
        let pattern = bundle.get_message(key)?.value()?;
        let mut args = FluentArgs::new();
        for (name, value) in values {
            args.set(*name, value.fluent());
        }
        let mut errors = Vec::new();
        Some(
            bundle
                .format_pattern(pattern, Some(&args), &mut errors)
                .into_owned(),
        )
    }

    /// The message `key`.
    pub fn t(&self, key: &str) -> String {
        self.format(key, None)
    }

    /// The message `key` with one argument.
    pub fn t1(&self, key: &str, name: &str, value: impl Into<Arg>) -> String {
        let mut args = FluentArgs::new();
        args.set(name, value.into().fluent());
        self.format(key, Some(&args))
    }

    /// The message `key` with named arguments.
    pub fn targs(&self, key: &str, values: &[(&str, Arg)]) -> String {
        let mut args = FluentArgs::new();
        for (name, value) in values {
            args.set(*name, value.fluent());
        }
        self.format(key, Some(&args))
    }

    /// A decimal number as the locale writes it: `4,5` in French, `4.5` in English.
    pub fn num(&self, text: &str) -> String {
        match self.lang {
            Lang::Fr => text.replace('.', ","),
            Lang::En => text.to_string(),
        }
    }

    /// A place in a ranking: `3`, or the range a tie shares as arbiters write it:
    /// `2-4 ex æquo` in French, `2-4=` in English.
    pub fn place(&self, first: u32, last: u32) -> String {
        if last <= first {
            return first.to_string();
        }
        self.targs(
            "place-shared",
            &[
                ("first", first.to_string().into()),
                ("last", last.to_string().into()),
            ],
        )
    }

    /// Points as the locale writes them, without a useless `.0`: `4,5`, `4`.
    pub fn points(&self, p: &tournament::Points) -> String {
        let s = p.to_string();
        let s = s.strip_suffix(".0").unwrap_or(&s).to_string();
        self.num(&s)
    }

    /// A `YYYY-MM-DD` date (or the date part of a UTC time) as the locale writes it:
    /// `24/11/2026`, `24 Nov 2026`. Anything else is shown as it is.
    pub fn date(&self, iso: &str) -> String {
        let d = iso.get(..10).unwrap_or(iso);
        let parts: Vec<&str> = d.split('-').collect();
        let [y, m, day] = parts[..] else {
            return iso.to_string();
        };
        let Ok(month) = m.parse::<usize>() else {
            return iso.to_string();
        };
        match self.lang {
            Lang::Fr => format!("{day}/{m}/{y}"),
            Lang::En => {
                const MONTHS: [&str; 12] = [
                    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                    "Dec",
                ];
                match MONTHS.get(month.wrapping_sub(1)) {
                    Some(name) => format!("{} {name} {y}", day.trim_start_matches('0')),
                    None => iso.to_string(),
                }
            }
        }
    }

    /// A local time, `YYYY-MM-DD HH:MM` (the server's clock, `store::local_time`), as the
    /// locale writes it: `24/11/2026 14:05`, `24 Nov 2026 14:05`.
    pub fn local_datetime(&self, local: &str) -> String {
        match local.get(11..16) {
            Some(time) => format!("{} {time}", self.date(local)),
            None => self.date(local),
        }
    }

    /// A UTC time `YYYY-MM-DDTHH:MM:SSZ` as date and time.
    pub fn datetime(&self, iso: &str) -> String {
        match iso.get(11..16) {
            Some(time) => format!("{} {time} UTC", self.date(iso)),
            None => self.date(iso),
        }
    }
}

/// The message ids of one catalogue file's text.
fn file_keys(text: &str) -> Vec<String> {
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// The message ids of a language's catalogues, every file (for the tests).
pub fn keys(lang: Lang) -> Vec<String> {
    lang.sources()
        .iter()
        .flat_map(|(_, text)| file_keys(text))
        .collect()
}

/// The message ids that `texts` (Rust sources or templates) ask for with `.t("…")`,
/// `.t1("…"` or `.targs("…"` and that the catalogues lack (for the tests of every crate
/// that shows catalogue strings).
pub fn missing_keys<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let known = keys(Lang::Fr);
    let mut missing = Vec::new();
    for text in texts {
        for call in [".t(\"", ".t1(\"", ".targs(\""] {
            for piece in text.split(call).skip(1) {
                let key = piece.split('"').next().unwrap_or("");
                if !key.is_empty() && !known.iter().any(|k| k == key) {
                    missing.push(key.to_string());
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    missing
}

/// The text of every file under `dir`, its subfolders included: a crate's templates, to give
/// [`missing_keys`] with its sources (for the tests).
pub fn texts_under(dir: impl AsRef<std::path::Path>) -> std::io::Result<Vec<String>> {
    let mut texts = Vec::new();
    let mut dirs = vec![dir.as_ref().to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                texts.push(std::fs::read_to_string(path)?);
            }
        }
    }
    Ok(texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language() {
        assert_eq!(
            Lang::from_accept_language("en-GB,en;q=0.9,fr;q=0.8"),
            Some(Lang::En)
        );
        assert_eq!(
            Lang::from_accept_language("de-DE,fr;q=0.5,en;q=0.4"),
            Some(Lang::Fr)
        );
        assert_eq!(Lang::from_accept_language("de"), None);
        assert_eq!(
            Lang::from_accept_language("en;q=0.2, fr-CA"),
            Some(Lang::Fr)
        );
    }

    #[test]
    fn catalogues_parse_and_have_the_same_keys() {
        // File by file: main.ftl against main.ftl, bridge.ftl against bridge.ftl.
        for ((file, fr), (_, en)) in Lang::Fr.sources().iter().zip(Lang::En.sources().iter()) {
            let mut fr = file_keys(fr);
            let mut en = file_keys(en);
            fr.sort();
            en.sort();
            let only_fr: Vec<_> = fr.iter().filter(|k| !en.contains(k)).collect();
            let only_en: Vec<_> = en.iter().filter(|k| !fr.contains(k)).collect();
            assert!(
                only_fr.is_empty() && only_en.is_empty(),
                "{file}: only fr: {only_fr:?}; only en: {only_en:?}"
            );
        }
        // Both build into bundles without errors (no key in two files).
        assert_eq!(bundles().len(), 2);
    }

    #[test]
    fn every_key_the_code_uses_is_in_the_catalogues() {
        let mut texts: Vec<String> = [
            include_str!("views.rs"),
            include_str!("document.rs"),
            include_str!("movement.rs"),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        texts.extend(texts_under(concat!(env!("CARGO_MANIFEST_DIR"), "/templates")).unwrap());
        let missing = missing_keys(texts.iter().map(String::as_str));
        assert!(
            missing.is_empty(),
            "keys missing from the catalogues: {missing:?}"
        );
    }

    #[test]
    fn numbers_and_dates() {
        let fr = Tr::new(Lang::Fr);
        let en = Tr::new(Lang::En);
        assert_eq!(fr.points(&tournament::Points::from_tenths(45)), "4,5");
        assert_eq!(en.points(&tournament::Points::from_tenths(40)), "4");
        assert_eq!(fr.date("2026-11-24"), "24/11/2026");
        assert_eq!(en.date("2026-11-24T10:00:00Z"), "24 Nov 2026");
        assert_eq!(en.date(""), "");
    }

    /// Every message with a count, at 0, 1 and 2, in both languages: the count reaches Fluent
    /// as a number (so its plural variant is chosen), and a message whose words change with
    /// the count has a singular form (French: 0 and 1 are singular; English: only 1).
    #[test]
    fn counts_choose_their_plural_form() {
        // Messages whose words do not change with the count (checked by hand).
        const INVARIANT: [(&str, Lang); 5] = [
            ("bridge-n-per-round", Lang::Fr),
            ("bridge-n-per-round", Lang::En),
            ("bridge-missing-short", Lang::En),
            ("dash-present", Lang::En),
            ("dash-withdrawn", Lang::En),
        ];
        let mut checked = 0;
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for key in keys(lang) {
                let bundle = &bundles()[&lang];
                let Some(pattern) = bundle.get_message(&key).and_then(|m| m.value()) else {
                    continue;
                };
                let source = format!("{pattern:?}");
                if !source.contains("\"count\"") {
                    continue;
                }
                let render = |n: i64| {
                    let others: Vec<(&str, Arg)> = ["found", "field", "board", "round", "name"]
                        .iter()
                        .map(|v| (*v, Arg::from("X")))
                        .chain([("count", Arg::Number(n))])
                        .collect();
                    tr.targs(&key, &others)
                };
                let (zero, one, two) = (render(0), render(1), render(2));
                for (n, text) in [(0, &zero), (1, &one), (2, &two)] {
                    assert!(
                        !text.contains("{$count}") && !text.contains("$count"),
                        "{key} ({}) at {n}: {text}",
                        lang.code()
                    );
                }
                if INVARIANT.contains(&(key.as_str(), lang)) {
                    continue;
                }
                // The singular differs from the plural beyond the digit itself.
                assert_ne!(
                    one.replace('1', "#"),
                    two.replace('2', "#"),
                    "{key} ({}): no singular form",
                    lang.code()
                );
                // An explicit zero variant ("Aucune paire…") is its own form.
                let singular_zero = lang == Lang::Fr;
                assert!(
                    !zero.contains('0')
                        || (zero.replace('0', "#") == one.replace('1', "#")) == singular_zero,
                    "{key} ({}) at 0: {zero}",
                    lang.code()
                );
                checked += 1;
            }
        }
        assert!(checked >= 30, "only {checked} messages with a count");
    }
}
