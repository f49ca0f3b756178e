import { useEffect, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { BoardBlock, BoardState } from '../../api/types';
import { blockTypeName } from '../../shell/blockTypes';
import { BlockBody } from './BlockBody';
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
 * search and the blocks in a responsive grid, in the board's colours.
 */
export function BoardView({ board, sections, blockActions }: BoardViewProps) {
  const idPrefix = useId();
  const [typed, setTyped] = useState(board.search ?? '');
  const search = useDebounced(typed, SEARCH_DELAY_MS);
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

  // The server applies the board's filters to every block's rows: saved new ones, the rows load again.
  const filtersKey = JSON.stringify(board.filters ?? []);
  const blocks = (
    <div className="board-blocks">
      {shown.length === 0 && <p className="muted board-empty">No blocks here yet.</p>}
      {shown.map((block) => (
        <BlockFrame key={block.id} block={block} actions={blockActions?.(block)}>
          <BlockBody key={filtersKey} block={block} slug={board.slug} spreadsheetId={board.spreadsheetId} search={search} />
        </BlockFrame>
      ))}
    </div>
  );

  return (
    <div className="board-view" style={colours}>
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
        {!board.hide_search && (
          <div role="search" className="board-search">
            <label htmlFor={`${idPrefix}-search`} className="visually-hidden">
              Search
            </label>
            <input
              id={`${idPrefix}-search`}
              type="search"
              placeholder="Search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        )}
        {sections.tabs.length > 0 ? <div {...tabPanelProps(idPrefix, sections.tabs, sections.active)}>{blocks}</div> : blocks}
      </div>
    </div>
  );
}

function BlockFrame({ block, actions, children }: { block: BoardBlock; actions?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  const title = typeof block.title === 'string' && block.title.trim() ? block.title : blockTypeName(block.type);
  return (
    <section className={block.full_width ? 'board-block full-width' : 'board-block'} aria-labelledby={titleId}>
      <header className="board-block-header">
        <h2 id={titleId}>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
