//! Pruning: revisions, row activity and kept imports older than `TESSERA_HISTORY_DAYS`, and
//! past the size limits (`TESSERA_HISTORY_REVISIONS` per board or app, `TESSERA_ACTIVITY_ROWS`
//! per spreadsheet), are deleted by [`prune`], which the server runs at start-up and every hour.
//! History is never the current state: boards, apps, blocks and rows live in their own tables,
//! and the newest revision of each board or app, and a revision a marketplace listing pins, are
//! always kept.

use std::time::Duration;

use crate::infra::config::HistoryLimits;
use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ResultExt};

/// How often the server prunes.
pub const EVERY: Duration = Duration::from_secs(3600);

/// What one pruning deleted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pruned {
    pub revisions: u64,
    pub activity: u64,
    pub imports: u64,
}

/// A revision that must stay: the newest of its board or app, or pinned by a listing.
const PROTECTED: &str = "revisions.id IN (SELECT revision_id FROM marketplace_listings WHERE revision_id IS NOT NULL) \
     OR NOT EXISTS (SELECT 1 FROM revisions newer WHERE newer.number > revisions.number \
     AND (newer.board_id = revisions.board_id OR newer.app_id = revisions.app_id))";

/// Deletes what `limits` no longer keep, as of `at` (Unix seconds).
pub async fn prune(db: &Db, limits: &HistoryLimits, at: i64) -> Result<Pruned, Error> {
    // With no history kept (0 days) nothing new is written, and what was kept before goes.
    let cutoff = at - limits.days * 86_400;
    let old = sqlx::query(&format!("DELETE FROM revisions WHERE created_at < $1 AND NOT ({PROTECTED})"))
        .bind(cutoff)
        .execute(&db.pool)
        .await
        .context("pruning old revisions")?;
    let many = sqlx::query(&format!(
        "DELETE FROM revisions WHERE NOT ({PROTECTED}) AND EXISTS (SELECT 1 FROM revisions newer WHERE newer.number >= revisions.number + $1 \
         AND (newer.board_id = revisions.board_id OR newer.app_id = revisions.app_id))"
    ))
    .bind(limits.revisions)
    .execute(&db.pool)
    .await
    .context("pruning revisions past the limit")?;
    let mut activity = sqlx::query("DELETE FROM row_activity WHERE created_at < $1")
        .bind(cutoff)
        .execute(&db.pool)
        .await
        .context("pruning old activity")?
        .rows_affected();
    let crowded: Vec<(String,)> = sqlx::query_as("SELECT spreadsheet_id FROM row_activity GROUP BY spreadsheet_id HAVING COUNT(*) > $1")
        .bind(limits.activity_rows)
        .fetch_all(&db.pool)
        .await
        .context("counting activity")?;
    for (spreadsheet_id,) in crowded {
        // Entry ids sort by time: keep the newest `activity_rows`.
        let newest_dropped: Option<(String,)> = sqlx::query_as(&format!(
            "SELECT id FROM row_activity WHERE spreadsheet_id = $1 ORDER BY id DESC LIMIT 1 OFFSET {}",
            limits.activity_rows
        ))
        .bind(&spreadsheet_id)
        .fetch_optional(&db.pool)
        .await
        .context("pruning activity past the limit")?;
        if let Some((id,)) = newest_dropped {
            activity += sqlx::query("DELETE FROM row_activity WHERE spreadsheet_id = $1 AND id <= $2")
                .bind(&spreadsheet_id)
                .bind(id)
                .execute(&db.pool)
                .await
                .context("pruning activity past the limit")?
                .rows_affected();
        }
    }
    let imports = sqlx::query("DELETE FROM import_snapshots WHERE created_at < $1")
        .bind(cutoff)
        .execute(&db.pool)
        .await
        .context("pruning kept imports")?;
    Ok(Pruned { revisions: old.rows_affected() + many.rows_affected(), activity, imports: imports.rows_affected() })
}

/// Prunes now and then every [`EVERY`], for as long as the server runs; a failure is logged and
/// tried again next time.
pub async fn run(db: Db, limits: HistoryLimits) {
    let mut ticks = tokio::time::interval(EVERY);
    loop {
        ticks.tick().await;
        match prune(&db, &limits, now()).await {
            Ok(pruned) if pruned != Pruned::default() => tracing::info!(?pruned, "pruned history"),
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "pruning history failed"),
        }
    }
}
