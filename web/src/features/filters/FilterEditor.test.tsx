import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FilterEditor } from './FilterEditor';
import { toEditable, toSaved, type EditableFilter } from './editableFilter';

// A sheet's columns as the server lists them: the record id it keeps for itself comes first.
const COLUMNS: Record<string, string[]> = { Sales: ['ChartApps Record ID', 'Month', 'Owner', 'Amount'], Team: ['ChartApps Record ID', 'Email', 'Region'] };

/** The editor as a settings form holds it; `saved()` is what the form would send. */
function renderEditor(stored: Record<string, unknown>[] = [], error?: string) {
  let current: EditableFilter[] = [];
  function Host() {
    const [filters, setFilters] = useState(() => stored.map(toEditable));
    current = filters;
    return <FilterEditor filters={filters} onChange={setFilters} sheets={['Sales', 'Team']} columnsOf={(sheet) => COLUMNS[sheet]} error={error} />;
  }
  const user = userEvent.setup();
  render(<Host />);
  return { user, saved: () => current.map(toSaved) };
}

const filterGroup = (n: number) => screen.getByRole('group', { name: new RegExp(`^Filter ${n}\\b`) });

describe('FilterEditor', () => {
  it("adds a filter named Filter 1, not always applied, on the first tab, and lists that tab's columns but not the record id", async () => {
    const { user, saved } = renderEditor();
    expect(screen.getByText('No filters yet: every row shows.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    const row = filterGroup(1);
    expect(within(row).getByRole('textbox', { name: 'Name' })).toHaveValue('Filter 1');
    // Viewers choose its value until the owner says it always applies: a new filter narrows nobody's rows.
    expect(within(row).getByRole('switch', { name: 'Always applied' })).not.toBeChecked();
    expect(within(row).getByRole('combobox', { name: 'Sheet' })).toHaveValue('Sales');
    const column = within(row).getByRole('combobox', { name: 'Column' });
    expect(
      within(column)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a column', 'Month', 'Owner', 'Amount']);
    await user.selectOptions(column, 'Owner');
    // Another tab has other columns: the column is chosen again.
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Sheet' }), 'Team');
    expect(within(row).getByRole('combobox', { name: 'Column' })).toHaveValue('');
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Column' }), 'Email');
    await user.type(within(row).getByRole('textbox', { name: 'Value' }), 'ann@example.com');
    expect(saved()[0].active).toBe(false);
    await user.click(within(row).getByRole('switch', { name: 'Always applied' }));
    expect(saved()).toEqual([{ name: 'Filter 1', active: true, condition: '=', sheet_column: { sheet: 'Team', column: 'Email' }, value: 'ann@example.com' }]);
  });

  it('fits the value input to the condition', async () => {
    const { user } = renderEditor([{ name: 'When', active: true, condition: '=', sheet_column: { sheet: 'Sales', column: 'Month' }, value: '' }]);
    const row = filterGroup(1);
    const condition = within(row).getByRole('combobox', { name: 'Condition' });
    expect(within(condition).getAllByRole('option')).toHaveLength(16);

    await user.selectOptions(condition, 'past_days');
    expect(within(row).getByRole('spinbutton', { name: 'Number of days' })).toBeInTheDocument();
    expect(within(row).queryByRole('textbox', { name: 'Value' })).not.toBeInTheDocument();

    for (const windowed of ['today', 'tomorrow', 'current_week', 'next_week']) {
      await user.selectOptions(condition, windowed);
      expect(within(row).getByText("No value needed: the column's dates are compared with today.")).toBeInTheDocument();
      expect(within(row).queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: /current_user/ })).not.toBeInTheDocument();
    }

    await user.selectOptions(condition, 'date');
    expect(within(row).getByLabelText('From')).toHaveAttribute('type', 'date');
    expect(within(row).getByLabelText('To')).toHaveAttribute('type', 'date');

    await user.selectOptions(condition, 'any_of');
    expect(within(row).getByRole('textbox', { name: 'Values' })).toHaveAccessibleDescription(/Separate values with \|\|/);

    await user.selectOptions(condition, '>');
    expect(within(row).getByRole('textbox', { name: 'Value' })).toHaveAccessibleDescription(/Compared as numbers/);
  });

  it('keeps a value the new condition reads the same way, and drops one it cannot', async () => {
    const { user, saved } = renderEditor([
      { name: 'Recent', active: true, condition: 'includes', sheet_column: { sheet: 'Sales', column: 'Month' }, value: '7' },
    ]);
    const condition = within(filterGroup(1)).getByRole('combobox', { name: 'Condition' });
    await user.selectOptions(condition, 'past_days');
    expect(saved()[0].value).toBe('7');
    await user.selectOptions(condition, 'date');
    expect(saved()[0].value).toEqual(['', '']);
    await user.selectOptions(condition, 'today');
    expect(saved()[0]).toMatchObject({ condition: 'today', value: '' });
  });

  it('inserts [(current_user)] where the caret is', async () => {
    const { user, saved } = renderEditor([{ name: 'Mine', active: true, condition: 'includes', sheet_column: { sheet: 'Team', column: 'Email' }, value: '' }]);
    const row = filterGroup(1);
    const value = within(row).getByRole('textbox', { name: 'Value' });
    expect(value).toHaveAccessibleDescription("[(current_user)] stands for the signed-in user's e-mail.");
    await user.type(value, 'owner: ');
    await user.click(within(row).getByRole('button', { name: 'Insert [(current_user)]' }));
    expect(value).toHaveValue('owner: [(current_user)]');

    // With the caret between two words, the token goes between them.
    await user.clear(value);
    await user.type(value, 'a||b');
    (value as HTMLInputElement).setSelectionRange(3, 3);
    await user.click(within(row).getByRole('button', { name: 'Insert [(current_user)]' }));
    expect(saved()[0].value).toBe('a||[(current_user)]b');
    expect(value).toHaveFocus();
  });

  it('takes a date range as a start and an end, and reads one stored as start..end', async () => {
    const { saved } = renderEditor([
      { name: 'Q1', active: true, condition: 'date', sheet_column: { sheet: 'Sales', column: 'Month' }, value: '2026-01-01..03/31/2026' },
    ]);
    const row = filterGroup(1);
    expect(within(row).getByLabelText('From')).toHaveValue('2026-01-01');
    // A date in another format stays text rather than be wiped by a date picker.
    const to = within(row).getByLabelText('To');
    expect(to).toHaveAttribute('type', 'text');
    expect(to).toHaveValue('03/31/2026');
    fireEvent.change(within(row).getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(to, { target: { value: '' } });
    expect(saved()[0].value).toEqual(['2026-02-01', '']);
    expect(within(row).getByLabelText('To')).toHaveAttribute('type', 'date');
    fireEvent.change(within(row).getByLabelText('To'), { target: { value: '2026-02-28' } });
    expect(saved()[0].value).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('says when names are empty, repeated or hold a link separator', async () => {
    const base = { active: true, condition: '=', sheet_column: { sheet: 'Sales', column: 'Month' }, value: 'x' };
    const { user } = renderEditor([
      { ...base, name: 'Region' },
      { ...base, name: 'Region ' },
      { ...base, name: 'a:b' },
    ]);
    expect(screen.getByText(/a link applies a filter by name, as in \?filters=Region:North/)).toBeInTheDocument();
    const name = (n: number) => within(filterGroup(n)).getByRole('textbox', { name: 'Name' });
    expect(name(2)).toHaveAccessibleDescription('Another filter is also named "Region"; names must be unique.');
    expect(name(3)).toHaveAccessibleDescription('A filter name cannot hold a comma or a colon: links use them to separate filters and values.');
    await user.clear(name(2));
    expect(name(2)).toHaveAccessibleDescription('Give this filter a name.');
    expect(name(1)).not.toHaveAttribute('aria-invalid');
  });

  it('moves and removes filters', async () => {
    const base = { active: true, condition: '=', sheet_column: { sheet: 'Sales', column: 'Month' }, value: 'x' };
    const { user, saved } = renderEditor([
      { ...base, name: 'A' },
      { ...base, name: 'B' },
      { ...base, name: 'C' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Move Filter 3: C up' }));
    expect(saved().map((f) => f.name)).toEqual(['A', 'C', 'B']);
    await user.click(screen.getByRole('button', { name: 'Remove Filter 1: A' }));
    expect(saved().map((f) => f.name)).toEqual(['C', 'B']);
    expect(screen.getByRole('button', { name: 'Move Filter 1: C up' })).toBeDisabled();
  });

  it('keeps a stored condition the core does not know visible, and asks for one', () => {
    renderEditor([{ name: 'Old', active: false, condition: 'between', sheet_column: { sheet: 'Sales', column: 'Month' }, value: '' }]);
    const condition = within(filterGroup(1)).getByRole('combobox', { name: 'Condition' });
    expect(condition).toHaveValue('');
    expect(condition).toHaveAccessibleDescription('Choose a condition.');
  });

  it("shows the server's refusal of the list", () => {
    renderEditor([], 'The filter `Mine` of this board or page cannot be used: unknown variant `between`.');
    expect(screen.getByRole('alert')).toHaveTextContent('The filter `Mine` of this board or page cannot be used');
  });
});
