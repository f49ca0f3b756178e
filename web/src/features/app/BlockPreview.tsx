// What a page block shows until its real view exists (issues 7-9 replace this file): its title,
// a markdown block's text as plain text, and for a block bound to a sheet the first page of rows.
import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { PageSheetAnswer } from '../../api/types';
import { Loading } from '../../components/Loading';
import type { Block } from '../../shell/blockList';
import { blockTypeName } from '../../shell/blockTypes';
import { fetchSheetRows } from './appApi';

/** platform §8 "Sheet fetch fails": the server's message, else the error's, else 'Data Error'. */
export function sheetErrorText(error: unknown): string {
  return toApiError(error).message || 'Data Error';
}

type Rows = { state: 'loading' } | { state: 'ready'; answer: PageSheetAnswer } | { state: 'error'; message: string };

function SheetRows({ appId, path, sheetTitle, blockId }: { appId: string; path: string; sheetTitle: string; blockId: string }) {
  const [rows, setRows] = useState<Rows>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    setRows({ state: 'loading' });
    fetchSheetRows(appId, path, sheetTitle, blockId).then(
      (answer) => current && setRows({ state: 'ready', answer }),
      (error: unknown) => current && setRows({ state: 'error', message: sheetErrorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [appId, path, sheetTitle, blockId]);

  if (rows.state === 'loading') return <Loading />;
  if (rows.state === 'error') {
    return (
      <p className="form-error" role="alert">
        {rows.message}
      </p>
    );
  }
  const { columns, rows: records } = rows.answer;
  if (records.length === 0) return <p className="muted">No rows.</p>;
  return (
    <div className="app-block-table">
      <table>
        <caption className="visually-hidden">{sheetTitle}</caption>
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
          {records.map((record, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column}>{record[column] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
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
