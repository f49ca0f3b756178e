//! The catalogue of blocks.md §3: every block type's settings as field descriptors. Validation
//! (`validate.rs`), defaults, visibility (`visibility.rs`) and the web settings editor all read
//! these tables; nothing about a setting is written anywhere else.
//!
//! Editing rules of platform §4 are data here too (`edit.rs` reads them): `clears` lists the
//! sibling settings a change clears (contact `type` → `value`, `iconType` → `icon`, a navigation
//! item's `pageSlug`/`pageId` ↔ `url`), `first_unused` gives new social items the first unused
//! network, and `example` their starting link.
//!
//! Keys are spelt as the spec spells them (`calender_month`, `Data_Format`, `imageAccordian`).
//! Where the spec names a setting without a key ("border settings", "timeline styling", the map's
//! four columns) the key chosen here is the one the editor and views must use; such keys are
//! marked "key chosen here" below.
//!
//! | Setting | Default | Range / options | Required | Spec |
//! |---|---|---|---|---|
//! | chart `legendPosition` | `top` | hidden, top, bottom | | §3.3 |
//! | chart `pdf_download` | `true` | | | §3.3 |
//! | chart `grid` | `X & Y` (the spec names no default; both axes' lines are what charts drew before it was set) | X & Y, Only X Axis, Only Y Axis, None | | §3.3 |
//! | chart `x_axis` | | a column | yes | §3.3, §5 |
//! | chart axis `column` | | a column | yes | §3.3, §5 |
//! | chart axis `type` | `bar` | line, bar, horizontal-bar, radar, pie, polarArea, scatter | | §3.3 |
//! | chart axis `duplicateXAxis` | `sum` | sum, average, count, count distinct, min, max (issue 48) | | §3.3 |
//! | chart axis `borderWidth` | `1` | 0-5 | | §3.3, §9 |
//! | chart axis `pointRadius`, `pointHoverRadius` | `0` | 0-5 | | §3.3, §9 |
//! | table/list `paginate` | `true` | | | §3.4 |
//! | table/list `rows_per_page` | `10` | at least 1 | | §3.4, §9 |
//! | table/list `csv_download` / `pdf_download` | `false` / `true` | | | §3.4 |
//! | table/list `column_width` | `200` (px) | at least 0 | | §3.4, §9 |
//! | list `list_style` (key chosen here) | `Compact rows`; `Cards` for a list saved without it | Compact rows, Cards | | issue 47 |
//! | `add_new_row` / `action_button_visibility` | `None` / `Everyone` | Admins, Admins & Guests, None, Everyone | | §3.2 |
//! | column `editable` | `None` (table), `Everyone` (list) | the audience options | | §3.2, §3.5 |
//! | table column `options` | `true, false` | | | §3.4 |
//! | table column `type` | | the 15 types of §3.4 (list: text, image) | | §3.4, §3.5 |
//! | column `image_source` | | External URL, Upload Image (list: External URL) | | §3.4, §3.5 |
//! | column `format` (table, list, calendar, grid, datalist, item details, chart series; key chosen here) | `Automatic` | Automatic, Number, Currency, Percent, Date, Date and time, Text | | issue 47 |
//! | column `decimals` / `currency_symbol` / `date_pattern` (key chosen here) | / `$` / | 0-10 / / DD/MM/YYYY, MM/DD/YYYY, YYYY-MM-DD, DD MMM YYYY, MMM DD, YYYY | | issue 47 |
//! | button colours | `#4f46E5` | | | §3.1, §9 |
//! | toolbar button `open_page` | | a page | yes | §2 |
//! | row action `type` | | 8 types (list: Edit row, Delete row) | | §3.6 |
//! | row action `http_method` | `POST` | POST | | §3.6 |
//! | calendar `calender_month` | | 01-12 | | §3.7 |
//! | form `title_font_size` | `24` | at least 1 | | §3.8 |
//! | form `submit_text` / `submit_success` | `Submit` / `Data added to the spreadsheet` | | | §3.8, §8 |
//! | form field `file_mime_type` | `image/*` | 8 choices | | §3.8 |
//! | form field `placeholder` | `Type here..` | | | §3.8 |
//! | form field `type` | `text` | the form's field types | | §3.8 |
//! | form field `required` (key chosen here) | `false` | on or off (hidden while `hide` is on) | | issue 48 |
//! | scorecard `function` / `symbol` | `sum` / `$` (an emptied symbol stays empty; counts have none) | sum, average, first row, last row, count, count distinct, min, max (issue 48) | | §3.9 |
//! | chart `x_bucket` / `category_order` / `top_n` / `empty_categories` | `Automatic` / `As in the sheet` / unset (0: all) / `Show as (empty)` | see the field | | issue 48 |
//! | map `title_column`, `description_column`, `address_column`, `image_column` | | columns | yes | §3.10, §5 |
//! | gallery `layout` | `masonry` | grid, masonry, carousel, FullScreenView | | §3.11 |
//! | gallery `grid_columns` | `3` | 2-5 | | §3.11 |
//! | gallery `gallery_padding` | `24` | at least 0 | | §3.11 |
//! | gallery intervals | `3000` ms | at least 0 | | §3.11, §9 |
//! | gallery `columns` / `cursor_effect` / `animation` / `icon` | `3` / `none` / `none` / `info` | | | §3.11 |
//! | gallery `border_color` / `border_width` | `#e5e7eb` / `1` | / 0-5 | | §3.11 |
//! | gallery margins / sliders | `0` / `0` | 0-100 / 0-5 | | §3.11, §5 |
//! | gallery `Transparent` | `0.3` | 0-1 | | §3.11, §5 |
//! | grid `columns` | `4` | 1-4 | | §3.12, §9 |
//! | grid column `button_text` / `type` / `alignment` | `View` / `text` / `left` | | | §3.12 |
//! | markdown `columns` / `gap` | `1` / `3` | 1-4 / 0, 3, 6, 10 | | §3.13, §9 |
//! | event `layout_type` / `date_format` / `registration_button_text` | `stacked` / `DD MMM YYYY` / `Register` | | | §3.16 |
//! | `FeatureLayout` (featureslayout, bannerHero) / bannerHero `imagePosition` | `list` / `left` | | | §3.17, §3.18 |
//! | datalist `list_type` / `timeline_layout` / column `type` | `vertical` / `vertical` / `text` | | | §3.15 |
//! | header `LayoutType` | `Left` | Right, Center, Left | | §3.20 |
//! | footer `footerSublinks` / `contactItems` / `socialItems` | | at most 4 / 3 / 3 items | | §3.19, §5 |
//! | footer `simpleLinks` | | at most 10; 5 for Navigation Hub Footer and Classic Footer Bar | | §3.19, §5 |
//! | footer social `link` | | http:// or https:// | yes | §5 |
//! | footer contact `type` | `phone` | phone, email, address | | platform §3 |
//! | footer contact `countryCode` / `iconColor` | `+00` / `#0052FF` | | | issue 9 |
//! | footer social `type` | `facebook`; a new item takes the first unused | instagram, facebook, linkedin | | platform §4 |
//! | ImageGrid / imageAccordian `features` | | at most 4 items | | §3.17 |
//! | itemDetails action `label` | `Click Here` | | | §3.21 |
//! | `width` (every type but header and footer) | `Full`; `Half` for chart, form, event; `Third` for scorecard | Third, Half, Two thirds, Full (hidden while `full_width` is on) | | issue 47 |
//! | column `Conditional_formatting` rule `condition` | | the 16 filter conditions (a rule without one colours nothing) | | §3.4, platform §5 |

use tessera_core::query::DEFAULT_ROWS_PER_PAGE;

use crate::model::Kind::*;
use crate::model::*;

use Group::{Actions, Audience, Columns, Data, Display};

/// The audience options of blocks §3.2.
pub const AUDIENCE: &[&str] = &["Admins", "Admins & Guests", "None", "Everyone"];

/// The default button colour of blocks §3.1 and §9.
pub const BUTTON_COLOUR: &str = "#4f46E5";

/// The column types of a table (blocks §3.4): 15 types.
pub const TABLE_TYPES: &[&str] = &[
    "text",
    "number",
    "select",
    "multi-select",
    "textarea",
    "markdowntext",
    "month",
    "tel",
    "time",
    "url",
    "image",
    "week",
    "email",
    "date",
    "datetime-local",
];

/// The field types of a form (blocks §3.8): the table types plus `file`, without `image`.
pub const FORM_TYPES: &[&str] = &[
    "text",
    "number",
    "select",
    "multi-select",
    "textarea",
    "markdowntext",
    "month",
    "tel",
    "time",
    "url",
    "week",
    "email",
    "date",
    "datetime-local",
    "file",
];

const SELECT_TYPES: &[&str] = &["select", "multi-select"];

/// The row action types of blocks §3.6.
pub const ACTION_TYPES: &[&str] =
    &["Duplicate row", "Edit row", "Delete row", "Open link", "API call", "Compose Email", "Copy to clipboard", "Download pdf"];

/// `file_mime_type` choices of blocks §3.8.
pub const FILE_MIME_TYPES: &[&str] = &["*", "image/*", "video/*", "audio/*", "text/*", ".pdf", ".doc,.docx", ".csv,.xml,.xls,.xlsm,.xlsx"];

const ICON_TYPES: &[&str] = &["image", "fontawesome", "text"];

// ---- blocks §3.1: every block ----

const SHARED: &[Field] = &[
    field("title", "Title", Text, Display),
    // Colours of a title that is not there would change nothing.
    field("title_color", "Title colour", Colour, Display).visible(Rule::IsSet { field: "title" }),
    field("title_background_color", "Title background colour", Colour, Display).visible(Rule::IsSet { field: "title" }),
    field("section", "Section", Text, Display).help("One of the board's sections; blocks of other sections show under 'un-categorized'."),
    field("full_width", "Full width", Bool, Display),
    field("background_color", "Background colour", Colour, Display),
    field("font_color", "Font colour", Colour, Display),
    field("toolbar_icon_color", "Toolbar icon colour", Colour, Display),
];

// ---- issue 47: a block's width in the grid of a board or an app page (`layout.rs`) ----

/// The widths a block takes in the grid, narrowest first (`crate::layout::Width`).
pub const WIDTHS: &[&str] = &["Third", "Half", "Two thirds", "Full"];

/// `width`, by default `default`: each type starts at the width its content reads at (the
/// defaults below say why). `full_width` (blocks §3.1), when on, still means the whole row.
const fn width(default: &'static str) -> Field {
    field("width", "Width", Select, Display)
        .options(WIDTHS)
        .text(default)
        .help("The share of the row the block takes; the last block of a row grows to its end. On phones every block is full width.")
        .visible(Rule::IsOff { field: "full_width" })
}

/// Tables, lists, calendars, maps, cards and media: their columns, days and images need the row.
const FULL: &[Field] = &[width("Full")];
/// Charts, forms and events read at half the row, so two sit side by side; a lone one grows.
const HALF: &[Field] = &[width("Half")];
/// Scorecards: a few numbers, three to a row as a KPI row.
const THIRD: &[Field] = &[width("Third")];

/// The filter conditions of platform §5, as `tessera_core::filter::Condition` spells them.
pub const CONDITIONS: &[&str] = &[
    "=",
    ">",
    "<",
    "starts_with",
    "not_starts_with",
    "ends_with",
    "not_ends_with",
    "includes",
    "not_includes",
    "past_days",
    "today",
    "tomorrow",
    "current_week",
    "next_week",
    "date",
    "any_of",
];

/// A conditional formatting rule of a table column (keys chosen here; the core's
/// `formatting::FormatRule` reads them): a cell meeting the condition gets the colours.
const FORMAT_RULE: &[Field] = &[
    field("condition", "Condition", Select, Display).options(CONDITIONS),
    field("value", "Value", Text, Display)
        .help("A number for > and <, days for past_days, start..end for date, values split by || for any_of; [(current_user)] is the viewer's e-mail."),
    field("background_color", "Cell colour", Colour, Display),
    field("text_color", "Text colour", Colour, Display),
];

/// The sheet a data block reads (platform §3 "Block": sheet_title).
const SHEET: &[Field] = &[field("sheet_title", "Sheet", Sheet, Data)];

/// The details popup on row click (blocks §2).
const DETAILS: &[Field] = &[field("show_details_on_click", "Show details on click", Bool, Display)];
/// A grid's cards open their details by default: blocks §3.12 lists the popup among its features.
const GRID_DETAILS: &[Field] = &[field("show_details_on_click", "Show details on click", Bool, Display).on(true)];

// ---- blocks §3.3: chart ----

const CHART_AXIS: &[Field] = &[
    field("column", "Column", Column, Columns).required(),
    field("type", "Chart type", Select, Columns)
        .options(&["line", "bar", "horizontal-bar", "radar", "pie", "polarArea", "scatter"])
        .text("bar"),
    field("backgroundColor", "Background colours", Colours, Display),
    field("borderColor", "Border colour", Colour, Display),
    field("internal_labels", "Labels inside", Select, Display).options(&["None", "Name", "Value", "Name and value"]),
    field("duplicateXAxis", "Summarise by", Select, Columns)
        .options(&["sum", "average", "count", "count distinct", "min", "max"])
        .text("sum")
        .help("How the rows of one category become its value: count needs no numbers."),
    field("decimal_separator", "Decimal separator", Select, Columns).options(&["comma", "dot"]),
    field("spanGaps", "Span gaps", Bool, Display),
    field("borderWidth", "Border width", Integer, Display).range(0, 5).int(1),
    field("pointRadius", "Point radius", Integer, Display).range(0, 5).int(0),
    field("pointHoverRadius", "Point hover radius", Integer, Display).range(0, 5).int(0),
    VALUE_FORMAT,
    VALUE_DECIMALS,
    VALUE_CURRENCY,
];

const CHART: &[Field] = &[
    field("x_axis", "X axis", Column, Data).required().help("Shared by all series."),
    field("x_bucket", "Group dates by", Select, Data)
        .options(&["Automatic", "Each value", "Day", "Week", "Month", "Quarter", "Year"])
        .text("Automatic")
        .help("For a date x axis. Automatic picks the unit that gives about 8 to 60 points."),
    field("category_order", "Order", Select, Data)
        .options(&["As in the sheet", "Value, high to low", "Value, low to high", "Label, A to Z"])
        .text("As in the sheet")
        .help("By the first series' value. Dates grouped by a unit stay in time order unless sorted by value."),
    field("top_n", "Show top", Integer, Data)
        .range(0, 100)
        .help("Keep this many categories and add up the rest as Other; 0 keeps all. Not for dates grouped by a unit."),
    field("empty_categories", "Empty x values", Select, Data).options(&["Show as (empty)", "Leave out"]).text("Show as (empty)"),
    field("legendPosition", "Legend position", Select, Display).options(&["hidden", "top", "bottom"]).text("top"),
    field("showScaleLabel", "Show scale labels", Bool, Display),
    field("stackAxis", "Stack series", Bool, Display),
    field("Data_Format", "Format numbers", Bool, Display),
    field("beginAtZero", "Begin at zero", Bool, Display),
    field("CustomStepSize", "Custom step size", Bool, Display),
    field("StepSize", "Step size", Number, Display).visible(Rule::IsOn { field: "CustomStepSize" }),
    field("grid", "Grid lines", Select, Display).options(&["X & Y", "Only X Axis", "Only Y Axis", "None"]).text("X & Y"),
    field("grid_color", "Grid colour", Colour, Display).visible(Rule::NotEquals { field: "grid", value: "None" }),
    field("pdf_download", "PDF download", Bool, Actions).on(true),
    field("axis", "Series", List, Columns).items(CHART_AXIS),
];

// ---- blocks §3.4-§3.6: table, list, row actions ----

const SELECT_COLUMN: Rule = Rule::OneOf { field: "type", values: SELECT_TYPES };

/// A column's display format (tessera_core::display): Automatic shows a value by its column's
/// kind; the others as chosen, with their decimals and currency symbol.
const DISPLAY_FORMATS: &[&str] = &["Automatic", "Number", "Currency", "Percent", "Date", "Date and time", "Text"];
const VALUE_FORMAT: Field = field("format", "Format", Select, Display).options(DISPLAY_FORMATS).text("Automatic");
const VALUE_DECIMALS: Field = field("decimals", "Decimals", Integer, Display)
    .range(0, 10)
    .visible(Rule::OneOf { field: "format", values: &["Number", "Currency", "Percent"] })
    .help("Unset: up to 3 for numbers, 2 for money, 1 for percents.");
const VALUE_CURRENCY: Field =
    field("currency_symbol", "Currency symbol", Text, Display).text("$").visible(Rule::Equals { field: "format", value: "Currency" });
const VALUE_DATE_PATTERN: Field = field("date_pattern", "Date pattern", Select, Display)
    .options(tessera_core::display::DATE_PATTERNS)
    .visible(Rule::OneOf { field: "format", values: &["Date", "Date and time"] })
    .help("Unset: the viewer's own way of writing dates (Jan 5, 2025; 05.01.2025).");

const TABLE_AXIS: &[Field] = &[
    field("column", "Column", Column, Columns),
    field("use_markdown", "Markdown", Bool, Columns),
    field("hidden", "Hidden", Bool, Columns),
    field("editable", "Editable by", Select, Audience).options(AUDIENCE).text("None"),
    field("column_width", "Column width", Integer, Columns).at_least(0).help("Pixels."),
    field("type", "Type", Select, Columns).options(TABLE_TYPES),
    field("Conditional_formatting", "Conditional formatting", List, Display).items(FORMAT_RULE),
    field("from_google_sheet", "Options from a sheet", Bool, Columns).visible(SELECT_COLUMN),
    field("source", "Options source", Source, Columns)
        .visible(Rule::All { rules: &[SELECT_COLUMN, Rule::IsOn { field: "from_google_sheet" }] }),
    field("options", "Options", Text, Columns)
        .text("true, false")
        .visible(Rule::All { rules: &[SELECT_COLUMN, Rule::IsOff { field: "from_google_sheet" }] })
        .help("Comma-separated."),
    field("character_limit", "Character limit", Integer, Columns).at_least(0).visible(Rule::NoneOf {
        field: "type",
        values: &["number", "select", "multi-select", "month", "time", "image", "week", "date", "datetime-local"],
    }),
    field("image_source", "Image source", Select, Columns)
        .options(&["External URL", "Upload Image"])
        .visible(Rule::Equals { field: "type", value: "image" })
        .help("Uploaded images must be under 5 MB."),
    VALUE_FORMAT,
    VALUE_DECIMALS,
    VALUE_CURRENCY,
    VALUE_DATE_PATTERN,
    field("drop_first", "Hide first when narrow", Bool, Columns)
        .help("With 'Fit columns to the block', this column is left out before others when the block is too narrow."),
];

/// List columns (blocks §3.5): text and image only, external images only, editable by everyone.
const LIST_AXIS: &[Field] = &[
    TABLE_AXIS[0],
    TABLE_AXIS[1],
    TABLE_AXIS[2],
    field("editable", "Editable by", Select, Audience).options(AUDIENCE).text("Everyone"),
    field("column_width", "Image width", Integer, Columns)
        .at_least(0)
        .visible(Rule::Equals { field: "type", value: "image" })
        .help("Pixels: this image's width in the cards."),
    field("type", "Type", Select, Columns).options(&["text", "image"]),
    TABLE_AXIS[6],
    TABLE_AXIS[10],
    field("image_source", "Image source", Select, Columns)
        .options(&["External URL"])
        .visible(Rule::Equals { field: "type", value: "image" }),
    VALUE_FORMAT,
    VALUE_DECIMALS,
    VALUE_CURRENCY,
    VALUE_DATE_PATTERN,
];

const API_CALL: Rule = Rule::Equals { field: "type", value: "API call" };

const fn row_actions(types: &'static [&'static str]) -> [Field; 15] {
    [
        field("title", "Title", Text, Actions),
        field("type", "Action", Select, Actions).options(types),
        field("button_color", "Button colour", Colour, Actions).text(BUTTON_COLOUR),
        field("text_color", "Text colour", Colour, Actions),
        field("source_column", "Source column", Column, Actions)
            .visible(Rule::OneOf { field: "type", values: &["Open link", "Compose Email", "Copy to clipboard", "Download pdf"] }),
        field("pdf_template", "PDF template", LongText, Actions).visible(Rule::Equals { field: "type", value: "Download pdf" }),
        field("api_endpoint", "API endpoint", Url, Actions).visible(API_CALL),
        field("http_method", "HTTP method", Select, Actions).options(&["POST"]).text("POST").visible(API_CALL),
        field("body_type", "Body type", Select, Actions).options(&["JSON", "Form-data"]).visible(API_CALL),
        field("authorization_method", "Authorization", Select, Actions)
            .options(&["No Auth", "Bearer Token", "Custom Header"])
            .visible(API_CALL),
        field("custom_header", "Custom header", Text, Actions)
            .help("The header's name (its value is the token), or `Name: value`.")
            .visible(Rule::All { rules: &[API_CALL, Rule::Equals { field: "authorization_method", value: "Custom Header" }] }),
        field("token", "Token", Text, Actions)
            .visible(Rule::All {
                rules: &[API_CALL, Rule::OneOf { field: "authorization_method", values: &["Bearer Token", "Custom Header"] }],
            })
            .help("The bearer token, or the custom header's value."),
        field("field_mapping", "Field mapping", KeyValues, Actions).visible(API_CALL).help("Body key to column."),
        field("success_message", "Success message", Text, Actions),
        field("error_message", "Error message", Text, Actions),
    ]
}

const TABLE_ACTIONS: &[Field] = &row_actions(ACTION_TYPES);
const LIST_ACTION_ALL: [Field; 15] = row_actions(&["Edit row", "Delete row"]);
/// A list offers only Edit row and Delete row (blocks §3.6), so none of the settings of other
/// action types.
const LIST_ACTIONS: &[Field] =
    &[LIST_ACTION_ALL[0], LIST_ACTION_ALL[1], LIST_ACTION_ALL[2], LIST_ACTION_ALL[3], LIST_ACTION_ALL[13], LIST_ACTION_ALL[14]];

const TOOLBAR_BUTTON: &[Field] = &[
    field("title", "Title", Text, Actions),
    field("button_color", "Button colour", Colour, Actions).text(BUTTON_COLOUR),
    field("text_color", "Text colour", Colour, Actions),
    field("open_page", "Page to open", Page, Actions).required(),
];

const ITEM_BUTTON: &[Field] = &[
    field("title", "Title", Text, Actions),
    field("button_color", "Button colour", Colour, Actions).text(BUTTON_COLOUR),
    field("text_color", "Text colour", Colour, Actions),
    field("open_detail_page", "Detail page to open", Page, Actions),
];

const FILTERING: Rule = Rule::NotEquals { field: "filter_by", value: "None" };

const CONDITIONAL_FILTER: &[Field] = &[
    field("filter_by", "Filter by", Select, Data).options(&["None", "Current record", "Logged in user"]).text("None"),
    field("select_column", "Column", Column, Data).visible(FILTERING),
    field("condition", "Condition", Select, Data).options(&["Is"]).text("Is").visible(FILTERING),
    field("match_with_column", "Match with column", Column, Data).visible(Rule::Equals { field: "filter_by", value: "Current record" }),
];

const ADDS_ROWS: Rule = Rule::NotEquals { field: "add_new_row", value: "None" };

/// Table and list share these block settings (blocks §3.5 "same block settings as table").
const TABLE_SETTINGS: &[Field] = &[
    field("paginate", "Paginate", Bool, Display).on(true),
    field("rows_per_page", "Rows per page", Integer, Display)
        .int(DEFAULT_ROWS_PER_PAGE as i32)
        .at_least(1)
        .visible(Rule::IsOn { field: "paginate" }),
    field("csv_download", "CSV download", Bool, Actions).on(false),
    field("pdf_download", "PDF download", Bool, Actions).on(true),
    field("show_details_on_click", "Show details on click", Bool, Display),
    field("add_new_row", "Add new row", Select, Audience).options(AUDIENCE).text("None"),
    field("add_row_button_title", "Add row button title", Text, Actions).visible(ADDS_ROWS),
    field("add_row_button_color", "Add row button colour", Colour, Actions).text(BUTTON_COLOUR).visible(ADDS_ROWS),
    field("add_row_text_color", "Add row text colour", Colour, Actions).visible(ADDS_ROWS),
    field("action_button_visibility", "Action buttons visible to", Select, Audience).options(AUDIENCE).text("Everyone"),
    field("submit_button_title", "Submit button title", Text, Actions),
    field("toolbar_buttons", "Toolbar buttons", List, Actions).items(TOOLBAR_BUTTON),
    field("item_buttons", "Item buttons", List, Actions).items(ITEM_BUTTON),
    field("conditional_filter", "Conditional filter", Object, Data).items(CONDITIONAL_FILTER),
];

const TABLE: &[Field] = &[
    field("axis", "Columns", List, Columns).items(TABLE_AXIS),
    field("actions", "Row actions", List, Actions).items(TABLE_ACTIONS),
    field("freeze_actions_column", "Freeze actions column", Bool, Display),
    field("column_width", "Column width", Integer, Display).int(200).at_least(0).help("Pixels."),
    field("fit_columns", "Fit columns to the block", Bool, Display)
        .help("Columns as wide as their content, within the block; cards on narrow screens. Off: every column takes the column width."),
];
/// How a list draws its rows (issue 47, key chosen here): app-like compact rows (title, subtitle,
/// image or chevron) for new lists; a list saved before the setting keeps its cards.
pub const LIST_STYLES: &[&str] = &["Compact rows", "Cards"];
const CARDS: Rule = Rule::Equals { field: "list_style", value: "Cards" };

// A list's rows are compact rows or cards: no actions column to freeze, and widths size its
// images only.
const LIST: &[Field] = &[
    field("axis", "Columns", List, Columns).items(LIST_AXIS),
    field("actions", "Row actions", List, Actions).items(LIST_ACTIONS),
    field("list_style", "List style", Select, Display)
        .options(LIST_STYLES)
        .text("Compact rows")
        .absent("Cards")
        .help("Compact rows: the first shown column as the title, the second under it, the image column beside them."),
    field("column_width", "Image width", Integer, Display)
        .int(200)
        .at_least(0)
        .visible(CARDS)
        .help("Pixels: the width of the cards' images."),
];

// ---- blocks §3.7: calendar ----

const SELECTED_MONTH: Rule = Rule::Equals { field: "default_calendar_month", value: "Selected month" };

const CALENDAR: &[Field] = &[
    field("default_calendar_view", "Default view", Select, Display).options(&["Month", "Week", "Day"]),
    field("default_calendar_month", "Month shown", Select, Display).options(&["Current month", "Selected month"]),
    field("calender_year", "Year", Text, Display).visible(SELECTED_MONTH),
    field("calender_month", "Month", Select, Display)
        .options(&["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"])
        .visible(SELECTED_MONTH),
    field("start_time_column", "Start time column", Column, Data).help("Timestamps as YYYY-MM-DDTHH:MM."),
    field("end_time_column", "End time column", Column, Data).help("Timestamps as YYYY-MM-DDTHH:MM."),
    field("event_title_column", "Event title column", Column, Data),
    field("axis", "Columns", List, Columns).items(CALENDAR_AXIS),
];

/// A calendar's columns are its events' details: shown, hidden, typed, markdown, coloured,
/// sized and cut as a table's cells are; nothing that edits a row (a calendar edits none).
const CALENDAR_AXIS: &[Field] = &[
    TABLE_AXIS[0],
    TABLE_AXIS[1],
    TABLE_AXIS[2],
    TABLE_AXIS[4],
    TABLE_AXIS[5],
    TABLE_AXIS[6],
    TABLE_AXIS[10],
    VALUE_FORMAT,
    VALUE_DECIMALS,
    VALUE_CURRENCY,
    VALUE_DATE_PATTERN,
];

// ---- blocks §3.8: form ----

const NOT_FILE: Rule = Rule::NotEquals { field: "type", value: "file" };

const FORM_FIELD: &[Field] = &[
    field("column", "Column", Column, Columns),
    field("label", "Label", Text, Columns),
    field("description", "Description", Text, Columns),
    field("type", "Type", Select, Columns).options(FORM_TYPES).text("text"),
    TABLE_AXIS[7],
    TABLE_AXIS[8],
    TABLE_AXIS[9],
    field("file_mime_type", "Accepted files", Select, Columns)
        .options(FILE_MIME_TYPES)
        .text("image/*")
        .visible(Rule::Equals { field: "type", value: "file" }),
    // Issue 48: a hidden field is filled by its default, not by the submitter, so it cannot be required.
    field("required", "Required", Bool, Columns)
        .visible(Rule::IsOff { field: "hide" })
        .help("An answer with this field left empty is refused."),
    field("hide", "Hidden", Bool, Columns),
    field("regex_validation", "Pattern", Text, Columns).visible(NOT_FILE).help("Empty means no validation."),
    field("placeholder", "Placeholder", Text, Columns).text("Type here..").visible(NOT_FILE),
    field("default", "Default value", Text, Columns).visible(NOT_FILE).help("[(today)] and [(user_email)] are replaced."),
];

const FORM: &[Field] = &[
    field("titleForm", "Form title", Text, Display),
    field("title_alignment", "Title alignment", Select, Display).options(&["left", "center", "right"]),
    field("title_font_size", "Title font size", Integer, Display).int(24).at_least(1),
    field("title_bold", "Bold title", Bool, Display),
    field("labels_color", "Label colour", Colour, Display),
    field("input_color", "Input colour", Colour, Display),
    field("submit_text", "Submit button text", Text, Actions).text("Submit"),
    field("submit_button_text_color", "Submit text colour", Colour, Actions),
    field("submit_button_color", "Submit button colour", Colour, Actions).text(BUTTON_COLOUR),
    field("submit_success", "Success message", Text, Actions).text("Data added to the spreadsheet"),
    field("axis", "Fields", List, Columns).items(FORM_FIELD),
];

// ---- blocks §3.9-§3.10: scorecard, map ----

/// Card functions that count rows: a count is never money, so it has no symbol.
const COUNTS: &[&str] = &["count", "count distinct"];

const SCORECARD_AXIS: &[Field] = &[
    field("source", "Column", Source, Columns),
    field("label", "Label", Text, Columns),
    field("background_color", "Background colour", Colour, Display),
    field("font_color", "Font colour", Colour, Display),
    field("function", "Function", Select, Columns)
        .options(&["sum", "average", "first row", "last row", "count", "count distinct", "min", "max"])
        .text("sum")
        .help("Count counts the rows shown; count distinct the different values of the column."),
    field("symbol", "Symbol", Text, Display)
        .text("$")
        .may_be_empty()
        .visible(Rule::NoneOf { field: "function", values: COUNTS })
        .help("Empty: no symbol."),
];

const SCORECARD: &[Field] = &[field("axis", "Cards", List, Columns).items(SCORECARD_AXIS)];

/// Key chosen here: the spec names the four columns, not their keys.
const MAP: &[Field] = &[
    field("title_column", "Title column", Column, Columns).required(),
    field("description_column", "Description column", Column, Columns).required(),
    field("address_column", "Address column", Column, Columns).required(),
    field("image_column", "Image column", Column, Columns).required(),
];

// ---- blocks §3.11: imageGallery ----

const GALLERY_LAYOUT: &str = "layout";
const CAROUSEL: Rule = Rule::Equals { field: GALLERY_LAYOUT, value: "carousel" };
const FULLSCREEN: Rule = Rule::Equals { field: GALLERY_LAYOUT, value: "FullScreenView" };
const BORDERED: Rule = Rule::IsOn { field: "border" };
const SHOW_ICON: Rule = Rule::IsOn { field: "show_icon" };

/// A slide every few milliseconds cannot be read: auto-scroll intervals start here.
const MIN_SLIDE_MS: i32 = 500;
const SLIDE_HELP: &str = "Milliseconds between slides, at least 500.";

const IMAGE_GALLERY: &[Field] = &[
    // Keys chosen here: the spec names no keys for the gallery's columns.
    field("image_column", "Image column", Column, Columns),
    field("caption_column", "Caption column", Column, Columns),
    field("description_column", "Description column", Column, Columns),
    field(GALLERY_LAYOUT, "Layout", Select, Display).options(&["grid", "masonry", "carousel", "FullScreenView"]).text("masonry"),
    field("columns", "Columns", Select, Display)
        .options(&["2", "3", "4", "5", "auto"])
        .text("3")
        .visible(Rule::Equals { field: GALLERY_LAYOUT, value: "masonry" }),
    field("grid_columns", "Grid columns", Integer, Display)
        .range(2, 5)
        .int(3)
        .visible(Rule::Equals { field: GALLERY_LAYOUT, value: "grid" }),
    // More padding than this leaves no room for the images.
    field("gallery_padding", "Padding", Integer, Display).int(24).range(0, 100).help("Pixels, 0 to 100."),
    field("carousel_auto_scroll", "Carousel auto-scroll", Bool, Display).visible(CAROUSEL),
    field("carousel_interval", "Carousel interval", Integer, Display)
        .int(3000)
        .at_least(MIN_SLIDE_MS)
        .visible(Rule::All { rules: &[CAROUSEL, Rule::IsOn { field: "carousel_auto_scroll" }] })
        .help(SLIDE_HELP),
    field("fullscreen_auto_scroll", "Full-screen auto-scroll", Bool, Display).visible(FULLSCREEN),
    field("fullscreen_interval", "Full-screen interval", Integer, Display)
        .int(3000)
        .at_least(MIN_SLIDE_MS)
        .visible(Rule::All { rules: &[FULLSCREEN, Rule::IsOn { field: "fullscreen_auto_scroll" }] })
        .help(SLIDE_HELP),
    field("lightbox_enabled", "Lightbox", Bool, Display),
    field("popup", "Popup", Bool, Display),
    field("cursor_effect", "Cursor effect", Select, Display)
        .options(&["none", "scale", "zoom", "rotate", "brightness", "shadow"])
        .text("none"),
    field("animation", "Animation", Select, Display).options(&["none", "fade", "slide", "zoom", "flip", "rotate"]).text("none"),
    // Border settings (keys chosen here); range sliders 0-5.
    field("border", "Border", Bool, Display),
    field("border_color", "Border colour", Colour, Display).text("#e5e7eb").visible(BORDERED),
    // A border switched on with no width would draw nothing; one pixel is what the user expects.
    field("border_width", "Border width", Integer, Display).range(0, 5).int(1).visible(BORDERED),
    field("border_radius", "Corner radius", Integer, Display).range(0, 5).int(0),
    field("shadow", "Shadow", Integer, Display).range(0, 5).int(0),
    field("margin_top", "Top margin", Integer, Display).range(0, 100).int(0),
    field("margin_right", "Right margin", Integer, Display).range(0, 100).int(0),
    field("margin_bottom", "Bottom margin", Integer, Display).range(0, 100).int(0),
    field("margin_left", "Left margin", Integer, Display).range(0, 100).int(0),
    field("Transparent", "Transparency", Number, Display)
        .range(0, 1)
        .number(0.3)
        .help("How much of the image shows through the caption box over it: 0 solid, 1 clear. The image itself stays opaque."),
    field("show_icon", "Icon", Bool, Display),
    field("icon", "Icon shape", Select, Display)
        .options(&["info", "check", "star", "heart", "image", "tag", "bookmark"])
        .text("info")
        .visible(SHOW_ICON),
    field("icon_color", "Icon colour", Colour, Display).visible(SHOW_ICON),
    field("caption_color", "Caption colour", Colour, Display),
    field("caption_background_color", "Caption background", Colour, Display),
    field("description_color", "Description colour", Colour, Display),
    field("thumbnail_background_color", "Thumbnail background", Colour, Display),
];

// ---- blocks §3.12-§3.15: grid, markdown, iframe, datalist ----

const IMAGE_COLUMN: Rule = Rule::Equals { field: "type", value: "image" };
const BUTTON_COLUMN: Rule = Rule::Equals { field: "type", value: "button" };

const GRID_AXIS: &[Field] = &[
    field("column", "Column", Column, Columns),
    field("type", "Type", Select, Columns).options(&["image", "text", "button"]).text("text"),
    field("hide_on_grid", "Hide on grid", Bool, Columns).help("Still shown in the details popup."),
    field("image_width", "Image width", Integer, Display).at_least(0).visible(IMAGE_COLUMN),
    field("image_height", "Image height", Integer, Display).at_least(0).visible(IMAGE_COLUMN),
    field("round_image", "Round image", Bool, Display).visible(IMAGE_COLUMN),
    field("alignment", "Alignment", Select, Display).options(&["left", "center", "right"]).text("left"),
    field("button_text", "Button text", Text, Actions).text("View").visible(BUTTON_COLUMN),
    field("round_button", "Round button", Bool, Display).visible(BUTTON_COLUMN),
    VALUE_FORMAT,
    VALUE_DECIMALS,
    VALUE_CURRENCY,
    VALUE_DATE_PATTERN,
];

const GRID: &[Field] =
    &[field("columns", "Columns", Integer, Display).range(1, 4).int(4), field("axis", "Columns", List, Columns).items(GRID_AXIS)];

const LOOPS: Rule = Rule::IsOn { field: "loop" };

const MARKDOWN: &[Field] = &[
    field("text", "Markdown", LongText, Data).help("Column names in brackets are replaced by the row's values."),
    field("loop", "One block per row", Bool, Data),
    // One card per row across the block unless the owner asks for more.
    field("columns", "Columns", Integer, Display).range(1, 4).int(1).visible(LOOPS),
    field("gap", "Gap", Select, Display).options(&["0", "3", "6", "10"]).int(3).visible(LOOPS),
];

pub(crate) const IFRAME_CODE: &str = "iframe_code";
const IFRAME: &[Field] = &[
    field(IFRAME_CODE, "Iframe code", LongText, Data).help("Paste the <iframe> code."),
    // Off, the frame is a unique origin with no cookies or storage; many embeds (forms, maps,
    // videos) need theirs. Never granted to a page on the board's own origin, where scripts with
    // their own origin could lift the sandbox.
    field("iframe_own_origin", "Let the page use its own cookies and storage", Bool, Data).help(
        "Switch on for an embedded form, map or video that needs its sign-in, cookies or storage. Only for pages you trust: \
         the page can then keep data in your visitors' browsers. Never applied to a page on this site's own address.",
    ),
];

const TIMELINE: Rule = Rule::Equals { field: "list_type", value: "timeline" };

const DATALIST_AXIS: &[Field] = &[
    field("column", "Column", Column, Columns),
    field("label", "Label", Text, Columns),
    field("type", "Type", Select, Columns).options(&["image", "text", "button"]).text("text"),
    field("button_text", "Button text", Text, Actions).visible(BUTTON_COLUMN),
    VALUE_FORMAT,
    VALUE_DECIMALS,
    VALUE_CURRENCY,
    VALUE_DATE_PATTERN,
];

const DATALIST: &[Field] = &[
    field("list_type", "List type", Select, Display).options(&["vertical", "horizontal", "timeline"]).text("vertical"),
    field("timeline_layout", "Timeline layout", Select, Display)
        .options(&["vertical", "horizontal", "zigzag"])
        .text("vertical")
        .visible(TIMELINE),
    field("sorting", "Sorting", Select, Data).options(&["None", "Ascending", "Descending"]),
    field("sort_column", "Sort by", Column, Data)
        .visible(Rule::OneOf { field: "sorting", values: &["Ascending", "Descending"] })
        .help("Unset: the list's first text field."),
    // Timeline styling (keys chosen here).
    field("timeline_color", "Timeline colour", Colour, Display).visible(TIMELINE),
    field("timeline_dot_color", "Timeline dot colour", Colour, Display).visible(TIMELINE),
    field("axis", "Columns", List, Columns).items(DATALIST_AXIS),
];

// ---- blocks §3.16: event ----

const SOCIAL_ICON: &[Field] = &[
    field("iconType", "Icon type", Select, Display).options(ICON_TYPES).clears(&["icon"]),
    field("icon", "Icon", Text, Display),
    field("url", "Link", Url, Display),
];

const EVENT: &[Field] = &[
    field("event_title", "Event title", Text, Data),
    field("description", "Description", LongText, Data),
    field("Event_Type", "Event type", Select, Data).options(&["Multi day", "Single day"]),
    field("start_date", "Start date", Date, Data),
    field("start_time", "Start time", Time, Data),
    field("end_date", "End date", Date, Data).visible(Rule::Equals { field: "Event_Type", value: "Multi day" }),
    field("end_time", "End time", Time, Data),
    field("registration_deadline", "Registration deadline", Date, Data),
    field("Countdown", "Countdown", Bool, Display),
    field("Location", "Location", Select, Data).options(&["Physical", "Webinar"]),
    field("address", "Address", Text, Data).visible(Rule::Equals { field: "Location", value: "Physical" }),
    field("link", "Webinar link", Url, Data).visible(Rule::Equals { field: "Location", value: "Webinar" }),
    field("layout_type", "Layout", Select, Display).options(&["overlay", "stacked", "left-image", "right-image"]).text("stacked"),
    field("date_format", "Date format", Select, Display)
        .options(tessera_core::display::DATE_PATTERNS)
        // Read the same on either side of the Atlantic.
        .text("DD MMM YYYY"),
    field("image", "Image", Image, Display),
    field("registration_button", "Registration button", Bool, Actions),
    field("registration_button_text", "Registration button text", Text, Actions)
        .text("Register")
        .visible(Rule::IsOn { field: "registration_button" }),
    field("registration_link", "Registration link", Url, Actions).visible(Rule::IsOn { field: "registration_button" }),
    field("registration_button_color", "Registration button colour", Colour, Actions)
        .text(BUTTON_COLOUR)
        .visible(Rule::IsOn { field: "registration_button" }),
    field("contact_email", "Contact e-mail", Email, Data),
    field("socialIcons", "Social icons", List, Display).items(SOCIAL_ICON),
    field("accent_color", "Accent colour", Colour, Display),
    // The card's own style (blocks §3.16 "many style fields"), in every layout; unset, the
    // card follows the block's colours and the accent.
    field("event_title_color", "Event title colour", Colour, Display),
    field("event_title_size", "Event title size", Select, Display).options(&["small", "medium", "large"]).text("medium"),
    field("event_text_color", "Text colour", Colour, Display),
    field("event_date_color", "Date colour", Colour, Display).help("The dates and times in the details."),
    field("event_background_color", "Card background", Colour, Display),
];

// ---- blocks §3.17-§3.18: ImageGrid, imageAccordian, featureslayout, bannerHero ----

const FEATURE: &[Field] = &[
    field("iconType", "Icon type", Select, Display).options(ICON_TYPES).clears(&["icon"]),
    field("icon", "Icon", Text, Display)
        .help("An image address, a Font Awesome name or text, as the icon type says.")
        .visible(Rule::IsSet { field: "iconType" }),
    field("title", "Title", Text, Display),
    field("description", "Description", LongText, Display),
];

const FOUR_FEATURES: &[Field] = &[
    field("features", "Features", List, Display).items(FEATURE).max_items(4),
    field("learn_more_text", "Learn More text", Text, Actions),
    field("learn_more_link", "Learn More link", Url, Actions).visible(Rule::IsSet { field: "learn_more_text" }),
];

// A list reads at every width.
const FEATURE_LAYOUT: Field =
    field("FeatureLayout", "Feature layout", Select, Display).options(&["list", "grid", "paragraph"]).text("list");

/// featureslayout has no section of its own in the spec: features as for bannerHero (§3.18).
const FEATURES_LAYOUT: &[Field] = &[field("features", "Features", List, Display).items(FEATURE), FEATURE_LAYOUT];

const BANNER_HERO: &[Field] = &[
    field("background_image", "Background image", Image, Display),
    field("foreground_image", "Foreground image", Image, Display),
    // Where the foreground image sits; without one there is nothing to place.
    field("imagePosition", "Image position", Select, Display)
        .options(&["left", "right", "top", "bottom"])
        .text("left")
        .visible(Rule::IsSet { field: "foreground_image" }),
    field("subtitle", "Subtitle", Text, Display),
    field("features", "Features", List, Display).items(FEATURE),
    FEATURE_LAYOUT,
];

// ---- blocks §3.19: footer (limits of blocks §5 and platform §5) ----

const LINK: &[Field] = &[field("text", "Text", Text, Display), field("url", "Link", Url, Display)];

const CONTACT_ITEM: &[Field] = &[
    field("type", "Type", Select, Display).options(&["phone", "email", "address"]).text("phone").clears(&["value"]),
    // platform §9: a new contact item is a placeholder phone number with its icon shown.
    field("value", "Value", Text, Display).example("555 0100"),
    field("countryCode", "Country code", Text, Display).text("+00").visible(Rule::Equals { field: "type", value: "phone" }),
    field("showIcon", "Show icon", Bool, Display).example("true"),
    field("iconColor", "Icon colour", Colour, Display).text("#0052FF").visible(Rule::IsOn { field: "showIcon" }),
];

const SOCIAL_ITEM: &[Field] = &[
    field("type", "Network", Select, Display).options(&["instagram", "facebook", "linkedin"]).text("facebook").first_unused(),
    field("link", "Link", HttpUrl, Display).required().example("https://www.{type}.com/"),
    field("showIcon", "Show icon", Bool, Display),
    field("iconColor", "Icon colour", Colour, Display).text("#0052FF").visible(Rule::IsOn { field: "showIcon" }),
];

const FOOTER: &[Field] = &[
    field("footerLayoutType", "Layout", Select, Display).options(&[
        "Contact Centric Footer",
        "Navigation Hub Footer",
        "Classic Footer Bar",
        "Brand Info Footer",
        "Mega Footer",
    ]),
    field("footerSublinks", "Sub-links", List, Display).items(LINK).max_items(4),
    field("contactItems", "Contact items", List, Display).items(CONTACT_ITEM).max_items(3),
    field("socialItems", "Social links", List, Display).items(SOCIAL_ITEM).max_items(3),
    field("simpleLinks", "Links", List, Display).items(LINK).max_items(10).item_limits(&[ItemLimit {
        when: Rule::OneOf { field: "footerLayoutType", values: &["Navigation Hub Footer", "Classic Footer Bar"] },
        max_items: 5,
    }]),
    field("logoImage", "Logo", Image, Display),
    field("copyrightText", "Copyright", Text, Display),
];

// ---- blocks §3.20-§3.21: header, itemDetails ----

const PAGE_LINK: Rule = Rule::Equals { field: "linkType", value: "page" };

const NAVIGATION_ITEM: &[Field] = &[
    field("name", "Name", Text, Display),
    field("linkType", "Links to", Select, Display).options(&["page", "external"]),
    field("pageId", "Page", Page, Display).visible(PAGE_LINK).clears(&["url"]),
    field("pageSlug", "Page address", Text, Display).visible(PAGE_LINK).clears(&["url"]),
    field("url", "Link", Url, Display).visible(Rule::Equals { field: "linkType", value: "external" }).clears(&["pageSlug", "pageId"]),
    field("active", "Active", Bool, Display),
    field("openInNewTab", "Open in a new tab", Bool, Display),
];

const HEADER: &[Field] = &[
    field("LayoutType", "Layout", Select, Display).options(&["Right", "Center", "Left"]).text("Left"),
    field("UserMenu", "User menu", Bool, Display),
    field("Logo", "Logo", Image, Display),
    field("HeaderTitle", "Header title", Text, Display),
    field("navigationItems", "Navigation", List, Display).items(NAVIGATION_ITEM),
    field("userProfileImage", "Profile image", Image, Display).visible(Rule::IsOn { field: "UserMenu" }),
];

const DETAIL_COLUMN: &[Field] = &[
    field("column", "Column", Column, Columns),
    field("label", "Label", Text, Columns),
    VALUE_FORMAT,
    VALUE_DECIMALS,
    VALUE_CURRENCY,
    VALUE_DATE_PATTERN,
];

const DETAIL_ACTION: &[Field] = &[
    field("label", "Label", Text, Actions).text("Click Here"),
    field("type", "Opens", Select, Actions).options(&["External URL", "Page"]),
    field("url", "Link", Url, Actions).visible(Rule::Equals { field: "type", value: "External URL" }),
    field("page", "Page", Page, Actions).visible(Rule::Equals { field: "type", value: "Page" }),
    field("button_color", "Button colour", Colour, Actions).text(BUTTON_COLOUR),
];

const ITEM_DETAILS: &[Field] = &[
    field("Layout", "Layout", Select, Display).options(&["stacked", "column"]),
    field("photo_customize", "Customise photo", Bool, Display),
    field("axis", "Content columns", List, Columns).items(DETAIL_COLUMN),
    field("actions", "Actions", List, Actions).items(DETAIL_ACTION),
];

/// A type's picker entry and the parts its settings are made of, in editor order.
pub(crate) struct TypeDef {
    pub block_type: BlockType,
    pub name: &'static str,
    pub description: &'static str,
    pub icon: &'static str,
    pub group: PickerGroup,
    pub spec: &'static str,
    pub parts: &'static [&'static [Field]],
}

const fn def(
    block_type: BlockType,
    name: &'static str,
    description: &'static str,
    icon: &'static str,
    group: PickerGroup,
    spec: &'static str,
    parts: &'static [&'static [Field]],
) -> TypeDef {
    TypeDef { block_type, name, description, icon, group, spec, parts }
}

use BlockType as T;
use PickerGroup as P;

/// Every type in the picker's order (blocks §1).
pub(crate) const TYPES: [TypeDef; 20] = [
    def(
        T::Chart,
        "Chart",
        "Bar, line, pie and other charts of a sheet's columns.",
        "chart",
        P::Data,
        "§3.3",
        &[SHEET, CHART, DETAILS, SHARED, HALF],
    ),
    def(
        T::List,
        "List",
        "Rows as a list of cards with images and buttons.",
        "list",
        P::Data,
        "§3.5",
        &[SHEET, LIST, TABLE_SETTINGS, SHARED, FULL],
    ),
    def(
        T::ImageGallery,
        "Image Gallery",
        "A gallery of the images in a sheet column.",
        "images",
        P::Media,
        "§3.11",
        &[SHEET, IMAGE_GALLERY, SHARED, FULL],
    ),
    def(
        T::Table,
        "Table",
        "Rows in a table you can sort and search.",
        "table",
        P::Data,
        "§3.4",
        &[SHEET, TABLE, TABLE_SETTINGS, SHARED, FULL],
    ),
    def(T::Calendar, "Calendar", "Rows with dates placed on a calendar.", "calendar", P::Data, "§3.7", &[SHEET, CALENDAR, SHARED, FULL]),
    def(T::Form, "Form", "A form whose answers are added as rows.", "form", P::Input, "§3.8", &[SHEET, FORM, SHARED, HALF]),
    def(T::Event, "Event", "An event with its title, description and details.", "event", P::Content, "§3.16", &[EVENT, SHARED, HALF]),
    def(
        T::FeaturesLayout,
        "Features Layout",
        "Features with icons, titles and descriptions.",
        "features",
        P::Content,
        "§3.18",
        &[FEATURES_LAYOUT, SHARED, FULL],
    ),
    def(T::Datalist, "Data List", "Label and value pairs of each record.", "datalist", P::Data, "§3.15", &[SHEET, DATALIST, SHARED, FULL]),
    def(
        T::ImageGrid,
        "Image Grid",
        "Four features in a grid with a Learn More button.",
        "image-grid",
        P::Media,
        "§3.17",
        &[FOUR_FEATURES, SHARED, FULL],
    ),
    def(
        T::BannerHero,
        "Banner Hero",
        "A banner with images, a title, a subtitle and features.",
        "banner",
        P::Media,
        "§3.18",
        &[BANNER_HERO, SHARED, FULL],
    ),
    def(T::Footer, "Footer", "Links, contacts and social icons at the foot of the page.", "footer", P::Content, "§3.19", &[FOOTER, SHARED]),
    def(
        T::ImageAccordian,
        "Image Accordion",
        "Four features as image panels that open in turn.",
        "accordion",
        P::Media,
        "§3.17",
        &[FOUR_FEATURES, SHARED, FULL],
    ),
    def(T::Header, "Header", "A logo and navigation links.", "header", P::Content, "§3.20", &[HEADER, SHARED]),
    def(
        T::ItemDetails,
        "Item Details",
        "One record's fields, for a detail page.",
        "details",
        P::Data,
        "§3.21",
        &[SHEET, ITEM_DETAILS, SHARED, FULL],
    ),
    def(T::Grid, "Grid", "Rows as a grid of cards.", "grid", P::Data, "§3.12", &[SHEET, GRID, GRID_DETAILS, SHARED, FULL]),
    def(
        T::Markdown,
        "Markdown",
        "Formatted text, with column values in brackets.",
        "markdown",
        P::Content,
        "§3.13",
        &[SHEET, MARKDOWN, SHARED, FULL],
    ),
    def(T::Iframe, "Iframe", "Another web page, from pasted iframe code.", "iframe", P::Content, "§3.14", &[IFRAME, SHARED, FULL]),
    def(
        T::Scorecard,
        "Scorecard",
        "Sums, averages and counts of columns.",
        "scorecard",
        P::Data,
        "§3.9",
        &[SHEET, SCORECARD, SHARED, THIRD],
    ),
    def(T::Map, "Map", "Rows placed on a map by their address.", "map", P::Data, "§3.10", &[SHEET, MAP, SHARED, FULL]),
];

pub(crate) fn type_def(block_type: BlockType) -> &'static TypeDef {
    TYPES.iter().find(|d| d.block_type == block_type).expect("every block type has a catalogue entry")
}

/// The settings of `block_type`, in editor order.
pub fn fields(block_type: BlockType) -> impl Iterator<Item = &'static Field> {
    type_def(block_type).parts.iter().flat_map(|part| part.iter())
}

/// One setting of `block_type` by key.
pub fn field_of(block_type: BlockType, key: &str) -> Option<&'static Field> {
    fields(block_type).find(|f| f.key == key)
}

fn picker_entry(block_type: BlockType) -> PickerEntry {
    let d = type_def(block_type);
    PickerEntry { block_type, name: d.name, description: d.description, icon: d.icon, group: d.group }
}

/// The picker entry and settings of one type.
pub fn block_info(block_type: BlockType) -> BlockInfo {
    BlockInfo { entry: picker_entry(block_type), spec: type_def(block_type).spec, fields: fields(block_type).copied().collect() }
}

/// The picker list of 'Choose Your Block' without the settings, in the catalogue's order.
pub fn picker() -> Vec<PickerEntry> {
    BlockType::ALL.into_iter().map(picker_entry).collect()
}

/// The picker list plus each type's settings (serialisable; the web editor is built from it).
pub fn catalogue() -> Catalogue {
    Catalogue { blocks: BlockType::ALL.into_iter().map(block_info).collect() }
}
