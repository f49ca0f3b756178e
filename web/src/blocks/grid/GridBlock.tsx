// Grid block (blocks §3.12): rows as cards in 1-4 columns (default 4; fewer on a narrow block),
// each card showing its image, text and button items; items with hide_on_grid show only in the
// details popup. The button (button_text, default View) and a click on the card open the row's
// details popup. Pages of the catalogue's page size (20) grow with 'Show more'.
import { useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { GridAxisItem, GridConfig } from '../../generated/blockConfigs';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import type { DataBlockProps } from '../data/types';
import { ShowMore } from '../datalist/ShowMore';
import { httpUrl } from '../urls';
import { usePagedRows } from '../datalist/usePagedRows';
import { DetailsPopup, HIDDEN_COLUMNS, RECORD_ID } from '../details/DetailsPopup';
import './grid.css';

type Alignment = 'left' | 'center' | 'right';

/** An axis item the grid can draw: it names a column. */
export interface GridItem {
  column: string;
  type: 'image' | 'text' | 'button';
  hidden: boolean;
  /** Pixels; null: the card's width (images) or the default height. */
  imageWidth: number | null;
  imageHeight: number | null;
  roundImage: boolean;
  alignment: Alignment;
  buttonText: string;
  roundButton: boolean;
}

export const DEFAULT_BUTTON_TEXT = 'View';

const size = (value: unknown): number | null => {
  const n = Number(value);
  return value !== undefined && value !== null && value !== '' && Number.isFinite(n) && n > 0 ? Math.round(n) : null;
};

/** The grid's `columns` setting, 1-4 (default 4). */
export function gridColumns(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 4;
}

/** The axis items that name a column; an item without a type is text. */
export function gridItems(axis: GridAxisItem[] | undefined): GridItem[] {
  if (!Array.isArray(axis)) return [];
  return axis
    .filter((item) => item && typeof item.column === 'string' && item.column.trim() !== '')
    .map((item) => ({
      column: item.column as string,
      type: item.type === 'image' || item.type === 'button' ? item.type : 'text',
      hidden: item.hide_on_grid === true,
      imageWidth: size(item.image_width),
      imageHeight: size(item.image_height),
      roundImage: item.round_image === true,
      alignment: item.alignment === 'center' || item.alignment === 'right' ? item.alignment : 'left',
      buttonText: typeof item.button_text === 'string' && item.button_text.trim() ? item.button_text : DEFAULT_BUTTON_TEXT,
      roundButton: item.round_button === true,
    }));
}

function Item({ item, row, onOpen }: { item: GridItem; row: Record<string, string>; onOpen: () => void }) {
  const value = row[item.column] ?? '';
  const classes = `grid-block-item grid-block-align-${item.alignment}`;
  if (item.type === 'image') {
    const src = httpUrl(value);
    if (!src) return null;
    const style: CSSProperties = { height: `${item.imageHeight ?? 180}px`, ...(item.imageWidth ? { width: `${item.imageWidth}px` } : {}) };
    return (
      <div className={classes}>
        <img
          className={`grid-block-image${item.roundImage ? ' grid-block-image-round' : ''}`}
          src={src}
          alt={item.column}
          loading="lazy"
          // The reserved box: the image takes its place before it arrives.
          {...(item.imageWidth ? { width: item.imageWidth } : {})}
          height={item.imageHeight ?? 180}
          style={style}
        />
      </div>
    );
  }
  if (item.type === 'button') {
    return (
      <div className={classes}>
        <button
          type="button"
          className={`grid-block-button${item.roundButton ? ' grid-block-button-round' : ''}`}
          aria-haspopup="dialog"
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {item.buttonText}
        </button>
      </div>
    );
  }
  if (value.trim() === '') return null;
  return <div className={`${classes} grid-block-text`}>{value}</div>;
}

export function GridBlock({ block, source }: DataBlockProps) {
  const config = block as unknown as GridConfig;
  const items = gridItems(config.axis);
  const columns = gridColumns(config.columns);
  // blocks §3.12 lists the details popup on row click as part of the grid; the setting turns it
  // off only when set to false.
  const clickOpens = config.show_details_on_click !== false;
  const paged = usePagedRows(block, source);
  const [open, setOpen] = useState<Record<string, string> | null>(null);

  return (
    <BlockLoadState load={paged.status === 'ready' ? { status: 'ready', answer: paged } : paged}>
      {(answer) => {
        if (answer.rows.length === 0) return <NoRows narrowed={source.narrowed} />;
        // No columns chosen yet: every visible column as text, so the block is never blank.
        const all = items.length ? items : gridItems(answer.columns.filter((column) => !HIDDEN_COLUMNS.has(column)).map((column) => ({ column })));
        const shown = all.filter((item) => !item.hidden);
        const titleItem = all.find((item) => item.type === 'text');
        const titleOf = (row: Record<string, string>) => (titleItem && row[titleItem.column]?.trim()) || block.title || 'Details';
        return (
          <div className="grid-block">
            <ul className={`grid-block-cards grid-block-cols-${columns}`}>
              {answer.rows.map((row, index) => {
                const openRow = () => setOpen(row);
                const onKey = (event: KeyboardEvent) => {
                  if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                    event.preventDefault();
                    openRow();
                  }
                };
                return (
                  <li
                    key={row[RECORD_ID] || index}
                    className={`grid-block-card${clickOpens ? ' grid-block-card-clickable' : ''}`}
                    {...(clickOpens ? { onClick: openRow, onKeyDown: onKey, tabIndex: 0, 'aria-haspopup': 'dialog' as const } : {})}
                  >
                    {shown.map((item, at) => (
                      <Item key={`${item.column}-${at}`} item={item} row={row} onOpen={openRow} />
                    ))}
                  </li>
                );
              })}
            </ul>
            <ShowMore paged={answer} className="grid-block-foot" />
            {open && <DetailsPopup title={titleOf(open)} record={open} columns={answer.columns} onClose={() => setOpen(null)} />}
          </div>
        );
      }}
    </BlockLoadState>
  );
}
