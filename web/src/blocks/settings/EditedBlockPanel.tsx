// What the board editor and the app editor share around the block settings panel: which block
// is being edited (and whether it was just picked, a temp_block draft), and what Save and Cancel
// do to it (platform §4 "Blocks": Save stores it without temp_block, Cancel takes a never-saved
// draft away again).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Loading } from '../../components/Loading';
import type { BlockConfig } from '../../core/wasm';
import { saveBlock } from '../../platform/outbox';
import { newTemporaryBlock, type Block } from '../../shell/blockList';
import type { EditorMode } from '../../shell/useEditorMode';
import type { BlockDataSource } from './BlockSettingsPanel';

// The settings editor and the WASM core it runs on are loaded only for editors, so neither weighs
// on a visitor's first load of the board or page.
const loadPanel = () => import('./BlockSettingsPanel');
const BlockSettingsPanel = lazy(() => loadPanel().then((m) => ({ default: m.BlockSettingsPanel })));

/**
 * Gets an editor ready for the network to go: while the browser is idle, fetches the settings
 * editor and the WASM core (the service worker keeps them) and keeps on this device the rows the
 * previews of `blocks` read, so that once the board is loaded its blocks' settings and previews
 * work offline. Only online: a chunk that fails to load makes the page reload (chunkReload).
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
        loadPanel()
          .then(async (panel) => {
            const { loadCore } = await import('../../core/wasm');
            await loadCore();
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
  }, [spreadsheetId, sheets]);
}

/**
 * A picked type as a temp_block draft over the catalogue's defaults (and `start`, say its title),
 * ready to be stored and opened in the settings editor.
 */
export async function draftBlock(type: string, start: Record<string, unknown> = {}): Promise<Block> {
  const { loadCore } = await import('../../core/wasm');
  const { type: _type, ...defaults } = (await loadCore()).blockDefaults({ ...start, type });
  return newTemporaryBlock(type, defaults);
}

/** The block whose settings are open; `fresh`: just picked, so Cancel deletes the draft. */
export interface BlockTarget {
  id: string;
  fresh: boolean;
}

/** Which block the 'block settings' mode shows, next to the editor's one mode. */
export function useBlockTarget(editor: EditorMode) {
  const [target, setTarget] = useState<BlockTarget | null>(null);
  const { dispatch } = editor;
  const edit = useCallback(
    (id: string, fresh = false) => {
      setTarget({ id, fresh });
      dispatch({ type: 'open', popup: 'block settings' });
    },
    [dispatch],
  );
  return { target, edit };
}

export type BlockTargeting = ReturnType<typeof useBlockTarget>;

export interface EditedBlockPanelProps {
  target: BlockTarget;
  /** The block as the editor holds it. */
  block: Block;
  source: BlockDataSource;
  /** Query parameters of the save (the board a block is on). */
  query: Record<string, string>;
  /** Puts the block (as stored, or as edited while its save waits) in the editor's list. */
  replace: (block: Block) => void;
  /** Deletes a never-saved draft on the server and from the editor's list. */
  discardDraft: (id: string) => Promise<void>;
  close: () => void;
}

export function EditedBlockPanel({ target, block, source, query, replace, discardDraft, close }: EditedBlockPanelProps) {
  const save = async (config: BlockConfig) => {
    // The id is the address; the editor has already dropped temp_block.
    const { id: _id, ...settings } = config;
    // Offline, the save waits in the outbox and the editor shows the edit meanwhile.
    const outcome = await saveBlock(target.id, settings, query);
    replace('stored' in outcome ? outcome.stored : ({ ...settings, id: target.id } as Block));
    close();
  };
  const cancel = async () => {
    if (target.fresh) {
      try {
        await discardDraft(target.id);
      } catch {
        // The request layer alerted why; the draft stays.
      }
    }
    close();
  };
  return (
    <Suspense fallback={<Loading />}>
      <BlockSettingsPanel source={source} block={block} onSave={save} onCancel={() => void cancel()} />
    </Suspense>
  );
}
