import { WIDTHS, blockSpans, spans, widthOf } from './layout';

describe('the grid of a board or an app page', () => {
  it('puts widths into rows of six columns', () => {
    expect(spans(['Third', 'Third', 'Third'])).toEqual([2, 2, 2]);
    expect(spans(['Half', 'Half', 'Two thirds', 'Third'])).toEqual([3, 3, 4, 2]);
  });

  it('grows the last block of a row that is under the full width, never leaving an empty band', () => {
    expect(spans(['Half'])).toEqual([6]);
    expect(spans(['Third', 'Half', 'Two thirds'])).toEqual([2, 4, 6]);
    // Every sequence of three widths: each row ends at the edge.
    for (const a of WIDTHS)
      for (const b of WIDTHS)
        for (const c of WIDTHS) {
          let row = 0;
          for (const span of spans([a, b, c])) {
            row += span;
            expect(row, `${a}, ${b}, ${c}`).toBeLessThanOrEqual(6);
            row %= 6;
          }
          expect(row, `${a}, ${b}, ${c}`).toBe(0);
        }
  });

  it('reads full_width as the whole row, page chrome and unknown types too', () => {
    expect(widthOf({ type: 'scorecard', width: 'Third', full_width: true })).toBe('Full');
    expect(widthOf({ type: 'header', width: 'Third' })).toBe('Full');
    expect(widthOf({ type: 'sparkline', width: 'Third' })).toBe('Full');
    expect(widthOf({ type: 'scorecard', width: 'Two thirds' })).toBe('Two thirds');
  });

  it('answers each block its span by id', () => {
    const placed = blockSpans([
      { id: 'k', type: 'scorecard', width: 'Third' },
      { id: 'c', type: 'chart', width: 'Half' },
      { id: 't', type: 'table', width: 'Full' },
    ]);
    expect([...placed]).toEqual([
      ['k', 2],
      ['c', 4],
      ['t', 6],
    ]);
  });
});
