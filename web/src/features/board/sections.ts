// Board sections of platform §5: a comma-separated text, trimmed, empty names dropped; blocks
// whose section is none of them gather under 'un-categorized'. A copy of tessera-core
// `sections` (the server's embed calls the core), kept so the board paints its tabs before the
// WASM core loads; sections.vectors.test.ts replays the core's golden vectors
// (tests/vectors/sections.json) against `sectionLayout`, so the React board and the embed put
// every block in the same tab.
import type { BoardBlock } from '../../generated/api';

export const UNCATEGORIZED = 'un-categorized';

/** One section tab: its name and the indices of its blocks in board order (core `SectionTab`). */
export interface SectionTab {
  section: string;
  blocks: number[];
}

// Rust's `str::trim` trims Unicode White_Space (JavaScript's trim differs on a few characters).
const trim = (text: string) => text.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');

/** The section names of the board's comma-separated `sections` text (core `parse_sections`). */
export function parseSections(text: string | null | undefined): string[] {
  const names = (text ?? '').split(',').map(trim).filter(Boolean);
  return [...new Set(names)];
}

/** The listed section `name` names: exact (trimmed) first, then ignoring letter case (core `find`). */
function find(name: string, sections: readonly string[]): number | null {
  const wanted = trim(name);
  if (!wanted) return null;
  const exact = sections.findIndex((section) => trim(section) === wanted);
  if (exact !== -1) return exact;
  const lower = wanted.toLowerCase();
  const folded = sections.findIndex((section) => trim(section).toLowerCase() === lower);
  return folded === -1 ? null : folded;
}

/** The tabs of blocks whose own sections are `blockSections`, in board order (core `group_blocks`). */
export function groupBlocks(blockSections: readonly (string | null | undefined)[], sections: readonly string[]): SectionTab[] {
  const tabs: SectionTab[] = sections.map((section) => ({ section, blocks: [] }));
  const listedCatchAll = find(UNCATEGORIZED, sections);
  const unlisted: number[] = [];
  blockSections.forEach((own, block) => {
    const index = (typeof own === 'string' ? find(own, sections) : null) ?? listedCatchAll;
    if (index === null) unlisted.push(block);
    else tabs[index].blocks.push(block);
  });
  if (unlisted.length > 0) tabs.push({ section: UNCATEGORIZED, blocks: unlisted });
  return tabs;
}

/** The open tab: the one `current` names (same comparison), else the first; null without tabs (core `current_tab`). */
export function currentTab(current: string | null | undefined, tabs: readonly SectionTab[]): string | null {
  const names = tabs.map((tab) => tab.section);
  const index = (typeof current === 'string' ? find(current, names) : null) ?? (names.length > 0 ? 0 : null);
  return index === null ? null : names[index];
}

/** The core's `sections` operation: the listed names, the tabs and the open one. */
export function sectionLayout(text: string | null | undefined, blockSections: readonly (string | null | undefined)[], current?: string | null) {
  const sections = parseSections(text);
  const tabs = groupBlocks(blockSections, sections);
  return { sections, tabs, current: currentTab(current, tabs) };
}

const ownSection = (block: BoardBlock) => (typeof block.section === 'string' ? block.section : null);

/**
 * The tabs to show: none without sections (every block shows, as in the server's embed), else
 * the core's tabs: the sections, plus 'un-categorized' when some block belongs to none of them.
 */
export function sectionTabs(sections: readonly string[], blocks: readonly BoardBlock[]): string[] {
  if (sections.length === 0) return [];
  return groupBlocks(blocks.map(ownSection), sections).map((tab) => tab.section);
}

/** The tab that starts active: the tab the board's current_section names (as the core compares), else the first. */
export function initialSection(tabs: readonly string[], current: string | null | undefined): string {
  return (
    currentTab(
      current,
      tabs.map((section) => ({ section, blocks: [] })),
    ) ?? ''
  );
}

/** The blocks the active tab shows; without tabs, all of them. */
export function blocksOfSection(blocks: readonly BoardBlock[], sections: readonly string[], active: string): BoardBlock[] {
  if (sections.length === 0 || !active) return [...blocks];
  const tab = groupBlocks(blocks.map(ownSection), sections).find((candidate) => candidate.section === active);
  return tab ? tab.blocks.map((index) => blocks[index]) : [];
}
