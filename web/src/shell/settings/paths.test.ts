import { getAt, pathText } from './paths';

describe('setting paths', () => {
  it('spell paths as the catalogue does', () => {
    expect(pathText(['axis', 0, 'column'])).toBe('axis[0].column');
    expect(pathText(['conditional_filter', 'condition'])).toBe('conditional_filter.condition');
  });

  it('read settings inside items and objects, and nothing past a missing step', () => {
    const block = { type: 'chart', axis: [{ column: 'A' }] };
    expect(getAt(block, ['axis', 0, 'column'])).toBe('A');
    expect(getAt(block, ['axis', 1, 'column'])).toBeUndefined();
  });
});
