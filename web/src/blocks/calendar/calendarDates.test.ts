import {
  addDays,
  daysBetween,
  eventsByDay,
  localToday,
  longDay,
  monthHeading,
  monthWeeks,
  onDay,
  shiftMonth,
  shortDay,
  stepAnchor,
  timeOnDay,
  weekdayFromMonday,
  weekHeading,
} from './calendarDates';

describe('calendar day arithmetic', () => {
  it('counts weekdays from Monday, as the core windows weeks', () => {
    expect(weekdayFromMonday('2026-11-16')).toBe(0);
    expect(weekdayFromMonday('2026-11-21')).toBe(5);
    expect(weekdayFromMonday('2026-11-22')).toBe(6);
    expect(weekdayFromMonday('1969-12-29')).toBe(0);
  });

  it('adds days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('moves whole months to their first day', () => {
    expect(shiftMonth('2026-11-21', 1)).toBe('2026-12-01');
    expect(shiftMonth('2026-12-05', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01');
  });

  it('steps the anchor by the view', () => {
    expect(stepAnchor('Month', '2026-11-21', -1)).toBe('2026-10-01');
    expect(stepAnchor('Week', '2026-11-21', 1)).toBe('2026-11-28');
    expect(stepAnchor('Day', '2026-11-30', 1)).toBe('2026-12-01');
  });

  it('lays a month out in whole Monday-to-Sunday weeks', () => {
    const weeks = monthWeeks('2026-11-01', '2026-12-01');
    expect(weeks[0][0]).toBe('2026-10-26');
    expect(weeks[0][6]).toBe('2026-11-01');
    expect(weeks.at(-1)![6]).toBe('2026-12-06');
    expect(weeks).toHaveLength(6);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthWeeks('2027-02-01', '2027-03-01')).toHaveLength(4);
  });

  it('lists the days of a window, end excluded', () => {
    expect(daysBetween('2026-11-16', '2026-11-23')).toHaveLength(7);
    expect(daysBetween('2026-11-21', '2026-11-22')).toEqual(['2026-11-21']);
  });

  it('places events on every day they touch, ends exclusive', () => {
    const meeting = { start: '2026-11-21T09:00', end: '2026-11-21T10:30', all_day: false };
    const trip = { start: '2026-11-20T00:00', end: '2026-11-23T00:00', all_day: true };
    const night = { start: '2026-11-21T22:00', end: '2026-11-22T02:00', all_day: false };
    const map = eventsByDay([meeting, trip, night], daysBetween('2026-11-16', '2026-11-23'));
    expect(map.get('2026-11-21')).toEqual([meeting, trip, night]);
    expect(map.get('2026-11-22')).toEqual([trip, night]);
    expect(map.get('2026-11-23')).toBeUndefined();
    expect(map.get('2026-11-19')).toEqual([]);
    expect(onDay(trip, '2026-11-23')).toBe(false);
    expect(onDay(trip, '2026-11-22')).toBe(true);
  });

  it('keeps events that start before the window on its first day', () => {
    const long = { start: '2026-10-20T00:00', end: '2026-11-03T00:00', all_day: true };
    const map = eventsByDay([long], daysBetween('2026-11-01', '2026-11-05'));
    expect(map.get('2026-11-01')).toEqual([long]);
    expect(map.get('2026-11-02')).toEqual([long]);
    expect(map.get('2026-11-03')).toEqual([]);
  });

  it('says when an event happens on a day', () => {
    expect(timeOnDay({ start: '2026-11-21T09:00', end: '2026-11-21T10:30', all_day: false }, '2026-11-21')).toBe('09:00–10:30');
    expect(timeOnDay({ start: '2026-11-21T00:00', end: '2026-11-22T00:00', all_day: true }, '2026-11-21')).toBe('All day');
    const night = { start: '2026-11-21T22:00', end: '2026-11-22T02:00', all_day: false };
    expect(timeOnDay(night, '2026-11-21')).toBe('from 22:00');
    expect(timeOnDay(night, '2026-11-22')).toBe('until 02:00');
    expect(timeOnDay({ start: '2026-11-21T22:00', end: '2026-11-22T00:00', all_day: false }, '2026-11-21')).toBe('22:00–24:00');
  });

  it('names months and weeks', () => {
    expect(monthHeading('2026-11-21')).toBe('November 2026');
    expect(longDay('2026-11-03')).toBe('Tuesday 3 November 2026');
    expect(shortDay('2026-11-21')).toBe('Sat 21 Nov');
    expect(weekHeading('2026-11-16', '2026-11-23')).toBe('16 – 22 November 2026');
    expect(weekHeading('2026-11-30', '2026-12-07')).toBe('30 November – 6 December 2026');
    expect(weekHeading('2025-12-29', '2026-01-05')).toBe('29 December 2025 – 4 January 2026');
  });

  it("takes today from the viewer's clock", () => {
    expect(localToday(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
  });
});
