// A version's snapshot is open in the API document (the stored settings of a board, an app or a
// page change with the block catalogue); these read the parts the preview draws.
import type { BoardBlock } from '../../generated/api';

type Snapshot = Record<string, unknown>;

const isObject = (value: unknown): value is Snapshot => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The blocks as stored, in order: each has an id and a type, as every stored block does. */
function blocksOf(value: unknown): BoardBlock[] {
  return Array.isArray(value)
    ? value.filter((block): block is BoardBlock => isObject(block) && typeof block.id === 'string' && typeof block.type === 'string')
    : [];
}

/** A board snapshot: its name, stored settings and blocks. */
export function boardSnapshot(snapshot: Snapshot) {
  return { name: text(snapshot.name), settings: isObject(snapshot.settings) ? snapshot.settings : {}, blocks: blocksOf(snapshot.blocks) };
}

export interface PageSnapshot {
  id: string;
  page_name: string;
  page_slug: string;
  settings: Snapshot;
  blocks: BoardBlock[];
}

/** An app snapshot's pages, in order. */
export function appSnapshotPages(snapshot: Snapshot): PageSnapshot[] {
  const pages = Array.isArray(snapshot.pages) ? snapshot.pages.filter(isObject) : [];
  return pages.map((page) => ({
    id: text(page.id),
    page_name: text(page.page_name),
    page_slug: text(page.page_slug),
    settings: isObject(page.settings) ? page.settings : {},
    blocks: blocksOf(page.blocks),
  }));
}

/** The header and footer the version's pages showed (the server's `app_header`, `app_footer`), null for none. */
export function appSnapshotChrome(snapshot: Snapshot): { app_header: BoardBlock | null; app_footer: BoardBlock | null } {
  const block = (value: unknown) => blocksOf([value])[0] ?? null;
  return { app_header: block(snapshot.app_header), app_footer: block(snapshot.app_footer) };
}
