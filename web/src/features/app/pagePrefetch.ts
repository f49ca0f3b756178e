// A visitor's app page asks for itself as the page starts (issue 31), as a board does
// (`boardPrefetch`): main.tsx starts it through `startScreen`, beside the download of the app
// screen's code, and the page's first load takes the answer.
import type { PageState } from '../../generated/api';
import { startedRequest } from '../../platform/startedRequest';
import { fetchPageState } from './appApi';
import { pagePath } from '../../blocks/links/appLocation';

const page = startedRequest<PageState>();
const key = (appName: string, path: string) => `${appName}/${path}`;

/**
 * Asks for the page of app `appName` at `location`, unless its screen will not ask first: an
 * e-mailed log-in link (`?token=`) signs in before the page is read.
 */
export function prefetchPage(appName: string, location: { pathname: string; search: string }): void {
  if (!appName || new URLSearchParams(location.search).has('token')) return;
  const path = pagePath(location.pathname);
  page.start(key(appName, path), () => fetchPageState({ appName }, path));
}

/** The page asked for as the page started, if it is this one; only once, later loads ask afresh. */
export function takePrefetchedPage(appName: string, path: string): Promise<PageState> | undefined {
  return page.take(key(appName, path));
}
