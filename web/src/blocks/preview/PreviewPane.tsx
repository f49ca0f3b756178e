// The live preview beside the block settings form (issue 6): the block drawn by the same view
// boards and app pages draw it with (blocks/BlockBody through the registry), over a source
// whose answers the WASM core computes from the tabs loaded once, so no keystroke waits for the
// server and what the owner sees is what viewers get. A block still missing a required setting
// says what to choose, as it does on the board.
import { useDeferredValue, useEffect, useMemo, useState, type MouseEvent } from 'react';
import type { BoardBlock } from '../../generated/api';
import { Loading } from '../../components/Loading';
import { hostContext } from '../../core/context';
import type { Filter } from '../../generated/core';
import { coreErrorMessage, type BlockConfig, type Core } from '../../core/wasm';
import { BlockBody } from '../BlockBody';
import { useSessionStore } from '../../store/sessionStore';
import { BlockUnset } from '../data/BlockLoadState';
import { offerEditorCore } from '../data/editorCore';
import { previewSource } from '../data/previewSource';
import { unsetSettings } from '../data/unsetSettings';
import { frameStyle } from '../frameStyle';
import { DEFAULT_THEME, themeRoot, ThemeProvider, type Theme } from '../theme';
import { tabsOf } from './computePreview';
import { usePreviewSheets } from './usePreviewSheets';
import './preview.css';
import { canonicalType } from '../../core/canonicalType';

export interface PreviewPaneProps {
  core: Core;
  /** The block as edited so far. */
  block: BlockConfig;
  spreadsheetId: string | null | undefined;
  /** The board's or page's filters, as stored. */
  filters: readonly Filter[];
  /** The tab's data version, when the spreadsheet's tabs are known (a kept copy of it is used as is). */
  versionOf: (tab: string) => number | undefined;
  /**
   * The spreadsheet's tabs are still loading: the pane says so, and reads no rows until their
   * data versions are known.
   */
  waiting?: boolean;
  /** The board's or app's theme (its accent and look); the spec's light default without one. */
  theme?: Theme;
}

/** What a link inside the preview says instead of leaving the editor. */
export const PREVIEW_LINK = 'Links open on the board: the preview stays here.';

type Drawn = { block: BoardBlock; unset: string | null } | { error: string };

/** The block as viewers get it (the catalogue's defaults filled in, as the server does), or why not. */
function drawn(core: Core, config: BlockConfig): Drawn {
  try {
    const { temp_block: _draft, ...filled } = core.blockDefaults({ ...config, type: canonicalType(config.type) });
    const id = typeof config.id === 'string' && config.id ? config.id : 'preview';
    return { block: { ...filled, id } as BoardBlock, unset: unsetSettings(core, config) };
  } catch (error) {
    return { error: coreErrorMessage(error) };
  }
}

/**
 * The preview region stays the same element while the tabs load and after, so what a screen
 * reader (or a test) found in it is still there when the block draws.
 */
export function PreviewPane({ waiting, ...props }: PreviewPaneProps) {
  // The block is drawn in its board's theme, as viewers see it, not in the editor's own colours.
  const theme = props.theme ?? DEFAULT_THEME;
  const root = themeRoot(theme);
  return (
    <section className="block-preview" aria-label="Preview">
      <h3>Preview</h3>
      <ThemeProvider value={theme}>
        <div className={`preview-theme ${root.className}`} style={root.style}>
          {waiting ? <Loading /> : <PreviewContent {...props} />}
        </div>
      </ThemeProvider>
    </section>
  );
}

function PreviewContent({ core, block, spreadsheetId, filters, versionOf }: Omit<PreviewPaneProps, 'waiting' | 'theme'>) {
  const [search, setSearch] = useState('');
  const [linkNote, setLinkNote] = useState(false);
  const user = useSessionStore((s) => s.user);
  // A long computation (a calendar over a large tab) never holds up the next keystroke.
  const shown = useDeferredValue(block);
  const { sheet } = usePreviewSheets(core, spreadsheetId, versionOf);
  const context = useMemo(() => ({ ...hostContext(), user_email: user?.email ?? null, user_name: user?.name ?? null }), [user]);
  const source = useMemo(() => previewSource({ core, sheet, filters, search, context }, spreadsheetId), [core, sheet, filters, search, context, spreadsheetId]);
  const view = useMemo(() => drawn(core, shown), [core, shown]);
  const tabs = tabsOf(shown);
  // The board behind the panel says in the catalogue's words what its drafts need.
  useEffect(() => offerEditorCore(core), [core]);

  const stayHere = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href]')) return;
    event.preventDefault();
    setLinkNote(true);
  };

  return (
    <>
      {tabs.length > 0 && shown.type !== 'form' && (
        <input
          className="preview-search"
          type="search"
          aria-label="Search the preview"
          placeholder="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      )}
      {'error' in view ? (
        <p className="form-error" role="alert">
          {view.error}
        </p>
      ) : (
        <div className="preview-frame" style={frameStyle(view.block).frame} onClickCapture={stayHere}>
          {typeof view.block.title === 'string' && view.block.title.trim() && (
            <p className="preview-block-title" style={frameStyle(view.block).title}>
              {view.block.title}
            </p>
          )}
          {view.unset ? <BlockUnset text={view.unset} /> : <BlockBody block={view.block} source={source} />}
        </div>
      )}
      {linkNote && (
        <p className="preview-meta" role="status">
          {PREVIEW_LINK}
        </p>
      )}
    </>
  );
}
