// The footer block's settings (catalogue FOOTER, blocks §3.19) read defensively, with the limits of
// blocks §5. A stored block may miss keys, hold items from an older editor or more items than the
// editor allows now: extra items are not shown, and no link leaves here unless its address is
// http(s), a tel: built from digits or a mailto: of a plain address.
import type { BoardBlock } from '../../generated/api';
import { flagOf, textOf } from '../settingValues';
import { httpUrl, imageUrl, mailtoHref, mapSearchHref } from '../urls';

export const FOOTER_LAYOUTS = ['Contact Centric Footer', 'Navigation Hub Footer', 'Classic Footer Bar', 'Brand Info Footer', 'Mega Footer'] as const;
export type FooterLayout = (typeof FOOTER_LAYOUTS)[number];

/**
 * The catalogue offers no default layout. A footer bar shows the fewest sections and suits a block
 * whose layout was never picked (or was saved by an editor with other names).
 */
export const DEFAULT_FOOTER_LAYOUT: FooterLayout = 'Classic Footer Bar';

/** blocks §5: sub-links, contact items, social items; simple links by layout. */
export const MAX_SUBLINKS = 4;
export const MAX_CONTACTS = 3;
export const MAX_SOCIALS = 3;
const MAX_SIMPLE_LINKS = 10;
const SHORT_LINK_LAYOUTS: readonly FooterLayout[] = ['Navigation Hub Footer', 'Classic Footer Bar'];
const MAX_SIMPLE_LINKS_SHORT = 5;

/** The catalogue's colour for contact and social icons. */
export const DEFAULT_ICON_COLOUR = '#0052FF';
/** The catalogue's country code for a phone number whose code was never typed. */
const DEFAULT_COUNTRY_CODE = '+00';

export interface FooterLink {
  text: string;
  /** Null when the address is missing or not http(s): the text shows without a link. */
  href: string | null;
  /** Leaves this site: opens in a new tab. */
  external: boolean;
}

export type ContactType = 'phone' | 'email' | 'address';

export interface ContactItem {
  type: ContactType;
  /** What the reader sees: the number with its country code, the address, the e-mail. */
  text: string;
  /** tel: or mailto:; null for an address and for a value no phone or mail app could use. */
  href: string | null;
  /** OpenStreetMap's search for an address. */
  mapHref: string | null;
  /** Null when showIcon is off. */
  iconColour: string | null;
}

export type SocialType = 'instagram' | 'facebook' | 'linkedin';

export interface SocialItem {
  type: SocialType;
  /** The network's name, the link's words. */
  label: string;
  href: string | null;
  iconColour: string | null;
}

export interface FooterSettings {
  layout: FooterLayout;
  sublinks: FooterLink[];
  simpleLinks: FooterLink[];
  contacts: ContactItem[];
  socials: SocialItem[];
  logo: string | null;
  copyright: string;
}

const SOCIAL_LABELS: Record<SocialType, string> = { instagram: 'Instagram', facebook: 'Facebook', linkedin: 'LinkedIn' };
const CONTACT_TYPES: readonly ContactType[] = ['phone', 'email', 'address'];

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

function iconColour(item: Record<string, unknown>): string | null {
  return flagOf(item.showIcon) ? textOf(item.iconColor) || DEFAULT_ICON_COLOUR : null;
}

/** Same-site addresses stay in the tab; anything else opens a new one. */
function isExternal(href: string): boolean {
  return new URL(href).origin !== window.location.origin;
}

/** Links with words or an address, at most `limit`; a link with only an address reads as it. */
function readLinks(value: unknown, limit: number): FooterLink[] {
  return records(value)
    .map((item) => {
      const href = httpUrl(textOf(item.url));
      return { text: textOf(item.text) || (href ?? ''), href, external: href !== null && isExternal(href) };
    })
    .filter((link) => link.text !== '')
    .slice(0, limit);
}

/**
 * A tel: address of the code's and the number's digits. A number typed with its own leading `+`
 * carries its country code already. Anything but digits, spaces, dots, dashes and brackets (a
 * word, a second `+`) is not a number a phone could dial, so it stays text.
 */
export function telHref(countryCode: string, number: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(number) || !/\d/.test(number)) return null;
  const digits = number.replace(/\D/g, '');
  if (number.startsWith('+')) return `tel:+${digits}`;
  const code = countryCode.replace(/\D/g, '');
  return `tel:${code ? `+${code}` : ''}${digits}`;
}

function readContact(item: Record<string, unknown>): ContactItem | null {
  const type = CONTACT_TYPES.find((known) => known === item.type);
  const value = textOf(item.value);
  if (!type || !value) return null;
  const base = { type, iconColour: iconColour(item), mapHref: null };
  if (type === 'phone') {
    const code = textOf(item.countryCode) || DEFAULT_COUNTRY_CODE;
    const own = value.startsWith('+');
    return { ...base, text: own ? value : `${code} ${value}`, href: telHref(code, value) };
  }
  if (type === 'email') return { ...base, text: value, href: mailtoHref(value) };
  return { ...base, text: value, href: null, mapHref: mapSearchHref(value) };
}

function readSocial(item: Record<string, unknown>): SocialItem | null {
  const type = (Object.keys(SOCIAL_LABELS) as SocialType[]).find((known) => known === item.type);
  if (!type) return null;
  return { type, label: SOCIAL_LABELS[type], href: httpUrl(textOf(item.link)), iconColour: iconColour(item) };
}

const present = <T>(item: T | null): item is T => item !== null;

export function footerLayout(value: unknown): FooterLayout {
  return FOOTER_LAYOUTS.find((layout) => layout === value) ?? DEFAULT_FOOTER_LAYOUT;
}

export function footerSettings(block: BoardBlock): FooterSettings {
  const layout = footerLayout(block.footerLayoutType);
  return {
    layout,
    sublinks: readLinks(block.footerSublinks, MAX_SUBLINKS),
    simpleLinks: readLinks(block.simpleLinks, SHORT_LINK_LAYOUTS.includes(layout) ? MAX_SIMPLE_LINKS_SHORT : MAX_SIMPLE_LINKS),
    contacts: records(block.contactItems).map(readContact).filter(present).slice(0, MAX_CONTACTS),
    socials: records(block.socialItems).map(readSocial).filter(present).slice(0, MAX_SOCIALS),
    logo: imageUrl(textOf(block.logoImage)),
    copyright: textOf(block.copyrightText),
  };
}
