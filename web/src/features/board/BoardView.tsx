import { useEffect, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { BoardBlock, BoardState } from '../../generated/api';
import { boardFirstPaint, boardSource, type FirstPaint } from '../../blocks/data/sources';
import type { BlockSource } from '../../blocks/data/types';
import { appliedFilterLines, usableFilters } from '../filters/urlFilters';
import { UrlFilterNotice } from '../filters/UrlFilterNotice';
import { useUrlFilters } from '../filters/useUrlFilters';
import { ViewerFilterBar, type FilterValuesLoader } from '../filters/ViewerFilterBar';
import { loadColumnValues } from '../filters/filterValuesApi';
import { BlockFrame, SortableBlocks } from '../../shell/blockFrame';
import { BlockBody } from '../../blocks/BlockBody';
import { lookColour, themeOf, themeRoot, ThemeProvider } from '../../blocks/theme';
import { blockSpans } from '../../blocks/layout';
import { useSettledReveal } from './useSettledReveal';
import { textOn } from '../../core/colours';
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
  /** Where the blocks read their rows, when not from the stored board (History's preview of a version computes them here). */
  source?: BlockSource;
  /** Raised when rows changed outside the blocks (a row restored from History): every block loads again. */
  dataVersion?: number;
  /**
   * A visitor's board: every block's first page or view comes in one request (issue 31), then
   * each block asks for itself. The editor, whose blocks change under it, asks block by block.
   */
  firstPaint?: boolean;
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

/**
 * The board as every visitor sees it (platform §2 viewer, the guest layout): hero, section tabs,
 * a bar across the top with the search box and filter chips that drive every block (issue 47: not
 * a column beside the blocks, which left most of its height empty), and the blocks in the grid of
 * blocks/layout.ts, in the board's colours.
 */
export function BoardView({
  board,
  sections,
  blockActions,
  onSettled,
  editing = false,
  onMove,
  source: given,
  dataVersion = 0,
  firstPaint: asksFirstPaint = false,
}: BoardViewProps) {
  const idPrefix = useId();
  const [typed, setTyped] = useState(board.search ?? '');
  const search = useDebounced(typed, SEARCH_DELAY_MS);
  const [urlFilters, setUrlFilters] = useUrlFilters();
  const filters = useMemo(() => usableFilters(board.filters), [board.filters]);
  const filterLines = useMemo(() => appliedFilterLines(filters, urlFilters), [filters, urlFilters]);
  // Asked once, as the board first shows, while the blocks' code loads; they take their parts.
  const [firstPaint] = useState<FirstPaint | undefined>(() =>
    asksFirstPaint && !given ? boardFirstPaint(board.slug, board.spreadsheetId, { search, filters: urlFilters, filterSummary: filterLines }) : undefined,
  );
  useEffect(() => firstPaint?.start(), [firstPaint]);
  // A new source (new search, filters, saved filters) makes every block load again.
  const served = useMemo(() => {
    const stored = boardSource(board.slug, board.spreadsheetId, { search, filters: urlFilters, filterSummary: filterLines }, firstPaint);
    return dataVersion ? { ...stored, key: JSON.stringify([stored.key, dataVersion]) } : stored;
  }, [board.slug, board.spreadsheetId, search, urlFilters, filterLines, dataVersion, firstPaint]);
  const source = given ?? served;
  // An "any of" chip lists its column's values as this viewer may read them on this board; a
  // filter that names no tab applies to every tab, and lists those of the first tab a block shows.
  const loadValues = useMemo((): FilterValuesLoader | undefined => {
    const spreadsheetId = board.spreadsheetId;
    if (!spreadsheetId) return undefined;
    const firstTab = board.blocks.map((block) => block.sheet_title?.trim() ?? '').find(Boolean) ?? '';
    return (filter, search, otherFilters, signal) =>
      loadColumnValues(
        { slug: board.slug, spreadsheetId, sheet: filter.sheet_column.sheet.trim() || firstTab, column: filter.sheet_column.column, search, otherFilters },
        signal,
      );
  }, [board.slug, board.spreadsheetId, board.blocks]);
  const shown = blocksOfSection(board.blocks, sections.sections, sections.active);
  const theme = useMemo(() => themeOf(board), [board]);
  const root = themeRoot(theme);
  const colours = {
    ...root.style,
    '--board-background': lookColour(theme, board.board_background, '#FAFAFA'),
    '--block-border': lookColour(theme, board.block_border, '#e7ebf3'),
    '--block-shadow': lookColour(theme, board.block_shadow, '#ebeff3'),
  } as CSSProperties;
  const tabStyle = (selected: boolean): CSSProperties =>
    selected ? { color: board.active_section_text_color, background: board.active_section_background_color } : { color: board.inactive_section_text_color };

  const reveal = useSettledReveal<HTMLDivElement>();
  useEffect(() => {
    if (reveal.settled) onSettled?.();
  }, [reveal.settled, onSettled]);
  const spans = blockSpans(shown);
  const frames = shown.map((block) => (
    <BlockFrame key={block.id} block={block} className="board-block" span={spans.get(block.id)} actions={blockActions?.(block)} sortable={Boolean(onMove)}>
      <BlockBody block={block} source={source} />
    </BlockFrame>
  ));
  const blocks = (
    <div className="board-blocks" data-block-grid="" ref={reveal.ref} data-settling={reveal.settled ? undefined : ''}>
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
  const bar = (showFilters || !board.hide_search) && (
    // One search landmark: the box and the chips together narrow what every block shows.
    <div role="search" className="board-bar" aria-label="Search and filters">
      {!board.hide_search && (
        <div className="board-search">
          <label htmlFor={`${idPrefix}-search`} className="visually-hidden">
            Search
          </label>
          <input id={`${idPrefix}-search`} type="search" placeholder="Search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
      )}
      {showFilters && <ViewerFilterBar filters={filters} value={urlFilters} onChange={setUrlFilters} loadValues={loadValues} />}
    </div>
  );

  return (
    <div className={`board-view ${root.className}`} style={colours}>
      <ThemeProvider value={theme}>
        {!board.hide_hero && <Hero board={board} />}
        <div className="board-content">
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
          {bar}
          <div className="board-main">
            <UrlFilterNotice filters={filters} urlFilters={urlFilters} onChange={setUrlFilters} />
            {sections.tabs.length > 0 ? <div {...tabPanelProps(idPrefix, sections.tabs, sections.active)}>{blocks}</div> : blocks}
          </div>
        </div>
      </ThemeProvider>
    </div>
  );
}
