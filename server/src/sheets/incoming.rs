//! Tabs on their way in, from an uploaded file or a published CSV link: delimited text and
//! Parquet arrive a batch of rows at a time while they are stored, so their import holds the
//! bytes and a few batches, never the tab (issue 31); workbooks, whose readers build their tabs
//! whole, arrive whole.

use std::ops::ControlFlow;

use axum::body::Bytes;
use sqlx::AnyConnection;
use tessera_files::{ImportError, Limits};

use super::store::{self, IncomingTab, SheetInfo};
use super::ImportedSheet;
use crate::db::Db;
use crate::error::{Error, ResultExt};
use crate::imports_progress;

/// Rows per batch handed from the reading thread to the store.
const BATCH_ROWS: usize = 1_000;
/// Batches read ahead of the store: reading and writing overlap, memory stays a few batches.
const BATCHES_AHEAD: usize = 2;

/// A file as read: a one-tab file (delimited text, Parquet) as a tab whose rows arrive while
/// they are stored, workbooks whole.
pub enum Incoming {
    Whole(Vec<ImportedSheet>),
    Rows(IncomingTab),
}

impl Incoming {
    /// Reads `bytes` as the file `file_name` on a blocking thread, with `tessera-files`' rules
    /// and default limits. A one-tab file answers as soon as its header is known, its rows
    /// still being read; `error` says what a file that cannot be imported means to the caller.
    pub async fn read(file_name: String, bytes: Bytes, error: fn(ImportError) -> Error) -> Result<Self, Error> {
        imports_progress::reading();
        let reporter = imports_progress::current();
        let (header_sender, header) = tokio::sync::oneshot::channel();
        let (batch_sender, batches) = tokio::sync::mpsc::channel(BATCHES_AHEAD);
        let reading = tokio::task::spawn_blocking(move || {
            let mut progress = |rows| {
                if let Some(reporter) = &reporter {
                    reporter.rows_read(rows);
                }
            };
            let limits = Limits::default();
            let Some(tab) = tessera_files::tab_rows(&file_name, &bytes, &limits)? else {
                return tessera_files::import_reporting(&file_name, &bytes, &limits, &mut progress);
            };
            let _ = header_sender.send((tab.title().to_owned(), tab.columns().to_vec(), tab.row_count() as u64));
            let mut batch = Vec::with_capacity(BATCH_ROWS);
            let read = tab.read(&mut progress, |row| {
                batch.push(row);
                if batch.len() < BATCH_ROWS {
                    return ControlFlow::Continue(());
                }
                // A closed channel: the store gave up (or the client left), so reading stops.
                match batch_sender.blocking_send(Ok(std::mem::replace(&mut batch, Vec::with_capacity(BATCH_ROWS)))) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                }
            });
            let _ = batch_sender.blocking_send(read.map(|()| batch).map_err(error));
            Ok(Vec::new())
        });
        if let Ok((title, columns, rows)) = header.await {
            return Ok(Incoming::Rows(IncomingTab::new(title, columns, rows, batches)));
        }
        let sheets = reading.await.context("reading a spreadsheet file")?.map_err(error)?;
        Ok(Incoming::Whole(
            sheets.into_iter().map(|sheet| ImportedSheet { title: sheet.title, columns: sheet.columns, rows: sheet.rows }).collect(),
        ))
    }

    /// The same rows with a one-tab file's tab titled `title` (a link's tab is named after its
    /// spreadsheet, not after a file).
    pub fn titled(mut self, title: String) -> Self {
        match &mut self {
            Incoming::Rows(tab) => tab.title = title,
            Incoming::Whole(sheets) => {
                if let [sheet] = sheets.as_mut_slice() {
                    sheet.title = title;
                }
            }
        }
        self
    }

    /// Rows per tab.
    pub fn row_counts(&self) -> Vec<usize> {
        match self {
            Incoming::Whole(sheets) => sheets.iter().map(|sheet| sheet.rows.len()).collect(),
            Incoming::Rows(tab) => vec![tab.rows as usize],
        }
    }

    /// Stores the tabs in place of the spreadsheet's tabs, in one transaction, so a failed
    /// import (a write, or a reader that fails or stops short) leaves what was stored before.
    pub async fn store(self, db: &Db, spreadsheet_id: &str) -> Result<Vec<SheetInfo>, Error> {
        let existing = store::list(db, spreadsheet_id).await?;
        let mut tx = db.pool.begin().await.context("starting an import")?;
        let stored = self.write(&mut tx, spreadsheet_id, &existing).await?;
        tx.commit().await.context("committing an import")?;
        Ok(stored)
    }

    /// [`Incoming::store`] inside the caller's transaction, given the tabs stored before: rows
    /// that arrive in batches are written a batch at a time ([`store::write_incoming`]).
    pub async fn write(self, tx: &mut AnyConnection, spreadsheet_id: &str, existing: &[SheetInfo]) -> Result<Vec<SheetInfo>, Error> {
        match self {
            Incoming::Whole(sheets) => store::write_tabs(tx, spreadsheet_id, existing, sheets).await,
            Incoming::Rows(tab) => store::write_incoming(tx, spreadsheet_id, existing, tab).await,
        }
    }
}
