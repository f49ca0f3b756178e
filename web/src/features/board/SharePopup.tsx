import type { BoardState } from '../../generated/api';
import { SharePopup as ShareDialog, type Shareable } from '../share/SharePanel';
import { updateBoard } from './boardApi';

/** The board's own address, the one visitors open (the editor runs on it, so this origin is the board host). */
export function boardLink(slug: string): string {
  return `${window.location.origin}/${encodeURIComponent(slug)}`;
}

/**
 * 'Share' in the board editor: the board as the shared Share dialog shows it, its public flag saved
 * through the same PUT /api/boards/{id} as Board Settings.
 */
export function SharePopup({ board, onSaved, onClose }: { board: BoardState; onSaved: (board: BoardState) => void; onClose: () => void }) {
  const { id, slug } = board;
  const item: Shareable = {
    noun: 'board',
    isPublic: board.public,
    link: boardLink(slug),
    savePublic: async (next) => onSaved(await updateBoard(slug, id, { public: next })),
    ownerEmail: board.owner_email,
  };
  return <ShareDialog item={item} onClose={onClose} />;
}
