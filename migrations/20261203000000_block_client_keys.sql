-- A key the editor sends with a block it created while offline (the client's own id for it), so
-- a create that is sent again after a dropped connection answers the block it already made
-- instead of making a second one. NULL for every other block; both backends let a unique index
-- hold many NULLs.
ALTER TABLE blocks ADD COLUMN client_key TEXT;
CREATE UNIQUE INDEX blocks_by_client_key ON blocks (client_key);
