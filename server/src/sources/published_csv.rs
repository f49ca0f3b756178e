//! Published CSV links: Google Sheets' "Publish to the web" links
//! (`https://docs.google.com/spreadsheets/d/e/…/pub?output=csv`) and any other http(s) address
//! that answers CSV. The link is read-only; the stored snapshot is its cache (`fetched_at`).

use reqwest::header::{CONTENT_LENGTH, CONTENT_TYPE};
use reqwest::Url;

use tessera_files::ImportError;

use super::Fetched;
use crate::infra::error::{Error, ResultExt};
use crate::infra::outbound;
use crate::sheets::incoming::Incoming;
use crate::AppState;

/// The largest CSV a link may answer: an uploaded file's limit, so a sheet that uploads also
/// connects.
pub const MAX_BYTES: usize = tessera_files::MAX_FILE_BYTES as usize;

pub const TOO_LARGE: &str =
    "The CSV link answers more than 200 MiB. Publish a smaller range of the spreadsheet, or upload the file instead.";

/// Cells a link's rows may span, counted as for an upload: rows times the widest row.
pub const TOO_MANY_CELLS: &str = "The CSV link answers more than 10,000,000 cells, the most one import may hold. Publish a \
     smaller range of the spreadsheet.";

/// Cell text a link's rows may hold, as for an upload: a value repeated over many cells counts
/// for each.
pub const TOO_MUCH_TEXT: &str = "The CSV link answers more than 500 MiB of cell text, the most one import may hold. Publish a \
     smaller range of the spreadsheet.";

pub const NOT_CSV: &str = "The link answers a web page, not CSV. In Google Sheets use File > Share > Publish to the web, choose \
     'Comma-separated values (.csv)', and paste the link it shows.";

pub const BINARY: &str = "The link answers a binary file (such as an Excel workbook or an image), not CSV text. Publish the \
     sheet as 'Comma-separated values (.csv)', or upload the file instead.";

pub const CUT_OFF: &str = "The CSV link's answer ends inside a quoted value, so it looks cut off. Refresh again in a moment; if \
     this stays, open the link in a browser and check the end of the file.";

/// The error of a read that took longer than `secs` seconds.
pub fn too_slow(secs: u64) -> Error {
    Error::Unavailable(format!(
        "The CSV link did not answer within {secs} seconds. Check that the link opens in a browser, then refresh again."
    ))
}

/// The address of a CSV link, or a 422 naming `url`.
pub fn checked_url(url: &str) -> Result<Url, Error> {
    let parsed = Url::parse(url.trim())
        .ok()
        .filter(|parsed| matches!(parsed.scheme(), "http" | "https") && parsed.host_str().is_some())
        .ok_or_else(|| Error::invalid("url", "Enter the full address of the CSV link, starting with https://"))?;
    Ok(parsed)
}

/// Fetches a CSV link and reads it as one tab titled `name` (else a name taken from the link),
/// with an upload's rules (`tessera_files`): the answer holds as soon as the header is known,
/// its rows arriving while they are stored.
pub async fn fetch(state: &AppState, url: &str, name: Option<&str>) -> Result<Fetched, Error> {
    let url = checked_url(url)?;
    outbound::check_url(&url, &state.config.private_access())?;
    let name = name.map(str::trim).filter(|name| !name.is_empty()).map(str::to_owned).unwrap_or_else(|| name_of(&url));
    let bytes = download(state, url).await?;
    // Up to 200 MiB of text takes a moment to check: not on an async worker.
    let text = tokio::task::spawn_blocking(move || as_text(bytes)).await.context("reading a CSV link")??;
    let sheets = Incoming::read(LINK_FILE.to_owned(), text.into(), link_error).await?.titled(name.clone());
    Ok(Fetched { name, sheets })
}

/// The file name a link's text is read as: `.csv` lets the reader sniff `,` `;` tab or `|`,
/// as for an upload.
const LINK_FILE: &str = "link.csv";

pub const NO_DATA: &str = "The CSV link answers no data: no row has a value. Check that the published range holds the \
     sheet's rows, then refresh again.";

/// What an answer the importer refuses means for a link.
fn link_error(error: ImportError) -> Error {
    let text = match error {
        ImportError::FileTooLarge { .. } => TOO_LARGE.to_owned(),
        ImportError::TooManyCells { .. } => TOO_MANY_CELLS.to_owned(),
        ImportError::NoData { .. } => NO_DATA.to_owned(),
        ImportError::TooMuchText { .. } => TOO_MUCH_TEXT.to_owned(),
        // The importer's other refusals are about files (names, formats, encodings) and cannot
        // come from an answer already checked to be text and read as UTF-8.
        error => format!("The CSV link does not answer readable CSV: {error}"),
    };
    Error::Unavailable(text)
}

/// The answer as UTF-8 text, once it is known to be CSV ([`refuse_non_csv`]). Text that is not
/// UTF-8 is read with replacement characters rather than refused, since CSV links from other
/// tools are sometimes in a legacy encoding.
fn as_text(bytes: Vec<u8>) -> Result<Vec<u8>, Error> {
    refuse_non_csv(&bytes)?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text.into_bytes(),
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned().into_bytes(),
    })
}

/// The last path segment without `.csv`, or a generic name for links like Google's `…/pub`.
fn name_of(url: &Url) -> String {
    let last = url.path_segments().and_then(|mut segments| segments.next_back()).unwrap_or_default();
    match last.strip_suffix(".csv").filter(|stem| !stem.is_empty()) {
        Some(stem) => stem.to_owned(),
        None => "Published CSV".to_owned(),
    }
}

async fn download(state: &AppState, url: Url) -> Result<Vec<u8>, Error> {
    let host = url.host_str().unwrap_or_default().to_owned();
    let failed = |error: reqwest::Error, reading_body: bool| {
        tracing::info!(%host, %error, "a CSV link could not be fetched");
        let reason = match (error.is_timeout(), reading_body) {
            (true, _) => "it did not answer in time",
            (false, true) => "its answer broke off before the end",
            (false, false) => "the host could not be reached",
        };
        Error::Unavailable(format!("Could not fetch the CSV link from {host}: {reason}. Check the link and try again."))
    };
    let mut response = state.user_http.get(url).send().await.map_err(|error| failed(error, false))?;
    let status = response.status();
    if !status.is_success() {
        return Err(Error::Unavailable(format!(
            "The CSV link answered HTTP {}. Check that the spreadsheet is still published to the web and that the link is complete.",
            status.as_u16()
        )));
    }
    let declared = response.headers().get(CONTENT_LENGTH).and_then(|value| value.to_str().ok()?.parse::<usize>().ok());
    if declared.is_some_and(|length| length > MAX_BYTES) {
        return Err(Error::Unavailable(TOO_LARGE.to_owned()));
    }
    let html = response.headers().get(CONTENT_TYPE).and_then(|value| value.to_str().ok()).is_some_and(|kind| kind.starts_with("text/html"));
    if html {
        return Err(Error::Unavailable(NOT_CSV.to_owned()));
    }
    // The length header may be absent or wrong: count what actually arrives.
    let mut bytes = Vec::with_capacity(declared.unwrap_or(0));
    while let Some(chunk) = response.chunk().await.map_err(|error| failed(error, true))? {
        if bytes.len() + chunk.len() > MAX_BYTES {
            return Err(Error::Unavailable(TOO_LARGE.to_owned()));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// Refuses answers that are not CSV text although their type did not say so: a web page (a
/// sign-in or error page served as text), a binary file (a NUL byte in its first 8 KiB, as
/// `git` decides), or text that ends inside a quoted value (a file cut off mid-way). Storing
/// any of them would replace the last good rows with garbage.
fn refuse_non_csv(bytes: &[u8]) -> Result<(), Error> {
    let start = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let start = &start[start.iter().position(|byte| !byte.is_ascii_whitespace()).unwrap_or(start.len())..];
    let opening = start.iter().take(14).map(u8::to_ascii_lowercase).collect::<Vec<u8>>();
    if opening.starts_with(b"<!doctype html") || opening.starts_with(b"<html") {
        return Err(Error::Unavailable(NOT_CSV.to_owned()));
    }
    if bytes.iter().take(8 * 1024).any(|byte| *byte == 0) {
        return Err(Error::Unavailable(BINARY.to_owned()));
    }
    if ends_inside_quotes(bytes) {
        return Err(Error::Unavailable(CUT_OFF.to_owned()));
    }
    Ok(())
}

/// True when the last field of `bytes` opens a quote (RFC 4180: a quote that starts a field)
/// and never closes it. A quote inside an unquoted field is a literal, as the reader takes it.
fn ends_inside_quotes(bytes: &[u8]) -> bool {
    let (mut quoted, mut at_field_start, mut after_quote) = (false, true, false);
    for &byte in bytes {
        if quoted {
            match (byte, after_quote) {
                (b'"', false) => after_quote = true,
                // A doubled quote is a literal quote.
                (b'"', true) => after_quote = false,
                (_, true) => {
                    quoted = false;
                    after_quote = false;
                    at_field_start = matches!(byte, b',' | b'\n' | b'\r');
                }
                _ => {}
            }
        } else {
            quoted = at_field_start && byte == b'"';
            at_field_start = matches!(byte, b',' | b'\n' | b'\r');
        }
    }
    quoted && !after_quote
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::ImportedSheet;

    /// The link's answer as the import reads it: its one tab, or the error the owner sees.
    async fn read(bytes: &[u8]) -> Result<ImportedSheet, String> {
        let text = as_text(bytes.to_vec()).map_err(|error| error.to_string())?;
        let incoming = Incoming::read(LINK_FILE.to_owned(), text.into(), link_error).await.map_err(|error| error.to_string())?;
        let Incoming::Rows(mut tabs) = incoming.titled("Sales".to_owned()) else { panic!("a link's rows are read as they are stored") };
        let tab = tabs.next_tab().await.map_err(|error| error.to_string())?.expect("a link's one tab");
        let mut rows = Vec::new();
        while let Some(batch) = tabs.next_batch().await.map_err(|error| error.to_string())? {
            rows.extend(batch);
        }
        assert!(tabs.next_tab().await.unwrap().is_none(), "a link has one tab");
        Ok(ImportedSheet { title: tab.title, columns: tab.columns, rows })
    }

    #[tokio::test]
    async fn a_link_is_read_with_an_uploads_rules() {
        // The first row with a value is the header; quoted fields keep commas and newlines.
        let sheet = read(b"\xef\xbb\xbf\n,,\nName,Note\nAda,\"a, b\"\nBob,\"two\nlines\"\n").await.unwrap();
        assert_eq!((sheet.title.as_str(), sheet.columns.as_slice()), ("Sales", &["Name".to_owned(), "Note".to_owned()][..]));
        assert_eq!(sheet.rows, [vec!["Ada".to_owned(), "a, b".to_owned()], vec!["Bob".to_owned(), "two\nlines".to_owned()]]);
        // The delimiter is sniffed, blank rows between are kept, repeated names made unique as
        // an upload's are, and text in a legacy encoding is read, not refused.
        let sheet = read(b"Name;Name;Name (2)\nJos\xe9;1;2\n;;\nBea;3;4\n").await.unwrap();
        assert_eq!(sheet.columns, ["Name", "Name (3)", "Name (2)"]);
        assert_eq!(sheet.rows.iter().map(|row| row[0].as_str()).collect::<Vec<_>>(), ["Jos\u{fffd}", "", "Bea"]);
    }

    #[test]
    fn pages_binary_files_and_cut_off_text_are_not_csv() {
        let refused = |bytes: &[u8]| refuse_non_csv(bytes).err().map(|error| error.to_string());
        assert_eq!(refused(b"\n  <!DOCTYPE html><html><body>Sign in</body></html>").as_deref(), Some(NOT_CSV));
        assert_eq!(refused(b"<HTML><p>502 Bad Gateway</p></HTML>").as_deref(), Some(NOT_CSV));
        assert_eq!(refused(b"PK\x03\x04\x14\x00\x06\x00").as_deref(), Some(BINARY));
        assert_eq!(refused(b"Name,Note\nAda,\"half a sent").as_deref(), Some(CUT_OFF));
        assert_eq!(refused(b"Name,Note\nAda,\"ends \"\"here\"\"").as_deref(), Some(CUT_OFF));
        for good in [
            &b"Name,Note\nAda,\"a, \"\"b\"\"\"\n"[..],
            b"Name,Note\nAda,\"two\nlines\"",
            b"Screen,Size\nTV,55\" wide\n",
            b"Name\n\"\"\n",
            b"",
            b"<b>bold</b>,x\n",
        ] {
            assert_eq!(refused(good), None, "{}", String::from_utf8_lossy(good));
        }
    }

    #[test]
    fn the_limits_are_an_uploads_and_their_texts_name_them() {
        assert_eq!(MAX_BYTES as u64, tessera_files::Limits::default().max_file_bytes);
        assert!(TOO_LARGE.contains(&format!("{} MiB", MAX_BYTES / (1024 * 1024))), "{TOO_LARGE}");
        assert!(TOO_MANY_CELLS.contains(&tessera_files::grouped(tessera_files::MAX_CELLS)), "{TOO_MANY_CELLS}");
        let text_limit = tessera_files::Limits::default().max_text_bytes;
        assert!(TOO_MUCH_TEXT.contains(&format!("{} MiB", text_limit / (1024 * 1024))), "{TOO_MUCH_TEXT}");
        let refused = link_error(ImportError::TooMuchText { file: LINK_FILE.to_owned(), limit: text_limit });
        assert_eq!(refused.to_string(), TOO_MUCH_TEXT);
    }

    #[tokio::test]
    async fn rows_past_ten_million_cells_are_refused_and_rows_at_the_limit_read() {
        // Ten columns: 1,000,000 rows (the header included) are the limit, one more is past it.
        let at_limit = b"a,b,c,d,e,f,g,h,i,j\n".repeat(1_000_000);
        let Incoming::Rows(mut tabs) = Incoming::read(LINK_FILE.to_owned(), at_limit.clone().into(), link_error).await.unwrap() else {
            panic!("a link's rows are read as they are stored")
        };
        assert_eq!(tabs.next_tab().await.unwrap().map(|tab| tab.rows), Some(999_999));
        let past = [&at_limit[..], b"x\n"].concat();
        assert_eq!(read(&past).await.unwrap_err(), TOO_MANY_CELLS);
    }

    #[tokio::test]
    async fn an_answer_without_a_value_is_refused_rather_than_stored_over_the_rows() {
        for empty in [&b""[..], b"\n\n", b" , \n,,\n"] {
            assert_eq!(read(empty).await.unwrap_err(), NO_DATA);
        }
    }

    #[test]
    fn links_are_named_by_their_file_or_generically() {
        assert_eq!(name_of(&Url::parse("https://example.com/data/sales.csv?x=1").unwrap()), "sales");
        assert_eq!(name_of(&Url::parse("https://docs.google.com/spreadsheets/d/e/2PACX/pub?output=csv").unwrap()), "Published CSV");
    }

    #[test]
    fn only_http_addresses_are_links() {
        assert!(checked_url("https://example.com/a.csv").is_ok());
        assert_eq!(checked_url("ftp://example.com/a.csv").unwrap_err().status(), axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(checked_url("not a link").is_err());
    }
}
