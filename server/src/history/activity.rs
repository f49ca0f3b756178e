//! The activity log of rows: every row write through Tessera (form submit, add, edit, delete,
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
use sqlx::AnyConnection;
use tessera_core::table::RECORD_ID_COLUMN;
use utoipa::ToSchema;

use super::time_ordered_id;
use crate::accounts::auth::Caller;
use crate::accounts::roles::Role;
use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ResultExt};
use crate::sheets::store::SheetInfo;

/// What an entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Add,
    Edit,
    Delete,
    Duplicate,
    /// A deleted row put back from this log, or an import restored.
    Restore,
    /// An edit, add or duplicate undone from this log.
    Revert,
    /// An upload that replaced every row of the spreadsheet.
    Import,
}

impl Kind {
    pub const ALL: [Self; 7] = [Self::Add, Self::Edit, Self::Delete, Self::Duplicate, Self::Restore, Self::Revert, Self::Import];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Add => "add",
            Self::Edit => "edit",
            Self::Delete => "delete",
            Self::Duplicate => "duplicate",
            Self::Restore => "restore",
            Self::Revert => "revert",
            Self::Import => "import",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// What the owner may do about an entry of this kind that nothing undid yet.
    fn undo(self) -> Option<Undo> {
        match self {
            Self::Delete | Self::Import => Some(Undo::Restore),
            Self::Edit | Self::Add | Self::Duplicate => Some(Undo::Revert),
            Self::Restore | Self::Revert => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Undo {
    Restore,
    Revert,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActorKind {
    Account,
    AppUser,
    Guest,
}

impl ActorKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Account => "account",
            Self::AppUser => "app_user",
            Self::Guest => "guest",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "account" => Self::Account,
            "app_user" => Self::AppUser,
            _ => Self::Guest,
        }
    }
}

/// Who wrote: an account (owner, admin, any signed-in user a block lets write), an invited app
/// user, or a guest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ActivityActor {
    pub kind: ActorKind,
    /// The name and e-mail of an account or app user; `Guest 3f9a1c2e` for a guest.
    pub label: String,
}

impl ActivityActor {
    /// The caller of a write as the log names them; `guest` is their pseudonym, asked only for
    /// guests.
    pub fn of(caller: &Caller, role: Role, guest: impl FnOnce() -> String) -> Self {
        match &caller.signed_in {
            None => Self { kind: ActorKind::Guest, label: guest() },
            Some(signed_in) => {
                let user = &signed_in.user;
                let label = if user.name.trim().is_empty() { user.email.clone() } else { format!("{} <{}>", user.name.trim(), user.email) };
                let kind = if matches!(role, Role::Read | Role::ReadWrite) { ActorKind::AppUser } else { ActorKind::Account };
                Self { kind, label }
            }
        }
    }
}

/// The board or app page and the block a write came through.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Via {
    pub board_id: Option<String>,
    pub app_id: Option<String>,
    pub page_id: Option<String>,
    pub block_id: Option<String>,
    pub block_title: String,
}

/// How a row write is logged: who, through what, and, for a restore or revert made from this
/// log, the entry it undoes.
#[derive(Debug, Clone)]
pub struct RowLog {
    pub spreadsheet_id: String,
    pub actor: ActivityActor,
    pub via: Via,
    pub undoes: Option<String>,
}

/// A row write as the log files it.
#[derive(Debug, Clone, Copy)]
pub struct Written<'a> {
    pub kind: Kind,
    pub sheet: &'a SheetInfo,
    pub record_id: &'a str,
    pub before: Option<&'a [String]>,
    pub after: Option<&'a [String]>,
}

/// Cells by column in the sheet's order, without the record id (the entry names it once).
fn by_column(columns: &[String], cells: &[String]) -> Vec<(String, String)> {
    columns
        .iter()
        .zip(cells.iter().chain(std::iter::repeat(&String::new())))
        .filter(|(column, _)| column.as_str() != RECORD_ID_COLUMN)
        .map(|(column, cell)| (column.clone(), cell.clone()))
        .collect()
}

/// Files one entry inside the write's transaction; marks the entry it undoes. Answers its id.
pub async fn file(conn: &mut AnyConnection, log: &RowLog, written: Written<'_>) -> Result<String, Error> {
    let cells = |cells: Option<&[String]>| -> Result<Option<String>, Error> {
        cells.map(|cells| serde_json::to_string(&by_column(&written.sheet.columns, cells)).context("writing an activity entry")).transpose()
    };
    let kind = match (&log.undoes, written.kind) {
        (Some(_), Kind::Add) => Kind::Restore,
        (Some(_), _) => Kind::Revert,
        (None, kind) => kind,
    };
    insert(conn, log, kind, &written.sheet.title, written.record_id, cells(written.before)?, cells(written.after)?, None).await
}

/// Files an `import` entry: row counts by tab before and after, and the kept import it replaced.
pub async fn file_import(
    conn: &mut AnyConnection,
    log: &RowLog,
    before: &[(String, String)],
    after: &[(String, String)],
    snapshot_id: Option<&str>,
) -> Result<String, Error> {
    let json = |counts: &[(String, String)]| serde_json::to_string(counts).context("writing an activity entry");
    let kind = if log.undoes.is_some() { Kind::Restore } else { Kind::Import };
    insert(conn, log, kind, "", "", Some(json(before)?), Some(json(after)?), snapshot_id).await
}

#[allow(clippy::too_many_arguments)]
async fn insert(
    conn: &mut AnyConnection,
    log: &RowLog,
    kind: Kind,
    sheet_title: &str,
    record_id: &str,
    before: Option<String>,
    after: Option<String>,
    snapshot_id: Option<&str>,
) -> Result<String, Error> {
    let id = time_ordered_id();
    sqlx::query(
        "INSERT INTO row_activity (id, spreadsheet_id, sheet_title, record_id, kind, actor_kind, actor, board_id, app_id, page_id, block_id, \
         block_title, before_cells, after_cells, snapshot_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(&id)
    .bind(&log.spreadsheet_id)
    .bind(sheet_title)
    .bind(record_id)
    .bind(kind.as_str())
    .bind(log.actor.kind.as_str())
    .bind(&log.actor.label)
    .bind(&log.via.board_id)
    .bind(&log.via.app_id)
    .bind(&log.via.page_id)
    .bind(&log.via.block_id)
    .bind(&log.via.block_title)
    .bind(before)
    .bind(after)
    .bind(snapshot_id)
    .bind(now())
    .execute(&mut *conn)
    .await
    .context("logging a row write")?;
    if let Some(undone) = &log.undoes {
        sqlx::query("UPDATE row_activity SET undone_by = $1 WHERE id = $2")
            .bind(&id)
            .bind(undone)
            .execute(&mut *conn)
            .await
            .context("marking an undone change")?;
    }
    Ok(id)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_ids_sort_as_their_times() {
        let first = time_ordered_id();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let second = time_ordered_id();
        assert!(first < second, "{first} {second}");
        assert_eq!(first.len(), 32);
    }

    #[test]
    fn the_record_id_is_not_repeated_in_the_cells() {
        let columns = vec!["Name".to_owned(), RECORD_ID_COLUMN.to_owned(), "Amount".to_owned()];
        let cells = by_column(&columns, &["Ada".to_owned(), "r1".to_owned()]);
        assert_eq!(cells, [("Name".to_owned(), "Ada".to_owned()), ("Amount".to_owned(), String::new())], "in the sheet's order");
    }
}
