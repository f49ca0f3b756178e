//! A whole tab in the core's binary columnar form (`tessera_core::columnar`), for the editor's
//! preview and the other screens that hold a tab in the browser's WASM core (issue 31). The
//! browser loads the bytes as they are (`SheetTable.fromColumnar`): no JSON to write here or to
//! parse there, and no pages of rows to read one after the other.
//!
//! Who may read it is exactly who may read the whole tab through the grid call (owners and
//! admins): the same check, `spreadsheets::manageable`.

use std::io::{self, Write};
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderName, HeaderValue};
use axum::response::{IntoResponse, Response};
use tessera_core::columnar;
use tessera_core::table::Table;
use tokio::sync::mpsc;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::spreadsheets::manageable;
use crate::accounts::auth::Caller;
use crate::infra::error::{Error, ErrorBody};
use crate::sheets::store;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(columns))
}

/// The header that carries the tab's data version, as the grid call's `version` field does.
pub const DATA_VERSION: HeaderName = HeaderName::from_static("x-data-version");

/// Bytes gathered before a chunk goes out: large enough that a tab of a million rows is a few
/// hundred sends, small enough that the body never sits in memory whole.
const CHUNK_BYTES: usize = 256 * 1024;

/// Chunks written but not yet sent that the writer may run ahead by, so a slow reader holds back
/// the writing instead of the server buffering the tab.
const CHUNKS_AHEAD: usize = 4;

/// A whole tab, every column included, in the binary columnar form the WASM core loads directly
/// (owner or admin, as the grid call). The body is streamed column by column; `X-Data-Version`
/// is the tab's data version.
#[utoipa::path(get, path = "/spreadsheets/{spreadsheetId}/sheets/{title}/columns", tag = "spreadsheets",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id"), ("title" = String, Path, description = "The tab title")),
    responses((status = 200, description = "The tab in tessera_core::columnar's form", content_type = "application/vnd.tessera.columns", body = Vec<u8>,
            headers(("X-Data-Version" = i64, description = "The tab's data version"))),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn columns(State(state): State<AppState>, caller: Caller, Path((id, title)): Path<(String, String)>) -> Result<Response, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    let sheet = store::find(&state.db, &spreadsheet.id, &title).await?.ok_or_else(|| no_tab(&title))?;
    let (table, version) = state
        .tables
        .table(&state.db, &sheet)
        .await?
        // Deleted since it was found.
        .ok_or_else(|| no_tab(&title))?;
    let headers = [
        (CONTENT_TYPE, HeaderValue::from_static(columnar::MEDIA_TYPE)),
        (DATA_VERSION, HeaderValue::from(version)),
        // The same URL answers new bytes after every write: the version header says which.
        (CACHE_CONTROL, HeaderValue::from_static("no-store")),
    ];
    Ok((headers, streamed(table)).into_response())
}

fn no_tab(title: &str) -> Error {
    Error::NotFound(format!("This spreadsheet has no tab named `{title}`."))
}

/// The body: a blocking task writes `table` through `columnar::write` into chunks that go out as
/// they fill. A write that fails (which the cached table cannot make happen) ends the body with
/// an error, so the client gets a cut transfer, which `decode` refuses, never a short table.
fn streamed(table: Arc<Table>) -> Body {
    let (sender, receiver) = mpsc::channel::<io::Result<Bytes>>(CHUNKS_AHEAD);
    tokio::task::spawn_blocking(move || {
        let mut out = Chunks { sender, buffer: Vec::with_capacity(CHUNK_BYTES) };
        if let Err(error) = columnar::write(&table, &mut out).and_then(|()| out.flush()) {
            // A reader that went away is not an error of the server.
            if error.kind() != io::ErrorKind::BrokenPipe {
                tracing::error!(%error, "writing a tab's columns");
                let _ = out.sender.blocking_send(Err(error));
            }
        }
    });
    // Fused: the compression layer polls a body once more after its end (for trailers), and
    // an unfold polled after it ended panics, which cut every compressed answer short.
    let chunks = futures_util::stream::unfold(receiver, |mut receiver| async move { receiver.recv().await.map(|chunk| (chunk, receiver)) });
    Body::from_stream(futures_util::StreamExt::fuse(chunks))
}

/// A writer that sends what it is given in chunks of about [`CHUNK_BYTES`].
struct Chunks {
    sender: mpsc::Sender<io::Result<Bytes>>,
    buffer: Vec<u8>,
}

impl Write for Chunks {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CHUNK_BYTES {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK_BYTES)));
        self.sender.blocking_send(Ok(chunk)).map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the reader went away"))
    }
}
