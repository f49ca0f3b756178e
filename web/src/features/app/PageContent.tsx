import type { ReactNode } from 'react';
import type { PageState } from '../../api/types';
import type { Block } from '../../shell/blockList';
import { BlockPreview } from './BlockPreview';

/**
 * A page's blocks in order on the page's background, each framed with the page's block border and
 * shadow (platform §3 page_background, block_border, block_shadow). Guests see only this.
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
  // The server applies the page's filters to every block's rows: saved new ones, the rows load again.
  const filtersKey = JSON.stringify(page.filters ?? []);
  return (
    <main className="app-page" style={{ background: page.page_background }}>
      {page.blocks.length === 0 && emptyText && <p className="muted app-page-empty">{emptyText}</p>}
      {page.blocks.map((block) => {
        const titleId = `block-${block.id}-title`;
        return (
          <section
            key={block.id}
            className="app-block"
            aria-labelledby={titleId}
            style={{ borderColor: page.block_border, boxShadow: `0 1px 4px ${page.block_shadow}` }}
          >
            {blockActions?.(block)}
            <BlockPreview key={filtersKey} block={block} appId={page.app_id} path={path} titleId={titleId} />
          </section>
        );
      })}
    </main>
  );
}
