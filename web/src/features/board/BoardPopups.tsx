// The popups both board editor layouts share, and what picking or deleting a block does to the
// board (platform §4 block list rules).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BoardBlock, BoardState } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { draftBlock, EditedBlockPanel, storeDraft, openedBlock, useOfflineReadiness, type BlockTargeting } from '../../shell/settings/EditedBlockPanel';
import { toApiError } from '../../api/errors';
import { saveDelete } from '../../platform/outbox';
import { addToBoard, isLocalId, removeBlock, replaceBlock, type Block } from '../../store/blockList';
import { BlockTypePicker } from '../../shell/BlockTypePicker';
import { blockTypeName } from '../../platform/blockTypes';
import { isOpen } from '../../shell/modes';
import type { Filter } from '../../generated/core';
import { BlockWidthHandle, EditBlockButton, frameTitle } from '../../shell/blockFrame';
import { useOutboxBlocks, type BlockListEditing } from '../../shell/offlineEditing';
import { useBlockArranging } from '../../shell/useBlockArranging';
import { blockLabel } from '../../shell/undo/undoStack';
import { recordUndo } from '../../shell/undo/undoStore';
import { showToast } from '../../store/toastStore';
import { boardBlocksPath, deleteBlock, duplicateBlock, saveNewBlock, spreadsheetUrl } from './boardApi';
import { recordBoardSettings } from './boardUndo';
import type { SetBoard } from './setBoard';
import { EmbedPopup } from './EmbedPopup';
import { PublishPopup } from './PublishPopup';
import { UNCATEGORIZED } from './sections';
import { SettingsPopup } from './SettingsPopup';
import { TutorialPopup } from './TutorialPopup';
import { themeOf } from '../../blocks/theme';
import type { EditorMode } from '../../shell/useEditorMode';

export interface BoardEditing {
  board: BoardState;
  setBoard: SetBoard;
  editor: EditorMode;
  /** The section tab showing, where a new block goes so that it is seen. */
  activeSection: string;
  blocks: BlockTargeting;
}

/**
 * Stores a picked type as a draft block (temp_block) at the end of the board, in the section
 * showing, bound to the board's data (draftBlock); the settings editor then completes it.
 * Offline the draft stays on this device until its settings are saved.
 */
async function addBlock({ board, setBoard, activeSection }: BoardEditing, type: string): Promise<BoardBlock> {
  const start: Record<string, unknown> = { type, title: blockTypeName(type) };
  if (activeSection && activeSection !== UNCATEGORIZED) start.section = activeSection;
  const data = { spreadsheetId: board.spreadsheetId, sheets: board.sheets ?? [], blocks: board.blocks };
  const draft = (await draftBlock(type, start, data)) as BoardBlock;
  const saved = await storeDraft(draft, (block) => saveNewBlock(board.slug, board.id, block));
  setBoard((current) => ({ ...current, blocks: addToBoard(current.blocks, saved) as BoardBlock[] }));
  return saved;
}

/** What the outbox and the settings panel change on this board. */
function useBoardBlockEditing(board: BoardState, setBoard: SetBoard): BlockListEditing {
  const setBlocks = useCallback(
    (change: (blocks: readonly Block[]) => Block[]) => setBoard((current) => ({ ...current, blocks: change(current.blocks) as BoardBlock[] })),
    [setBoard],
  );
  const { id, slug } = board;
  return useMemo(
    () => ({
      createAt: boardBlocksPath(id),
      query: { board: slug },
      replace: (block: Block, formerId?: string) => setBlocks((blocks) => replaceBlock(blocks, block, formerId)),
      add: (block: Block) => setBlocks((blocks) => addToBoard(blocks, block)),
      remove: (blockId: string) => setBlocks((blocks) => removeBlock(blocks, blockId)),
    }),
    [id, slug, setBlocks],
  );
}

/**
 * What both editor layouts give each block of the board: a handle to move it (`onMove`) and, in
 * its frame, Edit, the width edge, Duplicate and Delete.
 */
export function useEditorBlocks(board: BoardState, setBoard: SetBoard, blocks: BlockTargeting) {
  const { id, slug } = board;
  const place = useMemo(() => ({ at: boardBlocksPath(id), query: { board: slug } }), [id, slug]);
  const setBlocks = useCallback(
    (change: (blocks: readonly BoardBlock[]) => BoardBlock[]) => setBoard((current) => ({ ...current, blocks: change(current.blocks) })),
    [setBoard],
  );
  const { move, resize } = useBlockArranging(board.blocks, setBlocks, place);
  return {
    onMove: (order: readonly string[]) => void move(order),
    blockActions: (block: BoardBlock) => (
      <>
        <EditBlockButton block={block} blocks={blocks} />
        <BlockWidthHandle block={block} onResize={(b, width) => void resize(b, width)} />
        <DuplicateBlockButton block={block} board={board} setBoard={setBoard} />
        <DeleteBlockButton block={block} board={board} setBoard={setBoard} />
      </>
    ),
  };
}

/** A block's settings as a save sends them, and as re-creating it needs them: without its id and draft flag. */
function configOf(block: Block): Record<string, unknown> {
  const { id: _id, temp_block: _draft, ...config } = block;
  return config;
}

/**
 * The duplicate button of a block's frame in the editor: the server puts the copy right after the
 * block. It needs the network (the copy is made on the server), and a block that is saved.
 */
export function DuplicateBlockButton({ block, board, setBoard }: { block: BoardBlock; board: BoardState; setBoard: SetBoard }) {
  const [busy, setBusy] = useState(false);
  const title = frameTitle(block);
  const duplicate = async () => {
    setBusy(true);
    try {
      const copy = await duplicateBlock(board.slug, block.id);
      const index = board.blocks.findIndex((b) => b.id === block.id) + 1;
      recordUndo(boardBlocksPath(board.id), { kind: 'add', label: `duplicate of ${blockLabel(block)}`, blockId: copy.id, config: configOf(copy), index });
      setBoard((current) => {
        const after = current.blocks.findIndex((b) => b.id === block.id) + 1 || current.blocks.length;
        return { ...current, blocks: [...current.blocks.slice(0, after), copy, ...current.blocks.slice(after)] };
      });
    } catch (error) {
      showToast({ kind: 'error', text: `"${title}" was not duplicated: ${toApiError(error).message}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="block-duplicate"
      aria-label={`Duplicate block ${title}`}
      disabled={busy || block.temp_block === true || isLocalId(block.id)}
      onClick={() => void duplicate()}
    >
      Duplicate
    </button>
  );
}

/**
 * The delete button of a block's frame in the editor. Offline the delete waits in the outbox; a
 * block made offline and not created yet is only dropped from this device. Undo brings a deleted
 * block back (a draft never saved has nothing to bring back).
 */
export function DeleteBlockButton({ block, board, setBoard }: { block: BoardBlock; board: BoardState; setBoard: SetBoard }) {
  const [busy, setBusy] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  const title = frameTitle(block);
  const remove = async () => {
    if (!(await confirm({ title: 'Delete block', question: `Delete the block "${title}"?`, confirmLabel: 'Delete' }))) return;
    setBusy(true);
    const index = board.blocks.findIndex((b) => b.id === block.id);
    try {
      await saveDelete(block.id, { board: board.slug });
    } catch (error) {
      showToast({ kind: 'error', text: `"${title}" was not deleted: ${toApiError(error).message}` });
      setBusy(false);
      return;
    }
    if (!block.temp_block)
      recordUndo(boardBlocksPath(board.id), { kind: 'delete', label: `deletion of ${blockLabel(block)}`, blockId: block.id, config: configOf(block), index });
    setBoard((current) => ({ ...current, blocks: removeBlock(current.blocks, block.id) as BoardBlock[] }));
  };
  return (
    <>
      <button type="button" className="block-delete" aria-label={`Delete block ${title}`} disabled={busy} onClick={() => void remove()}>
        ×
      </button>
      {confirmDialog}
    </>
  );
}

/**
 * The URL the spreadsheet button opens, read once the editor shows, so the click can open the
 * tab at once (a tab opened after a wait is blocked as a pop-up). null: no spreadsheet.
 */
export function useSpreadsheetUrl(board: BoardState): () => Promise<string | null> {
  const [known, setKnown] = useState<Promise<string | null> | null>(null);
  const { slug, spreadsheetId } = board;
  useEffect(() => {
    if (!spreadsheetId) {
      setKnown(Promise.resolve(null));
      return;
    }
    const found = spreadsheetUrl(slug, spreadsheetId).catch(() => null);
    setKnown(found);
  }, [slug, spreadsheetId]);
  return () => known ?? Promise.resolve(null);
}

/** The one popup the editor mode says is open. */
export function BoardPopups(editing: BoardEditing) {
  const { board, setBoard, editor } = editing;
  const close = () => editor.dispatch({ type: 'close' });
  // Settings opened from New Block's search for filters open at the filters.
  const [settingsAt, setSettingsAt] = useState<'filters' | undefined>(undefined);
  const blockEditing = useBoardBlockEditing(board, setBoard);
  useOutboxBlocks(board.blocks, blockEditing);
  // Stored filters as the server keeps them; the core reads (and checks) their shape.
  const source = useMemo(
    () => ({
      spreadsheetId: board.spreadsheetId,
      sheets: board.sheets ?? [],
      filters: (board.filters ?? []) as unknown as Filter[],
      theme: themeOf({ accent_color: board.accent_color, look: board.look, palette: board.palette }),
    }),
    [board.spreadsheetId, board.sheets, board.filters, board.accent_color, board.look, board.palette],
  );
  useOfflineReadiness(source, board.blocks);
  const saved = (next: BoardState) => setBoard(() => next);
  if (editor.tutorials) return <TutorialPopup onClose={close} />;
  const { mode } = editor;
  if (isOpen(mode, 'add')) {
    return (
      <BlockTypePicker
        onClose={close}
        onPick={async (type) => {
          const saved = await addBlock(editing, type);
          editing.blocks.edit(saved.id, true);
        }}
        onFilters={() => {
          setSettingsAt('filters');
          editor.dispatch({ type: 'open', popup: 'settings' });
        }}
      />
    );
  }
  const { target } = editing.blocks;
  const edited = openedBlock(board.blocks, target, mode);
  if (target && edited) {
    return (
      <EditedBlockPanel target={target} block={edited} source={source} editing={blockEditing} deleteDraft={(id) => deleteBlock(board.slug, id)} close={close} />
    );
  }
  if (isOpen(mode, 'embed')) return <EmbedPopup board={board} onSaved={saved} onClose={close} />;
  if (isOpen(mode, 'publish')) return <PublishPopup board={board} onSaved={saved} onClose={close} />;
  if (isOpen(mode, 'settings')) {
    const settingsSaved = (next: BoardState) => {
      recordBoardSettings(board, next);
      saved(next);
    };
    return (
      <SettingsPopup
        board={board}
        onSaved={settingsSaved}
        onClose={() => {
          setSettingsAt(undefined);
          close();
        }}
        at={settingsAt}
      />
    );
  }
  return null;
}
