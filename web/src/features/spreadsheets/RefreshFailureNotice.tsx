import type { SpreadsheetView } from '../../generated/api';
import { fetchedLabel } from './spreadsheetFormat';

/**
 * The last failed refresh of a linked spreadsheet, for its owner: what went wrong (the server's
 * text says what to do), that viewers still get the last good rows, and how to clear it.
 */
export function RefreshFailureNotice({ spreadsheet }: { spreadsheet: SpreadsheetView }) {
  const failure = spreadsheet.refresh_failure;
  if (!failure) return null;
  const served = spreadsheet.fetched_at != null ? `the rows fetched ${fetchedLabel(spreadsheet.fetched_at)}` : 'the rows of the last good refresh';
  return (
    <div className="refresh-failure" role="status" aria-label="Refresh failed">
      <p>
        <strong>The last refresh failed ({fetchedLabel(failure.failed_at)}):</strong> {failure.message}
      </p>
      <p>Viewers still see {served}. Fix the source, then press Refresh; the next good refresh clears this message.</p>
    </div>
  );
}
