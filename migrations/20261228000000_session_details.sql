-- Sessions a user can see and end from the account page (issue 45): when each was last used
-- (refreshed at most every few minutes, not on every request), and the browser and address it
-- started from, so a user recognises their own devices.
ALTER TABLE sessions ADD COLUMN last_used_at BIGINT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN ip TEXT;
