// Grid block (blocks §3.12): rows as cards in 1-4 columns (default 4; fewer on a narrow block),
// each card showing its image, text and button items; items with hide_on_grid show only in the
// details popup. The button (button_text, default View) and a click on the card open the row's
// details popup. Pages of the catalogue's page size (20) grow with 'Show more'.
import { useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { GridAxisItemSettings } from '../../generated/blockConfigs';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import type { DataBlockProps } from '../data/types';
import { ShowMore } from '../datalist/ShowMore';
import { httpUrl } from '../urls';
import { usePagedRows } from '../datalist/usePagedRows';
import { DetailsPopup, HIDDEN_COLUMNS, RECORD_ID } from '../details/DetailsPopup';
import './grid.css';

/** An axis item the grid can draw: it names a column. */
export interface GridItem {
  column: string;
  type: GridAxisItemSettings['type'];
  hidden: boolean;
  /** Pixels; null: the card's width (images) or the default height. */
  imageWidth: number | null;
  imageHeight: number | null;
  roundImage: boolean;
  alignment: GridAxisItemSettings['alignment'];
  buttonText: string;
  roundButton: boolean;
}

/** A size in pixels; 0 (or none) leaves the card's own. */
const size = (value: number | undefined): number | null => (value ? Math.round(value) : null);

/** The axis items that name a column. */
export function gridItems(axis: GridAxisItemSettings[]): GridItem[] {
  return axis
    .filter((item) => item.column?.trim())
    .map((item) => ({
      column: item.column as string,
      type: item.type,
      hidden: item.hide_on_grid,
      imageWidth: size(item.image_width),
      imageHeight: size(item.image_height),
      roundImage: item.round_image,
      alignment: item.alignment,
      buttonText: item.button_text,
      roundButton: item.round_button,
    }));
}

/** No columns chosen yet: a column shown as text, as a text item of the catalogue would be. */
const textItem = (column: string): GridItem => ({
  column,
  type: 'text',
  hidden: false,
  imageWidth: null,
  imageHeight: null,
  roundImage: false,
  alignment: 'left',
  buttonText: '',
  roundButton: false,
});

/** `shown`: the row's display texts (`data/display.ts`) where they differ from its cells. */
function Item({ item, row, shown, onOpen }: { item: GridItem; row: Record<string, string>; shown: Record<string, string>; onOpen: () => void }) {
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
  return <div className={`${classes} grid-block-text`}>{shown[item.column] ?? value}</div>;
}

export function GridBlock({ block, source }: DataBlockProps<'grid'>) {
  const items = gridItems(block.axis);
  const columns = block.columns;
  // blocks §3.12 lists the details popup on row click as part of the grid (the catalogue's default).
  const clickOpens = block.show_details_on_click;
  const paged = usePagedRows(block, source);
  const [open, setOpen] = useState<Record<string, string> | null>(null);

  return (
    <BlockLoadState load={paged.status === 'ready' ? { status: 'ready', answer: paged } : paged}>
      {(answer) => {
        if (answer.rows.length === 0) return <NoRows narrowed={source.narrowed} />;
        // No columns chosen yet: every visible column as text, so the block is never blank.
        const all = items.length ? items : answer.columns.filter((column) => !HIDDEN_COLUMNS.has(column)).map(textItem);
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
                      <Item key={`${item.column}-${at}`} item={item} row={row} shown={answer.display[index] ?? {}} onOpen={openRow} />
                    ))}
                  </li>
                );
              })}
            </ul>
            <ShowMore paged={answer} className="grid-block-foot" />
            {open && (
              <DetailsPopup
                title={titleOf(open)}
                record={{ ...open, ...answer.display[answer.rows.indexOf(open)] }}
                columns={answer.columns}
                onClose={() => setOpen(null)}
              />
            )}
          </div>
        );
      }}
    </BlockLoadState>
  );
}
