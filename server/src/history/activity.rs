//! The activity log of rows, as its owners read it (entries are filed by `sheets/row_log.rs`):
//! every row write through Tessera (form submit, add, edit, delete,
//! duplicate, Google Sheets write-back, an upload that replaces the rows, and the restores and
//! reverts made from this log) is one entry, written in the transaction of the write itself, so
//! an acknowledged write always has its entry and a failed one never does.
//!
//! An entry names who wrote (an account, an app user, or a guest by a salted pseudonym of their
//! address, never the address), through which board or app page and block, the record id, and
//! the cells before and after. Only owners and admins read it (`api::activity`).
//!
//! Entry ids start with the write's time in milliseconds as 12 hex digits, so ordering by id is
//! ordering by time on both databases, also within one second.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::infra::db::Db;
use crate::infra::error::{Error, ResultExt};
use crate::sheets::row_log::{by_column, ActivityActor, ActorKind, Kind, Undo};
use crate::sheets::store::SheetInfo;

/// One entry as the activity feed shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ActivityEntry {
    pub id: String,
    pub created_at: i64,
    pub kind: Kind,
    pub spreadsheet_id: String,
    /// The tab; empty for an import (every tab).
    pub sheet_title: String,
    /// The row's 'ChartApps Record ID'; empty for an import.
    pub record_id: String,
    pub actor: ActivityActor,
    pub board_id: Option<String>,
    pub app_id: Option<String>,
    pub page_id: Option<String>,
    pub block_id: Option<String>,
    /// The block's title when the write was made ("" when it had none, or for an import).
    pub block_title: String,
    /// The columns of `before` and `after` in the sheet's order when the write was made (tab
    /// titles for an import).
    pub columns: Vec<String>,
    /// Cells by column before the write (`null` for a new row); for an import, rows by tab.
    pub before: Option<BTreeMap<String, String>>,
    /// Cells by column after the write (`null` for a deleted row); for an import, rows by tab.
    pub after: Option<BTreeMap<String, String>>,
    /// The entry that restored or reverted this one.
    pub undone_by: Option<String>,
    /// What the owner can do about it now: restore a deleted row or a replaced import, revert an
    /// edit, add or duplicate; `null` once undone, for undos themselves, and for an import whose
    /// kept copy was pruned.
    pub undo: Option<Undo>,
    /// For an import: the kept import it replaced.
    pub snapshot_id: Option<String>,
}

#[derive(sqlx::FromRow)]
struct EntryRow {
    id: String,
    created_at: i64,
    kind: String,
    spreadsheet_id: String,
    sheet_title: String,
    record_id: String,
    actor_kind: String,
    actor: String,
    board_id: Option<String>,
    app_id: Option<String>,
    page_id: Option<String>,
    block_id: Option<String>,
    block_title: String,
    before_cells: Option<String>,
    after_cells: Option<String>,
    undone_by: Option<String>,
    snapshot_id: Option<String>,
    kept: Option<String>,
}

const SELECT: &str = "SELECT a.id, a.created_at, a.kind, a.spreadsheet_id, a.sheet_title, a.record_id, a.actor_kind, a.actor, a.board_id, \
     a.app_id, a.page_id, a.block_id, a.block_title, a.before_cells, a.after_cells, a.undone_by, a.snapshot_id, k.id AS kept \
     FROM row_activity a LEFT JOIN import_snapshots k ON k.id = a.snapshot_id";

fn entry(row: EntryRow) -> Result<ActivityEntry, Error> {
    let EntryRow {
        id,
        created_at,
        kind,
        spreadsheet_id,
        sheet_title,
        record_id,
        actor_kind,
        actor,
        board_id,
        app_id,
        page_id,
        block_id,
        block_title,
        before_cells: before,
        after_cells: after,
        undone_by,
        snapshot_id,
        kept,
    } = row;
    let kind = Kind::parse(&kind).ok_or_else(|| Error::internal("reading the activity log", format!("unknown kind `{kind}`")))?;
    let pairs = |text: Option<String>| -> Result<Option<Vec<(String, String)>>, Error> {
        text.map(|text| serde_json::from_str(&text).context("reading an activity entry")).transpose()
    };
    let (before, after) = (pairs(before)?, pairs(after)?);
    let mut columns: Vec<String> = Vec::new();
    for (column, _) in before.iter().chain(after.iter()).flatten() {
        if !columns.contains(column) {
            columns.push(column.clone());
        }
    }
    let cells = |pairs: Option<Vec<(String, String)>>| -> Result<_, Error> { Ok(pairs.map(|pairs| pairs.into_iter().collect())) };
    let still_kept = kind != Kind::Import || kept.is_some();
    let undo = kind.undo().filter(|_| undone_by.is_none() && still_kept);
    Ok(ActivityEntry {
        id,
        created_at,
        kind,
        spreadsheet_id,
        sheet_title,
        record_id,
        actor: ActivityActor { kind: ActorKind::parse(&actor_kind), label: actor },
        board_id,
        app_id,
        page_id,
        block_id,
        block_title,
        columns,
        before: cells(before)?,
        after: cells(after)?,
        undone_by,
        undo,
        snapshot_id,
    })
}

/// One entry by id.
pub async fn find(db: &Db, id: &str) -> Result<Option<ActivityEntry>, Error> {
    let row: Option<EntryRow> = sqlx::query_as(&format!("{SELECT} WHERE a.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
        .context("reading an activity entry")?;
    row.map(entry).transpose()
}

/// Which entries a feed shows: one spreadsheet's or one board's, narrowed by the filters.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub spreadsheet_id: Option<String>,
    pub board_id: Option<String>,
    pub actor: Option<String>,
    pub block_id: Option<String>,
    pub kind: Option<Kind>,
    pub since: Option<i64>,
    pub until: Option<i64>,
}

impl Filter {
    /// The WHERE clause and its text and number parameters, in order.
    fn clause(&self) -> (String, Vec<Param>) {
        let mut conditions = Vec::new();
        let mut params = Vec::new();
        let mut add = |condition: &str, param: Param| {
            params.push(param);
            conditions.push(condition.replace('?', &format!("${}", params.len())));
        };
        if let Some(id) = &self.spreadsheet_id {
            add("a.spreadsheet_id = ?", Param::Text(id.clone()));
        }
        if let Some(id) = &self.board_id {
            add("a.board_id = ?", Param::Text(id.clone()));
        }
        if let Some(actor) = &self.actor {
            add("a.actor = ?", Param::Text(actor.clone()));
        }
        if let Some(block) = &self.block_id {
            add("a.block_id = ?", Param::Text(block.clone()));
        }
        if let Some(kind) = self.kind {
            add("a.kind = ?", Param::Text(kind.as_str().to_owned()));
        }
        if let Some(since) = self.since {
            add("a.created_at >= ?", Param::Number(since));
        }
        if let Some(until) = self.until {
            add("a.created_at < ?", Param::Number(until));
        }
        let clause = if conditions.is_empty() { String::new() } else { format!(" WHERE {}", conditions.join(" AND ")) };
        (clause, params)
    }

    /// The same feed without the person, block and kind filters: what its facets list.
    fn unfiltered(&self) -> Self {
        Self { spreadsheet_id: self.spreadsheet_id.clone(), board_id: self.board_id.clone(), ..Self::default() }
    }
}

#[derive(Debug, Clone)]
enum Param {
    Text(String),
    Number(i64),
}

fn bind_all<'q, O>(
    mut query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    params: &[Param],
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
    for param in params {
        query = match param {
            Param::Text(text) => query.bind(text.clone()),
            Param::Number(number) => query.bind(*number),
        };
    }
    query
}

/// A block a feed's entries came through.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ActivityBlock {
    pub id: String,
    pub title: String,
}

/// The choices of a feed's filters: everyone and every block that wrote to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ActivityFacets {
    pub actors: Vec<String>,
    pub blocks: Vec<ActivityBlock>,
}

/// A page of a feed, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ActivityPage {
    pub entries: Vec<ActivityEntry>,
    /// How many entries match the filters in all.
    pub total: i64,
    pub facets: ActivityFacets,
}

/// The entries `filter` selects, newest first, `limit` from `offset`.
pub async fn entries(db: &Db, filter: &Filter, limit: i64, offset: i64) -> Result<Vec<ActivityEntry>, Error> {
    let (clause, params) = filter.clause();
    let sql = format!("{SELECT}{clause} ORDER BY a.id DESC LIMIT {limit} OFFSET {offset}");
    let rows: Vec<EntryRow> = bind_all(sqlx::query_as(&sql), &params).fetch_all(&db.pool).await.context("reading the activity log")?;
    rows.into_iter().map(entry).collect()
}

/// A page of the feed with its total and facets.
pub async fn page(db: &Db, filter: &Filter, limit: i64, offset: i64) -> Result<ActivityPage, Error> {
    let entries = entries(db, filter, limit, offset).await?;
    let (clause, params) = filter.clause();
    let (total,): (i64,) = bind_all(sqlx::query_as(&format!("SELECT COUNT(*) FROM row_activity a{clause}")), &params)
        .fetch_one(&db.pool)
        .await
        .context("counting the activity log")?;
    let (clause, params) = filter.unfiltered().clause();
    let actors: Vec<(String,)> =
        bind_all(sqlx::query_as(&format!("SELECT DISTINCT a.actor FROM row_activity a{clause} ORDER BY a.actor")), &params)
            .fetch_all(&db.pool)
            .await
            .context("listing who wrote")?;
    let block_clause =
        if clause.is_empty() { " WHERE a.block_id IS NOT NULL".to_owned() } else { format!("{clause} AND a.block_id IS NOT NULL") };
    let blocks: Vec<(String, String)> = bind_all(
        sqlx::query_as(&format!(
            "SELECT a.block_id, MAX(a.block_title) FROM row_activity a{block_clause} GROUP BY a.block_id ORDER BY MAX(a.block_title)"
        )),
        &params,
    )
    .fetch_all(&db.pool)
    .await
    .context("listing the blocks that wrote")?;
    Ok(ActivityPage {
        entries,
        total,
        facets: ActivityFacets {
            actors: actors.into_iter().map(|(actor,)| actor).collect(),
            blocks: blocks.into_iter().map(|(id, title)| ActivityBlock { id, title }).collect(),
        },
    })
}

/// Cells of a stored row by column, to compare with an entry's `after`.
pub fn cells_by_column(sheet: &SheetInfo, cells: &[String]) -> BTreeMap<String, String> {
    by_column(&sheet.columns, cells).into_iter().collect()
}

/// A feed as CSV: one line per entry, the changed cells as `column: before → after`.
pub fn csv(entries: &[ActivityEntry]) -> String {
    let mut out = String::from("time (UTC),kind,person,sheet,record id,block,changes\r\n");
    for entry in entries {
        let time = crate::infra::text::rfc3339(entry.created_at);
        let empty = BTreeMap::new();
        let (before, after) = (entry.before.as_ref().unwrap_or(&empty), entry.after.as_ref().unwrap_or(&empty));
        let changes: Vec<String> = entry
            .columns
            .iter()
            .filter(|column| before.get(*column) != after.get(*column))
            .map(|column| {
                format!("{column}: {} → {}", before.get(column).map_or("", String::as_str), after.get(column).map_or("", String::as_str))
            })
            .collect();
        let fields = [
            time,
            entry.kind.as_str().to_owned(),
            entry.actor.label.clone(),
            entry.sheet_title.clone(),
            entry.record_id.clone(),
            entry.block_title.clone(),
            changes.join("; "),
        ];
        crate::infra::csv::record(fields.iter().map(String::as_str), &mut out);
    }
    out
}
