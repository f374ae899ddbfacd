//! Printing a page as Chromium prints it (Chrome DevTools' `Page.printToPDF` through
//! chromedriver, honouring the page's own `@page` size and orientation), and measuring it in
//! print media at the width of the paper's printable area: what sticks out of that width is
//! cut (or shrunk) on paper.

use std::path::Path;

use serde_json::{json, Value};

use super::harness::Browser;

async fn cdp(b: &Browser, cmd: &'static str, params: Value) -> Value {
    b.cdp(cmd, params).await
}

/// Standard base64 (what DevTools sends files as).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let bytes: Vec<u8> = text.bytes().filter(|c| *c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            n |= value(*c) << (18 - 6 * i);
        }
        let got = chunk.len() * 6 / 8;
        out.extend_from_slice(&n.to_be_bytes()[1..1 + got]);
    }
    out
}

/// A printed page, as measured.
#[derive(Debug)]
pub struct Printed {
    /// Pages of the PDF.
    pub pages: usize,
    /// The paper is wider than high.
    pub landscape: bool,
    /// What sticks out of the printable width, or scrolls inside it (empty when it fits).
    pub overflow: Vec<String>,
    /// The text shown in print media.
    pub text: String,
}

/// The first page's `/MediaBox` of Chromium's PDF, in points, and the number of pages.
fn paper(pdf: &[u8]) -> ((f64, f64), usize) {
    let text = String::from_utf8_lossy(pdf);
    let at = text.find("/MediaBox [").expect("a /MediaBox in the PDF") + "/MediaBox [".len();
    let numbers: Vec<f64> = text[at..]
        .split(']')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 4, "a /MediaBox of four numbers");
    let pages = text.matches("/Type /Page").count() - text.matches("/Type /Pages").count();
    ((numbers[2] - numbers[0], numbers[3] - numbers[1]), pages)
}

/// The script that lists, in print media, the elements whose right edge passes the page's
/// width and the ones that scroll (their content clipped on paper). Two pixels of slack: a
/// collapsed table border's half pixel rounds past a 100 % wide table's edge.
const MEASURE: &str = "const width = document.documentElement.clientWidth;\
  const out = [];\
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');\
  if (document.documentElement.scrollWidth > width + 2) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide for ' + width);\
  for (const el of document.querySelectorAll('body *')) {\
    const r = el.getBoundingClientRect();\
    if (r.width === 0 || r.height === 0) continue;\
    if (r.right > width + 2) { out.push(name(el) + ' ends at ' + Math.round(r.right) + ' px of ' + width); if (out.length > 12) break; }\
    const style = getComputedStyle(el);\
    if (['auto', 'scroll', 'hidden'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) out.push(name(el) + ' scrolls: ' + el.scrollWidth + ' px in ' + el.clientWidth);\
  }\
  return out;";

/// Prints the page shown to `DIR/NAME.pdf` at its own page size (A4 unless it says
/// otherwise), saves what it looks like in print media as `DIR/NAME.png`, and measures it at
/// the width of the paper's printable area (`margin_mm` on each side).
pub async fn print_and_measure(
    b: &Browser,
    dir: &Path,
    name: &str,
    margin_mm: (f64, f64),
) -> Printed {
    let pdf = cdp(
        b,
        "Page.printToPDF",
        json!({ "preferCSSPageSize": true, "printBackground": true }),
    )
    .await;
    let pdf = base64(pdf["data"].as_str().expect("the PDF's data"));
    std::fs::write(dir.join(format!("{name}.pdf")), &pdf).expect("write the PDF");
    let ((w, h), pages) = paper(&pdf);
    let landscape = w > h;
    // Points to CSS pixels (96 a inch, 72 points a inch); the margins the stylesheet gives.
    let margin = if landscape { margin_mm.1 } else { margin_mm.0 };
    let width = (w * 96.0 / 72.0 - 2.0 * margin * 96.0 / 25.4).floor();
    cdp(b, "Emulation.setEmulatedMedia", json!({ "media": "print" })).await;
    cdp(
        b,
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": width as u32, "height": (h * 96.0 / 72.0) as u32, "deviceScaleFactor": 1, "mobile": false }),
    )
    .await;
    let overflow: Vec<String> = b
        .eval(MEASURE)
        .await
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .collect();
    let text = b
        .eval("return document.body.innerText;")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string();
    if super::harness::shot_wanted(dir, name) {
        let png = cdp(
            b,
            "Page.captureScreenshot",
            json!({ "format": "png", "captureBeyondViewport": true }),
        )
        .await;
        let png = base64(png["data"].as_str().expect("the PNG's data"));
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write the PNG");
    }
    cdp(b, "Emulation.clearDeviceMetricsOverride", json!({})).await;
    cdp(b, "Emulation.setEmulatedMedia", json!({ "media": "" })).await;
    Printed {
        pages,
        landscape,
        overflow,
        text,
    }
}
