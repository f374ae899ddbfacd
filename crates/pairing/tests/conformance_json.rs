//! What the `meta.json` files of `../shared/conformance/systems/*` hold, read once for every
//! system's conformance test.

use serde_json::Value;

/// A JSON array of pairing numbers (`[3, 7]`); anything else reads as none.
pub fn numbers(v: &Value) -> Vec<u32> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_u64())
                .map(|x| x as u32)
                .collect()
        })
        .unwrap_or_default()
}
