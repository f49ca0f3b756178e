//! The vocabulary of the catalogue: a block type, a field descriptor (key, label, kind, group,
//! default, range, options, required flag, visibility rule, item limits), the visibility rules
//! and the picker entry. Everything is `'static` data built by `const fn`s, so the tables in
//! `catalogue.rs` read like the spec and cost nothing at start-up.
//!
//! The types serialise to the JSON that `catalogue()` answers (the WASM export, the server's
//! `GET /api/blocks/catalogue`) and derive their TypeScript declarations in tests
//! (`typescript.rs` writes them to `web/src/generated/`).

use serde::Serialize;

/// The block types of blocks.md §1, spelt as stored. [`BlockType::parse`] reads `score_card` as
/// `scorecard`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum BlockType {
    #[serde(rename = "chart")]
    Chart,
    #[serde(rename = "list")]
    List,
    #[serde(rename = "imageGallery")]
    ImageGallery,
    #[serde(rename = "table")]
    Table,
    #[serde(rename = "calendar")]
    Calendar,
    #[serde(rename = "form")]
    Form,
    #[serde(rename = "event")]
    Event,
    #[serde(rename = "featureslayout")]
    FeaturesLayout,
    #[serde(rename = "datalist")]
    Datalist,
    #[serde(rename = "ImageGrid")]
    ImageGrid,
    #[serde(rename = "bannerHero")]
    BannerHero,
    #[serde(rename = "footer")]
    Footer,
    #[serde(rename = "imageAccordian")]
    ImageAccordian,
    #[serde(rename = "header")]
    Header,
    #[serde(rename = "itemDetails")]
    ItemDetails,
    #[serde(rename = "grid")]
    Grid,
    #[serde(rename = "markdown")]
    Markdown,
    #[serde(rename = "iframe")]
    Iframe,
    #[serde(rename = "scorecard")]
    Scorecard,
    #[serde(rename = "map")]
    Map,
}

impl BlockType {
    /// Every type, in the order of blocks.md §1 (the picker's order).
    pub const ALL: [BlockType; 20] = [
        Self::Chart,
        Self::List,
        Self::ImageGallery,
        Self::Table,
        Self::Calendar,
        Self::Form,
        Self::Event,
        Self::FeaturesLayout,
        Self::Datalist,
        Self::ImageGrid,
        Self::BannerHero,
        Self::Footer,
        Self::ImageAccordian,
        Self::Header,
        Self::ItemDetails,
        Self::Grid,
        Self::Markdown,
        Self::Iframe,
        Self::Scorecard,
        Self::Map,
    ];

    /// The stored spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Chart => "chart",
            Self::List => "list",
            Self::ImageGallery => "imageGallery",
            Self::Table => "table",
            Self::Calendar => "calendar",
            Self::Form => "form",
            Self::Event => "event",
            Self::FeaturesLayout => "featureslayout",
            Self::Datalist => "datalist",
            Self::ImageGrid => "ImageGrid",
            Self::BannerHero => "bannerHero",
            Self::Footer => "footer",
            Self::ImageAccordian => "imageAccordian",
            Self::Header => "header",
            Self::ItemDetails => "itemDetails",
            Self::Grid => "grid",
            Self::Markdown => "markdown",
            Self::Iframe => "iframe",
            Self::Scorecard => "scorecard",
            Self::Map => "map",
        }
    }

    /// The type a stored spelling names; `score_card` is `scorecard` (blocks §1). Spelling is
    /// exact: `Chart` is not `chart`.
    pub fn parse(text: &str) -> Option<BlockType> {
        let text = if text == "score_card" { "scorecard" } else { text };
        Self::ALL.into_iter().find(|t| t.as_str() == text)
    }
}

impl std::fmt::Display for BlockType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a setting holds, which decides its JSON type and its editor control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// One line of text.
    Text,
    /// Several lines: markdown, descriptions, pasted iframe code, PDF templates.
    LongText,
    /// Any JSON number.
    Number,
    /// A whole JSON number.
    Integer,
    /// `true` or `false`.
    Bool,
    /// One of `options`, as text; a number is read as its text (`3` is the option `"3"`).
    Select,
    /// A colour as text (`#4f46E5`, `rgb(...)`, a CSS name).
    Colour,
    /// A list of colours.
    Colours,
    /// The name of a column of the block's sheet.
    Column,
    /// The name of a sheet tab.
    Sheet,
    /// `{sheet, column}`: a column of any tab.
    Source,
    /// An app page (its id or slug).
    Page,
    /// A link, not checked.
    Url,
    /// A link that must start with `http://` or `https://`.
    HttpUrl,
    /// An image: a link or an uploaded file's address.
    Image,
    /// An e-mail address (platform §5's simple pattern).
    Email,
    /// A date as text.
    Date,
    /// A time of day as text.
    Time,
    /// A JSON object of text values (an API call's field mapping).
    KeyValues,
    /// A list of objects described by `fields` (free-form items when `fields` is empty).
    List,
    /// One object described by `fields`.
    Object,
}

/// Where a setting sits in the settings editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Group {
    /// The sheet and what rows to read.
    Data,
    /// Column bindings: axes, series, fields, columns.
    Columns,
    /// How the block looks.
    Display,
    /// Buttons and row actions.
    Actions,
    /// Who may add, edit or act (blocks §3.2).
    Audience,
}

/// Where a type sits in the 'Choose Your Block' picker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PickerGroup {
    /// Blocks that show sheet rows: charts, tables, lists, cards, maps.
    Data,
    /// Blocks that take input: forms.
    Input,
    /// Image blocks.
    Media,
    /// Page furniture and static content: header, footer, text, events.
    Content,
}

/// A setting's default: what the block means when the setting is absent.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(untagged)]
pub enum DefaultValue {
    Bool(bool),
    Integer(i32),
    /// A fraction (a gallery's caption transparency); whole-number settings default as `Integer`.
    Number(f64),
    Text(&'static str),
}

impl DefaultValue {
    pub fn to_json(self) -> serde_json::Value {
        match self {
            Self::Bool(b) => b.into(),
            Self::Integer(n) => n.into(),
            Self::Number(n) => n.into(),
            Self::Text(t) => t.into(),
        }
    }
}

/// When a setting is shown, judged on the object that holds it (the block for block settings,
/// the item for a list item's settings), with absent settings read as their defaults. A hidden
/// setting is kept as it is but never required.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Rule {
    Always,
    /// The flag `field` is on.
    IsOn {
        field: &'static str,
    },
    /// `field` is `value` (compared as text).
    Equals {
        field: &'static str,
        value: &'static str,
    },
    /// `field` holds something: text that is not blank, or any other value.
    IsSet {
        field: &'static str,
    },
    /// The flag `field` is off (absent flags are off unless their default is on).
    IsOff {
        field: &'static str,
    },
    /// `field` is not `value` (an absent field without a default is not `value`).
    NotEquals {
        field: &'static str,
        value: &'static str,
    },
    /// `field` is one of `values`.
    OneOf {
        field: &'static str,
        values: &'static [&'static str],
    },
    /// `field` is absent or none of `values`.
    NoneOf {
        field: &'static str,
        values: &'static [&'static str],
    },
    /// Every rule holds.
    All {
        rules: &'static [Rule],
    },
}

/// A lower item limit for a list while a sibling setting has one of some values (footer §5:
/// simple links at most 5 for two layouts).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ItemLimit {
    pub when: Rule,
    pub max_items: u32,
}

/// One setting of a block type, or of a list item.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Field {
    /// The JSON key, spelt as the spec spells it.
    pub key: &'static str,
    /// The editor's label.
    pub label: &'static str,
    pub kind: Kind,
    pub group: Group,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub default: Option<DefaultValue>,
    /// What a stored block without this setting means when that is not `default` (what a new
    /// block starts with): a block saved before the setting existed keeps the look it had
    /// ([`crate::normalise`] reads it; the browser gets blocks normalised, so it needs no copy).
    #[serde(skip)]
    #[cfg_attr(test, ts(skip))]
    pub absent: Option<DefaultValue>,
    /// Inclusive bounds of a number.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub min: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub max: Option<i32>,
    /// The choices of a select.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    pub options: &'static [&'static str],
    /// Required to save (a draft may leave it empty; see the crate doc).
    pub required: bool,
    pub visible: Rule,
    /// At most this many items in a list.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub max_items: Option<u32>,
    /// Lower limits that apply while their rule holds (the first that holds wins).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(test, ts(as = "Option<Vec<ItemLimit>>", optional))]
    pub item_limits: &'static [ItemLimit],
    /// The settings of a list's items or of an object.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(test, ts(as = "Option<Vec<Field>>", optional))]
    pub fields: &'static [Field],
    /// A hint for the editor (units, tokens, upload limits).
    #[serde(skip_serializing_if = "str::is_empty")]
    #[cfg_attr(test, ts(as = "Option<String>", optional))]
    pub help: &'static str,
    /// Sibling settings that setting this one to another non-empty value clears (platform §4:
    /// a contact item's new type clears its value; a page link clears the external link).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    pub clears: &'static [&'static str],
    /// A select whose new list items take the first option no other item uses (platform §4:
    /// new social items take the first unused network).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub first_unused: bool,
    /// The value a new list item starts with, `{key}` standing for the item's other settings
    /// (`https://www.{type}.com/`); `true` or `false` for a switch.
    #[serde(skip_serializing_if = "str::is_empty")]
    #[cfg_attr(test, ts(as = "Option<String>", optional))]
    pub example: &'static str,
    /// A text whose emptied input is kept as empty, meaning "none", rather than read as unset
    /// (which falls back to the default): a scorecard's symbol `$` can be removed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub may_be_empty: bool,
}

/// A field of `kind` with nothing else set; the methods below add the rest.
pub const fn field(key: &'static str, label: &'static str, kind: Kind, group: Group) -> Field {
    Field {
        key,
        label,
        kind,
        group,
        default: None,
        absent: None,
        min: None,
        max: None,
        options: &[],
        required: false,
        visible: Rule::Always,
        max_items: None,
        item_limits: &[],
        fields: &[],
        help: "",
        clears: &[],
        first_unused: false,
        example: "",
        may_be_empty: false,
    }
}

impl Field {
    pub const fn on(self, default: bool) -> Self {
        Field { default: Some(DefaultValue::Bool(default)), ..self }
    }
    pub const fn int(self, default: i32) -> Self {
        Field { default: Some(DefaultValue::Integer(default)), ..self }
    }
    pub const fn number(self, default: f64) -> Self {
        Field { default: Some(DefaultValue::Number(default)), ..self }
    }
    pub const fn text(self, default: &'static str) -> Self {
        Field { default: Some(DefaultValue::Text(default)), ..self }
    }
    /// A stored block without this setting reads `absent`, while a new one starts with the default.
    pub const fn absent(self, absent: &'static str) -> Self {
        Field { absent: Some(DefaultValue::Text(absent)), ..self }
    }
    pub const fn range(self, min: i32, max: i32) -> Self {
        Field { min: Some(min), max: Some(max), ..self }
    }
    pub const fn at_least(self, min: i32) -> Self {
        Field { min: Some(min), ..self }
    }
    pub const fn options(self, options: &'static [&'static str]) -> Self {
        Field { options, ..self }
    }
    pub const fn required(self) -> Self {
        Field { required: true, ..self }
    }
    pub const fn visible(self, rule: Rule) -> Self {
        Field { visible: rule, ..self }
    }
    pub const fn items(self, fields: &'static [Field]) -> Self {
        Field { fields, ..self }
    }
    pub const fn max_items(self, max: u32) -> Self {
        Field { max_items: Some(max), ..self }
    }
    pub const fn item_limits(self, limits: &'static [ItemLimit]) -> Self {
        Field { item_limits: limits, ..self }
    }
    pub const fn help(self, help: &'static str) -> Self {
        Field { help, ..self }
    }
    pub const fn clears(self, clears: &'static [&'static str]) -> Self {
        Field { clears, ..self }
    }
    pub const fn may_be_empty(self) -> Self {
        Field { may_be_empty: true, ..self }
    }
    pub const fn first_unused(self) -> Self {
        Field { first_unused: true, ..self }
    }
    pub const fn example(self, example: &'static str) -> Self {
        Field { example, ..self }
    }
}

/// One entry of 'Choose Your Block': what `picker()` answers per type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PickerEntry {
    #[serde(rename = "type")]
    pub block_type: BlockType,
    pub name: &'static str,
    pub description: &'static str,
    /// An icon name for the picker (the web app maps names to its icons).
    pub icon: &'static str,
    pub group: PickerGroup,
}

/// One entry of the picker plus the type's settings: what `catalogue()` answers per type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BlockInfo {
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub entry: PickerEntry,
    /// The section of blocks.md the settings come from.
    pub spec: &'static str,
    pub fields: Vec<Field>,
}

/// The whole catalogue, in the picker's order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Catalogue {
    pub blocks: Vec<BlockInfo>,
}
