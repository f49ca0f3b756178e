-- The last failed refresh of a linked spreadsheet (published CSV or Google Sheets): the text
-- shown to its owner and when it happened (Unix seconds). Both are cleared by the next
-- successful refresh; the stored rows stay those of the last good fetch meanwhile.
ALTER TABLE spreadsheets ADD COLUMN refresh_error TEXT;
ALTER TABLE spreadsheets ADD COLUMN refresh_failed_at BIGINT;
