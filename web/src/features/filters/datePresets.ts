// The quick ranges of a date filter's chip (issue 48): each is a `date` condition's start and end
// (both days included, as crates/tessera-core/src/filter.rs reads them), counted from the viewer's
// own today, as the server's date windows are (`tz_offset`).

export type DatePreset = 'today' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth' | 'thisYear';

export const DATE_PRESETS: readonly { preset: DatePreset; label: string }[] = [
  { preset: 'today', label: 'Today' },
  { preset: 'last7', label: 'Last 7 days' },
  { preset: 'last30', label: 'Last 30 days' },
  { preset: 'thisMonth', label: 'This month' },
  { preset: 'lastMonth', label: 'Last month' },
  { preset: 'thisYear', label: 'This year' },
];

/** A local calendar day as the `date` condition reads it: `YYYY-MM-DD`. */
export function isoDay(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The first and last day of `preset` around `today` (a local date; its time is ignored). */
export function presetRange(preset: DatePreset, today: Date): [string, string] {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  // Day 0 of a month is the last day of the one before: month ends need no table of lengths.
  const day = (year: number, month: number, date: number) => isoDay(new Date(year, month, date));
  switch (preset) {
    case 'today':
      return [day(y, m, d), day(y, m, d)];
    case 'last7':
      return [day(y, m, d - 6), day(y, m, d)];
    case 'last30':
      return [day(y, m, d - 29), day(y, m, d)];
    case 'thisMonth':
      return [day(y, m, 1), day(y, m + 1, 0)];
    case 'lastMonth':
      return [day(y, m - 1, 1), day(y, m, 0)];
    case 'thisYear':
      return [day(y, 0, 1), day(y, 11, 31)];
  }
}

/** The preset whose range `start`..`end` is on `today`, if any: the chip marks it as chosen. */
export function presetOf(start: string, end: string, today: Date): DatePreset | undefined {
  return DATE_PRESETS.find(({ preset }) => {
    const [from, to] = presetRange(preset, today);
    return from === start && to === end;
  })?.preset;
}
