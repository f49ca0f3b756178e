import { viewBlockOf } from '../../test/viewBlocks';
import { formatDate, formatTime, instant, machineDateTime, parseDate, type DateFormat } from './eventDates';

describe('event dates', () => {
  const EXPECTED: Record<DateFormat, string> = {
    'DD/MM/YYYY': '05/03/2030',
    'MM/DD/YYYY': '03/05/2030',
    'YYYY-MM-DD': '2030-03-05',
    'DD MMM YYYY': '05 Mar 2030',
    'MMM DD, YYYY': 'Mar 05, 2030',
  };

  it.each(Object.entries(EXPECTED) as [DateFormat, string][])('formats 2030-03-05 as %s: %s', (format, expected) => {
    expect(formatDate('2030-03-05', format)).toBe(expected);
  });

  it.each([
    ['2030-12-31', 'MMM DD, YYYY', 'Dec 31, 2030'],
    ['2030-01-09', 'DD MMM YYYY', '09 Jan 2030'],
    [' 2030-07-14 ', 'DD/MM/YYYY', '14/07/2030'],
    ['2028-02-29', 'YYYY-MM-DD', '2028-02-29'],
  ] as const)('formats %o in %s as %s', (stored, format, expected) => {
    expect(formatDate(stored, format)).toBe(expected);
  });

  it.each(['next Friday', '2030-02-30', '2030-13-01', '5/3/2030', '2030-03-05T10:00', ''])('shows the unparseable date %o as typed', (stored) => {
    expect(parseDate(stored)).toBeNull();
    expect(formatDate(stored, 'DD/MM/YYYY')).toBe(stored);
  });

  it.each([
    ['MMM DD, YYYY', 'MMM DD, YYYY'],
    [undefined, 'DD MMM YYYY'],
    // An option in other case is that option (tessera_blocks::normalise, as the server answers it).
    ['dd/mm/yyyy', 'DD/MM/YYYY'],
    [3, 'DD MMM YYYY'],
  ])('reads the date_format %o as %s', (stored, expected) => {
    expect(viewBlockOf('event', { date_format: stored }).date_format).toBe(expected);
  });

  it.each([
    ['09:30', '09:30'],
    ['9:05', '09:05'],
    ['18:00:00', '18:00'],
    ['25:00', '25:00'],
    ['noon', 'noon'],
  ])('shows the time %o as %s', (stored, expected) => {
    expect(formatTime(stored)).toBe(expected);
  });

  it('reads dates and times as local time, a missing time as the day’s start or end', () => {
    expect(instant('2030-03-05', '10:30', 'start')).toBe(new Date(2030, 2, 5, 10, 30).getTime());
    expect(instant('2030-03-05', '', 'start')).toBe(new Date(2030, 2, 5).getTime());
    expect(instant('2030-03-05', '', 'end')).toBe(new Date(2030, 2, 6).getTime());
    expect(instant('2030-03-31', 'late', 'end')).toBe(new Date(2030, 3, 1).getTime());
    expect(instant('soon', '10:00', 'start')).toBeNull();
  });

  it('gives <time> elements a machine-readable value only for dates that parse', () => {
    expect(machineDateTime('2030-03-05', '9:05')).toBe('2030-03-05T09:05');
    expect(machineDateTime('2030-03-05', '')).toBe('2030-03-05');
    expect(machineDateTime('soon', '10:00')).toBeUndefined();
  });
});
