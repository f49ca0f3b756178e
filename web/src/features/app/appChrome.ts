// The app-wide header and footer of App Settings, kept in the app's settings under `header` and
// `footer` (server app_settings.rs checks them against the block catalogue). Pages get them as
// `app_header` / `app_footer` block JSON with these fixed ids.
import type { BoardBlock } from '../../generated/api';

export type ChromeType = 'header' | 'footer';

export const CHROME_TYPES: readonly ChromeType[] = ['header', 'footer'];

/** The app's header or footer as block JSON, as a page state carries it; null when there is none. */
export function chromeBlock(settings: Record<string, unknown>, type: ChromeType): BoardBlock | null {
  const stored = settings[type];
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  return { ...(stored as Record<string, unknown>), id: `app-${type}`, type };
}
