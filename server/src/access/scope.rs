//! A viewer's scope: what one caller may read and write at one place (a board, an app page, an
//! embed), decided here and nowhere else (issue 45). Every data path asks it: the sheet calls,
//! views, first paint, exports, the embed, row writes and row actions.
//!
//! **Who.** The caller's role comes from the database on every request (`crate::accounts::roles`); a
//! signed embed token makes the read read-only and adds its locked filters. Identity for
//! 'Logged in user' filters is what the user cannot forge: the e-mail only once verified, and
//! the name only as an app's owner recorded it for that app user (the Users dialog), never the
//! name a user gave themselves.
//!
//! **Which tabs.** Owners and admins read every tab (they build the place). Everyone else reads
//! only the tabs the place's blocks read (`tessera_blocks::references`: a block's own tab and
//! any tab a setting names); through an embed token with locked filters, only the tabs those
//! filters cover, since a locked filter cannot protect a tab it does not name. A tab outside the
//! scope answers exactly as a missing tab does, so its existence is not revealed either.
//!
//! **Which rows.** The place's active filters, locked token filters and the viewer's URL filters
//! (which only narrow) apply to every read (`sheet_query`). A read that names a block (`block=`)
//! must name a block of this place that reads the asked tab, and gets that block's conditional
//! filter. A read that names no block gets the union of what the place's blocks reading that tab
//! show the viewer: no narrowing when one of them has no conditional filter, else the rows that
//! at least one of their conditional filters keeps (`QuerySpec::shown_by_any`).
//!
//! **Writes** go through a block ([`crate::access::audience`] decides who and which columns) and may
//! touch only rows that block shows the caller (`sheet_query::shown_row`); a form stores only its
//! own fields, a table or list only the columns it shows.
//!
//! | caller                    | tabs                 | rows without `block=`              | columns                  |
//! |---------------------------|----------------------|------------------------------------|--------------------------|
//! | owner, admin              | every tab            | the place's filters                | every column             |
//! | app user, visitor, guest  | tabs blocks read     | union of those blocks' rows        | those all of them show   |
//! | embed token               | as a guest, and only tabs its locked filters cover (when it locks any) | as a guest, with the locked values | as a guest |
//!
//! **Which columns.** A non-editor reads only the columns the blocks show
//! (`tessera_blocks::columns_read`): the named block's; without `block=`, whose rows are those
//! any block of the tab shows, only the columns every such block shows (else a row one block
//! shows would come with a column only another shows); and always the record id (a row write names its row by it). The
//! core answers only those columns and sorts only by them (`QuerySpec::readable_columns`);
//! search matches those and the columns blocks showing every row show
//! ([`Scope::search_columns`]), so a hidden column cannot be read back a letter at a time
//! through search or sort either. The place's own filters still read any column: they are its
//! owner's settings, not the viewer's; the columns they read are also answered on the rows a
//! block shows, since a viewer can narrow by their values anyway.

use std::collections::BTreeSet;

use serde_json::Value;
use tessera_blocks::ColumnsRead;
use tessera_core::query::ConditionalFilter;
use tessera_core::table::RECORD_ID_COLUMN;

use crate::access::audience::BlockAccess;
use crate::access::embed_token;
use crate::accounts::auth::Caller;
use crate::accounts::roles::Role;
use crate::boards::apps::{self, App};
use crate::boards::blocks::{self, OwnedParent, PlaceBlocks, StoredBlock};
use crate::boards::board_state;
use crate::infra::db::Db;
use crate::infra::error::{Error, ResultExt};

/// The spreadsheet id of a board's calls when the board has none connected.
pub const NO_SPREADSHEET: &str = "-";

/// What one caller may read and write at one board or app page.
#[derive(Debug, Clone)]
pub struct Scope {
    pub role: Role,
    pub spreadsheet_id: String,
    /// The stored filters of the board or page, as stored.
    pub filters: Vec<Value>,
    /// The board or page whose blocks `block=` may name.
    pub parent: OwnedParent,
    /// Filter name → value locked by the request's embed token: applied on every read.
    pub locked_filters: Vec<(String, String)>,
    /// The caller reads only through an embed token: no block offers it a write.
    pub read_only: bool,
    /// The blocks of the board or page: what they read bounds what a non-editor reads.
    pub blocks: PlaceBlocks,
    /// The name an app's owner recorded for this app user, for 'Logged in user' filters.
    pub recorded_name: Option<String>,
}

/// Which rows of a tab a read may return, besides the place's filters.
#[derive(Debug, Clone)]
pub enum RowRule {
    /// The named block's: its conditional filter, if any.
    Block(StoredBlock),
    /// No block named: every row the filters keep.
    All,
    /// No block named: the rows at least one of these conditional filters keeps.
    AnyOf(Vec<ConditionalFilter>),
}

fn first_segment(path: &str) -> String {
    path.trim_start_matches('/').split(['/', '?', '#']).next().unwrap_or_default().to_lowercase()
}

fn no_spreadsheet() -> Error {
    Error::NotFound("No spreadsheet is connected here.".to_owned())
}

/// The answer to a tab that is missing, or outside the caller's scope: the same, so a scope
/// does not reveal which tabs exist.
pub fn not_in_spreadsheet(title: &str) -> Error {
    Error::NotFound(format!("The sheet `{title}` is not in this spreadsheet."))
}

/// The scope of the board at `path` (the browser path, whose first segment is the slug), read by
/// the caller or through `embed_token`. `spreadsheet_id`, when given, must be the board's own
/// spreadsheet, else 404.
pub async fn board_scope(
    db: &Db,
    caller: &Caller,
    path: &str,
    spreadsheet_id: Option<&str>,
    embed_token: Option<&str>,
) -> Result<Scope, Error> {
    let slug = first_segment(path);
    let board = match slug.is_empty() {
        true => None,
        false => board_state::find_by_slug(db, &slug).await?,
    };
    let board = board.ok_or_else(|| Error::NotFound("Board not found. Name it with the `board` query parameter (its slug).".to_owned()))?;
    let reader = embed_token::reader(db, caller, &board, embed_token).await?;
    // A board without a spreadsheet is asked for as `-`: its blocks that need no rows (a markdown
    // block without a sheet) still have a view; any tab of it is not found.
    let own = match (board.spreadsheet_id.clone(), spreadsheet_id) {
        (Some(own), _) => own,
        (None, Some(NO_SPREADSHEET)) => String::new(),
        (None, _) => return Err(no_spreadsheet()),
    };
    if spreadsheet_id.is_some_and(|asked| asked != own && !(own.is_empty() && asked == NO_SPREADSHEET)) {
        return Err(Error::NotFound("This spreadsheet is not the one of this board.".to_owned()));
    }
    Ok(Scope {
        role: reader.role,
        spreadsheet_id: own,
        filters: board.settings()?.filters,
        parent: OwnedParent::Board(board.id.clone()),
        locked_filters: reader.grant.map(|grant| grant.locked_filters).unwrap_or_default(),
        read_only: reader.only_through_token,
        blocks: blocks::stored(db, blocks::Parent::Board(&board.id)).await?.into(),
        recorded_name: None,
    })
}

/// The scope of the page at `path` of `app`.
pub async fn page_scope(db: &Db, caller: &Caller, app: &App, path: &str) -> Result<Scope, Error> {
    let role = app.viewer_role(db, caller).await?;
    let page = apps::page_at_path(db, &app.id, path).await?;
    // Without a spreadsheet the page's blocks that read no rows (iframe, markdown without a sheet)
    // still have a view; any tab is answered 'No spreadsheet is connected here.'.
    let spreadsheet_id = app.spreadsheet_id.clone().unwrap_or_default();
    let filters = apps::page_settings(apps::stored_page_settings(db, &page.id).await?)?.filters;
    Ok(Scope {
        role,
        spreadsheet_id,
        filters,
        blocks: blocks::stored(db, blocks::Parent::Page(&page.id)).await?.into(),
        parent: OwnedParent::Page(page.id),
        locked_filters: Vec::new(),
        read_only: false,
        recorded_name: recorded_name(db, caller, &app.id).await?,
    })
}

/// The scope of the board or page a block sits on, for a caller `access` already let view it
/// (a write or a row action names its block, not the board or page).
pub async fn block_scope(db: &Db, caller: &Caller, access: &BlockAccess) -> Result<Scope, Error> {
    let filters = match &access.block.parent {
        OwnedParent::Board(id) => {
            let board = board_state::find_by_id(db, id).await?.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
            board.settings()?.filters
        }
        OwnedParent::Page(id) => apps::page_settings(apps::stored_page_settings(db, id).await?)?.filters,
    };
    let spreadsheet_id = access.spreadsheet_id.clone().ok_or_else(no_spreadsheet)?;
    let recorded_name = match &access.app_id {
        Some(app_id) => recorded_name(db, caller, app_id).await?,
        None => None,
    };
    Ok(Scope {
        role: access.role,
        spreadsheet_id,
        filters,
        blocks: blocks::stored(db, access.block.parent.as_parent()).await?.into(),
        parent: access.block.parent.clone(),
        locked_filters: Vec::new(),
        read_only: false,
        recorded_name,
    })
}

/// The name the app's owner gave the caller in the app's users, when the caller is one of them
/// with a verified e-mail.
async fn recorded_name(db: &Db, caller: &Caller, app_id: &str) -> Result<Option<String>, Error> {
    let Some(email) = verified_email(caller) else { return Ok(None) };
    let row: Option<(String,)> = sqlx::query_as("SELECT name FROM app_users WHERE app_id = $1 AND email = $2")
        .bind(app_id)
        .bind(email.trim().to_lowercase())
        .fetch_optional(&db.pool)
        .await
        .context("reading an app user's name")?;
    Ok(row.map(|(name,)| name).filter(|name| !name.trim().is_empty()))
}

/// The caller's e-mail for 'Logged in user' filters: only once verified, since anyone can sign
/// up with an address that is not theirs.
pub fn verified_email(caller: &Caller) -> Option<&str> {
    caller.signed_in.as_ref().filter(|signed_in| signed_in.user.email_verified).map(|signed_in| signed_in.user.email.as_str())
}

impl Scope {
    /// Owners and admins, not through a token: they read every tab and row of their place.
    pub fn sees_everything(&self) -> bool {
        self.role.can_edit() && !self.read_only
    }

    /// The tabs blocks read, or `None` for every tab ([`Scope::sees_everything`]).
    pub fn readable_tabs(&self) -> Option<BTreeSet<String>> {
        if self.sees_everything() {
            return None;
        }
        let mut tabs = self.blocks.tabs();
        if let Some(locked) = self.locked_tabs() {
            tabs.retain(|tab| locked.iter().any(|covered| covered.eq_ignore_ascii_case(tab)));
        }
        Some(tabs)
    }

    /// The tabs the embed token's locked filters cover; `None` when it locks none (or covers
    /// every tab: a filter without a tab applies to each).
    fn locked_tabs(&self) -> Option<Vec<String>> {
        if self.locked_filters.is_empty() {
            return None;
        }
        let mut tabs = Vec::new();
        for (name, _) in &self.locked_filters {
            let stored = self.filters.iter().find(|filter| filter.get("name").and_then(Value::as_str).map(str::trim) == Some(name));
            let tab = stored.and_then(|filter| filter.pointer("/sheet_column/sheet")).and_then(Value::as_str).map(str::trim);
            match tab {
                Some(tab) if !tab.is_empty() => tabs.push(tab.to_owned()),
                _ => return None,
            }
        }
        Some(tabs)
    }

    /// Ok when the caller may read the tab `title`; else the answer a missing tab gets.
    pub fn require_tab(&self, title: &str) -> Result<(), Error> {
        match self.readable_tabs() {
            Some(tabs) if !tabs.contains(title) => Err(not_in_spreadsheet(title)),
            _ => Ok(()),
        }
    }

    /// The block `block_id` of this place, which must read `title` unless the caller sees
    /// everything.
    pub fn block_reading(&self, block_id: &str, title: &str) -> Result<StoredBlock, Error> {
        let block = self.block(block_id)?;
        if !self.sees_everything() && !self.blocks.reads(&block.id, title) {
            return Err(Error::NotFound(format!("The block `{block_id}` does not show the sheet `{title}`.")));
        }
        Ok(block.clone())
    }

    /// The block `block_id`, which must belong to this board or page.
    pub fn block(&self, block_id: &str) -> Result<&StoredBlock, Error> {
        self.blocks
            .iter()
            .find(|block| block.id == block_id.trim())
            .ok_or_else(|| Error::NotFound(format!("The block `{block_id}` is not on this board or page.")))
    }

    /// Which rows of `title` a read that names `block` (or none) may return, besides the place's
    /// filters. The tab must be in the scope.
    pub fn row_rule(&self, title: &str, block: Option<&str>) -> Result<RowRule, Error> {
        self.require_tab(title)?;
        if let Some(block) = block {
            return Ok(RowRule::Block(self.block_reading(block, title)?));
        }
        if self.sees_everything() {
            return Ok(RowRule::All);
        }
        let mut any_of = Vec::new();
        for block in self.readers_of(title) {
            // A block reading another tab than its own (a select's options) shows every row
            // of it, in the columns it names there: its conditional filter is about its own tab.
            // As `shows_every_row` judges, with the filter read once; one that cannot be read
            // fails the read.
            if block.sheet_title() != Some(title) {
                return Ok(RowRule::All);
            }
            match conditional_filter(block)? {
                Some(filter) if narrows(&filter) => any_of.push(filter),
                _ => return Ok(RowRule::All),
            }
        }
        Ok(RowRule::AnyOf(any_of))
    }
}

impl Scope {
    /// The columns of `title` a read through `block` (or, without one, through any block of the
    /// place) may answer; `None` for every column ([`Scope::sees_everything`]).
    pub fn readable_columns(&self, title: &str, block: Option<&StoredBlock>) -> Option<Vec<String>> {
        if self.sees_everything() {
            return None;
        }
        let read = match block {
            Some(block) => tessera_blocks::columns_read(&block.to_json(), title),
            None => self
                .readers_of(title)
                .map(|block| tessera_blocks::columns_read(&block.to_json(), title))
                .reduce(ColumnsRead::shared_with)
                .unwrap_or(ColumnsRead::Only(BTreeSet::new())),
        };
        // The place's filters' columns are its filter bar's: a viewer narrows by their values
        // (`_filters`), so their cells are theirs to read on any row they see.
        let read = match read {
            ColumnsRead::Only(mut columns) if !columns.is_empty() => {
                columns.extend(self.filter_columns(title));
                ColumnsRead::Only(columns)
            }
            other => other,
        };
        with_record_id(read)
    }

    /// The columns of `title` the place's stored filters read (a filter without a tab reads
    /// every tab).
    fn filter_columns<'a>(&'a self, title: &'a str) -> impl Iterator<Item = String> + 'a {
        self.filters.iter().filter_map(move |filter| {
            let tab = filter.pointer("/sheet_column/sheet").and_then(Value::as_str).map(str::trim).unwrap_or_default();
            let column = filter.pointer("/sheet_column/column").and_then(Value::as_str).map(str::trim).filter(|c| !c.is_empty())?;
            (tab.is_empty() || tab.eq_ignore_ascii_case(title)).then(|| column.to_owned())
        })
    }

    /// The columns a search through `block` (or none) may match: those the read answers, and
    /// those that blocks showing every row of `title` show. A board's search narrows every block
    /// (a chart by the names a table beside it shows), but never by a cell no block shows, nor
    /// by a column shown only on rows a conditional filter keeps from this viewer.
    pub fn search_columns(&self, title: &str, block: Option<&StoredBlock>) -> Option<Vec<String>> {
        let answered = match self.readable_columns(title, block) {
            None => return None,
            Some(columns) => ColumnsRead::Only(columns.into_iter().collect()),
        };
        let mut searched = answered;
        for reader in self.readers_of(title) {
            if self.shows_every_row(reader, title) {
                searched = searched.union(tessera_blocks::columns_read(&reader.to_json(), title));
            }
        }
        with_record_id(searched)
    }

    /// The blocks of the place that read `title`.
    fn readers_of<'a>(&'a self, title: &'a str) -> impl Iterator<Item = &'a StoredBlock> + 'a {
        self.blocks.reading(title)
    }

    /// Whether `block` shows every row of `title` the place's filters keep: it reads the tab as
    /// another than its own (a select's options), or has no conditional filter that narrows.
    fn shows_every_row(&self, block: &StoredBlock, title: &str) -> bool {
        // A conditional filter that cannot be read narrows to nothing (its reads fail).
        block.sheet_title() != Some(title)
            || match conditional_filter(block) {
                Ok(filter) => !filter.is_some_and(|filter| narrows(&filter)),
                Err(_) => false,
            }
    }
}

fn with_record_id(read: ColumnsRead) -> Option<Vec<String>> {
    match read {
        ColumnsRead::Every => None,
        ColumnsRead::Only(columns) => Some(columns.into_iter().chain([RECORD_ID_COLUMN.to_owned()]).collect()),
    }
}

/// The block's `conditional_filter`, as the core reads it.
pub fn conditional_filter(block: &StoredBlock) -> Result<Option<ConditionalFilter>, Error> {
    match block.config.get("conditional_filter") {
        None | Some(Value::Null) => Ok(None),
        Some(value) => serde_json::from_value(value.clone())
            .map(Some)
            .map_err(|error| Error::invalid("block", format!("The block's conditional filter cannot be used: {error}."))),
    }
}

/// Whether a conditional filter keeps only some rows (its `filter_by` is not 'None').
fn narrows(filter: &ConditionalFilter) -> bool {
    matches!(filter.filter_by.as_str(), "Logged in user" | "Current record")
}

/// The rows a guest of `board` reads, whoever asks: its spreadsheet (a linked one refreshed
/// when stale, as for every viewer) and its stored filters.
pub async fn guest_scope(state: &crate::AppState, board: &board_state::Board) -> Result<Scope, Error> {
    let spreadsheet_id = board.spreadsheet_id.clone().unwrap_or_default();
    if !spreadsheet_id.is_empty() {
        if let Err(error) = crate::sources::refresh_if_stale(state, &spreadsheet_id).await {
            tracing::warn!(spreadsheet = %spreadsheet_id, %error, "embedding the stored rows: the source could not be refreshed");
        }
    }
    Ok(Scope {
        role: Role::Guest,
        spreadsheet_id,
        filters: board.settings()?.filters,
        parent: OwnedParent::Board(board.id.clone()),
        locked_filters: Vec::new(),
        read_only: false,
        blocks: blocks::stored(&state.db, blocks::Parent::Board(&board.id)).await?.into(),
        recorded_name: None,
    })
}
