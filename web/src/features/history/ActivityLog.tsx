import { useCallback, useEffect, useId, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { ActivityEntry, ActivityPage } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { showToast } from '../../store/toastStore';
import {
  ACTIVITY_PAGE_SIZE,
  activityCsvUrl,
  listActivity,
  NO_FILTERS,
  revertEntry,
  type ActivityFilters,
  type ActivityKind,
  type ActivityScope,
} from './historyApi';
import { When } from './When';

export const NO_ACTIVITY = {
  spreadsheets:
    'Every row added, edited or deleted through Tessera (forms, tables, row actions) appears here: who did it, when, and the cells before and after. A deleted row can be restored and an edit reverted.',
  boards:
    'Every row added, edited or deleted through this board’s blocks appears here: who did it, when, and the cells before and after. A deleted row can be restored and an edit reverted.',
};

export const NO_MATCH = 'No entries match these filters.';

/** Every kind the server logs, each with its label (tsc flags a kind without one). */
const KIND_LABELS: Record<ActivityKind, string> = {
  add: 'Added',
  edit: 'Edited',
  delete: 'Deleted',
  duplicate: 'Duplicated',
  restore: 'Restored',
  revert: 'Reverted',
  import: 'Upload replaced the rows',
};

/** What the undo button of an entry says: an upload's entry puts back every row it replaced, not one. */
function undoLabel(entry: ActivityEntry): string {
  if (entry.undo === 'revert') return 'Revert';
  return entry.kind === 'import' ? 'Restore the replaced rows' : 'Restore row';
}

/** A record id as a line shows it: its first 8 characters when it is one of Tessera's 32 (the CSV has it whole). */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** Where the write was: a row of a tab, or (an upload and its restore) every tab, whose cells are then row counts. */
function whereLine(entry: ActivityEntry): string {
  const place = entry.record_id ? `Sheet ${entry.sheet_title} · Row ${shortId(entry.record_id)}` : 'Every tab: rows per tab';
  return entry.block_title ? `${place} · Block ${entry.block_title}` : place;
}

/** The cells an entry is about, in the sheet's order: for a change, only the columns that changed, before → after; else the row's values. */
export function changedCells(entry: Pick<ActivityEntry, 'columns' | 'before' | 'after'>): { column: string; before?: string; after?: string }[] {
  const { columns, before, after } = entry;
  if (before && after) {
    return columns.filter((column) => before[column] !== after[column]).map((column) => ({ column, before: before[column] ?? '', after: after[column] ?? '' }));
  }
  const values = after ?? before;
  if (!values) return [];
  return columns.filter((column) => column in values).map((column) => (after ? { column, after: values[column] } : { column, before: values[column] }));
}

function Cells({ entry }: { entry: ActivityEntry }) {
  const cells = changedCells(entry);
  if (cells.length === 0) return null;
  return (
    <dl className="activity-cells">
      {cells.map(({ column, before, after }) => (
        <div key={column}>
          <dt>{column}</dt>
          <dd>
            {before !== undefined && after !== undefined ? (
              <>
                <del>{before || '(empty)'}</del> <span aria-label="changed to">→</span> <ins>{after || '(empty)'}</ins>
              </>
            ) : (
              (after ?? before) || '(empty)'
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EntryItem({ entry, busy, onUndo }: { entry: ActivityEntry; busy: boolean; onUndo: () => void }) {
  return (
    <li className="activity-entry">
      <div className="history-item-head">
        <span className="history-badge">{KIND_LABELS[entry.kind] ?? entry.kind}</span>
        <When at={entry.created_at} />
        <span>{entry.actor.label}</span>
      </div>
      <p className="muted activity-where">{whereLine(entry)}</p>
      <Cells entry={entry} />
      {entry.undone_by && <p className="history-note">Undone since.</p>}
      {entry.undo && (
        <button type="button" className="button small" disabled={busy} onClick={onUndo}>
          {undoLabel(entry)}
        </button>
      )}
    </li>
  );
}

/** The filter form; every change starts again from the newest entries. */
function Filters({ page, filters, onChange }: { page: ActivityPage | null; filters: ActivityFilters; onChange: (filters: ActivityFilters) => void }) {
  const id = useId();
  const set = (change: Partial<ActivityFilters>) => onChange({ ...filters, ...change });
  const actors = page?.facets.actors ?? [];
  const blocks = page?.facets.blocks ?? [];
  return (
    <fieldset className="activity-filters">
      <legend className="visually-hidden">Filter the activity</legend>
      <label htmlFor={`${id}-actor`}>Person</label>
      <select id={`${id}-actor`} value={filters.actor} onChange={(e) => set({ actor: e.target.value })}>
        <option value="">Everyone</option>
        {actors.map((actor) => (
          <option key={actor}>{actor}</option>
        ))}
      </select>
      <label htmlFor={`${id}-block`}>Block</label>
      <select id={`${id}-block`} value={filters.block} onChange={(e) => set({ block: e.target.value })}>
        <option value="">Every block</option>
        {blocks.map((block) => (
          <option key={block.id} value={block.id}>
            {block.title}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-kind`}>Kind</label>
      <select id={`${id}-kind`} value={filters.kind} onChange={(e) => set({ kind: e.target.value as ActivityFilters['kind'] })}>
        <option value="">Every kind</option>
        {Object.entries(KIND_LABELS).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-from`}>From</label>
      <input id={`${id}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      <label htmlFor={`${id}-to`}>To</label>
      <input id={`${id}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
    </fieldset>
  );
}

export interface ActivityLogProps {
  scope: ActivityScope;
  /** After a row came back or was reverted: the screen showing the rows loads them again. */
  onChanged?: () => void;
}

/**
 * The row activity of a spreadsheet or a board: every write through Tessera, newest first, with
 * filters, pages, a CSV of what the filters keep, and the undo of one write. A row changed since
 * the write is not reverted blindly: the server says what changed and the owner decides.
 */
export function ActivityLog({ scope, onChanged }: ActivityLogProps) {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<ActivityPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<string | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const { confirm, confirmDialog } = useConfirm();
  const { kind, id } = scope;

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    listActivity({ kind, id }, filters, offset, abort.signal).then(
      (answer) => {
        setPage(answer);
        setError(null);
        setLoading(false);
      },
      (thrown: unknown) => {
        if (abort.signal.aborted) return;
        setError(toApiError(thrown).message);
        setLoading(false);
      },
    );
    return () => abort.abort();
  }, [kind, id, filters, offset, reloads]);

  const filter = (next: ActivityFilters) => {
    setFilters(next);
    setOffset(0);
  };

  const undo = useCallback(
    async (entry: ActivityEntry) => {
      setUndoing(entry.id);
      setUndoError(null);
      try {
        let answer;
        try {
          answer = await revertEntry(entry.id);
        } catch (thrown) {
          const refused = toApiError(thrown);
          if (refused.status !== 409) throw refused;
          const go = await confirm({ title: 'The row changed since', question: refused.message, confirmLabel: 'Revert anyway' });
          if (!go) return;
          answer = await revertEntry(entry.id, true);
        }
        showToast({ kind: 'success', text: answer.message });
        setReloads((n) => n + 1);
        onChanged?.();
      } catch (thrown) {
        setUndoError(toApiError(thrown).message);
        // A refusal often means the list is stale (someone else undid it, the row is gone): it shows the log as it is now.
        setReloads((n) => n + 1);
      } finally {
        setUndoing(null);
      }
    },
    [confirm, onChanged],
  );

  const filtered = Object.values(filters).some(Boolean);
  const total = page?.total ?? 0;
  const last = offset + (page?.entries.length ?? 0);
  return (
    <div className="activity-log">
      <div className="activity-toolbar">
        <Filters page={page} filters={filters} onChange={filter} />
        <a className="button small" href={activityCsvUrl(scope, filters)} download>
          Export CSV
        </a>
      </div>
      <FormError message={error} />
      <FormError message={undoError} />
      {page === null ? (
        loading && <Loading message="Loading activity..." />
      ) : page.entries.length === 0 ? (
        <p className="muted history-empty">{filtered ? NO_MATCH : NO_ACTIVITY[kind]}</p>
      ) : (
        <>
          <ol className="history-list" aria-label="Row activity" aria-busy={loading}>
            {page.entries.map((entry) => (
              <EntryItem key={entry.id} entry={entry} busy={undoing !== null} onUndo={() => void undo(entry)} />
            ))}
          </ol>
          <div className="activity-pager">
            <span className="muted">{`Entries ${offset + 1}–${last} of ${total}`}</span>
            <button
              type="button"
              className="button small"
              disabled={offset === 0 || loading}
              onClick={() => setOffset(Math.max(0, offset - ACTIVITY_PAGE_SIZE))}
            >
              Previous
            </button>
            <button type="button" className="button small" disabled={last >= total || loading} onClick={() => setOffset(offset + ACTIVITY_PAGE_SIZE)}>
              Next
            </button>
          </div>
        </>
      )}
      {confirmDialog}
    </div>
  );
}
