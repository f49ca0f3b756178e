// Board sections of platform §5: a comma-separated text, trimmed, empty names dropped; blocks
// whose section is none of them gather under 'un-categorized'.
import type { BoardBlock } from '../../api/types';

export const UNCATEGORIZED = 'un-categorized';

export function parseSections(text: string | null | undefined): string[] {
  const names = (text ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  return [...new Set(names)];
}

function inSection(block: BoardBlock, sections: readonly string[], section: string): boolean {
  const own = typeof block.section === 'string' ? block.section.trim() : '';
  return section === UNCATEGORIZED ? !sections.includes(own) : own === section;
}

/**
 * The tabs to show: none without sections (every block shows), else the sections plus
 * 'un-categorized' when some block belongs to none of them.
 */
export function sectionTabs(sections: readonly string[], blocks: readonly BoardBlock[]): string[] {
  if (sections.length === 0) return [];
  const stray = blocks.some((block) => inSection(block, sections, UNCATEGORIZED));
  return stray ? [...sections, UNCATEGORIZED] : [...sections];
}

/** The tab that starts active: the board's current_section when it is a tab, else the first. */
export function initialSection(tabs: readonly string[], current: string | null | undefined): string {
  const wanted = (current ?? '').trim();
  return tabs.includes(wanted) ? wanted : (tabs[0] ?? '');
}

/** The blocks the active tab shows; without tabs, all of them. */
export function blocksOfSection(blocks: readonly BoardBlock[], sections: readonly string[], active: string): BoardBlock[] {
  if (sections.length === 0 || !active) return [...blocks];
  return blocks.filter((block) => inSection(block, sections, active));
}
