// What the header block draws (catalogue HEADER and NAVIGATION_ITEM, blocks §3.20), worked out
// from its normalised settings, and which navigation item is the current page.
import type { HeaderNavigationItemsItemSettings, HeaderSettings } from '../../generated/blockConfigs';
import { httpUrl, imageUrl } from '../urls';

export type HeaderLayout = HeaderSettings['LayoutType'];

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

export interface HeaderLook {
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
function readItem(item: HeaderNavigationItemsItemSettings): NavItem | null {
  const name = trimmed(item.name);
  if (!name) return null;
  const base = { name, flaggedActive: item.active, newTab: item.openInNewTab };
  if (item.linkType === 'external') return { ...base, kind: 'external', href: httpUrl(item.url) };
  return { ...base, kind: 'page', page: trimmed(item.pageId) || trimmed(item.pageSlug) };
}

/** An optional text setting, trimmed; '' when unset. */
const trimmed = (text: string | undefined): string => text?.trim() ?? '';

export function headerLook(settings: HeaderSettings): HeaderLook {
  return {
    layout: settings.LayoutType,
    logo: imageUrl(trimmed(settings.Logo)),
    title: trimmed(settings.HeaderTitle),
    items: settings.navigationItems.map(readItem).filter((item) => item !== null),
    userMenu: settings.UserMenu,
    profileImage: imageUrl(trimmed(settings.userProfileImage)),
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
