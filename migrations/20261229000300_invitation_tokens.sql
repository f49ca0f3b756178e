-- Invitation links carry a token (issue 47): whoever holds one may read who invited which e-mail
-- to which app, and whether that e-mail has an account, so the invitation page can greet them.
-- Only the token's SHA-256 is kept; a new invitation (a changed e-mail) replaces it.
ALTER TABLE app_users ADD COLUMN invite_token_hash TEXT;
ALTER TABLE app_users ADD COLUMN invited_by TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX app_users_by_invite_token ON app_users (invite_token_hash);
