import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS as DndCss } from '@dnd-kit/utilities';
import { useSearchParams } from 'react-router';
import type { BoardBlock, BoardState } from '../../api/types';
import { boardSource } from '../../blocks/data/sources';
import { frameStyle } from '../../blocks/frameStyle';
import { appliedFilterLines, usableFilters } from '../filters/urlFilters';
import { UrlFilterNotice } from '../filters/UrlFilterNotice';
import { ViewerFilterBar } from '../filters/ViewerFilterBar';
import { moveId } from '../../shell/blockList';
import { blockTypeName } from '../../shell/blockTypes';
import { BlockBody } from './BlockBody';
import { useSettledReveal } from './useSettledReveal';
import { textOn } from './colours';
import { blocksOfSection, initialSection, parseSections, sectionTabs } from './sections';
import { TabList, tabPanelProps } from './TabList';
import './board.css';

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The section tabs of a board and the active one, which the editor also reads (new blocks go there). */
export function useSections(board: BoardState) {
  const sections = useMemo(() => parseSections(board.sections), [board.sections]);
  const tabs = useMemo(() => sectionTabs(sections, board.blocks), [sections, board.blocks]);
  const [chosen, setChosen] = useState<string | null>(null);
  // A tab that went away (its last block deleted, sections edited) gives way to the first one.
  const active = chosen !== null && tabs.includes(chosen) ? chosen : initialSection(tabs, board.current_section);
  return { sections, tabs, active, setActive: setChosen };
}

export type Sections = ReturnType<typeof useSections>;

export interface BoardViewProps {
  board: BoardState;
  sections: Sections;
  /** Extra controls in each block's frame (the editor's delete button). */
  blockActions?: (block: BoardBlock) => ReactNode;
  /** Called once the blocks have settled and show. */
  onSettled?: () => void;
  /** The board's editor shows it: an empty board or section says how to add a block. */
  editing?: boolean;
  /**
   * The editor's reordering: each block gets a handle to drag it, or to move it with the arrow
   * keys; called with the new order of the blocks showing.
   */
  onMove?: (order: readonly string[]) => void;
}

/** What an empty board or section says: to an editor how to fill it, to a visitor only that it is empty. */
export function emptyBoardText(editing: boolean, wholeBoard: boolean): string {
  if (editing) {
    return wholeBoard
      ? 'This board has no blocks yet. Press New Block to add a chart, a table, a form or any other block.'
      : 'This section has no blocks yet. Press New Block to add one here.';
  }
  return wholeBoard ? 'Nothing has been published on this board yet.' : 'Nothing has been published in this section yet.';
}

function Hero({ board }: { board: BoardState }) {
  const style: CSSProperties = { background: board.hero_background, color: textOn(board.hero_background) };
  if (board.hero_image) {
    style.backgroundImage = `url(${JSON.stringify(board.hero_image)})`;
    style.backgroundSize = 'cover';
    style.backgroundPosition = 'center';
  }
  return (
    <header className="board-hero" style={style}>
      {board.logo && <img className="board-logo" src={board.logo} alt={`${board.title || board.name} logo`} />}
      <h1>{board.title || board.name}</h1>
      {board.hero && <p className="board-hero-text">{board.hero}</p>}
    </header>
  );
}

/** The URL `filters` query the viewer's filter bar writes; every request sends it as `_filters`. */
function useUrlFilters(): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('filters', next);
        else updated.delete('filters');
        return updated;
      },
      { replace: true },
    );
  return [params.get('filters') ?? '', set];
}

/**
 * The board as every visitor sees it (platform §2 viewer, the guest layout): hero, section tabs,
 * the filter bar and search box that drive every block, and the blocks in a responsive grid, in
 * the board's colours. From 1280 px wide the filters and search sit in a 400 px right panel.
 */
export function BoardView({ board, sections, blockActions, onSettled, editing = false, onMove }: BoardViewProps) {
  const idPrefix = useId();
  const [typed, setTyped] = useState(board.search ?? '');
  const search = useDebounced(typed, SEARCH_DELAY_MS);
  const [urlFilters, setUrlFilters] = useUrlFilters();
  const filters = useMemo(() => usableFilters(board.filters), [board.filters]);
  const filterLines = useMemo(() => appliedFilterLines(filters, urlFilters), [filters, urlFilters]);
  // A new source (new search, filters, saved filters) makes every block load again.
  const source = useMemo(
    () => boardSource(board.slug, board.spreadsheetId, { search, filters: urlFilters, filterSummary: filterLines }),
    [board.slug, board.spreadsheetId, search, urlFilters, filterLines],
  );
  const shown = blocksOfSection(board.blocks, sections.sections, sections.active);
  const colours = {
    '--board-background': board.board_background,
    '--block-border': board.block_border,
    '--block-shadow': board.block_shadow,
  } as CSSProperties;
  const tabStyle = (selected: boolean): CSSProperties =>
    selected
      ? { color: board.active_section_text_color, background: board.active_section_background_color }
      : { color: board.inactive_section_text_color };

  const reveal = useSettledReveal<HTMLDivElement>();
  useEffect(() => {
    if (reveal.settled) onSettled?.();
  }, [reveal.settled, onSettled]);
  const frames = shown.map((block) => (
    <BlockFrame key={block.id} block={block} actions={blockActions?.(block)} sortable={Boolean(onMove)}>
      <BlockBody block={block} source={source} />
    </BlockFrame>
  ));
  const blocks = (
    <div className="board-blocks" ref={reveal.ref} data-settling={reveal.settled ? undefined : ''}>
      {shown.length === 0 && <p className="muted board-empty">{emptyBoardText(editing, board.blocks.length === 0)}</p>}
      {onMove ? (
        <SortableBlocks blocks={shown} onMove={onMove}>
          {frames}
        </SortableBlocks>
      ) : (
        frames
      )}
    </div>
  );
  const showFilters = !board.hide_filters && filters.some((f) => f.name.trim() !== '');
  const panel = (showFilters || !board.hide_search) && (
    <aside className="board-panel" aria-label="Search and filters">
      {!board.hide_search && (
        <div role="search" className="board-search">
          <label htmlFor={`${idPrefix}-search`} className="visually-hidden">
            Search
          </label>
          <input id={`${idPrefix}-search`} type="search" placeholder="Search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
      )}
      {showFilters && <ViewerFilterBar filters={filters} value={urlFilters} onChange={setUrlFilters} />}
    </aside>
  );

  return (
    <div className="board-view" style={colours}>
      {!board.hide_hero && <Hero board={board} />}
      <div className={['board-content', panel && 'with-panel', sections.tabs.length === 0 && 'no-sections'].filter(Boolean).join(' ')}>
        {sections.tabs.length > 0 && (
          <TabList
            label="Sections"
            tabs={sections.tabs}
            active={sections.active}
            onSelect={sections.setActive}
            idPrefix={idPrefix}
            className="tab-list board-sections"
            tabStyle={tabStyle}
          />
        )}
        {panel}
        <div className="board-main">
          <UrlFilterNotice filters={filters} urlFilters={urlFilters} onChange={setUrlFilters} />
          {sections.tabs.length > 0 ? <div {...tabPanelProps(idPrefix, sections.tabs, sections.active)}>{blocks}</div> : blocks}
        </div>
      </div>
    </div>
  );
}

const MOVE_HELP = 'Drag to move, or press the arrow keys.';

/** How many blocks a move passes, and where the moved block ended up, for screen readers. */
function movedText(title: string, order: readonly string[], id: string): string {
  return `${title} moved to place ${order.indexOf(id) + 1} of ${order.length}.`;
}

/**
 * The editor's block grid: blocks move by dragging their handle (dnd-kit, pointer and touch), or
 * by focusing the handle and pressing the arrow keys (one place back or on, Home and End to the
 * ends). Only the blocks showing move; the board keeps the others' places.
 */
function SortableBlocks({ blocks, onMove, children }: { blocks: readonly BoardBlock[]; onMove: (order: readonly string[]) => void; children: ReactNode }) {
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
        <div className="board-blocks-sortable" onKeyDown={onKeyDown}>
          {children}
        </div>
      </SortableContext>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </DndContext>
  );
}

function frameTitle(block: BoardBlock): string {
  return typeof block.title === 'string' && block.title.trim() ? block.title : blockTypeName(block.type);
}

function BlockFrame({ block, actions, sortable, children }: { block: BoardBlock; actions?: ReactNode; sortable: boolean; children: ReactNode }) {
  const titleId = useId();
  const title = frameTitle(block);
  const style = frameStyle(block);
  const className = block.full_width ? 'board-block full-width' : 'board-block';
  const heading = (
    <h2 id={titleId} style={style.title}>
      {title}
    </h2>
  );
  if (sortable) {
    return (
      <SortableFrame block={block} title={title} titleId={titleId} className={className} style={style.frame} heading={heading} actions={actions}>
        {children}
      </SortableFrame>
    );
  }
  return (
    <section className={className} aria-labelledby={titleId} style={style.frame}>
      <header className="board-block-header">
        {heading}
        {actions && <div className="board-block-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

interface SortableFrameProps {
  block: BoardBlock;
  title: string;
  titleId: string;
  className: string;
  style: CSSProperties | undefined;
  heading: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** A block frame in the editor: draggable by its handle, which is a button the arrow keys move. */
function SortableFrame({ block, title, titleId, className, style, heading, actions, children }: SortableFrameProps) {
  const helpId = useId();
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({ id: block.id });
  const moving: CSSProperties = { ...style, transform: DndCss.Translate.toString(transform), transition };
  return (
    <section ref={setNodeRef} className={isDragging ? `${className} dragging` : className} aria-labelledby={titleId} style={moving}>
      <header className="board-block-header">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="block-move"
          data-move-handle={block.id}
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
        {actions && <div className="board-block-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
