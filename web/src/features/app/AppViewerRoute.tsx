import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SignInSlotContext, useSignInSlot, type SignInSlot } from '../../blocks/chrome/signInSlot';
import { Loading } from '../../components/Loading';
import { runtimeConfig } from '../../config/runtime';
import { AccessDenied } from '../../pages/AccessDenied';
import { PageNotFound } from '../../pages/PageNotFound';
import { screenTitle, useDocumentTitle } from '../../platform/useDocumentTitle';
import { useSessionStatus } from '../../store/sessionStore';
import { useTokenLogIn } from '../auth/useTokenLogIn';
import { AppEditorShell } from './AppEditorShell';
import { appNameFromLocation, pagePath } from '../../blocks/links/appLocation';
import { AppPagesContext } from '../../blocks/links/appPages';
import { AppSignInPopup } from './AppSignInPopup';
import { PageContent } from './PageContent';
import { useAppPage, type AppPageView } from './useAppPage';

/** What a visitor of a page without blocks reads, instead of a blank screen. */
const VISITOR_EMPTY_PAGE_TEXT = 'Nothing has been published on this page yet.';

export { appNameFromLocation } from '../../blocks/links/appLocation';

/**
 * A page of a multi-page app at `/` or `/{page_slug}` (platform §2): the editor shell for users who
 * can edit, the page content alone for everyone else, 403 and 404 screens otherwise. An address
 * with `?token=` (an app's e-mailed log-in link) signs in on this host first.
 */
export function AppViewerRoute() {
  const token = new URLSearchParams(useLocation().search).get('token');
  return token ? <LinkSignIn token={token} /> : <AppPage />;
}

/** The address without its `token`, once the link's session has started (or failed). */
function LinkSignIn({ token }: { token: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  const without = `${pathname}${rest ? `?${rest}` : ''}`;
  const done = useCallback(() => navigate(without, { replace: true }), [navigate, without]);
  const { pending, error } = useTokenLogIn(token, done);
  if (pending) return <Loading message="Logging you in..." />;
  return (
    <main className="error-screen">
      <p>{error}</p>
      <Link className="button primary" to={without} replace>
        Open the app
      </Link>
    </main>
  );
}

function AppPage() {
  const location = useLocation();
  const appName = appNameFromLocation({ host: window.location.host, search: location.search }, runtimeConfig().baseHost);
  const path = pagePath(location.pathname);
  const view = useAppPage(appName, path);
  const { page, reload } = view;
  const [signingIn, setSigningIn] = useState(false);
  const slot = useMemo<SignInSlot>(() => ({ signIn: () => setSigningIn(true), signedOut: reload }), [reload]);

  const signInPopup = signingIn && (
    <AppSignInPopup
      appTitle={page?.name || appName}
      app={page ? { app_id: page.app_id } : { app: appName }}
      method={page?.sign_in_method ?? ''}
      onClose={() => setSigningIn(false)}
      onSignedIn={() => {
        setSigningIn(false);
        reload();
      }}
    />
  );

  return (
    <SignInSlotContext.Provider value={slot}>
      <AppPagesContext.Provider value={page?.app_id ?? null}>
        <AppPageBody view={view} appName={appName} path={path} search={location.search} />
      </AppPagesContext.Provider>
      {signInPopup}
    </SignInSlotContext.Provider>
  );
}

/** The browser tab's title of an app page: "<App name> · <Page name>"; null keeps the last one while it loads. */
export function appPageTitle({ status, page }: Pick<AppPageView, 'status' | 'page'>, appName: string): string | null {
  if (status === 'denied') return screenTitle('Access denied');
  if (status === 'missing') return screenTitle('Page not found');
  if (status === 'failed') return screenTitle('Error');
  if (!page) return null;
  const app = (page.name || '').trim() || appName;
  const name = (page.page_name || '').trim();
  return name && name !== app ? `${app} · ${name}` : app;
}

function AppPageBody({ view, appName, path, search }: { view: AppPageView; appName: string; path: string; search: string }) {
  const { status, page } = view;
  useDocumentTitle(appPageTitle(view, appName));
  if (status === 'denied') return <DeniedApp />;
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
  if (page.can_edit) return <AppEditorShell view={view} page={page} appName={appName} path={path} search={search} />;
  if (status === 'loading') return <Loading />;
  return <PageContent page={page} path={path} emptyText={VISITOR_EMPTY_PAGE_TEXT} />;
}

/** The 403 of a private app, with the app's own sign-in: for a guest, or to switch accounts. */
function DeniedApp() {
  const status = useSessionStatus();
  const slot = useSignInSlot();
  return <AccessDenied signIn={slot ? { label: status === 'user' ? 'Sign in as someone else' : 'Sign in', open: slot.signIn } : undefined} />;
}

export default AppViewerRoute;
