import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { BoardBlock, PageState } from '../../api/types';
import { pageSource } from '../../blocks/data/sources';
import { frameStyle } from '../../blocks/frameStyle';
import type { Block } from '../../shell/blockList';
import { blockTypeName } from '../../shell/blockTypes';
import { BlockBody } from '../board/BlockBody';
import { useSettledReveal } from '../board/useSettledReveal';
import { appliedFilterLines, usableFilters } from '../filters/urlFilters';

/**
 * A page's blocks in order on the page's background, each framed with the page's block border and
 * shadow (platform §3 page_background, block_border, block_shadow), between the app's header and
 * footer when the page has none of its own. Guests see only this.
 */
export function PageContent({
  page,
  path,
  emptyText,
  blockActions,
}: {
  page: PageState;
  path: string;
  emptyText?: string;
  /** The editor's controls in each block's frame (Edit, the state of a waiting save). */
  blockActions?: (block: Block) => ReactNode;
}) {
  const urlFilters = useSearchParams()[0].get('filters') ?? '';
  // The server applies the page's filters to every block's rows: saved new ones, the rows load again.
  const savedFilters = JSON.stringify(page.filters ?? []);
  const source = useMemo(() => {
    const lines = appliedFilterLines(usableFilters(JSON.parse(savedFilters) as unknown[]), urlFilters);
    return pageSource(page.app_id, path, { search: '', filters: urlFilters, filterSummary: lines }, Boolean(page.spreadsheetId));
  }, [page.app_id, page.spreadsheetId, path, urlFilters, savedFilters]);
  const reveal = useSettledReveal<HTMLDivElement>();
  const header = appChrome(page, 'header');
  const footer = appChrome(page, 'footer');
  return (
    <div className="app-page-frame" style={{ background: page.page_background }} ref={reveal.ref} data-settling={reveal.settled ? undefined : ''}>
      {header && (
        <header className="app-chrome">
          <BlockBody block={header} source={source} />
        </header>
      )}
      <main className="app-page">
        {page.blocks.length === 0 && emptyText && <p className="muted app-page-empty">{emptyText}</p>}
        {page.blocks.map((block) => {
          const titleId = `block-${block.id}-title`;
          return (
            <section
              key={block.id}
              className="app-block"
              aria-labelledby={titleId}
              style={{ borderColor: page.block_border, boxShadow: `0 1px 4px ${page.block_shadow}`, ...frameStyle(block).frame }}
            >
              {blockActions?.(block)}
              <h2 id={titleId} className="app-block-title" style={frameStyle(block).title}>
                {typeof block.title === 'string' && block.title ? block.title : blockTypeName(block.type)}
              </h2>
              <BlockBody block={block} source={source} />
            </section>
          );
        })}
      </main>
      {footer && (
        <footer className="app-chrome">
          <BlockBody block={footer} source={source} />
        </footer>
      )}
    </div>
  );
}

/** The app's header or footer (App Settings), unless the page has a block of that type itself. */
function appChrome(page: PageState, type: 'header' | 'footer'): BoardBlock | null {
  const chrome = type === 'header' ? page.app_header : page.app_footer;
  return chrome && !page.blocks.some((block) => block.type === type) ? chrome : null;
}
