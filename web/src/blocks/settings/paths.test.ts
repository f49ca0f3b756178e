import { getAt, pathText, setAt } from './paths';

describe('setting paths', () => {
  it('spell paths as the catalogue does', () => {
    expect(pathText(['axis', 0, 'column'])).toBe('axis[0].column');
    expect(pathText(['conditional_filter', 'condition'])).toBe('conditional_filter.condition');
  });

  it('read and write without changing the original', () => {
    const block = { type: 'chart', axis: [{ column: 'A' }] };
    const next = setAt(block, ['axis', 1, 'column'], 'B');
    expect(next).toEqual({ type: 'chart', axis: [{ column: 'A' }, { column: 'B' }] });
    expect(block.axis).toHaveLength(1);
    expect(getAt(next, ['axis', 1, 'column'])).toBe('B');
  });

  it('drop a setting written as undefined, so it reads as its default', () => {
    expect(setAt({ type: 'table', rows_per_page: 5 }, ['rows_per_page'], undefined)).toEqual({ type: 'table' });
  });
});
