// Day arithmetic for laying out the calendar block. Presentation only: the server (tessera-core
// `calendar`) reads the sheet's dates, chooses the window and normalises every event to
// `YYYY-MM-DDTHH:MM`; these helpers only count days in those normalised strings, on UTC day
// numbers so daylight-saving changes never shift a day.

export type CalendarViewName = 'Month' | 'Week' | 'Day';

/** Days since 1970-01-01 of a `YYYY-MM-DD` (the first 10 characters of a longer time). */
export function dayNumber(day: string): number {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return Math.round(Date.UTC(y, (m || 1) - 1, d || 1) / 86_400_000);
}

/** The `YYYY-MM-DD` of a day number. */
export function dayString(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayString(dayNumber(day) + days);
}

/** 0 for Monday to 6 for Sunday (ISO 8601 weeks, as the core's week window). */
export function weekdayFromMonday(day: string): number {
  // 1970-01-01 was a Thursday (3 from Monday).
  return (((dayNumber(day) + 3) % 7) + 7) % 7;
}

/** The first day of the month `months` away from `day`'s month. */
export function shiftMonth(day: string, months: number): string {
  const [y, m] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** The anchor the previous (-1) or next (+1) window of `view` is asked with. */
export function stepAnchor(view: CalendarViewName, anchor: string, direction: -1 | 1): string {
  if (view === 'Month') return shiftMonth(anchor, direction);
  return addDays(anchor, view === 'Week' ? 7 * direction : direction);
}

/** The viewer's own today (their clock and time zone), for the Today button. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The weeks of a month grid: whole Monday-to-Sunday weeks covering `start` (first day of the
 * month) to `end` (exclusive, the first day of the next month).
 */
export function monthWeeks(start: string, end: string): string[][] {
  const first = dayNumber(start) - weekdayFromMonday(start);
  const lastDay = dayString(Math.max(dayNumber(end) - 1, dayNumber(start)));
  const last = dayNumber(lastDay) + (6 - weekdayFromMonday(lastDay));
  const weeks: string[][] = [];
  for (let n = first; n <= last; n += 7) weeks.push(Array.from({ length: 7 }, (_, i) => dayString(n + i)));
  return weeks;
}

/** Every day from `start` up to `end` (exclusive). */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(start); n < dayNumber(end); n += 1) days.push(dayString(n));
  return days.length ? days : [start.slice(0, 10)];
}

export interface TimedEvent {
  start: string;
  end: string;
  all_day: boolean;
}

/** Whether an event (end exclusive) touches `day`. */
export function onDay(event: TimedEvent, day: string): boolean {
  return event.start < `${addDays(day, 1)}T00:00` && event.end > `${day}T00:00`;
}

/**
 * The events of each day in `days`, in the server's order (by start): an event over several days
 * is listed on each of them.
 */
export function eventsByDay<E extends TimedEvent>(events: readonly E[], days: readonly string[]): Map<string, E[]> {
  const map = new Map<string, E[]>(days.map((d) => [d, []]));
  if (days.length === 0) return map;
  const first = dayNumber(days[0]);
  const last = dayNumber(days[days.length - 1]);
  for (const event of events) {
    const from = Math.max(dayNumber(event.start), first);
    // The end is exclusive: an event ending at 00:00 does not reach that day.
    const endDay = event.end.slice(11) === '00:00' || event.end.length <= 10 ? dayNumber(event.end) - 1 : dayNumber(event.end);
    const to = Math.min(Math.max(endDay, dayNumber(event.start)), last);
    for (let n = from; n <= to; n += 1) map.get(dayString(n))?.push(event);
  }
  return map;
}

/** When an event happens on `day`: "All day", "09:00–10:30", or open-ended across days. */
export function timeOnDay(event: TimedEvent, day: string): string {
  if (event.all_day) return 'All day';
  const startsToday = event.start.slice(0, 10) === day;
  const next = addDays(day, 1);
  const endsToday = event.end.slice(0, 10) === day || event.end === `${next}T00:00`;
  const from = startsToday ? event.start.slice(11, 16) : '';
  const to = endsToday ? (event.end === `${next}T00:00` ? '24:00' : event.end.slice(11, 16)) : '';
  if (!startsToday && !endsToday) return 'All day';
  if (!startsToday) return `until ${to}`;
  if (!endsToday) return `from ${from}`;
  return `${from}–${to}`;
}

// Names are written here rather than with Intl: ICU versions differ ("Tuesday, 3 November" or
// "Tuesday 3 November"), and the calendar's headings should read the same everywhere.
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function parts(day: string): { year: number; month: string; date: number; weekday: string } {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return { year: y, month: MONTHS[(m || 1) - 1], date: d || 1, weekday: WEEKDAYS[weekdayFromMonday(day)] };
}

/** "November 2026". */
export function monthHeading(anchor: string): string {
  const { month, year } = parts(anchor);
  return `${month} ${year}`;
}

/** "Saturday 21 November 2026". */
export function longDay(day: string): string {
  const { weekday, date, month, year } = parts(day);
  return `${weekday} ${date} ${month} ${year}`;
}

/** "Sat 21 Nov". */
export function shortDay(day: string): string {
  const { weekday, date, month } = parts(day);
  return `${weekday.slice(0, 3)} ${date} ${month.slice(0, 3)}`;
}

/** "16 – 22 November 2026", "30 November – 6 December 2026", "29 December 2025 – 4 January 2026". */
export function weekHeading(start: string, endExclusive: string): string {
  const first = parts(start);
  const last = parts(addDays(endExclusive, -1));
  const tail = `${last.date} ${last.month} ${last.year}`;
  if (first.year !== last.year) return `${first.date} ${first.month} ${first.year} – ${tail}`;
  if (first.month !== last.month) return `${first.date} ${first.month} – ${tail}`;
  return `${first.date} – ${tail}`;
}
