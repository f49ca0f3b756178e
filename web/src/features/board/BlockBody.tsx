// What a block frame shows until issue 7 brings each type's own view: a sheet-bound block shows
// the first page of its rows as a table, a markdown block its text. Kept in this one file so the
// block views can replace it whole.
import type { BoardBlock, SheetAnswer } from '../../api/types';
import { recordCells, RowsTable } from '../../blocks/RowsTable';
import { useSheetRows } from '../../blocks/useSheetRows';
import { Loading } from '../../components/Loading';
import { loadSheet } from './boardApi';

export interface BlockBodyProps {
  block: BoardBlock;
  slug: string;
  spreadsheetId: string | null | undefined;
  /** The board's search terms (platform §5: comma-separated), applied by the server. */
  search: string;
}

function SheetRows({ block, slug, spreadsheetId, sheetTitle, search }: Omit<BlockBodyProps, 'spreadsheetId'> & { spreadsheetId: string; sheetTitle: string }) {
  const load = useSheetRows<SheetAnswer>(
    (signal) => loadSheet(slug, { spreadsheetId, sheetTitle, blockId: block.id, search }, signal),
    JSON.stringify([slug, spreadsheetId, sheetTitle, block.id, search]),
  );

  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') {
    return (
      <p className="block-error" role="alert">
        {load.message}
      </p>
    );
  }
  const { columns, rows, total } = load.answer;
  if (rows.length === 0) return <p className="muted">No rows to show.</p>;
  return (
    <>
      <div className="block-table-scroll">
        <RowsTable className="block-table" caption={`${block.title || sheetTitle}: rows of ${sheetTitle}`} columns={columns} rows={recordCells(columns, rows)} />
      </div>
      <p className="block-count muted">{`Showing ${rows.length} of ${total} rows`}</p>
    </>
  );
}

export function BlockBody({ block, slug, spreadsheetId, search }: BlockBodyProps) {
  const sheetTitle = typeof block.sheet_title === 'string' ? block.sheet_title.trim() : '';
  if (block.type === 'markdown') {
    // Plain text on purpose: rendering the markdown (and so any HTML in it) is the block's own issue.
    const text = typeof block.text === 'string' ? block.text : '';
    return text ? <p className="block-text">{text}</p> : null;
  }
  if (sheetTitle && spreadsheetId) {
    return <SheetRows block={block} slug={slug} spreadsheetId={spreadsheetId} sheetTitle={sheetTitle} search={search} />;
  }
  if (sheetTitle) {
    return (
      <p className="block-error" role="alert">
        No spreadsheet is connected to this board.
      </p>
    );
  }
  return null;
}
