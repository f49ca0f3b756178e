import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Filter } from '../../generated/core';
import { loadRealCore } from '../../test/realCore';
import { appliedFilterLines, readUrlFilters, writeUrlFilters } from './urlFilters';
import type { ColumnValues } from './filterValuesApi';
import { TYPING_PAUSE_MS, ViewerFilterBar, type FilterValuesLoader } from './ViewerFilterBar';

const filter = (name: string, condition: Filter['condition'], active = false, value: Filter['value'] = ''): Filter => ({
  name,
  active,
  condition,
  sheet_column: { sheet: 'Sales', column: name === 'Big' ? 'Amount' : name },
  value,
});

const FILTERS = [
  filter('Region', '=', true, 'North'),
  filter('Owner', 'starts_with'),
  filter('Big', '>'),
  filter('Recent', 'past_days'),
  filter('Today', 'today'),
  filter('Span', 'date'),
  filter('Status', 'any_of'),
];

/** The bar as a board holds it: the URL text is state the bar writes. */
function renderBar(initial = '', { loadValues, today }: { loadValues?: FilterValuesLoader; today?: () => Date } = {}) {
  const onChange = vi.fn();
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <ViewerFilterBar
        filters={FILTERS}
        value={value}
        loadValues={loadValues}
        today={today}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  render(<Host />);
  return { user, onChange, last: () => onChange.mock.calls.at(-1)?.[0] as string | undefined };
}

const chip = (name: string | RegExp) => screen.getByRole('button', { name });

describe('url filters', () => {
  it('read and write name:value pairs, keeping colons in values and dropping empty ones', () => {
    const pairs = readUrlFilters('Region:North, Time:10:30,:x,bad');
    expect([...pairs]).toEqual([
      ['Region', 'North'],
      ['Time', '10:30'],
    ]);
    expect(
      writeUrlFilters(
        new Map([
          ['A', ' 1 '],
          ['B', ''],
          ['C', 'x'],
        ]),
      ),
    ).toBe('A:1,C:x');
  });

  it('describe the active filters and those the URL switches on', () => {
    expect(appliedFilterLines(FILTERS, 'Owner:An,Span:2026-01-01..2026-02-01,Big:')).toEqual([
      'Region is North',
      'Owner starts with An',
      'Span is between dates 2026-01-01 – 2026-02-01',
    ]);
  });
});

describe('ViewerFilterBar', () => {
  // The bar reads the link with the core, as the server does.
  beforeAll(async () => {
    await loadRealCore();
  });

  it('shows active filters as fixed chips that say so, and the others as chips to open', () => {
    renderBar();
    const fixed = screen.getByText('Region is North').closest('li')!;
    expect(fixed).toHaveTextContent('Always applied');
    expect(within(fixed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(fixed).queryByRole('checkbox')).not.toBeInTheDocument();
    for (const name of ['Owner', 'Big', 'Recent', 'Span', 'Status']) {
      expect(chip(name)).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.getByRole('checkbox', { name: 'Apply filter Today' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it('writes a text value once typing pauses, and shows it on the chip', async () => {
    vi.useFakeTimers();
    try {
      const { onChange } = renderBar();
      fireEvent.click(chip('Owner'));
      const input = within(screen.getByRole('dialog', { name: 'Filter Owner: Owner starts with' })).getByRole('textbox', { name: 'Owner starts with' });
      expect(input).toHaveFocus();
      fireEvent.change(input, { target: { value: 'An' } });
      expect(onChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS));
      expect(onChange).toHaveBeenLastCalledWith('Owner:An');
      expect(chip('Owner: starts with An')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a number of days on Enter and closes, giving the focus back to the chip', async () => {
    const { user, last } = renderBar('Owner:An');
    await user.click(chip('Recent'));
    const days = screen.getByRole('spinbutton', { name: 'Number of days' });
    await user.type(days, '7{Enter}');
    expect(last()).toBe('Owner:An,Recent:7');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chip('Recent: past 7 days')).toHaveFocus();
  });

  it('closes on Escape with the focus back on the chip, keeping what was typed', async () => {
    const { user, last } = renderBar();
    await user.click(chip('Big'));
    await user.type(screen.getByRole('textbox', { name: 'Amount greater than' }), '100');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(last()).toBe('Big:100');
    expect(chip('Big: greater than 100')).toHaveFocus();
  });

  it('joins a date range with the core separator at each change', async () => {
    const { user, last } = renderBar();
    await user.click(chip('Span'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect(last()).toBe('Span:2026-01-01..');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(last()).toBe('Span:2026-01-01..2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(chip('Span: 2026-01-01 – 2026-02-01')).toHaveFocus();
  });

  it('takes any-of values as removable tokens joined with ||', async () => {
    const { user, last } = renderBar();
    await user.click(chip('Status'));
    const add = screen.getByRole('textbox', { name: 'Add a value' });
    await user.type(add, 'North{Enter}');
    expect(last()).toBe('Status:North');
    await user.type(add, 'East');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(last()).toBe('Status:North||East');
    const tokens = screen.getByRole('list', { name: 'Status is any of: chosen values' });
    expect(
      within(tokens)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['North×', 'East×']);
    await user.click(screen.getByRole('button', { name: 'Remove North' }));
    expect(last()).toBe('Status:East');
    expect(add).toHaveFocus();
  });

  it('switches a date window on and off as a toggle chip', async () => {
    const { user, last } = renderBar();
    await user.click(screen.getByRole('checkbox', { name: 'Apply filter Today' }));
    expect(last()).toBe('Today:on');
    expect(screen.getByRole('checkbox', { name: 'Apply filter Today' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Apply filter Today' }));
    expect(last()).toBe('');
  });

  it('keeps a value with a comma out of the URL and says why', async () => {
    const { user, onChange } = renderBar();
    await user.click(chip('Owner'));
    await user.type(screen.getByRole('textbox', { name: 'Owner starts with' }), 'a,b{Enter}');
    expect(screen.getByRole('textbox', { name: 'Owner starts with' })).toHaveAccessibleDescription(/A filter value cannot contain a comma/);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('starts from the URL and clears one chip or all', async () => {
    const { user, last } = renderBar('Owner:Bo,Today:on');
    expect(chip('Owner: starts with Bo')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Apply filter Today' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear filter Owner' }));
    expect(last()).toBe('Today:on');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(last()).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it('shows no chip value the board ignores, and the next change drops those pairs from the link', async () => {
    const { user, last } = renderBar('Recent:abc,Books only:yes,Owner:Bo');
    // The core leaves Recent:abc out (not a number of days), so its chip shows no value.
    expect(await screen.findByRole('button', { name: 'Recent' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Apply filter Today' }));
    expect(last()).toBe('Owner:Bo,Today:on');
  });

  it('shows nothing for a board whose filters have no names', () => {
    const { container } = render(<ViewerFilterBar filters={[filter('', '=')]} value="" onChange={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

/** A loader answering `values` (filtered by the search as the server would), remembering each call. */
function valuesOf(values: [string, number][], more = false) {
  const calls: { column: string; search: string; others: string }[] = [];
  const load: FilterValuesLoader = (filter, search, others) => {
    calls.push({ column: filter.sheet_column.column, search, others });
    const kept = values.filter(([value]) => value.toLowerCase().includes(search.toLowerCase()));
    const answer: ColumnValues = { values: kept.map(([value, count]) => ({ value, count })), distinct: more ? 250 : kept.length, more, version: 1 };
    return Promise.resolve(answer);
  };
  return { load, calls };
}

const STATUSES: [string, number][] = [
  ['Open', 12],
  ['Closed', 7],
  ['On hold', 1],
];

describe("an 'any of' chip", () => {
  it("lists the column's values with their row counts and picks them as a checklist", async () => {
    const { load, calls } = valuesOf(STATUSES);
    const { user, last } = renderBar('', { loadValues: load });
    await user.click(chip('Status'));
    const open = await screen.findByRole('checkbox', { name: 'Open, 12 rows' });
    expect(screen.getByRole('checkbox', { name: 'On hold, 1 row' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Add a value' })).not.toBeInTheDocument();
    await user.click(open);
    expect(last()).toBe('Status:Open');
    await user.click(screen.getByRole('checkbox', { name: 'Closed, 7 rows' }));
    expect(last()).toBe('Status:Open||Closed');
    expect(screen.getByRole('checkbox', { name: 'Open, 12 rows' })).toBeChecked();
    // Space on a focused value unticks it: the list is a row of plain checkboxes.
    screen.getByRole('checkbox', { name: 'Open, 12 rows' }).focus();
    await user.keyboard(' ');
    expect(last()).toBe('Status:Closed');
    expect(calls[0]).toEqual({ column: 'Status', search: '', others: '' });
  });

  it("asks for the values without the chip's own choice, but with the other chips", async () => {
    const { load, calls } = valuesOf(STATUSES);
    const { user } = renderBar('Owner:Bo,Status:Open', { loadValues: load });
    await user.click(chip('Status: Open'));
    expect(await screen.findByRole('checkbox', { name: 'Open, 12 rows' })).toBeChecked();
    expect(calls.at(-1)).toEqual({ column: 'Status', search: '', others: 'Owner:Bo' });
  });

  it('searches the values and keeps a chosen value on the list while it is searched away', async () => {
    const { load, calls } = valuesOf(STATUSES);
    const { user } = renderBar('Status:Closed', { loadValues: load });
    await user.click(chip('Status: Closed'));
    await screen.findByRole('checkbox', { name: 'Open, 12 rows' });
    await user.type(screen.getByRole('searchbox', { name: 'Search values' }), 'oN');
    await vi.waitFor(() => expect(calls.at(-1)?.search).toBe('oN'));
    await vi.waitFor(() => expect(screen.queryByRole('checkbox', { name: /^Open/ })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'On hold, 1 row' })).not.toBeChecked();
    // Closed holds no "on": still shown, ticked, without a count.
    expect(screen.getByRole('checkbox', { name: 'Closed' })).toBeChecked();
    await user.clear(screen.getByRole('searchbox', { name: 'Search values' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search values' }), 'zz');
    expect(await screen.findByText('No value contains “zz”.')).toBeInTheDocument();
  });

  it('says when the list is cut and how many values there are', async () => {
    const { load } = valuesOf(STATUSES, true);
    const { user } = renderBar('', { loadValues: load });
    await user.click(chip('Status'));
    expect(await screen.findByText('Showing the 3 values with the most rows of 250; search to find the others.')).toBeInTheDocument();
  });

  it('offers no value a link could not carry', async () => {
    const { load } = valuesOf([
      ['North, upper', 2],
      ['a||b', 1],
      ['South', 1],
    ]);
    const { user } = renderBar('', { loadValues: load });
    await user.click(chip('Status'));
    expect(await screen.findByRole('checkbox', { name: 'North, upper, 2 rows' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'North, upper, 2 rows' })).toHaveAccessibleDescription('It holds a comma, which a link cannot carry.');
    expect(screen.getByRole('checkbox', { name: 'a||b, 1 row' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'South, 1 row' })).toBeEnabled();
  });

  it('falls back to typed values when the values cannot be loaded', async () => {
    const { user, last } = renderBar('', { loadValues: () => Promise.reject(new Error('The sheet `Sales` is not in this spreadsheet.')) });
    await user.click(chip('Status'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The values could not be loaded: The sheet `Sales` is not in this spreadsheet.');
    await user.type(screen.getByRole('textbox', { name: 'Add a value' }), 'North{Enter}');
    expect(last()).toBe('Status:North');
  });
});

describe('a date chip', () => {
  // A Sunday in March 2024, a leap year.
  const today = () => new Date(2024, 2, 17, 23, 30);

  it('offers quick ranges counted from the viewer’s today, and marks the one chosen', async () => {
    const { user, last } = renderBar('', { today });
    await user.click(chip('Span'));
    const ranges = screen.getByRole('group', { name: 'Quick ranges' });
    expect(
      within(ranges)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Today', 'Last 7 days', 'Last 30 days', 'This month', 'Last month', 'This year']);
    await user.click(within(ranges).getByRole('button', { name: 'Last month' }));
    expect(last()).toBe('Span:2024-02-01..2024-02-29');
    expect(within(ranges).getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2024-02-01');
    await user.click(within(ranges).getByRole('button', { name: 'Last 7 days' }));
    expect(last()).toBe('Span:2024-03-11..2024-03-17');
    await user.click(within(ranges).getByRole('button', { name: 'Today' }));
    expect(last()).toBe('Span:2024-03-17..2024-03-17');
    // A custom day is no preset any more.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-03-01' } });
    expect(last()).toBe('Span:2024-03-01..2024-03-17');
    expect(
      within(ranges)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true'),
    ).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(chip('Span: 2024-03-01 – 2024-03-17')).toHaveFocus();
  });
});
