// The event block's settings (catalogue EVENT, blocks §3.16) read defensively: a stored block may
// miss keys, hold strings for booleans or values from an older editor. Every link that leaves
// here is http(s) (or mailto for the e-mail); anything else is shown as text or dropped.
import type { BoardBlock } from '../../generated/api';
import type { EventConfig } from '../../generated/blockConfigs';
import { flagOf, textOf } from '../settingValues';
import { httpUrl, imageUrl } from '../urls';
import { dateFormat, instant, type DateFormat } from './eventDates';
import { BUTTON_COLOUR } from '../frameStyle';

export const LAYOUTS = ['overlay', 'stacked', 'left-image', 'right-image'] as const;
export type EventLayout = (typeof LAYOUTS)[number];

export const DEFAULT_BUTTON_TEXT = 'Register';

export type EventLocation = { kind: 'physical'; address: string } | { kind: 'webinar'; text: string; href: string | null };

export interface SocialIcon {
  iconType: unknown;
  icon: unknown;
  href: string | null;
}

export const TITLE_SIZES = { small: '1.1rem', medium: '1.35rem', large: '1.75rem' } as const;

/** The card's own colours and title size (blocks §3.16 style fields); null: not set. */
export interface EventStyle {
  titleColour: string | null;
  titleSize: string;
  textColour: string | null;
  dateColour: string | null;
  background: string | null;
}

export interface EventSettings {
  title: string;
  description: string;
  multiDay: boolean;
  startDate: string;
  startTime: string;
  /** The day the event ends: end_date for a multi-day event, start_date for a single day. */
  endDate: string;
  endTime: string;
  /** When the event starts and is over (ms); null when the dates do not parse. */
  startsAt: number | null;
  endsAt: number | null;
  deadline: string;
  countdown: boolean;
  location: EventLocation | null;
  layout: EventLayout;
  dateFormat: DateFormat;
  image: string | null;
  /** Null when the registration button is off. */
  registration: { text: string; href: string | null; colour: string } | null;
  email: string | null;
  socialIcons: SocialIcon[];
  accent: string | null;
  style: EventStyle;
}

function location(config: EventConfig): EventLocation | null {
  if (config.Location === 'Webinar') {
    const link = textOf(config.link);
    return link ? { kind: 'webinar', text: link, href: httpUrl(link) } : null;
  }
  const address = textOf(config.address);
  return address ? { kind: 'physical', address } : null;
}

function socialIcons(items: unknown): SocialIcon[] {
  if (!Array.isArray(items)) return [];
  return items
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && textOf(item.icon) !== '')
    .map((item) => ({ iconType: item.iconType, icon: item.icon, href: httpUrl(textOf(item.url)) }));
}

export function eventSettings(block: BoardBlock): EventSettings {
  const config = block as unknown as EventConfig;
  const multiDay = config.Event_Type === 'Multi day';
  const startDate = textOf(config.start_date);
  const startTime = textOf(config.start_time);
  const endDate = multiDay ? textOf(config.end_date) : startDate;
  const endTime = textOf(config.end_time);
  const colour = textOf(config.registration_button_color);
  return {
    title: textOf(config.event_title),
    // Only the ends are trimmed: the author's line breaks inside are kept.
    description: typeof config.description === 'string' ? config.description.trim() : '',
    multiDay,
    startDate,
    startTime,
    endDate,
    endTime,
    startsAt: instant(startDate, startTime, 'start'),
    endsAt: instant(endDate, endTime, 'end'),
    deadline: textOf(config.registration_deadline),
    countdown: flagOf(config.Countdown),
    location: location(config),
    layout: (LAYOUTS as readonly unknown[]).includes(config.layout_type) ? (config.layout_type as EventLayout) : 'stacked',
    dateFormat: dateFormat(config.date_format),
    image: imageUrl(textOf(config.image)),
    registration: flagOf(config.registration_button)
      ? {
          text: textOf(config.registration_button_text) || DEFAULT_BUTTON_TEXT,
          href: httpUrl(textOf(config.registration_link)),
          colour: colour || BUTTON_COLOUR,
        }
      : null,
    email: textOf(config.contact_email) || null,
    socialIcons: socialIcons(config.socialIcons),
    accent: textOf(config.accent_color) || null,
    style: {
      titleColour: textOf(config.event_title_color) || null,
      titleSize:
        TITLE_SIZES[(Object.hasOwn(TITLE_SIZES, textOf(config.event_title_size)) ? textOf(config.event_title_size) : 'medium') as keyof typeof TITLE_SIZES],
      textColour: textOf(config.event_text_color) || null,
      dateColour: textOf(config.event_date_color) || null,
      background: textOf(config.event_background_color) || null,
    },
  };
}
