-- Tessera's first schema. The same SQL runs on SQLite and PostgreSQL: ids are text (random
-- UUIDs, so they cannot be guessed or enumerated), times are Unix seconds in BIGINT, JSON
-- documents are TEXT, and yes/no flags are BIGINT 0 or 1 (sqlx's Any driver cannot read a
-- SQLite BOOLEAN column; the server reads them through `db::Flag`).

-- Accounts -------------------------------------------------------------------------------------

CREATE TABLE plans (
    id          TEXT PRIMARY KEY,            -- 'free' or 'paid'
    name        TEXT NOT NULL,
    embedding   BIGINT NOT NULL CHECK (embedding IN (0, 1)), -- platform §6: embedding needs a paid plan
    description TEXT NOT NULL
);
INSERT INTO plans (id, name, embedding, description) VALUES
    ('free', 'Free', 0, 'Boards, apps and users; no embedding.'),
    ('paid', 'Paid', 1, 'Everything in Free, plus embedding boards in other sites.');

CREATE TABLE users (
    id             TEXT PRIMARY KEY,
    email          TEXT NOT NULL UNIQUE,     -- stored trimmed and lower-cased
    name           TEXT NOT NULL,
    password_hash  TEXT NOT NULL,            -- argon2id PHC string
    email_verified BIGINT NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
    plan_id        TEXT NOT NULL DEFAULT 'free' REFERENCES plans (id),
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

-- One row per issued session JWT (its `jti`), so that log-out and account deletion end a
-- session at once on every replica.
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- E-mail verification codes, password-reset codes and one-time log-in tokens. Only a SHA-256
-- of the secret is stored.
CREATE TABLE one_time_codes (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'login_token')),
    code_hash  TEXT NOT NULL,
    attempts   BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX one_time_codes_by_user ON one_time_codes (user_id, purpose);
CREATE INDEX one_time_codes_by_hash ON one_time_codes (code_hash);

-- Fixed-window counters for rate limits; shared by every replica.
CREATE TABLE rate_limits (
    bucket       TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits         BIGINT NOT NULL,
    PRIMARY KEY (bucket, window_start)
);

-- Every e-mail the server sends, also when no SMTP server is configured (then the log shows it).
CREATE TABLE outbox (
    id         TEXT PRIMARY KEY,
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at    BIGINT,
    error      TEXT
);

-- Secrets the replicas must share (the JWT signing key when TESSERA_JWT_SECRET is not set).
CREATE TABLE server_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Plans and payments ---------------------------------------------------------------------------

CREATE TABLE redemption_codes (
    code        TEXT PRIMARY KEY,
    plan_id     TEXT NOT NULL REFERENCES plans (id),
    created_at  BIGINT NOT NULL,
    redeemed_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    redeemed_at BIGINT
);

-- Payment-provider events, kept so a replayed webhook changes nothing and the payment pages
-- can show the outcome.
CREATE TABLE payments (
    id          TEXT PRIMARY KEY,            -- the provider's event id
    user_id     TEXT REFERENCES users (id) ON DELETE SET NULL,
    status      TEXT NOT NULL CHECK (status IN ('succeeded', 'failed')),
    plan_id     TEXT REFERENCES plans (id),
    detail      TEXT NOT NULL DEFAULT '',
    received_at BIGINT NOT NULL
);
CREATE INDEX payments_by_user ON payments (user_id, received_at);

-- Workspaces, boards, apps ---------------------------------------------------------------------

CREATE TABLE workspaces (
    id         TEXT PRIMARY KEY,
    owner_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    subdomain  TEXT NOT NULL,                -- unique through `subdomains`
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX workspaces_by_owner ON workspaces (owner_id);

-- A connected spreadsheet and its tabs. Every source kind keeps its rows here: an upload is
-- authoritative, a published CSV or a Google Sheet is a snapshot refreshed from the source
-- (`fetched_at`), and writes go to the source first where it can take them.
CREATE TABLE spreadsheets (
    id           TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    source_kind  TEXT NOT NULL CHECK (source_kind IN ('upload', 'csv_url', 'google_sheets')),
    source_url   TEXT NOT NULL DEFAULT '',
    fetched_at   BIGINT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX spreadsheets_by_workspace ON spreadsheets (workspace_id);

-- A tab. `columns` is a JSON array of names ('ChartApps Record ID' included); `version` goes up
-- with every change of its rows and keys the servers' caches of parsed sheets.
CREATE TABLE sheets (
    id             TEXT PRIMARY KEY,
    spreadsheet_id TEXT NOT NULL REFERENCES spreadsheets (id) ON DELETE CASCADE,
    title          TEXT NOT NULL,
    position       BIGINT NOT NULL,
    columns        TEXT NOT NULL,
    version        BIGINT NOT NULL DEFAULT 1,
    updated_at     BIGINT NOT NULL,
    UNIQUE (spreadsheet_id, title)
);

-- One row per record, so that writes to different rows never touch each other. `cells` is a
-- JSON array of strings in the order of the sheet's `columns`.
CREATE TABLE sheet_rows (
    sheet_id  TEXT NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    record_id TEXT NOT NULL,
    position  BIGINT NOT NULL,
    cells     TEXT NOT NULL,
    PRIMARY KEY (sheet_id, record_id)
);
CREATE INDEX sheet_rows_in_order ON sheet_rows (sheet_id, position);

-- Files uploaded through forms and image columns; the bytes live in the file store.
CREATE TABLE uploads (
    id           TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    file_name    TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    created_at   BIGINT NOT NULL
);

-- `settings` holds the board state of platform §3 that has no column of its own (colours, hero,
-- sections, footer, ...); the server fills in the spec's defaults when it reads it.
CREATE TABLE boards (
    id             TEXT PRIMARY KEY,
    workspace_id   TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    slug           TEXT NOT NULL UNIQUE,
    name           TEXT NOT NULL,
    public         BIGINT NOT NULL DEFAULT 0 CHECK (public IN (0, 1)),
    spreadsheet_id TEXT REFERENCES spreadsheets (id) ON DELETE SET NULL,
    settings       TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX boards_by_workspace ON boards (workspace_id);

CREATE TABLE apps (
    id              TEXT PRIMARY KEY,
    workspace_id    TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    subdomain       TEXT NOT NULL,           -- unique through `subdomains`
    spreadsheet_url TEXT NOT NULL DEFAULT '',
    spreadsheet_id  TEXT REFERENCES spreadsheets (id) ON DELETE SET NULL,
    public          BIGINT NOT NULL DEFAULT 0 CHECK (public IN (0, 1)),
    settings        TEXT NOT NULL DEFAULT '{}',
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX apps_by_workspace ON apps (workspace_id);

-- One registry of sub-domains, so "unique across workspaces and apps" is a primary key. A row
-- belongs to its workspace or app and goes when that goes, so no deletion can leave a name taken.
CREATE TABLE subdomains (
    subdomain    TEXT PRIMARY KEY,
    workspace_id TEXT REFERENCES workspaces (id) ON DELETE CASCADE,
    app_id       TEXT REFERENCES apps (id) ON DELETE CASCADE,
    CHECK ((workspace_id IS NULL) <> (app_id IS NULL))
);
CREATE INDEX subdomains_by_workspace ON subdomains (workspace_id);
CREATE INDEX subdomains_by_app ON subdomains (app_id);

-- The home page has page_type 'home' and an empty page_slug.
CREATE TABLE pages (
    id         TEXT PRIMARY KEY,
    app_id     TEXT NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    page_name  TEXT NOT NULL,
    page_slug  TEXT NOT NULL DEFAULT '',
    page_type  TEXT NOT NULL DEFAULT 'page',
    position   BIGINT NOT NULL,
    settings   TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (app_id, page_slug)
);

-- A block belongs to exactly one board or one page; `config` is every setting but id and type.
CREATE TABLE blocks (
    id         TEXT PRIMARY KEY,
    board_id   TEXT REFERENCES boards (id) ON DELETE CASCADE,
    page_id    TEXT REFERENCES pages (id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    block_type TEXT NOT NULL,
    config     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CHECK ((board_id IS NULL) <> (page_id IS NULL))
);
CREATE INDEX blocks_by_board ON blocks (board_id, position);
CREATE INDEX blocks_by_page ON blocks (page_id, position);

-- Users an owner invited to an app (platform §3 "App user").
CREATE TABLE app_users (
    id          TEXT PRIMARY KEY,
    app_id      TEXT NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,               -- trimmed and lower-cased
    permissions TEXT NOT NULL CHECK (permissions IN ('read', 'read-write')),
    created_at  BIGINT NOT NULL,
    UNIQUE (app_id, email)
);
CREATE INDEX app_users_by_email ON app_users (email);
