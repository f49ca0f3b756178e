// A block's body on a board, an app page or the settings editor's preview: the block type's own
// view from the registry (loaded on demand, its failures kept inside its frame), or, for the
// types without a view, the first rows of its sheet as a table. A draft that still lacks a
// required setting says what to choose instead, and asks the server nothing.
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import type { BoardBlock } from '../generated/api';
import { BlockLoadState, BlockUnset, NoRows } from './data/BlockLoadState';
import { useBlockRows } from './data/hooks';
import type { BlockSource, DataBlockProps } from './data/types';
import { viewBlock } from './viewBlock';
import { useEditorCore } from './data/editorCore';
import { unsetSettings } from './data/unsetSettings';
import type { BlockConfig } from '../core/wasm';
import { HIDDEN_COLUMNS } from './details/DetailsPopup';
import { hasBlockView, loadBlockView, loadedBlockView } from './registry';
import { recordCells, RowsTable } from './RowsTable';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Loading } from '../components/Loading';
import { isChunkLoadError } from '../platform/chunkReload';
import { reportError } from '../platform/errorReporting';
import { useConnectivityStore } from '../store/connectivityStore';

export interface BlockBodyProps {
  block: BoardBlock;
  /** Where the block reads and writes (`hasSpreadsheet` false when none is connected). */
  source: BlockSource;
}

function SheetRows({ block, source }: { block: BoardBlock; source: BlockSource }) {
  const sheetTitle = String(block.sheet_title ?? '');
  const { load } = useBlockRows(block, source, {});
  return (
    <BlockLoadState load={load}>
      {({ columns, rows, total }) => {
        if (rows.length === 0) return <NoRows text="No rows to show." />;
        const shown = columns.filter((c) => !HIDDEN_COLUMNS.has(c));
        return (
          <>
            <div className="block-table-scroll">
              <RowsTable
                className="block-table"
                caption={`${block.title || sheetTitle}: rows of ${sheetTitle}`}
                columns={shown}
                rows={recordCells(shown, rows)}
              />
            </div>
            <p className="block-count muted">{`Showing ${rows.length} of ${total} rows`}</p>
          </>
        );
      }}
    </BlockLoadState>
  );
}

const BLOCK_CRASHED = 'This block could not be shown. The other blocks are not affected; reload the page to try again.';
const BLOCK_OFFLINE = 'This block shows when the network is back.';

/** A block's view failed: its code could not load without a network, or it broke. */
function BlockFailed({ error, online }: { error: unknown; online: boolean }) {
  return (
    <p className="block-error" role="alert">
      {!online && isChunkLoadError(error) ? BLOCK_OFFLINE : BLOCK_CRASHED}
    </p>
  );
}

/** The block type's view, once its code is here; a failed download goes to the error boundary. */
function TypeView({ block: stored, source }: { block: BoardBlock; source: BlockSource }) {
  const core = useEditorCore();
  const block = useMemo(() => viewBlock(stored, core), [stored, core]);
  const [state, setState] = useState<{ view?: ComponentType<DataBlockProps>; error?: unknown }>(() => ({ view: loadedBlockView(block.type) }));
  useEffect(() => {
    if (state.view || state.error) return;
    let live = true;
    loadBlockView(block.type).then(
      (view) => live && setState({ view }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [block.type, state]);
  if (state.error) throw state.error;
  if (!state.view) return <Loading />;
  const View = state.view;
  return <View block={block} source={source} />;
}

/** What a draft says where the catalogue that names its missing settings is not loaded (a viewer's page). */
export const DRAFT_UNSET = "This block is not set up yet. Choose its data in this block's settings.";

/**
 * What a draft (`temp_block`: just picked, or stored while still missing a required setting, which
 * the server answers as a draft) still needs, in the catalogue's words when an editor on this
 * page has the WASM core; null for any other block.
 */
function useDraftUnset(block: BoardBlock): string | null {
  const core = useEditorCore();
  const draft = block.temp_block === true;
  return useMemo(() => (!draft ? null : core ? unsetSettings(core, block as BlockConfig) : DRAFT_UNSET), [draft, core, block]);
}

export function BlockBody({ block, source }: BlockBodyProps) {
  // Back online, a view whose code could not load is tried again.
  const online = useConnectivityStore((s) => s.online);
  const unset = useDraftUnset(block);
  const sheetTitle = block.sheet_title?.trim() ?? '';
  if (unset) return <BlockUnset text={unset} />;
  if (sheetTitle && !source.hasSpreadsheet) {
    return (
      <p className="block-error" role="alert">
        No spreadsheet is connected to this board.
      </p>
    );
  }
  if (hasBlockView(block.type)) {
    return (
      <ErrorBoundary
        resetKey={JSON.stringify([block, online])}
        onError={(error) => online && reportError(error)}
        fallback={(error) => <BlockFailed error={error} online={online} />}
      >
        <TypeView block={block} source={source} />
      </ErrorBoundary>
    );
  }
  if (sheetTitle) return <SheetRows block={block} source={source} />;
  return null;
}
