import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONDITIONS } from '../../generated/core';
import { usePreviewStore } from '../../store/previewStore';
import { FAKE_COLUMNS } from '../../test/fakeTable';
import { FilterBar } from './FilterBar';

beforeEach(() => {
  usePreviewStore.setState({ sheetName: 'Sales', columns: FAKE_COLUMNS, status: 'ready' });
});

describe('FilterBar', () => {
  it('offers every column and every filter condition of the spec', () => {
    render(<FilterBar />);
    const columns = within(screen.getByLabelText('Filter column')).getAllByRole('option');
    expect(columns.map((o) => o.textContent)).toEqual(FAKE_COLUMNS);
    const conditions = within(screen.getByLabelText('Filter condition')).getAllByRole('option');
    expect(conditions.map((o) => o.getAttribute('value'))).toEqual([...CONDITIONS]);
    expect(conditions).toHaveLength(16);
  });

  it('adds an active filter built from the form', async () => {
    const user = userEvent.setup();
    render(<FilterBar />);
    await user.selectOptions(screen.getByLabelText('Filter column'), 'Region');
    await user.selectOptions(screen.getByLabelText('Filter condition'), 'starts_with');
    await user.type(screen.getByLabelText('Filter value'), 'No');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(usePreviewStore.getState().filters).toEqual([
      {
        name: 'Region',
        active: true,
        condition: 'starts_with',
        sheet_column: { sheet: 'Sales', column: 'Region' },
        value: 'No',
      },
    ]);
    expect(screen.getByText('Region starts with No')).toBeInTheDocument();
    expect(screen.getByLabelText('Filter value')).toHaveValue('');
  });

  it('asks for a start and an end date for the date condition', async () => {
    const user = userEvent.setup();
    render(<FilterBar />);
    await user.selectOptions(screen.getByLabelText('Filter condition'), 'date');
    expect(screen.queryByLabelText('Filter value')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('From date'), '2026-01-01');
    await user.type(screen.getByLabelText('To date'), '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(usePreviewStore.getState().filters[0]).toMatchObject({
      condition: 'date',
      sheet_column: { column: 'Date' },
      value: ['2026-01-01', '2026-01-31'],
    });
  });

  it('asks for no value for conditions fixed by the clock', async () => {
    const user = userEvent.setup();
    render(<FilterBar />);
    await user.selectOptions(screen.getByLabelText('Filter condition'), 'today');
    expect(screen.queryByLabelText('Filter value')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(usePreviewStore.getState().filters[0]).toMatchObject({ condition: 'today', value: '' });
    expect(screen.getByText('Date is today')).toBeInTheDocument();
  });

  it('toggles and removes a filter', async () => {
    const user = userEvent.setup();
    usePreviewStore.getState().addFilter({ column: 'Region', condition: '=', value: 'North' });
    render(<FilterBar />);
    const toggle = screen.getByLabelText('Apply filter Region');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(usePreviewStore.getState().filters[0].active).toBe(false);
    expect(screen.getByLabelText('Apply filter Region')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Remove filter Region' }));
    expect(usePreviewStore.getState().filters).toEqual([]);
    expect(screen.queryByText('Region is North')).not.toBeInTheDocument();
  });
});
