// The header block's settings (catalogue HEADER and NAVIGATION_ITEM, blocks §3.20) read
// defensively, and which navigation item is the current page.
import type { BoardBlock } from '../../generated/api';
import { flagOf, textOf } from '../settingValues';
import { httpUrl, imageUrl } from '../urls';

export const HEADER_LAYOUTS = ['Left', 'Center', 'Right'] as const;
export type HeaderLayout = (typeof HEADER_LAYOUTS)[number];

interface NavItemBase {
  name: string;
  /** The author's `active` flag: the current item when no page item matches the address. */
  flaggedActive: boolean;
  newTab: boolean;
}

/** A page of this app, as the item names it: its `pageId`, else its `pageSlug` (see resolvePage). */
export interface PageNavItem extends NavItemBase {
  kind: 'page';
  page: string;
}

export interface ExternalNavItem extends NavItemBase {
  kind: 'external';
  /** Null when the address is missing or not http(s): the name shows without a link. */
  href: string | null;
}

export type NavItem = PageNavItem | ExternalNavItem;

export interface HeaderSettings {
  layout: HeaderLayout;
  logo: string | null;
  title: string;
  items: NavItem[];
  userMenu: boolean;
  profileImage: string | null;
}

/** A page address as the app's addresses spell it: no slashes around it, each segment URL-encoded. */
export function slugOf(value: string): string {
  return value
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(decodeSafely(segment)))
    .join('/');
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * An item is an external link only when it says so; the editor's first link type is 'page', so an
 * item saved without one links to a page (the home page when it names none). The editor's page
 * picker stores `pageId`; `pageSlug` is the address typed by hand.
 */
function readItem(value: unknown): NavItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const name = textOf(item.name);
  if (!name) return null;
  const base = { name, flaggedActive: flagOf(item.active), newTab: flagOf(item.openInNewTab) };
  if (item.linkType === 'external') return { ...base, kind: 'external', href: httpUrl(textOf(item.url)) };
  return { ...base, kind: 'page', page: textOf(item.pageId) || textOf(item.pageSlug) };
}

export function headerSettings(block: BoardBlock): HeaderSettings {
  return {
    // The catalogue gives no default; a logo on the left reads first in left-to-right pages.
    layout: HEADER_LAYOUTS.find((layout) => layout === block.LayoutType) ?? 'Left',
    logo: imageUrl(textOf(block.Logo)),
    title: textOf(block.HeaderTitle),
    items: (Array.isArray(block.navigationItems) ? block.navigationItems : []).map(readItem).filter((item) => item !== null),
    userMenu: flagOf(block.UserMenu),
    profileImage: imageUrl(textOf(block.userProfileImage)),
  };
}

/**
 * The index of the current page's item: the page item whose address (`paths`, the items' resolved
 * page addresses, null for external items) starts with the address's first segment (the home item
 * on `/`), else the first item the author flagged active; -1 when none.
 */
export function activeIndex(items: NavItem[], paths: readonly (string | null)[], pathname: string): number {
  const here = slugOf(pathname.split('/').filter(Boolean)[0] ?? '');
  const matching = paths.findIndex((path) => path !== null && path.split('/')[0] === here);
  return matching >= 0 ? matching : items.findIndex((item) => item.flaggedActive);
}
