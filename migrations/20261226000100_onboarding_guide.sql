-- The first-run guide of /dashboard/start stays dismissed for the account that dismissed it:
-- when it was dismissed (Unix seconds), or NULL while it shows.
ALTER TABLE users ADD COLUMN onboarding_dismissed_at BIGINT;

-- Accounts that already made a board and added a block to it have done what the guide teaches.
UPDATE users SET onboarding_dismissed_at = updated_at
WHERE id IN (
    SELECT w.owner_id FROM workspaces w
    JOIN boards b ON b.workspace_id = w.id
    JOIN blocks k ON k.board_id = b.id
);
