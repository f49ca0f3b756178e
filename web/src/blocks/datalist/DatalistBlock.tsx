// Datalist block (blocks §3.15): each row's chosen columns as label and value pairs, as a
// vertical list, a horizontal scrolling row of cards, or a timeline (vertical, horizontal or
// zigzag). Sorting is a data rule: the server sorts the rows by the block's own `sorting` and
// `sort_column` (tessera-blocks `own_sort`) and says how, which the list shows above its rows.
// Pages of the catalogue's page size (20) grow with 'Show more'.
import type { CSSProperties } from 'react';
import type { DatalistAxisItemSettings } from '../../generated/blockConfigs';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import type { BlockRows, DataBlockProps } from '../data/types';
import { HIDDEN_COLUMNS, RECORD_ID } from '../details/DetailsPopup';
import { ShowMore } from './ShowMore';
import { httpUrl } from '../urls';
import { usePagedRows } from './usePagedRows';
import './datalist.css';

/** An axis item the list can draw: it names a column. */
export interface DatalistItem {
  column: string;
  label: string;
  type: DatalistAxisItemSettings['type'];
  buttonText: string;
}

/** The axis items that name a column. */
export function datalistItems(axis: DatalistAxisItemSettings[]): DatalistItem[] {
  return axis
    .filter((item) => item.column?.trim())
    .map((item) => ({ column: item.column as string, label: item.label ?? '', type: item.type, buttonText: item.button_text ?? '' }));
}

/** How the server ordered the rows, in words: "Sorted by Name (ascending)", as the owner chose it. */
export function sortedByText(sortedBy: BlockRows['sorted_by'], items: DatalistItem[]): string | null {
  if (!sortedBy) return null;
  const label = items.find((item) => item.column === sortedBy.column)?.label || sortedBy.column;
  return `Sorted by ${label} (${sortedBy.direction === 'asc' ? 'ascending' : 'descending'})`;
}

/** `shown`: the row's display texts (`data/display.ts`) where they differ from its cells. */
function Field({ item, row, shown }: { item: DatalistItem; row: Record<string, string>; shown: Record<string, string> }) {
  const value = row[item.column] ?? '';
  if (item.type === 'image') {
    const src = httpUrl(value);
    // Width and height reserve the image's box before it loads, so the list does not jump.
    return src ? <img className="datalist-block-image" src={src} alt={item.label || item.column} loading="lazy" width={320} height={180} /> : null;
  }
  if (item.type === 'button') {
    const href = httpUrl(value);
    return href ? (
      <a className="datalist-block-button" href={href} target="_blank" rel="noopener noreferrer">
        {item.buttonText || item.label || 'Open'}
      </a>
    ) : null;
  }
  if (value.trim() === '') return null;
  return (
    <div className="datalist-block-field">
      <span className="datalist-block-label">{item.label || item.column}</span>
      <span className="datalist-block-value">{shown[item.column] ?? value}</span>
    </div>
  );
}

export function DatalistBlock({ block, source }: DataBlockProps<'datalist'>) {
  const items = datalistItems(block.axis);
  const listType = block.list_type;
  const layout = block.timeline_layout;
  const paged = usePagedRows(block, source);

  const classes = ['datalist-block', `datalist-block-${listType}`];
  if (listType === 'timeline') classes.push(`datalist-block-timeline-${layout}`);
  const style = {
    ...(block.timeline_color ? { '--datalist-line': block.timeline_color } : {}),
    ...(block.timeline_dot_color ? { '--datalist-dot': block.timeline_dot_color } : {}),
  } as CSSProperties;
  const scrolls = listType === 'horizontal' || (listType === 'timeline' && layout === 'horizontal');

  return (
    <BlockLoadState load={paged.status === 'ready' ? { status: 'ready', answer: paged } : paged}>
      {(answer) => {
        if (answer.rows.length === 0) return <NoRows narrowed={source.narrowed} />;
        // No columns chosen yet: every visible column as text, so the block is never blank.
        const shown = items.length
          ? items
          : answer.columns.filter((column) => !HIDDEN_COLUMNS.has(column)).map((column) => ({ column, label: '', type: 'text' as const, buttonText: '' }));
        const order = sortedByText(answer.sortedBy, shown);
        return (
          <div className={classes.join(' ')} style={style}>
            {order && <p className="muted datalist-block-order">{order}</p>}
            <ol
              className="datalist-block-items"
              // A row that scrolls sideways takes focus so the keyboard can scroll it.
              {...(scrolls ? { tabIndex: 0, 'aria-label': `${block.title || 'List'} (scrolls sideways)` } : {})}
            >
              {answer.rows.map((row, index) => (
                <li key={row[RECORD_ID] || index} className="datalist-block-item">
                  {listType === 'timeline' && <span className="datalist-block-dot" aria-hidden="true" />}
                  <div className="datalist-block-card">
                    {shown.map((item, at) => (
                      <Field key={`${item.column}-${at}`} item={item} row={row} shown={answer.display[index] ?? {}} />
                    ))}
                  </div>
                </li>
              ))}
            </ol>
            <ShowMore paged={answer} className="datalist-block-foot" />
          </div>
        );
      }}
    </BlockLoadState>
  );
}
