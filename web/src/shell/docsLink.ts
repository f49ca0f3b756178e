import { runtimeConfig } from '../config/runtime';
import { canonicalType } from '../core/canonicalType';

/** The product's own documentation (features/docs), where the Docs button goes by default. */
const OWN_DOCS = '/docs';

/**
 * Where the editor's Docs button goes: with the product's own documentation, the settings
 * reference of the block being edited, if one is; an operator's own docs address as it is.
 */
export function docsUrlFor(editedBlockType?: string): string {
  const docs = runtimeConfig().docsUrl;
  if (!editedBlockType || docs !== OWN_DOCS) return docs;
  const type = canonicalType(editedBlockType);
  return `${OWN_DOCS}/blocks/${encodeURIComponent(type)}`;
}
