import { useEffect, useState } from 'react';
import { coreErrorMessage, loadCore, type Core } from '../../core/wasm';
import type { BlockInfo } from '../../generated/blockCatalogue';
import { loadBlockCatalogue } from '../../platform/blockTypes';
import { canonicalType } from '../../core/canonicalType';
import { offerEditorCore } from '../../blocks/data/editorCore';

export type LoadedBlockInfo = { core: Core; info: BlockInfo } | { error: string } | null;

/**
 * What the settings editor of a block of `blockType` needs: the WASM core and the type's
 * catalogue entry; null while they load, else why they could not.
 */
export function useBlockInfo(blockType: string): LoadedBlockInfo {
  const [loaded, setLoaded] = useState<LoadedBlockInfo>(null);
  useEffect(() => {
    let current = true;
    Promise.all([loadCore(), loadBlockCatalogue()]).then(
      ([core, catalogue]) => {
        // The blocks this editor makes and saves are drawn normalised by this core (BlockBody).
        offerEditorCore(core);
        const type = canonicalType(blockType);
        const info = catalogue.find((entry) => entry.type === type);
        if (current) setLoaded(info ? { core, info } : { error: `Blocks of type "${blockType}" have no settings to edit.` });
      },
      (failure: unknown) => current && setLoaded({ error: `The block settings could not be loaded: ${coreErrorMessage(failure)}` }),
    );
    return () => {
      current = false;
    };
  }, [blockType]);
  return loaded;
}
