import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import type { BlockConfig, Core } from '../../core/wasm';
import { loadRealCore } from '../../test/realCore';
import { BlockSettingsEditor } from './BlockSettingsEditor';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

const columns: Record<string, string[]> = { Sales: ['Month', 'Revenue', 'Cost'] };

function renderEditor(block: BlockConfig, onSave = vi.fn(async () => {}), onCancel = vi.fn()) {
  const info = core.blockCatalogue().blocks.find((entry) => entry.type === block.type)!;
  const user = userEvent.setup();
  render(
    <BlockSettingsEditor
      core={core}
      info={info}
      block={block}
      sheets={['Sales']}
      columnsOf={(sheet) => (sheet ? columns[sheet] : undefined)}
      onSave={onSave}
      onCancel={onCancel}
    />,
  );
  return { user, onSave, onCancel };
}

describe('the block settings editor', () => {
  it('shows a chart’s step size only while the custom step size is on', async () => {
    const { user } = renderEditor({ type: 'chart', sheet_title: 'Sales', x_axis: 'Month' });
    expect(screen.queryByLabelText('Step size')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Custom step size' }));
    expect(screen.getByLabelText('Step size')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Custom step size' }));
    expect(screen.queryByLabelText('Step size')).not.toBeInTheDocument();
  });

  it('shows a table’s rows per page only while it paginates (on by default)', async () => {
    const { user } = renderEditor({ type: 'table' });
    const paginate = screen.getByRole('switch', { name: 'Paginate' });
    expect(paginate).toBeChecked();
    expect(screen.getByLabelText('Rows per page')).toBeInTheDocument();
    await user.click(paginate);
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
  });

  it('groups the settings and offers the board’s tabs and the chosen tab’s columns', () => {
    renderEditor({ type: 'chart', sheet_title: 'Sales' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Data', 'Columns', 'Display', 'Actions']);
    const sheet = screen.getByRole('combobox', { name: 'Sheet' });
    expect(
      within(sheet)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a sheet', 'Sales']);
    const xAxis = screen.getByRole('combobox', { name: /^X axis/ });
    expect(xAxis).toHaveAttribute('aria-required', 'true');
    expect(
      within(xAxis)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a column', 'Month', 'Revenue', 'Cost']);
  });

  it('adds, moves and removes series', async () => {
    const { user, onSave } = renderEditor({ type: 'chart', sheet_title: 'Sales', x_axis: 'Month' });
    await user.click(screen.getByRole('button', { name: 'Add to Series' }));
    await user.click(screen.getByRole('button', { name: 'Add to Series' }));
    const first = screen.getByRole('group', { name: 'Series 1' });
    await user.selectOptions(within(first).getByRole('combobox', { name: /^Column/ }), 'Revenue');
    await user.selectOptions(within(screen.getByRole('group', { name: 'Series 2' })).getByRole('combobox', { name: /^Column/ }), 'Cost');
    await user.click(screen.getByRole('button', { name: 'Move Series 2 up' }));
    expect(within(screen.getByRole('group', { name: 'Series 1' })).getByRole('combobox', { name: /^Column/ })).toHaveValue('Cost');
    await user.click(screen.getByRole('button', { name: 'Remove Series 2' }));
    expect(screen.queryByRole('group', { name: 'Series 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A new series starts with its defaults, so what is saved is what the preview showed.
    expect(onSave).toHaveBeenCalledWith({
      type: 'chart',
      sheet_title: 'Sales',
      x_axis: 'Month',
      axis: [expect.objectContaining({ column: 'Cost', type: 'bar', borderWidth: 1 })],
    });
  });

  it('gives each new social link the first unused network, and ignores a fourth', async () => {
    const { user, onSave } = renderEditor({ type: 'footer' });
    const add = screen.getByRole('button', { name: 'Add to Social links' });
    await user.click(add);
    const first = screen.getByRole('group', { name: 'Social links 1' });
    expect(within(first).getByRole('combobox', { name: 'Network' })).toHaveValue('instagram');
    expect(within(first).getByRole('textbox', { name: /^Link/ })).toHaveValue('https://www.instagram.com/');
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Network' }), 'facebook');
    await user.click(add);
    expect(within(screen.getByRole('group', { name: 'Social links 2' })).getByRole('combobox', { name: 'Network' })).toHaveValue('instagram');
    await user.click(add);
    expect(within(screen.getByRole('group', { name: 'Social links 3' })).getByRole('combobox', { name: 'Network' })).toHaveValue('linkedin');
    expect(add).toBeDisabled();
    await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Social links \d$/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        socialItems: [
          expect.objectContaining({ type: 'facebook' }),
          expect.objectContaining({ type: 'instagram' }),
          expect.objectContaining({ type: 'linkedin' }),
        ],
      }),
    );
  });

  it('offers each form field a labelled Required switch, saved as `required`, and hides it while the field is hidden', async () => {
    const { user, onSave } = renderEditor({ type: 'form', sheet_title: 'Sales', axis: [{ column: 'Month' }] });
    const field = screen.getByRole('group', { name: 'Fields 1' });
    const required = within(field).getByRole('switch', { name: 'Required' });
    expect(required).not.toBeChecked();
    expect(required).toHaveAccessibleDescription('An answer with this field left empty is refused.');
    await user.click(required);
    expect(required).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ axis: [expect.objectContaining({ column: 'Month', required: true })] }));

    await user.click(within(field).getByRole('switch', { name: 'Hidden' }));
    expect(within(field).queryByRole('switch', { name: 'Required' })).not.toBeInTheDocument();
  });

  it('clears a contact item’s value when its type changes', async () => {
    const { user } = renderEditor({ type: 'footer', contactItems: [{ type: 'phone', value: '+1 555 0100' }] });
    const item = screen.getByRole('group', { name: 'Contact items 1' });
    expect(within(item).getByRole('textbox', { name: 'Value' })).toHaveValue('+1 555 0100');
    await user.selectOptions(within(item).getByRole('combobox', { name: 'Type' }), 'email');
    expect(within(item).getByRole('textbox', { name: 'Value' })).toHaveValue('');
  });

  it('shows a title’s colours only while the block has a title', async () => {
    const { user } = renderEditor({ type: 'iframe', title: 'Map' });
    expect(screen.getByLabelText('Title colour')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    expect(screen.queryByLabelText('Title colour')).not.toBeInTheDocument();
  });

  it('lets a navigation item link to a page or an address, never both', async () => {
    const { user, onSave } = renderEditor({ type: 'header', navigationItems: [{ name: 'About', linkType: 'page', url: 'https://old.example' }] });
    const item = screen.getByRole('group', { name: 'Navigation 1' });
    await user.type(within(item).getByRole('textbox', { name: 'Page address' }), 'about');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ type: 'header', navigationItems: [{ name: 'About', linkType: 'page', pageSlug: 'about' }] });
  });

  it('stops adding footer sub-links at four', async () => {
    const { user } = renderEditor({ type: 'footer' });
    const add = screen.getByRole('button', { name: 'Add to Sub-links' });
    for (let i = 0; i < 4; i += 1) await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Sub-links \d$/ })).toHaveLength(4);
    expect(add).toBeDisabled();
    expect(screen.getByText('At most 4 items here.')).toBeInTheDocument();
    await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Sub-links \d$/ })).toHaveLength(4);
  });

  it('lowers the footer links limit to five in the navigation hub layout', async () => {
    const { user } = renderEditor({ type: 'footer' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Layout' }), 'Navigation Hub Footer');
    const add = screen.getByRole('button', { name: 'Add to Links' });
    for (let i = 0; i < 5; i += 1) await user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getAllByRole('group', { name: /^Links \d+$/ })).toHaveLength(5);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Layout' }), 'Mega Footer');
    expect(add).toBeEnabled();
  });

  it('shows a missing required setting at its field and does not save', async () => {
    const { user, onSave } = renderEditor({ type: 'chart', temp_block: true, sheet_title: 'Sales' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const xAxis = screen.getByRole('combobox', { name: /^X axis/ });
    expect(xAxis).toHaveAttribute('aria-invalid', 'true');
    expect(xAxis).toHaveAccessibleDescription(expect.stringContaining('required'));
    expect(screen.getByRole('alert')).toHaveTextContent('Some settings need attention before saving.');
    expect(onSave).not.toHaveBeenCalled();
    await user.selectOptions(xAxis, 'Month');
    expect(xAxis).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ type: 'chart', sheet_title: 'Sales', x_axis: 'Month' });
  });

  it('keeps an emptied card symbol empty, and hides the symbol of a count', async () => {
    const { user, onSave } = renderEditor({ type: 'scorecard', sheet_title: 'Sales', axis: [{ source: { sheet: 'Sales', column: 'Revenue' } }] });
    const symbol = screen.getByRole('textbox', { name: /^Symbol/ });
    expect(symbol).toHaveValue('$');
    await user.clear(symbol);
    expect(symbol).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ axis: [expect.objectContaining({ symbol: '' })] }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^Function/ }), 'count');
    expect(screen.queryByRole('textbox', { name: /^Symbol/ })).not.toBeInTheDocument();
  });

  it('shows an out-of-range number as it is typed', async () => {
    const { user } = renderEditor({ type: 'table' });
    const rows = screen.getByLabelText('Rows per page');
    await user.type(rows, '0');
    expect(rows).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal at the setting it names', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError('`x_axis` must be a column of Sales', 422, 'x_axis');
    });
    const { user } = renderEditor({ type: 'chart', sheet_title: 'Sales', x_axis: 'Month' }, onSave);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('`x_axis` must be a column of Sales')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^X axis/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a colour by picker or hex text', async () => {
    const { user, onSave } = renderEditor({ type: 'table', title: 'Orders' });
    const hex = screen.getByRole('textbox', { name: 'Title colour (hex)' });
    await user.type(hex, '#112233');
    expect(screen.getByLabelText('Title colour')).toHaveValue('#112233');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ title_color: '#112233' }));
  });
});
