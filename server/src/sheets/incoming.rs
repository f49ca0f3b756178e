//! Tabs on their way in, from an uploaded file, a published CSV link, a Google spreadsheet's
//! answer or a kept earlier upload: their rows arrive a batch at a time while they are stored,
//! so an import holds the bytes and a few batches, never a tab (issue 31; XLS and ODS readers
//! build one tab at a time whole). Tabs made on the server (the demo, a template) arrive whole.

use std::ops::ControlFlow;

use axum::body::Bytes;
use sqlx::AnyConnection;
use tessera_files::{ImportError, Limits, Piece};

use super::store::{self, Arrival, IncomingTabs, SheetInfo, StoredTab, TabHeader};
use super::ImportedSheet;
use crate::infra::db::Db;
use crate::infra::error::{Error, ResultExt};
use crate::sheets::imports_progress;

/// Rows per batch handed from the reading thread to the store.
const BATCH_ROWS: usize = 1_000;
/// Batches read ahead of the store: reading and writing overlap, memory stays a few batches.
const BATCHES_AHEAD: usize = 2;

/// Tabs as read: a file's, a link's or a kept upload's as they are read; the demo's and a template's whole.
pub enum Incoming {
    Whole(Vec<ImportedSheet>),
    Rows(IncomingTabs),
}

impl Incoming {
    /// Reads `bytes` as the file `file_name` on a blocking thread, with `tessera-files`' rules
    /// and default limits. Answers as soon as the first tab's header is known, its rows still
    /// being read, or with the error that kept the file from giving one; `error` says what a
    /// file that cannot be imported means to the caller.
    pub async fn read(file_name: String, bytes: Bytes, error: fn(ImportError) -> Error) -> Result<Self, Error> {
        imports_progress::reading();
        let mut progress = imports_progress::rows_read_counter();
        Self::streamed(move |each| tessera_files::read_tabs(&file_name, &bytes, &Limits::default(), &mut progress, each).map_err(error))
            .await
    }

    /// Tabs that `read` hands over on a blocking thread, each tab's header and then its rows
    /// (it stops when its argument breaks: the store gave up, or the client left). Answers once
    /// the first tab's header has arrived, or with the error that came before it; a reader that
    /// ends without a tab gives none.
    pub async fn streamed(
        read: impl FnOnce(&mut dyn FnMut(Piece) -> ControlFlow<()>) -> Result<(), Error> + Send + 'static,
    ) -> Result<Self, Error> {
        let (sender, mut arrivals) = tokio::sync::mpsc::channel(BATCHES_AHEAD);
        let reading = tokio::task::spawn_blocking(move || {
            // A closed channel: the store gave up (or the client left), so reading stops.
            let send = |arrival| match sender.blocking_send(Ok(arrival)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            };
            let mut batch = Vec::with_capacity(BATCH_ROWS);
            let read = read(&mut |piece| match piece {
                Piece::Tab { title, columns, rows } => {
                    if !batch.is_empty() && send(Arrival::Rows(std::mem::take(&mut batch))).is_break() {
                        return ControlFlow::Break(());
                    }
                    send(Arrival::Tab(TabHeader { title, columns, rows: rows as u64 }))
                }
                Piece::Row(row) => {
                    batch.push(row);
                    if batch.len() < BATCH_ROWS {
                        return ControlFlow::Continue(());
                    }
                    send(Arrival::Rows(std::mem::replace(&mut batch, Vec::with_capacity(BATCH_ROWS))))
                }
            });
            let last = match read {
                Ok(()) if batch.is_empty() => return,
                Ok(()) => Ok(Arrival::Rows(batch)),
                Err(error) => Err(error),
            };
            let _ = sender.blocking_send(last);
        });
        match arrivals.recv().await {
            Some(Ok(Arrival::Tab(first))) => Ok(Incoming::Rows(IncomingTabs::new(first, arrivals))),
            Some(Err(error)) => Err(error),
            Some(Ok(Arrival::Rows(_))) => Err(Error::internal("reading tabs", "their reader sent rows before their tab")),
            // The reader ended without a tab (a file without one is refused before): no tabs.
            None => {
                reading.await.context("reading tabs")?;
                Ok(Incoming::Whole(Vec::new()))
            }
        }
    }

    /// The same rows with the first tab titled `title`, for a CSV link's one tab (named after its
    /// spreadsheet, not after a file); tabs that arrive whole are retitled only when there is one.
    pub fn titled(mut self, title: String) -> Self {
        match &mut self {
            Incoming::Rows(tabs) => {
                if let Some(first) = tabs.first() {
                    first.title = title;
                }
            }
            Incoming::Whole(sheets) => {
                if let [sheet] = sheets.as_mut_slice() {
                    sheet.title = title;
                }
            }
        }
        self
    }

    /// Stores the tabs in place of the spreadsheet's tabs, in one transaction, so a failed
    /// import (a write, or a reader that fails or stops short) leaves what was stored before.
    pub async fn store(self, db: &Db, spreadsheet_id: &str) -> Result<Vec<StoredTab>, Error> {
        let existing = store::list(db, spreadsheet_id).await?;
        let mut tx = db.pool.begin().await.context("starting an import")?;
        let stored = self.write(&mut tx, spreadsheet_id, &existing).await?;
        tx.commit().await.context("committing an import")?;
        Ok(stored)
    }

    /// [`Incoming::store`] inside the caller's transaction, given the tabs stored before: rows
    /// that arrive in batches are written a batch at a time ([`store::write_incoming`]).
    pub async fn write(self, tx: &mut AnyConnection, spreadsheet_id: &str, existing: &[SheetInfo]) -> Result<Vec<StoredTab>, Error> {
        match self {
            Incoming::Whole(sheets) => store::write_tabs(tx, spreadsheet_id, existing, sheets).await,
            Incoming::Rows(tabs) => store::write_incoming(tx, spreadsheet_id, existing, tabs).await,
        }
    }
}
