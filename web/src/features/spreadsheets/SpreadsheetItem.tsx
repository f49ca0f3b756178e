import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { toApiError } from '../../api/errors';
import type { SpreadsheetView } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormError } from '../../components/FormError';
import { ImportProgressView } from './ImportProgressView';
import { RefreshFailureNotice } from './RefreshFailureNotice';
import { deleteSpreadsheet, refreshSpreadsheet, replaceUploadedFile } from './spreadsheetApi';
import { fetchedLabel, rowsLabel } from './spreadsheetFormat';
import { isLinked, KIND_LABELS, UPLOAD_ACCEPT } from './spreadsheetKind';
import { useImportProgress } from './useImportProgress';

interface Props {
  spreadsheet: SpreadsheetView;
  /** The spreadsheet as the server now has it (after a refresh). */
  onUpdated: (changed: SpreadsheetView) => void;
  /** Something changed that only a new list shows (a replaced file, a deletion). */
  onChanged: () => Promise<void>;
}

type Action = 'refresh' | 'replace' | 'delete';

/** One spreadsheet of a workspace: its kind and tabs, and open, refresh, replace or delete it. */
export function SpreadsheetItem({ spreadsheet, onUpdated, onChanged }: Props) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const { upload, server, track } = useImportProgress();
  const linked = isLinked(spreadsheet.kind);

  const run = async (action: Action, work: () => Promise<void>) => {
    setBusy(action);
    setError(null);
    try {
      await work();
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setBusy(null);
    }
  };

  const refresh = () => void run('refresh', async () => onUpdated(await track((options) => refreshSpreadsheet(spreadsheet.id, options))));

  const replace = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing the input lets the same file be picked again after a failed attempt.
    event.target.value = '';
    if (file)
      void run('replace', async () => {
        await track((options) => replaceUploadedFile(spreadsheet.id, file, options));
        await onChanged();
      });
  };

  const remove = async () => {
    const question = `Delete the spreadsheet "${spreadsheet.name}" and its stored rows? Boards and apps that use it stay, without data.`;
    if (!(await confirm({ title: 'Delete spreadsheet', question, confirmLabel: 'Delete' }))) return;
    void run('delete', async () => {
      await deleteSpreadsheet(spreadsheet.id);
      await onChanged();
    });
  };

  return (
    <li className="item spreadsheet-item" aria-label={spreadsheet.name}>
      <div className="spreadsheet-info">
        <div className="item-main">
          <span className="item-name">{spreadsheet.name}</span>
          <span className="badge">{KIND_LABELS[spreadsheet.kind] ?? spreadsheet.kind}</span>
        </div>
        <ul className="sheet-tabs" aria-label="Tabs">
          {spreadsheet.sheets.map((sheet) => (
            <li key={sheet.title}>
              {sheet.title} · {rowsLabel(sheet.row_count)}
            </li>
          ))}
        </ul>
        {linked && spreadsheet.fetched_at != null && <span className="muted fetched-at">Last fetched {fetchedLabel(spreadsheet.fetched_at)}</span>}
        {/* A refresh that just failed says so itself, newer than the stored failure. */}
        {!error && <RefreshFailureNotice spreadsheet={spreadsheet} />}
        {(busy === 'refresh' || busy === 'replace') && <ImportProgressView upload={upload} server={server} />}
        <FormError message={error} />
      </div>
      <div className="item-actions">
        {linked ? (
          <a className="button small" href={spreadsheet.open_url} target="_blank" rel="noopener noreferrer">
            Open
          </a>
        ) : (
          <Link className="button small" to={spreadsheet.open_url}>
            Open
          </Link>
        )}
        {linked ? (
          <button type="button" className="button small" disabled={busy !== null} onClick={refresh}>
            {busy === 'refresh' ? 'Refreshing...' : 'Refresh'}
          </button>
        ) : (
          <label className={`button small file-button${busy !== null ? ' disabled' : ''}`}>
            {busy === 'replace' ? 'Uploading...' : 'Replace file'}
            <input type="file" className="visually-hidden" accept={UPLOAD_ACCEPT} disabled={busy !== null} onChange={replace} />
          </label>
        )}
        <button type="button" className="button small danger" disabled={busy !== null} onClick={() => void remove()}>
          Delete
        </button>
      </div>
      {confirmDialog}
    </li>
  );
}
