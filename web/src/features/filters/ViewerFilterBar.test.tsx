import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Filter } from '../../core/types';
import { appliedFilterLines, readUrlFilters, writeUrlFilters } from './urlFilters';
import { ViewerFilterBar } from './ViewerFilterBar';

const filter = (name: string, condition: Filter['condition'], active = false, value: Filter['value'] = ''): Filter => ({
  name,
  active,
  condition,
  sheet_column: { sheet: 'Sales', column: name === 'Big' ? 'Amount' : name },
  value,
});

const FILTERS = [filter('Region', '=', true, 'North'), filter('Owner', 'starts_with'), filter('Big', '>'), filter('Today', 'today'), filter('Span', 'date')];

function renderBar(value = '') {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<ViewerFilterBar filters={FILTERS} value={value} onChange={onChange} />);
  return { user, onChange };
}

describe('url filters', () => {
  it('read and write name:value pairs, keeping colons in values and dropping empty ones', () => {
    const pairs = readUrlFilters('Region:North, Time:10:30,:x,bad');
    expect([...pairs]).toEqual([
      ['Region', 'North'],
      ['Time', '10:30'],
    ]);
    expect(writeUrlFilters(new Map([['A', ' 1 '], ['B', ''], ['C', 'x']]))).toBe('A:1,C:x');
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
  it('shows active filters as chips and offers the inactive ones', () => {
    renderBar();
    expect(screen.getByRole('list', { name: 'Always applied' })).toHaveTextContent('Region is North');
    expect(screen.getByRole('textbox', { name: 'Owner: Owner starts with' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Big: Amount greater than' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Today: Today is today' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('applies the chosen values as the URL filters', async () => {
    const { user, onChange } = renderBar();
    await user.type(screen.getByRole('textbox', { name: 'Owner: Owner starts with' }), 'An');
    await user.type(screen.getByRole('textbox', { name: 'Big: Amount greater than' }), '100');
    await user.click(screen.getByRole('checkbox', { name: 'Today: Today is today' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).toHaveBeenCalledWith('Owner:An,Big:100,Today:on');
  });

  it('joins a date range with the core separator', async () => {
    const { user, onChange } = renderBar();
    await user.type(screen.getByLabelText('Span from'), '2026-01-01');
    await user.type(screen.getByLabelText('Span to'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onChange).toHaveBeenCalledWith('Span:2026-01-01..2026-02-01');
  });

  it('refuses a value with a comma, which would split the URL pair', async () => {
    const { user, onChange } = renderBar();
    await user.type(screen.getByRole('textbox', { name: 'Owner: Owner starts with' }), 'a,b');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A filter value cannot contain a comma');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('starts from the URL and clears it', async () => {
    const { user, onChange } = renderBar('Owner:Bo');
    expect(screen.getByRole('textbox', { name: 'Owner: Owner starts with' })).toHaveValue('Bo');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('shows nothing for a board whose filters have no names', () => {
    const { container } = render(<ViewerFilterBar filters={[filter('', '=')]} value="" onChange={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
