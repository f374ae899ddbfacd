//! What the printed code slips share, chess boards and bridge tables alike: the address they
//! print, whether the phones can reach it, and its QR code.

use axum::http::HeaderMap;

/// The address this request reached the server by (`http://HOST`, or `https://` behind a proxy
/// that says so): what a slip prints when no public address was set. A Host header with
/// anything but a host name, an address and a port falls back to `localhost`.
pub fn base_url(headers: &HeaderMap) -> String {
    let host = headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    let https = headers
        .get("x-forwarded-proto")
        .and_then(|h| h.to_str().ok())
        .is_some_and(|p| p.eq_ignore_ascii_case("https"));
    format!("{}://{host}", if https { "https" } else { "http" })
}

/// The address a slip prints when its event or session sets none: the server's `--public-url`,
/// else the one this request came by ([`base_url`]).
pub fn server_base(public_url: Option<&str>, headers: &HeaderMap) -> String {
    public_url
        .filter(|u| !u.is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| base_url(headers))
}

/// Whether the address names the machine itself, not one the phones can reach.
pub fn is_loopback(base: &str) -> bool {
    let host = base
        .split("://")
        .nth(1)
        .unwrap_or(base)
        .split('/')
        .next()
        .unwrap_or("");
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(h, _)| h),
    };
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// `url` as a QR code in inline SVG (no XML prologue), at least `size` pixels a side; empty
/// for a text too long for any QR code (an address never is).
pub fn qr_svg(url: &str, size: u32) -> String {
    let Ok(code) = qrcode::QrCode::new(url.as_bytes()) else {
        return String::new();
    };
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(size, size)
        .quiet_zone(true)
        .build();
    match svg.find("<svg") {
        Some(at) => svg[at..].to_string(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_addresses_are_told_from_the_halls() {
        assert!(is_loopback("http://127.0.0.1:8080"));
        assert!(is_loopback("http://localhost:8080/t"));
        assert!(is_loopback("http://[::1]:8080"));
        assert!(!is_loopback("http://192.168.1.20:8080"));
        assert!(!is_loopback("https://chess.example.org"));
    }

    #[test]
    fn a_qr_code_is_inline_svg() {
        let svg = qr_svg("http://192.168.1.20:8080/report?code=AB12", 112);
        assert!(svg.starts_with("<svg"), "{svg}");
    }
}
