import { useId, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardState } from '../../api/types';
import { Popup } from '../../components/Popup';
import { showToast } from '../../store/toastStore';
import { updateBoard } from './boardApi';

export const PUBLIC_STATE = 'Public: anyone with the link can view it.';
export const PRIVATE_STATE = 'Private: only you and people you invite can open it.';

/** The board's own address, the one visitors open (the editor runs on it, so this origin is the board host). */
export function boardLink(slug: string): string {
  return `${window.location.origin}/${encodeURIComponent(slug)}`;
}

/** 'Public' or 'Private', as the top bar shows it next to Share. */
export const accessLabel = (board: Pick<BoardState, 'public'>) => (board.public ? 'Public' : 'Private');

/**
 * 'Share' in the board editor: whether the board is public, in words and as one switch saved at
 * once (the same PUT /api/boards/{id} as Board Settings), its link to copy, and a way to open it.
 */
export function SharePopup({ board, onSaved, onClose }: { board: BoardState; onSaved: (board: BoardState) => void; onClose: () => void }) {
  const stateId = useId();
  const linkId = useId();
  const guestNoteId = useId();
  const [saving, setSaving] = useState(false);
  const link = boardLink(board.slug);

  const setPublic = async (next: boolean) => {
    setSaving(true);
    try {
      onSaved(await updateBoard(board.slug, board.id, { public: next }));
      showToast({ kind: 'success', text: next ? 'The board is now public.' : 'The board is now private.' });
    } catch (thrown) {
      showToast({ kind: 'error', text: toApiError(thrown).message });
    } finally {
      setSaving(false);
    }
  };

  // Clipboard access can be refused (permissions, insecure origins): then the link is selected.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast({ kind: 'success', text: 'Link copied.' });
    } catch {
      const field = document.getElementById(linkId) as HTMLInputElement | null;
      field?.focus();
      field?.select();
      showToast({ kind: 'warning', text: 'The browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.' });
    }
  };

  return (
    <Popup title="Share" onClose={onClose} describedBy={stateId}>
      <div className="share-popup">
        <p id={stateId} className="share-state" role="status">
          {board.public ? PUBLIC_STATE : PRIVATE_STATE}
        </p>
        <label className="check">
          <input
            type="checkbox"
            role="switch"
            checked={board.public}
            disabled={saving}
            aria-busy={saving || undefined}
            onChange={(event) => void setPublic(event.target.checked)}
          />
          Public
        </label>
        <div className="share-link">
          <label htmlFor={linkId}>Board link</label>
          <div className="share-link-row">
            <input id={linkId} type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button primary" onClick={() => void copy()}>
              Copy link
            </button>
          </div>
        </div>
        <div className="share-guest">
          <a className="button" href={link} target="_blank" rel="noopener noreferrer" aria-describedby={guestNoteId}>
            Open as a guest
          </a>
          <p id={guestNoteId} className="muted">
            Opens the link in a new tab. That tab still has your session, so it shows the editor; to see what a guest sees, paste the link in a
            private window.
          </p>
        </div>
      </div>
    </Popup>
  );
}
