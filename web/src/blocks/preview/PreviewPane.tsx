// The live preview beside the block settings form (issue 6): the block as it would read with
// the settings being typed, computed in the browser by the WASM core over the tabs loaded once,
// so no keystroke waits for the server.
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { hostContext } from '../../core/context';
import type { Filter } from '../../core/types';
import type { BlockConfig, Core } from '../../core/wasm';
import { Loading } from '../../components/Loading';
import { useSessionStore } from '../../store/sessionStore';
import { computePreview, tabsOf } from './computePreview';
import { PresentationPreview } from './PresentationPreview';
import { PreviewBody } from './PreviewBody';
import type { Preview, PreviewScope, SheetNote } from './previewModel';
import { PREVIEW_ROW_CAP } from './tabRows';
import { usePreviewSheets } from './usePreviewSheets';
import './preview.css';

export interface PreviewPaneProps {
  core: Core;
  /** The block as edited so far. */
  block: BlockConfig;
  spreadsheetId: string | null | undefined;
  /** The board's or page's filters, as stored. */
  filters: readonly Filter[];
  /** The tab's data version, when the spreadsheet's tabs are known (a kept copy of it is used as is). */
  versionOf: (tab: string) => number | undefined;
}

const count = (n: number) => n.toLocaleString('en-US');
const colour = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The block's frame as a viewer sees it: its title and colours (blocks §3.1) around what it shows. */
function BlockFrame({ block, children }: { block: BlockConfig; children: ReactNode }) {
  const title = typeof block.title === 'string' ? block.title.trim() : '';
  return (
    <div className="preview-frame" style={{ background: colour(block.background_color), color: colour(block.font_color) }}>
      {title && (
        <p className="preview-block-title" style={{ color: colour(block.title_color), background: colour(block.title_background_color) }}>
          {title}
        </p>
      )}
      {children}
    </div>
  );
}

/** Which tab the preview read, and a word when it stopped at the cap. */
function SheetCaption({ sheet }: { sheet: SheetNote }) {
  if (sheet.loaded >= sheet.total) return null;
  return <p className="preview-capped">{`The preview reads the first ${count(sheet.loaded)} of ${count(sheet.total)} rows of "${sheet.title}" (at most ${count(PREVIEW_ROW_CAP)}).`}</p>;
}

function sheetOf(preview: Preview): SheetNote | undefined {
  return 'sheet' in preview ? preview.sheet : undefined;
}

export function PreviewPane({ core, block, spreadsheetId, filters, versionOf }: PreviewPaneProps) {
  const [search, setSearch] = useState('');
  const user = useSessionStore((s) => s.user);
  // A long computation (a calendar over 10,000 rows) never holds up the next keystroke.
  const shown = useDeferredValue(block);
  const tabs = useMemo(() => tabsOf(shown), [shown]);
  const sheets = usePreviewSheets(core, spreadsheetId, tabs, versionOf);
  const noData = tabs.length > 0 && !spreadsheetId;

  const preview = useMemo<Preview>(() => {
    if (noData) return { kind: 'error', message: 'No spreadsheet is connected here, so the block has no rows to show.' };
    const scope: PreviewScope = {
      tab: (title) => sheets[title],
      filters,
      search,
      context: { ...hostContext(), user_email: user?.email ?? null, user_name: user?.name ?? null },
    };
    return computePreview(core, shown, scope);
  }, [core, shown, sheets, filters, search, user, noData]);

  const sheet = sheetOf(preview);
  const searchable = preview.kind !== 'presentation' && preview.kind !== 'form' && tabs.length > 0;

  return (
    <section className="block-preview" aria-label="Preview">
      <h3>Preview</h3>
      {searchable && (
        <input className="preview-search" type="search" aria-label="Search the preview" placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
      )}
      <BlockFrame block={shown}>
        {preview.kind === 'loading' && <Loading message="Loading the rows..." />}
        {preview.kind === 'hint' && <p className="muted">{preview.message}</p>}
        {preview.kind === 'error' && (
          <p className="form-error" role="alert">
            {preview.message}
          </p>
        )}
        {preview.kind === 'presentation' && <PresentationPreview core={core} block={shown} />}
        <PreviewBody preview={preview} />
      </BlockFrame>
      {sheet && <SheetCaption sheet={sheet} />}
    </section>
  );
}
