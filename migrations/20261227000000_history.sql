-- History (issue 30): revisions of boards and apps, the activity log of row writes, and kept
-- earlier imports of uploaded spreadsheets. Pruned by the server (`server/src/history/retention.rs`)
-- after `TESSERA_HISTORY_DAYS` and past the size limits; the newest revision of each board or
-- app and revisions a marketplace listing pins are never pruned.

-- One row per save of a board or an app: the whole editable state after the save (`snapshot`,
-- JSON: name, settings and blocks, or name, settings and pages with their blocks) and what
-- changed from the revision before (`summary`, a JSON array of readable lines). `number` counts
-- 1, 2, 3, ... per board or app.
CREATE TABLE revisions (
    id            TEXT PRIMARY KEY,
    board_id      TEXT REFERENCES boards (id) ON DELETE CASCADE,
    app_id        TEXT REFERENCES apps (id) ON DELETE CASCADE,
    number        BIGINT NOT NULL,
    actor_id      TEXT,
    actor         TEXT NOT NULL,
    summary       TEXT NOT NULL,
    snapshot      TEXT NOT NULL,
    restored_from BIGINT,
    created_at    BIGINT NOT NULL,
    CHECK ((board_id IS NULL) <> (app_id IS NULL))
);
CREATE UNIQUE INDEX revisions_of_board ON revisions (board_id, number);
CREATE UNIQUE INDEX revisions_of_app ON revisions (app_id, number);
CREATE INDEX revisions_by_time ON revisions (created_at);

-- The revision a marketplace listing published; kept while the listing is.
ALTER TABLE marketplace_listings ADD COLUMN revision_id TEXT;

-- Every row write through Tessera, written in the transaction of the write itself (an upload
-- that replaces the rows is one `import` entry, whose before/after are row counts by tab). `before` and
-- `after` are JSON objects of cells by column (NULL for a row that did not or no longer exists).
-- The board, page, app and block it came through are kept as ids and a title, without foreign
-- keys: the log outlives a deleted block. `undone_by` is the entry that restored or reverted it.
CREATE TABLE row_activity (
    id             TEXT PRIMARY KEY,
    spreadsheet_id TEXT NOT NULL REFERENCES spreadsheets (id) ON DELETE CASCADE,
    sheet_title    TEXT NOT NULL,
    record_id      TEXT NOT NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete', 'duplicate', 'restore', 'revert', 'import')),
    actor_kind     TEXT NOT NULL CHECK (actor_kind IN ('account', 'app_user', 'guest')),
    actor          TEXT NOT NULL,
    board_id       TEXT,
    app_id         TEXT,
    page_id        TEXT,
    block_id       TEXT,
    block_title    TEXT NOT NULL DEFAULT '',
    before_cells   TEXT,
    after_cells    TEXT,
    undone_by      TEXT,
    -- For an `import` (an upload that replaced every row): the kept import it replaced.
    snapshot_id    TEXT,
    created_at     BIGINT NOT NULL
);
CREATE INDEX row_activity_of_spreadsheet ON row_activity (spreadsheet_id, created_at);
CREATE INDEX row_activity_of_board ON row_activity (board_id, created_at);
CREATE INDEX row_activity_of_record ON row_activity (spreadsheet_id, record_id);

-- The stored tabs of an uploaded spreadsheet as they were before a new upload replaced them
-- (`tabs`: JSON `[{title, columns, rows: [[cells]]}]`, gzip-compressed then base64), with a
-- summary of row counts to compare without reading them.
CREATE TABLE import_snapshots (
    id             TEXT PRIMARY KEY,
    spreadsheet_id TEXT NOT NULL REFERENCES spreadsheets (id) ON DELETE CASCADE,
    actor          TEXT NOT NULL,
    file_name      TEXT NOT NULL DEFAULT '',
    counts         TEXT NOT NULL,
    tabs           TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE INDEX import_snapshots_of_spreadsheet ON import_snapshots (spreadsheet_id, created_at);
