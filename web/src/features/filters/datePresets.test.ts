import { isoDay, presetOf, presetRange } from './datePresets';

describe('date presets', () => {
  it('count whole local days around today, its time of day ignored', () => {
    const today = new Date(2024, 2, 17, 23, 59);
    expect(presetRange('today', today)).toEqual(['2024-03-17', '2024-03-17']);
    expect(presetRange('last7', today)).toEqual(['2024-03-11', '2024-03-17']);
    expect(presetRange('last30', today)).toEqual(['2024-02-17', '2024-03-17']);
    expect(presetRange('thisMonth', today)).toEqual(['2024-03-01', '2024-03-31']);
    expect(presetRange('thisYear', today)).toEqual(['2024-01-01', '2024-12-31']);
  });

  it('end months on their last day, leap years included, and cross a year back', () => {
    expect(presetRange('lastMonth', new Date(2024, 2, 1))).toEqual(['2024-02-01', '2024-02-29']);
    expect(presetRange('lastMonth', new Date(2023, 2, 31))).toEqual(['2023-02-01', '2023-02-28']);
    expect(presetRange('lastMonth', new Date(2026, 0, 15))).toEqual(['2025-12-01', '2025-12-31']);
    expect(presetRange('thisMonth', new Date(2026, 3, 30))).toEqual(['2026-04-01', '2026-04-30']);
    expect(presetRange('last7', new Date(2026, 0, 3))).toEqual(['2025-12-28', '2026-01-03']);
  });

  it('name the preset a range is, if any', () => {
    const today = new Date(2026, 11, 7);
    expect(presetOf('2026-12-01', '2026-12-31', today)).toBe('thisMonth');
    expect(presetOf('2026-12-07', '2026-12-07', today)).toBe('today');
    expect(presetOf('2026-12-02', '2026-12-31', today)).toBeUndefined();
    expect(isoDay(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
  });
});
