import type { BoardBlock } from '../../generated/api';
import { blocksOfSection, initialSection, parseSections, sectionTabs, UNCATEGORIZED } from './sections';

const block = (id: string, section?: string): BoardBlock => ({ id, type: 'table', section });

describe('board sections (platform §5)', () => {
  it('are trimmed, with empty names and repeats dropped', () => {
    expect(parseSections(' Overview, ,Details,, Overview ')).toEqual(['Overview', 'Details']);
    expect(parseSections('')).toEqual([]);
    expect(parseSections(undefined)).toEqual([]);
  });

  it('add un-categorized only when a block belongs to no listed section', () => {
    const sections = ['Overview', 'Details'];
    expect(sectionTabs(sections, [block('a', 'Overview')])).toEqual(sections);
    expect(sectionTabs(sections, [block('a', 'Overview'), block('b', 'Old')])).toEqual([...sections, UNCATEGORIZED]);
    expect(sectionTabs(sections, [block('c')])).toEqual([...sections, UNCATEGORIZED]);
    expect(sectionTabs([], [block('c')])).toEqual([]);
  });

  it('show the blocks of the active tab, every block without sections', () => {
    const blocks = [block('a', 'Overview'), block('b', ' Details '), block('c', 'Old'), block('d')];
    const sections = ['Overview', 'Details'];
    expect(blocksOfSection(blocks, sections, 'Details').map((b) => b.id)).toEqual(['b']);
    expect(blocksOfSection(blocks, sections, UNCATEGORIZED).map((b) => b.id)).toEqual(['c', 'd']);
    expect(blocksOfSection(blocks, [], '').map((b) => b.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('start on the current section when it is a tab, else on the first', () => {
    expect(initialSection(['Overview', 'Details'], 'Details')).toBe('Details');
    expect(initialSection(['Overview', 'Details'], 'Gone')).toBe('Overview');
    expect(initialSection([], 'Gone')).toBe('');
  });

  it('put a block of section sales under the listed Sales, as the core and the embed do', () => {
    const blocks = [block('a', 'sales'), block('b', 'Sales'), block('c', 'Ops')];
    expect(sectionTabs(['Sales', 'Ops'], blocks)).toEqual(['Sales', 'Ops']);
    expect(blocksOfSection(blocks, ['Sales', 'Ops'], 'Sales').map((b) => b.id)).toEqual(['a', 'b']);
    expect(initialSection(['Sales', 'Ops'], ' ops')).toBe('Ops');
    expect(sectionTabs(['A', 'Un-Categorized'], [block('x')])).toEqual(['A', 'Un-Categorized']);
  });
});
