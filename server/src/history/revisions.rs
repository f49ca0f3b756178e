//! Revisions of boards and apps: after every save (board or app settings, a block added,
//! edited, deleted, duplicated or moved, a page changed) [`record`] keeps the whole editable
//! state as a snapshot with a readable summary of what changed ([`super::summary`]). Editors
//! list them, look at one, and [`restore`] one; a restore is itself a revision, so it can be
//! undone by restoring the one before it.
//!
//! Saves that follow each other quickly (within [`MERGE_SECS`]) from the same editor to the
//! same settings of the same block are kept as one revision, as typing into a settings field
//! saves many times; adding, deleting or moving blocks always starts a new one.
//!
//! A restore runs in one transaction: killed half-way, the board or app is either as it was or
//! as restored, never a mix (`server/tests/binary.rs`).

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use serde_json::{json, Map, Value};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::summary::{self, block_name};
use crate::accounts::auth::Caller;
use crate::boards::app_settings::{self, Chrome};
use crate::boards::blocks::{self, BlockInput, Parent};
use crate::boards::{apps, board_state};
use crate::infra::config::HistoryLimits;
use crate::infra::db::{is_unique_violation, new_id, now, Db};
use crate::infra::error::{Error, ResultExt};

/// Saves closer together than this, by one editor, to the same things, make one revision.
pub const MERGE_SECS: i64 = 60;

/// At most this many revisions are listed (the newest).
const LISTED: i64 = 500;

/// What a revision is of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Board(String),
    App(String),
}

impl Target {
    fn column(&self) -> &'static str {
        match self {
            Self::Board(_) => "board_id",
            Self::App(_) => "app_id",
        }
    }

    fn id(&self) -> &str {
        match self {
            Self::Board(id) | Self::App(id) => id,
        }
    }

    fn table(&self) -> &'static str {
        match self {
            Self::Board(_) => "boards",
            Self::App(_) => "apps",
        }
    }
}

/// Who saved: the account's id and how the panel names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    pub id: Option<String>,
    pub label: String,
}

impl Editor {
    pub fn of(caller: &Caller) -> Self {
        match &caller.signed_in {
            Some(signed_in) => {
                let user = &signed_in.user;
                let label = if user.name.trim().is_empty() { user.email.clone() } else { user.name.trim().to_owned() };
                Self { id: Some(user.id.clone()), label }
            }
            None => Self { id: None, label: "Someone".to_owned() },
        }
    }
}

/// `{id, type, ...config}` as stored: no defaults filled in, no `temp_block`.
fn block_json(id: String, block_type: String, config: &str) -> Result<Value, Error> {
    let mut block: Map<String, Value> = serde_json::from_str(config).context("reading a stored block config")?;
    block.insert("id".to_owned(), Value::String(id));
    block.insert("type".to_owned(), Value::String(block_type));
    Ok(Value::Object(block))
}

fn settings_json(text: &str) -> Result<Value, Error> {
    serde_json::from_str(text).context("reading stored settings")
}

/// The editable state of `target` now, read in `conn`; `None` when it is gone.
async fn snapshot(conn: &mut AnyConnection, target: &Target) -> Result<Option<Value>, Error> {
    let head: Option<(String, Option<String>, String)> =
        sqlx::query_as(&format!("SELECT name, spreadsheet_id, settings FROM {} WHERE id = $1", target.table()))
            .bind(target.id())
            .fetch_optional(&mut *conn)
            .await
            .context("reading what to keep in history")?;
    let Some((name, spreadsheet_id, settings)) = head else { return Ok(None) };
    let mut state = json!({"name": name, "spreadsheet_id": spreadsheet_id, "settings": settings_json(&settings)?});
    match target {
        Target::Board(id) => {
            let rows: Vec<(String, String, String)> =
                sqlx::query_as("SELECT id, block_type, config FROM blocks WHERE board_id = $1 ORDER BY position, created_at, id")
                    .bind(id)
                    .fetch_all(&mut *conn)
                    .await
                    .context("reading blocks to keep in history")?;
            let blocks =
                rows.into_iter().map(|(id, block_type, config)| block_json(id, block_type, &config)).collect::<Result<Vec<_>, _>>()?;
            state["blocks"] = Value::Array(blocks);
        }
        Target::App(id) => {
            let pages: Vec<(String, String, String, String, String)> = sqlx::query_as(
                "SELECT id, page_name, page_slug, page_type, settings FROM pages WHERE app_id = $1 ORDER BY position, created_at, id",
            )
            .bind(id)
            .fetch_all(&mut *conn)
            .await
            .context("reading pages to keep in history")?;
            let rows: Vec<(String, String, String, String)> = sqlx::query_as(
                "SELECT b.id, b.page_id, b.block_type, b.config FROM blocks b JOIN pages p ON p.id = b.page_id WHERE p.app_id = $1 \
                 ORDER BY b.position, b.created_at, b.id",
            )
            .bind(id)
            .fetch_all(&mut *conn)
            .await
            .context("reading blocks to keep in history")?;
            let mut by_page: HashMap<String, Vec<Value>> = HashMap::new();
            for (id, page_id, block_type, config) in rows {
                by_page.entry(page_id).or_default().push(block_json(id, block_type, &config)?);
            }
            let pages = pages
                .into_iter()
                .map(|(id, page_name, page_slug, page_type, settings)| {
                    let blocks = by_page.remove(&id).unwrap_or_default();
                    Ok(json!({"id": id, "page_name": page_name, "page_slug": page_slug, "page_type": page_type,
                        "settings": settings_json(&settings)?, "blocks": blocks}))
                })
                .collect::<Result<Vec<_>, Error>>()?;
            state["pages"] = Value::Array(pages);
        }
    }
    Ok(Some(state))
}

/// Takes `target`'s row lock on PostgreSQL (SQLite has one writer anyway), so that two saves
/// of one board number their revisions one after the other.
async fn lock(conn: &mut AnyConnection, target: &Target) -> Result<(), Error> {
    sqlx::query(&format!("UPDATE {} SET updated_at = updated_at WHERE id = $1", target.table()))
        .bind(target.id())
        .execute(conn)
        .await
        .context("locking a board or app for its history")?;
    Ok(())
}

/// id, number, actor_id, snapshot, restored_from, created_at.
type Stored = (String, i64, Option<String>, String, Option<i64>, i64);

async fn newest(conn: &mut AnyConnection, target: &Target, count: i64) -> Result<Vec<Stored>, Error> {
    sqlx::query_as(&format!(
        "SELECT id, number, actor_id, snapshot, restored_from, created_at FROM revisions WHERE {} = $1 ORDER BY number DESC LIMIT {count}",
        target.column()
    ))
    .bind(target.id())
    .fetch_all(conn)
    .await
    .context("reading the latest revisions")
}

async fn is_pinned(conn: &mut AnyConnection, revision_id: &str) -> Result<bool, Error> {
    let pinned: Option<(String,)> = sqlx::query_as("SELECT board_id FROM marketplace_listings WHERE revision_id = $1")
        .bind(revision_id)
        .fetch_optional(conn)
        .await
        .context("checking a published revision")?;
    Ok(pinned.is_some())
}

#[allow(clippy::too_many_arguments)]
async fn insert(
    conn: &mut AnyConnection,
    target: &Target,
    number: i64,
    editor: &Editor,
    lines: &[String],
    snapshot: &Value,
    restored_from: Option<i64>,
) -> Result<Option<String>, Error> {
    let id = new_id();
    let (board_id, app_id) = match target {
        Target::Board(id) => (Some(id.as_str()), None),
        Target::App(id) => (None, Some(id.as_str())),
    };
    let inserted = sqlx::query(
        "INSERT INTO revisions (id, board_id, app_id, number, actor_id, actor, summary, snapshot, restored_from, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&id)
    .bind(board_id)
    .bind(app_id)
    .bind(number)
    .bind(&editor.id)
    .bind(&editor.label)
    .bind(serde_json::to_string(lines).context("writing a revision")?)
    .bind(snapshot.to_string())
    .bind(restored_from)
    .bind(now())
    .execute(conn)
    .await;
    match inserted {
        Ok(_) => Ok(Some(id)),
        // Another save of the same board took this number first.
        Err(error) if is_unique_violation(&error) => Ok(None),
        Err(error) => Err(error).context("keeping a revision"),
    }
}

/// Keeps `target`'s state after a save as a revision, unless it equals the newest one. A save
/// that only continues the newest revision's edit (same editor, same settings, within
/// [`MERGE_SECS`]) updates that revision instead. Nothing when no history is kept.
pub async fn record(db: &Db, limits: &HistoryLimits, editor: &Editor, target: &Target) -> Result<(), Error> {
    if !limits.keeps_history() {
        return Ok(());
    }
    // Two first saves of one board can both find no revision; the second then numbers again.
    for _ in 0..3 {
        if try_record(db, editor, target).await? {
            return Ok(());
        }
    }
    Err(Error::Conflict("This board was saved by several people at once; reload it and save again.".to_owned()))
}

/// Answers false when another save took the revision number first.
async fn try_record(db: &Db, editor: &Editor, target: &Target) -> Result<bool, Error> {
    let mut tx = db.pool.begin().await.context("starting a revision")?;
    lock(&mut tx, target).await?;
    let Some(after) = snapshot(&mut tx, target).await? else { return Ok(true) };
    let latest = newest(&mut tx, target, 2).await?;
    let snapshots: Vec<Value> =
        latest.iter().map(|row| serde_json::from_str(&row.3).context("reading a revision")).collect::<Result<_, _>>()?;
    if snapshots.first() == Some(&after) {
        return Ok(true);
    }
    let change = summary::describe(snapshots.first(), &after);
    if let (Some(last), [last_snapshot, before_last, ..]) = (latest.first(), snapshots.as_slice()) {
        let (last_id, _, actor_id, _, restored_from, created_at) = last;
        let merges = editor.id.is_some()
            && *actor_id == editor.id
            && now() - created_at < MERGE_SECS
            && restored_from.is_none()
            && !change.structural
            && summary::describe(Some(before_last), last_snapshot).same_edit_as(&change)
            && !is_pinned(&mut tx, last_id).await?;
        if merges {
            let combined = summary::describe(Some(before_last), &after);
            if combined.lines.is_empty() {
                // The edit went back to where it started: the revision before says it all.
                sqlx::query("DELETE FROM revisions WHERE id = $1").bind(last_id).execute(&mut *tx).await.context("merging a revision")?;
            } else {
                sqlx::query("UPDATE revisions SET snapshot = $1, summary = $2, created_at = $3 WHERE id = $4")
                    .bind(after.to_string())
                    .bind(serde_json::to_string(&combined.lines).context("writing a revision")?)
                    .bind(now())
                    .bind(last_id)
                    .execute(&mut *tx)
                    .await
                    .context("merging a revision")?;
            }
            tx.commit().await.context("committing a revision")?;
            return Ok(true);
        }
    }
    let number = latest.first().map_or(1, |last| last.1 + 1);
    if insert(&mut tx, target, number, editor, &change.lines, &after, None).await?.is_none() {
        return Ok(false);
    }
    tx.commit().await.context("committing a revision")?;
    Ok(true)
}

/// A revision as the History panel lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RevisionSummary {
    pub id: String,
    /// 1, 2, 3, ... per board or app.
    pub number: i64,
    pub created_at: i64,
    /// Who saved it.
    pub actor: String,
    /// What changed from the revision before, one line each.
    pub summary: Vec<String>,
    /// For a restore: the number of the revision it restored.
    pub restored_from: Option<i64>,
    /// The revision a marketplace listing published (kept while the listing is).
    pub published: bool,
    /// The newest revision: the state stored now.
    pub current: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RevisionList {
    /// Newest first, at most 500.
    pub revisions: Vec<RevisionSummary>,
}

/// One revision with its state: for a board `{name, spreadsheet_id, settings, blocks}`, for an
/// app `{name, spreadsheet_id, settings, app_header, app_footer, pages: [{id, page_name,
/// page_slug, page_type, settings, blocks}]}`; blocks as `{id, type, ...settings}`, as stored.
/// A board's and a page's `settings` are that version's with the defaults filled in, as its
/// viewers read them, so a preview never mixes in today's settings; an app's `settings` are as
/// stored, and `app_header`/`app_footer` are the header and footer its pages showed (or null).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RevisionDetail {
    pub revision: RevisionSummary,
    #[schema(value_type = Object)]
    pub snapshot: Value,
    /// What restoring it would change in the board or app as it is now, one line each (empty
    /// when it is the same), for the question asked before a restore.
    pub restore_changes: Vec<String>,
}

/// A block a restore could not put back, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SkippedBlock {
    pub block_id: String,
    /// The block's title, or its type's name.
    pub title: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RevisionRestored {
    /// The revision the restore made.
    pub revision: RevisionSummary,
    /// The revision holding the state the restore replaced: restoring it undoes the restore.
    pub replaced: String,
    /// Blocks that name a tab or column the spreadsheet no longer has: kept as they are now
    /// (or left out when they are gone now), the rest restored.
    pub skipped: Vec<SkippedBlock>,
}

type Listed = (String, i64, String, String, Option<i64>, i64, Option<String>);

fn summary_of((id, number, actor, lines, restored_from, created_at, published): Listed, newest: i64) -> Result<RevisionSummary, Error> {
    Ok(RevisionSummary {
        id,
        number,
        created_at,
        actor,
        summary: serde_json::from_str(&lines).context("reading a revision")?,
        restored_from,
        published: published.is_some(),
        current: number == newest,
    })
}

const LIST: &str = "SELECT r.id, r.number, r.actor, r.summary, r.restored_from, r.created_at, m.board_id FROM revisions r \
     LEFT JOIN marketplace_listings m ON m.revision_id = r.id";

/// The revisions of `target`, newest first.
pub async fn list(db: &Db, target: &Target) -> Result<RevisionList, Error> {
    let rows: Vec<Listed> = sqlx::query_as(&format!("{LIST} WHERE r.{} = $1 ORDER BY r.number DESC LIMIT {LISTED}", target.column()))
        .bind(target.id())
        .fetch_all(&db.pool)
        .await
        .context("listing revisions")?;
    let newest = rows.first().map_or(0, |row| row.1);
    Ok(RevisionList { revisions: rows.into_iter().map(|row| summary_of(row, newest)).collect::<Result<_, _>>()? })
}

fn gone() -> Error {
    Error::NotFound("This version is no longer kept (older versions are pruned after the history's retention time).".to_owned())
}

async fn newest_number(db: &Db, target: &Target) -> Result<i64, Error> {
    let (newest,): (Option<i64>,) = sqlx::query_as(&format!("SELECT MAX(number) FROM revisions WHERE {} = $1", target.column()))
        .bind(target.id())
        .fetch_one(&db.pool)
        .await
        .context("reading the newest revision")?;
    Ok(newest.unwrap_or(0))
}

async fn one(db: &Db, target: &Target, revision_id: &str) -> Result<RevisionSummary, Error> {
    let row: Option<Listed> = sqlx::query_as(&format!("{LIST} WHERE r.id = $1 AND r.{} = $2", target.column()))
        .bind(revision_id)
        .bind(target.id())
        .fetch_optional(&db.pool)
        .await
        .context("reading a revision")?;
    summary_of(row.ok_or_else(gone)?, newest_number(db, target).await?)
}

/// One revision of `target` with its snapshot, as [`RevisionDetail`] says.
pub async fn detail(db: &Db, target: &Target, revision_id: &str) -> Result<RevisionDetail, Error> {
    let revision = one(db, target, revision_id).await?;
    let (stored,): (String,) = sqlx::query_as("SELECT snapshot FROM revisions WHERE id = $1")
        .bind(revision_id)
        .fetch_one(&db.pool)
        .await
        .context("reading a revision")?;
    let mut kept: Value = serde_json::from_str(&stored).context("reading a revision")?;
    let mut conn = db.pool.acquire().await.context("reading a board or app now")?;
    let current = snapshot(&mut conn, target).await?.ok_or_else(gone)?;
    let restore_changes = summary::describe(Some(&current), &kept).lines;
    as_viewers_read(target, &mut kept)?;
    Ok(RevisionDetail { revision, snapshot: kept, restore_changes })
}

/// The stored settings of `value` (only what was set), as an object.
fn stored_settings(value: &Value) -> Map<String, Value> {
    value.get("settings").and_then(Value::as_object).cloned().unwrap_or_default()
}

/// Fills in `snapshot` what its viewers read and it left to the defaults: stored settings hold
/// only what an owner set, and a setting set only later must not show in an older version.
fn as_viewers_read(target: &Target, snapshot: &mut Value) -> Result<(), Error> {
    match target {
        Target::Board(_) => {
            let settings: board_state::Settings =
                serde_json::from_value(Value::Object(stored_settings(snapshot))).context("reading a revision's board settings")?;
            snapshot["settings"] = serde_json::to_value(settings).context("answering a revision's board settings")?;
        }
        Target::App(_) => {
            let app = stored_settings(snapshot);
            for chrome in Chrome::ALL {
                snapshot[format!("app_{}", chrome.key())] = app_settings::chrome_block(&app, chrome).unwrap_or(Value::Null);
            }
            for page in snapshot.get_mut("pages").and_then(Value::as_array_mut).into_iter().flatten() {
                let settings = apps::page_settings(stored_settings(page))?;
                page["settings"] = serde_json::to_value(settings).context("answering a revision's page settings")?;
            }
        }
    }
    Ok(())
}

/// The tabs of a spreadsheet by title, each with its columns.
async fn tabs(conn: &mut AnyConnection, spreadsheet_id: Option<&str>) -> Result<HashMap<String, HashSet<String>>, Error> {
    let Some(spreadsheet_id) = spreadsheet_id else { return Ok(HashMap::new()) };
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT title, columns FROM sheets WHERE spreadsheet_id = $1")
        .bind(spreadsheet_id)
        .fetch_all(conn)
        .await
        .context("reading the tabs of a spreadsheet")?;
    rows.into_iter()
        .map(|(title, columns)| {
            Ok((title, serde_json::from_str::<Vec<String>>(&columns).context("reading a sheet's columns")?.into_iter().collect()))
        })
        .collect()
}

/// Why `block` cannot be restored over these tabs, if it cannot.
fn unrestorable(block: &Value, tabs: &HashMap<String, HashSet<String>>) -> Option<String> {
    tessera_blocks::references(block).into_iter().find_map(|reference| {
        let sheet = reference.sheet?;
        let Some(columns) = tabs.get(&sheet) else { return Some(format!("The sheet `{sheet}` no longer exists.")) };
        let column = reference.column?;
        (!columns.contains(&column)).then(|| format!("The column `{column}` is no longer in the sheet `{sheet}`."))
    })
}

fn block_id(block: &Value) -> String {
    block.get("id").and_then(Value::as_str).unwrap_or_default().to_owned()
}

/// The blocks to store in place of `wanted`: each one that can be restored, else the block as
/// it is now (when it still exists), and the skipped ones with their reasons.
fn restorable(wanted: &[Value], now: &[Value], tabs: &HashMap<String, HashSet<String>>, skipped: &mut Vec<SkippedBlock>) -> Vec<Value> {
    wanted
        .iter()
        .filter_map(|block| match unrestorable(block, tabs) {
            None => Some(block.clone()),
            Some(reason) => {
                skipped.push(SkippedBlock { block_id: block_id(block), title: block_name(block), reason });
                now.iter().find(|current| block_id(current) == block_id(block)).cloned()
            }
        })
        .collect()
}

async fn put_blocks(conn: &mut AnyConnection, parent: Parent<'_>, blocks: &[Value]) -> Result<(), Error> {
    for (position, block) in blocks.iter().enumerate() {
        let mut config = block.as_object().cloned().unwrap_or_default();
        config.remove("id");
        let block_type = config.remove("type").and_then(|kind| kind.as_str().map(str::to_owned)).unwrap_or_default();
        blocks::put_back(conn, parent, &block_id(block), position, &BlockInput { block_type, config }).await?;
    }
    Ok(())
}

fn array<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value.get(key).and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

fn text<'a>(value: &'a Value, key: &str) -> &'a str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// Puts `target` back as revision `revision_id` kept it (name, settings, spreadsheet, blocks;
/// for apps also the pages), in one transaction, and records that as a new revision. Blocks
/// naming a tab or column the spreadsheet no longer has are skipped and said.
pub async fn restore(db: &Db, editor: &Editor, target: &Target, revision_id: &str) -> Result<RevisionRestored, Error> {
    let mut tx = db.pool.begin().await.context("starting a restore")?;
    lock(&mut tx, target).await?;
    let row: Option<(i64, String)> =
        sqlx::query_as(&format!("SELECT number, snapshot FROM revisions WHERE id = $1 AND {} = $2", target.column()))
            .bind(revision_id)
            .bind(target.id())
            .fetch_optional(&mut *tx)
            .await
            .context("reading a revision")?;
    let (number, wanted) = row.ok_or_else(gone)?;
    let wanted: Value = serde_json::from_str(&wanted).context("reading a revision")?;
    let current = snapshot(&mut tx, target).await?.ok_or_else(|| Error::NotFound("This board or app no longer exists.".to_owned()))?;
    // The spreadsheet the version used, if it is still in the workspace; else the one now.
    let workspace_spreadsheet: Option<(String,)> = sqlx::query_as(&format!(
        "SELECT s.id FROM spreadsheets s JOIN {table} t ON t.workspace_id = s.workspace_id WHERE t.id = $1 AND s.id = $2",
        table = target.table()
    ))
    .bind(target.id())
    .bind(text(&wanted, "spreadsheet_id"))
    .fetch_optional(&mut *tx)
    .await
    .context("checking a revision's spreadsheet")?;
    let spreadsheet_id =
        workspace_spreadsheet.map(|(id,)| id).or_else(|| current.get("spreadsheet_id").and_then(Value::as_str).map(str::to_owned));
    let tabs = tabs(&mut tx, spreadsheet_id.as_deref()).await?;
    let mut skipped = Vec::new();
    match target {
        Target::Board(board) => {
            let blocks = restorable(array(&wanted, "blocks"), array(&current, "blocks"), &tabs, &mut skipped);
            sqlx::query("DELETE FROM blocks WHERE board_id = $1").bind(board).execute(&mut *tx).await.context("restoring blocks")?;
            put_blocks(&mut tx, Parent::Board(board), &blocks).await?;
        }
        Target::App(app) => restore_pages(&mut tx, app, &wanted, &current, &tabs, &mut skipped).await?,
    }
    let settings = wanted.get("settings").cloned().unwrap_or_else(|| json!({}));
    sqlx::query(&format!("UPDATE {} SET name = $1, settings = $2, spreadsheet_id = $3, updated_at = $4 WHERE id = $5", target.table()))
        .bind(text(&wanted, "name"))
        .bind(settings.to_string())
        .bind(spreadsheet_id)
        .bind(now())
        .bind(target.id())
        .execute(&mut *tx)
        .await
        .context("restoring settings")?;
    let after = snapshot(&mut tx, target).await?.ok_or_else(|| Error::internal("restoring a revision", "the target vanished"))?;
    let mut lines = vec![format!("Restored version #{number}")];
    lines.extend(summary::describe(Some(&current), &after).lines);
    let saved_while = || Error::Conflict("This board or app was saved while it was being restored; restore the version again.".to_owned());
    let latest = newest(&mut tx, target, 1).await?;
    let mut number_after = latest.first().map_or(0, |row| row.1);
    // The state replaced is the newest revision's, as every save keeps one; when it is not (no
    // history kept yet), it is kept first, so that the restore can always be undone.
    let replaced = match latest.first() {
        Some(row) if serde_json::from_str::<Value>(&row.3).ok().as_ref() == Some(&current) => row.0.clone(),
        _ => {
            number_after += 1;
            let kept = vec![format!("Kept before restoring version #{number}")];
            insert(&mut tx, target, number_after, editor, &kept, &current, None).await?.ok_or_else(saved_while)?
        }
    };
    let id = insert(&mut tx, target, number_after + 1, editor, &lines, &after, Some(number)).await?.ok_or_else(saved_while)?;
    tx.commit().await.context("committing a restore")?;
    Ok(RevisionRestored { revision: one(db, target, &id).await?, replaced, skipped })
}

/// An app's pages as `wanted` has them: pages it lacks are deleted (their blocks with them),
/// the others written back with their ids, slugs and order, and every page's blocks replaced.
async fn restore_pages(
    tx: &mut AnyConnection,
    app: &str,
    wanted: &Value,
    current: &Value,
    tabs: &HashMap<String, HashSet<String>>,
    skipped: &mut Vec<SkippedBlock>,
) -> Result<(), Error> {
    let pages = array(wanted, "pages");
    let kept: Vec<String> = pages.iter().map(|page| text(page, "id").to_owned()).collect();
    let existing: Vec<(String,)> =
        sqlx::query_as("SELECT id FROM pages WHERE app_id = $1").bind(app).fetch_all(&mut *tx).await.context("reading pages")?;
    for (id,) in existing.iter().filter(|(id,)| !kept.contains(id)) {
        sqlx::query("DELETE FROM pages WHERE id = $1").bind(id).execute(&mut *tx).await.context("restoring pages")?;
    }
    // Slugs are unique per app: free them all first, so two pages may swap theirs.
    sqlx::query("UPDATE pages SET page_slug = '~' || id WHERE app_id = $1").bind(app).execute(&mut *tx).await.context("restoring pages")?;
    sqlx::query("DELETE FROM blocks WHERE page_id IN (SELECT id FROM pages WHERE app_id = $1)")
        .bind(app)
        .execute(&mut *tx)
        .await
        .context("restoring blocks")?;
    let current_pages = array(current, "pages");
    for (position, page) in pages.iter().enumerate() {
        let id = text(page, "id");
        let settings = page.get("settings").cloned().unwrap_or_else(|| json!({})).to_string();
        let there = existing.iter().any(|(existing,)| existing == id);
        let sql = if there {
            "UPDATE pages SET page_name = $1, page_slug = $2, page_type = $3, position = $4, settings = $5, updated_at = $6 WHERE id = $7 AND app_id = $8"
        } else {
            "INSERT INTO pages (page_name, page_slug, page_type, position, settings, created_at, updated_at, id, app_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8)"
        };
        sqlx::query(sql)
            .bind(text(page, "page_name"))
            .bind(text(page, "page_slug"))
            .bind(text(page, "page_type"))
            .bind(position as i64)
            .bind(settings)
            .bind(now())
            .bind(id)
            .bind(app)
            .execute(&mut *tx)
            .await
            .context("restoring a page")?;
        let now_blocks = current_pages.iter().find(|current| text(current, "id") == id).map_or(&[][..], |current| array(current, "blocks"));
        let blocks = restorable(array(page, "blocks"), now_blocks, tabs, skipped);
        put_blocks(tx, Parent::Page(id), &blocks).await?;
    }
    Ok(())
}

/// Pins the newest revision of a board to its marketplace listing (called when it is
/// published), so that pruning keeps what was published.
pub async fn pin_published(db: &Db, limits: &HistoryLimits, editor: &Editor, board_id: &str) -> Result<(), Error> {
    let target = Target::Board(board_id.to_owned());
    record(db, limits, editor, &target).await?;
    sqlx::query(
        "UPDATE marketplace_listings SET revision_id = (SELECT id FROM revisions WHERE board_id = $1 ORDER BY number DESC LIMIT 1) \
         WHERE board_id = $1",
    )
    .bind(board_id)
    .execute(&db.pool)
    .await
    .context("pinning the published revision")?;
    Ok(())
}

/// Records a first revision for every board and app that has none (those made before history
/// was kept), so that their first edit can be undone too. Run at start-up.
pub async fn backfill(db: &Db, limits: &HistoryLimits) -> Result<(), Error> {
    if !limits.keeps_history() {
        return Ok(());
    }
    let boards: Vec<(String,)> =
        sqlx::query_as("SELECT id FROM boards WHERE NOT EXISTS (SELECT 1 FROM revisions r WHERE r.board_id = boards.id)")
            .fetch_all(&db.pool)
            .await
            .context("finding boards without history")?;
    let apps: Vec<(String,)> = sqlx::query_as("SELECT id FROM apps WHERE NOT EXISTS (SELECT 1 FROM revisions r WHERE r.app_id = apps.id)")
        .fetch_all(&db.pool)
        .await
        .context("finding apps without history")?;
    let editor = Editor { id: None, label: "Tessera".to_owned() };
    let targets = boards.into_iter().map(|(id,)| Target::Board(id)).chain(apps.into_iter().map(|(id,)| Target::App(id)));
    for target in targets {
        record(db, limits, &editor, &target).await?;
    }
    Ok(())
}
