//! What a viewer may read of a sheet, filtered on the server by `tessera-core` before any row
//! leaves it (platform §5, §7; blocks §3.4). The HTTP side is `api::sheet_data`.
//!
//! **Scope.** A viewer reads a sheet through a board (named by its slug) or an app page (the app
//! named as `GET /api/page/{slug}` names it, the page by its path). The [`Scope`]
//! (`crate::access::scope`, the one owner of access) decides which tabs and rows that viewer may read;
//! this module runs the query it allows.
//!
//! **Filters.** The stored filters (`{name, active, condition, sheet_column, value}`) apply when
//! active. The URL `filters` (`_filters`: `name:value,...`) may switch on an inactive filter with
//! the given value, and may add a further condition to an active one, but never replaces or
//! removes it: a viewer can only narrow what the board shows. The locked filters of a signed
//! embed token (`embed_token`) apply the same way on every read, whatever URL filters come with
//! it. `[(current_user)]` is the
//! session's verified e-mail (never `_email`); `_id` is the session `_id` filter; a block's
//! `conditional_filter` applies when `block` names a block of this board or page that reads the
//! tab, and a read naming no block gets the union of what the blocks reading the tab show.
//!
//! **Paging.** `rows_per_page` absent means the core's default (10); `0` means every row on one
//! page. A caller without a session gets at most [`GUEST_ROW_CAP`] rows per answer: pages are
//! then that long and the answer says `truncated: true` when rows were held back.
//!
//! **Shared answers.** The sheet call answers through [`answer_json`]: an answer is kept in
//! `answer_cache` under the tab's id and data version and the whole effective query (the spec
//! the core runs, with every rule above resolved for this viewer, and what the caller's role
//! lets the block offer), so viewers asking the same thing share one computation and viewers
//! whose rules differ never share an answer.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tessera_core::context::Context;
use tessera_core::display::{self, ColumnDisplay, Locale};
use tessera_core::error::QueryError;
use tessera_core::filter::{Condition, Filter, FilterValue, SheetColumn};
use tessera_core::formatting::CellStyle;
use tessera_core::query::{self, QuerySpec};
use tessera_core::sort::{Sort, SortDirection};
use tessera_core::table::{Table, RECORD_ID_COLUMN};
use utoipa::{IntoParams, ToSchema};

use crate::access::audience::{Permissions, Rights};
use crate::access::scope::{self, not_in_spreadsheet, RowRule, Scope};
use crate::accounts::auth::Caller;
use crate::accounts::roles::Role;
use crate::boards::blocks;
use crate::infra::db::Db;
use crate::infra::error::Error;
use crate::infra::text::rfc3339;
use crate::sheets::answer_cache::{JsonAnswer, Lookup};
use crate::sheets::rows::ROW_GONE;
use crate::sheets::store::{self, SheetInfo};
use crate::AppState;

/// The most rows one answer gives a caller without a session.
pub const GUEST_ROW_CAP: u64 = 10_000;

/// `tz_offset` is bounded by the real offsets on Earth (UTC−14:00 to UTC+14:00).
const MAX_TZ_OFFSET_MINUTES: i32 = 14 * 60;

/// The sheet-data query parameters besides those of every request (platform §7).
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SheetParams {
    /// Comma-separated search terms, matched case-insensitively against any cell.
    pub search: Option<String>,
    /// The column to sort by.
    pub sort_column: Option<String>,
    /// `asc` or `desc` (default `asc`).
    pub sort_direction: Option<String>,
    /// The 1-based page; past the last page reads the last page.
    pub page: Option<String>,
    /// Rows per page: absent means 10; 0 means all (callers without a session get at most 10,000).
    pub rows_per_page: Option<String>,
    /// The viewer's offset from UTC in minutes, east positive (60 for UTC+1); -840 to 840.
    pub tz_offset: Option<String>,
    /// A block of this board or page: its `conditional_filter` applies (and, for CSV export, its `csv_download`).
    pub block: Option<String>,
    /// The 'ChartApps Record ID' of the record a detail page shows: 'Current record' filters
    /// compare with it, and an item-details block without one shows only that record.
    pub current_record: Option<String>,
    /// The tab `current_record` is in; the requested sheet when absent.
    pub current_sheet: Option<String>,
    /// The viewer's language tag (`en-US`, `de-AT`), whose separators and date style the
    /// answer's `display` texts use; `en-US` when absent or unknown.
    pub locale: Option<String>,
    /// `1` re-reads the rows from the database instead of using the parsed-sheet cache.
    #[serde(rename = "_vercel_no_cache")]
    #[param(rename = "_vercel_no_cache")]
    pub no_cache: Option<String>,
}

impl SheetParams {
    pub fn bypass_cache(&self) -> bool {
        self.no_cache.as_deref().map(str::trim) == Some("1")
    }
}

/// Who asks: identity comes from the session, `_id` and the URL filters from the request.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    /// The session's e-mail once verified ([`crate::access::scope::verified_email`]).
    pub email: Option<String>,
    pub signed_in: bool,
    /// The `_id` of session storage.
    pub session_row_id: Option<String>,
    /// The URL `filters` (`_filters`).
    pub url_filters: Option<String>,
}

impl Viewer {
    pub fn new(caller: &Caller, session_row_id: Option<String>, url_filters: Option<String>) -> Self {
        Self {
            email: crate::access::scope::verified_email(caller).map(str::to_owned),
            signed_in: caller.signed_in.is_some(),
            session_row_id,
            url_filters,
        }
    }
}

/// One page of a sheet as a viewer sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SheetAnswer {
    /// The visible columns in sheet order ('ChartApps Record ID' included, `chartmat_row_index` never).
    pub columns: Vec<String>,
    /// The rows of this page, in the query's order, as objects keyed by column.
    #[schema(value_type = Vec<Object>)]
    pub rows: Vec<Map<String, Value>>,
    /// How each row of `rows` reads to the viewer (`tessera_core::display`: by the column's kind
    /// and the block's per-column `format`, in the viewer's `locale`): per row, only the cells
    /// whose display text differs from the raw value (`741.0` → `741`). Absent when none does.
    /// `rows` keeps the raw values, which editing and exports use.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<Object>)]
    pub display: Vec<Map<String, Value>>,
    /// Every matching row, on all pages.
    pub total: usize,
    pub page: usize,
    pub page_count: usize,
    /// The sheet's data version: it changes with every change of its rows.
    pub version: i64,
    /// True when a caller without a session asked for more than 10,000 rows and got 10,000.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// The cells of this page the block's conditional formatting colours (`row` is the place on
    /// the page); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<Object>)]
    pub styles: Vec<CellStyle>,
    /// What the caller may do through the block `block=` names; absent without `block=`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permissions: Option<Permissions>,
    /// The page's non-empty cells in the markdown columns of the block `block=` names
    /// (`use_markdown` on, or type `markdowntext`), as sanitised HTML; `row` is the place on the
    /// page. Absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub markdown: Vec<MarkdownCell>,
    /// The order of the rows: the asked `sort_column`, else the block's own (a data list's
    /// `sorting`, blocks §3.15). Absent when unsorted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sorted_by: Option<SortedBy>,
}

/// A column and its direction, as the sheet call's `sort_column` and `sort_direction` spell them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SortedBy {
    pub column: String,
    pub direction: SortWord,
}

/// A sort direction as the sheet call spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortWord {
    Asc,
    Desc,
}

impl SortedBy {
    fn of(sort: &Sort) -> Option<Self> {
        let direction = match sort.direction {
            SortDirection::Ascending => SortWord::Asc,
            SortDirection::Descending => SortWord::Desc,
            SortDirection::None => return None,
        };
        Some(Self { column: sort.column.clone(), direction })
    }
}

/// The block's own order of rows when the request asks none (tessera-blocks `own_sort`).
fn own_sort(block: &blocks::StoredBlock) -> Option<Sort> {
    tessera_blocks::BlockType::parse(blocks::normalise_type(&block.block_type))
        .and_then(|block_type| tessera_blocks::own_sort(block_type, &block.config))
}

/// One markdown cell of a page, rendered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct MarkdownCell {
    pub row: usize,
    pub column: String,
    pub html: String,
}

/// The non-empty cells of `rows` (a page, in the order of `columns`) in the block's markdown
/// columns, rendered and sanitised.
pub(crate) fn markdown_cells(config: &Map<String, Value>, table: &Table, columns: &[String], rows: &[Vec<String>]) -> Vec<MarkdownCell> {
    let wanted: Vec<usize> = tessera_blocks::markdown_columns(config)
        .iter()
        .filter_map(|name| table.column_index(name))
        .filter_map(|c| columns.iter().position(|name| *name == table.column_names()[c]))
        .collect();
    let mut cells = Vec::new();
    for (row, cells_of_row) in rows.iter().enumerate() {
        for &at in &wanted {
            let text = &cells_of_row[at];
            if !text.trim().is_empty() {
                cells.push(MarkdownCell { row, column: columns[at].clone(), html: tessera_markup::markdown_to_html(text) });
            }
        }
    }
    cells
}

/// A sheet's parsed table at its current version. `fresh` re-reads the rows from the database
/// (`_vercel_no_cache=1`) instead of trusting memory.
pub async fn load_table(state: &AppState, sheet: &SheetInfo, fresh: bool) -> Result<(Arc<Table>, i64), Error> {
    let loaded = match fresh {
        true => state.tables.reload(&state.db, sheet).await?,
        false => state.tables.table(&state.db, sheet).await?,
    };
    loaded.ok_or_else(|| not_in_spreadsheet(&sheet.title))
}

/// The tab `title` of the scope's spreadsheet, or 404: also when the tab is outside the scope,
/// with the same text ([`Scope::require_tab`]).
pub async fn find_sheet(db: &Db, scope: &Scope, title: &str) -> Result<SheetInfo, Error> {
    if scope.spreadsheet_id.is_empty() {
        return Err(Error::NotFound("No spreadsheet is connected here.".to_owned()));
    }
    scope.require_tab(title)?;
    store::find(db, &scope.spreadsheet_id, title).await?.ok_or_else(|| not_in_spreadsheet(title))
}

/// Ok when a read of rows may answer something of `title`: not when the blocks show the caller
/// none of its columns (a form's own tab, a markdown block's), which then answers as a missing
/// tab does. Views still read such tabs: they answer what the owner's settings compute.
fn require_shown_columns(spec: &QuerySpec, title: &str) -> Result<(), Error> {
    match &spec.readable_columns {
        Some(columns) if columns.iter().all(|column| column == RECORD_ID_COLUMN) => Err(not_in_spreadsheet(title)),
        _ => Ok(()),
    }
}

/// The stored filters as the core reads them, each switched on where it applies: active, locked
/// by an embed token (with the locked value), or named in the URL filters (with the URL's value).
/// A filter both active and named applies once with each value, so a viewer can narrow it but
/// never loosen it.
///
/// URL pairs the board cannot use (no such filter, no name, a value the condition cannot read) are
/// left out, as the core's `query::read_url_filters` decides: a stale link still shows the board.
/// A locked filter the board no longer has is refused (403) instead: leaving it out would show an
/// embed more than its token allows.
pub fn applicable_filters(stored: &[Value], locked: &[(String, String)], url_filters: Option<&str>) -> Result<Vec<Filter>, Error> {
    let stored: Vec<Filter> = stored.iter().map(stored_filter).collect::<Result<_, _>>()?;
    let from_url = query::read_url_filters(&stored, url_filters.unwrap_or_default()).used;
    let mut applied: Vec<Filter> = stored.iter().filter(|filter| filter.active).cloned().collect();
    for (name, value) in locked.iter().cloned() {
        let named = stored.iter().find(|filter| filter.name.trim() == name).ok_or_else(|| {
            Error::NotPermitted(format!("This embed token locks the filter `{name}`, but the board has no filter of that name."))
        })?;
        applied.push(Filter { active: true, value: FilterValue::Text(value), ..named.clone() });
    }
    for (name, value) in from_url {
        // read_url_filters keeps only names of stored filters.
        if let Some(named) = stored.iter().find(|filter| filter.name.trim() == name) {
            applied.push(Filter { active: true, value: FilterValue::Text(value), ..named.clone() });
        }
    }
    Ok(applied)
}

/// Refuses, at field `filters`, a board's or page's filter list with a filter the core cannot
/// read (an unknown condition, a value of the wrong shape), so a bad filter is refused when it
/// is saved rather than failing every viewer's request later.
pub fn check_stored_filters(filters: &[Value]) -> Result<(), Error> {
    filters.iter().try_for_each(|filter| stored_filter(filter).map(drop))
}

fn stored_filter(value: &Value) -> Result<Filter, Error> {
    let name = value.get("name").and_then(Value::as_str).unwrap_or("?");
    serde_json::from_value(value.clone())
        .map_err(|error| Error::invalid("filters", format!("The filter `{name}` of this board or page cannot be used: {error}.")))
}

/// A core error as the answer to the request that caused it: a malformed spec is the request's
/// (400), filter values and column names are settings that do not fit the sheet (422).
pub fn query_error(error: QueryError) -> Error {
    let text = error.to_string();
    match error {
        QueryError::Spec(_) => Error::BadRequest(text),
        QueryError::MissingColumn { .. } => Error::invalid("sort_column", text),
        QueryError::MissingNow | QueryError::BadNow(_) => Error::internal("building a query context", text),
        _ => Error::invalid("filters", text),
    }
}

fn number<T: std::str::FromStr>(field: &str, value: Option<&str>, rule: &str) -> Result<Option<T>, Error> {
    match value.map(str::trim).filter(|value| !value.is_empty()) {
        None => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| Error::invalid(field, format!("`{field}` must be {rule}, not `{text}`."))),
    }
}

fn sort(params: &SheetParams) -> Result<Option<Sort>, Error> {
    let Some(column) = params.sort_column.as_deref().map(str::trim).filter(|column| !column.is_empty()) else { return Ok(None) };
    let direction = match params.sort_direction.as_deref().map(|d| d.trim().to_lowercase()).as_deref() {
        None | Some("") | Some("asc") => SortDirection::Ascending,
        Some("desc") => SortDirection::Descending,
        Some(other) => return Err(Error::invalid("sort_direction", format!("`sort_direction` must be asc or desc, not `{other}`."))),
    };
    Ok(Some(Sort { column: column.to_owned(), direction }))
}

/// The current instant as RFC 3339 in UTC, from Unix seconds.
/// The viewer's `tz_offset` (minutes east of UTC, absent = 0), refused outside -840..840: the
/// sheet reads and the form submit (`[(today)]`) read it alike.
pub fn utc_offset(tz_offset: Option<&str>) -> Result<i32, Error> {
    let minutes = number::<i32>("tz_offset", tz_offset, "a whole number of minutes")?.unwrap_or(0);
    if minutes.abs() > MAX_TZ_OFFSET_MINUTES {
        return Err(Error::invalid("tz_offset", "`tz_offset` must be between -840 and 840 minutes."));
    }
    Ok(minutes)
}

/// The record `params.current_record` names, column to cell, read from `table` (its own tab).
fn record(table: &Table, record_id: &str) -> Option<BTreeMap<String, String>> {
    let id_column = table.column_index(RECORD_ID_COLUMN)?;
    let row = (0..table.row_count()).find(|&row| table.cell(row, id_column) == record_id.trim())?;
    Some(table.visible_columns().into_iter().map(|c| (table.column_names()[c].clone(), table.cell(row, c).to_owned())).collect())
}

/// A query ready to run, with what went into it.
#[derive(Debug, Clone)]
pub struct BuiltSpec {
    pub spec: QuerySpec,
    /// The guest cap shortened the page (see [`GUEST_ROW_CAP`]).
    pub capped: bool,
    /// The block `block=` named.
    pub block: Option<blocks::StoredBlock>,
    /// The viewer's locale, for the display texts.
    pub locale: &'static Locale,
}

/// Everything of a query but the table: filters, session rules, the block's conditional filter,
/// search, sort and the page window (with the guest cap applied).
pub async fn build_spec(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    sheet: &SheetInfo,
    table: &Table,
    params: &SheetParams,
) -> Result<BuiltSpec, Error> {
    let prepared = prepare(scope, viewer, sheet, params)?;
    with_record(state, scope, table, prepared, params.bypass_cache()).await
}

/// Where the record `current_record` names is read from.
enum RecordAt {
    /// The queried tab: the record is a function of its data, so its id stands for it.
    ThisTab(String),
    /// Another tab of the spreadsheet (`current_sheet`).
    OtherTab { title: String, id: String },
}

/// A query before its table is read: the spec without the current record's cells, and where
/// they are.
struct Prepared {
    built: BuiltSpec,
    record: Option<RecordAt>,
}

fn prepare(scope: &Scope, viewer: &Viewer, sheet: &SheetInfo, params: &SheetParams) -> Result<Prepared, Error> {
    let utc_offset_minutes = utc_offset(params.tz_offset.as_deref())?;
    let page = number::<u64>("page", params.page.as_deref(), "a page number such as 1")?;
    let mut rows_per_page = number::<u64>("rows_per_page", params.rows_per_page.as_deref(), "a number of rows (0 for all)")?;
    let capped = !viewer.signed_in && rows_per_page.is_some_and(|n| n == 0 || n > GUEST_ROW_CAP);
    if capped {
        rows_per_page = Some(GUEST_ROW_CAP);
    }
    let named = params.block.as_deref().map(str::trim).filter(|id| !id.is_empty());
    let (block, shown_by_any) = match scope.row_rule(&sheet.title, named)? {
        RowRule::Block(block) => (Some(block), Vec::new()),
        RowRule::All => (None, Vec::new()),
        RowRule::AnyOf(filters) => (None, filters),
    };
    // A block read on another tab than its own (a select's options) brings none of its own
    // tab's settings: its conditional filter, colours and order name that tab's columns.
    let own = block.as_ref().filter(|block| block.sheet_title() == Some(sheet.title.as_str()));
    let conditional_filter = own.map(scope::conditional_filter).transpose()?.flatten();
    let formats = own.map(|block| tessera_blocks::column_formats(&block.config)).unwrap_or_default();
    let record = params.current_record.as_deref().map(str::trim).filter(|id| !id.is_empty()).map(|id| {
        match params.current_sheet.as_deref().map(str::trim).filter(|title| !title.is_empty() && *title != sheet.title) {
            None => RecordAt::ThisTab(id.to_owned()),
            Some(title) => RecordAt::OtherTab { title: title.to_owned(), id: id.to_owned() },
        }
    });
    let mut filters = applicable_filters(&scope.filters, &scope.locked_filters, viewer.url_filters.as_deref())?;
    if let Some(id) = record_of_detail_page(block.as_ref(), conditional_filter.is_some(), params, &sheet.title) {
        filters.push(Filter {
            name: "current record".to_owned(),
            active: true,
            condition: Condition::Equals,
            sheet_column: SheetColumn { sheet: sheet.title.clone(), column: RECORD_ID_COLUMN.to_owned() },
            value: FilterValue::Text(id.to_owned()),
        });
    }
    let spec = QuerySpec {
        sheet: Some(sheet.title.clone()),
        filters,
        url_filters: None,
        search: params.search.clone().filter(|text| !text.trim().is_empty()),
        sort: sort(params)?.or_else(|| own.and_then(own_sort)),
        conditional_filter,
        shown_by_any,
        readable_columns: scope.readable_columns(&sheet.title, block.as_ref()),
        search_columns: scope.search_columns(&sheet.title, block.as_ref()),
        page,
        rows_per_page,
        formats,
        context: Context {
            now: Some(rfc3339(crate::infra::db::now())),
            utc_offset_minutes,
            user_email: viewer.email.clone(),
            user_name: scope.recorded_name.clone(),
            session_id: viewer.session_row_id.clone(),
            current_record: None,
        },
    };
    let locale = Locale::of(params.locale.as_deref().unwrap_or_default());
    Ok(Prepared { built: BuiltSpec { spec, capped, block, locale }, record })
}

/// `prepared` with the cells of its current record, read from `table` (the queried tab) or
/// from the other tab it names.
async fn with_record(state: &AppState, scope: &Scope, table: &Table, prepared: Prepared, fresh: bool) -> Result<BuiltSpec, Error> {
    let Prepared { mut built, record: at } = prepared;
    built.spec.context.current_record = match at {
        None => None,
        Some(RecordAt::ThisTab(id)) => record(table, &id),
        Some(RecordAt::OtherTab { title, id }) => {
            // The record a detail page was opened from is often on a tab another page of the app
            // shows, so this tab need not be in the page's scope: its cells are only compared
            // with by the block's own conditional filter, never answered.
            let other = match scope.spreadsheet_id.is_empty() {
                true => None,
                false => store::find(&state.db, &scope.spreadsheet_id, &title).await?,
            };
            let other = other.ok_or_else(|| not_in_spreadsheet(&title))?;
            record(&load_table(state, &other, fresh).await?.0, &id)
        }
    };
    Ok(built)
}

/// Everything an answer of the sheet call depends on besides its tab's data (`answer_cache`):
/// the query the core runs and what the caller's role lets the block offer.
#[derive(Serialize)]
struct AnswerKey<'a> {
    answer: &'static str,
    sheet_id: &'a str,
    version: i64,
    /// The spec with `now` left out: the core reads only the viewer's date from it (`today`),
    /// so an answer is shared for the day rather than for the second.
    spec: &'a QuerySpec,
    today: String,
    /// The current record's id in the queried tab (its cells are a function of the tab's data).
    record: Option<&'a str>,
    capped: bool,
    /// The locale the display texts are written in (its table entry, so `de-AT` and `de` share).
    locale: &'static str,
    role: Role,
    read_only: bool,
    block: Option<(&'a str, &'a str, &'a Map<String, Value>)>,
    /// What a values answer lists ([`values_json`]); absent for a page of rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<&'a ValuesAsk<'a>>,
}

/// The answer cache's key of `prepared` for the data at `version`, or `None` when the answer
/// must not be shared: its current record is read from another tab, whose data may change
/// without this one's version.
fn answer_key(scope: &Scope, sheet: &SheetInfo, version: i64, prepared: &mut Prepared, values: Option<&ValuesAsk>) -> Option<String> {
    let record = match &prepared.record {
        None => None,
        Some(RecordAt::ThisTab(id)) => Some(id.as_str()),
        Some(RecordAt::OtherTab { .. }) => return None,
    };
    let BuiltSpec { spec, capped, block, locale } = &mut prepared.built;
    let today = spec.context.today().ok()?.to_string();
    let now = spec.context.now.take();
    let key = AnswerKey {
        answer: if values.is_some() { "values" } else { "rows" },
        sheet_id: &sheet.id,
        version,
        spec,
        today,
        record,
        capped: *capped,
        locale: locale.tag,
        role: scope.role,
        read_only: scope.read_only,
        block: block.as_ref().map(|block| (block.id.as_str(), block.block_type.as_str(), &block.config)),
        values,
    };
    let text = serde_json::to_string(&key).ok();
    spec.context.now = now;
    text
}

/// The record an item-details block on a detail page shows (blocks §3.21): the page's
/// `current_record` of this tab, unless the block's own conditional filter decides which rows
/// match it.
fn record_of_detail_page<'a>(
    block: Option<&blocks::StoredBlock>,
    has_conditional_filter: bool,
    params: &'a SheetParams,
    tab: &str,
) -> Option<&'a str> {
    let is_item_details = block.is_some_and(|block| blocks::normalise_type(&block.block_type) == "itemDetails");
    let same_tab = params.current_sheet.as_deref().map(str::trim).is_none_or(|title| title.is_empty() || title == tab);
    let id = params.current_record.as_deref().map(str::trim).filter(|id| !id.is_empty())?;
    (is_item_details && !has_conditional_filter && same_tab).then_some(id)
}

/// The row `record_id` of `block`'s tab, if the block shows it to this caller (the place's
/// filters, the block's conditional filter and the session rules apply), so that a write or an
/// action never reaches a row its caller could not see. 404 with [`ROW_GONE`] otherwise.
pub async fn shown_row(
    state: &AppState,
    scope: &Scope,
    block: &blocks::StoredBlock,
    viewer: &Viewer,
    record_id: &str,
) -> Result<(Arc<Table>, usize), Error> {
    let title = block.config.get("sheet_title").and_then(Value::as_str).unwrap_or_default();
    let sheet = find_sheet(&state.db, scope, title).await?;
    let (table, _) = load_table(state, &sheet, false).await?;
    let params = SheetParams { block: Some(block.id.clone()), ..SheetParams::default() };
    let spec = build_spec(state, scope, viewer, &sheet, &table, &params).await?.spec;
    let rows = query::matching_rows(&table, &spec).map_err(query_error)?;
    let id_column = table.column_index(RECORD_ID_COLUMN);
    let row = id_column.and_then(|c| rows.iter().map(|&row| row as usize).find(|&row| table.cell(row, c) == record_id.trim()));
    let row = row.ok_or_else(|| Error::NotFound(ROW_GONE.to_owned()))?;
    Ok((table, row))
}

/// One page of `title` as the viewer sees it.
pub async fn answer(state: &AppState, scope: &Scope, viewer: &Viewer, title: &str, params: &SheetParams) -> Result<SheetAnswer, Error> {
    let sheet = find_sheet(&state.db, scope, title).await?;
    let (table, version) = load_table(state, &sheet, params.bypass_cache()).await?;
    let built = build_spec(state, scope, viewer, &sheet, &table, params).await?;
    require_shown_columns(&built.spec, title)?;
    respond(scope, &table, version, built)
}

/// [`answer`] as the JSON the sheet call sends, from the answer cache when another caller with
/// the same effective query already asked for this version of the tab (see `answer_cache`).
/// `_vercel_no_cache=1` computes it afresh.
pub async fn answer_json(state: &AppState, scope: &Scope, viewer: &Viewer, title: &str, params: &SheetParams) -> Result<JsonAnswer, Error> {
    cached_json(state, scope, viewer, title, params, None, |table, version, built| {
        JsonAnswer::of(&respond(scope, table, version, built)?, "writing a sheet answer")
    })
    .await
}

/// What a values call asks of a column: its name, the search and how many values to list.
#[derive(Debug, Clone, Serialize)]
pub struct ValuesAsk<'a> {
    pub column: &'a str,
    pub search: &'a str,
    pub limit: usize,
}

/// One value of a column with the number of rows holding it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ValueCount {
    /// The value, trimmed, as the first of its rows writes it.
    pub value: String,
    /// The rows the viewer may read that hold it (compared trimmed and case-insensitively).
    pub count: usize,
}

/// A column's distinct values over the rows a viewer may read (`tessera_core::values`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ColumnValues {
    /// Most rows first, then alphabetically (case-insensitively); empty cells are left out.
    pub values: Vec<ValueCount>,
    /// How many values the search keeps, listed or not.
    pub distinct: usize,
    /// More values exist than the limit let through.
    pub more: bool,
    /// The sheet's data version.
    pub version: i64,
}

/// The distinct values of `ask.column` in `title` with their counts, over exactly the rows a
/// page of this tab would answer this viewer (the place's filters, the URL filters, the block's
/// or the blocks' row rules; `params` carries no search, sort or page), and only for a column
/// such a page answers: any other, hidden or missing, is refused with the same 422 at field
/// `column`. From the answer cache as [`answer_json`], under a key holding the whole effective
/// query and `ask`.
pub async fn values_json(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    title: &str,
    params: &SheetParams,
    ask: &ValuesAsk<'_>,
) -> Result<JsonAnswer, Error> {
    cached_json(state, scope, viewer, title, params, Some(ask), |table, version, built| {
        let found =
            tessera_core::values::column_values(table, &built.spec, ask.column, ask.search, ask.limit).map_err(|error| match error {
                QueryError::MissingColumn { .. } => Error::invalid("column", error.to_string()),
                other => query_error(other),
            })?;
        let values = found.values.into_iter().map(|v| ValueCount { value: v.value, count: v.count }).collect();
        let answer = ColumnValues { values, distinct: found.distinct, more: found.more, version };
        JsonAnswer::of(&answer, "writing a column's values")
    })
    .await
}

/// The answer `write` makes of `title`'s rows as this viewer reads them, from the answer cache
/// when another caller with the same effective query (and `values` ask) already asked for this
/// version of the tab, else computed and kept; `_vercel_no_cache=1` computes it afresh.
async fn cached_json(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    title: &str,
    params: &SheetParams,
    values: Option<&ValuesAsk<'_>>,
    write: impl FnOnce(&Table, i64, BuiltSpec) -> Result<JsonAnswer, Error>,
) -> Result<JsonAnswer, Error> {
    let sheet = find_sheet(&state.db, scope, title).await?;
    let version = store::version(&state.db, &sheet.id).await?.ok_or_else(|| not_in_spreadsheet(&sheet.title))?;
    let mut prepared = prepare(scope, viewer, &sheet, params)?;
    require_shown_columns(&prepared.built.spec, title)?;
    let asked = match params.bypass_cache() {
        true => None,
        false => answer_key(scope, &sheet, version, &mut prepared, values),
    };
    // Held until this answer is kept, so viewers who miss it meanwhile wait and reuse it.
    let _flight = match state.answers.lookup(asked.as_deref()).await {
        Lookup::Kept(json) => return Ok(JsonAnswer(json)),
        Lookup::Compute(flight) => flight,
    };
    let (table, version) = match params.bypass_cache() {
        true => load_table(state, &sheet, true).await?,
        false => state.tables.table_at(&state.db, &sheet, version).await?.ok_or_else(|| not_in_spreadsheet(&sheet.title))?,
    };
    // Kept under the version the table is at, which may be newer than the one read above.
    let key = answer_key(scope, &sheet, version, &mut prepared, values);
    let built = with_record(state, scope, &table, prepared, params.bypass_cache()).await?;
    let json = write(&table, version, built)?;
    if let Some(key) = key {
        state.answers.put(key, json.0.clone());
    }
    Ok(json)
}

/// The answer of `built` over `table` at `version`.
fn respond(scope: &Scope, table: &Table, version: i64, built: BuiltSpec) -> Result<SheetAnswer, Error> {
    let BuiltSpec { spec, capped, block, locale } = built;
    let sorted_by = spec.sort.as_ref().and_then(SortedBy::of);
    let result = query::run(table, &spec).map_err(query_error)?;
    // As with conditional formatting, a block read on another tab brings no formats.
    let own = block.as_ref().filter(|block| block.sheet_title() == spec.sheet.as_deref());
    let value_formats = own.map(|block| tessera_blocks::value_formats(&block.config)).unwrap_or_default();
    let display = display_texts(table, &result.row_indices, &result.columns, &result.rows, &value_formats, locale);
    let permissions = block.as_ref().map(|block| match scope.read_only {
        true => Permissions::default(),
        false => Rights { block, role: scope.role }.permissions(&result.columns),
    });
    let markdown = block.as_ref().map(|block| markdown_cells(&block.config, table, &result.columns, &result.rows)).unwrap_or_default();
    let rows =
        result.rows.into_iter().map(|cells| result.columns.iter().cloned().zip(cells.into_iter().map(Value::String)).collect()).collect();
    let truncated = capped && result.total > GUEST_ROW_CAP as usize;
    Ok(SheetAnswer {
        columns: result.columns,
        rows,
        display,
        total: result.total,
        page: result.page,
        page_count: result.page_count,
        version,
        truncated,
        styles: result.styles,
        permissions,
        markdown,
        sorted_by,
    })
}

/// The display texts of a page (`rows`, the sheet rows `indices`, in `columns`) that differ from
/// their raw cells, row by row; empty when none differs.
pub(crate) fn display_texts(
    table: &Table,
    indices: &[u32],
    columns: &[String],
    rows: &[Vec<String>],
    formats: &[ColumnDisplay],
    locale: &Locale,
) -> Vec<Map<String, Value>> {
    let shown = display::display_rows(table, indices, columns, formats, locale);
    let changed: Vec<Map<String, Value>> = shown
        .into_iter()
        .zip(rows)
        .map(|(texts, raw)| {
            columns
                .iter()
                .zip(texts.into_iter().zip(raw))
                .filter(|(_, (text, raw))| text != *raw)
                .map(|(name, (text, _))| (name.clone(), Value::String(text)))
                .collect()
        })
        .collect();
    match changed.iter().all(Map::is_empty) {
        true => Vec::new(),
        false => changed,
    }
}

/// Every matching row of `title`, in the query's order, for an export: the table, the rows and
/// the columns the caller may read.
pub async fn matching(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    sheet: &SheetInfo,
    params: &SheetParams,
) -> Result<(Arc<Table>, Vec<u32>, Vec<usize>), Error> {
    let (table, _) = load_table(state, sheet, params.bypass_cache()).await?;
    let spec = build_spec(state, scope, viewer, sheet, &table, params).await?.spec;
    require_shown_columns(&spec, &sheet.title)?;
    let rows = query::matching_rows(&table, &spec).map_err(query_error)?;
    let columns = query::answered_columns(&table, &spec);
    Ok((table, rows, columns))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn filter(name: &str, active: bool) -> Value {
        json!({"name": name, "active": active, "condition": "=", "sheet_column": {"sheet": "Sales", "column": name}, "value": "North"})
    }

    #[test]
    fn url_filters_switch_on_inactive_filters_and_only_narrow_active_ones() {
        let stored = [filter("Region", true), filter("Team", false)];
        let applied = applicable_filters(&stored, &[], None).unwrap();
        assert_eq!(applied.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["Region"]);
        let applied = applicable_filters(&stored, &[], Some("Region:,Team:Blue")).unwrap();
        // The active Region keeps its own value; the URL's empty one only adds a no-op copy.
        assert_eq!(applied[0].value, FilterValue::Text("North".into()));
        assert_eq!(applied.len(), 3);
        assert!(applied.iter().all(|f| f.active));
        assert_eq!(applied[2].value, FilterValue::Text("Blue".into()));
    }

    #[test]
    fn locked_filters_apply_whatever_the_url_filters_say() {
        let stored = [filter("Region", false), filter("Team", false)];
        let locked = [("Region".to_owned(), "South".to_owned())];
        let values = |applied: Vec<Filter>| applied.into_iter().map(|f| (f.name, f.value)).collect::<Vec<_>>();
        let text = |name: &str, value: &str| (name.to_owned(), FilterValue::Text(value.into()));
        assert_eq!(values(applicable_filters(&stored, &locked, None).unwrap()), [text("Region", "South")]);
        // The viewer's own value for the locked filter is one more condition, never a replacement.
        let with_url = applicable_filters(&stored, &locked, Some("Region:North,Team:Blue")).unwrap();
        assert_eq!(values(with_url), [text("Region", "South"), text("Region", "North"), text("Team", "Blue")]);
    }

    #[test]
    fn url_filters_the_board_cannot_use_are_left_out_and_broken_stored_filters_are_refused() {
        let stored = [filter("Region", true), filter("Team", false)];
        let applied = applicable_filters(&stored, &[], Some("Region,Colour:red,:x,Team:Blue")).unwrap();
        let names: Vec<(&str, &FilterValue)> = applied.iter().map(|f| (f.name.as_str(), &f.value)).collect();
        assert_eq!(names, [("Region", &FilterValue::Text("North".into())), ("Team", &FilterValue::Text("Blue".into()))]);
        let gone = applicable_filters(&stored, &[("Old".to_owned(), "x".to_owned())], None).unwrap_err();
        assert_eq!(gone.status(), axum::http::StatusCode::FORBIDDEN);
        let broken = applicable_filters(&[json!({"name": "Odd", "condition": "near"})], &[], None).unwrap_err();
        assert_eq!(broken.status(), axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(broken.to_string().starts_with("The filter `Odd` of this board or page cannot be used"), "{broken}");
    }
}
