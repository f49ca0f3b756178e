// The table block (blocks §3.4): the block's columns in order and width, sortable headers, pages,
// conditional colours and markdown cells from the server, row actions and item buttons in an
// actions column (frozen to the right with freeze_actions_column), the details popup on row click.
import type { KeyboardEvent } from 'react';
import { ACTION_TYPES } from '../actions/rowActions';
import { shownText } from '../data/display';
import type { DataBlockProps } from '../data/types';
import { cellStyle } from '../RowsTable';
import { RECORD_ID } from '../details/DetailsPopup';
import { CellContent, hasRowButtons, RowButtons, RowsBlockView, type RowsBodyProps } from './RowsBlock';
import { TABLE_TYPES } from '../data/columnTypes';
import { cellLookup, markdownByCell, stylesByCell } from './tableModel';
import './table.css';

const OPTIONS = { types: TABLE_TYPES, actionTypes: ACTION_TYPES };

export function TableBlock({ block, source }: DataBlockProps<'table'>) {
  return <RowsBlockView block={block} source={source} options={OPTIONS} kind="Table" Rows={TableGrid} />;
}

function TableGrid({ state, answer, title }: RowsBodyProps) {
  const columns = state.columnsOf(answer);
  const names = columns.map((column) => column.name);
  const styles = stylesByCell(answer.styles);
  const markdown = markdownByCell(answer.markdown);
  const buttons = hasRowButtons(state, answer);
  const frozen = buttons && state.settings.freeze_actions_column === true;
  const open = state.showDetails;
  const sort = state.sort;

  const onKey = (record: Record<string, string>) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (open && event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open(record);
    }
  };

  return (
    <div className="table-block-scroll">
      <table className={`table-block-table${frozen ? ' table-block-frozen' : ''}`}>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.column === column.name ? sort.direction : undefined;
              return (
                <th key={column.name} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                  <button
                    type="button"
                    className="table-block-cell"
                    style={{ width: column.width }}
                    onClick={() => state.toggleSort(column.name)}
                    title={`Sort by ${column.name}`}
                  >
                    {column.name}
                    <span className="table-block-sort" aria-hidden="true">
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </span>
                  </button>
                </th>
              );
            })}
            {buttons && (
              <th scope="col" className="table-block-actions-cell">
                <span className="table-block-actions-head">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((record, place) => (
            <tr
              key={record[RECORD_ID] || place}
              className={open ? 'table-block-clickable' : undefined}
              tabIndex={open ? 0 : undefined}
              onClick={open ? () => open(record) : undefined}
              onKeyDown={open ? onKey(record) : undefined}
            >
              {columns.map((column) => {
                const colours = cellLookup(styles, place, column.name);
                return (
                  <td key={column.name} style={cellStyle(colours)}>
                    <div className={`table-block-cell table-block-${column.type}`} style={{ width: column.width }}>
                      <CellContent
                        column={column}
                        value={record[column.name] ?? ''}
                        text={shownText(answer, place, column.name)}
                        html={cellLookup(markdown, place, column.name)}
                      />
                    </div>
                  </td>
                );
              })}
              {buttons && (
                <td className="table-block-actions-cell" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                  <div className="table-block-actions">
                    <RowButtons state={state} answer={answer} record={record} columns={names} />
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
