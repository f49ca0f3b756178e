// What a block type can do, read from the catalogue's table (crates/tessera-blocks
// src/capabilities.rs, generated into web/src/generated/blockCapabilities.ts) rather than from
// lists of type names: whether it reads data, which computed view the server answers for it,
// how many rows its first paint asks for, which row writes it accepts.
import { BLOCK_CAPABILITIES, type Capabilities } from '../generated/blockCapabilities';
import type { BlockType } from '../generated/blockCatalogue';
import { canonicalType } from '../core/canonicalType';

/** Every block type of the catalogue, in its order. */
export const BLOCK_TYPES = Object.keys(BLOCK_CAPABILITIES) as BlockType[];

/** `type` (score_card is scorecard) when the catalogue knows it. */
export function knownType(type: string): BlockType | undefined {
  const key = canonicalType(type);
  return Object.hasOwn(BLOCK_CAPABILITIES, key) ? (key as BlockType) : undefined;
}

/** What blocks of `type` can do; undefined for a type the catalogue does not know. */
export function capabilitiesOf(type: string): Capabilities | undefined {
  const known = knownType(type);
  return known && BLOCK_CAPABILITIES[known];
}

/**
 * The rows of the first page of a `type` whose capabilities give a fixed count or a page size
 * (a gallery's 200 images, a datalist's pages of 20); 0 for any other type.
 */
export function firstPageSize(type: BlockType): number {
  const first = BLOCK_CAPABILITIES[type].first_page;
  switch (first.kind) {
    case 'rows':
      return first.rows;
    case 'pages':
      return first.size;
    case 'rows_per_page':
    case 'none':
      return 0;
  }
}
