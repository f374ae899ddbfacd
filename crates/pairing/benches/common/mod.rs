//! What the pairing benchmarks share.

/// The process's peak resident memory (VmHWM) in kB, where /proc says it.
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
