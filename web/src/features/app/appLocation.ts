// Which app a browser address shows and the addresses of its pages. An app lives at its own
// sub-domain (platform §7); where the host carries none (local use, one-host set-ups) the
// `?app=<sub>` query parameter names it instead, and page links keep that parameter.
import { appSubdomain } from '../../config/runtime';

const APP_PARAM = 'app';

/** The app's sub-domain from the host, else from `?app=`; empty when the address names no app. */
export function appNameFromLocation(location: { host: string; search: string }, baseHost: string): string {
  const fromHost = appSubdomain(location.host, baseHost);
  if (fromHost) return fromHost;
  return (new URLSearchParams(location.search).get(APP_PARAM) ?? '').trim().toLowerCase();
}

/** The `?app=` part of `search` to carry over to another page, or '' when the host names the app. */
function appQuery(search: string): string {
  const app = new URLSearchParams(search).get(APP_PARAM);
  return app ? `?${new URLSearchParams({ [APP_PARAM]: app })}` : '';
}

/** The in-app address of the page with `slug` ('' is the home page, at /). */
export function pageHref(slug: string, search: string): string {
  return `/${slug}${appQuery(search)}`;
}

/** The same page under another `?app=` name (after the app's sub-domain changed). */
export function withAppName(search: string, appName: string): string {
  const params = new URLSearchParams(search);
  params.set(APP_PARAM, appName);
  return `?${params}`;
}

/** The `board` spec parameter of a path: the path without its leading slash (platform §7). */
export function pagePath(pathname: string): string {
  return pathname.replace(/^\/+/, '');
}

/**
 * The public address of an app page, for embedding on other sites: `{sub}.{base host}` (with the
 * current port) when the operator set a base host, else this origin with `?app=`.
 */
export function publicAppUrl(subdomain: string, slug: string, here: { protocol: string; host: string }, baseHost: string): string {
  const path = `/${slug}`;
  if (!baseHost) return `${here.protocol}//${here.host}${path}?${new URLSearchParams({ [APP_PARAM]: subdomain })}`;
  const port = /:\d+$/.exec(here.host)?.[0] ?? '';
  return `${here.protocol}//${subdomain}.${baseHost}${port}${path}`;
}

/**
 * Where to open an app in this browser. Always this origin with `?app=`: the session cookie is
 * host-only, so a jump to `{sub}.{base host}` would show a signed-in owner the guest view.
 */
export function appEditorPath(subdomain: string): string {
  return `/?${new URLSearchParams({ [APP_PARAM]: subdomain })}`;
}
