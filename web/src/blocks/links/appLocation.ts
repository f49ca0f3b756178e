// Which app a browser address shows and the addresses of its pages. An app lives at its own
// sub-domain (platform §7); where the host carries none (local use, one-host set-ups) the
// `?app=<sub>` query parameter names it instead, and page links keep that parameter.
import { httpUrl } from '../urls';
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
 * Whether `host` is a host name that can have sub-domains. An IP address cannot (a browser reads
 * `field.127.0.0.1` as a broken IPv4 address), as the server's `App::home_url` also knows.
 */
function hasSubdomains(host: string): boolean {
  const labels = host.split('.');
  return labels.every((label) => /^[a-z0-9-]+$/i.test(label)) && !/^(\d+|0x[0-9a-f]*)$/i.test(labels[labels.length - 1]);
}

/**
 * The public address of an app page, for visitors and embedding on other sites: `{sub}.{base
 * host}` (with the current port) when the operator set a base host name, else this origin with
 * `?app=` (no base host, or one that is an IP address).
 */
export function publicAppUrl(subdomain: string, slug: string, here: { protocol: string; host: string }, baseHost: string): string {
  const path = `/${slug}`;
  if (!hasSubdomains(baseHost)) return `${here.protocol}//${here.host}${path}?${new URLSearchParams({ [APP_PARAM]: subdomain })}`;
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

/** What a page setting needs of a page: the app page list's `id`, `page_name` and `page_slug`. */
export interface PageRef {
  id: string;
  page_name: string;
  page_slug: string;
}

/**
 * Where a setting that names a page leads: an in-app `path` (no leading slash; '' is the home
 * page), or an http(s) link typed by hand. `missing` when the app's pages are known and none is
 * the one named: viewers then go to the home page, and the editor warns.
 */
export type PageTarget = { external: false; path: string; missing: boolean; page: PageRef | null } | { external: true; href: string };

/**
 * The one reading of a page setting (toolbar `open_page`, item buttons' `open_detail_page`, item
 * details' Page action, header items' `pageId`/`pageSlug`), for every renderer and the editor.
 * The value is a page's id (what the editor's page picker stores, so a renamed page keeps its
 * links), else an address typed by hand: a page's slug, optionally followed by more of the path
 * (`orders/42`), or an http(s) link. Without the list of pages (a board, or while it loads) an
 * address is followed as typed.
 */
export function resolvePage(value: string, pages: readonly PageRef[] | undefined): PageTarget {
  const typed = value.trim();
  const href = httpUrl(typed);
  if (href) return { external: true, href };
  const path = typed.replace(/^\/+/, '');
  if (!pages) return { external: false, path, missing: false, page: null };
  const byId = pages.find((page) => page.id === typed);
  if (byId) return { external: false, path: byId.page_slug, missing: false, page: byId };
  const first = decodeSafely(path.split('/')[0]);
  const bySlug = pages.find((page) => page.page_slug === first);
  if (bySlug) return { external: false, path, missing: false, page: bySlug };
  return { external: false, path: '', missing: true, page: null };
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The href of a resolved page setting: the in-app address `inApp` makes of its path, or the typed link. */
export function targetHref(target: PageTarget, inApp: (path: string) => string): string {
  return target.external ? target.href : inApp(target.path);
}
