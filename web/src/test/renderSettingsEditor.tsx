// The block settings editor as an owner opens it for `block`, over the real WASM core, with a
// spy for Save: for tests of editing rules that live in the Rust catalogue.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BlockSettingsEditor } from '../shell/settings/BlockSettingsEditor';
import type { BlockConfig, Core } from '../core/wasm';

export function renderSettingsEditor(core: Core, block: BlockConfig) {
  const info = core.blockCatalogue().blocks.find((entry) => entry.type === block.type)!;
  const onSave = vi.fn(async () => {});
  render(<BlockSettingsEditor core={core} info={info} block={block} sheets={[]} columnsOf={() => undefined} onSave={onSave} onCancel={vi.fn()} />);
  return { user: userEvent.setup(), onSave };
}
