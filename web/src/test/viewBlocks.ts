// Blocks as their views get them, for tests that draw a view directly: the fixture as stored,
// normalised by the real WASM core (tessera_blocks::normalise), as BlockBody hands it over.
// Importing this loads the core before the file's tests run.
import type { ViewBlock } from '../blocks/data/types';
import { viewBlock } from '../blocks/viewBlock';
import type { Core } from '../core/wasm';
import type { BlockType } from '../generated/blockCatalogue';
import { loadRealCore } from './realCore';

let core: Core | null = null;

beforeAll(async () => {
  core = await loadRealCore();
});

/** A block of `type` with `settings` as stored (any id) as the view of its type reads it. */
export function viewBlockOf<T extends BlockType>(type: T, settings: object = {}): ViewBlock<T> {
  if (!core) throw new Error('viewBlockOf is called inside a test, once the core has loaded.');
  return viewBlock({ id: 'block-1', ...settings, type }, core) as ViewBlock<T>;
}
