// The one place a block becomes its type's settings (`ViewBlock`), for BlockBody to hand to the
// type's view.
import type { BoardBlock } from '../generated/api';
import type { BlockConfig, Core } from '../core/wasm';
import type { ViewBlock } from './data/types';

/**
 * `block` as views read it. The server answers blocks normalised (tessera_blocks::normalise); a
 * block this page made or edited itself (a save on its way, an edit kept offline) is normalised
 * here by the WASM core its editor loaded. Normalising twice changes nothing.
 */
export function viewBlock(block: BoardBlock, core: Core | null): ViewBlock {
  if (!core) return block as ViewBlock;
  try {
    // Only the normalised block: a setting it drops (unreadable) must not come back.
    return core.normaliseBlock(block as BlockConfig) as ViewBlock;
  } catch {
    // A type the catalogue does not know has no settings to read: it stays as it is.
    return block as ViewBlock;
  }
}
