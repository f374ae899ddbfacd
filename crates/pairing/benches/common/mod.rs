//! What the pairing benchmarks share.

/// The process's peak resident memory (VmHWM) in kB, where /proc says it.
#[allow(dead_code)]
pub fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Resets the peak resident memory to the current one (Linux: `/proc/self/clear_refs`), so that
/// the next reading of [`peak_memory_kb`] is the peak since now. Does nothing elsewhere.
#[allow(dead_code)]
pub fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// CPU seconds used by this thread so far (Linux `/proc/thread-self/schedstat`; `None` where
/// the kernel does not say): a busy machine inflates wall-clock time, not this.
#[allow(dead_code)]
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

/// The load averages over 1, 5 and 15 minutes (Linux `/proc/loadavg`), for the figures' record.
#[allow(dead_code)]
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "?".to_string())
}

/// A digest of a round's pairing (boards in order, then the bye): equal digests from two builds
/// of an engine say they paired the round identically, which a timing alone cannot.
#[allow(dead_code)]
pub fn pairing_digest(p: &pairing::Pairing) -> u64 {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut digest = DefaultHasher::new();
    for b in &p.boards {
        (b.white.0, b.black.0).hash(&mut digest);
    }
    p.bye.map(|b| b.0).hash(&mut digest);
    digest.finish()
}
