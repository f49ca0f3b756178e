//! The JSON facade: one operation name and a JSON input in, JSON text out. The golden vectors
//! under `tests/vectors/` replay through it on the native build and on the WASM build, so both
//! targets are checked on the same bytes. Each operation is a function of its own, which
//! [`evaluate`] only dispatches to: the WASM core's browser build exports the few the web calls
//! (`scorecards`, `calendar`, `markdownTexts`) one by one, and only its Node build for the vector
//! replay exports `evaluate` itself.
//!
//! Output is compact JSON with object keys in struct order; an error is `Err(message)` with the
//! core's own message text.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::chart::{self, ChartSpec};
use crate::number::DecimalSeparator;
use crate::query::{self, QuerySpec};
use crate::table::Table;

/// A sheet as the vectors and the browser pass it.
#[derive(Debug, Deserialize)]
pub struct SheetInput {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

impl SheetInput {
    pub fn to_table(&self) -> Result<Table, String> {
        let text = serde_json::to_string(&serde_json::json!({"columns": self.columns, "rows": self.rows})).map_err(|e| e.to_string())?;
        Table::from_json(&text).map_err(|e| e.to_string())
    }
}

/// The names [`evaluate`] answers to.
pub const OPERATIONS: &[&str] = &[
    "parse_number",
    "parse_date",
    "search_terms",
    "url_filters",
    "read_url_filters",
    "query",
    "chart",
    "sections",
    "scorecard",
    "calendar",
    "markdown",
    "form_default",
    "form_validate",
    "form_submission",
    "valid_email",
    "contrast",
    "display",
    "display_number",
    "values",
];

/// Runs operation `op` on the JSON text `input`: only a dispatch to the operation's function
/// below, which the WASM core's typed exports call directly.
pub fn evaluate(op: &str, input: &str) -> Result<String, String> {
    match op {
        "parse_number" => parse_number(input),
        "parse_date" => parse_date(input),
        "search_terms" => search_terms(input),
        "url_filters" => url_filters(input),
        "read_url_filters" => read_url_filters(input),
        "query" => query(input),
        "chart" => chart(input),
        "sections" => sections(input),
        "scorecard" => scorecards(input),
        "calendar" => calendar(input),
        "markdown" => markdown_texts(input),
        "form_default" => form_default(input),
        "form_validate" => form_validate(input),
        "form_submission" => form_submission(input),
        "valid_email" => valid_email(input),
        "contrast" => contrast(input),
        "display" => display(input),
        "display_number" => display_number(input),
        "values" => values(input),
        other => Err(format!("unknown operation `{other}`; known: {}", OPERATIONS.join(", "))),
    }
}

/// `parse_number`: `{text, separator?}` → the number, or `null`.
pub fn parse_number(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        text: String,
        #[serde(default)]
        separator: DecimalSeparator,
    }
    let i: In = read(input)?;
    answer(crate::number::parse_number(&i.text, i.separator))
}

/// `parse_date`: `{text}` → `YYYY-MM-DDTHH:MM:SS`, or `null`.
pub fn parse_date(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        text: String,
    }
    let i: In = read(input)?;
    answer(crate::date::parse_date(&i.text).map(|d| d.format("%Y-%m-%dT%H:%M:%S").to_string()))
}

/// `search_terms`: `{search}` → the terms.
pub fn search_terms(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        search: String,
    }
    let i: In = read(input)?;
    answer(crate::search::search_terms(&i.search))
}

/// `url_filters`: `{text}` → the parsed pairs.
pub fn url_filters(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        text: String,
    }
    let i: In = read(input)?;
    answer(query::parse_url_filters(&i.text))
}

/// `read_url_filters`: `{filters?, text}` → `{used, ignored}`.
pub fn read_url_filters(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        #[serde(default)]
        filters: Vec<crate::filter::Filter>,
        text: String,
    }
    let i: In = read(input)?;
    answer(query::read_url_filters(&i.filters, &i.text))
}

/// `query`: `{sheet, spec?}` → one page of rows.
pub fn query(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        sheet: SheetInput,
        #[serde(default)]
        spec: QuerySpec,
    }
    let i: In = read(input)?;
    let table = i.sheet.to_table()?;
    answer(query::run(&table, &i.spec).map_err(|e| e.to_string())?)
}

/// `chart`: `{sheet, spec}` → labels and series.
pub fn chart(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        sheet: SheetInput,
        spec: ChartSpec,
    }
    let i: In = read(input)?;
    let table = i.sheet.to_table()?;
    answer(chart::aggregate(&table, &i.spec).map_err(|e| e.to_string())?)
}

/// `sections`: `{sections?, block_sections?, current_section?}` → `{sections, tabs, current}`.
pub fn sections(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        #[serde(default)]
        sections: String,
        #[serde(default)]
        block_sections: Vec<Option<String>>,
        #[serde(default)]
        current_section: Option<String>,
    }
    #[derive(Serialize)]
    struct Out {
        sections: Vec<String>,
        tabs: Vec<crate::sections::SectionTab>,
        current: Option<String>,
    }
    let i: In = read(input)?;
    let sections = crate::sections::parse_sections(&i.sections);
    let blocks: Vec<Option<&str>> = i.block_sections.iter().map(Option::as_deref).collect();
    let tabs = crate::sections::group_blocks(&blocks, &sections);
    let current = crate::sections::current_tab(i.current_section.as_deref(), &tabs);
    answer(Out { sections, tabs, current })
}

/// The `sheet` of an input, as a table.
fn sheet_of(input: &str) -> Result<Table, String> {
    #[derive(Deserialize)]
    struct In {
        sheet: SheetInput,
    }
    read::<In>(input)?.sheet.to_table()
}

/// `scorecard`: `{sheet, spec?, axis: [...]}` → one card per axis item, over the matching rows.
pub fn scorecards(input: &str) -> Result<String, String> {
    scorecards_of(&sheet_of(input)?, input)
}

/// [`scorecards`] over a table already loaded (the browser's open sheet): `{spec?, axis}`.
pub fn scorecards_of(table: &Table, input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        #[serde(default)]
        spec: QuerySpec,
        axis: Vec<crate::scorecard::ScorecardAxis>,
    }
    let i: In = read(input)?;
    let rows = query::matching_rows(table, &i.spec).map_err(|e| e.to_string())?;
    let cards: Result<Vec<_>, _> = i.axis.iter().map(|a| crate::scorecard::compute(table, &rows, a)).collect();
    answer(cards.map_err(|e| e.to_string())?)
}

/// `calendar`: `{sheet, spec?, ...calendar settings, view?, date?}` → the window and its events.
pub fn calendar(input: &str) -> Result<String, String> {
    calendar_of(&sheet_of(input)?, input)
}

/// [`calendar`] over a table already loaded: `{spec?, ...calendar settings, view?, date?}`.
pub fn calendar_of(table: &Table, input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        #[serde(default)]
        spec: QuerySpec,
        #[serde(flatten)]
        settings: crate::calendar::CalendarSettings,
        /// The view the viewer switched to, else `default_calendar_view`.
        #[serde(default)]
        view: Option<crate::calendar::CalendarView>,
        /// The day the viewer navigated to, else the settings' anchor.
        #[serde(default)]
        date: Option<String>,
    }
    let i: In = read(input)?;
    let anchor = match &i.date {
        Some(date) => crate::calendar::parse_anchor(date),
        None => crate::calendar::default_anchor(&i.settings, &i.spec.context),
    }
    .map_err(|e| e.to_string())?;
    let rows = query::matching_rows(table, &i.spec).map_err(|e| e.to_string())?;
    let view = i.view.unwrap_or(i.settings.default_calendar_view);
    answer(crate::calendar::calendar(table, &rows, &i.settings, view, anchor).map_err(|e| e.to_string())?)
}

/// `markdown`: `{template, sheet?, spec?, loop?}` → the markdown texts: the template as written
/// without a sheet, else filled in once, or once per matching row when it loops.
pub fn markdown_texts(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        template: String,
        /// A markdown block without a sheet shows its text as written.
        #[serde(default)]
        sheet: Option<SheetInput>,
    }
    let i: In = read(input)?;
    match &i.sheet {
        None => answer(vec![i.template]),
        Some(sheet) => markdown_texts_of(&sheet.to_table()?, input),
    }
}

/// [`markdown_texts`] over a table already loaded: `{template, spec?, loop?}`.
pub fn markdown_texts_of(table: &Table, input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        template: String,
        #[serde(default)]
        spec: QuerySpec,
        #[serde(default, rename = "loop")]
        loop_mode: bool,
    }
    let i: In = read(input)?;
    let rows = query::matching_rows(table, &i.spec).map_err(|e| e.to_string())?;
    answer(crate::markdown::render(&i.template, table, &rows, i.loop_mode))
}

/// `form_default`: `{text, context?}` → the field's default value.
pub fn form_default(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        text: String,
        #[serde(default)]
        context: crate::context::Context,
    }
    let i: In = read(input)?;
    answer(crate::form::resolve_default(&i.text, &i.context).map_err(|e| e.to_string())?)
}

/// `form_validate`: `{value, type?, regex_validation?, required?, label?}` → `{valid, message}`:
/// a required field's blank value first (named by `label`), then the pattern.
pub fn form_validate(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        value: String,
        #[serde(default, rename = "type")]
        field_type: String,
        #[serde(default)]
        regex_validation: String,
        #[serde(default)]
        required: bool,
        #[serde(default)]
        label: String,
    }
    /// A value that fails its pattern is an answer, not an error; a broken pattern is.
    #[derive(Serialize)]
    struct Out {
        valid: bool,
        message: Option<String>,
    }
    let i: In = read(input)?;
    if let Err(missing) = crate::form::check_required(&i.value, i.required, &i.label) {
        return answer(Out { valid: false, message: Some(missing.to_string()) });
    }
    match crate::form::validate_field(&i.value, &i.field_type, &i.regex_validation) {
        Ok(()) => answer(Out { valid: true, message: None }),
        Err(e @ crate::form::FieldError::NoMatch { .. }) => answer(Out { valid: false, message: Some(e.to_string()) }),
        Err(e) => Err(e.to_string()),
    }
}

/// `form_submission`: `{fields: [{label?, value?, required?, hidden?}]}` → `{valid, message,
/// field}`, `field` the index of the field at fault (null when the whole answer is).
pub fn form_submission(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        fields: Vec<crate::form::SubmittedField>,
    }
    #[derive(Serialize)]
    struct Out {
        valid: bool,
        message: Option<String>,
        field: Option<usize>,
    }
    let i: In = read(input)?;
    answer(match crate::form::validate_submission(&i.fields) {
        Ok(()) => Out { valid: true, message: None, field: None },
        Err(e @ crate::form::SubmissionError::Empty) => Out { valid: false, message: Some(e.to_string()), field: None },
        Err(crate::form::SubmissionError::Missing { index, missing }) => {
            Out { valid: false, message: Some(missing.to_string()), field: Some(index) }
        }
    })
}

/// `valid_email`: `{text}` → whether it is an email address.
pub fn valid_email(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        text: String,
    }
    let i: In = read(input)?;
    answer(crate::form::is_valid_email(&i.text))
}

/// `contrast`: `{color}` → `{luminance, light, text_color}`.
pub fn contrast(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        color: String,
    }
    #[derive(Serialize)]
    struct Out {
        luminance: f64,
        light: bool,
        text_color: &'static str,
    }
    let i: In = read(input)?;
    let color = crate::contrast::Color::parse(&i.color).map_err(|e| e.to_string())?;
    let text_color = if color.is_light() { crate::contrast::DARK_TEXT } else { crate::contrast::LIGHT_TEXT };
    answer(Out { luminance: color.luminance(), light: color.is_light(), text_color })
}

/// `display`: `{sheet, formats?, locale?}` → every row of the sheet as its viewer reads it
/// (each visible column by its kind and format, in the locale; `en-US` when none is given).
pub fn display(input: &str) -> Result<String, String> {
    display_of(&sheet_of(input)?, input)
}

/// [`display`] over a table already loaded, for `rows` (sheet row indices, all when absent) and
/// `columns` (the visible ones when absent): `{rows?, columns?, formats?, locale?}`.
pub fn display_of(table: &Table, input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        #[serde(default)]
        rows: Option<Vec<u32>>,
        #[serde(default)]
        columns: Option<Vec<String>>,
        #[serde(default)]
        formats: Vec<crate::display::ColumnDisplay>,
        #[serde(default)]
        locale: String,
    }
    let i: In = read(input)?;
    let rows = i.rows.unwrap_or_else(|| (0..table.row_count() as u32).collect());
    let names = table.column_names();
    let columns = i.columns.unwrap_or_else(|| table.visible_columns().into_iter().map(|c| names[c].clone()).collect());
    answer(crate::display::display_rows(table, &rows, &columns, &i.formats, crate::display::Locale::of(&i.locale)))
}

/// `display_number`: `{value, display?, locale?}` → `{text, axis: {prefix, suffix, scale}}`: a
/// computed number (a chart's value) as its column's format writes it, and how a value axis
/// writes its numbers.
pub fn display_number(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        value: f64,
        #[serde(default)]
        display: crate::display::ColumnDisplay,
        #[serde(default)]
        locale: String,
    }
    #[derive(Serialize)]
    struct Out {
        text: String,
        axis: crate::display::AxisStyle,
    }
    let i: In = read(input)?;
    let locale = crate::display::Locale::of(&i.locale);
    answer(Out { text: crate::display::display_number(i.value, &i.display, locale), axis: crate::display::axis_style(&i.display, locale) })
}

/// `values`: `{sheet, spec?, column, search?, limit?}` → `{values: [{value, count}], distinct,
/// more}`: the column's distinct values over the rows the spec keeps (`crate::values`); `limit`
/// defaults to 100.
pub fn values(input: &str) -> Result<String, String> {
    #[derive(Deserialize)]
    struct In {
        sheet: SheetInput,
        #[serde(default)]
        spec: QuerySpec,
        column: String,
        #[serde(default)]
        search: String,
        #[serde(default)]
        limit: Option<u64>,
    }
    let i: In = read(input)?;
    let table = i.sheet.to_table()?;
    let limit = i.limit.map_or(crate::values::DEFAULT_LIMIT, |n| usize::try_from(n).unwrap_or(usize::MAX));
    answer(crate::values::column_values(&table, &i.spec, &i.column, &i.search, limit).map_err(|e| e.to_string())?)
}

fn read<T: DeserializeOwned>(input: &str) -> Result<T, String> {
    serde_json::from_str(input).map_err(|e| format!("invalid input: {e}"))
}

/// Compact JSON text of `value`, through a `Value` as every answer always went (same bytes).
fn answer<T: Serialize>(value: T) -> Result<String, String> {
    let value: Value = serde_json::to_value(value).map_err(|e| e.to_string())?;
    serde_json::to_string(&value).map_err(|e| e.to_string())
}
