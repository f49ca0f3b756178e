import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toApiError } from '../../api/errors';
import type { AppPage, AppRecord, PageSettings, PageState } from '../../generated/api';
import { draftBlock, EditedBlockPanel, storeDraft, openedBlock, useBlockTarget, useOfflineReadiness } from '../../shell/settings/EditedBlockPanel';
import { Loading } from '../../components/Loading';
import { docsUrlFor } from '../../shell/docsLink';
import type { Filter } from '../../generated/core';
import { BlockWidthHandle, EditBlockButton } from '../../shell/blockFrame';
import { addToPage, removeBlock, replaceBlock, type Block } from '../../store/blockList';
import { BlockTypePicker } from '../../shell/BlockTypePicker';
import { blockTypeName, type BlockType } from '../../platform/blockTypes';
import { isOpen, newBlockIconRotated, type PopupMode } from '../../shell/modes';
import { OfflineNotice, useOutboxBlocks, type BlockListEditing } from '../../shell/offlineEditing';
import { useBlockArranging } from '../../shell/useBlockArranging';
import { useEditorMode } from '../../shell/useEditorMode';
import { useSessionStore } from '../../store/sessionStore';
import { AppHistory } from '../history/AppHistory';
import { ShareButton } from '../share/SharePanel';
import { UsersDialog } from '../users/UsersDialog';
import { addPageBlock, deletePageBlock, pageBlocksPath } from './appApi';
import { pageHref, withAppName } from '../../blocks/links/appLocation';
import { useAppPages } from '../../blocks/links/appPages';
import { AppSettingsPopup } from './AppSettingsPopup';
import { appAddress, AppPublishPopup, AppSharePopup, type AppShareProps } from './AppShare';
import { EmbedPopup } from './EmbedPopup';
import { PageContent } from './PageContent';
import { PagesPopup } from './PagesPopup';
import { PageUndoRedo } from './pageUndo';
import type { AppPageView } from './useAppPage';
import { themeOf } from '../../blocks/theme';
import './app.css';

export const FETCHING_APP = 'Fetching App...';

/** platform §2: '{app name or Fetching App...} - {current page name or Home}'. */
export function editorTitle(appName: string | null | undefined, pageName: string | null | undefined): string {
  return `${appName || FETCHING_APP} - ${pageName || 'Home'}`;
}

const EMPTY_PAGE_TEXT = 'This page has no blocks yet. Press New Block to add one.';

/**
 * The multi-page app editor of platform §2 for users who can edit: top bar, left sidebar, the page
 * and at most one popup, all driven by the mode machine of platform §4.
 */
export function AppEditorShell({
  view,
  page,
  appName,
  path,
  search,
}: {
  view: AppPageView;
  /** The page shown (the view's page, known to be loaded). */
  page: PageState;
  appName: string;
  path: string;
  search: string;
}) {
  const { app, status, setPage, setApp, reload } = view;
  const navigate = useNavigate();
  const checkPlan = useSessionStore((s) => s.checkPlan);
  const editor = useEditorMode('noopener,noreferrer');
  const { mode, dispatch } = editor;
  const blocks = useBlockTarget(editor);
  const [addError, setAddError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const { app_id: appId, page_id: pageId } = page;
  const setBlocks = useCallback(
    (change: (blocks: readonly Block[]) => Block[]) => setPage((current) => ({ ...current, blocks: change(current.blocks) })),
    [setPage],
  );
  const blockEditing = useMemo((): BlockListEditing => {
    return {
      createAt: pageBlocksPath(appId, pageId),
      query: {},
      replace: (block, formerId) => setBlocks((blocks) => replaceBlock(blocks, block, formerId)),
      add: (block) => setBlocks((blocks) => addToPage(blocks, block)),
      remove: (id) => setBlocks((blocks) => removeBlock(blocks, id)),
    };
  }, [appId, pageId, setBlocks]);
  const place = useMemo(() => ({ at: pageBlocksPath(appId, pageId), query: {} }), [appId, pageId]);
  const arranging = useBlockArranging(page.blocks, setBlocks, place);
  useOutboxBlocks(page.blocks, blockEditing);
  const pages = useAppPages(appId);
  const source = useMemo(
    () => ({
      spreadsheetId: page.spreadsheetId,
      sheets: page.sheets ?? [],
      filters: (page.filters ?? []) as unknown as Filter[],
      pages,
      theme: themeOf({ accent_color: page.accent_color, look: page.look, palette: page.palette }),
    }),
    [page.spreadsheetId, page.sheets, page.filters, page.accent_color, page.look, page.palette, pages],
  );
  useOfflineReadiness(source, page.blocks);

  const open = (popup: PopupMode) => dispatch({ type: 'open', popup });
  const close = useCallback(() => dispatch({ type: 'close' }), [dispatch]);

  const embed = async () => {
    dispatch({ type: 'embed', isFreePlan: await checkPlan({ app_id: page.app_id }) });
  };

  /**
   * A picked type is stored as a temp_block draft with its defaults (offline: kept on this device
   * until its settings are saved) and opens in the settings panel.
   */
  const pickBlock = async (type: BlockType) => {
    setAddError(null);
    try {
      const draft = await draftBlock(type, { title: blockTypeName(type) }, { ...source, blocks: page.blocks });
      const saved = await storeDraft(draft, (block) => addPageBlock(appId, pageId, block));
      // The server stores it before the last block too (Placement::BeforeLast), so both agree.
      setPage((current) => (current.page_id === pageId ? { ...current, blocks: addToPage(current.blocks, saved) } : current));
      blocks.edit(saved.id, true);
    } catch (thrown) {
      setAddError(toApiError(thrown).message);
    }
  };

  const edited = openedBlock(page.blocks, blocks.target, mode);

  const renamed = (changed: AppPage) => {
    if (changed.id !== page.page_id) return;
    setPage((current) => ({ ...current, page_name: changed.page_name, page_slug: changed.page_slug }));
    if (changed.page_slug !== path) navigate(pageHref(changed.page_slug, search), { replace: true });
  };

  const deleted = (gone: AppPage) => {
    if (gone.id === page.page_id) navigate(pageHref('', search));
  };

  const appSaved = (saved: AppRecord) => {
    const renamedApp = app && saved.subdomain !== app.subdomain;
    const reconnected = app && (saved.spreadsheetId ?? null) !== (app.spreadsheetId ?? null);
    setApp(saved);
    // Another spreadsheet has other tabs and rows: the page loads again with them.
    if (reconnected) reload();
    // With `?app=` the address names the app, so it follows the new sub-domain.
    if (renamedApp && new URLSearchParams(search).has('app')) navigate(`/${path}${withAppName(search, saved.subdomain)}`, { replace: true });
  };

  const pageSettingsSaved = (settings: Partial<PageSettings>) => setPage((current) => ({ ...current, ...settings }));

  const subdomain = app?.subdomain || appName;
  const embedUrl = appAddress(subdomain, '');
  // The page state carries the app's public flag and owner from the first paint; saving the flag
  // through setApp keeps it in step.
  const shareProps: Omit<AppShareProps, 'onManageUsers' | 'onClose'> = {
    appId,
    subdomain,
    isPublic: page.public,
    ownerEmail: page.owner_email,
    onAppSaved: appSaved,
  };

  return (
    <div className="app-editor">
      <header className="app-topbar">
        <Link to="/dashboard" className="app-back" aria-label="Back to dashboard">
          <span aria-hidden="true">←</span> Dashboard
        </Link>
        <h1 className="app-title">{editorTitle(app?.name, page.page_name)}</h1>
        <OfflineNotice />
        <PageUndoRedo page={page} setPage={setPage} reload={reload} />
        {/* The app's access stays in sight, as on the board editor: one click to share. */}
        <ShareButton isPublic={page.public} expanded={sharing} onClick={() => setSharing(true)} />
        <AppHistory page={page} onRestored={reload} />
        <button type="button" className="button app-spreadsheet" onClick={() => dispatch({ type: 'spreadsheet', url: app?.spreadsheet_url })}>
          Spreadsheet
        </button>
      </header>
      <div className="app-editor-body">
        <nav className="app-sidebar" aria-label="App editor">
          <button type="button" onClick={() => open('pages')}>
            Pages
          </button>
          <button
            type="button"
            onClick={() => {
              setAddError(null);
              open('add');
            }}
            aria-expanded={isOpen(mode, 'add')}
          >
            <span className={newBlockIconRotated(mode) ? 'app-plus rotated' : 'app-plus'} aria-hidden="true">
              +
            </span>
            New Block
          </button>
          <button type="button" onClick={() => open('users')}>
            Users
          </button>
          <button type="button" onClick={() => open('app settings')}>
            App Settings
          </button>
          <button type="button" onClick={() => void embed()}>
            Embed
          </button>
          <button type="button" onClick={() => dispatch({ type: 'docs', url: docsUrlFor(edited?.type) })}>
            Docs
          </button>
          <button type="button" aria-pressed={mode === 'publish'} onClick={() => dispatch({ type: 'publish' })}>
            Publish
          </button>
        </nav>
        {status === 'loading' ? (
          <Loading />
        ) : (
          <PageContent
            page={page}
            path={path}
            emptyText={EMPTY_PAGE_TEXT}
            blockActions={(block) => (
              <>
                <EditBlockButton block={block} blocks={blocks} />
                <BlockWidthHandle block={block} onResize={(b, width) => void arranging.resize(b, width)} />
              </>
            )}
            onMove={(order) => void arranging.move(order)}
          />
        )}
      </div>

      {isOpen(mode, 'pages') && (
        <PagesPopup appId={page.app_id} currentPageId={page.page_id} search={search} onClose={close} onRenamed={renamed} onDeleted={deleted} />
      )}
      {isOpen(mode, 'add') && <BlockTypePicker onPick={pickBlock} onClose={close} error={addError} />}
      <UsersDialog appId={page.app_id} open={isOpen(mode, 'users')} onClose={close} />
      {isOpen(mode, 'app settings') && <AppSettingsPopup app={app} page={page} onClose={close} onAppSaved={appSaved} onPageSaved={pageSettingsSaved} />}
      {isOpen(mode, 'publish') && <AppPublishPopup {...shareProps} pages={pages} onManageUsers={() => open('users')} onClose={close} />}
      {sharing && (
        <AppSharePopup
          {...shareProps}
          onManageUsers={() => {
            setSharing(false);
            open('users');
          }}
          onClose={() => setSharing(false)}
        />
      )}
      {isOpen(mode, 'embed') && <EmbedPopup url={embedUrl} title={app?.name || page.name} onClose={close} />}
      {blocks.target && edited && (
        <EditedBlockPanel target={blocks.target} block={edited} source={source} editing={blockEditing} deleteDraft={deletePageBlock} close={close} />
      )}
    </div>
  );
}
