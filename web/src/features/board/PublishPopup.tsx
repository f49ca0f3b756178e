import { useState } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardState } from '../../api/types';
import { FormError } from '../../components/FormError';
import { Popup } from '../../components/Popup';
import { updateBoard } from './boardApi';

/**
 * 'Publish Board': whether anyone with the link may see the board, which the owner switches
 * here. Listing on the Marketplace is part of publishing (issue 10), so no button offers it yet.
 */
export function PublishPopup({ board, onSaved, onClose }: { board: BoardState; onSaved: (board: BoardState) => void; onClose: () => void }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setSaving(true);
    setError(null);
    try {
      onSaved(await updateBoard(board.slug, board.id, { public: !board.public }));
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup title="Publish Board" onClose={onClose} closeBlocked={saving}>
      <p>
        {board.public
          ? 'This board is public: anyone with its link can see it.'
          : 'This board is private: only its owner and admins can see it.'}
      </p>
      <label className="check">
        <input type="checkbox" checked={board.public} disabled={saving} onChange={() => void toggle()} />
        Public board
      </label>
      <FormError message={error} />
      <p className="muted">Listing boards on the Marketplace comes with publishing, which this version does not offer yet.</p>
    </Popup>
  );
}
