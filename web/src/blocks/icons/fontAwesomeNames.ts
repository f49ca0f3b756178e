// Owners type Font Awesome icons the way Font Awesome's own snippets write them: 'fa-star',
// 'fas fa-star', 'fa-solid fa-star', 'fa-brands fa-facebook', 'fab fa-facebook', 'faStar' or
// just 'star'. This turns any of those into the icon's name and the set it is looked up in.

export interface IconName {
  name: string;
  /** True when the snippet names the brands set ('fab', 'fa-brands'). */
  brands: boolean;
}

const STYLE_TOKENS = new Set([
  'fa',
  'fas',
  'far',
  'fal',
  'fat',
  'fad',
  'fab',
  'fass',
  'fasr',
  'fa-solid',
  'fa-regular',
  'fa-light',
  'fa-thin',
  'fa-duotone',
  'fa-sharp',
  'fa-brands',
  'fa-fw',
  'fa-spin',
  'fa-pulse',
  'fa-border',
  'fa-inverse',
  'fa-lg',
  'fa-sm',
  'fa-xs',
  'fa-xl',
  'fa-2xs',
  'fa-2xl',
]);
const SIZE_TOKEN = /^fa-\d+x$/;

/** `faCircleInfo` → `circle-info`. */
export function kebabName(exportName: string): string {
  return exportName
    .replace(/^fa/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Za-z])(\d)/g, '$1-$2')
    .toLowerCase();
}

/** The icon a snippet names, or null when it names none. */
export function parseIconName(snippet: string): IconName | null {
  const tokens = snippet.trim().split(/\s+/).filter(Boolean);
  const brands = tokens.some((t) => ['fab', 'fa-brands'].includes(t.toLowerCase()));
  const token = tokens.find((t) => !STYLE_TOKENS.has(t.toLowerCase()) && !SIZE_TOKEN.test(t.toLowerCase()));
  if (!token) return null;
  const name = /^fa[A-Z0-9]/.test(token) ? kebabName(token) : token.toLowerCase().replace(/^fa-/, '');
  return /^[a-z0-9-]+$/.test(name) ? { name, brands } : null;
}
