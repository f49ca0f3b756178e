//! History (issue 30): nothing an editor or a viewer does is unrecoverable.
//!
//! - [`revisions`]: every save of a board or app kept as a revision, listed, previewed and
//!   restored (a restore is a revision too); [`summary`] says what changed in words.
//! - [`activity`]: every row write through Tessera logged with who, through which block, and
//!   the cells before and after; deleted rows restored and edits reverted from it.
//! - [`imports`]: the rows an upload replaces, kept and restorable.
//! - [`retention`]: pruning by age and size; the current state is never history.
//!
//! Only owners and admins read any of it (`api::history`, `api::activity`).

pub mod activity;
pub mod imports;
pub mod retention;
pub mod revisions;
mod summary;
