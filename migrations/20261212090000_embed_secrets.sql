-- The key that signs a workspace's embed tokens (HS256 JWTs that let an iframe show a private
-- board, `server/src/embed_token.rs`). One row per workspace, made on first need; rotating it
-- replaces `secret`, so every token signed with the old one is refused at once. `secret` is the
-- hex text of 32 random bytes, and the HMAC key is that text itself, as an owner's own server
-- would use it.
CREATE TABLE embed_secrets (
    workspace_id TEXT PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    secret       TEXT NOT NULL,
    rotated_at   BIGINT NOT NULL
);
