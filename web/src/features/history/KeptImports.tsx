import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { ImportSnapshot, SnapshotList, SnapshotTab } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { showToast } from '../../store/toastStore';
import { rowsLabel } from '../spreadsheets/spreadsheetFormat';
import { listSnapshots, restoreSnapshot } from './historyApi';
import { When } from './When';

/** "Orders: 120 rows (now 98)"; a tab the spreadsheet no longer has says so, an unchanged one says nothing more. */
export function tabComparison(tab: SnapshotTab, current: readonly SnapshotTab[]): string {
  const now = current.find((t) => t.title === tab.title);
  const then = `${tab.title}: ${rowsLabel(tab.rows)}`;
  if (!now) return `${then} (no such tab now)`;
  return now.rows === tab.rows ? then : `${then} (now ${now.rows.toLocaleString('en-US')})`;
}

function SnapshotItem({
  snapshot,
  current,
  busy,
  onRestore,
}: {
  snapshot: ImportSnapshot;
  current: readonly SnapshotTab[];
  busy: boolean;
  onRestore: () => void;
}) {
  return (
    <li className="history-item">
      <div className="history-item-head">
        <strong>{snapshot.file_name}</strong>
        <When at={snapshot.created_at} />
        <span className="muted">{snapshot.actor}</span>
      </div>
      <ul className="history-summary">
        {snapshot.tabs.map((tab) => (
          <li key={tab.title}>{tabComparison(tab, current)}</li>
        ))}
      </ul>
      <button type="button" className="button small" disabled={busy} aria-label={`Restore ${snapshot.file_name}`} onClick={onRestore}>
        Restore
      </button>
    </li>
  );
}

/**
 * The earlier uploads an upload replaced, kept so a wrong file can be undone: what each held
 * against the rows now, and its restore (the data it replaces is kept in its turn).
 */
export function KeptImports({ spreadsheetId, onRestored }: { spreadsheetId: string; onRestored: () => void }) {
  const [list, setList] = useState<SnapshotList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { confirm, confirmDialog } = useConfirm();

  useEffect(() => {
    let current = true;
    listSnapshots(spreadsheetId).then(
      (answer) => current && setList(answer),
      (thrown: unknown) => current && setError(toApiError(thrown).message),
    );
    return () => {
      current = false;
    };
  }, [spreadsheetId]);

  const restore = async (snapshot: ImportSnapshot) => {
    const go = await confirm({
      title: 'Restore this upload',
      question: `The rows of ${snapshot.file_name} replace the ones stored now. The rows stored now are kept here, so you can come back to them.`,
      confirmLabel: 'Restore',
    });
    if (!go) return;
    setBusy(true);
    setError(null);
    try {
      setList(await restoreSnapshot(spreadsheetId, snapshot.id));
      showToast({ kind: 'success', text: `Restored ${snapshot.file_name}` });
      onRestored();
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setBusy(false);
    }
  };

  if (!list) return error ? <FormError message={`The kept uploads could not be loaded: ${error}`} /> : <Loading message="Loading kept uploads..." />;
  return (
    <div className="kept-imports">
      <FormError message={error} />
      {list.snapshots.length === 0 ? (
        <p className="muted history-empty">{`When you upload a new file over this spreadsheet, the rows it replaces are kept here (the last ${list.keep}), so a wrong file can be undone.`}</p>
      ) : (
        <>
          <p className="muted history-note">{`The last ${list.keep} uploads replaced are kept. Now: ${list.current.map((tab) => `${tab.title}: ${rowsLabel(tab.rows)}`).join(', ')}.`}</p>
          <ol className="history-list" aria-label="Kept uploads">
            {list.snapshots.map((snapshot) => (
              <SnapshotItem key={snapshot.id} snapshot={snapshot} current={list.current} busy={busy} onRestore={() => void restore(snapshot)} />
            ))}
          </ol>
        </>
      )}
      {confirmDialog}
    </div>
  );
}
