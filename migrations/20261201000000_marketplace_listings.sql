-- Marketplace listings (platform §1: boards can be published to a marketplace). A board has at
-- most one listing, which goes with the board. The marketplace shows a listing only while its
-- board is public, so making a board private again hides it without losing what was written.
--
-- `category` is one of the server's fixed list (`api::marketplace::CATEGORIES`), checked there
-- rather than here so that adding a category needs no migration. `tags` is a JSON array of
-- lower-cased strings. `search_text` is the lower-cased title, description and tags, written by
-- the server: searching it with LIKE behaves the same on both backends (SQLite's LOWER folds
-- ASCII letters only).
CREATE TABLE marketplace_listings (
    board_id     TEXT PRIMARY KEY REFERENCES boards (id) ON DELETE CASCADE,
    title        TEXT NOT NULL,
    description  TEXT NOT NULL DEFAULT '',
    category     TEXT NOT NULL,
    tags         TEXT NOT NULL DEFAULT '[]',
    search_text  TEXT NOT NULL DEFAULT '',
    published_at BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX marketplace_listings_by_published ON marketplace_listings (published_at);
CREATE INDEX marketplace_listings_by_category ON marketplace_listings (category, published_at);
