//! The access matrix: every operation of `/api/openapi.json` with what each caller gets.
//!
//! A row names the operation as the document does (method and path template), the request the
//! matrix sends (`$name` placeholders are the fixture's, see `fixture.rs`), the body, a fresh
//! target when the call destroys or uses one up, and the outcome for each caller in the order
//! guest, Read app user, Read-Write app user, another workspace's owner, platform admin, owner.
//! An operation may have more than one row (another target that proves another rule); it must
//! have at least one.

use super::fixture::Fresh;

/// What a caller gets, as classes of exact statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// 200 to 299.
    Ok,
    /// 400 or 422: the call let the caller in and then refused the input, alike for everyone.
    Invalid,
    /// 401: sign in first.
    Login,
    /// 403: 'Access denied'.
    Denied,
    /// 404: not there for this caller.
    Hidden,
}

impl Outcome {
    pub fn of(status: u16) -> Option<Self> {
        match status {
            200..=299 => Some(Self::Ok),
            400 | 422 => Some(Self::Invalid),
            401 => Some(Self::Login),
            403 => Some(Self::Denied),
            404 => Some(Self::Hidden),
            _ => None,
        }
    }

    /// Whether the caller was kept out (no data of the call may be in the answer).
    pub fn refused(self) -> bool {
        !matches!(self, Self::Ok)
    }
}

use Outcome::{Denied, Hidden, Invalid, Login, Ok};

/// One outcome per caller: guest, read, read-write, other owner, admin, owner.
pub type Rights = [Outcome; 6];

/// Open calls: the same answer for everybody.
const EVERYONE: Rights = [Ok; 6];
/// Calls about the caller's own account or things: any session.
const SIGNED_IN: Rights = [Login, Ok, Ok, Ok, Ok, Ok];
/// Open calls whose input this matrix sends is refused, after letting everybody in.
const INPUT_REFUSED: Rights = [Invalid; 6];
/// A session is needed; then the input is refused.
const SIGNED_IN_INPUT_REFUSED: Rights = [Login, Invalid, Invalid, Invalid, Invalid, Invalid];
/// Changing the owner's things (workspace, boards, apps, pages, blocks, spreadsheets, app users):
/// the owner and admins; guests are asked to log in, app users and other owners refused.
const EDITORS: Rights = [Login, Denied, Denied, Denied, Ok, Ok];
/// Reading a private board: its owner and admins. Boards have no app users, so Read and
/// Read-Write users of the owner's app are strangers here.
const BOARD_VIEWERS: Rights = [Denied, Denied, Denied, Denied, Ok, Ok];
/// Reading a private app: its owner, admins and its invited users.
const APP_VIEWERS: Rights = [Denied, Ok, Ok, Denied, Ok, Ok];
/// Writing rows through a private app's block whose audience is Admins: Read users may not.
const ROW_WRITERS: Rights = [Denied, Denied, Ok, Denied, Ok, Ok];
/// The administration API.
const ADMINS: Rights = [Login, Denied, Denied, Denied, Ok, Denied];

/// The request body of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    None,
    /// JSON with `$placeholders` (a placeholder inside quotes is text, bare it is JSON).
    Json(&'static str),
    /// A CSV file as multipart `file`, with `workspace_id` = `$workspace` when true.
    CsvFile {
        with_workspace: bool,
    },
    /// A PNG as multipart `file`.
    Image,
    /// A payment event signed with the configured webhook secret.
    SignedEvent,
}

#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub method: &'static str,
    /// The path template of the OpenAPI document.
    pub path: &'static str,
    /// The request sent: the template's parameters filled with placeholders, plus a query.
    pub ask: &'static str,
    pub body: Body,
    /// Bound to `$fresh` for each caller.
    pub fresh: Option<Fresh>,
    pub rights: Rights,
    /// The call ends the caller's session (log-out, a new password).
    pub ends_session: bool,
}

const fn row(method: &'static str, path: &'static str, ask: &'static str, rights: Rights) -> Row {
    Row { method, path, ask, body: Body::None, fresh: None, rights, ends_session: false }
}

const fn get(path: &'static str, ask: &'static str, rights: Rights) -> Row {
    row("get", path, ask, rights)
}

const fn post(path: &'static str, ask: &'static str, rights: Rights) -> Row {
    row("post", path, ask, rights)
}

const fn put(path: &'static str, ask: &'static str, rights: Rights) -> Row {
    row("put", path, ask, rights)
}

const fn delete(path: &'static str, ask: &'static str, rights: Rights) -> Row {
    row("delete", path, ask, rights)
}

impl Row {
    const fn json(self, body: &'static str) -> Self {
        Self { body: Body::Json(body), ..self }
    }

    const fn body(self, body: Body) -> Self {
        Self { body, ..self }
    }

    const fn fresh(self, kind: Fresh) -> Self {
        Self { fresh: Some(kind), ..self }
    }

    const fn ends_session(self) -> Self {
        Self { ends_session: true, ..self }
    }
}

const LISTING: &str = r#"{"title": "Public menu", "description": "Plans", "category": "Operations", "tags": ["plans"]}"#;

#[rustfmt::skip]
pub const TABLE: &[Row] = &[
    get("/api/health", "/api/health", EVERYONE),
    get("/api/docs/guides", "/api/docs/guides", EVERYONE),
    get("/api/getENV/{name}", "/api/getENV/BEANSTALK_ENDPOINT", EVERYONE),
    post("/api/client-errors", "/api/client-errors", EVERYONE).json(r#"{"message": "matrix"}"#),
    get("/api/blocks", "/api/blocks?board=$board_slug", EVERYONE),
    get("/api/blocks/catalogue", "/api/blocks/catalogue", EVERYONE),
    get("/api/plans", "/api/plans", EVERYONE),
    get("/api/marketplace", "/api/marketplace", EVERYONE),
    // Uploaded files are served by their unguessable id (UUID v4) to whoever holds it, as images
    // in public boards' cells must be.
    get("/api/uploads/{uploadId}", "/api/uploads/$upload", EVERYONE),
    // Signed by the payment provider, not by a session.
    post("/api/payments/webhook", "/api/payments/webhook", EVERYONE).body(Body::SignedEvent),

    // Accounts: each caller signs up, logs in, asks for codes for accounts of its own.
    post("/api/auth/signup", "/api/auth/signup", EVERYONE).json(r#"{"name": "New", "email": "new-$n@acme.test", "password": "correct horse battery"}"#),
    post("/api/auth/verify-email", "/api/auth/verify-email", INPUT_REFUSED).json(r#"{"email": "$my_pending", "code": "wrong"}"#),
    post("/api/auth/resend-code", "/api/auth/resend-code", EVERYONE).json(r#"{"email": "$my_pending"}"#),
    post("/api/auth/login", "/api/auth/login", EVERYONE).json(r#"{"email": "$my_twin", "password": "correct horse battery"}"#),
    post("/api/auth/login-link", "/api/auth/login-link", EVERYONE).json(r#"{"email": "$my_twin"}"#),
    post("/api/auth", "/api/auth", INPUT_REFUSED).json(r#"{"token": "not-a-token"}"#),
    get("/api/auth", "/api/auth", SIGNED_IN),
    post("/api/auth/forgot-password", "/api/auth/forgot-password", EVERYONE).json(r#"{"email": "$my_twin"}"#),
    post("/api/auth/reset-password", "/api/auth/reset-password", INPUT_REFUSED).json(r#"{"email": "$my_twin", "code": "wrong", "password": "another long password"}"#),
    post("/api/auth/logout", "/api/auth/logout", EVERYONE).ends_session(),
    get("/api/account", "/api/account", SIGNED_IN),
    put("/api/account", "/api/account", SIGNED_IN).json(r#"{"name": "$my_name"}"#),
    get("/api/account/onboarding", "/api/account/onboarding", SIGNED_IN),
    put("/api/account/onboarding", "/api/account/onboarding", SIGNED_IN).json(r#"{"dismissed": true}"#),
    put("/api/account/password", "/api/account/password", SIGNED_IN).json(r#"{"current_password": "correct horse battery", "new_password": "correct horse battery"}"#).ends_session(),
    // A wrong password: the account stays, and the 400 shows the session was accepted.
    delete("/api/account", "/api/account", SIGNED_IN_INPUT_REFUSED).json(r#"{"password": "not the password"}"#),
    // Each caller's own sessions; `account::a_user_lists_and_ends_only_their_own_sessions` proves
    // nobody sees or ends another's.
    get("/api/account/sessions", "/api/account/sessions", SIGNED_IN),
    post("/api/account/sessions/logout-everywhere", "/api/account/sessions/logout-everywhere", SIGNED_IN),
    // No session has this id: a 404 for everyone signed in, as another user's session is.
    delete("/api/account/sessions/{sessionId}", "/api/account/sessions/matrix-no-such-session", [Login, Hidden, Hidden, Hidden, Hidden, Hidden]),
    post("/api/plans/redeem", "/api/plans/redeem", SIGNED_IN).json(r#"{"code": "$fresh"}"#).fresh(Fresh::Code),
    get("/api/payments/latest", "/api/payments/latest", SIGNED_IN),

    // The owner's workspace.
    get("/api/workspaces", "/api/workspaces", SIGNED_IN),
    post("/api/workspaces", "/api/workspaces", SIGNED_IN).json(r#"{"name": "Space", "subdomain": "space-$n"}"#),
    get("/api/workspaces/{workspaceId}", "/api/workspaces/$workspace", EDITORS),
    put("/api/workspaces/{workspaceId}", "/api/workspaces/$workspace", EDITORS).json(r#"{"name": "Acme"}"#),
    delete("/api/workspaces/{workspaceId}", "/api/workspaces/$fresh", EDITORS).fresh(Fresh::Workspace),
    get("/api/workspaces/{workspaceId}/embed-secret", "/api/workspaces/$workspace/embed-secret", EDITORS),
    post("/api/workspaces/{workspaceId}/embed-secret/rotate", "/api/workspaces/$workspace/embed-secret/rotate", EDITORS),
    get("/api/spreadsheets", "/api/spreadsheets?workspace_id=$workspace", EDITORS),
    post("/api/spreadsheets", "/api/spreadsheets", EDITORS).json(r#"{"workspace_id": "$workspace", "kind": "csv_url", "url": "$csv_url", "name": "Linked $n"}"#),
    post("/api/spreadsheets/upload", "/api/spreadsheets/upload", EDITORS).body(Body::CsvFile { with_workspace: true }),
    get("/api/spreadsheets/{spreadsheetId}", "/api/spreadsheets/$spreadsheet", EDITORS),
    post("/api/spreadsheets/{spreadsheetId}/refresh", "/api/spreadsheets/$linked_spreadsheet/refresh", EDITORS),
    put("/api/spreadsheets/{spreadsheetId}/upload", "/api/spreadsheets/$fresh/upload", EDITORS).body(Body::CsvFile { with_workspace: false }).fresh(Fresh::Spreadsheet),
    // No import of that id runs for anyone here: a user sees only their own imports, which
    // spreadsheet_files.rs `an_import_reports_its_progress_to_the_user_who_started_it_only` checks.
    get("/api/imports/{importId}/progress", "/api/imports/matrix-import-01/progress", [Login, Hidden, Hidden, Hidden, Hidden, Hidden]),
    delete("/api/spreadsheets/{spreadsheetId}", "/api/spreadsheets/$fresh", EDITORS).fresh(Fresh::Spreadsheet),
    get("/api/spreadsheets/{spreadsheetId}/sheets/{title}/grid", "/api/spreadsheets/$spreadsheet/sheets/Orders/grid", EDITORS),
    get("/api/spreadsheets/{spreadsheetId}/sheets/{title}/columns", "/api/spreadsheets/$spreadsheet/sheets/Orders/columns", EDITORS),
    get("/api/spreadsheets/{spreadsheetId}/export.parquet", "/api/spreadsheets/$spreadsheet/export.parquet?sheet=Orders", EDITORS),

    // The private board.
    get("/api/boards", "/api/boards", SIGNED_IN),
    post("/api/boards", "/api/boards", EDITORS).json(r#"{"workspace_id": "$workspace", "name": "Board $n"}"#),
    get("/api/boards/{boardId}", "/api/boards/$board", BOARD_VIEWERS),
    put("/api/boards/{boardId}", "/api/boards/$board", EDITORS).json(r#"{"name": "Private plans"}"#),
    delete("/api/boards/{boardId}", "/api/boards/$fresh", EDITORS).fresh(Fresh::Board),
    post("/api/boards/{boardId}/duplicate", "/api/boards/$board/duplicate", EDITORS),
    post("/api/board/update-metadata", "/api/board/update-metadata?board=$board_slug&referer=x", BOARD_VIEWERS),
    get("/api/board/workspace", "/api/board/workspace?board=$board_slug", BOARD_VIEWERS),
    get("/api/board/workspace", "/api/board/workspace", SIGNED_IN),
    get("/api/boards/{boardId}/preview.svg", "/api/boards/$board/preview.svg", BOARD_VIEWERS),
    post("/api/boards/{boardId}/embed-token", "/api/boards/$board/embed-token", EDITORS).json(r#"{"expires_in_minutes": 60}"#),
    get("/api/boards/{boardId}/rebind", "/api/boards/$board/rebind?spreadsheet_id=$spreadsheet", EDITORS),
    post("/api/boards/{boardId}/rebind", "/api/boards/$board/rebind", EDITORS).json(r#"{"spreadsheet_id": "$spreadsheet"}"#),
    post("/api/boards/{boardId}/blocks", "/api/boards/$board/blocks", EDITORS).json(r#"{"type": "markdown", "text": "Added"}"#),
    put("/api/boards/{boardId}/blocks/order", "/api/boards/$board/blocks/order", EDITORS).json(r#"{"ids": $board_block_ids}"#),
    get("/api/board/{spreadsheetId}/sheet/{sheet_title}", "/api/board/$spreadsheet/sheet/Orders?board=$board_slug&referer=x", BOARD_VIEWERS),
    get("/api/board/{spreadsheetId}/sheet/{sheet_title}/export.csv", "/api/board/$spreadsheet/sheet/Orders/export.csv?board=$board_slug&block=$board_table", BOARD_VIEWERS),
    get("/api/board/{spreadsheetId}/sheet/{sheet_title}/values", "/api/board/$spreadsheet/sheet/Orders/values?board=$board_slug&column=Name", BOARD_VIEWERS),
    get("/api/board/{spreadsheetId}/view/{blockId}", "/api/board/$spreadsheet/view/$board_view?board=$board_slug", BOARD_VIEWERS),
    get("/api/board/{spreadsheetId}/first-paint", "/api/board/$spreadsheet/first-paint?board=$board_slug", BOARD_VIEWERS),
    post("/v3/getSpreadsheetData", "/v3/getSpreadsheetData", BOARD_VIEWERS).json(r#"{"params": {"board": "$board_slug", "referer": "x"}}"#),
    // Rows of a private board's block: its viewers only, whatever the block's audience.
    post("/api/blocks/{blockId}/rows", "/api/blocks/$board_table/rows", BOARD_VIEWERS).json(r#"{"values": {"Name": "Added"}}"#),

    // The marketplace: the listed public board is copied by anyone signed in into their own
    // workspace; the private board's listing is neither read nor copied.
    get("/api/boards/{boardId}/listing", "/api/boards/$board/listing", BOARD_VIEWERS),
    put("/api/boards/{boardId}/listing", "/api/boards/$public_board/listing", EDITORS).json(LISTING),
    delete("/api/boards/{boardId}/listing", "/api/boards/$fresh/listing", EDITORS).fresh(Fresh::ListedBoard),
    post("/api/marketplace/{boardId}/copy", "/api/marketplace/$public_board/copy", SIGNED_IN).json(r#"{"workspace_id": "$my_ws"}"#),
    post("/api/marketplace/{boardId}/copy", "/api/marketplace/$board/copy", [Login, Hidden, Hidden, Hidden, Hidden, Hidden]).json(r#"{"workspace_id": "$my_ws"}"#),

    // The private app and its page.
    get("/api/apps", "/api/apps", SIGNED_IN),
    post("/api/apps", "/api/apps", EDITORS).json(r#"{"workspace_id": "$workspace", "name": "App", "subdomain": "app-$n"}"#),
    get("/api/apps/{appId}", "/api/apps/$app", APP_VIEWERS),
    put("/api/apps/{appId}", "/api/apps/$app", EDITORS).json(r#"{"name": "Acme app"}"#),
    delete("/api/apps/{appId}", "/api/apps/$fresh", EDITORS).fresh(Fresh::App),
    post("/api/apps/{appId}/duplicate", "/api/apps/$app/duplicate", EDITORS).json(r#"{"subdomain": "copy-$n"}"#),
    post("/api/app/app-info", "/api/app/app-info", APP_VIEWERS).json(r#"{"appName": "$app_sub"}"#),
    get("/api/pages/{appId}", "/api/pages/$app", APP_VIEWERS),
    get("/api/page/{slug}", "/api/page/$page_slug?app_id=$app", APP_VIEWERS),
    get("/api/page/", "/api/page/?app=$app_sub", APP_VIEWERS),
    post("/api/page/update-metadata", "/api/page/update-metadata?app_id=$app&board=$page_slug", APP_VIEWERS),
    post("/api/apps/{appId}/pages", "/api/apps/$app/pages", EDITORS).json(r#"{"page_name": "Page $n"}"#),
    put("/api/apps/{appId}/pages/{pageId}", "/api/apps/$app/pages/$page", EDITORS).json(r#"{"page_name": "Orders"}"#),
    delete("/api/apps/{appId}/pages/{pageId}", "/api/apps/$app/pages/$fresh", EDITORS).fresh(Fresh::Page),
    put("/api/apps/{appId}/pages/order", "/api/apps/$app/pages/order", EDITORS).json(r#"{"ids": $page_ids}"#),
    post("/api/apps/{appId}/pages/{pageId}/blocks", "/api/apps/$app/pages/$page/blocks", EDITORS).json(r#"{"type": "markdown", "text": "Added"}"#),
    put("/api/apps/{appId}/pages/{pageId}/blocks/order", "/api/apps/$app/pages/$page/blocks/order", EDITORS).json(r#"{"ids": $page_block_ids}"#),
    put("/api/blocks/{blockId}", "/api/blocks/$page_note", EDITORS).json(r#"{"type": "markdown", "text": "Note"}"#),
    post("/api/blocks/{blockId}/duplicate", "/api/blocks/$page_note/duplicate", EDITORS),
    delete("/api/blocks/{blockId}", "/api/blocks/$fresh", EDITORS).fresh(Fresh::PageBlock),
    get("/api/mutipageapp_users/{appId}", "/api/mutipageapp_users/$app", EDITORS),
    post("/api/mutipageapp_users", "/api/mutipageapp_users", EDITORS).json(r#"{"appId": "$app", "name": "Ivy", "email": "ivy-$n@acme.test", "permissions": "read"}"#),
    put("/api/mutipageapp_users", "/api/mutipageapp_users", EDITORS).json(r#"{"appId": "$app", "userId": "$rita_invite", "name": "Rita", "email": "rita@acme.test", "permissions": "read"}"#),
    delete("/api/mutipageapp_users", "/api/mutipageapp_users", EDITORS).json(r#"{"appId": "$app", "userId": "$fresh"}"#).fresh(Fresh::AppUser),
    // Only the e-mailed token opens an invitation; the matrix holds none, so everyone gets the 404
    // (what its holder gets: app_users.rs).
    get("/api/invitations/{token}", "/api/invitations/0000000000000000000000000000000000000000000000000000000000000000", [Hidden; 6]),
    get("/v3/api/page/sheet/{sheet_title}", "/v3/api/page/sheet/Orders?app_id=$app&board=$page_slug", APP_VIEWERS),
    get("/v3/api/page/sheet/{sheet_title}/export.csv", "/v3/api/page/sheet/Orders/export.csv?app_id=$app&board=$page_slug&block=$page_table", APP_VIEWERS),
    get("/v3/api/page/sheet/{sheet_title}/values", "/v3/api/page/sheet/Orders/values?app_id=$app&board=$page_slug&column=Name", APP_VIEWERS),
    get("/v3/api/page/view/{blockId}", "/v3/api/page/view/$page_view?app_id=$app&board=$page_slug", APP_VIEWERS),
    get("/v3/api/page/first-paint", "/v3/api/page/first-paint?app_id=$app&board=$page_slug", APP_VIEWERS),
    post("/v3/getSpreadsheetData", "/v3/getSpreadsheetData?app_id=$app", APP_VIEWERS).json(r#"{"params": {"board": "$page_slug"}}"#),
    post("/api/blocks/{blockId}/rows", "/api/blocks/$page_table/rows", ROW_WRITERS).json(r#"{"values": {"Name": "Added"}}"#),
    put("/api/blocks/{blockId}/rows/{recordId}", "/api/blocks/$page_table/rows/$record", ROW_WRITERS).json(r#"{"values": {"Name": "$record_name"}}"#),
    post("/api/blocks/{blockId}/rows/{recordId}/duplicate", "/api/blocks/$page_table/rows/$record/duplicate", ROW_WRITERS),
    delete("/api/blocks/{blockId}/rows/{recordId}", "/api/blocks/$page_table/rows/$fresh", ROW_WRITERS).fresh(Fresh::Row),
    post("/api/blocks/{blockId}/actions/{index}", "/api/blocks/$page_table/actions/3", ROW_WRITERS).json(r#"{"record_id": "$record"}"#),
    post("/api/blocks/{blockId}/uploads", "/api/blocks/$page_table/uploads", ROW_WRITERS).body(Body::Image),

    // History (issue 30): the owner's and admins' alone; app users never see it.
    get("/api/boards/{boardId}/revisions", "/api/boards/$board/revisions", EDITORS),
    get("/api/boards/{boardId}/revisions/{revisionId}", "/api/boards/$board/revisions/$board_revision", EDITORS),
    post("/api/boards/{boardId}/revisions/{revisionId}/restore", "/api/boards/$board/revisions/$board_revision/restore", EDITORS),
    get("/api/apps/{appId}/revisions", "/api/apps/$app/revisions", EDITORS),
    get("/api/apps/{appId}/revisions/{revisionId}", "/api/apps/$app/revisions/$app_revision", EDITORS),
    post("/api/apps/{appId}/revisions/{revisionId}/restore", "/api/apps/$app/revisions/$app_revision/restore", EDITORS),
    get("/api/spreadsheets/{spreadsheetId}/activity", "/api/spreadsheets/$spreadsheet/activity", EDITORS),
    get("/api/spreadsheets/{spreadsheetId}/activity", "/api/spreadsheets/$spreadsheet/activity?format=csv", EDITORS),
    get("/api/boards/{boardId}/activity", "/api/boards/$board/activity", EDITORS),
    post("/api/activity/{entryId}/revert", "/api/activity/$fresh/revert", EDITORS).json("{}").fresh(Fresh::Activity),
    get("/api/spreadsheets/{spreadsheetId}/snapshots", "/api/spreadsheets/$spreadsheet/snapshots", EDITORS),
    post("/api/spreadsheets/{spreadsheetId}/snapshots/{snapshotId}/restore", "/api/spreadsheets/$spreadsheet/snapshots/$kept_import/restore", EDITORS),

    // Administration.
    get("/api/admin/users", "/api/admin/users", ADMINS),
    put("/api/admin/users/{userId}", "/api/admin/users/$stranger_user", ADMINS).json(r#"{"name": "Sam"}"#),
    delete("/api/admin/users/{userId}", "/api/admin/users/$fresh", ADMINS).fresh(Fresh::User),
    get("/api/admin/workspaces", "/api/admin/workspaces", ADMINS),
    delete("/api/admin/workspaces/{id}", "/api/admin/workspaces/$fresh", ADMINS).fresh(Fresh::Workspace),
    get("/api/admin/boards", "/api/admin/boards", ADMINS),
    get("/api/admin/apps", "/api/admin/apps", ADMINS),
    get("/api/admin/plans", "/api/admin/plans", ADMINS),
    put("/api/admin/plans/{planId}", "/api/admin/plans/paid", ADMINS).json("{}"),
    get("/api/admin/redemption-codes", "/api/admin/redemption-codes", ADMINS),
    post("/api/admin/redemption-codes", "/api/admin/redemption-codes", ADMINS).json(r#"{"count": 1, "plan_id": "free"}"#),
    delete("/api/admin/redemption-codes/{code}", "/api/admin/redemption-codes/$fresh", ADMINS).fresh(Fresh::Code),
];
