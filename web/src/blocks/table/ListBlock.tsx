// The list block (blocks §3.5): the table's block settings (pages, CSV, PDF, details, add row,
// toolbar and item buttons) with rows as cards. Its columns are text or image (external image
// addresses only) and its rows offer only the Edit row and Delete row actions.
import type { KeyboardEvent } from 'react';
import { LIST_ACTION_TYPES } from '../actions/rowActions';
import { shownText } from '../data/display';
import type { DataBlockProps } from '../data/types';
import { cellStyle } from '../RowsTable';
import { RECORD_ID } from '../details/DetailsPopup';
import { CellContent, RowButtons, RowsBlockView, type RowsBodyProps } from './RowsBlock';
import { cellLookup, LIST_TYPES, markdownByCell, stylesByCell, type ShownColumn } from './tableModel';
import './list.css';

const OPTIONS = {
  types: LIST_TYPES,
  actionTypes: LIST_ACTION_TYPES,
  // A list's images come from addresses only (blocks §3.5), whatever an older setting says.
  adjust: (column: ShownColumn): ShownColumn =>
    column.axis?.image_source === 'Upload Image' ? { ...column, axis: { ...column.axis, image_source: 'External URL' } } : column,
};

export function ListBlock({ block, source }: DataBlockProps<'list'>) {
  return <RowsBlockView block={block} source={source} options={OPTIONS} kind="List" Rows={ListItems} />;
}

function ListItems({ state, answer, title }: RowsBodyProps) {
  const columns = state.columnsOf(answer);
  const names = columns.map((column) => column.name);
  const images = columns.filter((column) => column.type === 'image');
  const texts = columns.filter((column) => column.type !== 'image');
  const styles = stylesByCell(answer.styles);
  const markdown = markdownByCell(answer.markdown);
  const open = state.showDetails;

  const onKey = (record: Record<string, string>) => (event: KeyboardEvent<HTMLElement>) => {
    if (open && event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open(record);
    }
  };

  return (
    <ul className="list-block-items" aria-label={title}>
      {answer.rows.map((record, place) => (
        <li key={record[RECORD_ID] || place} className="list-block-item">
          <div
            className={`list-block-main${open ? ' list-block-clickable' : ''}`}
            role={open ? 'button' : undefined}
            tabIndex={open ? 0 : undefined}
            onClick={open ? () => open(record) : undefined}
            onKeyDown={open ? onKey(record) : undefined}
          >
            {images.length > 0 && (
              <div className="list-block-media">
                {images.map((column) => (
                  <div key={column.name} className="list-block-image" style={{ width: column.width }}>
                    <CellContent column={column} value={record[column.name] ?? ''} />
                  </div>
                ))}
              </div>
            )}
            <dl className="list-block-fields">
              {texts.map((column) => {
                const colours = cellLookup(styles, place, column.name);
                return (
                  <div key={column.name} className="list-block-field">
                    <dt>{column.name}</dt>
                    <dd style={cellStyle(colours)}>
                      <CellContent
                        column={column}
                        value={record[column.name] ?? ''}
                        text={shownText(answer, place, column.name)}
                        html={cellLookup(markdown, place, column.name)}
                      />
                    </dd>
                  </div>
                );
              })}
            </dl>
          </div>
          <div className="list-block-buttons">
            <RowButtons state={state} answer={answer} record={record} columns={names} />
          </div>
        </li>
      ))}
    </ul>
  );
}
