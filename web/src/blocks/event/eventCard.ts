// What the event block draws (blocks §3.16), worked out from its normalised settings: the dates
// read as instants, the place, the registration button. Every link that leaves here is http(s)
// (or mailto for the e-mail); anything else is shown as text or dropped.
import type { EventSettings } from '../../generated/blockConfigs';
import { httpUrl, imageUrl } from '../urls';
import { instant, type DateFormat } from './eventDates';

export type EventLayout = EventSettings['layout_type'];

export type EventLocation = { kind: 'physical'; address: string } | { kind: 'webinar'; text: string; href: string | null };

export interface SocialIcon {
  iconType: unknown;
  icon: unknown;
  href: string | null;
}

export const TITLE_SIZES: Record<EventSettings['event_title_size'], string> = { small: '1.1rem', medium: '1.35rem', large: '1.75rem' };

/** The card's own colours and title size (blocks §3.16 style fields); null: not set. */
export interface EventStyle {
  titleColour: string | null;
  titleSize: string;
  textColour: string | null;
  dateColour: string | null;
  background: string | null;
}

export interface EventCard {
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

/** An optional text setting, trimmed; '' when unset. */
const trimmed = (text: string | undefined): string => text?.trim() ?? '';

function location(settings: EventSettings): EventLocation | null {
  if (settings.Location === 'Webinar') {
    const link = trimmed(settings.link);
    return link ? { kind: 'webinar', text: link, href: httpUrl(link) } : null;
  }
  const address = trimmed(settings.address);
  return address ? { kind: 'physical', address } : null;
}

export function eventCard(settings: EventSettings): EventCard {
  const multiDay = settings.Event_Type === 'Multi day';
  const startDate = trimmed(settings.start_date);
  const startTime = trimmed(settings.start_time);
  const endDate = multiDay ? trimmed(settings.end_date) : startDate;
  const endTime = trimmed(settings.end_time);
  return {
    title: trimmed(settings.event_title),
    // Only the ends are trimmed: the author's line breaks inside are kept.
    description: trimmed(settings.description),
    multiDay,
    startDate,
    startTime,
    endDate,
    endTime,
    startsAt: instant(startDate, startTime, 'start'),
    endsAt: instant(endDate, endTime, 'end'),
    deadline: trimmed(settings.registration_deadline),
    countdown: settings.Countdown,
    location: location(settings),
    layout: settings.layout_type,
    dateFormat: settings.date_format,
    image: imageUrl(trimmed(settings.image)),
    registration: settings.registration_button
      ? { text: settings.registration_button_text.trim(), href: httpUrl(settings.registration_link), colour: settings.registration_button_color.trim() }
      : null,
    email: trimmed(settings.contact_email) || null,
    socialIcons: settings.socialIcons
      .filter((item) => trimmed(item.icon) !== '')
      .map((item) => ({ iconType: item.iconType, icon: item.icon, href: httpUrl(item.url) })),
    accent: trimmed(settings.accent_color) || null,
    style: {
      titleColour: trimmed(settings.event_title_color) || null,
      titleSize: TITLE_SIZES[settings.event_title_size],
      textColour: trimmed(settings.event_text_color) || null,
      dateColour: trimmed(settings.event_date_color) || null,
      background: trimmed(settings.event_background_color) || null,
    },
  };
}
