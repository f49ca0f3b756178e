import { Suspense, useEffect, type ReactNode } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Loading } from './components/Loading';
import { Toaster } from './components/Toaster';
import { runtimeConfig } from './config/runtime';
import { appNameFromLocation } from './blocks/links/appLocation';
import { prefetchBoard } from './features/board/boardPrefetch';
import { prefetchPage } from './features/app/pagePrefetch';
import { ErrorPage, ErrorPageFailed } from './pages/ErrorPage';
import { NotFound } from './pages/NotFound';
import { lazyRoute } from './platform/chunkReload';
import { reportError } from './platform/errorReporting';
import { schedulePrefetch, type PrefetchRoute } from './platform/idlePrefetch';
import { LoadingBar } from './platform/LoadingBar';
import { Guarded, type GuardName } from './platform/routeGuards';
import { loadLiveChat } from './platform/liveChat';
import { DocumentTitle, screenTitle } from './platform/useDocumentTitle';

// Every screen is its own chunk, so the entry stays small (issue 5 budget).
const HomeRoute = lazyRoute(() => import('./features/home/HomeRoute'));
const BoardViewerRoute = lazyRoute(() => import('./features/board/BoardViewerRoute'));
const AppViewerRoute = lazyRoute(() => import('./features/app/AppViewerRoute'));
const NewAppPage = lazyRoute(() => import('./features/newApp/NewAppPage'));
const BoardWorkspacePage = lazyRoute(() => import('./features/board/BoardWorkspacePage'));
const EmbedPage = lazyRoute(() => import('./features/embed/EmbedPage'));
const AcceptInvitationPage = lazyRoute(() => import('./features/invitation/AcceptInvitationPage'));
const LoginPage = lazyRoute(() => import('./features/auth/LoginPage'));
const SignupPage = lazyRoute(() => import('./features/auth/SignupPage'));
const EmailVerifyPage = lazyRoute(() => import('./features/auth/EmailVerifyPage'));
const ForgetPasswordPage = lazyRoute(() => import('./features/auth/ForgetPasswordPage'));
const DashboardPage = lazyRoute(() => import('./features/dashboard/DashboardPage'));
const NewWorkspacePage = lazyRoute(() => import('./features/dashboard/NewWorkspacePage'));
const ConnectSpreadsheetPage = lazyRoute(() => import('./features/spreadsheets/ConnectSpreadsheetPage'));
const SpreadsheetGridPage = lazyRoute(() => import('./features/spreadsheets/SpreadsheetGridPage'));
const AccountPage = lazyRoute(() => import('./features/account/AccountPage'));
const BillingPage = lazyRoute(() => import('./features/account/BillingPage'));
const RedeemCodePage = lazyRoute(() => import('./features/account/RedeemCodePage'));
const PaymentOutcomePage = lazyRoute(() => import('./features/payment/PaymentOutcomePage'));
const AdminPage = lazyRoute(() => import('./features/admin/AdminPage'));
const AdminOldPage = lazyRoute(() => import('./features/admin/AdminOldPage'));
const StartPage = lazyRoute(() => import('./features/start/StartPage'));
const MarketplacePage = lazyRoute(() => import('./features/marketplace/MarketplacePage'));
const DocsPage = lazyRoute(() => import('./features/docs/DocsPage'));

type Screen = ReturnType<typeof lazyRoute>;

const SIGNED_IN: readonly GuardName[] = ['session'];

/**
 * The routes of platform §2: path, screen, the guards it passes first (routeGuards.tsx), and whether an app's
 * address shows the app there instead (`/` and `/:board_slug`). The router ranks fixed paths
 * above `/:board_slug` whatever the order; prefetching takes the first match, so it goes last.
 * `title` names a screen in the browser tab ("Dashboard · Tessera"); screens without one set
 * their own from what they show (a board's, an app page's, a docs page's name).
 */
const ROUTES: ReadonlyArray<{ path: string; Screen: Screen; guards?: readonly GuardName[]; viewer?: boolean; title?: string }> = [
  { path: '/', Screen: HomeRoute, viewer: true },
  { path: '/boardWorkspace', Screen: BoardWorkspacePage },
  { path: '/embed', Screen: EmbedPage },
  { path: '/marketplace', Screen: MarketplacePage, title: 'Marketplace' },
  { path: '/docs', Screen: DocsPage },
  { path: '/docs/guides/:slug', Screen: DocsPage },
  { path: '/docs/api', Screen: DocsPage },
  { path: '/docs/blocks/:blockType', Screen: DocsPage },
  { path: '/accept-invitation', Screen: AcceptInvitationPage, title: 'Invitation' },
  { path: '/dashboard/auth', Screen: LoginPage, title: 'Log in' },
  { path: '/dashboard/signup', Screen: SignupPage, title: 'Sign up' },
  { path: '/dashboard/signupbackup', Screen: SignupPage, title: 'Sign up' },
  { path: '/dashboard/emailVerify', Screen: EmailVerifyPage, title: 'Check your e-mail' },
  { path: '/dashboard/forgetPassword', Screen: ForgetPasswordPage, title: 'Forgot your password' },
  { path: '/dashboard', Screen: DashboardPage, guards: SIGNED_IN, title: 'Dashboard' },
  { path: '/dashboard/new-workspace', Screen: NewWorkspacePage, guards: SIGNED_IN, title: 'New workspace' },
  { path: '/dashboard/new-multipage', Screen: NewAppPage, guards: SIGNED_IN, title: 'New multi-page app' },
  { path: '/dashboard/start', Screen: StartPage, guards: SIGNED_IN, title: 'Create a board' },
  { path: '/admin', Screen: AdminPage, guards: SIGNED_IN, title: 'Administration' },
  { path: '/admin_old', Screen: AdminOldPage, guards: SIGNED_IN, title: 'Administration' },
  { path: '/dashboard/spreadsheets/new', Screen: ConnectSpreadsheetPage, guards: SIGNED_IN, title: 'Connect a spreadsheet' },
  { path: '/dashboard/spreadsheets/:spreadsheetId', Screen: SpreadsheetGridPage, guards: SIGNED_IN, title: 'Spreadsheet' },
  { path: '/dashboard/account', Screen: AccountPage, guards: SIGNED_IN, title: 'Account' },
  { path: '/dashboard/accountbilling', Screen: BillingPage, guards: SIGNED_IN, title: 'Plan and billing' },
  { path: '/dashboard/redeemappsumocodes', Screen: RedeemCodePage, guards: SIGNED_IN, title: 'Redeem a code' },
  { path: '/payment_success', Screen: PaymentOutcomePage, guards: SIGNED_IN, title: 'Payment' },
  { path: '/payment_fail', Screen: PaymentOutcomePage, guards: SIGNED_IN, title: 'Payment' },
  { path: '/:board_slug', Screen: BoardViewerRoute, viewer: true },
];

/** What idle prefetching may load ahead: the screen of each route a link points at. */
export const PREFETCH_ROUTES: PrefetchRoute[] = ROUTES.map(({ path, Screen }) => ({
  matches: (pathname) => matchPath(path, pathname) !== null,
  preload: Screen.preload,
}));

/**
 * Starts downloading the screen at `location` before React first renders, so that its chunks
 * arrive while the entry's code runs instead of after, and a board asks for its data beside them
 * (issue 31: a visitor's board drew its blocks two download waves later). The screen chosen is
 * the one the routes below show.
 */
export function startScreen(location: { pathname: string; search: string; host: string }): void {
  const route = ROUTES.find(({ path }) => matchPath(path, location.pathname) !== null);
  if (!route) return;
  const app = route.viewer ? appNameFromLocation(location, runtimeConfig().baseHost) : '';
  if (app) {
    prefetchPage(app, location);
    return AppViewerRoute.preload();
  }
  route.Screen.preload();
  if (route.Screen === BoardViewerRoute) prefetchBoard(matchPath(route.path, location.pathname)?.params.board_slug ?? '');
}

/**
 * `/` and `/:board_slug` when the address names an app (its sub-domain, or `?app=` for local
 * use: platform §7) show that app's page; otherwise the home page or the board.
 */
function Viewer({ Screen }: { Screen: Screen }) {
  const { search } = useLocation();
  const app = appNameFromLocation({ host: window.location.host, search }, runtimeConfig().baseHost);
  return app ? <AppViewerRoute /> : <Screen />;
}

function element({ Screen, guards = [], viewer, title }: (typeof ROUTES)[number]): ReactNode {
  if (viewer) return <Viewer Screen={Screen} />;
  const screen = (
    <>
      {title && <DocumentTitle title={screenTitle(title)} />}
      <Screen />
    </>
  );
  return <Guarded names={guards}>{screen}</Guarded>;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={element(route)} />
        ))}
        <Route
          path="*"
          element={
            <>
              <DocumentTitle title={screenTitle('Page not found')} />
              <NotFound />
            </>
          }
        />
      </Routes>
    </Suspense>
  );
}

/** Per address: the live-chat widget where it belongs, and an idle prefetch of linked screens. */
function useAddressEffects(pathname: string) {
  useEffect(() => {
    loadLiveChat(pathname, runtimeConfig().liveChatScript);
    return schedulePrefetch(PREFETCH_ROUTES);
  }, [pathname]);
}

/**
 * The routes inside two error boundaries: the inner one shows the error page (and clears when the
 * address changes); if the error page fails too, the outer one shows platform §2's last resort.
 * Both report what they caught (platform §8).
 */
export function App(): ReactNode {
  const { pathname } = useLocation();
  useAddressEffects(pathname);
  return (
    <ErrorBoundary fallback={() => <ErrorPageFailed />} onError={reportError}>
      <LoadingBar />
      <ErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />} onError={reportError}>
        {/* platform §9: each page fades in over 0.1 s. */}
        <div className="page-fade" key={pathname}>
          <AppRoutes />
        </div>
      </ErrorBoundary>
      <Toaster />
    </ErrorBoundary>
  );
}
