import { importText, newImportId, uploadText } from './importProgress';

describe('import progress texts', () => {
  it('says the megabytes sent of the whole file with one decimal', () => {
    expect(uploadText({ sent: 12_345_678, total: 98_000_000 })).toBe('12.3 of 98.0 MB');
    expect(uploadText({ sent: 0, total: 1_500 })).toBe('0.0 of 0.0 MB');
  });

  it('says the rows read, then stored of all, with separators, and nothing while receiving or after the end', () => {
    expect(importText({ phase: 'storing', rows_read: 1_000_000, rows_stored: 1_200_000, rows_total: 1_000_000 })).toBe('Stored 1,200,000 of 1,000,000 rows');
    expect(importText({ phase: 'storing', rows_read: 0, rows_stored: 500, rows_total: null })).toBe('Stored 500 rows');
    expect(importText({ phase: 'reading', rows_read: 0, rows_stored: 0, rows_total: null })).toBe('Reading the rows…');
    expect(importText({ phase: 'reading', rows_read: 3_450_000, rows_stored: 0, rows_total: null })).toBe('Read 3,450,000 rows');
    expect(importText({ phase: 'receiving', rows_read: 0, rows_stored: 0, rows_total: null })).toBeNull();
    expect(importText({ phase: 'ended', rows_read: 10, rows_stored: 10, rows_total: 10 })).toBeNull();
  });

  it('makes import ids the server takes: 32 hex characters, new each time', () => {
    const id = newImportId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newImportId()).not.toBe(id);
  });
});
