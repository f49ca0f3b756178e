// The side panel of one block's settings (blocks §2, §3), for the board editor and the app
// editor alike: the catalogue's form for the block, fed with the tabs and columns of the
// spreadsheet behind it, and beside it the live preview of the block as it is being set up.
import { useCallback, useEffect, useState } from 'react';
import type { SpreadsheetView } from '../../generated/api';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import type { Filter } from '../../generated/core';
import type { BlockConfig } from '../../core/wasm';
import type { AppPageList } from '../../blocks/links/appPages';
import { copyKey, loadWithCopy } from '../../platform/offlineStore';
import type { Block } from '../../store/blockList';
import { useBlockSaveStore } from '../../store/blockSaveStore';
import { tabsOf } from '../../blocks/preview/computePreview';
import { PreviewPane } from '../../blocks/preview/PreviewPane';
import { getSpreadsheet } from '../../blocks/preview/tabApi';
import { loadTabRows } from '../../blocks/preview/tabRows';
import { BlockSettingsEditor } from './BlockSettingsEditor';
import { StarterNotice } from './StarterNotice';
import { useBlockInfo } from './useBlockInfo';
import { useSaveAndClose } from './useSaveAndClose';
import type { Theme } from '../../blocks/theme';
import './panel.css';

/** Where a block's rows come from: the board's or the app's spreadsheet, and its filters. */
export interface BlockDataSource {
  spreadsheetId: string | null | undefined;
  /** The spreadsheet's tab titles, in order. */
  sheets: readonly string[];
  /** The board's or page's filters as stored (the preview applies them as viewers get them). */
  filters: readonly Filter[];
  /** The app's pages, for the settings that name one; undefined on a board, which has none. */
  pages?: AppPageList;
  /** The board's or app's theme, which the preview draws the block in as viewers see it. */
  theme?: Theme;
}

/**
 * The spreadsheet's tabs with their columns and data versions (null until, or unless, they load);
 * `settled` once the answer or the failure is in.
 */
function useSpreadsheetView(spreadsheetId: string | null | undefined) {
  const [state, setState] = useState<{ view: SpreadsheetView | null; settled: boolean }>({ view: null, settled: !spreadsheetId });
  useEffect(() => {
    if (!spreadsheetId) return;
    let live = true;
    spreadsheetView(spreadsheetId).then(
      (view) => live && setState({ view, settled: true }),
      // Without the columns the pickers take typed names, so the editor still works.
      () => live && setState({ view: null, settled: true }),
    );
    return () => {
      live = false;
    };
  }, [spreadsheetId]);
  return state;
}

const spreadsheetView = (spreadsheetId: string) => loadWithCopy(copyKey.spreadsheet(spreadsheetId), () => getSpreadsheet(spreadsheetId));

/**
 * Keeps on this device the spreadsheet's tabs and the rows every block's preview reads (a tab
 * whose kept copy is of its current data version is not read again), for offline editing.
 */
export async function keepPreviewData(spreadsheetId: string, blocks: readonly Block[]): Promise<void> {
  const view = await spreadsheetView(spreadsheetId);
  const tabs = new Set(blocks.flatMap((block) => tabsOf(block as BlockConfig)));
  for (const tab of tabs) {
    const version = view.sheets.find((sheet) => sheet.title === tab)?.version;
    // One tab after the other: this runs while the editor is idle, not against it.
    await loadTabRows(spreadsheetId, tab, version);
  }
}

export interface BlockSettingsPanelProps {
  source: BlockDataSource;
  block: Block;
  /**
   * Which editing this is: the form starts again only when it changes, not when the block takes
   * the server's id (a block made offline, created while its settings are open).
   */
  editKey: string;
  onSave: (config: BlockConfig) => Promise<void>;
  onCancel: () => void;
}

export function BlockSettingsPanel({ source, block, editKey, onSave, onCancel }: BlockSettingsPanelProps) {
  const loaded = useBlockInfo(block.type);
  const [live, setLive] = useState<BlockConfig>(block as BlockConfig);
  const { view, settled } = useSpreadsheetView(source.spreadsheetId);
  // A queued save the server refused: the editor opens with the answer at its setting.
  const refused = useBlockSaveStore((s) => s.saves[block.id]);
  const [initialError] = useState(() => (refused?.state === 'failed' ? { path: refused.field, message: refused.message } : undefined));

  const columnsOf = (sheet: string | undefined) => view?.sheets.find((tab) => tab.title === sheet)?.columns;
  const versionOf = useCallback((tab: string) => view?.sheets.find((s) => s.title === tab)?.version, [view]);
  const { track, close, save, onKeyDown, confirmDialog } = useSaveAndClose(loaded && 'core' in loaded ? loaded.core : null, editKey, onSave, onCancel);
  const onChange = useCallback(
    (config: BlockConfig) => {
      track(config);
      setLive(config);
    },
    [track],
  );

  return (
    // Escape cancels, as it closes the editor's popups (asking first when there are edits).
    <aside className="block-settings-panel" aria-label="Block settings" onKeyDown={onKeyDown}>
      <StarterNotice blockId={editKey} />
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
        <div className="block-settings-columns">
          <BlockSettingsEditor
            key={editKey}
            core={loaded.core}
            info={loaded.info}
            block={block as BlockConfig}
            sheets={source.sheets}
            columnsOf={columnsOf}
            pages={source.pages}
            onSave={save}
            onCancel={() => void close()}
            onChange={onChange}
            initialError={initialError}
          />
          {/* The tabs' data versions come first: a kept copy of the same version is read as is. */}
          <PreviewPane
            core={loaded.core}
            block={live}
            spreadsheetId={source.spreadsheetId}
            filters={source.filters}
            versionOf={versionOf}
            waiting={!settled}
            theme={source.theme}
          />
        </div>
      )}
      {confirmDialog}
    </aside>
  );
}
