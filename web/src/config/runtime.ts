// Settings the operator chooses (environment variables of the server), which the server writes
// into index.html as JSON in <script id="tessera-config">, so reading them costs no request
// before the first paint. Under `vite dev` the tag is absent and the defaults apply.

/** A tab's video URL, or null: the popup plays its built-in walkthrough of screenshots. */
export interface TutorialVideos {
  boardSettings: string | null;
  addBlock: string | null;
  publish: string | null;
}

export interface RuntimeConfig {
  /** The host name users reach the product at (TESSERA_BASE_URL), lower-cased, no port. */
  baseHost: string;
  /** Where the editor's Docs button goes (opened in a new tab). */
  docsUrl: string;
  /** The live-chat widget's script URL; null: no widget. */
  liveChatScript: string | null;
  /** The Tutorial Videos popup's three videos (TESSERA_TUTORIAL_VIDEO_*). */
  tutorialVideos: TutorialVideos;
  /** The build's version, sent with error reports. */
  release: string;
  /** CHARTMAT_BOARD_BASE_URL: where boards live; the viewer moves there from any other host. */
  boardBaseUrl: string | null;
  /** The map block's tile source, a Leaflet URL template (`{z}/{x}/{y}`). */
  mapTilesUrl: string;
  /** The map block's geocoder base URL (Mapbox geocoding v5 paths under it). */
  geocoderUrl: string;
}

export const DEFAULT_CONFIG: RuntimeConfig = {
  baseHost: '',
  docsUrl: '/docs',
  liveChatScript: null,
  tutorialVideos: { boardSettings: null, addBlock: null, publish: null },
  release: 'dev',
  boardBaseUrl: null,
  mapTilesUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  geocoderUrl: 'https://api.mapbox.com',
};

let cached: RuntimeConfig | null = null;

/** The config of this page load; a missing or broken tag gives the defaults. */
export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  let given: Partial<RuntimeConfig> = {};
  try {
    const text = document.getElementById('tessera-config')?.textContent;
    if (text) given = JSON.parse(text) as Partial<RuntimeConfig>;
  } catch {
    given = {};
  }
  cached = {
    ...DEFAULT_CONFIG,
    ...given,
    tutorialVideos: { ...DEFAULT_CONFIG.tutorialVideos, ...(given.tutorialVideos ?? {}) },
  };
  return cached;
}

/** Tests replace the config of "this page load"; null goes back to reading the tag. */
export function setRuntimeConfigForTests(config: Partial<RuntimeConfig> | null): void {
  cached = config ? { ...DEFAULT_CONFIG, ...config } : null;
}

/**
 * platform §7 `POST /api/app/app-info` appName: the sub-domain of `host` under `baseHost`, empty for
 * 'www', a numeric host (an IP address) or the base host itself. `{sub}.localhost` works for local
 * use whatever the base host is.
 */
export function appSubdomain(host: string, baseHost: string): string {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!name || /^[\d.]+$/.test(name) || name.startsWith('[')) return '';
  const base = baseHost.toLowerCase();
  let label = '';
  if (name.endsWith('.localhost')) label = name.slice(0, -'.localhost'.length);
  else if (base && name !== base && name.endsWith(`.${base}`)) label = name.slice(0, -(base.length + 1));
  if (label.includes('.') || label === 'www') return '';
  return label;
}

/**
 * platform §2: the board viewer "redirects to the canonical board host when the current host
 * differs". The address of `location` on the board host, or null when it is already there (or
 * no board host is configured).
 */
export function canonicalBoardUrl(location: { host: string; pathname: string; search: string; hash: string }, boardBaseUrl: string | null): string | null {
  if (!boardBaseUrl) return null;
  let base: URL;
  try {
    base = new URL(boardBaseUrl);
  } catch {
    return null;
  }
  if (base.host.toLowerCase() === location.host.toLowerCase()) return null;
  return `${base.origin}${location.pathname}${location.search}${location.hash}`;
}
