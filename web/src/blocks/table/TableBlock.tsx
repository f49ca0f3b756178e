// The table block (blocks §3.4): the block's columns in order and width, sortable headers, pages,
// conditional colours and markdown cells from the server, row actions and item buttons in an
// actions column (frozen to the right with freeze_actions_column), the details popup on row click.
// With fit_columns (issue 47) the columns take widths from their content within the block's
// measured width (fitColumns.ts), the columns marked "Hide first when narrow" drop first, and
// below 600 px the rows show as compact cards. Numbers are right-aligned; a fade at an edge and
// a note say when columns run past it.
import { useId, useState, type KeyboardEvent } from 'react';
import { ACTION_TYPES } from '../actions/rowActions';
import { shownText } from '../data/display';
import type { BlockRows, DataBlockProps } from '../data/types';
import { cellStyle } from '../RowsTable';
import { RECORD_ID } from '../details/DetailsPopup';
import { CellContent, hasRowButtons, RowButtons, RowsBlockView, type RowsBlockState, type RowsBodyProps } from './RowsBlock';
import { TABLE_TYPES } from '../data/columnTypes';
import { fitColumns, textLength } from './fitColumns';
import { cellLookup, markdownByCell, stylesByCell, type ShownColumn } from './tableModel';
import { useScrollEdges, useWidth } from './useWidth';
import './table.css';

const OPTIONS = { types: TABLE_TYPES, actionTypes: ACTION_TYPES };

/** The most values a card shows under its title. */
export const CARD_VALUES = 3;

export function TableBlock({ block, source }: DataBlockProps<'table'>) {
  return <RowsBlockView block={block} source={source} options={OPTIONS} kind="Table" Rows={TableBody} />;
}

/** A column as drawn: its width, none when the table lays it out by its content. */
interface DrawnColumn {
  column: ShownColumn;
  width?: number;
}

const ownWidth = (column: ShownColumn) => {
  const own = column.axis?.column_width;
  return own !== undefined && own > 0 ? own : undefined;
};

const dropsFirst = (column: ShownColumn) => column.axis?.drop_first === true;

/** Opens the row's details on Enter or Space, as a click does. */
const openOnKey = (open: ((record: Record<string, string>) => void) | undefined, record: Record<string, string>) =>
  open &&
  ((event: KeyboardEvent<HTMLElement>) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open(record);
    }
  });

function TableBody(props: RowsBodyProps) {
  const { state, answer } = props;
  const fitting = state.block.type === 'table' && state.block.fit_columns;
  const [frame, width] = useWidth<HTMLDivElement>();
  // The actions column's width, as last drawn: the fitted columns leave it that much room.
  const [actions, setActions] = useState(0);
  const columns = state.columnsOf(answer);
  let drawn: DrawnColumn[] = columns.map((column) => ({ column, width: column.width }));
  let cards = false;
  if (fitting) {
    const input = columns.map((column) => ({
      kind: column.type,
      length: textLength(
        column.name,
        answer.rows.map((record) => record[column.name] ?? ''),
      ),
      drop_first: dropsFirst(column),
      width: ownWidth(column),
    }));
    // Until the block is drawn with a width, the columns take their content's width.
    const fit = width === undefined ? undefined : fitColumns(input, width, actions);
    drawn = columns.flatMap((column, i) => {
      const width = fit ? fit.widths[i] : ownWidth(column);
      return width === null ? [] : [{ column, width }];
    });
    cards = fit?.cards === true;
  }
  return (
    <div ref={fitting ? frame : undefined} className={fitting ? 'table-block-fitted' : undefined}>
      {cards ? (
        <TableCards state={state} answer={answer} columns={columns} title={props.title} />
      ) : (
        <TableGrid {...props} columns={drawn} onActionsWidth={setActions} />
      )}
    </div>
  );
}

function TableGrid({ state, answer, title, columns, onActionsWidth }: RowsBodyProps & { columns: DrawnColumn[]; onActionsWidth: (width: number) => void }) {
  const names = state.columnsOf(answer).map((column) => column.name);
  const styles = stylesByCell(answer.styles);
  const markdown = markdownByCell(answer.markdown);
  const buttons = hasRowButtons(state, answer);
  const frozen = buttons && state.settings.freeze_actions_column === true;
  const open = state.showDetails;
  const sort = state.sort;
  const scroll = useScrollEdges<HTMLDivElement>();
  const hint = useId();
  const scrolls = scroll.edges.left || scroll.edges.right;

  return (
    <>
      <div className={`table-block-frame${scroll.edges.left ? ' table-block-more-left' : ''}${scroll.edges.right ? ' table-block-more-right' : ''}`}>
        {/* A box that scrolls is a named region a keyboard can reach and scroll. */}
        <div
          ref={scroll.ref}
          className="table-block-scroll"
          onScroll={scroll.onScroll}
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? title : undefined}
          aria-describedby={scrolls ? hint : undefined}
        >
          <table className={`table-block-table${frozen ? ' table-block-frozen' : ''}`}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map(({ column, width }) => {
                  const sorted = sort?.column === column.name ? sort.direction : undefined;
                  return (
                    <th
                      key={column.name}
                      scope="col"
                      className={`table-block-head-${column.type}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      <button
                        type="button"
                        className="table-block-cell"
                        style={{ width }}
                        onClick={() => state.toggleSort(column.name)}
                        title={`Sort by ${column.name}`}
                      >
                        <span className="table-block-head-name">{column.name}</span>
                        <span className="table-block-sort" aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    </th>
                  );
                })}
                {buttons && (
                  <th
                    scope="col"
                    className="table-block-actions-cell"
                    ref={(cell) => {
                      if (cell) onActionsWidth(cell.offsetWidth);
                    }}
                  >
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
                  onKeyDown={openOnKey(open, record)}
                >
                  {columns.map(({ column, width }) => {
                    const colours = cellLookup(styles, place, column.name);
                    return (
                      <td key={column.name} style={cellStyle(colours)}>
                        <div className={`table-block-cell table-block-${column.type}`} style={{ width }}>
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
      </div>
      {scrolls && (
        <p id={hint} className="table-block-scroll-hint">
          {scroll.edges.right ? 'More columns to the right: scroll sideways.' : 'More columns to the left: scroll back.'}
        </p>
      )}
    </>
  );
}

/**
 * A narrow fitted table's rows as cards: the first shown column as the title; beside it, the
 * figure: the last number column not marked "Hide first when narrow" (an amount or revenue,
 * usually the point of the table, as a banking app's list shows it); then the next
 * {@link CARD_VALUES} columns (those not marked before those that are). The whole row is in the
 * details popup.
 */
export function cardColumns(columns: ShownColumn[]): { head: ShownColumn | undefined; figure: ShownColumn | undefined; values: ShownColumn[] } {
  const [head, ...rest] = columns;
  const figure = rest.filter((column) => column.type === 'number' && !dropsFirst(column)).at(-1);
  const others = rest.filter((column) => column !== figure);
  return { head, figure, values: [...others.filter((column) => !dropsFirst(column)), ...others.filter(dropsFirst)].slice(0, CARD_VALUES) };
}

function TableCards({ state, answer, columns, title }: { state: RowsBlockState; answer: BlockRows; columns: ShownColumn[]; title: string }) {
  const { head, figure, values } = cardColumns(columns);
  const names = columns.map((column) => column.name);
  const styles = stylesByCell(answer.styles);
  const markdown = markdownByCell(answer.markdown);
  const buttons = hasRowButtons(state, answer);
  const open = state.showDetails;
  const content = (column: ShownColumn, record: Record<string, string>, place: number) => (
    <CellContent
      column={column}
      value={record[column.name] ?? ''}
      text={shownText(answer, place, column.name)}
      html={cellLookup(markdown, place, column.name)}
    />
  );
  return (
    <ul className="table-block-cards" aria-label={title}>
      {answer.rows.map((record, place) => (
        <li
          key={record[RECORD_ID] || place}
          className={`table-block-card${open ? ' table-block-clickable' : ''}`}
          tabIndex={open ? 0 : undefined}
          onClick={open ? () => open(record) : undefined}
          onKeyDown={openOnKey(open, record)}
        >
          {(head || figure) && (
            <div className="table-block-card-head">
              {head && (
                <div
                  className={`table-block-card-title table-block-${head.type}`}
                  data-column={head.name}
                  style={cellStyle(cellLookup(styles, place, head.name))}
                >
                  {content(head, record, place)}
                </div>
              )}
              {figure && (
                <div className="table-block-card-figure" data-column={figure.name} style={cellStyle(cellLookup(styles, place, figure.name))}>
                  {/* Named for screen readers; the value keeps an element of its own, as a cell. */}
                  <span className="visually-hidden">{`${figure.name}: `}</span>
                  <span>{content(figure, record, place)}</span>
                </div>
              )}
            </div>
          )}
          {values.length > 0 && (
            <dl className="table-block-card-values">
              {values.map((column) => (
                <div key={column.name}>
                  <dt>{column.name}</dt>
                  <dd className={`table-block-${column.type}`} data-column={column.name} style={cellStyle(cellLookup(styles, place, column.name))}>
                    {content(column, record, place)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {buttons && (
            <div className="table-block-actions" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
              <RowButtons state={state} answer={answer} record={record} columns={names} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
