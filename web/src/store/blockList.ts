// Block list rules of platform §4: what the editor edits, and where blocks go on a board or a page.
// Lists are never mutated, so a store can hand the result straight to React.

export interface Block {
  id: string;
  type: string;
  /** A block picked in 'Choose Your Block' that is not saved yet. */
  temp_block?: boolean;
  [setting: string]: unknown;
}

export type MakeId = () => string;

const randomId: MakeId = () => crypto.randomUUID();

/** A new temporary block of `type`: a generated id and temp_block true over the type's defaults. */
export function newTemporaryBlock(type: string, defaults: Record<string, unknown> = {}, makeId: MakeId = randomId): Block {
  return { ...defaults, type, id: makeId(), temp_block: true };
}

/** What the editor opens: a picked type becomes a temporary block; an existing block as it is. */
export function blockToEdit(choice: string | Block, defaults: Record<string, unknown> = {}, makeId: MakeId = randomId): Block {
  return typeof choice === 'string' ? newTemporaryBlock(choice, defaults, makeId) : choice;
}

/**
 * Blocks picked while the network is gone live on this device under a client id until the server
 * creates them and answers their real one (server ids are UUIDs, so the prefix never clashes).
 */
const LOCAL_ID_PREFIX = 'local-';

export const newLocalId: MakeId = () => `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

/**
 * The blocks without the ones picked on this device whose settings were never saved: those live
 * only as long as their settings panel, so a copy kept for later visits leaves them out.
 */
export function withoutLocalDrafts<T extends Block>(blocks: readonly T[]): T[] {
  return blocks.filter((b) => !(isLocalId(b.id) && b.temp_block));
}

/** A board's new block goes last. */
export function addToBoard(blocks: readonly Block[], block: Block): Block[] {
  return [...blocks, block];
}

/** A page's new block goes before its last block (the footer), or first on an empty page. */
export function addToPage(blocks: readonly Block[], block: Block): Block[] {
  if (blocks.length === 0) return [block];
  return [...blocks.slice(0, -1), block, blocks[blocks.length - 1]];
}

export function removeBlock(blocks: readonly Block[], id: string): Block[] {
  return blocks.filter((b) => b.id !== id);
}

/**
 * Puts `block` where the block with its id is, or with `formerId` (a block made on this device
 * that now has the server's id); a list without either is returned unchanged.
 */
export function replaceBlock(blocks: readonly Block[], block: Block, formerId: string = block.id): Block[] {
  return blocks.map((b) => (b.id === block.id || b.id === formerId ? block : b));
}

/**
 * `blocks` with the blocks `order` names (all of them, or one section's) in that order, in the
 * places those blocks held; the blocks it does not name keep theirs. Unknown ids are ignored.
 */
export function arrangeBlocks<T extends Block>(blocks: readonly T[], order: readonly string[]): T[] {
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const moved = order.flatMap((id) => byId.get(id) ?? []);
  const named = new Set(moved.map((b) => b.id));
  let next = 0;
  return blocks.map((b) => (named.has(b.id) ? moved[next++] : b));
}

/** `ids` with `id` moved to place `to` (clamped to the list); unchanged when `id` is not there. */
export function moveId(ids: readonly string[], id: string, to: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const rest = ids.filter((_, i) => i !== from);
  const at = Math.max(0, Math.min(rest.length, to));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
