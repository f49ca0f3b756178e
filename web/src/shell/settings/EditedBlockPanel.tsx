// What the board editor and the app editor share around the block settings panel: which block
// is being edited (and whether it was just picked, a temp_block draft), and what Save and Cancel
// do to it (platform §4 "Blocks": Save stores it without temp_block, Cancel takes a never-saved
// draft away again). A block picked while the network is gone is a draft on this device until
// its first Save, which creates it on the server, at once or from the outbox.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Loading } from '../../components/Loading';
import type { BlockConfig } from '../../core/wasm';
import { isOffline } from '../../platform/offlineStore';
import { saveBlock } from '../../platform/outbox';
import { isLocalId, newLocalId, newTemporaryBlock, type Block } from '../../store/blockList';
import type { BlockListEditing } from '../offlineEditing';
import { isOpen, type Mode } from '../modes';
import { blockLabel } from '../undo/undoStack';
import { recordUndo } from '../undo/undoStore';
import type { EditorMode } from '../useEditorMode';
import { useBlockSaveStore } from '../../store/blockSaveStore';
import type { BlockDataSource } from './BlockSettingsPanel';
import type { StarterData } from './startFromData';
import { forgetStarter, moveStarter, rememberStarter } from './starterNotes';
import { preloadBlockViews } from '../../blocks/registry';

// The settings editor and the WASM core it runs on are loaded only for editors, so neither weighs
// on a visitor's first load of the board or page.
const loadPanel = () => import('./BlockSettingsPanel');
const BlockSettingsPanel = lazy(() => loadPanel().then((m) => ({ default: m.BlockSettingsPanel })));

/**
 * Gets an editor ready for the network to go: while the browser is idle, fetches the settings
 * editor, the WASM core, then the markup module, and every block view's code (the service worker
 * keeps them) and keeps on
 * this device the rows the previews of `blocks` read, so that once the board is loaded its
 * blocks' settings and previews work offline. Only online: a chunk that fails to load makes the
 * page reload (chunkReload).
 */
export function useOfflineReadiness(source: BlockDataSource, blocks: readonly Block[]): void {
  const { spreadsheetId } = source;
  // The blocks' tabs change far less often than the blocks; their names key the effect.
  const sheets = [...new Set(blocks.map((block) => block.sheet_title).filter((sheet): sheet is string => typeof sheet === 'string'))].sort().join('\n');
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function' || !navigator.onLine) return;
    let live = true;
    const idle = requestIdleCallback(
      () => {
        // The preview draws with the blocks' own views: a type picked offline needs its code here.
        preloadBlockViews();
        loadPanel()
          .then(async (panel) => {
            const { loadCore } = await import('../../core/wasm');
            await loadCore();
            // The markup module comes after the core, not with it: a markdown or iframe block
            // picked offline still needs its preview.
            const { loadMarkup } = await import('../../core/markup');
            await loadMarkup();
            if (live && spreadsheetId) await panel.keepPreviewData(spreadsheetId, blocks);
          })
          .catch(() => {
            // Opening the editor later loads what is missing, and says so if that fails.
          });
      },
      { timeout: 2000 },
    );
    return () => {
      live = false;
      cancelIdleCallback(idle);
    };
    // `sheets` names what `blocks` read; other block edits need nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen on purpose, see above
  }, [spreadsheetId, sheets]);
}

/**
 * A picked type as a temp_block draft over the catalogue's defaults (and `start`, say its title),
 * ready to be stored and opened in the settings editor. With `data`, a data block starts bound
 * to its tab's columns (`startFromData`), and the panel says what was chosen; when the rows
 * cannot be read it starts from the defaults alone, so the pick always goes through.
 */
export async function draftBlock(type: string, start: Record<string, unknown> = {}, data?: StarterData): Promise<Block> {
  const { loadCore } = await import('../../core/wasm');
  const core = await loadCore();
  const started = data ? await import('./startFromData').then(({ startFromData }) => startFromData(core, type, data)).catch(() => null) : null;
  const { type: _type, ...defaults } = core.blockDefaults({ ...started?.settings, ...start, type });
  const draft = newTemporaryBlock(type, defaults);
  if (started) rememberStarter(draft.id, started.chosen);
  return draft;
}

/**
 * Stores a picked block as a temp_block draft with `store` (platform §4). With the network gone,
 * keeps it on this device instead, under a client id: nothing is sent until its settings are
 * saved, and Cancel only drops it. An HTTP error is the caller's.
 */
export async function storeDraft<T extends Block>(draft: T, store: (draft: T) => Promise<T>): Promise<T> {
  try {
    const stored = await storeOnline(draft, store);
    // What the starter chose goes with the draft to the id it is now kept under.
    moveStarter(draft.id, stored.id);
    return stored;
  } catch (error) {
    forgetStarter(draft.id);
    throw error;
  }
}

async function storeOnline<T extends Block>(draft: T, store: (draft: T) => Promise<T>): Promise<T> {
  if (navigator.onLine !== false) {
    try {
      return await store(draft);
    } catch (error) {
      if (!isOffline(error)) throw error;
    }
  }
  return { ...draft, id: newLocalId() };
}

/**
 * The block whose settings are open; `fresh`: just picked, so Cancel deletes the draft. `opened`:
 * the id it was opened under, which stays while a block made offline takes the server's id, so
 * the settings being typed stay too.
 */
export interface BlockTarget {
  id: string;
  fresh: boolean;
  opened: string;
}

/** Which block the 'block settings' mode shows, next to the editor's one mode. */
export function useBlockTarget(editor: EditorMode) {
  const [opened, setOpened] = useState<{ id: string; fresh: boolean } | null>(null);
  const createdAs = useBlockSaveStore((s) => (opened ? s.created[opened.id] : undefined));
  const target: BlockTarget | null = opened && { id: createdAs ?? opened.id, fresh: opened.fresh, opened: opened.id };
  const { dispatch } = editor;
  const edit = useCallback(
    (id: string, fresh = false) => {
      setOpened({ id, fresh });
      dispatch({ type: 'open', popup: 'block settings' });
    },
    [dispatch],
  );
  return { target, edit };
}

export type BlockTargeting = ReturnType<typeof useBlockTarget>;

/**
 * The block whose settings are open in an editor's list, if they are: under the id it was opened
 * with until the list, which follows the outbox a render later, holds it under the server's id.
 */
export function openedBlock<T extends Block>(blocks: readonly T[], target: BlockTarget | null, mode: Mode): T | undefined {
  if (!target || !isOpen(mode, 'block settings')) return undefined;
  return blocks.find((block) => block.id === target.id) ?? blocks.find((block) => block.id === target.opened);
}

export interface EditedBlockPanelProps {
  target: BlockTarget;
  /** The block as the editor holds it. */
  block: Block;
  source: BlockDataSource;
  /** The editor's board or page, where the block is saved, created or dropped. */
  editing: BlockListEditing;
  /** Deletes a never-saved draft on the server (the editor then drops it from its list). */
  deleteDraft: (id: string) => Promise<void>;
  close: () => void;
}

/**
 * Records a Save for Undo: the first Save of a block just picked adds it to the board or page;
 * any other is an edit, undone by saving the settings the block had. A Save that changed nothing
 * has nothing to undo.
 */
function recordSave(at: string, fresh: boolean, before: Block, blockId: string, after: Record<string, unknown>): void {
  const { id: _id, temp_block: _draft, ...previous } = before;
  if (fresh) recordUndo(at, { kind: 'add', label: `addition of ${blockLabel(after)}`, blockId, config: after });
  else if (!sameSettings(previous, after)) recordUndo(at, { kind: 'edit', label: `edit of ${blockLabel(after)}`, blockId, before: previous, after });
}

/** Whether two configs hold the same settings, in whatever order the editor wrote their keys. */
function sameSettings(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

export function EditedBlockPanel({ target, block, source, editing, deleteDraft, close }: EditedBlockPanelProps) {
  const save = async (config: BlockConfig) => {
    // The id is the address; the editor has already dropped temp_block.
    const { id: _id, ...settings } = config;
    // Offline, the save waits in the outbox and the editor shows the edit meanwhile.
    const outcome = await saveBlock(target.id, settings, editing.query, editing.createAt);
    const saved = 'stored' in outcome ? outcome.stored : ({ ...settings, id: outcome.blockId } as Block);
    editing.replace(saved, target.id);
    recordSave(editing.createAt, target.fresh, block, saved.id, settings);
    forgetStarter(target.opened);
    close();
  };
  const cancel = async () => {
    if (target.fresh) {
      try {
        // A draft kept on this device was never sent, so there is nothing to delete.
        if (!isLocalId(target.id)) await deleteDraft(target.id);
        editing.remove(target.id);
      } catch {
        // The request layer alerted why; the draft stays.
      }
    }
    forgetStarter(target.opened);
    close();
  };
  return (
    <Suspense fallback={<Loading />}>
      <BlockSettingsPanel source={source} block={block} editKey={target.opened} onSave={save} onCancel={() => void cancel()} />
    </Suspense>
  );
}
