import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { toApiError } from '../../api/errors';
import type { RevisionDetail, RevisionSummary, SkippedBlock } from '../../generated/api';
import { useConfirm, type ConfirmQuestion } from '../../components/ConfirmDialog';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { showToast } from '../../store/toastStore';
import { getRevision, listRevisions, restoreRevision, type VersionOwner } from './historyApi';
import type { Restore } from './restoreUndo';
import { When } from './When';

export const NO_VERSIONS = {
  boards: 'Every save of this board appears here: block settings, board settings, blocks added, moved or deleted. Pick one to see it and restore it.',
  apps: 'Every save of this app appears here: its pages, their blocks and the app settings. Pick one to see it and restore it.',
};

/** Where history.css puts the preview under the list. */
const NARROW = '(max-width: 720px)';

export interface VersionsTabProps {
  owner: VersionOwner;
  /** How the picked version looked: its blocks drawn over today's data, read-only. */
  preview: (detail: RevisionDetail) => ReactNode;
  /** After a restore: the editor loads the board or app again, since its stored state changed, and can undo it. */
  onRestored: (restore: Restore) => void;
}

/** The question asked before a restore: what it will change in the board or app as it is now. */
export function restoreQuestion(kind: VersionOwner['kind'], detail: RevisionDetail): ConfirmQuestion {
  const noun = kind === 'boards' ? 'board' : 'app';
  const { number } = detail.revision;
  const changes = detail.restore_changes;
  return {
    title: `Restore version #${number}`,
    question:
      changes.length === 0
        ? `Version #${number} is the same as the ${noun} now: restoring it changes nothing.`
        : `The ${noun} goes back to version #${number}, which changes this. Undo takes it back.`,
    details: changes,
    confirmLabel: 'Restore',
    cancelLabel: 'Cancel',
  };
}

/** A version's line in the list: number, when, who, what changed, and its badges. */
function RevisionItem({ revision, selected, onPreview }: { revision: RevisionSummary; selected: boolean; onPreview: () => void }) {
  return (
    <li className={selected ? 'history-item selected' : 'history-item'}>
      <div className="history-item-head">
        <strong>#{revision.number}</strong>
        <When at={revision.created_at} />
        <span className="muted">{revision.actor}</span>
        {revision.current && <span className="history-badge">Current</span>}
        {revision.published && <span className="history-badge">Published</span>}
      </div>
      {revision.restored_from != null && <p className="history-note">Restored from #{revision.restored_from}</p>}
      {revision.summary.length > 0 && (
        <ul className="history-summary">
          {revision.summary.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      <button type="button" className="button small" aria-label={`Preview version #${revision.number}`} aria-pressed={selected} onClick={onPreview}>
        Preview
      </button>
    </li>
  );
}

/** What a restore left out, and why: each block that no longer fits the data as it is now. */
function SkippedNotice({ number, skipped }: { number: number; skipped: readonly SkippedBlock[] }) {
  return (
    <div className="history-skipped" role="status">
      <p>{`Version #${number} was restored, except for ${skipped.length === 1 ? 'this block' : `these ${skipped.length} blocks`}:`}</p>
      <ul>
        {skipped.map((block) => (
          <li key={block.block_id}>
            <strong>{block.title}</strong>: {block.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The Versions tab: the saved versions newest first, one previewed beside them, and its restore. */
export function VersionsTab({ owner, preview, onRestored }: VersionsTabProps) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [detail, setDetail] = useState<RevisionDetail | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  // A slower answer for a version picked before must not replace the one picked last.
  const lastPicked = useRef<string | null>(null);
  const previewColumn = useRef<HTMLElement>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [skipped, setSkipped] = useState<{ number: number; blocks: SkippedBlock[] } | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const { kind, id } = owner;

  const load = useCallback(() => {
    setListError(null);
    return listRevisions({ kind, id }).then(
      (answer) => setRevisions(answer.revisions),
      (thrown: unknown) => setListError(toApiError(thrown).message),
    );
  }, [kind, id]);

  useEffect(() => {
    void load();
  }, [load]);

  const pick = (revision: RevisionSummary) => {
    setPicked(revision.id);
    lastPicked.current = revision.id;
    // On a phone the preview is under the list, out of sight: it comes into view.
    if (window.matchMedia?.(NARROW).matches) previewColumn.current?.scrollIntoView({ block: 'start' });
    setDetail(null);
    setDetailError(null);
    getRevision({ kind, id }, revision.id).then(
      (answer) => lastPicked.current === revision.id && setDetail(answer),
      (thrown: unknown) => lastPicked.current === revision.id && setDetailError(toApiError(thrown).message),
    );
  };

  const restore = async (shown: RevisionDetail) => {
    const { revision } = shown;
    if (!(await confirm(restoreQuestion(kind, shown)))) return;
    setRestoring(true);
    setDetailError(null);
    try {
      const answer = await restoreRevision({ kind, id }, revision.id);
      showToast({ kind: 'success', text: `Restored version #${revision.number}` });
      setSkipped(answer.skipped.length > 0 ? { number: revision.number, blocks: answer.skipped } : null);
      setPicked(null);
      lastPicked.current = null;
      setDetail(null);
      onRestored({ number: revision.number, revisionId: revision.id, replaced: answer.replaced });
      // The restore is itself a new version at the top of the list.
      await load();
    } catch (thrown) {
      setDetailError(toApiError(thrown).message);
    } finally {
      setRestoring(false);
    }
  };

  if (!revisions) return listError ? <FormError message={`The versions could not be loaded: ${listError}`} /> : <Loading message="Loading versions..." />;

  const shown = detail && detail.revision.id === picked ? detail : null;
  return (
    <div className="history-columns">
      <div className="history-list-column">
        {skipped && <SkippedNotice number={skipped.number} skipped={skipped.blocks} />}
        <FormError message={listError} />
        {revisions.length === 0 ? (
          <p className="muted history-empty">{NO_VERSIONS[kind]}</p>
        ) : (
          <ol className="history-list" aria-label="Versions">
            {revisions.map((revision) => (
              <RevisionItem key={revision.id} revision={revision} selected={revision.id === picked} onPreview={() => pick(revision)} />
            ))}
          </ol>
        )}
      </div>
      <section ref={previewColumn} className="history-preview-column" aria-label="Version preview">
        {picked === null ? (
          <p className="muted history-empty">Pick a version to see how it looked. Blocks show today&apos;s data.</p>
        ) : (
          <>
            <FormError message={detailError} />
            {shown ? (
              <>
                <div className="history-preview-bar">
                  <h3>{`Version #${shown.revision.number}`}</h3>
                  {shown.revision.current ? (
                    <span className="muted">{`This is the ${kind === 'boards' ? 'board' : 'app'} as it is now.`}</span>
                  ) : (
                    <button type="button" className="button primary" disabled={restoring} onClick={() => void restore(shown)}>
                      {restoring ? 'Restoring...' : 'Restore this version'}
                    </button>
                  )}
                </div>
                <p className="muted history-note">A read-only preview: the blocks of this version over today&apos;s data.</p>
                {preview(shown)}
              </>
            ) : (
              !detailError && <Loading message="Loading the version..." />
            )}
          </>
        )}
      </section>
      {confirmDialog}
    </div>
  );
}
