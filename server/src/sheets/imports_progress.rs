//! How far a long import has got, for the owner who is waiting on it (issue 31): an upload of a
//! 10,000,000-cell file, or connecting or refreshing a linked spreadsheet of that size, takes
//! minutes, and the browser asks `GET /api/imports/{id}/progress` while it waits.
//!
//! The browser names its request with a random `X-Import-Id`; the API's layer
//! ([`crate::http::api::imports`]) starts an entry here under the caller's user id, taken from the
//! session (never from the browser), and runs the request with that entry as the task's
//! [`TRACKER`]. The importing code reports into whatever entry its task carries, so it needs no
//! parameter for it: a request without the header reports nothing.
//!
//! Entries live in this process only, like the Google read quota: with several replicas a poll
//! that reaches another replica finds nothing and the browser shows no count, which is all it
//! loses. The map is bounded: an ended import is kept for [`KEEP_ENDED`] for a last poll, and at
//! most [`MAX_ENTRIES`] are held; past that a new import runs untracked.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use utoipa::ToSchema;

/// Imports tracked at once, over all users.
pub const MAX_ENTRIES: usize = 10_000;
/// How long an ended import still answers, so the poll that races the upload's answer finds it.
pub const KEEP_ENDED: Duration = Duration::from_secs(60);

/// What an import is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportPhase {
    /// The request is arriving (the browser counts the bytes it sent).
    Receiving,
    /// The file or the linked source is being read into rows.
    Reading,
    /// Rows are being written to the database.
    Storing,
    /// The request has ended, whatever its answer.
    Ended,
}

/// One import's progress as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImportProgress {
    pub phase: ImportPhase,
    /// Rows read so far, every 10,000: files and CSV links as they are read (XLS, which its
    /// reader builds whole, reports nothing), a Google spreadsheet as its answer is first read.
    pub rows_read: u64,
    /// Rows written to the database so far, over all tabs.
    pub rows_stored: u64,
    /// Rows the import writes, once it has read them; absent while it reads.
    pub rows_total: Option<u64>,
}

struct Entry {
    progress: ImportProgress,
    ended_at: Option<Instant>,
}

/// Entries by (user id, import id).
type Entries = HashMap<(String, String), Entry>;

static ENTRIES: LazyLock<Mutex<Entries>> = LazyLock::new(Default::default);

fn entries() -> std::sync::MutexGuard<'static, Entries> {
    ENTRIES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The import a request runs for. Dropping it ends the import, so an answer, an error or a
/// browser that hung up all leave the entry ended, never stuck.
#[derive(Debug)]
pub struct Tracker {
    key: (String, String),
}

impl Drop for Tracker {
    fn drop(&mut self) {
        if let Some(entry) = entries().get_mut(&self.key) {
            entry.progress.phase = ImportPhase::Ended;
            entry.ended_at = Some(Instant::now());
        }
    }
}

tokio::task_local! {
    /// The import the current request reports into.
    pub static TRACKER: Tracker;
}

/// Starts tracking `import_id` for `user_id` (replacing an entry of the same ids), or `None`
/// when [`MAX_ENTRIES`] imports are running.
pub fn start(user_id: &str, import_id: &str) -> Option<Tracker> {
    let mut entries = entries();
    entries.retain(|_, entry| entry.ended_at.is_none_or(|ended| ended.elapsed() < KEEP_ENDED));
    let key = (user_id.to_owned(), import_id.to_owned());
    if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
        return None;
    }
    let progress = ImportProgress { phase: ImportPhase::Receiving, rows_read: 0, rows_stored: 0, rows_total: None };
    entries.insert(key.clone(), Entry { progress, ended_at: None });
    Some(Tracker { key })
}

/// The progress of `import_id` if `user_id` started it.
pub fn get(user_id: &str, import_id: &str) -> Option<ImportProgress> {
    entries().get(&(user_id.to_owned(), import_id.to_owned())).map(|entry| entry.progress.clone())
}

fn update(key: &(String, String), change: impl FnOnce(&mut ImportProgress)) {
    if let Some(entry) = entries().get_mut(key) {
        change(&mut entry.progress);
    }
}

/// Applies `change` to the current task's import, if it has one.
fn report(change: impl FnOnce(&mut ImportProgress)) {
    let _ = TRACKER.try_with(|tracker| update(&tracker.key, change));
}

/// The current task's import, for code that reports from a blocking thread (which sees no
/// task-locals).
fn current() -> Option<Reporter> {
    TRACKER.try_with(|tracker| Reporter { key: tracker.key.clone() }).ok()
}

/// The rows-read count of the current task's import, for a reader on a blocking thread: it
/// reports nothing when the task tracks no import.
pub fn rows_read_counter() -> impl FnMut(u64) + Send + 'static {
    let reporter = current();
    move |rows| {
        if let Some(reporter) = &reporter {
            reporter.rows_read(rows);
        }
    }
}

/// Reports into one import from any thread.
#[derive(Debug, Clone)]
pub struct Reporter {
    key: (String, String),
}

impl Reporter {
    /// `rows` rows of the file are read.
    pub fn rows_read(&self, rows: u64) {
        update(&self.key, |progress| progress.rows_read = rows);
    }
}

/// The request's body has arrived and its file or source is being read.
pub fn reading() {
    report(|progress| progress.phase = ImportPhase::Reading);
}

/// `rows` more rows are about to be written: every tab's at once for a file read whole, one
/// tab's at a time for a file whose rows are stored while it is read.
pub fn storing(rows: u64) {
    report(|progress| {
        progress.phase = ImportPhase::Storing;
        progress.rows_total = Some(progress.rows_total.unwrap_or(0).saturating_add(rows));
    });
}

/// `rows` more rows are written.
pub fn stored(rows: u64) {
    report(|progress| progress.rows_stored = progress.rows_stored.saturating_add(rows));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_request_reports_into_its_own_entry_only_and_ends_it_when_done() {
        let tracker = start("user-a", "import-1").unwrap();
        TRACKER
            .scope(tracker, async {
                reading();
                let reporter = current().unwrap();
                std::thread::spawn(move || reporter.rows_read(1_000)).join().unwrap();
                storing(1_000);
                stored(500);
                assert_eq!(
                    get("user-a", "import-1").unwrap(),
                    ImportProgress { phase: ImportPhase::Storing, rows_read: 1_000, rows_stored: 500, rows_total: Some(1_000) }
                );
            })
            .await;
        assert_eq!(get("user-a", "import-1").unwrap().phase, ImportPhase::Ended);
        assert_eq!(get("user-b", "import-1"), None);
        // Outside a tracked request reports go nowhere.
        stored(10);
        assert_eq!(get("user-a", "import-1").unwrap().rows_stored, 500);
    }
}
