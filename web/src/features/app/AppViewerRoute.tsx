import { useLocation } from 'react-router';
import { Loading } from '../../components/Loading';
import { runtimeConfig } from '../../config/runtime';
import { AccessDenied } from '../../pages/AccessDenied';
import { PageNotFound } from '../../pages/PageNotFound';
import { AppEditorShell } from './AppEditorShell';
import { appNameFromLocation, pagePath } from './appLocation';
import { PageContent } from './PageContent';
import { useAppPage } from './useAppPage';

/** What a visitor of a page without blocks reads, instead of a blank screen. */
const VISITOR_EMPTY_PAGE_TEXT = 'Nothing has been published on this page yet.';

export { appNameFromLocation } from './appLocation';

/**
 * A page of a multi-page app at `/` or `/{page_slug}` (platform §2): the editor shell for users who
 * can edit, the page content alone for everyone else, 403 and 404 screens otherwise.
 */
export function AppViewerRoute() {
  const location = useLocation();
  const appName = appNameFromLocation({ host: window.location.host, search: location.search }, runtimeConfig().baseHost);
  const path = pagePath(location.pathname);
  const view = useAppPage(appName, path);
  const { status, page } = view;

  if (status === 'denied') return <AccessDenied />;
  if (status === 'missing') return <PageNotFound />;
  if (status === 'failed') {
    return (
      <main className="error-screen">
        <p>{view.error}</p>
        <button type="button" className="button primary" onClick={view.reload}>
          Try again
        </button>
      </main>
    );
  }
  if (!page) return <Loading />;
  if (page.can_edit) return <AppEditorShell view={view} page={page} appName={appName} path={path} search={location.search} />;
  if (status === 'loading') return <Loading />;
  return <PageContent page={page} path={path} emptyText={VISITOR_EMPTY_PAGE_TEXT} />;
}

export default AppViewerRoute;
