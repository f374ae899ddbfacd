//! Publishing an event on chess-results.com: the site's upload protocol as its author documents
//! it (transcribed in Sharly Chess's `docs/technical-appendices/chess-results/`).
//!
//! 1. `GETSID` (`GET …?key1=GETSID&source=N`) gives a session id;
//! 2. `GETKEY` (`POST …?key1=GETKEY`, an XML body naming the tournament, the session id
//!    encrypted) gives the tournament's key, once per tournament: it is kept at once;
//! 3. `UPLOAD` (`POST …?key1=UPLOAD`, the upload file in the form field `xml`, its `<` and `>`
//!    written `{` and `}`) after a fresh session id, with the session id, the creator id and the
//!    key encrypted in the file's security section.
//!
//! Encryption is AES-128-CBC with PKCS #7 padding, written as upper-case hexadecimal, with the
//! key and IV chess-results issues to each program along with its source id. They are never in
//! the repository: an arbiter gives them in a file (see [`Credentials::parse`]).

use std::time::Duration;

use aes::cipher::{block_padding::Pkcs7, BlockEncryptMut, KeyIvInit};
use store::chess::chess_results::Signed;
use store::teams::TeamEventId;
use store::{EventId, Store};
use tournament::chess_results::Security;

/// chess-results.com's upload address.
pub const DEFAULT_URL: &str = "https://chess-results.com/Uploadxml.aspx";

/// The credentials chess-results.com issues to a program, and where to send.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    pub source: String,
    key: [u8; 16],
    iv: [u8; 16],
    pub url: String,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key nor the IV, in a log or an error.
        f.debug_struct("Credentials")
            .field("source", &self.source)
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

/// A problem of the credentials file, with its line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected {expected}, found {found}")]
pub struct CredentialsError {
    pub line: usize,
    pub expected: String,
    pub found: String,
}

fn hex16(s: &str) -> Option<[u8; 16]> {
    let s = s.trim();
    if s.len() != 32 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 16];
    for (k, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&s[2 * k..2 * k + 2], 16).ok()?;
    }
    Some(out)
}

impl Credentials {
    /// Reads `name = value` lines: `source` (the program's source id), `aes_key` and `aes_iv`
    /// (32 hexadecimal digits each), and optionally `url`. Blank lines and `#` comments are
    /// skipped.
    pub fn parse(text: &str) -> Result<Credentials, CredentialsError> {
        let (mut source, mut key, mut iv, mut url) = (None, None, None, None);
        for (k, line) in text.lines().enumerate() {
            let no = k + 1;
            let l = line.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let bad = |expected: &str, found: &str| CredentialsError {
                line: no,
                expected: expected.to_string(),
                found: found.to_string(),
            };
            let Some((name, value)) = l.split_once('=') else {
                return Err(bad("name = value", l));
            };
            let value = value.trim();
            match name.trim() {
                "source" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                    source = Some(value.to_string())
                }
                "source" => return Err(bad("the source id, a number", value)),
                "aes_key" => {
                    key = Some(hex16(value).ok_or_else(|| {
                        bad(
                            "the AES key, 32 hexadecimal digits",
                            &format!("{} characters", value.len()),
                        )
                    })?)
                }
                "aes_iv" => {
                    iv = Some(hex16(value).ok_or_else(|| {
                        bad(
                            "the AES IV, 32 hexadecimal digits",
                            &format!("{} characters", value.len()),
                        )
                    })?)
                }
                "url" if value.starts_with("http://") || value.starts_with("https://") => {
                    url = Some(value.to_string())
                }
                "url" => return Err(bad("an http:// or https:// address", value)),
                other => return Err(bad("source, aes_key, aes_iv or url", other)),
            }
        }
        let missing = |what: &str| CredentialsError {
            line: text.lines().count(),
            expected: format!("a line `{what} = …`"),
            found: "the end of the file".to_string(),
        };
        Ok(Credentials {
            source: source.ok_or_else(|| missing("source"))?,
            key: key.ok_or_else(|| missing("aes_key"))?,
            iv: iv.ok_or_else(|| missing("aes_iv"))?,
            url: url.unwrap_or_else(|| DEFAULT_URL.to_string()),
        })
    }

    /// AES-128-CBC with PKCS #7 padding, as upper-case hexadecimal.
    pub fn encrypt(&self, text: &str) -> String {
        self.encrypt_bytes(text.as_bytes())
    }

    fn encrypt_bytes(&self, data: &[u8]) -> String {
        let cipher = cbc::Encryptor::<aes::Aes128>::new(&self.key.into(), &self.iv.into());
        cipher
            .encrypt_padded_vec_mut::<Pkcs7>(data)
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect()
    }
}

/// Why an upload did not go through.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// The site could not be reached, or answered with an HTTP error.
    #[error("chess-results.com could not be reached: {0}")]
    Network(String),
    /// The site answered, and refused: its message.
    #[error("chess-results.com refused the {step}: {message}")]
    Refused { step: &'static str, message: String },
    #[error(transparent)]
    Store(#[from] store::Error),
}

/// The attributes of the answer's `<result>` and its first `<message>`'s text.
fn answer(body: &str) -> (Vec<(String, String)>, Option<String>) {
    let mut r = quick_xml::Reader::from_str(body);
    let mut result = Vec::new();
    let mut message = None;
    loop {
        match r.read_event() {
            Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e)) => {
                let attrs: Vec<(String, String)> = e
                    .attributes()
                    .flatten()
                    .map(|a| {
                        (
                            String::from_utf8_lossy(a.key.as_ref()).into_owned(),
                            a.unescape_value()
                                .map(|v| v.into_owned())
                                .unwrap_or_default(),
                        )
                    })
                    .collect();
                match e.name().as_ref() {
                    b"result" if result.is_empty() => result = attrs,
                    b"message" if message.is_none() => {
                        message = attrs
                            .into_iter()
                            .find(|(k, _)| k.eq_ignore_ascii_case("text"))
                            .map(|(_, v)| v)
                    }
                    _ => {}
                }
            }
            Ok(quick_xml::events::Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    (result, message)
}

/// The value of `want` in an answer whose status is OK, or the refusal.
fn ok_value(step: &'static str, body: &str, want: Option<&str>) -> Result<String, UploadError> {
    let (result, message) = answer(body);
    let get = |k: &str| result.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    if get("status").as_deref() == Some("OK") {
        match want {
            None => return Ok(String::new()),
            Some(w) => {
                if let Some(v) = get(w).filter(|v| !v.is_empty()) {
                    return Ok(v);
                }
            }
        }
    }
    Err(UploadError::Refused {
        step,
        message: message.unwrap_or_else(|| body.chars().take(200).collect()),
    })
}

/// What a request carries.
enum Body<'a> {
    Empty,
    /// An XML document (GETKEY).
    Xml(&'a str),
    /// The upload file as the form field `xml`.
    Form(&'a str),
}

/// A client of the upload protocol.
#[derive(Debug)]
pub struct Client {
    credentials: Credentials,
    agent: ureq::Agent,
}

impl Client {
    pub fn new(credentials: Credentials) -> Client {
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(60))
            .build();
        Client { credentials, agent }
    }

    fn send(
        &self,
        step: &'static str,
        request: ureq::Request,
        body: Body<'_>,
    ) -> Result<String, UploadError> {
        let sent = match body {
            Body::Empty => request.call(),
            Body::Xml(xml) => request
                .set("Content-Type", "application/xml")
                .send_string(xml),
            Body::Form(xml) => request.send_form(&[("xml", xml)]),
        };
        match sent {
            Ok(r) => r
                .into_string()
                .map_err(|e| UploadError::Network(e.to_string())),
            Err(ureq::Error::Status(code, r)) => Err(UploadError::Refused {
                step,
                message: format!("HTTP {code}: {}", r.into_string().unwrap_or_default()),
            }),
            Err(e) => Err(UploadError::Network(e.to_string())),
        }
    }

    /// GETSID: a new session id.
    pub fn session(&self) -> Result<String, UploadError> {
        let c = &self.credentials;
        let request = self
            .agent
            .get(&c.url)
            .query("key1", "GETSID")
            .query("source", &c.source);
        let body = self.send("session request (GETSID)", request, Body::Empty)?;
        ok_value("session request (GETSID)", &body, Some("sid"))
    }

    /// GETKEY: the tournament's key (ask once per tournament).
    pub fn new_key(
        &self,
        sid: &str,
        creator: &str,
        federation: &str,
        tournament: &str,
    ) -> Result<String, UploadError> {
        let c = &self.credentials;
        let esc = |s: &str| quick_xml::escape::escape(s).into_owned();
        let xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<chessresults>\n<getkey source=\"{}\" sid=\"{}\" creatorID=\"{}\" federation=\"{}\" tournament=\"{}\"/>\n</chessresults>\n",
            esc(&c.source),
            c.encrypt(sid),
            esc(creator),
            esc(federation),
            esc(tournament)
        );
        let request = self.agent.post(&c.url).query("key1", "GETKEY");
        let body = self.send("key request (GETKEY)", request, Body::Xml(&xml))?;
        ok_value("key request (GETKEY)", &body, Some("key"))
    }

    /// UPLOAD: the signed upload file.
    pub fn upload(&self, xml: &str) -> Result<(), UploadError> {
        let c = &self.credentials;
        let braced = xml.replace('<', "{").replace('>', "}");
        let request = self.agent.post(&c.url).query("key1", "UPLOAD");
        let body = self.send("upload", request, Body::Form(&braced))?;
        ok_value("upload", &body, None).map(|_| ())
    }

    /// Publishes the event: its key (asked for and kept at the first upload), then the file
    /// signed with a fresh session. Returns the event's key on chess-results.com.
    pub fn publish(&self, store: &Store, event: EventId) -> Result<String, UploadError> {
        let (key, creator) = match store.chess_results_key(event)? {
            Some(k) => k,
            None => {
                let e = store.event(event)?;
                let creator = creator_id();
                let federation = if e.settings.federation.trim().is_empty() {
                    "FID".to_string()
                } else {
                    e.settings.federation.trim().to_uppercase()
                };
                let sid = self.session()?;
                let key = self.new_key(&sid, &creator, &federation, &e.settings.name)?;
                store.set_chess_results_key(event, &key, &creator)?;
                (key, creator)
            }
        };
        let signed = self.signed(&key, &creator)?;
        let xml = store.export_chess_results(event, Some(signed))?;
        self.upload(&xml)?;
        Ok(key)
    }

    /// Publishes a team event as [`Client::publish`] does an individual one, its key kept
    /// with the team event.
    pub fn publish_team(&self, store: &Store, event: TeamEventId) -> Result<String, UploadError> {
        let (key, creator) = match store.team_chess_results_key(event)? {
            Some(k) => k,
            None => {
                let e = store.team_event(event)?;
                let creator = creator_id();
                let federation = if e.settings.federation.trim().is_empty() {
                    "FID".to_string()
                } else {
                    e.settings.federation.trim().to_uppercase()
                };
                let sid = self.session()?;
                let key = self.new_key(&sid, &creator, &federation, &e.settings.name)?;
                store.set_team_chess_results_key(event, &key, &creator)?;
                (key, creator)
            }
        };
        let signed = self.signed(&key, &creator)?;
        let xml = store.export_team_chess_results(event, Some(signed))?;
        self.upload(&xml)?;
        Ok(key)
    }

    /// The signed fields of an upload, with a fresh session.
    fn signed(&self, key: &str, creator: &str) -> Result<Signed, UploadError> {
        let sid = self.session()?;
        let c = &self.credentials;
        Ok(Signed {
            key: key.to_string(),
            creator: creator.to_string(),
            security: Security {
                source: c.source.clone(),
                sid: c.encrypt(&sid),
                creator_sid: c.encrypt(creator),
                tnr_sid: c.encrypt(key),
            },
        })
    }
}

/// A creator id for a new tournament on the site: a number from 1 to 65535, as the site's
/// users have, drawn from the clock (it only has to differ from other users').
fn creator_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() ^ d.as_secs() as u32);
    ((nanos % 65535) + 1).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encryption_matches_nist_and_openssl() {
        // NIST SP 800-38A F.2.1, first block (PKCS #7 adds a second, all padding).
        let c = Credentials::parse(
            "source = 1\naes_key = 2b7e151628aed2a6abf7158809cf4f3c\naes_iv = 000102030405060708090a0b0c0d0e0f\n",
        )
        .unwrap();
        let plain = [
            0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96, 0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93,
            0x17, 0x2a,
        ];
        assert!(c
            .encrypt_bytes(&plain)
            .starts_with("7649ABAC8119B246CEE98E9B12E9197D"));
        // `printf 140972164 | openssl enc -aes-128-cbc -K 0001…0f -iv 0f0e…00 | xxd -p`.
        let c = Credentials::parse(
            "source = 13\naes_key = 000102030405060708090a0b0c0d0e0f\naes_iv = 0f0e0d0c0b0a09080706050403020100\n",
        )
        .unwrap();
        assert_eq!(c.encrypt("140972164"), "DFFC86E41EF8277A8C06AD85EFBB8DC8");
        assert_eq!(c.url, DEFAULT_URL);
        assert!(!format!("{c:?}").contains("0001"));
    }

    #[test]
    fn a_bad_credentials_file_names_its_line() {
        let e = Credentials::parse("source = 13\naes_key = 00\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.expected.contains("32 hexadecimal digits"));
        let e = Credentials::parse("source = 13\n").unwrap_err();
        assert!(e.expected.contains("aes_key"));
        let e = Credentials::parse("password = x\n").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn answers_are_read_as_documented() {
        let ok = "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<chessresults>\n<result sid=\"140972164\" status =\"OK\" />\n</chessresults>";
        assert_eq!(ok_value("s", ok, Some("sid")).unwrap(), "140972164");
        let refused = "<?xml version=\"1.0\"?><chessresults><result status=\"ERROR\"/><messages><message type=\"error\" Text=\"Error getting New Chess-Results.com key\"/></massages></chessresults>";
        match ok_value("k", refused, Some("key")) {
            Err(UploadError::Refused { message, .. }) => {
                assert_eq!(message, "Error getting New Chess-Results.com key")
            }
            other => panic!("{other:?}"),
        }
    }
}
