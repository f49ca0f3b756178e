//! The JSON facade: one operation name and a JSON input in, JSON text out. The golden vectors
//! under `tests/vectors/` replay through it on the native build and on the WASM build, so both
//! targets are checked on the same bytes; the WASM binding exposes it as `evaluate`.
//!
//! Output is compact JSON with object keys in struct order; an error is `Err(message)` with the
//! core's own message text.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::chart::{self, ChartSpec};
use crate::date::parse_date;
use crate::number::{parse_number, DecimalSeparator};
use crate::query::{self, QuerySpec};
use crate::search::search_terms;
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
    "valid_email",
    "contrast",
];

/// Runs operation `op` on the JSON text `input`.
pub fn evaluate(op: &str, input: &str) -> Result<String, String> {
    let output = match op {
        "parse_number" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
                #[serde(default)]
                separator: DecimalSeparator,
            }
            let i: In = read(input)?;
            to_value(parse_number(&i.text, i.separator))
        }
        "parse_date" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
            }
            let i: In = read(input)?;
            to_value(parse_date(&i.text).map(|d| d.format("%Y-%m-%dT%H:%M:%S").to_string()))
        }
        "search_terms" => {
            #[derive(Deserialize)]
            struct In {
                search: String,
            }
            let i: In = read(input)?;
            to_value(search_terms(&i.search))
        }
        "url_filters" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
            }
            let i: In = read(input)?;
            to_value(query::parse_url_filters(&i.text))
        }
        "read_url_filters" => {
            #[derive(Deserialize)]
            struct In {
                #[serde(default)]
                filters: Vec<crate::filter::Filter>,
                text: String,
            }
            let i: In = read(input)?;
            to_value(query::read_url_filters(&i.filters, &i.text))
        }
        "query" => {
            #[derive(Deserialize)]
            struct In {
                sheet: SheetInput,
                #[serde(default)]
                spec: QuerySpec,
            }
            let i: In = read(input)?;
            let table = i.sheet.to_table()?;
            to_value(query::run(&table, &i.spec).map_err(|e| e.to_string())?)
        }
        "chart" => {
            #[derive(Deserialize)]
            struct In {
                sheet: SheetInput,
                spec: ChartSpec,
            }
            let i: In = read(input)?;
            let table = i.sheet.to_table()?;
            to_value(chart::aggregate(&table, &i.spec).map_err(|e| e.to_string())?)
        }
        "sections" => {
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
            to_value(Out { sections, tabs, current })
        }
        "scorecard" => {
            #[derive(Deserialize)]
            struct In {
                sheet: SheetInput,
                #[serde(default)]
                spec: QuerySpec,
                axis: Vec<crate::scorecard::ScorecardAxis>,
            }
            let i: In = read(input)?;
            let table = i.sheet.to_table()?;
            let rows = query::matching_rows(&table, &i.spec).map_err(|e| e.to_string())?;
            let cards: Result<Vec<_>, _> = i.axis.iter().map(|a| crate::scorecard::compute(&table, &rows, a)).collect();
            to_value(cards.map_err(|e| e.to_string())?)
        }
        "calendar" => {
            #[derive(Deserialize)]
            struct In {
                sheet: SheetInput,
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
            let table = i.sheet.to_table()?;
            let anchor = match &i.date {
                Some(date) => crate::calendar::parse_anchor(date),
                None => crate::calendar::default_anchor(&i.settings, &i.spec.context),
            }
            .map_err(|e| e.to_string())?;
            let rows = query::matching_rows(&table, &i.spec).map_err(|e| e.to_string())?;
            let view = i.view.unwrap_or(i.settings.default_calendar_view);
            to_value(crate::calendar::calendar(&table, &rows, &i.settings, view, anchor).map_err(|e| e.to_string())?)
        }
        "markdown" => {
            #[derive(Deserialize)]
            struct In {
                template: String,
                /// A markdown block without a sheet shows its text as written.
                #[serde(default)]
                sheet: Option<SheetInput>,
                #[serde(default)]
                spec: QuerySpec,
                #[serde(default, rename = "loop")]
                loop_mode: bool,
            }
            let i: In = read(input)?;
            match &i.sheet {
                None => to_value(vec![i.template]),
                Some(sheet) => {
                    let table = sheet.to_table()?;
                    let rows = query::matching_rows(&table, &i.spec).map_err(|e| e.to_string())?;
                    to_value(crate::markdown::render(&i.template, &table, &rows, i.loop_mode))
                }
            }
        }
        "form_default" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
                #[serde(default)]
                context: crate::context::Context,
            }
            let i: In = read(input)?;
            to_value(crate::form::resolve_default(&i.text, &i.context).map_err(|e| e.to_string())?)
        }
        "form_validate" => {
            #[derive(Deserialize)]
            struct In {
                value: String,
                #[serde(default, rename = "type")]
                field_type: String,
                #[serde(default)]
                regex_validation: String,
            }
            /// A value that fails its pattern is an answer, not an error; a broken pattern is.
            #[derive(Serialize)]
            struct Out {
                valid: bool,
                message: Option<String>,
            }
            let i: In = read(input)?;
            match crate::form::validate_field(&i.value, &i.field_type, &i.regex_validation) {
                Ok(()) => to_value(Out { valid: true, message: None }),
                Err(e @ crate::form::FieldError::NoMatch { .. }) => to_value(Out { valid: false, message: Some(e.to_string()) }),
                Err(e) => return Err(e.to_string()),
            }
        }
        "valid_email" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
            }
            let i: In = read(input)?;
            to_value(crate::form::is_valid_email(&i.text))
        }
        "contrast" => {
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
            to_value(Out { luminance: color.luminance(), light: color.is_light(), text_color })
        }
        other => return Err(format!("unknown operation `{other}`; known: {}", OPERATIONS.join(", "))),
    };
    serde_json::to_string(&output?).map_err(|e| e.to_string())
}

fn read<T: DeserializeOwned>(input: &str) -> Result<T, String> {
    serde_json::from_str(input).map_err(|e| format!("invalid input: {e}"))
}

fn to_value<T: Serialize>(value: T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| e.to_string())
}
