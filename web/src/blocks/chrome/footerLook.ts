// What the footer block draws (catalogue FOOTER, blocks §3.19), worked out from its normalised
// settings, with the limits of blocks §5: a block stored with more items than the editor allows
// now shows only as many, and no link leaves here unless its address is http(s), a tel: built
// from digits or a mailto: of a plain address.
import type { FooterContactItemsItemSettings, FooterSettings, FooterSocialItemsItemSettings } from '../../generated/blockConfigs';
import { httpUrl, imageUrl, mailtoHref, mapSearchHref } from '../urls';

export type FooterLayout = NonNullable<FooterSettings['footerLayoutType']>;

/**
 * A footer whose layout was never picked is drawn as the footer bar, which shows the fewest
 * sections. Not a catalogue default: one would bring the bar's limit of 5 links to footers
 * saved without a layout, which may hold 10.
 */
const UNPICKED_LAYOUT: FooterLayout = 'Classic Footer Bar';

/** blocks §5: sub-links, contact items, social items; simple links by layout. */
export const MAX_SUBLINKS = 4;
export const MAX_CONTACTS = 3;
export const MAX_SOCIALS = 3;
const MAX_SIMPLE_LINKS = 10;
const SHORT_LINK_LAYOUTS: readonly FooterLayout[] = ['Navigation Hub Footer', 'Classic Footer Bar'];
const MAX_SIMPLE_LINKS_SHORT = 5;

export interface FooterLink {
  text: string;
  /** Null when the address is missing or not http(s): the text shows without a link. */
  href: string | null;
  /** Leaves this site: opens in a new tab. */
  external: boolean;
}

export type ContactType = FooterContactItemsItemSettings['type'];

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

export type SocialType = FooterSocialItemsItemSettings['type'];

export interface SocialItem {
  type: SocialType;
  /** The network's name, the link's words. */
  label: string;
  href: string | null;
  iconColour: string | null;
}

export interface FooterLook {
  layout: FooterLayout;
  sublinks: FooterLink[];
  simpleLinks: FooterLink[];
  contacts: ContactItem[];
  socials: SocialItem[];
  logo: string | null;
  copyright: string;
}

const SOCIAL_LABELS: Record<SocialType, string> = { instagram: 'Instagram', facebook: 'Facebook', linkedin: 'LinkedIn' };

/** An optional text setting, trimmed; '' when unset. */
const trimmed = (text: string | undefined): string => text?.trim() ?? '';

function iconColour(item: { showIcon: boolean; iconColor: string }): string | null {
  return item.showIcon ? item.iconColor : null;
}

/** Same-site addresses stay in the tab; anything else opens a new one. */
function isExternal(href: string): boolean {
  return new URL(href).origin !== window.location.origin;
}

/** Links with words or an address, at most `limit`; a link with only an address reads as it. */
function readLinks(items: { text?: string; url?: string }[], limit: number): FooterLink[] {
  return items
    .map((item) => {
      const href = httpUrl(item.url);
      return { text: trimmed(item.text) || (href ?? ''), href, external: href !== null && isExternal(href) };
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

function readContact(item: FooterContactItemsItemSettings): ContactItem | null {
  const type = item.type;
  const value = trimmed(item.value);
  if (!value) return null;
  const base = { type, iconColour: iconColour(item), mapHref: null };
  if (type === 'phone') {
    const code = item.countryCode.trim();
    const own = value.startsWith('+');
    return { ...base, text: own ? value : `${code} ${value}`, href: telHref(code, value) };
  }
  if (type === 'email') return { ...base, text: value, href: mailtoHref(value) };
  return { ...base, text: value, href: null, mapHref: mapSearchHref(value) };
}

function readSocial(item: FooterSocialItemsItemSettings): SocialItem {
  return { type: item.type, label: SOCIAL_LABELS[item.type], href: httpUrl(item.link), iconColour: iconColour(item) };
}

const present = <T>(item: T | null): item is T => item !== null;

export function footerLook(settings: FooterSettings): FooterLook {
  const layout = settings.footerLayoutType ?? UNPICKED_LAYOUT;
  return {
    layout,
    sublinks: readLinks(settings.footerSublinks, MAX_SUBLINKS),
    simpleLinks: readLinks(settings.simpleLinks, SHORT_LINK_LAYOUTS.includes(layout) ? MAX_SIMPLE_LINKS_SHORT : MAX_SIMPLE_LINKS),
    contacts: settings.contactItems.map(readContact).filter(present).slice(0, MAX_CONTACTS),
    socials: settings.socialItems.map(readSocial).slice(0, MAX_SOCIALS),
    logo: imageUrl(trimmed(settings.logoImage)),
    copyright: trimmed(settings.copyrightText),
  };
}
