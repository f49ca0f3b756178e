//! Boards as stored and as answered: the board state of platform §3.
//!
//! `name`, `slug`, `public` and `spreadsheet_id` are columns; every other setting lives in
//! `boards.settings` as JSON holding only what an owner set. [`Settings`] fills in the spec's
//! defaults when it reads that JSON, so a default changed here reaches every board.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::accounts::auth::caller::PAID_PLAN;
use crate::accounts::auth::Caller;
use crate::accounts::roles::{workspace_role, Role};
use crate::boards::blocks::{self, Parent};
use crate::boards::theme;
use crate::infra::config::Config;
use crate::infra::db::{Db, Flag};
use crate::infra::error::{Error, ResultExt};
use crate::infra::text::is_colour;

/// `footer` and `event` of the board state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = BoardFooter)]
pub struct Footer {
    #[schema(required = true)]
    pub logo: String,
    #[serde(rename = "socialMediaIcons")]
    #[schema(required = true)]
    pub social_media_icons: Vec<Value>,
    #[serde(rename = "copyrightText")]
    #[schema(required = true)]
    pub copyright_text: String,
}

/// The board-state settings kept in `boards.settings`, with the defaults of platform §3.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
#[schema(as = BoardSettings)]
pub struct Settings {
    #[schema(required = true)]
    pub hide_filters: bool,
    #[schema(required = true)]
    pub hide_hero: bool,
    #[schema(required = true)]
    pub hide_search: bool,
    #[schema(required = true)]
    pub search: String,
    #[schema(required = true, value_type = Vec<Object>)]
    pub filters: Vec<Value>,
    #[schema(required = true)]
    pub title: String,
    #[schema(required = true)]
    pub hero: String,
    #[schema(required = true)]
    pub logo: String,
    #[schema(required = true)]
    pub hero_image: String,
    /// The editor mode (platform §4).
    #[schema(required = true)]
    pub page: String,
    /// Colours (#RGB, #RRGGBB or #RRGGBBAA).
    #[schema(required = true, value_type = Vec<String>)]
    pub palette: Vec<Value>,
    #[schema(required = true)]
    pub nav_background: String,
    #[schema(required = true)]
    pub hero_background: String,
    #[schema(required = true)]
    pub sign_in_method: String,
    #[schema(required = true)]
    pub active_section_text_color: String,
    #[schema(required = true)]
    pub inactive_section_text_color: String,
    #[schema(required = true)]
    pub active_section_background_color: String,
    #[schema(required = true)]
    pub board_background: String,
    #[schema(required = true)]
    pub block_border: String,
    #[schema(required = true)]
    pub block_shadow: String,
    /// Comma-separated section names.
    #[schema(required = true)]
    pub sections: String,
    #[schema(required = true)]
    pub current_section: String,
    #[schema(required = true)]
    pub footer: Footer,
    #[schema(required = true)]
    pub event: Footer,
    /// The sites allowed to frame the board's `/embed` page (`scheme://host[:port]`); empty: any.
    #[schema(required = true)]
    pub embed_origins: Vec<String>,
    /// The board's accent (`boards::theme`): buttons, filter chips, links and the charts' first
    /// series take it unless a block sets its own colour. `#RGB` or `#RRGGBB`.
    #[schema(required = true)]
    pub accent_color: String,
    /// The board's look: `light` or `dark`.
    #[schema(required = true)]
    pub look: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            hide_filters: true,
            hide_hero: false,
            hide_search: false,
            search: String::new(),
            filters: Vec::new(),
            title: String::new(),
            hero: String::new(),
            logo: String::new(),
            hero_image: String::new(),
            page: "view".to_owned(),
            palette: Vec::new(),
            nav_background: "#161819".to_owned(),
            hero_background: "#161819".to_owned(),
            sign_in_method: String::new(),
            active_section_text_color: "#FFFFFF".to_owned(),
            inactive_section_text_color: "#161819".to_owned(),
            active_section_background_color: "#161819".to_owned(),
            board_background: "#FAFAFA".to_owned(),
            block_border: "#e7ebf3".to_owned(),
            block_shadow: "#ebeff3".to_owned(),
            sections: String::new(),
            current_section: String::new(),
            footer: Footer::default(),
            event: Footer::default(),
            embed_origins: Vec::new(),
            accent_color: theme::DEFAULT_ACCENT.to_owned(),
            look: theme::LIGHT.to_owned(),
        }
    }
}

/// The colour settings: each must be `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
const COLOUR_FIELDS: [&str; 8] = [
    "nav_background",
    "hero_background",
    "active_section_text_color",
    "inactive_section_text_color",
    "active_section_background_color",
    "board_background",
    "block_border",
    "block_shadow",
];

/// The columns of `boards`; the other fields of [`BoardUpdate`] are settings.
const COLUMN_FIELDS: [&str; 4] = ["name", "slug", "public", "spreadsheetId"];

/// How viewers of a board or page sign in: either way (empty), only with a password, or only
/// with an e-mailed log-in link.
pub const SIGN_IN_METHODS: [&str; 3] = ["", "password", "link"];

pub fn check_sign_in_method(value: &str) -> Result<(), Error> {
    if SIGN_IN_METHODS.contains(&value) {
        return Ok(());
    }
    Err(Error::invalid("sign_in_method", format!("`sign_in_method` must be empty (either way), `password` or `link`; got `{value}`.")))
}

/// A change of board settings: any subset of the board-state fields an owner may set.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardUpdate {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub public: Option<bool>,
    /// A spreadsheet of the board's workspace, or null to disconnect it.
    #[serde(rename = "spreadsheetId", default, deserialize_with = "present")]
    pub spreadsheet_id: Option<Option<String>>,
    pub hide_filters: Option<bool>,
    pub hide_hero: Option<bool>,
    pub hide_search: Option<bool>,
    pub title: Option<String>,
    pub hero: Option<String>,
    pub logo: Option<String>,
    pub hero_image: Option<String>,
    pub palette: Option<Vec<Value>>,
    pub nav_background: Option<String>,
    pub hero_background: Option<String>,
    pub active_section_text_color: Option<String>,
    pub inactive_section_text_color: Option<String>,
    pub active_section_background_color: Option<String>,
    pub board_background: Option<String>,
    pub block_border: Option<String>,
    pub block_shadow: Option<String>,
    pub sign_in_method: Option<String>,
    pub sections: Option<String>,
    pub current_section: Option<String>,
    pub footer: Option<Footer>,
    pub event: Option<Footer>,
    pub filters: Option<Vec<Value>>,
    pub search: Option<String>,
    pub page: Option<String>,
    /// The sites allowed to frame the board's `/embed` page, such as `https://shop.example.com`
    /// (http or https, a host, an optional port, no path); at most 20. Empty: any site may.
    pub embed_origins: Option<Vec<String>>,
    /// The accent colour, `#RGB` or `#RRGGBB`.
    pub accent_color: Option<String>,
    /// `light` or `dark`.
    pub look: Option<String>,
}

/// Tells a field sent as `null` (`Some(None)`) from one not sent (`None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

impl BoardUpdate {
    /// The settings this update sets, as a JSON object to merge over the stored settings.
    /// Colours are checked here so the error names the field.
    pub fn settings_patch(&self) -> Result<Map<String, Value>, Error> {
        let Value::Object(mut patch) = serde_json::to_value(self).context("reading a board update")? else {
            return Err(Error::internal("reading a board update", "not an object"));
        };
        patch.retain(|field, value| !value.is_null() && !COLUMN_FIELDS.contains(&field.as_str()));
        if self.palette.iter().flatten().any(|colour| !colour.as_str().is_some_and(is_colour)) {
            return Err(Error::invalid(
                "palette",
                "Every colour of `palette` must be a colour such as #d81f52 (#RGB, #RRGGBB or #RRGGBBAA).",
            ));
        }
        if let Some(method) = &self.sign_in_method {
            check_sign_in_method(method)?;
        }
        if let Some(accent) = &self.accent_color {
            theme::check_accent(accent)?;
        }
        if let Some(look) = &self.look {
            theme::check_look(look)?;
        }
        if let Some(origins) = &self.embed_origins {
            patch.insert("embed_origins".to_owned(), Value::from(embed_origins(origins)?));
        }
        for field in COLOUR_FIELDS {
            if let Some(value) = patch.get(field) {
                if !value.as_str().is_some_and(is_colour) {
                    return Err(Error::invalid(field, format!("`{field}` must be a colour such as #161819 (#RGB, #RRGGBB or #RRGGBBAA).")));
                }
            }
        }
        Ok(patch)
    }
}

/// The most sites a board's `embed_origins` may name.
pub const MAX_EMBED_ORIGINS: usize = 20;

/// `embed_origins` as stored: each origin normalised (lower-case host, no default port), each once.
pub fn embed_origins(origins: &[String]) -> Result<Vec<String>, Error> {
    if origins.len() > MAX_EMBED_ORIGINS {
        return Err(Error::invalid("embed_origins", format!("`embed_origins` may name at most {MAX_EMBED_ORIGINS} sites.")));
    }
    let mut normalised: Vec<String> = Vec::new();
    for origin in origins {
        let origin = embed_origin(origin).map_err(|reason| Error::invalid("embed_origins", reason))?;
        if !normalised.contains(&origin) {
            normalised.push(origin);
        }
    }
    Ok(normalised)
}

/// One site of `embed_origins`, as `scheme://host[:port]`, or why it is not one.
fn embed_origin(text: &str) -> Result<String, String> {
    let text = text.trim();
    let rule = "give a site as its scheme and host, such as https://shop.example.com or http://localhost:5173";
    let parsed = url::Url::parse(text).map_err(|_| format!("`{text}` in `embed_origins` is not an address: {rule}."))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() {
        return Err(format!("`{text}` in `embed_origins` is not an http or https site: {rule}."));
    }
    let bare = parsed.path() == "/" && parsed.query().is_none() && parsed.fragment().is_none();
    if !bare || !parsed.username().is_empty() || parsed.password().is_some() || text.contains('*') {
        return Err(format!("`{text}` in `embed_origins` has more than a site (a path, query, user or wildcard): {rule}."));
    }
    Ok(parsed.origin().ascii_serialization())
}

/// The `frame-ancestors` directive of the board's `/embed` page: this site (the editor's mobile
/// preview and the marketplace's live preview frame it) and the board's `embed_origins`; `None`
/// when it names none, so any site may frame it. Embedding in other sites needs a paid plan
/// (platform §6), so a board whose owner has none may be framed by this site only. Stored values
/// are checked again, so nothing but origins reaches the header.
pub fn frame_ancestors(board: &Board, config: &Config) -> Option<String> {
    if !board.owner_may_embed(config) {
        return Some("frame-ancestors 'self'".to_owned());
    }
    let stored = board.settings.get("embed_origins")?.as_array()?;
    let origins: Vec<String> = stored.iter().filter_map(Value::as_str).filter_map(|origin| embed_origin(origin).ok()).collect();
    (!origins.is_empty()).then(|| format!("frame-ancestors 'self' {}", origins.join(" ")))
}

/// The text of every refusal to embed a board of a free plan, as the Embed popup words it.
pub const EMBED_NEEDS_PAID_PLAN: &str = "Embedding a board in another site needs a paid plan.";

/// A board with its workspace owner, as needed to decide rights and build its state.
#[derive(Debug, Clone)]
pub struct Board {
    pub id: String,
    pub workspace_id: String,
    pub slug: String,
    pub name: String,
    pub public: bool,
    pub spreadsheet_id: Option<String>,
    /// The stored settings: only what was set.
    pub settings: Map<String, Value>,
    pub owner_id: String,
    pub owner_email: String,
    pub owner_plan: String,
}

impl Board {
    /// Whether the owner's plan, or the operator's for every workspace, lets the board be
    /// embedded in other sites (platform §6).
    pub fn owner_may_embed(&self, config: &Config) -> bool {
        config.plan_of(&self.owner_plan) == PAID_PLAN
    }

    pub fn role(&self, caller: &Caller) -> Role {
        workspace_role(caller, &self.owner_id)
    }

    /// The stored settings with the defaults filled in.
    pub fn settings(&self) -> Result<Settings, Error> {
        serde_json::from_value(Value::Object(self.settings.clone())).context("reading board settings")
    }
}

type BoardRow = (String, String, String, String, Flag, Option<String>, String, String, String, String);

const SELECT_BOARD: &str =
    "SELECT b.id, b.workspace_id, b.slug, b.name, b.public, b.spreadsheet_id, b.settings, w.owner_id, u.email, u.plan_id \
     FROM boards b JOIN workspaces w ON w.id = b.workspace_id JOIN users u ON u.id = w.owner_id";

fn board_of(row: BoardRow) -> Result<Board, Error> {
    let (id, workspace_id, slug, name, Flag(public), spreadsheet_id, settings, owner_id, owner_email, owner_plan) = row;
    let settings = serde_json::from_str(&settings).context("reading board settings")?;
    Ok(Board { id, workspace_id, slug, name, public, spreadsheet_id, settings, owner_id, owner_email, owner_plan })
}

pub async fn find_by_id(db: &Db, id: &str) -> Result<Option<Board>, Error> {
    let row: Option<BoardRow> =
        sqlx::query_as(&format!("{SELECT_BOARD} WHERE b.id = $1")).bind(id).fetch_optional(&db.pool).await.context("looking up a board")?;
    row.map(board_of).transpose()
}

pub async fn find_by_slug(db: &Db, slug: &str) -> Result<Option<Board>, Error> {
    let row: Option<BoardRow> = sqlx::query_as(&format!("{SELECT_BOARD} WHERE b.slug = $1"))
        .bind(slug)
        .fetch_optional(&db.pool)
        .await
        .context("looking up a board by slug")?;
    row.map(board_of).transpose()
}

/// The board state of platform §3, as `caller` sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BoardState {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub workspace_id: String,
    #[serde(flatten)]
    pub settings: Settings,
    pub public: bool,
    #[serde(rename = "spreadsheetId")]
    pub spreadsheet_id: Option<String>,
    /// The titles of the connected spreadsheet's sheets, in order.
    pub sheets: Vec<String>,
    pub users: Vec<Value>,
    #[schema(value_type = Vec<BoardBlock>)]
    pub blocks: Vec<Value>,
    pub owner_email: String,
    pub can_edit: bool,
    pub user_role: Role,
    /// Always `board`.
    #[serde(rename = "type")]
    #[schema(value_type = BoardStateType)]
    pub kind: &'static str,
}

/// The `type` of a board state (documentation only: the field is the text `board`).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum BoardStateType {
    Board,
}

/// A stored block as the server answers it: `{id, type, ...settings}` (blocks §3), its
/// settings those of its type in the block catalogue. Documentation only: blocks are JSON.
pub struct BoardBlock;

impl utoipa::PartialSchema for BoardBlock {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Type};
        let text = || ObjectBuilder::new().schema_type(Type::String);
        ObjectBuilder::new()
            .description(Some("A stored block: `{id, type, ...settings}` (blocks §3)."))
            .property("id", text())
            .required("id")
            .property("type", text().description(Some("The block type, as the block catalogue names it.")))
            .required("type")
            .property("title", text())
            .property("section", text())
            .property("sheet_title", text())
            .property("full_width", ObjectBuilder::new().schema_type(Type::Boolean))
            .property("temp_block", ObjectBuilder::new().schema_type(Type::Boolean))
            .additional_properties(Some(AdditionalProperties::FreeForm(true)))
            .into()
    }
}

impl ToSchema for BoardBlock {}

pub async fn state(db: &Db, board: &Board, role: Role) -> Result<BoardState, Error> {
    let stored = blocks::stored(db, Parent::Board(&board.id)).await?;
    let sheets: Vec<(String,)> = match &board.spreadsheet_id {
        Some(spreadsheet) => sqlx::query_as("SELECT title FROM sheets WHERE spreadsheet_id = $1 ORDER BY position, title")
            .bind(spreadsheet)
            .fetch_all(&db.pool)
            .await
            .context("listing a board's sheets")?,
        None => Vec::new(),
    };
    Ok(BoardState {
        id: board.id.clone(),
        slug: board.slug.clone(),
        name: board.name.clone(),
        workspace_id: board.workspace_id.clone(),
        settings: board.settings()?,
        public: board.public,
        spreadsheet_id: board.spreadsheet_id.clone(),
        sheets: crate::boards::blocks::listed_tabs(sheets.into_iter().map(|(title,)| title).collect(), &stored, role.can_edit()),
        users: Vec::new(),
        blocks: stored.iter().map(|block| blocks::for_state(block.to_json(), role.can_edit())).collect(),
        // Visitors of a public board do not learn the owner's address.
        owner_email: if role.can_view(false) { board.owner_email.clone() } else { String::new() },
        can_edit: role.can_edit(),
        user_role: role,
        kind: "board",
    })
}

/// Board slugs are URL paths (`/{slug}`): these would shadow the product's own pages.
const RESERVED_SLUGS: &[&str] = &[
    "api",
    "admin",
    "admin_old",
    "accept-invitation",
    "boardworkspace",
    "dashboard",
    "marketplace",
    "payment_success",
    "payment_fail",
    "embed",
    "docs",
    "assets",
    "static",
];

pub const SLUG_RULE: &str = "A slug has 1 to 80 lowercase letters, digits or single hyphens, and starts and ends with a letter or digit.";

/// Checks a slug an owner chose.
pub fn check_slug(slug: &str) -> Result<(), Error> {
    let well_formed = (1..=80).contains(&slug.len())
        && slug.split('-').all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    if !well_formed {
        return Err(Error::invalid("slug", SLUG_RULE));
    }
    if RESERVED_SLUGS.contains(&slug) {
        return Err(Error::invalid("slug", format!("`{slug}` is the address of one of Tessera's own pages; please choose another slug.")));
    }
    Ok(())
}

/// A slug made from a board name: lower-case letters and digits, other runs become one hyphen.
pub fn slug_from_name(name: &str) -> String {
    let mut slug = String::new();
    for c in name.to_lowercase().chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.truncate(60);
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() || RESERVED_SLUGS.contains(&slug) {
        format!("board-{slug}").trim_end_matches('-').to_owned()
    } else {
        slug.to_owned()
    }
}

/// `base`, or `base-2`, `base-3`, ... : the first slug no board has, read in the caller's transaction.
pub async fn free_slug(conn: &mut AnyConnection, base: &str) -> Result<String, Error> {
    let taken: Vec<(String,)> = sqlx::query_as("SELECT slug FROM boards WHERE slug = $1 OR slug LIKE $2")
        .bind(base)
        .bind(format!("{base}-%"))
        .fetch_all(conn)
        .await
        .context("looking for a free slug")?;
    let taken: std::collections::HashSet<String> = taken.into_iter().map(|(slug,)| slug).collect();
    let mut candidate = base.to_owned();
    let mut suffix = 2;
    while taken.contains(&candidate) {
        candidate = format!("{base}-{suffix}");
        suffix += 1;
    }
    Ok(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_those_of_the_spec() {
        let settings: Settings = serde_json::from_str("{}").unwrap();
        assert_eq!(settings, Settings::default());
        assert!(settings.hide_filters);
        assert_eq!(settings.page, "view");
        assert_eq!(settings.board_background, "#FAFAFA");
        let stored: Settings = serde_json::from_str(r##"{"hide_filters": false, "title": "Sales"}"##).unwrap();
        assert!(!stored.hide_filters);
        assert_eq!(stored.block_border, "#e7ebf3");
    }

    #[test]
    fn colours_are_hex_with_three_six_or_eight_digits() {
        for good in ["#fff", "#161819", "#161819ff", "#FAFAFA"] {
            assert!(is_colour(good), "{good}");
        }
        for bad in ["fff", "#ffff", "#12345g", "red", "#", "#1234567"] {
            assert!(!is_colour(bad), "{bad}");
        }
    }

    #[test]
    fn a_patch_holds_only_the_settings_sent() {
        let update: BoardUpdate = serde_json::from_str(r##"{"name": "X", "hide_hero": true, "spreadsheetId": null}"##).unwrap();
        assert_eq!(update.spreadsheet_id, Some(None));
        let patch = update.settings_patch().unwrap();
        assert_eq!(Value::Object(patch), serde_json::json!({"hide_hero": true}));
        let bad: BoardUpdate = serde_json::from_str(r##"{"block_shadow": "blue"}"##).unwrap();
        assert!(matches!(bad.settings_patch(), Err(Error::Invalid { field, .. }) if field == "block_shadow"));
    }

    #[test]
    fn embed_origins_are_sites_normalised_once_each() {
        let asked = ["https://Shop.Example.com/", "http://localhost:5173", "https://shop.example.com:443", "http://[::1]:8080"];
        let stored = embed_origins(&asked.map(String::from)).unwrap();
        assert_eq!(stored, ["https://shop.example.com", "http://localhost:5173", "http://[::1]:8080"]);
        for bad in [
            "shop.example.com",
            "ftp://x.io",
            "https://x.io/shop",
            "https://x.io?a=1",
            "https://x.io#top",
            "https://u:p@x.io",
            "https://*.x.io",
            "javascript:alert(1)",
            "https://x.io; script-src *",
        ] {
            let error = embed_origins(&[bad.to_owned()]).unwrap_err();
            assert!(matches!(&error, Error::Invalid { field, .. } if field == "embed_origins"), "{bad}: {error}");
        }
        let many: Vec<String> = (0..21).map(|i| format!("https://s{i}.example.com")).collect();
        assert!(embed_origins(&many).unwrap_err().to_string().contains("at most 20"));
    }

    #[test]
    fn frame_ancestors_name_this_site_and_the_saved_origins_only_when_there_are_some() {
        let mut board = Board {
            id: "b".into(),
            workspace_id: "w".into(),
            slug: "s".into(),
            name: "S".into(),
            public: false,
            spreadsheet_id: None,
            settings: Map::new(),
            owner_id: "u".into(),
            owner_email: "u@x.io".into(),
            owner_plan: "paid".into(),
        };
        let config = Config::default();
        assert_eq!(frame_ancestors(&board, &config), None);
        board.settings.insert("embed_origins".into(), serde_json::json!([]));
        assert_eq!(frame_ancestors(&board, &config), None);
        board.settings.insert("embed_origins".into(), serde_json::json!(["https://shop.example.com", "http://localhost:5173"]));
        let listed = "frame-ancestors 'self' https://shop.example.com http://localhost:5173";
        assert_eq!(frame_ancestors(&board, &config).unwrap(), listed);
        // A free owner's board is framed by this site only, unless the operator gives every workspace the paid plan.
        board.owner_plan = "free".into();
        assert_eq!(frame_ancestors(&board, &config).unwrap(), "frame-ancestors 'self'");
        let everyone_paid = Config { plan: Some("paid".into()), ..Config::default() };
        assert_eq!(frame_ancestors(&board, &everyone_paid).unwrap(), listed);
    }

    #[test]
    fn slugs_come_from_names_and_follow_the_rule() {
        assert_eq!(slug_from_name("  Sales Q3 — 2026!"), "sales-q3-2026");
        assert_eq!(slug_from_name("!!!"), "board");
        assert_eq!(slug_from_name("Dashboard"), "board-dashboard");
        assert!(check_slug("sales-q3").is_ok());
        for bad in ["", "Sales", "a--b", "-a", "a-", "a b", "dashboard"] {
            assert!(check_slug(bad).is_err(), "{bad}");
        }
    }
}
