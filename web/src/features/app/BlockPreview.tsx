// What a page block shows until its real view exists (issues 7-9 replace this file): its title,
// a markdown block's text as plain text, and for a block bound to a sheet the first page of rows.
import type { PageSheetAnswer } from '../../api/types';
import { recordCells, RowsTable } from '../../blocks/RowsTable';
import { useSheetRows } from '../../blocks/useSheetRows';
import { Loading } from '../../components/Loading';
import type { Block } from '../../shell/blockList';
import { blockTypeName } from '../../shell/blockTypes';
import { fetchSheetRows } from './appApi';

function SheetRows({ appId, path, sheetTitle, blockId }: { appId: string; path: string; sheetTitle: string; blockId: string }) {
  const load = useSheetRows<PageSheetAnswer>(
    (signal) => fetchSheetRows(appId, path, sheetTitle, blockId, signal),
    JSON.stringify([appId, path, sheetTitle, blockId]),
  );

  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') {
    return (
      <p className="form-error" role="alert">
        {load.message}
      </p>
    );
  }
  const { columns, rows } = load.answer;
  if (rows.length === 0) return <p className="muted">No rows.</p>;
  return (
    <div className="app-block-table">
      <RowsTable caption={sheetTitle} columns={columns} rows={recordCells(columns, rows)} />
    </div>
  );
}

export function BlockPreview({ block, appId, path, titleId }: { block: Block; appId: string; path: string; titleId: string }) {
  const title = typeof block.title === 'string' && block.title ? block.title : blockTypeName(block.type);
  const sheetTitle = typeof block.sheet_title === 'string' ? block.sheet_title : '';
  return (
    <>
      <h2 id={titleId} className="app-block-title">
        {title}
      </h2>
      {block.type === 'markdown' && typeof block.text === 'string' && <p className="app-block-text">{block.text}</p>}
      {sheetTitle && <SheetRows appId={appId} path={path} sheetTitle={sheetTitle} blockId={block.id} />}
    </>
  );
}
