//! The double-dummy solver's own worker (issue 34 §2): one thread and a queue, the one way the
//! server solves deals (a pairs session's hand records and a teams event's, after an upload or
//! for a page that finds deals unsolved). Nothing else waits for it: a request asks, answers
//! at once, and a page shows what is solved so far and reloads itself.
//!
//! One thread is enough: DDS solves each batch on every core itself. The queue holds each
//! owner once, however many pages ask, and the worker takes a few deals of each owner in turn,
//! so a long upload does not hold back a short one and a server stopping waits for a few
//! deals at most.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};

use store::bridge::{Analysed, DealsOf};

use crate::error::AppError;
use crate::AppState;

/// Deals solved in one go before the worker moves to the next owner waiting: a few seconds on
/// two cores (DDS takes 0.2 to 0.9 s a deal on this project's machine), and a batch big
/// enough for DDS to keep every core busy.
const BATCH: usize = 8;

/// The solver's queue, shared by the server's requests and its worker thread.
#[derive(Debug, Default)]
pub struct Solver {
    queue: Mutex<Queue>,
    wake: Condvar,
}

#[derive(Debug, Default)]
struct Queue {
    /// Owners whose deals wait for a solve, each once, in turn.
    waiting: VecDeque<DealsOf>,
    stopped: bool,
}

impl Solver {
    /// The solver and its worker thread, solving into `store`.
    pub fn start(store: store::Store) -> Arc<Solver> {
        let solver = Arc::new(Solver::default());
        let worker = solver.clone();
        let spawned = std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || worker.work(&store));
        if let Err(e) = spawned {
            // The pages say "being analysed" and the deals wait for a restart; nothing is lost.
            crate::log::error(format_args!("starting the double-dummy solver: {e}"));
        }
        solver
    }

    /// Asks for the owner's deals without analysis to be solved; returns at once.
    pub fn ask(&self, of: DealsOf) {
        let mut q = self.lock();
        if !q.stopped && !q.waiting.contains(&of) {
            q.waiting.push_back(of);
            self.wake.notify_one();
        }
    }

    /// Stops the worker once its batch under way is kept.
    pub fn stop(&self) {
        self.lock().stopped = true;
        self.wake.notify_all();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn work(&self, store: &store::Store) {
        // The solve takes every core for minutes: at the lowest priority (this thread's and
        // that of DDS's threads it starts, which inherit it), the pages and the phones' reports
        // get the processor first and the solve takes what they leave.
        #[cfg(unix)]
        if let Err(e) = rustix::process::setpriority_process(None, 19) {
            crate::log::error(format_args!("lowering the solver's priority: {e}"));
        }
        loop {
            let of = {
                let mut q = self.lock();
                loop {
                    if q.stopped {
                        return;
                    }
                    if let Some(of) = q.waiting.pop_front() {
                        break of;
                    }
                    q = self.wake.wait(q).unwrap_or_else(|e| e.into_inner());
                }
            };
            let before = store.analysis_progress(of).map(|a| a.solved);
            match store.analyse_some(of, BATCH) {
                // More to do and this batch got somewhere: back in line behind the others. (A
                // deal that no longer reads is never solved; it does not keep the worker busy.)
                Ok(a) if !a.done() && before.is_ok_and(|b| a.solved > b) => self.ask(of),
                Ok(_) => {}
                Err(e) => crate::log::error(format_args!("double-dummy analysis: {e}")),
            }
        }
    }
}

/// How far the owner's analysis has come, as a page shows it: `None` when every deal is
/// solved, otherwise the solver is asked for the rest (a page never waits for it).
pub(crate) fn progress(st: &AppState, of: DealsOf) -> Result<Option<Analysed>, AppError> {
    let a = st.store.analysis_progress(of)?;
    if a.done() {
        return Ok(None);
    }
    st.solver.ask(of);
    Ok(Some(a))
}

/// The "being analysed" notice of a page whose deals are not all solved yet.
#[derive(Debug, Clone)]
pub struct Analysing {
    pub solved: usize,
    pub deals: usize,
    pub text: String,
}

impl Analysing {
    pub fn new(tr: &crate::i18n::Tr, a: Analysed) -> Analysing {
        Analysing {
            solved: a.solved,
            deals: a.deals,
            text: tr.targs(
                "bridge-analysing",
                &[("solved", a.solved.into()), ("deals", a.deals.into())],
            ),
        }
    }
}

/// The notice for a page showing the owner's deals: `None` once every deal is solved.
pub(crate) fn notice(
    st: &AppState,
    tr: &crate::i18n::Tr,
    of: DealsOf,
) -> Result<Option<Analysing>, AppError> {
    Ok(progress(st, of)?.map(|a| Analysing::new(tr, a)))
}

/// The hand records as the API answers them: 200 once every deal is solved; while the solver
/// works, 202 with `Retry-After` and the deals so far (a deal not solved yet has no `tricks`
/// and no `par`).
pub(crate) fn api_answer(
    st: &AppState,
    of: DealsOf,
    records: &[store::bridge::HandRecord],
) -> crate::json::ApiResult {
    use axum::response::IntoResponse;
    let answer = axum::Json(records);
    Ok(match progress(st, of)? {
        None => answer.into_response(),
        Some(_) => (
            axum::http::StatusCode::ACCEPTED,
            [(axum::http::header::RETRY_AFTER, "5")],
            answer,
        )
            .into_response(),
    })
}
