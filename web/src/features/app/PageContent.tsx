import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { BoardBlock, PageState } from '../../generated/api';
import type { BlockSource } from '../../blocks/data/types';
import { pageFirstPaint, pageSource, type FirstPaint } from '../../blocks/data/sources';
import { BlockFrame, SortableBlocks } from '../../shell/blockFrame';
import type { Block } from '../../store/blockList';
import { BlockBody } from '../../blocks/BlockBody';
import { lookColour, themeOf, themeRoot, ThemeProvider } from '../../blocks/theme';
import { blockSpans } from '../../blocks/layout';
import { useSettledReveal } from '../board/useSettledReveal';
import { appliedFilterLines, usableFilters } from '../filters/urlFilters';
import { UrlFilterNotice } from '../filters/UrlFilterNotice';
import { useUrlFilters } from '../filters/useUrlFilters';
import { AppNav } from './AppNav';

/**
 * A page's blocks in order on the page's background, each framed with the page's block border and
 * shadow (platform §3 page_background, block_border, block_shadow), between the app's header and
 * footer when the page has none of its own (without any header, the navigation of its pages).
 * Guests see only this: the blocks in the grid of blocks/layout.ts, as a board's; a link's
 * filters the page cannot use named once above.
 */
export function PageContent({
  page,
  path,
  emptyText,
  blockActions,
  onMove,
  source: given,
}: {
  page: PageState;
  path: string;
  emptyText?: string;
  /** Where the blocks' rows and views come from, when not from the server (a version's preview). */
  source?: BlockSource;
  /** The editor's controls in each block's frame (Edit, the state of a waiting save). */
  blockActions?: (block: Block) => ReactNode;
  /** The editor's reordering: each block gets a handle; called with the page's new order. */
  onMove?: (order: readonly string[]) => void;
}) {
  const [urlFilters, setUrlFilters] = useUrlFilters();
  // The server applies the page's filters to every block's rows: saved new ones, the rows load again.
  const savedFilters = JSON.stringify(page.filters ?? []);
  const filters = useMemo(() => usableFilters(JSON.parse(savedFilters) as unknown[]), [savedFilters]);
  // A visitor's page (the editor arranges blocks with onMove) asks once for every block's first
  // page or view (issue 31); each block then asks for itself. A visitor sees Loading between
  // pages, so each page mounts, and asks, anew.
  const [firstPaint] = useState<FirstPaint | undefined>(() =>
    onMove || given
      ? undefined
      : pageFirstPaint(page.app_id, path, { search: '', filters: urlFilters, filterSummary: appliedFilterLines(filters, urlFilters) }),
  );
  useEffect(() => firstPaint?.start(), [firstPaint]);
  const served = useMemo(() => {
    const lines = appliedFilterLines(filters, urlFilters);
    return pageSource(page.app_id, path, { search: '', filters: urlFilters, filterSummary: lines }, Boolean(page.spreadsheetId), firstPaint);
  }, [page.app_id, page.spreadsheetId, path, urlFilters, filters, firstPaint]);
  const source = given ?? served;
  const theme = useMemo(() => themeOf(page), [page]);
  const root = themeRoot(theme);
  const border = lookColour(theme, page.block_border, '#e7ebf3');
  const shadow = lookColour(theme, page.block_shadow, '#ebeff3');
  const frameColours = { borderColor: border, boxShadow: shadow && `0 1px 4px ${shadow}` };
  const spans = blockSpans(page.blocks);
  const frames = page.blocks.map((block) => (
    <BlockFrame
      key={block.id}
      block={block}
      className="app-block"
      span={spans.get(block.id)}
      style={frameColours}
      actions={blockActions?.(block)}
      sortable={Boolean(onMove)}
    >
      <BlockBody block={block} source={source} />
    </BlockFrame>
  ));
  const reveal = useSettledReveal<HTMLDivElement>();
  const header = appChrome(page, 'header');
  const footer = appChrome(page, 'footer');
  return (
    <div
      className={`app-page-frame ${root.className}`}
      style={{ ...root.style, background: lookColour(theme, page.page_background, '#FAFAFA') }}
      ref={reveal.ref}
      data-settling={reveal.settled ? undefined : ''}
    >
      <ThemeProvider value={theme}>
        {header ? (
          <header className="app-chrome">
            <BlockBody block={header} source={source} />
          </header>
        ) : (
          !page.blocks.some((block) => block.type === 'header') && <AppNav page={page} />
        )}
        <main className="app-page" data-block-grid="">
          <UrlFilterNotice filters={filters} urlFilters={urlFilters} onChange={setUrlFilters} />
          {page.blocks.length === 0 && emptyText && <p className="muted app-page-empty">{emptyText}</p>}
          {onMove ? (
            <SortableBlocks blocks={page.blocks} onMove={onMove}>
              {frames}
            </SortableBlocks>
          ) : (
            frames
          )}
        </main>
        {footer && (
          <footer className="app-chrome">
            <BlockBody block={footer} source={source} />
          </footer>
        )}
      </ThemeProvider>
    </div>
  );
}

/** The app's header or footer (App Settings), unless the page has a block of that type itself. */
function appChrome(page: PageState, type: 'header' | 'footer'): BoardBlock | null {
  const chrome = type === 'header' ? page.app_header : page.app_footer;
  return chrome && !page.blocks.some((block) => block.type === type) ? chrome : null;
}
