// What a version's preview draws with: its blocks as that version stored them, each with the
// catalogue's defaults filled in, over today's rows, computed in the browser by the WASM core as
// the block settings preview does (blocks/data/previewSource.ts). The server's view and row
// calls name a block by id and answer with its settings of today, so they cannot draw a block
// that was edited or deleted since.
import { useEffect, useMemo, useState } from 'react';
import type { BoardBlock } from '../../generated/api';
import type { Filter } from '../../generated/core';
import { hostContext } from '../../core/context';
import { coreErrorMessage, type Core } from '../../core/wasm';
import { previewSource } from '../../blocks/data/previewSource';
import type { BlockSource } from '../../blocks/data/types';
import { usePreviewSheets } from '../../blocks/preview/usePreviewSheets';
import { usableFilters } from '../filters/urlFilters';
import { useSessionStore } from '../../store/sessionStore';
import { canonicalType } from '../../core/canonicalType';

/** The WASM core, loaded once the first preview opens; an error when it cannot load. */
export function useCore(): Core | { error: string } | null {
  const [core, setCore] = useState<Core | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('../../core/wasm')
      .then(({ loadCore }) => loadCore())
      .then(
        (loaded) => live && setCore(loaded),
        (error: unknown) => live && setCore({ error: `The preview could not start: ${coreErrorMessage(error)}` }),
      );
    return () => {
      live = false;
    };
  }, []);
  return core;
}

/** `blocks` as viewers get them: the catalogue's defaults filled in, drafts drawn as drafts. */
function withDefaults(core: Core, blocks: readonly BoardBlock[]): BoardBlock[] {
  return blocks.map((block) => {
    try {
      const { temp_block: _draft, ...filled } = core.blockDefaults({ ...block, type: canonicalType(String(block.type)) });
      return { ...filled, id: block.id } as BoardBlock;
    } catch {
      return block;
    }
  });
}

/** The source and blocks a version's preview draws with, over the spreadsheet's tabs of today. */
export function useSnapshotSource(
  core: Core,
  spreadsheetId: string | null | undefined,
  storedFilters: readonly unknown[] | undefined,
  blocks: readonly BoardBlock[],
) {
  const user = useSessionStore((s) => s.user);
  const { sheet } = usePreviewSheets(core, spreadsheetId, () => undefined);
  const filters: Filter[] = useMemo(() => usableFilters(storedFilters), [storedFilters]);
  const source: BlockSource = useMemo(() => {
    const context = { ...hostContext(), user_email: user?.email ?? null, user_name: user?.name ?? null };
    return previewSource({ core, sheet, filters, search: '', context }, spreadsheetId);
  }, [core, sheet, filters, spreadsheetId, user]);
  const drawn = useMemo(() => withDefaults(core, blocks), [core, blocks]);
  return { source, blocks: drawn };
}

/** What a preview shows while the core loads, or when it cannot. */
export function CoreState({ core }: { core: { error: string } | null }) {
  return core ? (
    <p className="form-error" role="alert">
      {core.error}
    </p>
  ) : (
    <p className="muted history-note">Loading the preview…</p>
  );
}
