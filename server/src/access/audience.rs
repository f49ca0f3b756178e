//! What a block lets its viewers write: who (the audience settings of blocks §3.2, the row
//! actions of §3.6) and which values (the column types of §3.4, the form rules of §3.8). The
//! server decides both for every write, whatever the web app shows or hides.
//!
//! ## Who an audience covers
//!
//! Only callers who may view the block's board or app page are covered at all, and Read app
//! users never are (Read means read). Among the others:
//!
//! | audience          | owner, admin, Read-Write app user | other signed-in viewer | anonymous viewer |
//! |-------------------|-----------------------------------|------------------------|------------------|
//! | `Admins`          | yes                               | no                     | no               |
//! | `Admins & Guests` | yes                               | yes                    | no               |
//! | `Everyone`        | yes                               | yes                    | yes              |
//! | `None`            | no                                | no                     | no               |
//!
//! "Admins" are the roles that may write rows ([`Role::can_write_rows`]); "guests" are the
//! signed-in visitors of a public board or app. `None` holds for owners too: a block set to
//! `None` offers no such button to anybody, and owners change their data in the editor's
//! spreadsheet view or at the source instead. A value the server does not know counts as `None`,
//! so a typo in a setting never opens a block wider than intended.
//!
//! ## Which setting governs which write
//!
//! | write              | blocks        | governed by                                                                |
//! |--------------------|---------------|----------------------------------------------------------------------------|
//! | append             | form          | `add_new_row` when set, else `Everyone` (forms exist to collect data)      |
//! | append             | table, list   | `add_new_row` (default `None`)                                             |
//! | edit               | table, list   | an `Edit row` action, `action_button_visibility` (default `Everyone`) and each changed column's `editable` (table `None`, list `Everyone`) |
//! | delete             | table, list   | a `Delete row` action and `action_button_visibility`                       |
//! | duplicate          | table         | a `Duplicate row` action and `action_button_visibility` (§3.6: lists offer only edit and delete) |
//! | upload             | as append     | as append through the same block                                           |
//! | run an action      | table, list   | `action_button_visibility` (the API call and PDF download the server runs, `api::row_actions`) |
//!
//! A row action must be configured on the block (its `actions`, §3.6) for the matching write to
//! be allowed: without it the web app shows no button, and the permissive default of
//! `action_button_visibility` must not let anonymous visitors delete rows of every table.
//!
//! The sheet call answers these rights with a block's rows ([`Rights::permissions`]), computed
//! by the same [`Rights::require`] that guards the writes, so the buttons shown and the writes
//! allowed cannot disagree.
//!
//! ## Values
//!
//! [`check_values`] holds every write to the sheet's columns and the block's field rules, and
//! [`fill_hidden_defaults`] fills a form's hidden `[(user_email)]` and `[(today)]` fields on the
//! server, from the session rather than from what the browser sent.

use serde::Serialize;
use serde_json::{Map, Value};
use tessera_blocks::{BlockType, DefaultValue};
use tessera_core::context::Context;
use tessera_core::form::{self, FieldError, SubmissionError};
use tessera_core::table::RECORD_ID_COLUMN;
use utoipa::ToSchema;

use crate::accounts::auth::Caller;
use crate::accounts::roles::{app_role, workspace_role, Role};
use crate::boards::blocks::{self, OwnedParent, StoredBlock};
use crate::infra::db::{Db, Flag};
use crate::infra::error::{Error, ResultExt};
use crate::sheets::rows::Values;

/// One of the four audience options of blocks §3.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Admins,
    AdminsAndGuests,
    Nobody,
    Everyone,
}

impl Audience {
    /// The option as the block settings spell it; unknown text is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "Admins" => Some(Self::Admins),
            "Admins & Guests" => Some(Self::AdminsAndGuests),
            "None" => Some(Self::Nobody),
            "Everyone" => Some(Self::Everyone),
            _ => None,
        }
    }

    /// The audience `settings[key]` names: `default` when it is absent, null or empty, `None`
    /// (nobody) when it is anything the server does not know.
    pub fn setting(settings: &Map<String, Value>, key: &str, default: Self) -> Self {
        match settings.get(key) {
            None | Some(Value::Null) => default,
            Some(Value::String(text)) if text.trim().is_empty() => default,
            Some(Value::String(text)) => Self::parse(text).unwrap_or(Self::Nobody),
            Some(_) => Self::Nobody,
        }
    }

    /// Whether a caller with `role`, who may (`can_view`) or may not view the block, is covered.
    pub fn covers(self, role: Role, can_view: bool) -> bool {
        if !can_view || role == Role::Read {
            return false;
        }
        match self {
            Self::Nobody => false,
            Self::Admins => role.can_write_rows(),
            Self::AdminsAndGuests => role != Role::Guest,
            Self::Everyone => true,
        }
    }
}

/// A change of rows a block can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowChange {
    Append,
    Edit,
    Delete,
    Duplicate,
}

impl RowChange {
    /// The row action (§3.6) that must be configured for this change, if any.
    fn action(self) -> Option<&'static str> {
        match self {
            Self::Append => None,
            Self::Edit => Some("Edit row"),
            Self::Delete => Some("Delete row"),
            Self::Duplicate => Some("Duplicate row"),
        }
    }

    /// Whether a block of type `kind` accepts this change: its capabilities' writes (a form's
    /// submit is an append).
    fn accepted_by(self, kind: Option<BlockType>) -> bool {
        let Some(writes) = kind.map(|kind| kind.capabilities().writes) else { return false };
        match self {
            Self::Append => writes.add || writes.submit,
            Self::Edit => writes.edit,
            Self::Delete => writes.delete,
            Self::Duplicate => writes.duplicate,
        }
    }

    fn verb(self) -> &'static str {
        match self {
            Self::Append => "add rows",
            Self::Edit => "edit rows",
            Self::Delete => "delete rows",
            Self::Duplicate => "duplicate rows",
        }
    }
}

/// The catalogue's default of the audience setting at `path` (a block setting, or a list item's
/// setting after its list's key) of a `kind` block; `otherwise` when the type has no such
/// setting, and `None` (nobody) for a default the server does not know.
fn catalogue_default(kind: Option<BlockType>, path: &[&str], otherwise: Audience) -> Audience {
    let Some((first, rest)) = path.split_first() else { return otherwise };
    let mut field = kind.and_then(|kind| tessera_blocks::field_of(kind, first));
    for key in rest {
        field = field.and_then(|f| f.fields.iter().find(|item| item.key == *key));
    }
    match field.map(|f| f.default) {
        None => otherwise,
        Some(Some(DefaultValue::Text(text))) => Audience::parse(text).unwrap_or(Audience::Nobody),
        Some(_) => Audience::Nobody,
    }
}

/// A block with what its caller may do on the board or page it sits on.
#[derive(Debug, Clone)]
pub struct BlockAccess {
    pub block: StoredBlock,
    pub role: Role,
    pub workspace_id: String,
    /// The spreadsheet of the block's board or app, if one is connected.
    pub spreadsheet_id: Option<String>,
    /// The app of a block on an app page.
    pub app_id: Option<String>,
}

/// The block `block_id` as the caller may use it: 404 when there is no such block, 403 'Access
/// denied' when its board or app is private to the caller.
pub async fn block_access(db: &Db, caller: &Caller, block_id: &str) -> Result<BlockAccess, Error> {
    let block = blocks::find(db, block_id).await?.ok_or_else(|| Error::NotFound("Block not found.".to_owned()))?;
    let (role, public, workspace_id, spreadsheet_id, app_id) = match &block.parent {
        OwnedParent::Board(board) => {
            let row: Option<(Flag, Option<String>, String, String)> = sqlx::query_as(
                "SELECT b.public, b.spreadsheet_id, b.workspace_id, w.owner_id FROM boards b JOIN workspaces w ON w.id = b.workspace_id \
                 WHERE b.id = $1",
            )
            .bind(board)
            .fetch_optional(&db.pool)
            .await
            .context("looking up a block's board")?;
            let (Flag(public), spreadsheet_id, workspace_id, owner_id) =
                row.ok_or_else(|| Error::NotFound("Block not found.".to_owned()))?;
            (workspace_role(caller, &owner_id), public, workspace_id, spreadsheet_id, None)
        }
        OwnedParent::Page(page) => {
            let row: Option<(String, Flag, Option<String>, String, String)> = sqlx::query_as(
                "SELECT a.id, a.public, a.spreadsheet_id, a.workspace_id, w.owner_id FROM pages p JOIN apps a ON a.id = p.app_id \
                 JOIN workspaces w ON w.id = a.workspace_id WHERE p.id = $1",
            )
            .bind(page)
            .fetch_optional(&db.pool)
            .await
            .context("looking up a block's app")?;
            let (app_id, Flag(public), spreadsheet_id, workspace_id, owner_id) =
                row.ok_or_else(|| Error::NotFound("Block not found.".to_owned()))?;
            (app_role(db, caller, &app_id, &owner_id).await?, public, workspace_id, spreadsheet_id, Some(app_id))
        }
    };
    role.require_view(public)?;
    Ok(BlockAccess { block, role, workspace_id, spreadsheet_id, app_id })
}

impl BlockAccess {
    pub fn block_type(&self) -> &str {
        blocks::normalise_type(&self.block.block_type)
    }

    /// What this block lets its caller do.
    pub fn rights(&self) -> Rights<'_> {
        Rights { block: &self.block, role: self.role }
    }

    /// Ok when this block lets its caller make `change` (see [`Rights::require`]).
    pub fn require(&self, change: RowChange, columns: &[&str]) -> Result<(), Error> {
        self.rights().require(change, columns)
    }
}

/// A block and the role of a caller who may view it: what the rules of this module need. The
/// sheet call reports these rights to the browser and every write checks them, through the same
/// [`Rights::require`], so the buttons shown and the writes allowed cannot disagree.
#[derive(Debug, Clone, Copy)]
pub struct Rights<'a> {
    pub block: &'a StoredBlock,
    pub role: Role,
}

impl Rights<'_> {
    fn block_type(&self) -> &str {
        blocks::normalise_type(&self.block.block_type)
    }

    fn kind(&self) -> Option<BlockType> {
        BlockType::parse(&self.block.block_type)
    }

    /// Ok when this block lets its caller make `change`, touching `columns` (the columns an edit
    /// changes; ignored otherwise). Guests are asked to log in when signing in could help.
    pub fn require(&self, change: RowChange, columns: &[&str]) -> Result<(), Error> {
        let block_type = self.block_type();
        let kind = self.kind();
        if !change.accepted_by(kind) {
            return Err(Error::BadRequest(format!("A {block_type} block cannot {}.", change.verb())));
        }
        if self.role == Role::Read {
            return self.role.require_write_rows();
        }
        if let Some(action) = change.action().filter(|action| !has_action(&self.block.config, action)) {
            return Err(Error::NotPermitted(format!(
                "This {block_type} has no '{action}' action, so its rows cannot be changed that way."
            )));
        }
        let submits = kind.is_some_and(|kind| kind.capabilities().writes.submit);
        let audience = match change {
            // Forms exist to collect data: their answers are for everyone unless `add_new_row` says otherwise.
            RowChange::Append if submits => Audience::setting(&self.block.config, "add_new_row", Audience::Everyone),
            RowChange::Append => {
                Audience::setting(&self.block.config, "add_new_row", catalogue_default(kind, &["add_new_row"], Audience::Nobody))
            }
            _ => self.action_audience(),
        };
        self.require_audience(audience, || format!("This {block_type} does not let you {}.", change.verb()))?;
        if change == RowChange::Edit {
            let default = catalogue_default(kind, &["axis", "editable"], Audience::Nobody);
            for column in columns {
                let audience =
                    axis_entry(&self.block.config, column).map_or(default, |entry| Audience::setting(entry, "editable", default));
                self.require_audience(audience, || format!("The column `{column}` of this {block_type} is not editable for you."))?;
            }
        }
        Ok(())
    }

    /// [`Rights::require`] as a yes or no, for showing buttons.
    pub fn may(&self, change: RowChange, columns: &[&str]) -> bool {
        self.require(change, columns).is_ok()
    }

    /// Ok when the block's row action buttons (§3.6) are for this caller:
    /// `action_button_visibility`, default `Everyone`.
    pub fn require_actions(&self) -> Result<(), Error> {
        if self.role == Role::Read {
            return self.role.require_write_rows();
        }
        let block_type = self.block_type();
        self.require_audience(self.action_audience(), || format!("The actions of this {block_type} are not available to you."))
    }

    fn action_audience(&self) -> Audience {
        Audience::setting(
            &self.block.config,
            "action_button_visibility",
            catalogue_default(self.kind(), &["action_button_visibility"], Audience::Everyone),
        )
    }

    /// What the browser may offer this caller through the block, for the visible `columns`.
    pub fn permissions(&self, columns: &[String]) -> Permissions {
        let edit_columns = match self.may(RowChange::Edit, &[]) {
            true => columns.iter().filter(|column| *column != RECORD_ID_COLUMN && self.may(RowChange::Edit, &[column])).cloned().collect(),
            false => Vec::new(),
        };
        Permissions {
            append: self.may(RowChange::Append, &[]),
            edit_columns,
            delete: self.may(RowChange::Delete, &[]),
            duplicate: self.may(RowChange::Duplicate, &[]),
            actions: self.require_actions().is_ok(),
        }
    }

    fn require_audience(&self, audience: Audience, refusal: impl FnOnce() -> String) -> Result<(), Error> {
        // Viewing was checked when the access was made.
        if audience.covers(self.role, true) {
            Ok(())
        } else if self.role == Role::Guest && audience != Audience::Nobody {
            Err(Error::Unauthorized)
        } else {
            Err(Error::NotPermitted(refusal()))
        }
    }
}

/// What a caller may do through one block (blocks §3.2, §3.6), answered with its rows. The
/// default is nothing: what a read-only viewer (through an embed token) is offered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Permissions {
    /// Add a row: a table's or list's "add new row", or a form's submit.
    pub append: bool,
    /// The visible columns an 'Edit row' action lets this caller change (empty: no edit).
    pub edit_columns: Vec<String>,
    pub delete: bool,
    pub duplicate: bool,
    /// `action_button_visibility` covers this caller: the row action buttons show.
    pub actions: bool,
}

/// Whether the block's row actions (§3.6) include `action` ("Delete row").
fn has_action(config: &Map<String, Value>, action: &str) -> bool {
    config.get("actions").and_then(Value::as_array).is_some_and(|actions| {
        actions.iter().any(|entry| entry.get("type").and_then(Value::as_str).is_some_and(|kind| is_action(kind, action)))
    })
}

/// Whether the action type `kind`, as stored, is `action` ("Delete row"), by the rule that
/// normalising a block reads options with (`tessera_blocks::same_option`).
pub fn is_action(kind: &str, action: &str) -> bool {
    tessera_blocks::same_option(action, kind)
}

/// The axis entry (a table column, a list field or a form field) for `column`.
pub fn axis_entry<'a>(config: &'a Map<String, Value>, column: &str) -> Option<&'a Map<String, Value>> {
    config
        .get("axis")?
        .as_array()?
        .iter()
        .filter_map(Value::as_object)
        .find(|entry| entry.get("column").and_then(Value::as_str) == Some(column))
}

/// Every axis entry of the block.
pub fn axis_entries(config: &Map<String, Value>) -> impl Iterator<Item = &Map<String, Value>> {
    config.get("axis").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_object)
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/// Google Sheets holds at most this many characters in a cell; every source is held to it.
pub const MAX_CELL_CHARS: usize = 50_000;

/// Checks a write's values against the sheet and the block before anything is stored: every
/// column must exist in the sheet, every value must fit its column's type (`type`, `options`,
/// `character_limit` of the block's axis entry) and the form's `regex_validation`, and the
/// `required` fields must be filled. The 422 names the column at fault.
///
/// A form's answer (an append through a block that submits) is the core's whole-answer rule,
/// `tessera_core::form::validate_submission`: an answer with nothing filled in is a 400 (no one
/// field is at fault), then the first blank required field a 422. The browser checks the same
/// before sending, but a hand-made request is held to it here. Other writes refuse a blank
/// required field they add (an append) or send (an edit leaves the others alone).
///
/// An empty value passes the type and pattern checks (it clears the cell); `required` is what
/// refuses blanks. The pattern rule is the core's (`tessera_core::form::validate_field`: the
/// whole value must match, as HTML's `pattern` does, within the core's compiled-size limit). A
/// field whose `regex_validation` the core refuses as a pattern is treated as unvalidated and
/// logged, so one mistyped pattern does not stop a form from collecting anything.
pub fn check_values(
    block: &StoredBlock,
    sheet_title: &str,
    sheet_columns: &[String],
    values: &Values,
    change: RowChange,
) -> Result<(), Error> {
    for (column, value) in values {
        if !sheet_columns.iter().any(|name| name == column) {
            return Err(Error::invalid(column.clone(), format!("The sheet `{sheet_title}` has no column `{column}`.")));
        }
        let entry = axis_entry(&block.config, column);
        let label = entry.and_then(|entry| text(entry, "label")).filter(|label| !label.trim().is_empty()).unwrap_or(column);
        check_value(block, entry, label, value).map_err(|message| Error::invalid(column.clone(), message))?;
    }
    let submits = BlockType::parse(&block.block_type).is_some_and(|kind| kind.capabilities().writes.submit);
    if submits && change == RowChange::Append {
        return check_answer(&block.config, values);
    }
    for entry in axis_entries(&block.config) {
        let Some(column) = text(entry, "column") else { continue };
        if change == RowChange::Edit && !values.contains_key(column) {
            continue;
        }
        let value = values.get(column).map_or("", String::as_str);
        form::check_required(value, flag(entry, "required"), field_label(entry, column))
            .map_err(|missing| Error::invalid(column, missing.to_string()))?;
    }
    Ok(())
}

/// A form's whole answer by the core's rule: its fields (the axis entries with a column) as the
/// submitter filled them, a field not sent being blank.
fn check_answer(config: &Map<String, Value>, values: &Values) -> Result<(), Error> {
    let entries: Vec<(&str, &Map<String, Value>)> =
        axis_entries(config).filter_map(|entry| text(entry, "column").map(|column| (column, entry))).collect();
    let fields: Vec<form::SubmittedField> = entries
        .iter()
        .map(|(column, entry)| form::SubmittedField {
            label: field_label(entry, column).to_owned(),
            value: values.get(*column).cloned().unwrap_or_default(),
            required: flag(entry, "required"),
            hidden: flag(entry, "hide"),
        })
        .collect();
    form::validate_submission(&fields).map_err(|refusal| match refusal {
        SubmissionError::Empty => Error::BadRequest(refusal.to_string()),
        SubmissionError::Missing { index, missing } => Error::invalid(entries[index].0, missing.to_string()),
    })
}

/// What a field is called to the submitter: its label, else its column.
fn field_label<'a>(entry: &'a Map<String, Value>, column: &'a str) -> &'a str {
    text(entry, "label").filter(|label| !label.trim().is_empty()).unwrap_or(column)
}

fn check_value(block: &StoredBlock, entry: Option<&Map<String, Value>>, label: &str, value: &str) -> Result<(), String> {
    if value.chars().count() > MAX_CELL_CHARS {
        return Err(format!("`{label}` is longer than {MAX_CELL_CHARS} characters."));
    }
    let Some(entry) = entry else { return Ok(()) };
    if let Some(limit) = entry.get("character_limit").and_then(number).filter(|limit| *limit > 0) {
        if value.chars().count() as u64 > limit {
            return Err(format!("`{label}` may have at most {limit} characters."));
        }
    }
    if value.trim().is_empty() {
        return Ok(());
    }
    let kind = text(entry, "type").unwrap_or("text").trim().to_ascii_lowercase();
    check_type(&kind, entry, label, value.trim())?;
    check_pattern(block, entry, &kind, label, value)
}

fn check_type(kind: &str, entry: &Map<String, Value>, label: &str, value: &str) -> Result<(), String> {
    let fits = match kind {
        "number" => is_number(value),
        "email" => form::is_valid_email(value),
        "date" => is_date(value),
        "datetime-local" => value.split_once('T').is_some_and(|(date, time)| is_date(date) && is_time(time)),
        "time" => is_time(value),
        "month" => value.split_once('-').is_some_and(|(year, month)| is_year(year) && in_range(month, 2, 1, 12)),
        "week" => value.split_once("-W").is_some_and(|(year, week)| is_year(year) && in_range(week, 2, 1, 53)),
        "url" | "link" => is_url(value),
        "image" | "file" => is_url(value) || is_upload_url(value),
        "tel" => is_phone(value),
        "checkbox" | "boolean" => value.eq_ignore_ascii_case("true") || value.eq_ignore_ascii_case("false"),
        "select" | "multi-select" => return check_options(kind, entry, label, value),
        _ => true,
    };
    if fits {
        Ok(())
    } else {
        Err(format!("`{label}` must be {}; got `{value}`.", describe(kind)))
    }
}

fn describe(kind: &str) -> &'static str {
    match kind {
        "number" => "a number",
        "email" => "an e-mail address such as name@example.com",
        "date" => "a date written YYYY-MM-DD",
        "datetime-local" => "a date and time written YYYY-MM-DDTHH:MM",
        "time" => "a time written HH:MM",
        "month" => "a month written YYYY-MM",
        "week" => "a week written YYYY-Www",
        "url" | "link" => "a web address starting with http:// or https://",
        "image" | "file" => "a web address starting with http:// or https://, or an uploaded file",
        "tel" => "a phone number",
        "checkbox" | "boolean" => "true or false",
        _ => "text",
    }
}

/// A select value must be one of the entry's `options` when it has fixed ones; options drawn
/// from another sheet (`from_google_sheet`) change with that sheet and are not checked here.
fn check_options(kind: &str, entry: &Map<String, Value>, label: &str, value: &str) -> Result<(), String> {
    if flag(entry, "from_google_sheet") {
        return Ok(());
    }
    let options: Vec<String> = match entry.get("options") {
        Some(Value::String(list)) => list.split(',').map(|option| option.trim().to_owned()).filter(|option| !option.is_empty()).collect(),
        Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).map(|option| option.trim().to_owned()).collect(),
        _ => Vec::new(),
    };
    if options.is_empty() {
        return Ok(());
    }
    let chosen: Vec<&str> = match kind {
        "multi-select" => value.split(',').map(str::trim).filter(|choice| !choice.is_empty()).collect(),
        _ => vec![value],
    };
    match chosen.iter().find(|choice| !options.iter().any(|option| option == *choice)) {
        None => Ok(()),
        Some(choice) => Err(format!("`{label}` must be one of: {}; got `{choice}`.", options.join(", "))),
    }
}

fn check_pattern(block: &StoredBlock, entry: &Map<String, Value>, kind: &str, label: &str, value: &str) -> Result<(), String> {
    let pattern = text(entry, "regex_validation").unwrap_or_default();
    match form::validate_field(value, kind, pattern) {
        Ok(()) => Ok(()),
        Err(FieldError::BadPattern { reason, .. }) => {
            tracing::warn!(block = %block.id, field = %label, %reason, "a form field's regex_validation is not a valid pattern; the field is not checked");
            Ok(())
        }
        Err(FieldError::NoMatch { .. }) => {
            let message = ["validation_message", "regex_message", "error_message"]
                .iter()
                .find_map(|key| text(entry, key).filter(|message| !message.trim().is_empty()))
                .map(str::to_owned);
            Err(message.unwrap_or_else(|| format!("`{label}` is not in the expected format.")))
        }
    }
}

fn text<'a>(entry: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    entry.get(key).and_then(Value::as_str)
}

/// A yes/no setting: `true` or the text "true".
fn flag(entry: &Map<String, Value>, key: &str) -> bool {
    match entry.get(key) {
        Some(Value::Bool(on)) => *on,
        Some(Value::String(text)) => text.trim().eq_ignore_ascii_case("true"),
        _ => false,
    }
}

fn number(value: &Value) -> Option<u64> {
    value.as_u64().or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
}

/// A number as people type one: `-12`, `3.5`, `3,5` (decimal comma), `1,234.5`, `1e3`.
fn is_number(value: &str) -> bool {
    let finite = |text: &str| text.parse::<f64>().is_ok_and(f64::is_finite);
    finite(value)
        || (!value.contains('.') && finite(&value.replacen(',', ".", 1)))
        || (value.contains('.') && finite(&value.replace(',', "")))
}

fn is_url(value: &str) -> bool {
    let Some(rest) = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://")) else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !host.is_empty() && !value.chars().any(char::is_whitespace)
}

/// A file this server stored (`POST /api/blocks/{blockId}/uploads` answers this address).
fn is_upload_url(value: &str) -> bool {
    value.strip_prefix("/api/uploads/").is_some_and(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
}

fn is_phone(value: &str) -> bool {
    value.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) && value.chars().filter(char::is_ascii_digit).count() >= 3
}

fn digits(text: &str, width: usize) -> Option<u32> {
    (text.len() == width && text.chars().all(|c| c.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

fn in_range(text: &str, width: usize, low: u32, high: u32) -> bool {
    digits(text, width).is_some_and(|n| (low..=high).contains(&n))
}

fn is_year(text: &str) -> bool {
    in_range(text, 4, 1, 9999)
}

/// `YYYY-MM-DD`, a real calendar day (leap years included).
fn is_date(value: &str) -> bool {
    let mut parts = value.split('-');
    let (Some(year), Some(month), Some(day), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else { return false };
    let (Some(year), Some(month), Some(day)) = (digits(year, 4), digits(month, 2), digits(day, 2)) else { return false };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    year >= 1 && (1..=days).contains(&day)
}

/// `HH:MM` or `HH:MM:SS` (an HTML time input sends either).
fn is_time(value: &str) -> bool {
    let parts: Vec<&str> = value.split(':').collect();
    match parts.as_slice() {
        [hours, minutes] => in_range(hours, 2, 0, 23) && in_range(minutes, 2, 0, 59),
        [hours, minutes, seconds] => {
            let whole = seconds.split('.').next().unwrap_or_default();
            in_range(hours, 2, 0, 23) && in_range(minutes, 2, 0, 59) && in_range(whole, 2, 0, 59)
        }
        _ => false,
    }
}

/// Fills the hidden fields of a form whose `default` is a token (§3.8) with the core's
/// `resolve_default`: `[(user_email)]` becomes the session's e-mail (empty for a guest) and
/// `[(today)]` the viewer's date (YYYY-MM-DD at `utc_offset_minutes` east of UTC, the offset the
/// browser sends, so a hidden field gets the same date a visible one shows), whatever the
/// browser sent as the value, so a submitter cannot sign a row with someone else's address.
/// Visible fields keep what the submitter typed over the prefilled default.
pub fn fill_hidden_defaults(
    config: &Map<String, Value>,
    values: &mut Values,
    email: Option<&str>,
    unix_seconds: i64,
    utc_offset_minutes: i32,
) {
    let viewer = Context {
        now: Some(crate::infra::text::rfc3339(unix_seconds)),
        utc_offset_minutes,
        user_email: email.map(str::to_owned),
        ..Context::default()
    };
    for entry in axis_entries(config).filter(|entry| flag(entry, "hide")) {
        let (Some(column), Some(default)) = (text(entry, "column"), text(entry, "default")) else { continue };
        let token = default.trim();
        if token != form::TODAY_TOKEN && token != form::USER_EMAIL_TOKEN {
            continue;
        }
        // `now` is always given, so the core has nothing to refuse.
        if let Ok(filled) = form::resolve_default(token, &viewer) {
            values.insert(column.to_owned(), filled);
        }
    }
}

/// Ok when a write through `block` sets only columns the block offers: a form its own fields
/// (every axis entry, hidden ones included), a table or list the columns it shows
/// (`tessera_blocks::shown_columns`). Anything else is refused with a 422 naming the column, so
/// a hand-made request cannot set a column (a status, an owner's e-mail) the block never showed.
pub fn check_columns<'a>(block: &StoredBlock, sheet_columns: &[String], columns: impl IntoIterator<Item = &'a str>) -> Result<(), Error> {
    let block_type = blocks::normalise_type(&block.block_type);
    let is_form = BlockType::parse(block_type).is_some_and(|kind| kind.capabilities().writes.submit);
    let offered: Vec<String> = match is_form {
        true => axis_entries(&block.config).filter_map(|entry| text(entry, "column")).map(str::to_owned).collect(),
        false => tessera_blocks::shown_columns(&block.config, sheet_columns).into_iter().map(|shown| shown.column).collect(),
    };
    match columns.into_iter().find(|column| !offered.iter().any(|name| name == column)) {
        None => Ok(()),
        Some(column) if is_form => Err(Error::invalid(column, format!("This form has no field `{column}`."))),
        Some(column) => Err(Error::invalid(column, format!("This {block_type} does not show the column `{column}`."))),
    }
}

/// The record-id column is the server's to fill; a writer that sends it (an edit echoing the
/// whole row back) has it dropped rather than refused.
pub fn without_record_id(mut values: Values) -> Values {
    values.remove(RECORD_ID_COLUMN);
    values
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn block(block_type: &str, config: Value) -> BlockAccess {
        BlockAccess {
            block: StoredBlock {
                id: "b".into(),
                parent: OwnedParent::Board("x".into()),
                block_type: block_type.into(),
                config: config.as_object().unwrap().clone(),
            },
            role: Role::Guest,
            workspace_id: "w".into(),
            spreadsheet_id: None,
            app_id: None,
        }
    }

    #[test]
    fn each_audience_covers_exactly_its_roles() {
        use Audience::*;
        use Role::*;
        //            Admin  Owner  RW     Read   User   Guest
        let table = [
            (Admins, [true, true, true, false, false, false]),
            (AdminsAndGuests, [true, true, true, false, true, false]),
            (Everyone, [true, true, true, false, true, true]),
            (Nobody, [false, false, false, false, false, false]),
        ];
        for (audience, expected) in table {
            for (role, covered) in [Admin, Owner, ReadWrite, Read, User, Guest].into_iter().zip(expected) {
                assert_eq!(audience.covers(role, true), covered, "{audience:?} {role:?}");
                assert!(!audience.covers(role, false), "{audience:?} {role:?} without view rights");
            }
        }
    }

    #[test]
    fn settings_fall_back_to_their_default_and_unknown_values_to_nobody() {
        let settings = json!({"a": "Admins & Guests", "b": "", "c": null, "d": "admins", "e": true});
        let settings = settings.as_object().unwrap();
        assert_eq!(Audience::setting(settings, "a", Audience::Nobody), Audience::AdminsAndGuests);
        assert_eq!(Audience::setting(settings, "b", Audience::Everyone), Audience::Everyone);
        assert_eq!(Audience::setting(settings, "c", Audience::Admins), Audience::Admins);
        assert_eq!(Audience::setting(settings, "missing", Audience::Everyone), Audience::Everyone);
        assert_eq!(Audience::setting(settings, "d", Audience::Everyone), Audience::Nobody);
        assert_eq!(Audience::setting(settings, "e", Audience::Everyone), Audience::Nobody);
    }

    fn allowed(access: &BlockAccess, role: Role, change: RowChange, columns: &[&str]) -> Result<(), u16> {
        let access = BlockAccess { role, ..access.clone() };
        access.require(change, columns).map_err(|error| error.status().as_u16())
    }

    #[test]
    fn defaults_per_block_type_and_write() {
        let form = block("form", json!({}));
        let table = block("table", json!({"actions": [{"type": "Edit row"}, {"type": "delete_row"}, {"type": "Duplicate row"}]}));
        let list = block("list", json!({"actions": [{"type": "Edit row"}, {"type": "Duplicate row"}]}));
        // Forms collect from anyone who sees them; tables and lists add nothing by default.
        assert_eq!(allowed(&form, Role::Guest, RowChange::Append, &[]), Ok(()));
        assert_eq!(allowed(&table, Role::Owner, RowChange::Append, &[]), Err(403));
        // Edits: table columns are not editable by default, list fields are.
        assert_eq!(allowed(&table, Role::Owner, RowChange::Edit, &["Name"]), Err(403));
        assert_eq!(allowed(&list, Role::Guest, RowChange::Edit, &["Name"]), Ok(()));
        // Deletes need the action, which the list lacks; lists never duplicate.
        assert_eq!(allowed(&table, Role::Guest, RowChange::Delete, &[]), Ok(()));
        assert_eq!(allowed(&list, Role::Owner, RowChange::Delete, &[]), Err(403));
        assert_eq!(allowed(&list, Role::Owner, RowChange::Duplicate, &[]), Err(400));
        assert_eq!(allowed(&form, Role::Owner, RowChange::Edit, &[]), Err(400));
        assert_eq!(allowed(&block("chart", json!({})), Role::Owner, RowChange::Append, &[]), Err(400));
        // Read app users never write, whatever the block allows.
        assert_eq!(allowed(&form, Role::Read, RowChange::Append, &[]), Err(403));
    }

    #[test]
    fn guests_are_asked_to_log_in_only_when_that_could_help() {
        let admins = block("table", json!({"add_new_row": "Admins"}));
        let nobody = block("table", json!({"add_new_row": "None"}));
        assert_eq!(allowed(&admins, Role::Guest, RowChange::Append, &[]), Err(401));
        assert_eq!(allowed(&admins, Role::User, RowChange::Append, &[]), Err(403));
        assert_eq!(allowed(&admins, Role::ReadWrite, RowChange::Append, &[]), Ok(()));
        assert_eq!(allowed(&nobody, Role::Guest, RowChange::Append, &[]), Err(403));
    }

    #[test]
    fn each_changed_column_needs_its_own_editable_audience() {
        let table = block(
            "table",
            json!({"actions": [{"type": "Edit row"}], "action_button_visibility": "Admins & Guests",
                   "axis": [{"column": "Name", "editable": "Everyone"}, {"column": "Price", "editable": "Admins"}]}),
        );
        assert_eq!(allowed(&table, Role::User, RowChange::Edit, &["Name"]), Ok(()));
        assert_eq!(allowed(&table, Role::User, RowChange::Edit, &["Name", "Price"]), Err(403));
        assert_eq!(allowed(&table, Role::ReadWrite, RowChange::Edit, &["Name", "Price"]), Ok(()));
        assert_eq!(allowed(&table, Role::Guest, RowChange::Edit, &["Name"]), Err(401));
        assert_eq!(allowed(&table, Role::Owner, RowChange::Edit, &["Other"]), Err(403));
    }

    fn check(axis: Value, values: &[(&str, &str)], change: RowChange) -> Result<(), (String, String)> {
        let access = block("form", json!({ "axis": axis }));
        let columns = ["Name", "Email", "Amount", "When", "Site", "Paid", "Size", "Tags", "Code"].map(String::from);
        let values: Values = values.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        check_values(&access.block, "Orders", &columns, &values, change).map_err(|error| match error {
            Error::Invalid { field, message } => (field, message),
            other => panic!("expected a 422, got {other:?}"),
        })
    }

    #[test]
    fn values_are_checked_against_their_column_type() {
        let axis = json!([
            {"column": "Email", "type": "email"}, {"column": "Amount", "type": "number"}, {"column": "When", "type": "date"},
            {"column": "Site", "type": "url"}, {"column": "Paid", "type": "checkbox"},
            {"column": "Size", "type": "select", "options": "S, M, L"}, {"column": "Tags", "type": "multi-select", "options": ["a", "b"]}
        ]);
        let good = [
            ("Email", "ada@пример.рф"),
            ("Amount", "1,234.50"),
            ("When", "2024-02-29"),
            ("Site", "https://example.com/x"),
            ("Paid", "TRUE"),
            ("Size", "M"),
            ("Tags", "a, b"),
            ("Name", "anything"),
        ];
        assert_eq!(check(axis.clone(), &good, RowChange::Append), Ok(()));
        for (column, bad) in [
            ("Email", "ada@example"),
            ("Amount", "12abc"),
            ("When", "2023-02-29"),
            ("When", "29/02/2024"),
            ("Site", "javascript:alert(1)"),
            ("Paid", "yes"),
            ("Size", "XL"),
            ("Tags", "a, c"),
        ] {
            let (field, message) = check(axis.clone(), &[(column, bad)], RowChange::Append).unwrap_err();
            assert_eq!(field, column, "{bad}");
            assert!(message.contains(column), "{message}");
        }
        assert_eq!(check(axis, &[("Amount", ""), ("Email", "ada@example.com")], RowChange::Append), Ok(()), "blank clears a cell");
    }

    #[test]
    fn unknown_columns_required_fields_and_patterns_name_the_field() {
        assert_eq!(check(json!([]), &[("Nope", "1")], RowChange::Append).unwrap_err().0, "Nope");
        let axis = json!([{"column": "Name", "label": "Your name", "required": true},
                          {"column": "Code", "regex_validation": "^[A-Z]{3}$", "validation_message": "Three capitals, please."}]);
        let (field, message) = check(axis.clone(), &[("Code", "ABC")], RowChange::Append).unwrap_err();
        assert_eq!((field.as_str(), message.as_str()), ("Name", "Your name is required."));
        assert_eq!(check(axis.clone(), &[("Code", "ABC")], RowChange::Edit), Ok(()), "an edit leaves unsent fields alone");
        assert_eq!(check(axis.clone(), &[("Name", " ")], RowChange::Edit).unwrap_err().0, "Name");
        let (field, message) = check(axis.clone(), &[("Name", "Ada"), ("Code", "abc")], RowChange::Append).unwrap_err();
        assert_eq!((field.as_str(), message.as_str()), ("Code", "Three capitals, please."));
        let js_style = json!([{"column": "Code", "regex_validation": "/^[a-z]+$/i"}]);
        assert_eq!(check(js_style, &[("Code", "ABC")], RowChange::Append), Ok(()));
        let broken = json!([{"column": "Code", "regex_validation": "([unclosed"}]);
        assert_eq!(check(broken, &[("Code", "anything")], RowChange::Append), Ok(()), "a broken pattern leaves the field unvalidated");
        let too_long = "x".repeat(MAX_CELL_CHARS + 1);
        assert_eq!(check(json!([]), &[("Name", &too_long)], RowChange::Append).unwrap_err().0, "Name");
    }

    #[test]
    fn a_form_answer_with_nothing_filled_in_is_a_400_whoever_sends_it() {
        let axis = json!([{"column": "Name"}, {"column": "Email", "type": "email"}, {"column": "Paid", "hide": true, "default": "no"}]);
        let access = block("form", json!({ "axis": axis }));
        let columns = ["Name", "Email", "Paid"].map(String::from);
        let answer = |pairs: &[(&str, &str)]| -> Values { pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect() };
        for empty in [answer(&[]), answer(&[("Name", " "), ("Email", "")]), answer(&[("Paid", "yes")])] {
            let refused = check_values(&access.block, "Orders", &columns, &empty, RowChange::Append).unwrap_err();
            assert!(
                matches!(&refused, Error::BadRequest(message) if message == "Fill in at least one field before sending."),
                "{empty:?}: {refused:?}"
            );
        }
        assert_eq!(check_values(&access.block, "Orders", &columns, &answer(&[("Name", "Ada")]), RowChange::Append).ok(), Some(()));
        let table = block("table", json!({"axis": [{"column": "Name"}]}));
        assert_eq!(
            check_values(&table.block, "Orders", &columns, &answer(&[]), RowChange::Append).ok(),
            Some(()),
            "a table's new row starts blank and is filled in by editing it"
        );
    }

    #[test]
    fn a_hidden_field_is_not_required_and_a_blank_required_file_is_refused() {
        let axis = json!([
            {"column": "Name", "required": true, "hide": true}, {"column": "Email"},
            {"column": "Code", "type": "file", "required": true, "label": "CV"}
        ]);
        assert_eq!(check(axis.clone(), &[("Code", "/api/uploads/abc")], RowChange::Append), Ok(()));
        let (field, message) = check(axis, &[("Email", "ada@example.com"), ("Code", " ")], RowChange::Append).unwrap_err();
        assert_eq!((field.as_str(), message.as_str()), ("Code", "CV is required."));
    }

    #[test]
    fn patterns_must_match_the_whole_value_as_the_core_and_html_say() {
        let zip = json!([{"column": "Code", "regex_validation": "\\d{5}"}]);
        assert_eq!(check(zip.clone(), &[("Code", "12345")], RowChange::Append), Ok(()));
        for partial in ["123456", "a12345", "12345\n"] {
            assert_eq!(check(zip.clone(), &[("Code", partial)], RowChange::Append).unwrap_err().0, "Code", "{partial:?}");
        }
        let either = json!([{"column": "Code", "regex_validation": "a|b"}]);
        assert!(check(either, &[("Code", "ab")], RowChange::Append).is_err(), "alternatives are grouped before anchoring");
        let file = json!([{"column": "Code", "type": "file", "regex_validation": "\\d{5}"}]);
        assert_eq!(check(file, &[("Code", "/api/uploads/abc")], RowChange::Append), Ok(()), "file fields are not checked");
    }

    #[test]
    fn huge_patterns_are_not_compiled_and_leave_the_field_unvalidated() {
        let huge = json!([{"column": "Code", "regex_validation": "(?:a{1000}){1000}"}]);
        assert_eq!(check(huge, &[("Code", "b")], RowChange::Append), Ok(()));
    }

    #[test]
    fn hidden_token_fields_take_the_session_and_the_date_not_the_browser() {
        let config = json!({"axis": [
            {"column": "By", "hide": true, "default": "[(user_email)]"}, {"column": "On", "hide": true, "default": "[(today)]"},
            {"column": "Typed", "default": "[(user_email)]"}, {"column": "Other", "hide": true, "default": "fixed"}
        ]});
        let mut values: Values =
            [("By", "forged@example.com"), ("Typed", "mine@example.com")].map(|(k, v)| (k.to_owned(), v.to_owned())).into();
        fill_hidden_defaults(config.as_object().unwrap(), &mut values, Some("ada@example.com"), 1_709_164_800, 0);
        let expected: Values = [("By", "ada@example.com"), ("On", "2024-02-29"), ("Typed", "mine@example.com")]
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .into();
        assert_eq!(values, expected);
        let mut guest = Values::new();
        fill_hidden_defaults(config.as_object().unwrap(), &mut guest, None, 0, 0);
        assert_eq!((guest["By"].as_str(), guest["On"].as_str()), ("", "1970-01-01"));
        let mut leap = Values::new();
        fill_hidden_defaults(config.as_object().unwrap(), &mut leap, None, 951_782_400, 0);
        assert_eq!(leap["On"], "2000-02-29");
    }

    #[test]
    fn hidden_today_is_the_viewers_local_date_from_their_offset() {
        let config = json!({"axis": [{"column": "On", "hide": true, "default": " [(today)] "}]});
        let today = |unix_seconds: i64, offset: i32| {
            let mut values = Values::new();
            fill_hidden_defaults(config.as_object().unwrap(), &mut values, None, unix_seconds, offset);
            values["On"].clone()
        };
        // 2024-02-29T23:30:00Z: already 1 March at UTC+1, still 29 February in UTC and west of it.
        let late = 1_709_249_400;
        assert_eq!(today(late, 60), "2024-03-01", "just after midnight in Paris");
        assert_eq!(today(late, 0), "2024-02-29");
        assert_eq!(today(late, -300), "2024-02-29");
        // 2024-03-01T00:10:00Z: just after midnight in UTC, still 29 February in New York.
        assert_eq!(today(1_709_251_800, -300), "2024-02-29", "the evening before in New York");
        assert_eq!(today(1_709_251_800, 840), "2024-03-01");
    }

    #[test]
    fn the_record_id_is_dropped_from_written_values() {
        let values: Values = [(RECORD_ID_COLUMN.to_owned(), "x".to_owned()), ("Name".to_owned(), "Ada".to_owned())].into();
        assert_eq!(without_record_id(values).into_keys().collect::<Vec<_>>(), ["Name"]);
    }
}
