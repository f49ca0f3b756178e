//! Multi-page apps as stored: apps, their pages and invited app users (platform §3), which app
//! a request is about (query or host sub-domain), and the page state of platform §3 that
//! `GET /api/page/{slug}` and `POST /api/page/update-metadata` answer. The HTTP side is in
//! `api::apps`, `api::pages` and `api::app_users`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::auth::Caller;
use crate::accounts::roles::{app_role, Role};
use crate::boards::app_settings::{self, Chrome};
use crate::boards::blocks;
use crate::infra::db::{Db, Flag};
use crate::infra::error::{Error, ResultExt};

/// An app with the owner of its workspace, who decides the roles on it.
#[derive(Debug, Clone)]
pub struct App {
    pub id: String,
    pub workspace_id: String,
    pub owner_id: String,
    pub name: String,
    pub subdomain: String,
    pub spreadsheet_url: String,
    pub spreadsheet_id: Option<String>,
    pub public: bool,
    pub settings: Map<String, Value>,
    pub created_at: i64,
}

/// An app as the API answers it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AppRecord)]
pub struct AppJson {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    pub spreadsheet_url: String,
    #[serde(rename = "spreadsheetId")]
    pub spreadsheet_id: Option<String>,
    pub public: bool,
    pub workspace_id: String,
    pub created_at: i64,
    /// App-wide settings of the app editor (navigation, header, footer, contact, social, ...).
    #[schema(value_type = Object)]
    pub settings: Map<String, Value>,
}

type AppRow = (String, String, String, String, String, String, Option<String>, Flag, String, i64);

const SELECT_APP: &str = "SELECT a.id, a.workspace_id, w.owner_id, a.name, a.subdomain, a.spreadsheet_url, a.spreadsheet_id, a.public, \
     a.settings, a.created_at FROM apps a JOIN workspaces w ON w.id = a.workspace_id";

impl App {
    fn from_row(row: AppRow) -> Result<Self, Error> {
        let (id, workspace_id, owner_id, name, subdomain, spreadsheet_url, spreadsheet_id, Flag(public), settings, created_at) = row;
        let settings = serde_json::from_str(&settings).context("reading app settings")?;
        Ok(Self { id, workspace_id, owner_id, name, subdomain, spreadsheet_url, spreadsheet_id, public, settings, created_at })
    }

    pub async fn find(db: &Db, id: &str) -> Result<Option<Self>, Error> {
        let row: Option<AppRow> =
            sqlx::query_as(&format!("{SELECT_APP} WHERE a.id = $1")).bind(id).fetch_optional(&db.pool).await.context("loading an app")?;
        row.map(Self::from_row).transpose()
    }

    /// The app, or 404.
    pub async fn get(db: &Db, id: &str) -> Result<Self, Error> {
        Self::find(db, id).await?.ok_or_else(not_found)
    }

    pub async fn by_subdomain(db: &Db, subdomain: &str) -> Result<Option<Self>, Error> {
        let row: Option<AppRow> = sqlx::query_as(&format!("{SELECT_APP} WHERE a.subdomain = $1"))
            .bind(subdomain.trim().to_lowercase())
            .fetch_optional(&db.pool)
            .await
            .context("loading an app by subdomain")?;
        row.map(Self::from_row).transpose()
    }

    /// Every app in the workspaces `owner_id` owns, oldest first.
    pub async fn of_owner(db: &Db, owner_id: &str) -> Result<Vec<Self>, Error> {
        let rows: Vec<AppRow> = sqlx::query_as(&format!("{SELECT_APP} WHERE w.owner_id = $1 ORDER BY a.created_at, a.id"))
            .bind(owner_id)
            .fetch_all(&db.pool)
            .await
            .context("listing apps")?;
        rows.into_iter().map(Self::from_row).collect()
    }

    /// The caller's role, read from the database on every request so that a removed app user
    /// loses access at once.
    pub async fn role(&self, db: &Db, caller: &Caller) -> Result<Role, Error> {
        app_role(db, caller, &self.id, &self.owner_id).await
    }

    /// The role of a caller who may see this app; 403 'Access denied' for a private app otherwise.
    pub async fn viewer_role(&self, db: &Db, caller: &Caller) -> Result<Role, Error> {
        let role = self.role(db, caller).await?;
        role.require_view(self.public)?;
        Ok(role)
    }

    /// For changes to the app itself: owners and admins only (guests 401, others 403).
    pub async fn require_edit(&self, db: &Db, caller: &Caller) -> Result<(), Error> {
        caller.user()?;
        self.role(db, caller).await?.require_edit()
    }

    /// The app's home page as users reach it: `{sub}.{base host}`, port kept, when the base
    /// address has a host name; else (an IP address has no sub-domains) the base address with
    /// `?app=`. Built from the configured base, never from a request's `Host`.
    pub fn home_url(&self, base_url: &str) -> Result<url::Url, Error> {
        let mut url = url::Url::parse(base_url).context("reading the base URL")?;
        url.set_path("/");
        url.set_query(None);
        match url.host() {
            Some(url::Host::Domain(host)) => {
                let host = format!("{}.{host}", self.subdomain);
                url.set_host(Some(&host)).context("naming the app's host")?;
            }
            _ => {
                url.query_pairs_mut().append_pair("app", &self.subdomain);
            }
        }
        Ok(url)
    }

    /// The app as a caller with `role` gets it: whole for those who edit it; for everyone else
    /// without the source's address and with only the settings viewers' pages use
    /// ([`app_settings::for_viewers`]), since the rest are the editor's own.
    pub fn json_for(&self, role: Role) -> AppJson {
        let mut json = self.json();
        if !role.can_edit() {
            json.spreadsheet_url = String::new();
            json.settings = app_settings::for_viewers(&json.settings);
        }
        json
    }

    pub fn json(&self) -> AppJson {
        AppJson {
            id: self.id.clone(),
            name: self.name.clone(),
            subdomain: self.subdomain.clone(),
            spreadsheet_url: self.spreadsheet_url.clone(),
            spreadsheet_id: self.spreadsheet_id.clone(),
            public: self.public,
            workspace_id: self.workspace_id.clone(),
            created_at: self.created_at,
            settings: self.settings.clone(),
        }
    }
}

fn not_found() -> Error {
    Error::NotFound("App not found. Check the link, or ask its owner for a new one.".to_owned())
}

/// Which app a viewer's request is about: `app_id`, else `app` (a sub-domain), else the
/// sub-domain of the request's `Host`.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AppLocator {
    /// The app's id.
    pub app_id: Option<String>,
    /// The app's sub-domain, for hosts that do not carry it (local development, custom domains).
    pub app: Option<String>,
}

impl AppLocator {
    /// The app, or 404 when none is named or the named one does not exist.
    pub async fn resolve(&self, db: &Db, host: Option<&str>, base_url: &str) -> Result<App, Error> {
        let given = |value: &Option<String>| value.as_deref().map(str::trim).filter(|value| !value.is_empty()).map(str::to_owned);
        if let Some(id) = given(&self.app_id) {
            return App::get(db, &id).await;
        }
        let subdomain = given(&self.app).or_else(|| host.and_then(|host| subdomain_of_host(host, &host_of_url(base_url))));
        let Some(subdomain) = subdomain else {
            return Err(Error::NotFound(
                "Which app? Open the app at its own sub-domain, or name it with the `app` or `app_id` query parameter.".to_owned(),
            ));
        };
        App::by_subdomain(db, &subdomain).await?.ok_or_else(not_found)
    }
}

/// The host name of a URL such as `https://tessera.example.com:8443/x`, lower-cased, no port.
fn host_of_url(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    strip_port(rest.split('/').next().unwrap_or_default())
}

fn strip_port(host: &str) -> String {
    let host = host.trim().to_lowercase();
    if host.starts_with('[') {
        return host.split(']').next().map(|inside| format!("{inside}]")).unwrap_or_default();
    }
    host.split(':').next().unwrap_or_default().trim_end_matches('.').to_owned()
}

/// The app sub-domain a `Host` header names: `{sub}.localhost` or `{sub}.{base host}`. None for
/// other hosts and for `www` or numeric labels (platform §7: app-info's name is empty for those).
pub fn subdomain_of_host(host: &str, base_host: &str) -> Option<String> {
    let host = strip_port(host);
    let label_before = |suffix: &str| host.strip_suffix(suffix).and_then(|rest| rest.strip_suffix('.')).map(str::to_owned);
    let label = label_before("localhost").or_else(|| (!base_host.is_empty()).then(|| label_before(base_host)).flatten())?;
    let named = !label.is_empty() && !label.contains('.') && label != "www" && !label.chars().all(|c| c.is_ascii_digit());
    named.then_some(label)
}

/// A page of an app as the API answers it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AppPage)]
pub struct Page {
    pub id: String,
    pub app_id: String,
    pub page_name: String,
    pub page_slug: String,
    pub page_type: String,
    pub position: i64,
    /// Whether the page shows one record (it holds an item details block): it is opened from a
    /// list's row, so the navigation an app gets without a header leaves it out (issue 47).
    pub record_page: bool,
}

impl Page {
    /// Platform §7: the page with page_type 'home' and no slug, else the first.
    pub fn is_home(&self) -> bool {
        self.page_type == "home" && self.page_slug.is_empty()
    }
}

type PageRow = (String, String, String, String, String, i64);

fn page_of_row((id, app_id, page_name, page_slug, page_type, position): PageRow) -> Page {
    Page { id, app_id, page_name, page_slug, page_type, position, record_page: false }
}

/// The app's pages in their order.
pub async fn pages(db: &Db, app_id: &str) -> Result<Vec<Page>, Error> {
    let rows: Vec<PageRow> = sqlx::query_as(
        "SELECT id, app_id, page_name, page_slug, page_type, position FROM pages WHERE app_id = $1 ORDER BY position, created_at, id",
    )
    .bind(app_id)
    .fetch_all(&db.pool)
    .await
    .context("listing pages")?;
    let record_pages: Vec<(String,)> = sqlx::query_as(
        "SELECT DISTINCT b.page_id FROM blocks b JOIN pages p ON p.id = b.page_id WHERE p.app_id = $1 AND b.block_type = 'itemDetails'",
    )
    .bind(app_id)
    .fetch_all(&db.pool)
    .await
    .context("finding the app's record pages")?;
    let record_pages: std::collections::HashSet<String> = record_pages.into_iter().map(|(id,)| id).collect();
    Ok(rows.into_iter().map(page_of_row).map(|page| Page { record_page: record_pages.contains(&page.id), ..page }).collect())
}

/// The home page among `pages` (platform §7).
pub fn home_page(pages: &[Page]) -> Option<&Page> {
    pages.iter().find(|page| page.is_home()).or_else(|| pages.first())
}

/// One page of the app, or 404.
pub async fn page(db: &Db, app_id: &str, page_id: &str) -> Result<Page, Error> {
    let row: Option<PageRow> =
        sqlx::query_as("SELECT id, app_id, page_name, page_slug, page_type, position FROM pages WHERE app_id = $1 AND id = $2")
            .bind(app_id)
            .bind(page_id)
            .fetch_optional(&db.pool)
            .await
            .context("loading a page")?;
    row.map(page_of_row).ok_or_else(page_not_found)
}

fn page_not_found() -> Error {
    Error::NotFound("Page not found".to_owned())
}

/// The page a browser path shows: its first segment is the slug; an empty one is the home page.
pub async fn page_at_path(db: &Db, app_id: &str, path: &str) -> Result<Page, Error> {
    let slug = path.trim_start_matches('/').split(['/', '?', '#']).next().unwrap_or_default().to_lowercase();
    let pages = pages(db, app_id).await?;
    let found = if slug.is_empty() { home_page(&pages) } else { pages.iter().find(|page| page.page_slug == slug) };
    found.cloned().ok_or_else(page_not_found)
}

/// A page's settings, with the defaults of platform §3 for everything not stored.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct PageSettings {
    pub search: String,
    #[schema(value_type = Vec<Object>)]
    pub filters: Vec<Value>,
    pub title: String,
    pub nav_background: String,
    pub sign_in_method: String,
    pub page_background: String,
    pub block_border: String,
    pub block_shadow: String,
    pub palette: Vec<String>,
    pub hero_background: String,
}

impl Default for PageSettings {
    fn default() -> Self {
        Self {
            search: String::new(),
            filters: Vec::new(),
            title: String::new(),
            nav_background: "#161819".to_owned(),
            sign_in_method: String::new(),
            page_background: "#FAFAFA".to_owned(),
            block_border: "#e7ebf3".to_owned(),
            block_shadow: "#ebeff3".to_owned(),
            palette: Vec::new(),
            hero_background: "#161819".to_owned(),
        }
    }
}

/// The stored (non-default) settings of a page.
pub async fn stored_page_settings(db: &Db, page_id: &str) -> Result<Map<String, Value>, Error> {
    let (settings,): (String,) = sqlx::query_as("SELECT settings FROM pages WHERE id = $1")
        .bind(page_id)
        .fetch_one(&db.pool)
        .await
        .context("loading page settings")?;
    serde_json::from_str(&settings).context("reading page settings")
}

/// Stored settings with the defaults filled in.
pub fn page_settings(stored: Map<String, Value>) -> Result<PageSettings, Error> {
    serde_json::from_value(Value::Object(stored)).context("reading page settings")
}

/// An invited app user (platform §3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AppUser {
    pub id: String,
    pub name: String,
    pub email: String,
    /// 'read' or 'read-write'.
    pub permissions: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// The app's users, oldest invitation first (platform §3).
pub async fn app_users(db: &Db, app_id: &str) -> Result<Vec<AppUser>, Error> {
    let rows: Vec<(String, String, String, String, i64)> =
        sqlx::query_as("SELECT id, name, email, permissions, created_at FROM app_users WHERE app_id = $1 ORDER BY created_at, id")
            .bind(app_id)
            .fetch_all(&db.pool)
            .await
            .context("listing app users")?;
    Ok(rows.into_iter().map(|(id, name, email, permissions, created_at)| AppUser { id, name, email, permissions, created_at }).collect())
}

/// The page state of platform §3 for `caller`, who may view the app with `role`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageState {
    /// The app's name.
    pub name: String,
    pub app_id: String,
    pub page_id: String,
    pub page_name: String,
    pub page_slug: String,
    pub page_type: String,
    #[serde(flatten)]
    pub settings: PageSettings,
    /// The app's flag.
    pub public: bool,
    #[serde(rename = "spreadsheetId")]
    pub spreadsheet_id: Option<String>,
    /// Titles of the app spreadsheet's sheets, in order.
    pub sheets: Vec<String>,
    /// The app's users, for those who manage them; empty for everyone else.
    pub users: Vec<AppUser>,
    #[schema(value_type = Vec<crate::boards::board_state::BoardBlock>)]
    pub blocks: Vec<Value>,
    /// The owner's e-mail, for the owner, admins and invited app users; empty for others.
    pub owner_email: String,
    pub can_edit: bool,
    pub user_role: Role,
    /// The editor mode; always 'view' when loaded.
    pub page: &'static str,
    /// The app's header for pages without a header block of their own (App Settings), as block
    /// JSON; null when the app has none.
    #[schema(value_type = Option<crate::boards::board_state::BoardBlock>)]
    pub app_header: Option<Value>,
    /// The app's footer for pages without a footer block of their own.
    #[schema(value_type = Option<crate::boards::board_state::BoardBlock>)]
    pub app_footer: Option<Value>,
    /// The app's accent colour (`boards::theme`), its default filled in.
    pub accent_color: String,
    /// The app's look: `light` or `dark`.
    pub look: String,
}

pub async fn page_state(db: &Db, app: &App, page: Page, role: Role) -> Result<PageState, Error> {
    let mut settings = page_settings(stored_page_settings(db, &page.id).await?)?;
    if settings.sign_in_method.is_empty() {
        settings.sign_in_method = app_settings::sign_in_method(&app.settings).to_owned();
    }
    let sheets: Vec<(String,)> = match &app.spreadsheet_id {
        Some(id) => sqlx::query_as("SELECT title FROM sheets WHERE spreadsheet_id = $1 ORDER BY position, title")
            .bind(id)
            .fetch_all(&db.pool)
            .await
            .context("listing sheets")?,
        None => Vec::new(),
    };
    let users = if role.can_edit() { app_users(db, &app.id).await? } else { Vec::new() };
    let owner_email = if role.can_view(false) { owner_email(db, &app.owner_id).await? } else { String::new() };
    let stored = crate::boards::blocks::stored(db, crate::boards::blocks::Parent::Page(&page.id)).await?;
    let theme = app_settings::theme(&app.settings);
    Ok(PageState {
        name: app.name.clone(),
        app_id: app.id.clone(),
        blocks: stored.iter().map(|block| blocks::for_state(block.to_json(), role.can_edit())).collect(),
        page_id: page.id,
        page_name: page.page_name,
        page_slug: page.page_slug,
        page_type: page.page_type,
        settings,
        public: app.public,
        spreadsheet_id: app.spreadsheet_id.clone(),
        sheets: crate::boards::blocks::listed_tabs(sheets.into_iter().map(|(title,)| title).collect(), &stored, role.can_edit()),
        users,
        owner_email,
        can_edit: role.can_edit(),
        user_role: role,
        page: "view",
        app_header: app_settings::chrome_block(&app.settings, Chrome::Header).map(|block| blocks::for_state(block, role.can_edit())),
        app_footer: app_settings::chrome_block(&app.settings, Chrome::Footer).map(|block| blocks::for_state(block, role.can_edit())),
        look: theme.look().to_owned(),
        accent_color: theme.accent,
    })
}

async fn owner_email(db: &Db, owner_id: &str) -> Result<String, Error> {
    let (email,): (String,) =
        sqlx::query_as("SELECT email FROM users WHERE id = $1").bind(owner_id).fetch_one(&db.pool).await.context("loading an owner")?;
    Ok(email)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_name_an_app_by_their_first_label() {
        assert_eq!(subdomain_of_host("acme.localhost:3000", "tessera.example").as_deref(), Some("acme"));
        assert_eq!(subdomain_of_host("Acme.Tessera.Example", "tessera.example").as_deref(), Some("acme"));
        assert_eq!(subdomain_of_host("www.tessera.example", "tessera.example"), None);
        assert_eq!(subdomain_of_host("123.localhost", "tessera.example"), None);
        assert_eq!(subdomain_of_host("127.0.0.1:8080", "127.0.0.1"), None);
        assert_eq!(subdomain_of_host("localhost:8080", "localhost"), None);
        assert_eq!(subdomain_of_host("a.b.localhost", "tessera.example"), None);
        assert_eq!(subdomain_of_host("acme.other.example", "tessera.example"), None);
        assert_eq!(subdomain_of_host("[::1]:8080", ""), None);
    }

    #[test]
    fn an_apps_home_is_its_sub_domain_of_a_named_base_host_else_the_app_parameter() {
        let app = App {
            id: "a1".to_owned(),
            workspace_id: "w1".to_owned(),
            owner_id: "u1".to_owned(),
            name: "Sales".to_owned(),
            subdomain: "sales".to_owned(),
            spreadsheet_url: String::new(),
            spreadsheet_id: None,
            public: true,
            settings: Map::new(),
            created_at: 0,
        };
        let home = |base: &str| app.home_url(base).unwrap().to_string();
        assert_eq!(home("https://boards.example.com"), "https://sales.boards.example.com/");
        assert_eq!(home("https://boards.example.com:8443/tessera?x=1"), "https://sales.boards.example.com:8443/");
        assert_eq!(home("http://localhost:3000"), "http://sales.localhost:3000/");
        assert_eq!(home("http://127.0.0.1:3000"), "http://127.0.0.1:3000/?app=sales");
        assert_eq!(home("http://[::1]:3000"), "http://[::1]:3000/?app=sales");
    }

    #[test]
    fn the_base_host_comes_from_the_public_url() {
        assert_eq!(host_of_url("https://Tessera.Example:8443/app"), "tessera.example");
        assert_eq!(host_of_url("http://127.0.0.1:8080"), "127.0.0.1");
    }

    #[test]
    fn the_home_page_is_the_home_typed_page_without_slug_else_the_first() {
        let page = |id: &str, slug: &str, page_type: &str| Page {
            id: id.to_owned(),
            app_id: "a".to_owned(),
            page_name: id.to_owned(),
            page_slug: slug.to_owned(),
            page_type: page_type.to_owned(),
            position: 0,
            record_page: false,
        };
        let pages = [page("about", "about", "page"), page("home", "", "home")];
        assert_eq!(home_page(&pages).unwrap().id, "home");
        let pages = [page("about", "about", "page"), page("odd", "odd", "home")];
        assert_eq!(home_page(&pages).unwrap().id, "about");
        assert!(home_page(&[]).is_none());
    }
}
