//! Kept imports: when a new upload replaces an uploaded spreadsheet's rows, the rows it replaces
//! are kept (the last `TESSERA_KEPT_IMPORTS`, default 5), gzip-compressed, with row counts to
//! compare; the owner can restore one, which keeps the rows it replaces in turn. The replace,
//! the kept copy and its activity entry are one transaction.

use std::io::Write;
use std::ops::ControlFlow;

use base64::Engine;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::infra::config::HistoryLimits;
use crate::infra::db::time_ordered_id;
use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ResultExt};
use crate::sheets::incoming::Incoming;
use crate::sheets::row_log::{self, RowLog};
use crate::sheets::store::{self, StoredTab};
use tessera_files::Piece;

/// A tab's size, to compare a kept import with the rows now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SnapshotTab {
    pub title: String,
    pub rows: i64,
    pub columns: i64,
}

/// An earlier upload, kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImportSnapshot {
    pub id: String,
    /// When it was replaced.
    pub created_at: i64,
    /// Who replaced it.
    pub actor: String,
    /// The file that replaced it.
    pub file_name: String,
    pub tabs: Vec<SnapshotTab>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SnapshotList {
    /// The tabs stored now.
    pub current: Vec<SnapshotTab>,
    /// Newest first.
    pub snapshots: Vec<ImportSnapshot>,
    /// How many earlier uploads are kept (`TESSERA_KEPT_IMPORTS`).
    pub keep: i64,
}

/// Row counts by tab in the tabs' order, as an import's activity entry shows them.
fn counts(tabs: &[SnapshotTab]) -> Vec<(String, String)> {
    tabs.iter().map(|tab| (tab.title.clone(), format!("{} rows", tab.rows))).collect()
}

/// Each stored tab's size, counted by the database, in order.
async fn stored_sizes(conn: &mut AnyConnection, spreadsheet_id: &str) -> Result<Vec<SnapshotTab>, Error> {
    let tabs: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT s.title, s.columns, (SELECT COUNT(*) FROM sheet_rows r WHERE r.sheet_id = s.id) FROM sheets s \
         WHERE s.spreadsheet_id = $1 ORDER BY s.position, s.title",
    )
    .bind(spreadsheet_id)
    .fetch_all(&mut *conn)
    .await
    .context("counting a spreadsheet's rows")?;
    tabs.into_iter()
        .map(|(title, columns, rows)| {
            let columns: Vec<String> = serde_json::from_str(&columns).context("reading a sheet's columns")?;
            Ok(SnapshotTab { title, rows, columns: columns.len() as i64 })
        })
        .collect()
}

/// The stored tabs of a spreadsheet as a kept import: gzip-compressed JSON of tabs ([`KeptWriter`]),
/// base64. Each row's cells are JSON in the database already and go into the compressor as the
/// database sends them, so keeping a 10,000,000-cell spreadsheet holds its compressed bytes and
/// a row, never its rows (issue 31). Answers the kept import and each tab's size, counted as
/// its rows go by.
async fn keep_stored(conn: &mut AnyConnection, spreadsheet_id: &str) -> Result<(String, Vec<SnapshotTab>), Error> {
    use futures_util::TryStreamExt;
    let sheets: Vec<(String, String, String)> =
        sqlx::query_as("SELECT id, title, columns FROM sheets WHERE spreadsheet_id = $1 ORDER BY position, title")
            .bind(spreadsheet_id)
            .fetch_all(&mut *conn)
            .await
            .context("reading the tabs to keep")?;
    let mut kept = KeptWriter::new();
    let mut sizes = Vec::with_capacity(sheets.len());
    for (id, title, columns) in sheets {
        kept.tab(&title, &columns)?;
        let width = serde_json::from_str::<Vec<String>>(&columns).context("reading a sheet's columns")?.len();
        let mut rows = sqlx::query_scalar::<_, String>("SELECT cells FROM sheet_rows WHERE sheet_id = $1 ORDER BY position")
            .bind(&id)
            .fetch(&mut *conn);
        let mut count = 0;
        while let Some(cells) = rows.try_next().await.context("reading the rows to keep")? {
            kept.row(&cells)?;
            count += 1;
        }
        sizes.push(SnapshotTab { title, rows: count, columns: width as i64 });
    }
    Ok((kept.finish()?, sizes))
}

/// Writes `[{"title", "columns", "rows"}, ...]` as JSON into a gzip stream, a tab header and a row at a time.
struct KeptWriter {
    encoder: flate2::write::GzEncoder<Vec<u8>>,
    /// Nothing written yet in the list of tabs, or in the current tab's rows.
    first_tab: bool,
    first_row: bool,
}

impl KeptWriter {
    fn new() -> Self {
        Self { encoder: flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default()), first_tab: true, first_row: true }
    }

    fn write(&mut self, text: &[u8]) -> Result<(), Error> {
        self.encoder.write_all(text).context("keeping an import")
    }

    /// Ends the tab before (if any) and starts one; `columns` is the tab's columns as JSON.
    fn tab(&mut self, title: &str, columns: &str) -> Result<(), Error> {
        let opening = if self.first_tab { "[" } else { "]}," };
        let title = serde_json::to_string(title).context("keeping an import")?;
        self.write(format!("{opening}{{\"title\":{title},\"columns\":{columns},\"rows\":[").as_bytes())?;
        (self.first_tab, self.first_row) = (false, true);
        Ok(())
    }

    /// One row of the current tab; `cells` is the row as JSON.
    fn row(&mut self, cells: &str) -> Result<(), Error> {
        if !std::mem::take(&mut self.first_row) {
            self.write(b",")?;
        }
        self.write(cells.as_bytes())
    }

    fn finish(mut self) -> Result<String, Error> {
        let closing: &[u8] = if self.first_tab { b"[]" } else { b"]}]" };
        self.write(closing)?;
        let bytes = self.encoder.finish().context("keeping an import")?;
        Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
    }
}

/// Replaces the rows of an uploaded spreadsheet with `sheets` in one transaction: keeps the rows
/// replaced (unless no imports are kept), files the `import` entry, prunes kept imports past the
/// limit. Answers the stored tabs. Neither the rows replaced nor the rows stored (a file's, a
/// kept import's) are held whole.
pub async fn replace(
    db: &Db,
    limits: &HistoryLimits,
    spreadsheet_id: &str,
    sheets: Incoming,
    file_name: &str,
    log: &RowLog,
) -> Result<Vec<StoredTab>, Error> {
    let existing = store::list(db, spreadsheet_id).await?;
    let mut tx = db.pool.begin().await.context("starting an import")?;
    // Keeping the rows replaced counts them on the way; otherwise the database counts them.
    let (kept_tabs, before_sizes) = if limits.keeps_history() && limits.kept_imports > 0 {
        let (tabs, sizes) = keep_stored(&mut tx, spreadsheet_id).await?;
        (Some(tabs), sizes)
    } else if limits.keeps_history() {
        (None, stored_sizes(&mut tx, spreadsheet_id).await?)
    } else {
        (None, Vec::new())
    };
    let kept = if let Some(tabs) = kept_tabs {
        let id = time_ordered_id();
        sqlx::query("INSERT INTO import_snapshots (id, spreadsheet_id, actor, file_name, counts, tabs, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(&id)
            .bind(spreadsheet_id)
            .bind(&log.actor.label)
            .bind(file_name)
            .bind(serde_json::to_string(&before_sizes).context("keeping an import")?)
            .bind(tabs)
            .bind(now())
            .execute(&mut *tx)
            .await
            .context("keeping an import")?;
        prune(&mut tx, spreadsheet_id, limits.kept_imports).await?;
        Some(id)
    } else {
        None
    };
    let stored_tabs = sheets.write(&mut tx, spreadsheet_id, &existing).await?;
    if limits.keeps_history() {
        let after = stored_sizes(&mut tx, spreadsheet_id).await?;
        row_log::file_import(&mut tx, log, &counts(&before_sizes), &counts(&after), kept.as_deref()).await?;
    }
    tx.commit().await.context("committing an import")?;
    Ok(stored_tabs)
}

/// Keeps the newest `keep` imports of a spreadsheet.
async fn prune(conn: &mut AnyConnection, spreadsheet_id: &str, keep: i64) -> Result<(), Error> {
    let oldest_kept: Option<(String,)> =
        sqlx::query_as(&format!("SELECT id FROM import_snapshots WHERE spreadsheet_id = $1 ORDER BY id DESC LIMIT 1 OFFSET {}", keep - 1))
            .bind(spreadsheet_id)
            .fetch_optional(&mut *conn)
            .await
            .context("pruning kept imports")?;
    if let Some((id,)) = oldest_kept {
        sqlx::query("DELETE FROM import_snapshots WHERE spreadsheet_id = $1 AND id < $2")
            .bind(spreadsheet_id)
            .bind(id)
            .execute(conn)
            .await
            .context("pruning kept imports")?;
    }
    Ok(())
}

/// The kept imports of a spreadsheet and its tabs now.
pub async fn list(db: &Db, limits: &HistoryLimits, spreadsheet_id: &str) -> Result<SnapshotList, Error> {
    let rows: Vec<(String, i64, String, String, String)> =
        sqlx::query_as("SELECT id, created_at, actor, file_name, counts FROM import_snapshots WHERE spreadsheet_id = $1 ORDER BY id DESC")
            .bind(spreadsheet_id)
            .fetch_all(&db.pool)
            .await
            .context("listing kept imports")?;
    let snapshots = rows
        .into_iter()
        .map(|(id, created_at, actor, file_name, counts)| {
            Ok(ImportSnapshot { id, created_at, actor, file_name, tabs: serde_json::from_str(&counts).context("reading a kept import")? })
        })
        .collect::<Result<_, Error>>()?;
    let mut conn = db.pool.acquire().await.context("counting rows")?;
    let current = stored_sizes(&mut conn, spreadsheet_id).await?;
    Ok(SnapshotList { current, snapshots, keep: limits.kept_imports })
}

/// The kept import `snapshot_id` of a spreadsheet, read on a blocking thread while it is stored
/// (404 when it is no longer kept): its rows are inflated and parsed a batch at a time, so
/// restoring a 10,000,000-cell upload holds the compressed copy and a few batches, never its rows
/// (issue 31).
pub async fn incoming(db: &Db, spreadsheet_id: &str, snapshot_id: &str) -> Result<Incoming, Error> {
    let row: Option<(String, String)> = sqlx::query_as("SELECT tabs, counts FROM import_snapshots WHERE id = $1 AND spreadsheet_id = $2")
        .bind(snapshot_id)
        .bind(spreadsheet_id)
        .fetch_optional(&db.pool)
        .await
        .context("reading a kept import")?;
    let (tabs, counts) = row.ok_or_else(|| Error::NotFound("This earlier upload is no longer kept.".to_owned()))?;
    let counts: Vec<SnapshotTab> = serde_json::from_str(&counts).context("reading a kept import")?;
    Incoming::streamed(move |each| read_kept(&tabs, &counts, each)).await
}

/// Hands the tabs of a kept import (`keep_stored`'s text) to `each`: each tab's header, with its
/// row count from `counts` (kept beside it, counted as the rows were kept), then its rows.
fn read_kept(text: &str, counts: &[SnapshotTab], each: &mut dyn FnMut(Piece) -> ControlFlow<()>) -> Result<(), Error> {
    // Decoded, inflated and parsed as one stream: the copy is held once, as stored.
    let compressed = base64::read::DecoderReader::new(text.as_bytes(), &base64::engine::general_purpose::STANDARD);
    let json = std::io::BufReader::new(flate2::read::GzDecoder::new(compressed));
    let mut stopped = false;
    let read = KeptTabs { counts, each, stopped: &mut stopped }.deserialize(&mut serde_json::Deserializer::from_reader(json));
    match read {
        Err(_) if stopped => Ok(()),
        read => read.context("reading a kept import"),
    }
}

/// The list of kept tabs, each handed over as it is parsed.
struct KeptTabs<'a> {
    counts: &'a [SnapshotTab],
    each: &'a mut dyn FnMut(Piece) -> ControlFlow<()>,
    /// `each` broke: the parse ends early, and that is no error.
    stopped: &'a mut bool,
}

impl<'de> DeserializeSeed<'de> for KeptTabs<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for KeptTabs<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a list of kept tabs")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut tabs: A) -> Result<(), A::Error> {
        for count in self.counts {
            let tab = KeptTab { rows: count.rows, each: &mut *self.each, stopped: &mut *self.stopped };
            if tabs.next_element_seed(tab)?.is_none() {
                return Err(de::Error::custom("a kept import has fewer tabs than its counts"));
            }
        }
        match tabs.next_element::<IgnoredAny>()? {
            Some(_) => Err(de::Error::custom("a kept import has more tabs than its counts")),
            None => Ok(()),
        }
    }
}

/// One kept tab, `{"title": .., "columns": [..], "rows": [[..], ..]}` in that order
/// ([`KeptWriter`]): its header is handed over once its rows start, then each row.
struct KeptTab<'a> {
    rows: i64,
    each: &'a mut dyn FnMut(Piece) -> ControlFlow<()>,
    stopped: &'a mut bool,
}

impl KeptTab<'_> {
    fn hand_over<E: de::Error>(&mut self, piece: Piece) -> Result<(), E> {
        if (self.each)(piece).is_break() {
            *self.stopped = true;
            return Err(E::custom("the store stopped reading"));
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for KeptTab<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for KeptTab<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a kept tab")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut fields: A) -> Result<(), A::Error> {
        let (mut title, mut columns) = (None, None);
        while let Some(field) = fields.next_key::<String>()? {
            match field.as_str() {
                "title" => title = Some(fields.next_value()?),
                "columns" => columns = Some(fields.next_value()?),
                "rows" => {
                    let (Some(title), Some(columns)) = (title.take(), columns.take()) else {
                        return Err(de::Error::custom("a kept tab's rows come before its title and columns"));
                    };
                    self.hand_over(Piece::Tab { title, columns, rows: self.rows as usize })?;
                    fields.next_value_seed(KeptRows(&mut self))?;
                }
                _ => {
                    fields.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// A kept tab's rows, each handed over as it is parsed.
struct KeptRows<'t, 'a>(&'t mut KeptTab<'a>);

impl<'de> DeserializeSeed<'de> for KeptRows<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for KeptRows<'_, '_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a kept tab's rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut rows: A) -> Result<(), A::Error> {
        while let Some(row) = rows.next_element::<Vec<String>>()? {
            self.0.hand_over(Piece::Row(row))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces a kept import hands over, with the row counts kept beside it.
    fn read_back(text: &str, counts: &[(&str, i64)]) -> Result<Vec<Piece>, Error> {
        let counts: Vec<SnapshotTab> =
            counts.iter().map(|(title, rows)| SnapshotTab { title: title.to_string(), rows: *rows, columns: 0 }).collect();
        let mut pieces = Vec::new();
        read_kept(text, &counts, &mut |piece| {
            pieces.push(piece);
            ControlFlow::Continue(())
        })?;
        Ok(pieces)
    }

    #[test]
    fn kept_tabs_round_trip_through_compression_and_are_read_back_a_row_at_a_time() {
        let keep = |tabs: &[(&str, &[&str], usize)]| {
            let mut kept = KeptWriter::new();
            for (title, columns, rows) in tabs {
                kept.tab(title, &serde_json::to_string(columns).unwrap()).unwrap();
                for _ in 0..*rows {
                    kept.row(&serde_json::to_string(&["1", "é, \"x\""]).unwrap()).unwrap();
                }
            }
            kept.finish().unwrap()
        };
        let text = keep(&[("Orders", &["A", "B"], 200), ("Empty \"tab\"", &[], 0), ("One", &["A", "B"], 1)]);
        assert!(text.len() < 600, "200 equal rows compress well: {} bytes", text.len());
        let counts = [("Orders", 200), ("Empty \"tab\"", 0), ("One", 1)];
        let back = read_back(&text, &counts).unwrap();
        let row = Piece::Row(vec!["1".to_owned(), "é, \"x\"".to_owned()]);
        let header = |title: &str, columns: &[&str], rows| Piece::Tab {
            title: title.to_owned(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows,
        };
        let mut expected = vec![header("Orders", &["A", "B"], 200)];
        expected.extend(std::iter::repeat_n(row.clone(), 200));
        expected.extend([header("Empty \"tab\"", &[], 0), header("One", &["A", "B"], 1), row]);
        assert_eq!(back, expected);
        assert_eq!(read_back(&keep(&[]), &[]).unwrap(), [], "a spreadsheet without tabs keeps an empty list");
        assert!(read_back("not base64!", &[]).is_err());
        assert!(read_back(&text, &counts[..2]).is_err(), "a tab the counts do not have");
        assert!(read_back(&text, &[("Orders", 200), ("Empty", 0), ("One", 1), ("Gone", 3)]).is_err(), "a tab the copy does not have");
    }

    #[test]
    fn reading_a_kept_import_stops_when_the_store_does_without_an_error() {
        let mut kept = KeptWriter::new();
        kept.tab("T", "[\"A\"]").unwrap();
        for _ in 0..10 {
            kept.row("[\"1\"]").unwrap();
        }
        let text = kept.finish().unwrap();
        let mut seen = 0;
        let counts = [SnapshotTab { title: "T".into(), rows: 10, columns: 1 }];
        read_kept(&text, &counts, &mut |_| {
            seen += 1;
            if seen < 3 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .unwrap();
        assert_eq!(seen, 3);
    }
}
