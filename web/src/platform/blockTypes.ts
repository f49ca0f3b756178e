// The block types of 'Choose Your Block', for boards and app pages alike, as the block catalogue
// (crates/tessera-blocks, through the WASM core) lists them: the server validates every block
// against the same catalogue, so a picked type is always one it stores. The core is loaded only
// when a picker or the settings editor asks, never on a visitor's path.
import type { BlockInfo, BlockType as CatalogueType, PickerGroup } from '../generated/blockCatalogue';
import { BLOCK_NAMES } from '../generated/blockCapabilities';
import { canonicalType } from '../core/canonicalType';

export type BlockType = CatalogueType;

export interface BlockTypeInfo {
  type: BlockType;
  name: string;
  description: string;
  icon: string;
  group: PickerGroup;
}

let known: readonly BlockInfo[] | null = null;

/** The catalogue's entries, loading the WASM core on first use. */
export async function loadBlockCatalogue(): Promise<readonly BlockInfo[]> {
  if (!known) {
    const { loadCore } = await import('../core/wasm');
    known = (await loadCore()).blockCatalogue().blocks;
  }
  return known;
}

/** The picker list, in the catalogue's order (blocks.md §1). */
export async function loadBlockTypes(): Promise<BlockTypeInfo[]> {
  return (await loadBlockCatalogue()).map(({ type, name, description, icon, group }) => ({ type, name, description, icon, group }));
}

/** `imageGallery` -> `Image Gallery`: a readable name before the catalogue is loaded. */
function humanise(type: string): string {
  const spaced = type.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The human name of a block type: the catalogue's (generated, so a viewer has it without the
 * WASM core), else the unknown type spelt out; score_card is the older spelling of scorecard
 * (blocks.md §1).
 */
export function blockTypeName(type: string): string {
  const normalised = canonicalType(type);
  return Object.hasOwn(BLOCK_NAMES, normalised) ? BLOCK_NAMES[normalised as BlockType] : humanise(normalised);
}
