//! The write side of the activity log (`history/activity.rs` reads it): every row write files
//! its entry in the transaction of the write itself ([`super::rows`] with a [`RowLog`]), so an
//! acknowledged write always has its entry and a failed one never does.

use serde::Serialize;
use sqlx::AnyConnection;
use tessera_core::table::RECORD_ID_COLUMN;
use utoipa::ToSchema;

use super::store::SheetInfo;
use crate::accounts::auth::Caller;
use crate::accounts::roles::Role;
use crate::infra::db::{now, time_ordered_id};
use crate::infra::error::{Error, ResultExt};

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
    pub(crate) fn undo(self) -> Option<Undo> {
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
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Account => "account",
            Self::AppUser => "app_user",
            Self::Guest => "guest",
        }
    }

    pub(crate) fn parse(text: &str) -> Self {
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
pub(crate) fn by_column(columns: &[String], cells: &[String]) -> Vec<(String, String)> {
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
