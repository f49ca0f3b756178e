// A block's frame as boards and app pages draw it, and what an editor gets in it (issue 26,
// Layout; issue 47): a handle to drag the block or move it with the arrow keys, Edit, and an edge
// to drag (or arrow) the block's width to a third, a half, two thirds or the whole row.
// Boards and pages differ only in the frame's class and colours, so both use these.
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS as DndCss } from '@dnd-kit/utilities';
import type { BlockTargeting } from './settings/EditedBlockPanel';
import { capabilitiesOf } from '../blocks/capabilities';
import { frameStyle } from '../blocks/frameStyle';
import { GRID_COLUMNS, WIDTHS, columnsOf, widthOf, type Width } from '../blocks/layout';
import { moveId, type Block } from '../store/blockList';
import { blockTypeName } from '../platform/blockTypes';
import { BlockMenuPlace } from '../blocks/pdf/BlockMenu';
import { BlockSaveBadge } from './offlineEditing';
import './blockFrame.css';

const MOVE_HELP = 'Drag to move, or press the arrow keys.';

/** The name a block goes by: its title, or its type's name when it has none. */
export function frameTitle(block: Block): string {
  return typeof block.title === 'string' && block.title.trim() ? block.title : blockTypeName(block.type);
}

/**
 * Whether a block's title is only a placeholder: none, or its type's name, the title a new
 * block starts with ("Markdown"). Viewers do not see it (issue 47); it still names the block
 * for screen readers, and editors see it to tell blocks apart.
 */
export function placeholderTitle(block: Block): boolean {
  return frameTitle(block).trim() === blockTypeName(block.type);
}

/** How many blocks a move passes, and where the moved block ended up, for screen readers. */
function movedText(title: string, order: readonly string[], id: string): string {
  return `${title} moved to place ${order.indexOf(id) + 1} of ${order.length}.`;
}

/**
 * An editor's block grid: blocks move by dragging their handle (dnd-kit, pointer and touch), or
 * by focusing the handle and pressing the arrow keys (one place back or on, Home and End to the
 * ends). Only the blocks given move; the caller keeps the others' places.
 */
export function SortableBlocks({ blocks, onMove, children }: { blocks: readonly Block[]; onMove: (order: readonly string[]) => void; children: ReactNode }) {
  const ids = useMemo(() => blocks.map((b) => b.id), [blocks]);
  const [said, setSaid] = useState('');
  // The handle keeps the focus across the move, which re-places its block in the page.
  const refocus = useRef<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  useEffect(() => {
    if (!refocus.current) return;
    const handle = document.querySelector<HTMLElement>(`[data-move-handle="${CSS.escape(refocus.current)}"]`);
    refocus.current = null;
    handle?.focus();
  }, [ids]);
  const moveTo = (id: string, to: number) => {
    const order = moveId(ids, id, to);
    if (order.every((b, i) => b === ids[i])) return;
    const block = blocks.find((b) => b.id === id);
    setSaid(movedText(block ? frameTitle(block) : '', order, id));
    refocus.current = id;
    onMove(order);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const id = (event.target as HTMLElement).dataset.moveHandle;
    if (!id) return;
    const at = ids.indexOf(id);
    const to = { ArrowUp: at - 1, ArrowLeft: at - 1, ArrowDown: at + 1, ArrowRight: at + 1, Home: 0, End: ids.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveTo(id, to);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) moveTo(String(active.id), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {/* Key presses bubble here from each block's move handle. */}
        <div className="blocks-sortable" onKeyDown={onKeyDown}>
          {children}
        </div>
      </SortableContext>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </DndContext>
  );
}

export interface BlockFrameProps {
  block: Block;
  /** The frame's class (board-block, app-block). */
  className: string;
  /** The grid columns it takes (blocks/layout.ts `spans`); the whole row when not given. */
  span?: number;
  /** The frame's colours where the list sets them inline (an app page's border and shadow). */
  style?: CSSProperties;
  /** The editor's controls at the right of the title. */
  actions?: ReactNode;
  /** In a SortableBlocks: the frame gets a handle to move it. */
  sortable: boolean;
  children: ReactNode;
}

/**
 * A block framed under its title (frameStyle's colours), with the editor's handle and controls.
 * Page chrome has no box and no visible title: the section is named for screen readers, and an
 * editor still gets a slim line with the handle and the buttons above it.
 */
export function BlockFrame({ block, className, span = GRID_COLUMNS, style, actions, sortable, children }: BlockFrameProps) {
  // Named by the block, so a test or a link can find a block's frame by its id.
  const titleId = `block-${block.id}-title`;
  const title = frameTitle(block);
  // The block's "⋯" menu (its exports) goes on the title line, not on a line of its own.
  const [menuPlace, setMenuPlace] = useState<HTMLElement | null>(null);
  // The catalogue's frame (capabilities.rs): page chrome and the banner have no box or title line.
  const framing = capabilitiesOf(block.type)?.frame ?? 'titled';
  const bare = framing !== 'titled';
  const editing = sortable || Boolean(actions);
  const styled = frameStyle(block);
  const classes = [className, bare && 'block-bare', framing === 'page_chrome' && 'block-chrome'].filter(Boolean).join(' ');
  // The span goes in as a custom property, so a phone's stylesheet can still give every block the row.
  const place = { '--block-span': span } as CSSProperties;
  const frame = { className: classes, style: bare ? place : { ...place, ...style, ...styled.frame } };
  const heading = (
    <h2 id={titleId} style={styled.title} className={bare || (!editing && placeholderTitle(block)) ? 'visually-hidden' : undefined}>
      {title}
    </h2>
  );
  const menu = !bare && <div className="block-frame-menu" ref={setMenuPlace} />;
  const controls = actions && <div className="block-frame-actions">{actions}</div>;
  const content = <BlockMenuPlace.Provider value={bare ? undefined : menuPlace}>{children}</BlockMenuPlace.Provider>;
  if (sortable) {
    return (
      <SortableFrame id={block.id} title={title} titleId={titleId} frame={frame} heading={heading} actions={controls} menu={menu}>
        {content}
      </SortableFrame>
    );
  }
  if (bare && !controls) {
    return (
      <section className={frame.className} style={frame.style} aria-label={title}>
        {content}
      </section>
    );
  }
  return (
    <section className={frame.className} aria-labelledby={titleId} style={frame.style}>
      <header className="block-frame-header">
        {heading}
        {menu}
        {controls}
      </header>
      {content}
    </section>
  );
}

interface SortableFrameProps {
  id: string;
  title: string;
  titleId: string;
  frame: { className: string; style: CSSProperties };
  heading: ReactNode;
  actions: ReactNode;
  menu: ReactNode;
  children: ReactNode;
}

/** A block frame in the editor: draggable by its handle, which is a button the arrow keys move. */
function SortableFrame({ id, title, titleId, frame, heading, actions, menu, children }: SortableFrameProps) {
  const helpId = useId();
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({ id });
  const moving: CSSProperties = { ...frame.style, transform: DndCss.Translate.toString(transform), transition };
  return (
    <section ref={setNodeRef} className={isDragging ? `${frame.className} dragging` : frame.className} aria-labelledby={titleId} style={moving}>
      <header className="block-frame-header">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="block-move"
          data-move-handle={id}
          aria-label={`Move block ${title}`}
          aria-describedby={helpId}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <span id={helpId} hidden>
          {MOVE_HELP}
        </span>
        {heading}
        {menu}
        {actions}
      </header>
      {children}
    </section>
  );
}

/** The edit button of a block's frame in an editor, after the state of a save that waits or failed. */
export function EditBlockButton({ block, blocks }: { block: Block; blocks: BlockTargeting }) {
  return (
    <>
      <BlockSaveBadge blockId={block.id} />
      <button type="button" className="block-edit" aria-label={`Edit block ${frameTitle(block)}`} onClick={() => blocks.edit(block.id)}>
        Edit
      </button>
    </>
  );
}

/** The width a drag to `x` (a pointer's clientX) asks for: the one nearest its share of the grid. */
function widthAt(x: number, frame: DOMRect, grid: DOMRect): Width {
  const share = (x - frame.left) / grid.width;
  const distance = (w: Width) => Math.abs(columnsOf(w) / GRID_COLUMNS - share);
  return WIDTHS.reduce((best, w) => (distance(w) < distance(best) ? w : best));
}

const WIDTH_HELP = 'Drag the edge, or press the arrow keys: a third, a half, two thirds or the whole row.';

/**
 * The right edge of a block's frame in an editor: dragged, it snaps the block to the width nearest
 * the pointer (shown on the edge and in the frame as it moves) and saves it on release; focused, a
 * slider that the arrow keys, Home and End step through the widths, saving each. A draft is sized
 * once its settings are saved.
 */
export function BlockWidthHandle<B extends Block>({ block, onResize }: { block: B; onResize: (block: B, width: Width) => void }) {
  const helpId = useId();
  const width = widthOf(block);
  const [dragged, setDragged] = useState<Width | null>(null);
  const shown = dragged ?? width;
  const at = WIDTHS.indexOf(shown);
  const draft = block.temp_block === true;
  const choose = (next: Width) => {
    if (next !== width) onResize(block, next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const to = { ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1, Home: 0, End: WIDTHS.length - 1 }[event.key];
    if (to === undefined || draft) return;
    event.preventDefault();
    choose(WIDTHS[Math.max(0, Math.min(WIDTHS.length - 1, to))]);
  };
  // The frame and the grid it sits in, measured as a drag starts and moves.
  const measure = (event: PointerEvent<HTMLElement>) => {
    const frame = event.currentTarget.closest('section');
    const box = event.currentTarget.closest('[data-block-grid]')?.getBoundingClientRect();
    // A grid not laid out (no width) has no share to read.
    return frame && box?.width ? { frame, at: widthAt(event.clientX, frame.getBoundingClientRect(), box) } : null;
  };
  // While dragging, the frame takes the width the pointer asks for; on release its own span comes
  // back and the saved width re-places the row.
  const original = useRef('');
  // Page chrome always takes the row: it has no width to drag.
  if (capabilitiesOf(block.type)?.frame === 'page_chrome') return null;
  const restore = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.closest('section')?.style.setProperty('--block-span', original.current);
    setDragged(null);
  };
  return (
    <div
      role="slider"
      tabIndex={draft ? -1 : 0}
      className="block-resize"
      aria-label={`Width of block ${frameTitle(block)}`}
      aria-describedby={helpId}
      aria-valuemin={1}
      aria-valuemax={WIDTHS.length}
      aria-valuenow={at + 1}
      aria-valuetext={shown}
      aria-disabled={draft || undefined}
      data-dragging={dragged ? '' : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        const measured = draft ? null : measure(event);
        if (!measured) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        original.current = measured.frame.style.getPropertyValue('--block-span');
        setDragged(width);
      }}
      onPointerMove={(event) => {
        const measured = dragged ? measure(event) : null;
        if (!measured) return;
        measured.frame.style.setProperty('--block-span', String(columnsOf(measured.at)));
        setDragged(measured.at);
      }}
      onPointerUp={(event) => {
        if (!dragged) return;
        restore(event);
        choose(dragged);
      }}
      onPointerCancel={(event) => {
        if (dragged) restore(event);
      }}
    >
      <span className="block-resize-label">{shown}</span>
      <span id={helpId} hidden>
        {WIDTH_HELP}
      </span>
    </div>
  );
}
