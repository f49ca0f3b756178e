// The editing rules of the feature settings as an owner meets them in the settings editor: they
// live in the Rust catalogue (`clears(&["icon"])`, `max_items(4)`) and reach the editor through
// the WASM core, so these tests run the real core.
import { screen, within } from '@testing-library/react';
import type { BlockConfig, Core } from '../../core/wasm';
import { loadRealCore } from '../../test/realCore';
import { renderSettingsEditor } from '../../test/renderSettingsEditor';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

const renderEditor = (block: BlockConfig) => renderSettingsEditor(core, block);

const features = () => screen.getAllByRole('group', { name: /^Features \d+$/ });

describe('the feature settings', () => {
  it.each(['ImageGrid', 'featureslayout'])('clear a %s feature’s icon when its icon type changes (platform §4)', async (type) => {
    const { user, onSave } = renderEditor({ type });
    await user.click(screen.getByRole('button', { name: 'Add to Features' }));
    const feature = screen.getByRole('group', { name: 'Features 1' });
    // The icon means nothing until its type is chosen.
    expect(within(feature).queryByRole('textbox', { name: 'Icon' })).not.toBeInTheDocument();
    await user.selectOptions(within(feature).getByRole('combobox', { name: 'Icon type' }), 'text');
    await user.type(within(feature).getByRole('textbox', { name: 'Icon' }), '⚡');
    await user.type(within(feature).getByRole('textbox', { name: 'Title' }), 'Fast');
    expect(within(feature).getByRole('textbox', { name: 'Icon' })).toHaveValue('⚡');

    await user.selectOptions(within(feature).getByRole('combobox', { name: 'Icon type' }), 'fontawesome');
    expect(within(feature).getByRole('textbox', { name: 'Icon' })).toHaveValue('');
    // Only the icon goes: the feature's other settings stay.
    expect(within(feature).getByRole('textbox', { name: 'Title' })).toHaveValue('Fast');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = (onSave.mock.calls[0] as unknown as [{ features: Record<string, unknown>[] }])[0];
    expect(saved.features).toEqual([expect.objectContaining({ iconType: 'fontawesome', title: 'Fast' })]);
    expect(saved.features[0]).not.toHaveProperty('icon');
  });

  it('refuse a fifth ImageGrid feature', async () => {
    const { user } = renderEditor({ type: 'ImageGrid' });
    const add = screen.getByRole('button', { name: 'Add to Features' });
    for (let i = 0; i < 4; i += 1) await user.click(add);
    expect(features()).toHaveLength(4);
    expect(add).toBeDisabled();
    expect(screen.getByText('At most 4 items here.')).toBeInTheDocument();
    await user.click(add);
    expect(features()).toHaveLength(4);
    // Removing one makes room again.
    await user.click(screen.getByRole('button', { name: 'Remove Features 4' }));
    expect(add).toBeEnabled();
  });

  it('let a featureslayout block have more than four features', async () => {
    const { user } = renderEditor({ type: 'featureslayout' });
    const add = screen.getByRole('button', { name: 'Add to Features' });
    for (let i = 0; i < 5; i += 1) await user.click(add);
    expect(features()).toHaveLength(5);
    expect(add).toBeEnabled();
  });
});
