// What a block frame shows until issue 7 brings each type's own view: a sheet-bound block shows
// the first page of its rows as a table, a markdown block its text. Kept in this one file so the
// block views can replace it whole.
import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardBlock, SheetAnswer } from '../../api/types';
import { Loading } from '../../components/Loading';
import { loadSheet } from './boardApi';

export interface BlockBodyProps {
  block: BoardBlock;
  slug: string;
  spreadsheetId: string | null | undefined;
  /** The board's search terms (platform §5: comma-separated), applied by the server. */
  search: string;
}

/** platform §8 "Sheet fetch fails": the server's message, else the error's, else this. */
export const DATA_ERROR = 'Data Error';

type SheetLoad = { status: 'loading' } | { status: 'ready'; answer: SheetAnswer } | { status: 'failed'; message: string };

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function SheetRows({ block, slug, spreadsheetId, sheetTitle, search }: Omit<BlockBodyProps, 'spreadsheetId'> & { spreadsheetId: string; sheetTitle: string }) {
  const [load, setLoad] = useState<SheetLoad>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    loadSheet(slug, { spreadsheetId, sheetTitle, blockId: block.id, search }, abort.signal).then(
      (answer) => setLoad({ status: 'ready', answer }),
      (error: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'failed', message: toApiError(error).message || DATA_ERROR });
      },
    );
    return () => abort.abort();
  }, [slug, spreadsheetId, sheetTitle, block.id, search]);

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
        <table className="block-table">
          <caption className="visually-hidden">{`${block.title || sheetTitle}: rows of ${sheetTitle}`}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column}>{cellText(row[column])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
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
