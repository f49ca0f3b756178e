//! The world the access matrix runs in: one owner's workspace holding a private board, a listed
//! public board, a private multi-page app with a Read and a Read-Write app user, an uploaded and a
//! linked spreadsheet, and the five other callers. Rows name its parts with `$placeholders`, and
//! rows that destroy something get a fresh one per caller (`Fresh`), so later rows still find
//! the fixture whole.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{json, Value};
use sha2::Sha256;
use tessera_core::table::RECORD_ID_COLUMN;
use tessera_server::accounts::auth::User;
use tessera_server::boards::plans::{self, Payment, PaymentStatus};
use tessera_server::sheets::incoming::Incoming;
use tessera_server::sheets::ImportedSheet;

use crate::sheet_data::spreadsheet;
use crate::support::google::GoogleStandIn;
use crate::support::*;

/// A value of every row of the private spreadsheet.
pub const SECRET: &str = "Vault-7f3a-secret";
pub const PRIVATE_BOARD_NAME: &str = "Private plans";
pub const PRIVATE_APP_NAME: &str = "Acme app";
/// What no answer to a caller kept out of the private board, app and spreadsheet may hold.
pub const PRIVATE: [&str; 3] = [SECRET, PRIVATE_BOARD_NAME, PRIVATE_APP_NAME];
pub const WEBHOOK_SECRET: &str = "whsec_access_matrix";
pub const PRIVATE_SLUG: &str = "private-plans";
pub const PUBLIC_SLUG: &str = "public-menu";
pub const APP_SUBDOMAIN: &str = "acme-app";
pub const OPEN_APP_SUBDOMAIN: &str = "open-app";
pub const PAGE_SLUG: &str = "orders";
/// The public spreadsheet's tab (the published CSV's name) and a value of it.
pub const PUBLIC_TAB: &str = "Menu";
pub const PUBLIC_VALUE: &str = "Lentil soup";
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\0\x05\0\x01\xff\x89\x99=\x1d\0\0\0\0IEND\xaeB`\x82";

/// The six callers of the matrix, in the order of its columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    Guest,
    Read,
    ReadWrite,
    Stranger,
    Admin,
    Owner,
}

impl Who {
    pub const ALL: [Who; 6] = [Who::Guest, Who::Read, Who::ReadWrite, Who::Stranger, Who::Admin, Who::Owner];

    pub fn label(self) -> &'static str {
        match self {
            Who::Guest => "guest",
            Who::Read => "read",
            Who::ReadWrite => "read-write",
            Who::Stranger => "other owner",
            Who::Admin => "admin",
            Who::Owner => "owner",
        }
    }
}

/// Something a row destroys (or uses up), made anew by the owner before each caller asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fresh {
    Workspace,
    Board,
    /// A board published to the marketplace.
    ListedBoard,
    App,
    /// A page of the private app.
    Page,
    /// A block on the private app's page.
    PageBlock,
    /// A row of the private spreadsheet, added through the app page's table.
    Row,
    /// An uploaded spreadsheet of the owner's workspace.
    Spreadsheet,
    /// An app user of the private app.
    AppUser,
    User,
    /// An unused redemption code for the paid plan.
    Code,
    /// A row-activity entry: a row added through the private board's table (undoing it
    /// deletes that row).
    Activity,
}

/// Per caller: their user (none for the guest) and the values their rows' placeholders take.
struct Caller {
    user: Option<User>,
    values: HashMap<&'static str, String>,
}

pub struct Fixture {
    pub server: TestServer,
    /// Placeholder name → value, the same for every caller.
    pub values: HashMap<&'static str, String>,
    callers: HashMap<Who, Caller>,
    /// The session token each signed-in caller sends until a row ends it.
    sessions: Mutex<HashMap<Who, String>>,
    _links: GoogleStandIn,
    _uploads: TempDir,
    next: AtomicUsize,
}

fn id_of(value: &Value) -> String {
    value["id"].as_str().unwrap_or_else(|| panic!("no id in {value}")).to_owned()
}

/// The private tab: every row carries [`SECRET`], so any leak of a row shows.
fn orders() -> ImportedSheet {
    let columns = ["Name", "Code", "Photo", RECORD_ID_COLUMN].map(String::from).to_vec();
    let rows = [["Ada", SECRET, "", "r1"], ["Bob", SECRET, "", "r2"], ["Cy", SECRET, "", "r3"]];
    ImportedSheet { title: "Orders".into(), columns, rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect() }
}

/// A table over Orders that offers every write to Admins (owner, admin, Read-Write users),
/// lets anyone who sees it download CSV, and has a server-run action at index 3.
fn orders_table() -> Value {
    json!({
        "type": "table", "sheet_title": "Orders", "csv_download": true, "add_new_row": "Admins",
        "actions": [{"type": "Edit row"}, {"type": "Delete row"}, {"type": "Duplicate row"}, {"type": "Download pdf", "pdf_template": "# [Name]"}],
        "action_button_visibility": "Admins",
        "axis": [{"column": "Name", "editable": "Admins"}, {"column": "Code"}, {"column": "Photo", "type": "image"}]
    })
}

/// A markdown block whose view repeats a cell of every row.
fn orders_view() -> Value {
    json!({"type": "markdown", "sheet_title": "Orders", "text": "[Name] [Code]", "loop": true})
}

fn listing(title: &str) -> Value {
    json!({"title": title, "description": "Plans", "category": "Operations", "tags": ["plans"]})
}

impl Fixture {
    pub async fn new(backend: Backend) -> Self {
        let uploads = TempDir::new();
        let uploads_dir = uploads.0.clone();
        let server = TestServer::start_with(backend, move |config| {
            config.uploads_dir = Some(uploads_dir);
            config.payment_webhook_secret = Some(WEBHOOK_SECRET.to_owned());
        })
        .await;
        let links = GoogleStandIn::start().await;
        let csv_url = links.set_csv("menu.csv", "text/csv", format!("Dish,Price\n{PUBLIC_VALUE},4\nBread,2\n"));

        let owner = server.user("Olive", "olive@acme.test").await;
        sqlx::query("UPDATE users SET plan_id = 'paid' WHERE id = $1").bind(&owner.user().id).execute(&server.db().pool).await.unwrap();
        let workspace = id_of(owner.post("/api/workspaces", json!({"name": "Acme", "subdomain": "acme"})).await.expect(201));

        let spreadsheet = spreadsheet(&server, &workspace, vec![orders()]).await;
        let linked = owner
            .post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "csv_url", "url": csv_url, "name": PUBLIC_TAB}))
            .await;
        let linked = id_of(linked.expect(201));

        // The private board: listed once, then made private again, so it has a listing to hide.
        let board = owner.post("/api/boards", json!({"workspace_id": workspace, "name": PRIVATE_BOARD_NAME, "slug": PRIVATE_SLUG})).await;
        let board = id_of(board.expect(201));
        owner.put(&format!("/api/boards/{board}"), json!({"spreadsheetId": spreadsheet})).await.expect(200);
        let board_table = id_of(owner.post(&format!("/api/boards/{board}/blocks"), orders_table()).await.expect(201));
        let board_view = id_of(owner.post(&format!("/api/boards/{board}/blocks"), orders_view()).await.expect(201));
        owner.put(&format!("/api/boards/{board}/listing"), listing(PRIVATE_BOARD_NAME)).await.expect(200);
        owner.put(&format!("/api/boards/{board}"), json!({"public": false})).await.expect(200);

        let public_board = owner.post("/api/boards", json!({"workspace_id": workspace, "name": "Public menu", "slug": PUBLIC_SLUG})).await;
        let public_board = id_of(public_board.expect(201));
        owner.put(&format!("/api/boards/{public_board}"), json!({"spreadsheetId": linked})).await.expect(200);
        let public_table = json!({"type": "table", "sheet_title": PUBLIC_TAB});
        owner.post(&format!("/api/boards/{public_board}/blocks"), public_table).await.expect(201);
        owner.put(&format!("/api/boards/{public_board}/listing"), listing("Public menu")).await.expect(200);

        let app = owner.post("/api/apps", json!({"workspace_id": workspace, "name": PRIVATE_APP_NAME, "subdomain": APP_SUBDOMAIN})).await;
        let app = id_of(&app.expect(201)["app"]);
        owner.put(&format!("/api/apps/{app}"), json!({"spreadsheetId": spreadsheet})).await.expect(200);
        let page = owner.post(&format!("/api/apps/{app}/pages"), json!({"page_name": "Orders", "page_slug": PAGE_SLUG})).await;
        let page = id_of(&page.expect(201)["page"]);
        let page_blocks = format!("/api/apps/{app}/pages/{page}/blocks");
        let page_table = id_of(owner.post(&page_blocks, orders_table()).await.expect(201));
        let page_view = id_of(owner.post(&page_blocks, orders_view()).await.expect(201));
        let page_note = id_of(owner.post(&page_blocks, json!({"type": "markdown", "text": "Note"})).await.expect(201));
        let upload = upload_image(&owner, &page_table).await;
        // The private spreadsheet's rows replaced by the same rows, so that it keeps an import
        // (restoring it changes nothing the other rows rely on).
        let log = tessera_server::sheets::row_log::RowLog {
            spreadsheet_id: spreadsheet.clone(),
            actor: tessera_server::sheets::row_log::ActivityActor::of(
                &tessera_server::accounts::auth::Caller::default(),
                tessera_server::accounts::roles::Role::Owner,
                || "Olive".to_owned(),
            ),
            via: Default::default(),
            undoes: None,
        };
        let limits = tessera_server::HistoryLimits::default();
        tessera_server::history::imports::replace(server.db(), &limits, &spreadsheet, Incoming::Whole(vec![orders()]), "orders.csv", &log)
            .await
            .unwrap();

        let open_app =
            owner.post("/api/apps", json!({"workspace_id": workspace, "name": "Open app", "subdomain": OPEN_APP_SUBDOMAIN})).await;
        let open_app = id_of(&open_app.expect(201)["app"]);
        owner.put(&format!("/api/apps/{open_app}"), json!({"public": true, "spreadsheetId": linked})).await.expect(200);

        let rita = server.user("Rita", "rita@acme.test").await;
        let wes = server.user("Wes", "wes@acme.test").await;
        let invite =
            |name: &str, email: &str, permissions: &str| json!({"appId": app, "name": name, "email": email, "permissions": permissions});
        let rita_invite = owner.post("/api/mutipageapp_users", invite("Rita", "rita@acme.test", "read")).await;
        let rita_invite = rita_invite.expect(201)["new_app_user"]["id"].as_str().unwrap().to_owned();
        owner.post("/api/mutipageapp_users", invite("Wes", "wes@acme.test", "read-write")).await.expect(201);
        let stranger = server.user("Sam", "sam@elsewhere.test").await;
        let admin = server.admin().await;

        let values = HashMap::from([
            ("workspace", workspace.clone()),
            ("spreadsheet", spreadsheet),
            ("linked_spreadsheet", linked),
            ("csv_url", csv_url),
            ("board", board),
            ("board_slug", PRIVATE_SLUG.to_owned()),
            ("board_table", board_table),
            ("board_view", board_view),
            ("public_board", public_board),
            ("app", app),
            ("app_sub", APP_SUBDOMAIN.to_owned()),
            ("open_app", open_app),
            ("page", page),
            ("page_slug", PAGE_SLUG.to_owned()),
            ("page_table", page_table),
            ("page_view", page_view),
            ("page_note", page_note),
            ("record", "r1".to_owned()),
            ("record_name", "Ada".to_owned()),
            ("rita_invite", rita_invite),
            ("stranger_user", stranger.user().id.clone()),
            ("upload", upload),
        ]);

        let mut callers = HashMap::new();
        let signed_in = [(Who::Read, rita), (Who::ReadWrite, wes), (Who::Stranger, stranger), (Who::Admin, admin)];
        for (who, client) in signed_in {
            let user = client.user().clone();
            let my_ws = own_workspace(&client, who).await;
            callers.insert(who, Caller::new(&server, who, Some(user), my_ws).await);
        }
        callers.insert(Who::Owner, Caller::new(&server, Who::Owner, Some(owner.user().clone()), workspace).await);
        callers.insert(Who::Guest, Caller::new(&server, Who::Guest, None, "no-workspace".to_owned()).await);

        Self { server, values, callers, sessions: Mutex::default(), _links: links, _uploads: uploads, next: AtomicUsize::new(1) }
    }

    /// A number no other request of this run used (sub-domains, e-mails, names).
    pub fn unique(&self) -> usize {
        self.next.fetch_add(1, Ordering::Relaxed)
    }

    /// A new client for `who`, so that no cookie an earlier answer set (a guest's log-in) is
    /// carried along; signed-in callers send their session as a Bearer token.
    pub async fn client(&self, who: Who) -> Client {
        let Some(user) = &self.callers[&who].user else { return self.server.guest() };
        let cached = self.sessions.lock().unwrap().get(&who).cloned();
        let token = match cached {
            Some(token) => token,
            None => {
                let token = self
                    .server
                    .state
                    .keys
                    .start(self.server.db(), &user.id, &tessera_server::accounts::auth::session::Origin::default())
                    .await
                    .unwrap()
                    .token;
                self.sessions.lock().unwrap().insert(who, token.clone());
                token
            }
        };
        Client::new(&self.server.base, Some(token), Some(user.clone()))
    }

    /// Starts new sessions from now on: a row logged out or changed a password.
    pub fn forget_sessions(&self) {
        self.sessions.lock().unwrap().clear();
    }

    /// The value of `$name` for `who`: a caller's own, the fixture's, or one read now.
    async fn value(&self, who: Who, name: &str) -> Option<String> {
        if let Some(value) = self.callers[&who].values.get(name).or_else(|| self.values.get(name)) {
            return Some(value.clone());
        }
        let ids = match name {
            "n" => return Some(self.unique().to_string()),
            "board_block_ids" => self.ids("SELECT id FROM blocks WHERE board_id = $1 ORDER BY position", "board").await,
            "page_block_ids" => self.ids("SELECT id FROM blocks WHERE page_id = $1 ORDER BY position", "page").await,
            "page_ids" => self.ids("SELECT id FROM pages WHERE app_id = $1 ORDER BY position, created_at, id", "app").await,
            // The newest of each: restoring it changes nothing the other rows rely on.
            "board_revision" => return self.newest("SELECT id FROM revisions WHERE board_id = $1 ORDER BY number DESC", "board").await,
            "app_revision" => return self.newest("SELECT id FROM revisions WHERE app_id = $1 ORDER BY number DESC", "app").await,
            "kept_import" => {
                return self.newest("SELECT id FROM import_snapshots WHERE spreadsheet_id = $1 ORDER BY id DESC", "spreadsheet").await
            }
            _ => return None,
        };
        Some(Value::from(ids).to_string())
    }

    /// `template` with each `$name` replaced by its value for `who` (`$fresh` by `fresh`).
    pub async fn fill(&self, who: Who, fresh: Option<&str>, template: &str) -> String {
        let mut out = String::new();
        let mut rest = template;
        while let Some(at) = rest.find('$') {
            out.push_str(&rest[..at]);
            let after = &rest[at + 1..];
            let name = &after[..after.find(|c: char| !(c.is_ascii_lowercase() || c == '_')).unwrap_or(after.len())];
            let value = match name {
                "fresh" => fresh.map(str::to_owned),
                _ => self.value(who, name).await,
            };
            out.push_str(&value.unwrap_or_else(|| panic!("`${name}` in `{template}` is no placeholder of the fixture")));
            rest = &after[name.len()..];
        }
        out.push_str(rest);
        out
    }

    /// The ids a query answers for the fixture's `$key`, in order (order calls list every one).
    async fn ids(&self, sql: &str, key: &str) -> Vec<String> {
        let rows: Vec<(String,)> = sqlx::query_as(sql).bind(&self.values[key]).fetch_all(&self.server.db().pool).await.unwrap();
        rows.into_iter().map(|(id,)| id).collect()
    }

    /// The first id a query answers for the fixture's `$key`.
    async fn newest(&self, sql: &str, key: &str) -> Option<String> {
        self.ids(sql, key).await.into_iter().next()
    }

    /// Makes a fresh `kind` as the owner and answers its id (a code for `Fresh::Code`).
    pub async fn fresh(&self, kind: Fresh) -> String {
        let n = self.unique();
        let (workspace, app, page) = (&self.values["workspace"], &self.values["app"], &self.values["page"]);
        // A session of its own: the rows that change the owner's password end every older one.
        let owner = &self.client(Who::Owner).await;
        match kind {
            Fresh::Workspace => {
                id_of(owner.post("/api/workspaces", json!({"name": "Scratch", "subdomain": format!("scratch-{n}")})).await.expect(201))
            }
            Fresh::Board | Fresh::ListedBoard => {
                let board =
                    id_of(owner.post("/api/boards", json!({"workspace_id": workspace, "name": format!("Scratch {n}")})).await.expect(201));
                if kind == Fresh::ListedBoard {
                    owner.put(&format!("/api/boards/{board}/listing"), listing("Scratch")).await.expect(200);
                }
                board
            }
            Fresh::App => {
                let created = owner
                    .post("/api/apps", json!({"workspace_id": workspace, "name": "Scratch", "subdomain": format!("scratch-app-{n}")}))
                    .await;
                id_of(&created.expect(201)["app"])
            }
            Fresh::Page => id_of(
                &owner.post(&format!("/api/apps/{app}/pages"), json!({"page_name": format!("Scratch {n}")})).await.expect(201)["page"],
            ),
            Fresh::PageBlock => {
                id_of(owner.post(&format!("/api/apps/{app}/pages/{page}/blocks"), json!({"type": "markdown"})).await.expect(201))
            }
            Fresh::Row => {
                let added =
                    owner.post(&format!("/api/blocks/{}/rows", self.values["page_table"]), json!({"values": {"Name": "Scratch"}})).await;
                added.expect(201)["record_id"].as_str().unwrap().to_owned()
            }
            Fresh::Spreadsheet => {
                let request = owner.request(Method::POST, "/api/spreadsheets/upload").multipart(csv_form(Some(workspace)));
                let reply = Client::finish(request).await;
                reply.expect(201)["spreadsheet"]["id"].as_str().unwrap().to_owned()
            }
            Fresh::AppUser => {
                let invite = json!({"appId": app, "name": "Scratch", "email": format!("scratch-{n}@acme.test"), "permissions": "read"});
                owner.post("/api/mutipageapp_users", invite).await.expect(201)["new_app_user"]["id"].as_str().unwrap().to_owned()
            }
            Fresh::User => {
                let email = format!("scratch-{n}@acme.test");
                tessera_server::accounts::create_user(self.server.db(), "Scratch", &email, PASSWORD, true).await.unwrap().id
            }
            Fresh::Activity => {
                let added =
                    owner.post(&format!("/api/blocks/{}/rows", self.values["board_table"]), json!({"values": {"Name": "Logged"}})).await;
                added.expect(201);
                let feed = owner.get(&format!("/api/boards/{}/activity?limit=1", self.values["board"])).await;
                feed.expect(200)["entries"][0]["id"].as_str().unwrap().to_owned()
            }
            Fresh::Code => {
                let code = format!("MATRIX-{n}-{:08X}", rand::random::<u32>());
                sqlx::query("INSERT INTO redemption_codes (code, plan_id, created_at) VALUES ($1, 'paid', 1)")
                    .bind(&code)
                    .execute(&self.server.db().pool)
                    .await
                    .unwrap();
                code
            }
        }
    }
}

impl Caller {
    /// The values only this caller's rows use: their own workspace, name, and two accounts of
    /// their own to log in to or verify (per-account rate limits then never meet).
    async fn new(server: &TestServer, who: Who, user: Option<User>, my_ws: String) -> Self {
        let label = who.label().replace(' ', "-");
        let twin = format!("twin-{label}@acme.test");
        let pending = format!("pending-{label}@acme.test");
        tessera_server::accounts::create_user(server.db(), "Twin", &twin, PASSWORD, true).await.unwrap();
        tessera_server::accounts::create_user(server.db(), "Pending", &pending, PASSWORD, false).await.unwrap();
        if let Some(user) = &user {
            let event = format!("evt-{label}");
            let payment = Payment { event_id: &event, status: PaymentStatus::Failed, user_id: Some(&user.id), plan_id: None, detail: "" };
            plans::record_payment(server.db(), &payment).await.unwrap();
        }
        let name = user.as_ref().map_or_else(String::new, |user| user.name.clone());
        let values = HashMap::from([("my_ws", my_ws), ("my_name", name), ("my_twin", twin), ("my_pending", pending)]);
        Self { user, values }
    }
}

/// A workspace of the caller's own, for the rows that copy into one.
async fn own_workspace(client: &Client, who: Who) -> String {
    let subdomain = format!("own-{}", who.label().replace(' ', "-"));
    id_of(client.post("/api/workspaces", json!({"name": "Own", "subdomain": subdomain})).await.expect(201))
}

/// A one-pixel PNG as the multipart field `file`.
pub fn image_form() -> reqwest::multipart::Form {
    let part = reqwest::multipart::Part::bytes(PNG).file_name("pixel.png").mime_str("image/png").unwrap();
    reqwest::multipart::Form::new().part("file", part)
}

async fn upload_image(owner: &Client, block: &str) -> String {
    let request = owner.request(Method::POST, &format!("/api/blocks/{block}/uploads")).multipart(image_form());
    id_of(Client::finish(request).await.expect(201))
}

/// A small CSV file as the multipart field `file`, with `workspace_id` when given.
pub fn csv_form(workspace: Option<&str>) -> reqwest::multipart::Form {
    let part = reqwest::multipart::Part::bytes(b"Name,Amount\nZed,1\n".to_vec()).file_name("upload.csv").mime_str("text/csv").unwrap();
    let form = reqwest::multipart::Form::new().part("file", part);
    match workspace {
        Some(workspace) => form.text("workspace_id", workspace.to_owned()),
        None => form,
    }
}

/// `request` carrying a payment event of a type Tessera ignores, signed as the provider signs it.
pub fn signed_event(request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    let body = json!({"id": format!("evt-ping-{}", rand::random::<u32>()), "type": "ping"}).to_string();
    let timestamp = tessera_server::infra::db::now();
    let mut mac = Hmac::<Sha256>::new_from_slice(WEBHOOK_SECRET.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{body}").as_bytes());
    let signature = format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()));
    request.header("content-type", "application/json").header("Tessera-Signature", signature).body(body)
}
