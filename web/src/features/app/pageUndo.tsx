// Undo and redo on an app page (issue 30): the toolbar's buttons over the page's stack, and how a
// save of the page's settings (colours, filters) in App Settings is recorded on it. Block edits,
// adds and moves are recorded where they are saved. The app's own settings (name, sub-domain,
// spreadsheet, access) are not on a page's stack.
import { useCallback, useMemo } from 'react';
import type { PageState } from '../../generated/api';
import type { Block } from '../../store/blockList';
import type { UndoPlace } from '../../shell/undo/performStep';
import { UndoRedoButtons } from '../../shell/undo/UndoRedoButtons';
import { recordUndo } from '../../shell/undo/undoStore';
import { restoreForUndo } from '../history/restoreUndo';
import { pageBlocksPath, updatePage, type PageChange } from './appApi';

/** Records a save of page settings: `change` as sent, and `before` every such setting as it was (in the request's form). */
export function recordPageSettings(appId: string, pageId: string, change: PageChange, before: Record<string, unknown>): void {
  const undo = Object.fromEntries(Object.keys(change).map((key) => [key, before[key]]));
  recordUndo(pageBlocksPath(appId, pageId), { kind: 'settings', label: 'page settings', before: undo, after: { ...change } });
}

/**
 * Undo and Redo of the app editor's top bar, for the page shown; `reload` loads the app again
 * after an undone or redone restore from History.
 */
export function PageUndoRedo({ page, setPage, reload }: { page: PageState; setPage: (update: (page: PageState) => PageState) => void; reload: () => void }) {
  const { app_id: appId, page_id: pageId } = page;
  const setBlocks = useCallback(
    (change: (blocks: readonly Block[]) => Block[]) =>
      setPage((current) => (current.page_id === pageId ? { ...current, blocks: change(current.blocks) } : current)),
    [setPage, pageId],
  );
  const saveSettings = useCallback(
    async (change: Record<string, unknown>) => {
      const { settings } = await updatePage(appId, pageId, change as PageChange);
      const { page_background, block_border, block_shadow, filters } = settings;
      setPage((current) => (current.page_id === pageId ? { ...current, page_background, block_border, block_shadow, filters } : current));
    },
    [appId, pageId, setPage],
  );
  const restoreVersion = useCallback(
    async (revisionId: string) => {
      await restoreForUndo({ kind: 'apps', id: appId }, revisionId);
      reload();
    },
    [appId, reload],
  );
  const place = useMemo(
    (): UndoPlace => ({ at: pageBlocksPath(appId, pageId), query: {}, blocks: page.blocks, setBlocks, saveSettings, restoreVersion }),
    [appId, pageId, page.blocks, setBlocks, saveSettings, restoreVersion],
  );
  return <UndoRedoButtons place={place} />;
}
