// The board editor's side panel for one block's settings (blocks §2, §3): the catalogue's form
// for the block, fed with the board's tabs and their columns.
import { useEffect, useState } from 'react';
import type { BoardBlock, BoardState } from '../../api/types';
import { BlockSettingsEditor } from '../../blocks/settings/BlockSettingsEditor';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { coreErrorMessage, loadCore, type BlockConfig, type Core } from '../../core/wasm';
import type { BlockInfo } from '../../generated/blockCatalogue';
import { useSheetColumns } from '../spreadsheets/useSheetColumns';
import { loadBlockCatalogue } from '../../shell/blockTypes';

type Loaded = { core: Core; info: BlockInfo } | { error: string } | null;

export function BlockSettingsPanel({
  board,
  block,
  onSave,
  onCancel,
}: {
  board: BoardState;
  block: BoardBlock;
  onSave: (config: BlockConfig) => Promise<void>;
  onCancel: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const columns = useSheetColumns(board.spreadsheetId);
  useEffect(() => {
    let live = true;
    Promise.all([loadCore(), loadBlockCatalogue()]).then(
      ([core, catalogue]) => {
        const type = block.type === 'score_card' ? 'scorecard' : block.type;
        const info = catalogue.find((entry) => entry.type === type);
        if (live) setLoaded(info ? { core, info } : { error: `Blocks of type "${block.type}" have no settings to edit.` });
      },
      (failure: unknown) => live && setLoaded({ error: `The block settings could not be loaded: ${coreErrorMessage(failure)}` }),
    );
    return () => {
      live = false;
    };
  }, [block.type]);

  return (
    // Escape cancels, as it closes the editor's popups.
    <aside className="block-settings-panel" aria-label="Block settings" onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      {loaded === null && <Loading />}
      {loaded && 'error' in loaded && (
        <>
          <FormError message={loaded.error} />
          <button type="button" className="button" onClick={onCancel}>
            Close
          </button>
        </>
      )}
      {loaded && 'info' in loaded && (
        <BlockSettingsEditor
          key={block.id}
          core={loaded.core}
          info={loaded.info}
          block={block as BlockConfig}
          sheets={board.sheets ?? []}
          columnsOf={(sheet) => (sheet ? columns[sheet] : undefined)}
          onSave={onSave}
          onCancel={onCancel}
        />
      )}
    </aside>
  );
}
