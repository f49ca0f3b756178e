import { loadRealCore } from '../test/realCore';
import { blockTypeIcons } from './blockTypeIcons';
import { loadBlockTypes } from '../platform/blockTypes';

beforeAll(() => loadRealCore());

describe('the picker icons', () => {
  it('has an icon for every icon name of the block catalogue', async () => {
    const names = (await loadBlockTypes()).map((info) => info.icon);
    expect(names).toHaveLength(20);
    expect(names.filter((name) => !blockTypeIcons[name])).toEqual([]);
  });

  it('draws no two catalogue types with the same icon', async () => {
    const drawn = (await loadBlockTypes()).map((info) => blockTypeIcons[info.icon]);
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
