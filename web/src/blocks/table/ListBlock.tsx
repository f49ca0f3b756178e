// The list block (blocks §3.5): the table's block settings (pages, CSV, PDF, details, add row,
// toolbar and item buttons) with rows as compact rows or cards (list_style). Its columns are text
// or image (external image addresses only) and its rows offer only the Edit row and Delete row
// actions.
//
// Compact rows (issue 47, as Glide and Softr lists): one 56-72 px row per record, the first shown
// text column as its title, the second as its subtitle, the first image column as a thumbnail,
// and a chevron when a tap opens the record: the first item button's detail page, else the
// details popup (show_details_on_click). Cards show every shown column as label and value.
import type { KeyboardEvent } from 'react';
import { LIST_ACTION_TYPES } from '../actions/rowActions';
import { shownText } from '../data/display';
import type { DataBlockProps } from '../data/types';
import { cellStyle } from '../RowsTable';
import { RECORD_ID } from '../details/DetailsPopup';
import { usePageResolver } from '../links/appPages';
import { CellContent, RowButtons, RowsBlockView, type RowsBodyProps } from './RowsBlock';
import { cellLookup, detailHref, itemButtons, LIST_TYPES, markdownByCell, stylesByCell, type ShownColumn } from './tableModel';
import './list.css';

const OPTIONS = {
  types: LIST_TYPES,
  actionTypes: LIST_ACTION_TYPES,
  // A list's images come from addresses only (blocks §3.5), whatever an older setting says.
  adjust: (column: ShownColumn): ShownColumn =>
    column.axis?.image_source === 'Upload Image' ? { ...column, axis: { ...column.axis, image_source: 'External URL' } } : column,
};

export function ListBlock({ block, source }: DataBlockProps<'list'>) {
  const Rows = block.list_style === 'Cards' ? ListCards : CompactRows;
  return <RowsBlockView block={block} source={source} options={OPTIONS} kind="List" Rows={Rows} />;
}

/** Enter or Space on a focused row opens it, as a click does (a row is a button then). */
function onKeyOpen(open: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open();
    }
  };
}

function CompactRows({ state, answer, title }: RowsBodyProps) {
  const columns = state.columnsOf(answer);
  const names = columns.map((column) => column.name);
  const [heading, subheading] = columns.filter((column) => column.type !== 'image');
  const image = columns.find((column) => column.type === 'image');
  const styles = stylesByCell(answer.styles);
  const markdown = markdownByCell(answer.markdown);
  const detailPage = itemButtons(state.block)[0];
  const resolve = usePageResolver(detailPage !== undefined);
  const open = state.showDetails;

  const line = (column: ShownColumn | undefined, place: number, record: Record<string, string>, className: string) =>
    column && (
      <span className={className} style={cellStyle(cellLookup(styles, place, column.name))}>
        <CellContent
          column={column}
          value={record[column.name] ?? ''}
          text={shownText(answer, place, column.name)}
          html={cellLookup(markdown, place, column.name)}
        />
      </span>
    );

  return (
    <ul className="list-rows" aria-label={title}>
      {answer.rows.map((record, place) => {
        const recordId = record[RECORD_ID] ?? '';
        const href = detailPage && recordId ? detailHref(state.source, resolve(detailPage.open_detail_page ?? ''), recordId) : undefined;
        const content = (
          <>
            {image && (
              <span className="list-row-image">
                <CellContent column={image} value={record[image.name] ?? ''} text={shownText(answer, place, image.name)} />
              </span>
            )}
            <span className="list-row-text">
              {line(heading, place, record, 'list-row-title')}
              {line(subheading, place, record, 'list-row-subtitle')}
            </span>
            {(href || open) && (
              <span className="list-row-chevron" aria-hidden="true">
                ›
              </span>
            )}
          </>
        );
        return (
          <li key={recordId || place} className="list-row">
            {href ? (
              <a className="list-row-main list-row-open" href={href}>
                {content}
              </a>
            ) : open ? (
              <div className="list-row-main list-row-open" role="button" tabIndex={0} onClick={() => open(record)} onKeyDown={onKeyOpen(() => open(record))}>
                {content}
              </div>
            ) : (
              <div className="list-row-main">{content}</div>
            )}
            <div className="list-block-buttons">
              <RowButtons state={state} answer={answer} record={record} columns={names} opened={href ? 1 : 0} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function ListCards({ state, answer, title }: RowsBodyProps) {
  const columns = state.columnsOf(answer);
  const names = columns.map((column) => column.name);
  const images = columns.filter((column) => column.type === 'image');
  const texts = columns.filter((column) => column.type !== 'image');
  const styles = stylesByCell(answer.styles);
  const markdown = markdownByCell(answer.markdown);
  const open = state.showDetails;

  return (
    <ul className="list-block-items" aria-label={title}>
      {answer.rows.map((record, place) => (
        <li key={record[RECORD_ID] || place} className="list-block-item">
          <div
            className={`list-block-main${open ? ' list-block-clickable' : ''}`}
            role={open ? 'button' : undefined}
            tabIndex={open ? 0 : undefined}
            onClick={open ? () => open(record) : undefined}
            onKeyDown={open ? onKeyOpen(() => open(record)) : undefined}
          >
            {images.length > 0 && (
              <div className="list-block-media">
                {images.map((column) => (
                  <div key={column.name} className="list-block-image" style={{ width: column.width }}>
                    <CellContent column={column} value={record[column.name] ?? ''} text={shownText(answer, place, column.name)} />
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
