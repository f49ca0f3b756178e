// The event block's dates and times (blocks §3.16). The settings editor stores dates as
// 'YYYY-MM-DD' and times as 'HH:MM' without a zone: they are read as the viewer's local time,
// as a printed invitation would be.
import type { EventSettings } from '../../generated/blockConfigs';

/** How the event's dates are written (the catalogue's `date_format` options). */
export type DateFormat = EventSettings['date_format'];

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface CalendarDate {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
}

export interface ClockTime {
  hour: number;
  minute: number;
}

/** A stored 'YYYY-MM-DD' that names a real day ('2030-02-30' does not), or null. */
export function parseDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const probe = new Date(year, month - 1, day);
  return probe.getFullYear() === year && probe.getMonth() === month - 1 && probe.getDate() === day ? { year, month, day } : null;
}

/** A stored 'HH:MM' (seconds, if any, ignored), or null. */
export function parseTime(text: string): ClockTime | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const [hour, minute] = match.slice(1).map(Number);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `text` in `format`; a date that does not parse is shown as typed, so nothing the author wrote is lost. */
export function formatDate(text: string, format: DateFormat): string {
  const date = parseDate(text);
  if (!date) return text.trim();
  const dd = pad(date.day);
  const mm = pad(date.month);
  const mmm = MONTHS[date.month - 1];
  switch (format) {
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${date.year}`;
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${date.year}`;
    case 'YYYY-MM-DD':
      return `${date.year}-${mm}-${dd}`;
    case 'DD MMM YYYY':
      return `${dd} ${mmm} ${date.year}`;
    case 'MMM DD, YYYY':
      return `${mmm} ${dd}, ${date.year}`;
  }
}

/** A time as 'HH:MM' (24 hours); one that does not parse is shown as typed. */
export function formatTime(text: string): string {
  const time = parseTime(text);
  return time ? `${pad(time.hour)}:${pad(time.minute)}` : text.trim();
}

/** The `dateTime` of a <time> element for a stored date and time, or undefined when the date does not parse. */
export function machineDateTime(dateText: string, timeText: string): string | undefined {
  const date = parseDate(dateText);
  if (!date) return undefined;
  const time = parseTime(timeText);
  const day = `${date.year}-${pad(date.month)}-${pad(date.day)}`;
  return time ? `${day}T${pad(time.hour)}:${pad(time.minute)}` : day;
}

/**
 * The instant (ms since the epoch, local time) a date and time name. Without a time, `start`
 * means the day's first moment and `end` the moment the day is over.
 */
export function instant(dateText: string, timeText: string, edge: 'start' | 'end'): number | null {
  const date = parseDate(dateText);
  if (!date) return null;
  const time = parseTime(timeText);
  if (time) return new Date(date.year, date.month - 1, date.day, time.hour, time.minute).getTime();
  return new Date(date.year, date.month - 1, date.day + (edge === 'end' ? 1 : 0)).getTime();
}
