//! Blocks: the ordered, configurable parts of a board or of an app page (platform §3, blocks.md).
//!
//! A block is stored as its type plus `config`, every other setting as a JSON object; the answer
//! is `{id, type, ...config}`. Positions are renumbered 0, 1, 2, ... inside the transaction that
//! inserts or moves a block, so the order is always the stored `position` order.
//!
//! [`validate`] is the one place that decides whether a block may be stored: every setting is
//! checked against the block catalogue (`tessera_blocks`: types, options, ranges, item limits,
//! required settings), and the first problem answers 422 with its path as `field`
//! (`axis[0].column`). Settings the catalogue does not know are stored as sent.
//!
//! Required settings (a chart's `x_axis`, a map's columns, ...) are required to *save*: a block
//! sent with `temp_block: true` is a draft that may leave them empty. That is what 'Choose Your
//! Block' sends (platform §4: a new block is a temporary block), the moment a type is picked and
//! before the user has filled anything in; the settings editor saves without `temp_block`, and
//! then every required setting must be there. `temp_block` itself is never stored; a stored block
//! still missing a required setting is answered with `temp_block: true` ([`to_json`]).

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Map, Value};
use sqlx::AnyConnection;

use crate::infra::db::{is_unique_violation, new_id, now, Db};
use crate::infra::error::{Error, ResultExt};

/// The block types of blocks.md §1, spelt as the web app sends them.
pub const TYPES: [&str; 20] = {
    let mut names = [""; 20];
    let mut i = 0;
    while i < names.len() {
        names[i] = tessera_blocks::BlockType::ALL[i].as_str();
        i += 1;
    }
    names
};

/// A stored config may not exceed this many bytes of JSON.
pub const MAX_CONFIG_BYTES: usize = 256 * 1024;

/// What a block belongs to: a board or an app page, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parent<'a> {
    Board(&'a str),
    Page(&'a str),
}

impl Parent<'_> {
    fn column(self) -> &'static str {
        match self {
            Self::Board(_) => "board_id",
            Self::Page(_) => "page_id",
        }
    }

    fn key(&self) -> &str {
        match self {
            Self::Board(id) | Self::Page(id) => id,
        }
    }
}

/// [`Parent`] owning its id, as read back from a stored block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OwnedParent {
    Board(String),
    Page(String),
}

impl OwnedParent {
    pub fn as_parent(&self) -> Parent<'_> {
        match self {
            Self::Board(id) => Parent::Board(id),
            Self::Page(id) => Parent::Page(id),
        }
    }
}

/// A block that passed [`validate`]: its type and every other setting.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockInput {
    pub block_type: String,
    pub config: Map<String, Value>,
}

/// Where a new block goes (platform §4): boards append, pages insert before the last block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    End,
    BeforeLast,
}

/// `score_card` is the older spelling of `scorecard` (blocks.md §1).
pub fn normalise_type(block_type: &str) -> &str {
    if block_type == "score_card" {
        "scorecard"
    } else {
        block_type
    }
}

/// Checks a block as the web app sends it (`{type, ...settings}`) against the block catalogue
/// and splits off its type. `id` and `temp_block` are the editor's own and are dropped: the
/// server assigns ids, and `temp_block` only says the block is a draft (see the module doc).
pub fn validate(body: Value) -> Result<BlockInput, Error> {
    let block = tessera_blocks::validate(&body).map_err(|errors| match errors.into_iter().next() {
        Some(first) => Error::invalid(first.path, first.message),
        None => Error::invalid("block", "the block settings are not valid"),
    })?;
    let mut config = block.config;
    config.remove("id");
    config.remove("temp_block");
    let size = serde_json::to_string(&config).context("measuring a block config")?.len();
    if size > MAX_CONFIG_BYTES {
        return Err(Error::invalid("block", format!("The block settings take {size} bytes; at most {MAX_CONFIG_BYTES} are allowed.")));
    }
    Ok(BlockInput { block_type: block.block_type.as_str().to_owned(), config })
}

/// A block as stored, with what it belongs to.
#[derive(Debug, Clone)]
pub struct StoredBlock {
    pub id: String,
    pub parent: OwnedParent,
    pub block_type: String,
    pub config: Map<String, Value>,
}

impl StoredBlock {
    /// The tabs this block reads: its own and any a setting names (`tessera_blocks::references`).
    pub fn tabs(&self) -> Vec<String> {
        tessera_blocks::references(&self.to_json())
            .into_iter()
            .filter_map(|reference| reference.sheet)
            .map(|tab| tab.trim().to_owned())
            .collect()
    }

    /// The block's own tab (`sheet_title`), trimmed; `None` when it has none.
    pub fn sheet_title(&self) -> Option<&str> {
        self.config.get("sheet_title").and_then(Value::as_str).map(str::trim).filter(|title| !title.is_empty())
    }

    /// The block JSON of the API: `{id, type, ...config}`.
    pub fn to_json(&self) -> Value {
        to_json(&self.id, &self.block_type, self.config.clone())
    }
}

/// The blocks of one board or page with the tabs each reads, found once (a scope asks for them
/// on every read, and each block's settings would be walked again for every question).
#[derive(Debug, Clone)]
pub struct PlaceBlocks {
    blocks: Arc<[StoredBlock]>,
    tabs: Arc<[Vec<String>]>,
}

impl From<Vec<StoredBlock>> for PlaceBlocks {
    fn from(blocks: Vec<StoredBlock>) -> Self {
        let tabs = blocks.iter().map(StoredBlock::tabs).collect();
        Self { blocks: blocks.into(), tabs }
    }
}

impl std::ops::Deref for PlaceBlocks {
    type Target = [StoredBlock];

    fn deref(&self) -> &[StoredBlock] {
        &self.blocks
    }
}

impl PlaceBlocks {
    /// The blocks that read `title`.
    pub fn reading<'a>(&'a self, title: &'a str) -> impl Iterator<Item = &'a StoredBlock> + 'a {
        self.blocks.iter().zip(self.tabs.iter()).filter(move |(_, tabs)| tabs.iter().any(|tab| tab == title)).map(|(block, _)| block)
    }

    /// Whether the block `id` reads `title`.
    pub fn reads(&self, id: &str, title: &str) -> bool {
        self.reading(title).any(|block| block.id == id)
    }

    /// Every tab the blocks read.
    pub fn tabs(&self) -> BTreeSet<String> {
        self.tabs.iter().flatten().cloned().collect()
    }
}

/// Every tab `blocks` read.
pub fn tabs_read_by(blocks: &[StoredBlock]) -> BTreeSet<String> {
    blocks.iter().flat_map(StoredBlock::tabs).collect()
}

/// The tab titles of `all` a board's or page's state lists: every tab to those who edit it
/// (`edits`), else only the tabs its `blocks` read (the others are not theirs to read, nor to
/// know of; `crate::access::scope` serves the same tabs).
pub fn listed_tabs(all: Vec<String>, blocks: &[StoredBlock], edits: bool) -> Vec<String> {
    if edits {
        return all;
    }
    let read = tabs_read_by(blocks);
    all.into_iter().filter(|title| read.contains(title)).collect()
}

/// Block JSON of the API: `{id, type, ...config}`, with `temp_block: true` while a required
/// setting is still missing (a draft never completed, [`tessera_blocks::is_unfinished`]): every
/// page then draws it as a draft that says what to choose, and asks for no rows or view.
pub fn to_json(id: &str, block_type: &str, mut config: Map<String, Value>) -> Value {
    config.insert("id".to_owned(), Value::String(id.to_owned()));
    config.insert("type".to_owned(), Value::String(normalise_type(block_type).to_owned()));
    let mut block = Value::Object(config);
    if tessera_blocks::is_unfinished(&block) {
        block["temp_block"] = Value::Bool(true);
    }
    block
}

fn parse_config(text: &str) -> Result<Map<String, Value>, Error> {
    serde_json::from_str(text).context("reading a stored block config")
}

/// The blocks of `parent`, in order, as block JSON.
pub async fn list(db: &Db, parent: Parent<'_>) -> Result<Vec<Value>, Error> {
    Ok(stored(db, parent).await?.iter().map(StoredBlock::to_json).collect())
}

/// The blocks of `parent`, in order, as stored.
pub async fn stored(db: &Db, parent: Parent<'_>) -> Result<Vec<StoredBlock>, Error> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(&format!(
        "SELECT id, block_type, config FROM blocks WHERE {} = $1 ORDER BY position, created_at, id",
        parent.column()
    ))
    .bind(parent.key())
    .fetch_all(&db.pool)
    .await
    .context("listing blocks")?;
    let owner = match parent {
        Parent::Board(id) => OwnedParent::Board(id.to_owned()),
        Parent::Page(id) => OwnedParent::Page(id.to_owned()),
    };
    rows.into_iter()
        .map(|(id, block_type, config)| Ok(StoredBlock { id, parent: owner.clone(), block_type, config: parse_config(&config)? }))
        .collect()
}

/// The settings of an API-call row action (blocks §3.6) that authenticate its requests: the
/// server sends them, the browser never needs them.
const ACTION_SECRETS: [&str; 2] = ["token", "custom_header"];

/// A stored block as a board or page state answers it: normalised (`tessera_blocks::normalise`:
/// every default filled, old stored forms converted, numbers in range), so that every renderer
/// reads typed settings without knowing the catalogue (the stored block keeps only what its
/// owner set), and, for callers who cannot edit, without the secrets of its
/// API-call actions, which only the server uses ([`crate::http::api`]'s row actions).
pub fn for_state(block: Value, can_edit: bool) -> Value {
    let mut block = tessera_blocks::normalise(&block).unwrap_or(block);
    if !can_edit {
        let actions = block.get_mut("actions").and_then(Value::as_array_mut).into_iter().flatten();
        for action in actions.filter_map(Value::as_object_mut) {
            for secret in ACTION_SECRETS {
                action.remove(secret);
            }
        }
    }
    block
}

/// id, board_id, page_id, block_type, config.
type BlockRow = (String, Option<String>, Option<String>, String, String);

/// One block by id, or `None`.
pub async fn find(db: &Db, id: &str) -> Result<Option<StoredBlock>, Error> {
    find_where(db, "id", id).await
}

/// The block created with `client_key`, or `None`.
async fn find_by_client_key(db: &Db, client_key: &str) -> Result<Option<StoredBlock>, Error> {
    find_where(db, "client_key", client_key).await
}

async fn find_where(db: &Db, column: &'static str, value: &str) -> Result<Option<StoredBlock>, Error> {
    let row: Option<BlockRow> =
        sqlx::query_as(&format!("SELECT id, board_id, page_id, block_type, config FROM blocks WHERE {column} = $1"))
            .bind(value)
            .fetch_optional(&db.pool)
            .await
            .context("looking up a block")?;
    let Some((id, board_id, page_id, block_type, config)) = row else { return Ok(None) };
    let parent = match (board_id, page_id) {
        (Some(board), _) => OwnedParent::Board(board),
        (None, Some(page)) => OwnedParent::Page(page),
        (None, None) => return Err(Error::internal("reading a block", "a block without a board or page")),
    };
    Ok(Some(StoredBlock { id, parent, block_type, config: parse_config(&config)? }))
}

/// The ids of `parent`'s blocks in order, read inside the caller's transaction.
async fn ordered_ids(conn: &mut AnyConnection, parent: Parent<'_>) -> Result<Vec<String>, Error> {
    let rows: Vec<(String,)> =
        sqlx::query_as(&format!("SELECT id FROM blocks WHERE {} = $1 ORDER BY position, created_at, id", parent.column()))
            .bind(parent.key())
            .fetch_all(conn)
            .await
            .context("reading the block order")?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Gives `ids` the positions 0, 1, 2, ... in that order.
async fn renumber(conn: &mut AnyConnection, ids: &[String]) -> Result<(), Error> {
    for (position, id) in ids.iter().enumerate() {
        sqlx::query("UPDATE blocks SET position = $1 WHERE id = $2")
            .bind(position as i64)
            .bind(id)
            .execute(&mut *conn)
            .await
            .context("renumbering blocks")?;
    }
    Ok(())
}

/// Stores a new block of `parent` at `index` of its order (clamped to the end).
async fn insert_at(conn: &mut AnyConnection, parent: Parent<'_>, block: &BlockInput, index: usize) -> Result<String, Error> {
    let mut order = ordered_ids(conn, parent).await?;
    let id = new_id();
    put_back(conn, parent, &id, order.len(), block).await?;
    order.insert(index.min(order.len()), id.clone());
    renumber(conn, &order).await?;
    Ok(id)
}

/// Stores a block under the id given at `position`, in the caller's transaction: a new block, or
/// one a restore of a revision puts back as it was, so links and embeds that name it keep working.
pub async fn put_back(conn: &mut AnyConnection, parent: Parent<'_>, id: &str, position: usize, block: &BlockInput) -> Result<(), Error> {
    let (board_id, page_id) = match parent {
        Parent::Board(board) => (Some(board), None),
        Parent::Page(page) => (None, Some(page)),
    };
    sqlx::query(
        "INSERT INTO blocks (id, board_id, page_id, position, block_type, config, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(id)
    .bind(board_id)
    .bind(page_id)
    .bind(position as i64)
    .bind(&block.block_type)
    .bind(serde_json::to_string(&block.config).context("writing a block config")?)
    .bind(now())
    .execute(&mut *conn)
    .await
    .context("restoring a block")?;
    Ok(())
}

/// Adds a block to `parent` as [`Placement`] says; answers the stored block JSON.
///
/// With a `client_key` (the editor's own id for a block made offline) the create is idempotent:
/// a block already made with that key under `parent` is answered as it is, so a create sent
/// again after a dropped connection makes no second block. A key used under another board or
/// page is refused.
pub async fn insert(
    db: &Db,
    parent: Parent<'_>,
    block: BlockInput,
    placement: Placement,
    client_key: Option<&str>,
) -> Result<Value, Error> {
    if let Some(key) = client_key {
        if let Some(made) = find_by_client_key(db, key).await? {
            return made_before(made, parent);
        }
    }
    let mut tx = db.pool.begin().await.context("starting a transaction")?;
    let count = ordered_ids(&mut tx, parent).await?.len();
    let index = match placement {
        Placement::End => count,
        Placement::BeforeLast => count.saturating_sub(1),
    };
    let id = insert_at(&mut tx, parent, &block, index).await?;
    if let Some(key) = client_key {
        let keyed = sqlx::query("UPDATE blocks SET client_key = $1 WHERE id = $2").bind(key).bind(&id).execute(&mut *tx).await;
        match keyed {
            Ok(_) => {}
            // The same create arrived twice at once and the other one stored first.
            Err(error) if is_unique_violation(&error) => {
                drop(tx);
                let made = find_by_client_key(db, key).await?.ok_or_else(|| Error::internal("re-reading a keyed block", "key vanished"))?;
                return made_before(made, parent);
            }
            Err(error) => return Err(error).context("keying a new block"),
        }
    }
    tx.commit().await.context("committing a new block")?;
    Ok(to_json(&id, &block.block_type, block.config))
}

fn made_before(made: StoredBlock, parent: Parent<'_>) -> Result<Value, Error> {
    if made.parent.as_parent() != parent {
        return Err(Error::invalid("client_key", "This client_key was already used for a block elsewhere; send a new one."));
    }
    Ok(made.to_json())
}

/// Replaces a block's settings. Its type stays: a different `type` is refused.
pub async fn update(db: &Db, stored: &StoredBlock, block: BlockInput) -> Result<Value, Error> {
    if block.block_type != normalise_type(&stored.block_type) {
        return Err(Error::invalid(
            "type",
            format!("A {} block cannot become a {} block; add a new block instead.", stored.block_type, block.block_type),
        ));
    }
    sqlx::query("UPDATE blocks SET config = $1, updated_at = $2 WHERE id = $3")
        .bind(serde_json::to_string(&block.config).context("writing a block config")?)
        .bind(now())
        .bind(&stored.id)
        .execute(&db.pool)
        .await
        .context("updating a block")?;
    Ok(to_json(&stored.id, &block.block_type, block.config))
}

/// Replaces a block's settings inside the caller's transaction (a rebind rewrites every block of
/// a board at once); the caller has validated them.
pub async fn set_config(conn: &mut AnyConnection, id: &str, config: &Map<String, Value>) -> Result<(), Error> {
    sqlx::query("UPDATE blocks SET config = $1, updated_at = $2 WHERE id = $3")
        .bind(serde_json::to_string(config).context("writing a block config")?)
        .bind(now())
        .bind(id)
        .execute(conn)
        .await
        .context("rewriting a block")?;
    Ok(())
}

/// Removes a block; the others keep their relative order.
pub async fn delete(db: &Db, id: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM blocks WHERE id = $1").bind(id).execute(&db.pool).await.context("deleting a block")?;
    Ok(())
}

/// Copies a block (new id) right after the original; answers the copy.
pub async fn duplicate(db: &Db, stored: &StoredBlock) -> Result<Value, Error> {
    let parent = stored.parent.as_parent();
    let block = BlockInput { block_type: normalise_type(&stored.block_type).to_owned(), config: stored.config.clone() };
    let mut tx = db.pool.begin().await.context("starting a transaction")?;
    let order = ordered_ids(&mut tx, parent).await?;
    let index = order.iter().position(|id| *id == stored.id).map_or(order.len(), |at| at + 1);
    let id = insert_at(&mut tx, parent, &block, index).await?;
    tx.commit().await.context("committing a block copy")?;
    Ok(to_json(&id, &block.block_type, block.config))
}

/// Puts `parent`'s blocks in the order of `ids`, which must name exactly its current blocks.
pub async fn reorder(db: &Db, parent: Parent<'_>, ids: &[String]) -> Result<Vec<Value>, Error> {
    let mut tx = db.pool.begin().await.context("starting a transaction")?;
    let mut current = ordered_ids(&mut tx, parent).await?;
    let mut wanted = ids.to_vec();
    current.sort();
    wanted.sort();
    if current != wanted {
        return Err(Error::invalid("ids", "`ids` must list every block of this board or page exactly once."));
    }
    renumber(&mut tx, ids).await?;
    tx.commit().await.context("committing a block order")?;
    list(db, parent).await
}

/// Copies every block of `from` to `to` with new ids and the same order, in the caller's
/// transaction (duplicating a board).
pub async fn copy_all(conn: &mut AnyConnection, from: Parent<'_>, to: Parent<'_>) -> Result<(), Error> {
    let rows: Vec<(String, String)> =
        sqlx::query_as(&format!("SELECT block_type, config FROM blocks WHERE {} = $1 ORDER BY position, created_at, id", from.column()))
            .bind(from.key())
            .fetch_all(&mut *conn)
            .await
            .context("reading blocks to copy")?;
    for (index, (block_type, config)) in rows.into_iter().enumerate() {
        let block = BlockInput { block_type: normalise_type(&block_type).to_owned(), config: parse_config(&config)? };
        insert_at(conn, to, &block, index).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn field_of(error: Error) -> String {
        match error {
            Error::Invalid { field, .. } => field,
            other => panic!("expected a 422, got {other:?}"),
        }
    }

    #[test]
    fn validation_keeps_settings_and_drops_editor_fields() {
        let block = validate(json!({"type": "chart", "id": "x", "temp_block": true, "section": "Sales", "axis": []})).unwrap();
        assert_eq!(block.block_type, "chart");
        assert_eq!(block.config, json!({"section": "Sales", "axis": []}).as_object().unwrap().clone());
    }

    #[test]
    fn state_answers_fill_defaults_and_keep_action_secrets_from_viewers() {
        let stored = json!({"id": "b", "type": "table", "rows_per_page": 25, "actions": [
            {"type": "API call", "authorization_method": "Bearer Token", "token": "s3cret", "custom_header": "X-Key: k"}
        ]});
        let viewer = for_state(stored.clone(), false);
        assert_eq!(
            (viewer["rows_per_page"].clone(), viewer["paginate"].clone(), viewer["csv_download"].clone()),
            (json!(25), json!(true), json!(false))
        );
        assert_eq!(viewer["actions"][0]["button_color"], "#4f46E5", "list items get their defaults too");
        assert!(viewer["actions"][0].get("token").is_none() && viewer["actions"][0].get("custom_header").is_none());
        assert_eq!(viewer["actions"][0]["authorization_method"], "Bearer Token");
        let editor = for_state(stored, true);
        assert_eq!(
            (editor["actions"][0]["token"].clone(), editor["actions"][0]["custom_header"].clone()),
            (json!("s3cret"), json!("X-Key: k"))
        );
    }

    #[test]
    fn score_card_is_stored_as_scorecard() {
        assert_eq!(validate(json!({"type": "score_card"})).unwrap().block_type, "scorecard");
    }

    #[test]
    fn every_type_of_the_catalogue_is_accepted() {
        for block_type in TYPES {
            assert_eq!(validate(json!({ "type": block_type, "temp_block": true })).unwrap().block_type, block_type);
        }
    }

    #[test]
    fn bad_blocks_name_the_field_at_fault() {
        assert_eq!(field_of(validate(json!([1])).unwrap_err()), "block");
        assert_eq!(field_of(validate(json!({})).unwrap_err()), "type");
        assert_eq!(field_of(validate(json!({"type": "pie"})).unwrap_err()), "type");
        assert_eq!(field_of(validate(json!({"type": "Chart"})).unwrap_err()), "type");
        assert_eq!(field_of(validate(json!({"type": "chart", "x_axis": "Month", "section": 3})).unwrap_err()), "section");
        assert_eq!(field_of(validate(json!({"type": "chart", "x_axis": "Month", "sheet_title": []})).unwrap_err()), "sheet_title");
        assert_eq!(field_of(validate(json!({"type": "chart", "x_axis": "Month", "full_width": "yes"})).unwrap_err()), "full_width");
        assert_eq!(field_of(validate(json!({"type": "table", "axis": {}})).unwrap_err()), "axis");
        assert_eq!(field_of(validate(json!({"type": "table", "actions": "edit"})).unwrap_err()), "actions");
        assert_eq!(
            field_of(validate(json!({"type": "chart", "x_axis": "Month", "axis": [{"borderWidth": 1}]})).unwrap_err()),
            "axis[0].column"
        );
    }

    #[test]
    fn required_settings_wait_until_the_block_is_saved_from_its_settings() {
        let picked = validate(json!({"type": "chart", "temp_block": true})).unwrap();
        assert_eq!(picked.config, Map::new());
        match validate(json!({"type": "chart", "title": "Sales"})).unwrap_err() {
            Error::Invalid { field, message } => assert_eq!((field.as_str(), message.as_str()), ("x_axis", "`x_axis` is required")),
            other => panic!("expected a 422, got {other:?}"),
        }
        // A draft's settings are still checked.
        assert_eq!(
            field_of(validate(json!({"type": "chart", "temp_block": true, "legendPosition": "left"})).unwrap_err()),
            "legendPosition"
        );
    }

    #[test]
    fn configs_over_the_size_limit_are_refused() {
        let big = "x".repeat(MAX_CONFIG_BYTES);
        assert_eq!(field_of(validate(json!({"type": "markdown", "text": big})).unwrap_err()), "block");
    }
}
