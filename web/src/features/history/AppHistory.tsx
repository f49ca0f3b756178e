import { useId, useMemo, useState } from 'react';
import type { PageState, RevisionDetail } from '../../generated/api';
import { pageBlocksPath } from '../app/appApi';
import { PageContent } from '../app/PageContent';
import { HistoryButton, HistoryPanel } from './HistoryPanel';
import { appSnapshotChrome, appSnapshotPages } from './snapshots';
import { recordRestore } from './restoreUndo';
import { VersionsTab } from './VersionsTab';
import { CoreState, useCore, useSnapshotSource } from './useSnapshotSource';
import type { Core } from '../../core/wasm';

/** One page of the version (the one open in the editor first), drawn as guests see it, over today's rows. */
function SnapshotApp({ page, detail }: { page: PageState; detail: RevisionDetail }) {
  const id = useId();
  const core = useCore();
  const pages = useMemo(() => appSnapshotPages(detail.snapshot), [detail]);
  const chrome = useMemo(() => appSnapshotChrome(detail.snapshot), [detail]);
  const [chosen, setChosen] = useState(page.page_id);
  const shown = pages.find((p) => p.id === chosen) ?? pages[0];
  if (!shown) return <p className="muted history-empty">This version has no pages.</p>;
  // The version's own settings, header and footer: none of today's shows in it.
  const drawn = {
    ...page,
    ...shown.settings,
    ...chrome,
    page_id: shown.id,
    page_name: shown.page_name,
    page_slug: shown.page_slug,
    blocks: shown.blocks,
  } as PageState;
  return (
    <>
      <div className="history-page-pick">
        <label htmlFor={`${id}-page`}>Page</label>
        <select id={`${id}-page`} value={shown.id} onChange={(e) => setChosen(e.target.value)}>
          {pages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.page_name || 'Home'}
            </option>
          ))}
        </select>
      </div>
      {core && !('error' in core) ? <DrawnPage core={core} page={drawn} /> : <CoreState core={core} />}
    </>
  );
}

function DrawnPage({ core, page }: { core: Core; page: PageState }) {
  const { source, blocks } = useSnapshotSource(core, page.spreadsheetId, page.filters ?? undefined, page.blocks);
  const shown = useMemo(() => ({ ...page, blocks }), [page, blocks]);
  return (
    <div className="history-preview" inert>
      <PageContent page={shown} path={page.page_slug} source={source} emptyText="This page had no blocks in this version." />
    </div>
  );
}

/**
 * The app editor's History button and panel: the app's versions, every page in each. A restore
 * goes on the open page's undo stack, and `onRestored` loads the app again.
 */
export function AppHistory({ page, onRestored }: { page: PageState; onRestored: () => void }) {
  const owner = { kind: 'apps', id: page.app_id } as const;
  return (
    <HistoryButton
      panel={(close) => (
        <HistoryPanel
          onClose={close}
          versions={
            <VersionsTab
              owner={owner}
              preview={(detail) => <SnapshotApp page={page} detail={detail} />}
              onRestored={(restore) => {
                recordRestore(pageBlocksPath(page.app_id, page.page_id), restore);
                onRestored();
              }}
            />
          }
        />
      )}
    />
  );
}
