import { detectLinkKind, isLinked } from './spreadsheetKind';

describe('detectLinkKind', () => {
  it.each([
    ['https://docs.google.com/spreadsheets/d/1AbC-xyz_09/edit', 'google_sheets'],
    ['https://docs.google.com/spreadsheets/d/1AbC-xyz_09/edit#gid=0', 'google_sheets'],
    ['  https://docs.google.com/spreadsheets/d/1AbC/edit?usp=sharing  ', 'google_sheets'],
    ['https://docs.google.com/spreadsheets/d/e/2PACX-1vQ/pub?output=csv', 'csv_url'],
    ['https://docs.google.com/spreadsheets/d/e/2PACX-1vQ/pub?gid=0&single=true&output=csv', 'csv_url'],
    ['https://example.com/exports/sales.csv', 'csv_url'],
    ['https://docs.google.com/document/d/1AbC/edit', 'csv_url'],
    ['not a link', 'csv_url'],
  ])('%j is %s', (address, kind) => {
    expect(detectLinkKind(address)).toBe(kind);
  });
});

describe('isLinked', () => {
  it('is true for the kinds read from a link only', () => {
    expect(isLinked('upload')).toBe(false);
    expect(isLinked('csv_url')).toBe(true);
    expect(isLinked('google_sheets')).toBe(true);
  });
});
