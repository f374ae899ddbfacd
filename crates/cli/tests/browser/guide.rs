//! The user guide's "first event" page, followed by its words (issue 40): a newcomer runs a
//! 10-player Swiss to the end and prints its standings, in English and in French.
//!
//! The test reads the page's numbered steps from `docs/guide/LANG/src/first-event.md` and does
//! exactly what their **bold** labels say, in order, on the page on screen: a label is a link or
//! a button to click, a form field to fill (by its `<label>`), or a heading whose file input takes
//! the players' CSV. The steps whose labels end in "1" ("Pair round 1"), with the steps after
//! them up to the first step without a label ("Do steps 6 and 7 again …"), are done once a round,
//! the 1 read as the round's number. A label the page does not show, or a step the guide no
//! longer has, fails the test: the guide and the application keep saying the same words.
//!
//! What the test brings itself: the values typed into the fields the guide names (looked up by
//! the field's id), the CSV file, and each board's result.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::arbiter::{entrants, french_csv, Arbiter};
use super::harness::{artifacts_dir, Driver, Server};

const PLAYERS: usize = 10;
const ROUNDS: u32 = 5;

/// One numbered step of the page: its number and its bold labels, in order.
#[derive(Debug, Clone)]
struct Step {
    number: u32,
    labels: Vec<String>,
}

/// The numbered steps of a guide page: a line `N. text` and the indented lines that continue it.
fn steps(markdown: &str) -> Vec<Step> {
    let mut steps: Vec<(u32, String)> = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let numbered = line
            .split_once(". ")
            .and_then(|(n, rest)| n.parse::<u32>().ok().map(|n| (n, rest)));
        match numbered {
            Some((n, rest)) if !line.starts_with(' ') => steps.push((n, rest.to_string())),
            _ if line.starts_with("   ") && !steps.is_empty() => {
                let last = steps.last_mut().expect("a step");
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
            _ if line.trim().is_empty() => {}
            _ => {
                // Prose between the lists ends the step before it.
                if let Some(last) = steps.last_mut() {
                    last.1.push('\n');
                }
            }
        }
    }
    steps
        .into_iter()
        .map(|(number, text)| {
            let text = text.split('\n').next().unwrap_or("").to_string();
            Step {
                number,
                labels: text
                    .split("**")
                    .skip(1)
                    .step_by(2)
                    .map(|l| l.trim().to_string())
                    .collect(),
            }
        })
        .collect()
}

/// The steps before the rounds, the steps of one round, and the steps after the last round.
fn split_rounds(all: &[Step]) -> (Vec<Step>, Vec<Step>, Vec<Step>) {
    let first = all
        .iter()
        .position(|s| s.labels.iter().any(|l| l.ends_with(" 1")))
        .expect("the guide has a step for round 1 (a label ending in 1)");
    let end = first
        + all[first..]
            .iter()
            .position(|s| s.labels.is_empty())
            .expect("the round's steps end with a step that says to do them again (no label)");
    (
        all[..first].to_vec(),
        all[first..end].to_vec(),
        all[end + 1..].to_vec(),
    )
}

/// What a label is on the page on screen.
#[derive(Debug)]
enum Target {
    /// A link or a button, marked `[data-guide-target]`: whether a click loads a page, and the
    /// ids of the empty result boxes of its form.
    Click {
        loads: bool,
        empty_results: Vec<String>,
    },
    /// A form field, by its id.
    Field(String),
    /// A heading followed by a file input, by its id.
    File(String),
}

const FIND: &str = r#"
const want = arguments[0];
const norm = s => (s || '').replace(/\s+/g, ' ').trim();
const shown = e => e.getClientRects().length > 0;
document.querySelectorAll('[data-guide-target]').forEach(e => e.removeAttribute('data-guide-target'));
const clickable = Array.from(document.querySelectorAll('a, button, input[type=submit]'))
  .find(e => shown(e) && norm(e.tagName === 'INPUT' ? e.value : e.textContent) === want);
if (clickable) {
  clickable.setAttribute('data-guide-target', '1');
  const plain = clickable.tagName === 'BUTTON' && clickable.getAttribute('type') === 'button';
  const form = clickable.closest('form');
  const empty = form ? Array.from(form.querySelectorAll('input.grid')).filter(i => i.value.trim() === '').map(i => i.id) : [];
  return ['click', plain ? 'stays' : 'loads', empty];
}
const label = Array.from(document.querySelectorAll('label')).find(l => shown(l) && norm(l.textContent) === want);
if (label) {
  const field = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input, select, textarea');
  if (field && field.id) return ['field', field.id, []];
}
const heading = Array.from(document.querySelectorAll('h1, h2, h3, h4, legend')).find(h => shown(h) && norm(h.textContent) === want);
if (heading) {
  const file = Array.from(document.querySelectorAll('input[type=file]'))
    .find(f => heading.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (file && file.id) return ['file', file.id, []];
}
return ['none', '', []];
"#;

/// The newcomer's browser on the guide's page.
struct Newcomer<'a> {
    a: Arbiter<'a>,
    lang: &'static str,
    csv: PathBuf,
    results_typed: usize,
}

impl Newcomer<'_> {
    async fn target(&self, label: &str, step: u32) -> Target {
        let found = self.a.b.client.execute(FIND, vec![json!(label)]).await;
        let found = found.unwrap_or_else(|e| panic!("look for {label:?}: {e}"));
        let kind = found[0].as_str().unwrap_or("none");
        let id = found[1].as_str().unwrap_or("").to_string();
        match kind {
            "click" => Target::Click {
                loads: id == "loads",
                empty_results: found[2]
                    .as_array()
                    .map(|v| {
                        v.iter()
                            .filter_map(|s| s.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
            },
            "field" => Target::Field(id),
            "file" => Target::File(id),
            _ => panic!(
                "first-event.md ({}), step {step}: the guide says **{label}**, but {} shows no \
                 link, button, field or heading of that name:\n{}",
                self.lang,
                self.a.b.current_url().await,
                self.a.b.body_text().await
            ),
        }
    }

    /// The value the newcomer types into a field the guide names.
    fn value_for(&self, field: &str, step: u32) -> String {
        match field {
            "name" => match self.lang {
                "fr" => "Open du guide".to_string(),
                _ => "The guide's open".to_string(),
            },
            "place" => "Besançon".to_string(),
            "rounds" => ROUNDS.to_string(),
            other => panic!(
                "first-event.md ({}), step {step}: the guide names the field #{other}, which the \
                 test has no value for",
                self.lang
            ),
        }
    }

    async fn follow(&mut self, step: &Step, round: u32) {
        // The picture of a form is taken once its fields are filled, before it is sent.
        let mut filled = false;
        for label in &step.labels {
            let label = match label.strip_suffix(" 1") {
                Some(head) => format!("{head} {round}"),
                None => label.clone(),
            };
            match self.target(&label, step.number).await {
                Target::Field(id) => {
                    let value = self.value_for(&id, step.number);
                    self.a.b.fill(&format!("#{id}"), &value).await;
                    filled = true;
                }
                Target::File(id) => {
                    self.a.b.attach(&format!("#{id}"), &self.csv).await;
                }
                Target::Click {
                    loads,
                    empty_results,
                } => {
                    // "Type each board's result in its box": the boxes of the form the button sends.
                    for id in &empty_results {
                        let result = ["1-0", "1/2", "0-1"][self.results_typed % 3];
                        self.a.b.fill(&format!("#{id}"), result).await;
                        self.results_typed += 1;
                    }
                    if filled && self.a.event == 0 {
                        self.a.shot(&format!("new-event-{}", self.lang)).await;
                    }
                    if loads {
                        self.a
                            .press(
                                "[data-guide-target]",
                                &format!("step {}: {label}", step.number),
                            )
                            .await;
                    } else {
                        self.a
                            .b
                            .eval("window.__guidePrinted = false; window.print = () => { window.__guidePrinted = true; };")
                            .await;
                        self.a.b.click_here("[data-guide-target]").await;
                        let printed = self
                            .a
                            .b
                            .eval("return window.__guidePrinted === true;")
                            .await;
                        assert_eq!(
                            printed,
                            Value::Bool(true),
                            "step {}: **{label}** opens the browser's printing",
                            step.number
                        );
                    }
                }
            }
        }
    }
}

/// Both pages, English then French, on one server.
pub async fn first_event(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("guide");
    let server = Server::start(&tmp.path().join("guide.db"));
    let driver = Driver::start(&chromedriver);
    let csv = tmp.path().join("players.csv");
    std::fs::write(&csv, french_csv(&entrants(PLAYERS))).expect("write the CSV");
    let mut a = Arbiter::first_account(
        driver.desktop("newcomer", 1280, 900).await,
        &server,
        shots.clone(),
    )
    .await;
    for lang in ["en", "fr"] {
        let page = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../docs/guide")
            .join(lang)
            .join("src/first-event.md");
        let text = std::fs::read_to_string(&page)
            .unwrap_or_else(|e| panic!("read {}: {e}", page.display()));
        let all = steps(&text);
        assert!(
            all.len() >= 5,
            "{}: the first event's numbered steps ({} found)",
            page.display(),
            all.len()
        );
        let (before, each_round, after) = split_rounds(&all);
        a.b.goto(&server.url("/")).await;
        a.switch_language(lang).await;
        a.event = 0;
        let mut n = Newcomer {
            a,
            lang,
            csv: csv.clone(),
            results_typed: 0,
        };
        for step in &before {
            n.follow(step, 1).await;
        }
        let event = event_of(&n.a.b.current_url().await);
        n.a.event = event;
        for round in 1..=ROUNDS {
            for step in &each_round {
                n.follow(step, round).await;
            }
            if round == 1 {
                n.a.shot(&format!("round-1-{lang}")).await;
            }
        }
        for step in &after {
            n.follow(step, ROUNDS).await;
        }
        n.a.shot(&format!("standings-{lang}")).await;
        n.a.b
            .print_pdf(&shots, &format!("standings-print-{lang}"))
            .await;
        the_event_is_over(&n.a, lang).await;
        a = n.a;
    }
    a.b.close().await;
}

/// The event's id from an address under `/events/ID`.
fn event_of(url: &str) -> u64 {
    url.split("/events/")
        .nth(1)
        .and_then(|rest| rest.split(['/', '?', '#']).next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| {
            panic!("after the guide's first steps the browser is on an event, not {url}")
        })
}

/// Every round played: 10 players ranked, 5 rounds of 5 boards, one point a board.
async fn the_event_is_over(a: &Arbiter<'_>, lang: &str) {
    assert!(
        a.b.current_url().await.ends_with("/standings"),
        "{lang}: the guide ends on the standings"
    );
    let (status, body) = a.b.fetch_text(&a.event_url("/standings.json")).await;
    assert_eq!(status, 200, "{lang}: the standings as JSON: {body}");
    let v: Value = serde_json::from_str(&body).expect("the standings' JSON");
    assert_eq!(
        v["after_round"],
        json!(ROUNDS),
        "{lang}: the standings after the last round"
    );
    let rows = v["rows"].as_array().expect("the standings' rows");
    assert_eq!(rows.len(), PLAYERS, "{lang}: every player ranked");
    let half_points: u64 = rows.iter().map(|r| half_points(&r["points"])).sum();
    assert_eq!(
        half_points,
        2 * u64::from(ROUNDS) * (PLAYERS as u64 / 2),
        "{lang}: {ROUNDS} rounds of {} boards, one point a board",
        PLAYERS / 2
    );
}

/// A score as the JSON writes it (`2.5`, `"2.5"` or `"2½"`), in half points.
fn half_points(v: &Value) -> u64 {
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let text = text.replace(',', ".");
    let (whole, half) = match text.strip_suffix('½') {
        Some(w) => (w.to_string(), 1),
        None => match text.split_once('.') {
            Some((w, "5")) => (w.to_string(), 1),
            Some((w, "0")) | Some((w, "")) => (w.to_string(), 0),
            Some(_) => panic!("a score in half points, not {text}"),
            None => (text.clone(), 0),
        },
    };
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole
            .parse()
            .unwrap_or_else(|_| panic!("a score, not {text}"))
    };
    whole * 2 + half
}
