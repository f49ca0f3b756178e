//! Block views (the domain code; `api/block_view.rs` is the HTTP handler, `embed/` draws them too): the numbers, events and texts of a chart (blocks §3.3), scorecard (§3.9),
//! calendar (§3.7) or markdown block (§3.13), computed here by `tessera-core` so that the browser
//! draws what the server counted and never re-implements a data rule.
//!
//! A view reads the rows its block shows its viewer, as the sheet call with `block=` does: the
//! board's or page's filters, the URL `_filters`, search, the session `_id`, the block's
//! `conditional_filter` and `[(current_user)]` all apply. Aggregates cover every matching row,
//! never a page of them (a guest's row cap limits the rows sent, not what is counted).
//!
//! | block | answer |
//! |---|---|
//! | chart | `{kind: "chart", chart: {labels, series: [{name, type, data}]}}` |
//! | scorecard | `{kind: "scorecard", cards: [{label, value, formatted, error?, background_color?, font_color?}]}`: each card reads its own tab; a card that cannot be computed carries `error`, the others are still answered |
//! | calendar | `{kind: "calendar", calendar: {window: {view, start, end, anchor}, events: [{title, start, end, all_day, record}], skipped}}`: `calendar_view` and `calendar_date` move the window |
//! | markdown | `{kind: "markdown", texts, html}`: `html` is each text rendered and sanitised |
//! | iframe | `{kind: "iframe", frame, refusal}`: the one http(s) frame of the pasted code (`tessera_markup::iframe`), to be drawn sandboxed; `refusal` says why there is none; both null when no code is pasted |
//!
//! Other block types answer 400; a block that is not on the named board or page answers 404.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tessera_blocks::{View, ViewError};
use tessera_core::calendar::{self, CalendarError, CalendarSettings, CalendarView};
use tessera_core::chart::{self, ChartModel, ChartSpec};
use tessera_core::context::Context;
use tessera_core::display::{self, ColumnDisplay, Locale};
use tessera_core::error::QueryError;
use tessera_core::filter::Filter;
use tessera_core::formatting::{self, CellStyle};
use tessera_core::markdown;
use tessera_core::query::{self, QuerySpec};
use tessera_core::scorecard::{self, ScorecardAxis, NO_VALUE};
use tessera_core::table::Table;
use tessera_markup::iframe::{IframeAnswer, IframeEmbed};
use utoipa::{IntoParams, ToSchema};

use crate::access::scope::Scope;
use crate::access::sheet_query::{self, query_error, MarkdownCell, SheetParams, Viewer};
use crate::boards::blocks::StoredBlock;
use crate::infra::error::Error;
use crate::infra::text::rfc3339;
use crate::sheets::answer_cache::{JsonAnswer, Lookup};
use crate::sheets::store;
use crate::AppState;

/// What a view request may add to those of every request.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewParams {
    /// Comma-separated search terms, matched case-insensitively against any cell.
    pub search: Option<String>,
    /// The viewer's offset from UTC in minutes, east positive (60 for UTC+1); -840 to 840.
    pub tz_offset: Option<String>,
    /// Calendars: `Month`, `Week` or `Day` instead of the block's `default_calendar_view`.
    pub calendar_view: Option<String>,
    /// Calendars: the day to show (`YYYY-MM-DD`) instead of the block's default month.
    pub calendar_date: Option<String>,
    /// The viewer's language tag, for the display texts of a calendar's events (as the sheet
    /// call's `locale`); `en-US` when absent or unknown.
    pub locale: Option<String>,
    /// The 'ChartApps Record ID' of the record a detail page shows, for 'Current record' filters.
    pub current_record: Option<String>,
    /// The tab `current_record` is in; the block's tab when absent.
    pub current_sheet: Option<String>,
    /// `1` re-reads the rows from the database instead of using the parsed-sheet cache.
    #[serde(rename = "_vercel_no_cache")]
    #[param(rename = "_vercel_no_cache")]
    pub no_cache: Option<String>,
}

/// A block's computed view; `kind` says which.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum BlockView {
    Chart {
        /// `{labels: [..], series: [{name, type, data: [number | null]}]}`.
        #[schema(value_type = Object)]
        chart: ChartModel,
        /// How its values read to the viewer.
        texts: ChartTexts,
    },
    Scorecard {
        cards: Vec<Card>,
    },
    Calendar {
        calendar: CalendarAnswer,
    },
    Markdown {
        /// The template filled with each row's values: one per row with `loop`, else one.
        texts: Vec<String>,
        /// Each text rendered as sanitised HTML.
        html: Vec<String>,
    },
    Iframe {
        frame: Option<Frame>,
        /// Why the pasted code shows nothing (no iframe, several, not an http(s) address).
        refusal: Option<String>,
    },
}

/// The values of the one iframe of an iframe block's code; the page draws a fresh sandboxed
/// frame from them, never the pasted markup.
#[derive(Debug, Serialize, ToSchema)]
pub struct Frame {
    /// An absolute http or https address.
    pub src: String,
    pub title: Option<String>,
    /// CSS lengths: `600px`, `100%`.
    pub width: Option<String>,
    pub height: Option<String>,
    pub allowfullscreen: bool,
}

impl From<IframeEmbed> for Frame {
    fn from(embed: IframeEmbed) -> Self {
        Self { src: embed.src, title: embed.title, width: embed.width, height: embed.height, allowfullscreen: embed.allowfullscreen }
    }
}

/// One scorecard.
#[derive(Debug, Serialize, ToSchema)]
pub struct Card {
    pub label: String,
    /// Null without a number to show.
    pub value: Option<f64>,
    /// The value with its symbol, grouped thousands and up to two decimals; '—' without one.
    pub formatted: String,
    /// Why this card has no value (a column or tab the spreadsheet lacks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background_color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub font_color: Option<String>,
}

impl Card {
    fn new(axis: &ScorecardAxis, outcome: Result<scorecard::Scorecard, String>) -> Self {
        let (value, formatted, error) = match outcome {
            Ok(card) => (card.value, card.formatted, None),
            Err(error) => (None, NO_VALUE.to_owned(), Some(error)),
        };
        let colour = |colour: &Option<String>| colour.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned);
        Card {
            label: axis.label.clone(),
            value,
            formatted,
            error,
            background_color: colour(&axis.background_color),
            font_color: colour(&axis.font_color),
        }
    }
}

/// A chart's values as the viewer reads them (`tessera_core::display`, each series by its
/// column's `format` in the viewer's `locale`), for its labels, tooltips and value axis.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChartTexts {
    /// Per series, per label: the value's text, null where the series has no value.
    pub series: Vec<Vec<Option<String>>>,
    /// Per series: how its value axis writes a number: `{prefix, suffix, scale}`, the number
    /// multiplied by `scale` (100 for a percent) between `prefix` (`$`) and `suffix` (`%`).
    #[schema(value_type = Vec<Object>)]
    pub axis: Vec<display::AxisStyle>,
}

/// The texts of `chart`, whose series are `axis` in order, for a block of `config`.
fn chart_texts(chart: &ChartModel, axis: &[chart::ChartAxis], config: &Map<String, Value>, locale: &Locale) -> ChartTexts {
    let formats = tessera_blocks::value_formats(config);
    let automatic = ColumnDisplay::default();
    let displays: Vec<&ColumnDisplay> = axis
        .iter()
        .map(|axis| formats.iter().find(|f| f.column.trim().eq_ignore_ascii_case(axis.column.trim())).unwrap_or(&automatic))
        .collect();
    let series = chart
        .series
        .iter()
        .zip(&displays)
        .map(|(series, display)| series.data.iter().map(|value| value.map(|v| display::display_number(v, display, locale))).collect())
        .collect();
    let axis = displays.iter().map(|display| display::axis_style(display, locale)).collect();
    ChartTexts { series, axis }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarAnswer {
    pub window: Window,
    /// At most [`EVENTS_PER_DAY`] events starting on each day, in the core's order.
    pub events: Vec<Event>,
    /// Events left out by day of their start (`YYYY-MM-DD`); absent when none were.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub more: BTreeMap<String, usize>,
    /// Rows whose start cell holds no date.
    pub skipped: usize,
    /// The events' cells the block's conditional formatting colours (blocks §3.4, as a table's);
    /// `row` is the event's place in `events`. Absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<Object>)]
    pub styles: Vec<CellStyle>,
    /// The events' cells in the block's markdown columns as sanitised HTML; `row` is the event's
    /// place in `events`. Absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub markdown: Vec<MarkdownCell>,
}

/// Events a calendar answer holds per day at most. A month shows three a day and a day view
/// lists them; a sheet with hundreds of rows on one day would otherwise send megabytes that
/// nobody reads. The others are counted in `more`, and search or filters narrow them.
pub const EVENTS_PER_DAY: usize = 50;

/// The days shown: `start` included, `end` excluded (`YYYY-MM-DD`), around `anchor`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Window {
    /// `Month`, `Week` or `Day`.
    #[schema(value_type = String)]
    pub view: CalendarView,
    pub start: String,
    pub end: String,
    /// The day the window was placed around; the next and previous windows are a view away.
    pub anchor: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Event {
    pub title: String,
    /// `YYYY-MM-DDTHH:MM`.
    pub start: String,
    /// `YYYY-MM-DDTHH:MM`, exclusive.
    pub end: String,
    pub all_day: bool,
    /// The row's visible cells by column ('ChartApps Record ID' included), for its details.
    #[schema(value_type = Object)]
    pub record: Map<String, Value>,
    /// How those cells read to the viewer (`tessera_core::display`, as the sheet call's
    /// `display`): only the cells whose text differs from `record`'s. Absent when none does.
    #[serde(skip_serializing_if = "Map::is_empty")]
    #[schema(value_type = Object)]
    pub display: Map<String, Value>,
}

/// A tab and the indices of its rows a block shows, in the query's order.
type MatchingRows = (Arc<Table>, Vec<u32>);

/// The rows a view reads, as the sheet call with `block=` would filter them.
struct Reader<'a> {
    state: &'a AppState,
    scope: &'a Scope,
    viewer: &'a Viewer,
    params: SheetParams,
}

impl Reader<'_> {
    /// The tab `title` and the block's query over it.
    async fn query(&self, title: &str) -> Result<(Arc<Table>, QuerySpec), Error> {
        let sheet = sheet_query::find_sheet(&self.state.db, self.scope, title).await?;
        let (table, _) = sheet_query::load_table(self.state, &sheet, self.params.bypass_cache()).await?;
        let built = sheet_query::build_spec(self.state, self.scope, self.viewer, &sheet, &table, &self.params).await?;
        Ok((table, built.spec))
    }

    /// The tab `title` and its matching rows, in the query's order.
    async fn rows(&self, title: &str) -> Result<MatchingRows, Error> {
        let (table, spec) = self.query(title).await?;
        let rows = query::matching_rows(&table, &spec).map_err(query_error)?;
        Ok((table, rows))
    }
}

/// The view of the block `block_id` of the scope's board or page as JSON, the answer of the view
/// call: from the answer cache when another caller with the same effective query already asked
/// for these versions of the block's tabs (see `answer_cache`), else [`view_of`].
/// `_vercel_no_cache=1` computes it afresh.
pub(crate) async fn view_json(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    block_id: &str,
    params: &ViewParams,
) -> Result<JsonAnswer, Error> {
    let block = scope.block(block_id)?.clone();
    block_view_json(state, scope, viewer, &block, params).await
}

/// [`view_json`] of a block the caller has already read from the scope's board or page.
pub(crate) async fn block_view_json(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    block: &StoredBlock,
    params: &ViewParams,
) -> Result<JsonAnswer, Error> {
    let key = view_key(state, scope, viewer, block, params).await?;
    let fresh = params.no_cache.as_deref().map(str::trim) == Some("1");
    // Held until this view is kept, so viewers who miss it meanwhile wait and reuse it.
    let _flight = match state.answers.lookup(key.as_deref().filter(|_| !fresh)).await {
        Lookup::Kept(json) => return Ok(JsonAnswer(json)),
        Lookup::Compute(flight) => flight,
    };
    let json = JsonAnswer::of(&view_of(state, scope, viewer, block, params).await?, "writing a block view")?;
    if let Some(key) = key {
        state.answers.put(key, json.0.clone());
    }
    Ok(json)
}

/// One tab a view reads, as its cache key names it.
#[derive(Serialize)]
struct TabKey<'a> {
    title: &'a str,
    /// Its id and data version; nothing when it is missing.
    data: Option<(String, i64)>,
    /// The columns the caller may read and search there (`None`: every column): they change
    /// with the place's blocks.
    readable: Option<Vec<String>>,
    searched: Option<Vec<String>>,
}

/// Everything a view depends on besides its tabs' data (`answer_cache`): the block and its
/// settings (its conditional filter among them), the board's or page's filters as they apply
/// to this viewer, the viewer's session values and date, and the request's parameters.
#[derive(Serialize)]
struct ViewKey<'a> {
    answer: &'static str,
    block: Value,
    filters: Vec<Filter>,
    user_email: Option<&'a str>,
    user_name: Option<&'a str>,
    session_id: Option<&'a str>,
    utc_offset_minutes: i32,
    /// The viewer's date: the core reads no finer time than this from `now`.
    today: String,
    search: Option<&'a str>,
    calendar_view: Option<&'a str>,
    calendar_date: Option<&'a str>,
    /// The locale's table entry, so `de-AT` and `de` share an answer.
    locale: &'static str,
    current_record: Option<&'a str>,
    current_sheet: Option<&'a str>,
    /// Each tab the view reads.
    tabs: Vec<TabKey<'a>>,
}

/// The answer cache's key of `block`'s view for `viewer`, or `None` when the request is one the
/// view refuses (a bad offset or filter, a block without a view): it is computed to say why.
async fn view_key(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    block: &StoredBlock,
    params: &ViewParams,
) -> Result<Option<String>, Error> {
    if tessera_blocks::view(&block.to_json()).is_err() {
        return Ok(None);
    }
    let Ok(utc_offset_minutes) = sheet_query::utc_offset(params.tz_offset.as_deref()) else { return Ok(None) };
    let Ok(filters) = sheet_query::applicable_filters(&scope.filters, &scope.locked_filters, viewer.url_filters.as_deref()) else {
        return Ok(None);
    };
    let context = Context { now: Some(rfc3339(crate::infra::db::now())), utc_offset_minutes, ..Context::default() };
    let Ok(today) = context.today() else { return Ok(None) };
    // The tabs the catalogue says the block reads (`StoredBlock::tabs`), the rule the scope
    // applies too, and the record page's tab.
    let mut titles: BTreeSet<String> = block.tabs().into_iter().filter(|title| !title.is_empty()).collect();
    fn named(value: &Option<String>) -> Option<&str> {
        value.as_deref().map(str::trim).filter(|value| !value.is_empty())
    }
    if let (Some(_), Some(title)) = (named(&params.current_record), named(&params.current_sheet)) {
        titles.insert(title.to_owned());
    }
    let mut tabs = Vec::with_capacity(titles.len());
    for title in titles.iter().map(String::as_str) {
        let sheet = match scope.spreadsheet_id.is_empty() {
            true => None,
            false => store::find(&state.db, &scope.spreadsheet_id, title).await?,
        };
        let version = match sheet {
            Some(sheet) => store::version(&state.db, &sheet.id).await?.map(|version| (sheet.id, version)),
            None => None,
        };
        tabs.push(TabKey {
            title,
            data: version,
            readable: scope.readable_columns(title, Some(block)),
            searched: scope.search_columns(title, Some(block)),
        });
    }
    let key = ViewKey {
        answer: "view",
        block: block.to_json(),
        filters,
        user_email: viewer.email.as_deref(),
        user_name: scope.recorded_name.as_deref(),
        session_id: viewer.session_row_id.as_deref(),
        utc_offset_minutes,
        today: today.to_string(),
        search: params.search.as_deref(),
        calendar_view: params.calendar_view.as_deref(),
        calendar_date: params.calendar_date.as_deref(),
        locale: Locale::of(params.locale.as_deref().unwrap_or_default()).tag,
        current_record: params.current_record.as_deref(),
        current_sheet: params.current_sheet.as_deref(),
        tabs,
    };
    Ok(serde_json::to_string(&key).ok())
}

/// The view of `block`, a block of the scope's board or page, as `viewer` sees it (the embed
/// draws its charts, cards, texts and events from it).
pub(crate) async fn view_of(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    block: &StoredBlock,
    params: &ViewParams,
) -> Result<BlockView, Error> {
    let view = tessera_blocks::view(&block.to_json()).map_err(view_error)?;
    let reader = Reader {
        state,
        scope,
        viewer,
        params: SheetParams {
            search: params.search.clone(),
            tz_offset: params.tz_offset.clone(),
            block: Some(block.id.clone()),
            current_record: params.current_record.clone(),
            current_sheet: params.current_sheet.clone(),
            no_cache: params.no_cache.clone(),
            ..SheetParams::default()
        },
    };
    match view {
        View::Chart { x_axis, axis, grouping } => {
            let (table, query) = reader.query(sheet_of(block)?).await?;
            let spec = ChartSpec { query, x_axis, axis, grouping };
            let chart = chart::aggregate(&table, &spec).map_err(|error| chart_error(error, &spec.x_axis))?;
            let texts = chart_texts(&chart, &spec.axis, &block.config, Locale::of(params.locale.as_deref().unwrap_or_default()));
            Ok(BlockView::Chart { chart, texts })
        }
        View::Scorecard { cards } => scorecards(&reader, cards).await,
        View::Calendar(settings) => {
            let (table, query) = reader.query(sheet_of(block)?).await?;
            let rows = query::matching_rows(&table, &query).map_err(query_error)?;
            // "Today" is the viewer's: the context the block's query was built with decides it.
            let calendar = calendar_of(&table, &rows, &settings, &block.config, &query, params)?;
            Ok(BlockView::Calendar { calendar })
        }
        View::Markdown { text, loop_mode } => {
            let texts = match block_sheet(block) {
                // A markdown block without a sheet shows its text as written.
                None => vec![text],
                Some(title) => {
                    let (table, rows) = reader.rows(title).await?;
                    markdown::render(&text, &table, &rows, loop_mode)
                }
            };
            let html = texts.iter().map(|text| tessera_markup::markdown_to_html(text)).collect();
            Ok(BlockView::Markdown { texts, html })
        }
        View::Iframe { code } => {
            let IframeAnswer { frame, refusal } = tessera_markup::iframe::answer(&code);
            Ok(BlockView::Iframe { frame: frame.map(Frame::from), refusal })
        }
    }
}

fn block_sheet(block: &StoredBlock) -> Option<&str> {
    block.sheet_title()
}

fn sheet_of(block: &StoredBlock) -> Result<&str, Error> {
    block_sheet(block).ok_or_else(|| Error::invalid("sheet_title", "This block has no sheet; choose one in its settings."))
}

/// Every card, each over its own tab. A card whose tab or column is missing, or whose tab the
/// filters do not fit, answers its error; the others are still computed.
async fn scorecards(reader: &Reader<'_>, cards: Vec<ScorecardAxis>) -> Result<BlockView, Error> {
    let mut tabs: HashMap<String, Result<MatchingRows, String>> = HashMap::new();
    let mut answered = Vec::with_capacity(cards.len());
    for axis in &cards {
        let title = axis.source.sheet.trim();
        if title.is_empty() {
            answered.push(Card::new(axis, Err(format!("The card `{}` has no sheet; choose one in its settings.", axis.label))));
            continue;
        }
        if !tabs.contains_key(title) {
            let rows = match reader.rows(title).await {
                Ok(rows) => Ok(rows),
                Err(error @ (Error::NotFound(_) | Error::Invalid { .. })) => Err(error.to_string()),
                Err(other) => return Err(other),
            };
            tabs.insert(title.to_owned(), rows);
        }
        let outcome = match &tabs[title] {
            Ok((table, rows)) => scorecard::compute(table, rows, axis).map_err(|error| error.to_string()),
            Err(error) => Err(error.clone()),
        };
        answered.push(Card::new(axis, outcome));
    }
    Ok(BlockView::Scorecard { cards: answered })
}

fn calendar_of(
    table: &Table,
    rows: &[u32],
    settings: &CalendarSettings,
    config: &Map<String, Value>,
    query: &QuerySpec,
    params: &ViewParams,
) -> Result<CalendarAnswer, Error> {
    let context = &query.context;
    let view = match params.calendar_view.as_deref().map(str::trim).filter(|view| !view.is_empty()) {
        None => settings.default_calendar_view,
        Some(text) => serde_json::from_value(Value::String(text.to_owned()))
            .map_err(|_| Error::invalid("calendar_view", format!("`calendar_view` must be Month, Week or Day, not `{text}`.")))?,
    };
    let anchor = match params.calendar_date.as_deref().map(str::trim).filter(|date| !date.is_empty()) {
        Some(text) => calendar::parse_anchor(text).map_err(|error| Error::invalid("calendar_date", error.to_string()))?,
        None => calendar::default_anchor(settings, context).map_err(calendar_error)?,
    };
    let computed = calendar::calendar(table, rows, settings, view, anchor).map_err(calendar_error)?;
    // An event's details show only what the caller may read of its row.
    let visible = query::answered_columns(table, query);
    let mut per_day: BTreeMap<String, usize> = BTreeMap::new();
    let mut more: BTreeMap<String, usize> = BTreeMap::new();
    let kept: Vec<calendar::CalendarEvent> = computed
        .events
        .into_iter()
        .filter(|event| {
            let day = event.start.get(..10).unwrap_or(&event.start).to_owned();
            let count = per_day.entry(day.clone()).or_default();
            *count += 1;
            if *count > EVENTS_PER_DAY {
                *more.entry(day).or_default() += 1;
            }
            *count <= EVENTS_PER_DAY
        })
        .collect();
    // The details of an event honour the block's column settings as a table's cells do.
    let shown: Vec<u32> = kept.iter().map(|event| event.row).collect();
    let styles = formatting::cell_styles(table, &shown, &tessera_blocks::column_formats(config), context).map_err(query_error)?;
    let columns: Vec<String> = visible.iter().map(|&c| table.column_names()[c].clone()).collect();
    let cells: Vec<Vec<String>> =
        shown.iter().map(|&row| visible.iter().map(|&c| table.cell(row as usize, c).to_owned()).collect()).collect();
    let markdown = sheet_query::markdown_cells(config, table, &columns, &cells);
    let locale = Locale::of(params.locale.as_deref().unwrap_or_default());
    let mut display =
        sheet_query::display_texts(table, &shown, &columns, &cells, &tessera_blocks::value_formats(config), locale).into_iter();
    let events = kept
        .into_iter()
        .map(|event| {
            let display = display.next().unwrap_or_default();
            // A title read from a number or date column reads as its cells do (`Jan 5, 2025`).
            let title = match display.get(settings.event_title_column.trim()).and_then(Value::as_str) {
                Some(text) => text.to_owned(),
                None => event.title,
            };
            Event {
                display,
                record: visible
                    .iter()
                    .map(|&c| (table.column_names()[c].clone(), Value::String(table.cell(event.row as usize, c).to_owned())))
                    .collect(),
                title,
                start: event.start,
                end: event.end,
                all_day: event.all_day,
            }
        })
        .collect();
    let window = Window { view, start: computed.window.start, end: computed.window.end, anchor: anchor.format("%Y-%m-%d").to_string() };
    Ok(CalendarAnswer { window, events, more, skipped: computed.skipped, styles, markdown })
}

fn view_error(error: ViewError) -> Error {
    match error {
        ViewError::NoView(_) => Error::BadRequest(format!("{}.", capitalised(&error.to_string()))),
        ViewError::Setting(field) => Error::invalid(field.path, field.message),
        ViewError::Block(error) => Error::internal("reading a stored block", error.to_string()),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A column the chart names that the sheet lacks is the chart's setting at fault.
fn chart_error(error: QueryError, x_axis: &str) -> Error {
    match &error {
        QueryError::MissingColumn { column } => {
            let field = if column == x_axis { "x_axis" } else { "axis" };
            Error::invalid(field, format!("{} (the chart's {field}).", capitalised(&error.to_string())))
        }
        _ => query_error(error),
    }
}

fn calendar_error(error: CalendarError) -> Error {
    let field = match &error {
        CalendarError::BadYear(_) => "calender_year",
        CalendarError::BadMonth(_) => "calender_month",
        CalendarError::BadDate(_) => "calendar_date",
        CalendarError::NoStartColumn => "start_time_column",
        CalendarError::MissingColumn { setting, .. } => setting,
        CalendarError::MissingNow | CalendarError::BadNow(_) => return Error::internal("placing a calendar", error.to_string()),
    };
    Error::invalid(field, format!("{}.", capitalised(&error.to_string())))
}
