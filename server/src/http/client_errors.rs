//! Error reports from the browser (platform §8: errors are normalised to message plus status and
//! reported). Each is logged; with `TESSERA_SENTRY_DSN` set it is also sent on to that
//! Sentry-compatible service as a store-API event, so the DSN's key never ships to browsers.

use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::infra::config::SentryDsn;

/// Longest message, stack and URL kept; a report is evidence, not a payload.
const MAX_MESSAGE: usize = 2_000;
const MAX_STACK: usize = 8_000;
const MAX_URL: usize = 2_000;

/// One error as the web app normalised it (web/src/platform/errorReporting.ts).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClientError {
    pub message: String,
    /// The HTTP-like status the error carried, 500 when none.
    #[serde(default = "server_error")]
    pub status: u16,
    #[serde(default)]
    pub stack: Option<String>,
    /// The page the error happened on.
    #[serde(default)]
    pub url: Option<String>,
    /// The web app's build version.
    #[serde(default)]
    pub release: Option<String>,
}

fn server_error() -> u16 {
    500
}

fn clipped(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

impl ClientError {
    /// The report with every text clipped to its bound.
    pub fn clipped(self) -> Self {
        Self {
            message: clipped(&self.message, MAX_MESSAGE),
            status: self.status,
            stack: self.stack.map(|stack| clipped(&stack, MAX_STACK)),
            url: self.url.map(|url| clipped(&url, MAX_URL)),
            release: self.release.map(|release| clipped(&release, 100)),
        }
    }

    /// The Sentry store-API event for this report.
    pub fn sentry_event(&self, event_id: &str, timestamp: i64) -> serde_json::Value {
        json!({
            "event_id": event_id,
            "timestamp": timestamp,
            "platform": "javascript",
            "level": "error",
            "logger": "tessera.web",
            "release": self.release,
            "message": { "formatted": self.message },
            "tags": { "status": self.status.to_string() },
            "request": { "url": self.url },
            "extra": { "stack": self.stack },
        })
    }
}

/// Logs `report` as one line. Every field is the browser's text, so control characters (line
/// breaks above all) are written as escapes: a report cannot forge log lines of its own.
pub fn log(report: &ClientError) {
    tracing::warn!(
        message = %for_log(&report.message),
        status = report.status,
        url = %for_log(report.url.as_deref().unwrap_or("")),
        release = %for_log(report.release.as_deref().unwrap_or("")),
        stack = %for_log(report.stack.as_deref().unwrap_or("")),
        "browser error report"
    );
}

/// `text` with control characters and the Unicode line and paragraph separators as Rust
/// escapes (`\n`, `\u{1b}`); everything else as it is.
fn for_log(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Sends `report` to the DSN's store endpoint; failures are logged, never raised: losing a
/// report must not cost the user anything.
pub async fn forward(http: &reqwest::Client, dsn: &SentryDsn, report: &ClientError) {
    let event_id = uuid::Uuid::new_v4().simple().to_string();
    let auth = format!("Sentry sentry_version=7, sentry_client=tessera/{}, sentry_key={}", env!("CARGO_PKG_VERSION"), dsn.public_key);
    let sent = http
        .post(&dsn.store_url)
        .header("X-Sentry-Auth", auth)
        .json(&report.sentry_event(&event_id, crate::infra::db::now()))
        .send()
        .await
        .and_then(reqwest::Response::error_for_status);
    if let Err(error) = sent {
        tracing::warn!(%error, url = %dsn.store_url, "could not forward a browser error report to the Sentry DSN");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer the test's log lines go to.
    #[derive(Clone, Default)]
    struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_report_is_one_log_line_whatever_its_fields_hold() {
        let forged = "\n2026-12-06T00:00:00Z ERROR tessera: admin password reset";
        let report = ClientError {
            message: format!("boom{forged}"),
            status: 500,
            stack: Some(format!("at x\r{forged}\u{1b}[2J")),
            url: Some(format!("http://t/a{forged}")),
            release: Some(format!("1\u{2028}{forged}")),
        };
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).finish();
        tracing::subscriber::with_default(subscriber, || log(&report));
        let text = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(!text.contains(['\r', '\u{1b}', '\u{2028}']), "{text:?}");
        assert!(text.contains(r"boom\n2026-12-06T00:00:00Z ERROR"), "the text stays readable: {text}");
    }

    #[test]
    fn long_texts_are_clipped_on_character_boundaries() {
        let report =
            ClientError { message: "é".repeat(3_000), status: 500, stack: None, url: Some("x".repeat(10)), release: None }.clipped();
        assert_eq!(report.message.chars().count(), MAX_MESSAGE + 1);
        assert!(report.message.ends_with('…'));
        assert_eq!(report.url.as_deref(), Some("xxxxxxxxxx"));
    }

    #[test]
    fn the_sentry_event_carries_message_status_page_and_release() {
        let report = ClientError {
            message: "boom".into(),
            status: 502,
            stack: Some("at x".into()),
            url: Some("http://t/a".into()),
            release: Some("0.1.0".into()),
        };
        let event = report.sentry_event("0123", 1_700_000_000);
        assert_eq!(event["message"]["formatted"], "boom");
        assert_eq!(event["tags"]["status"], "502");
        assert_eq!(event["request"]["url"], "http://t/a");
        assert_eq!(event["release"], "0.1.0");
        assert_eq!(event["platform"], "javascript");
    }
}
