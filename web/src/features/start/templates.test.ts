import { slugPreview } from './slug';
import { columnWords, dateColumns, measureColumn, TEMPLATES, visibleColumns } from './templates';

const template = (id: string) => TEMPLATES.find((t) => t.id === id)!;

describe('slugPreview mirrors the server slug_from_name', () => {
  it.each([
    ['Q1 Sales!', 'q1-sales'],
    ['  Hello,   World  ', 'hello-world'],
    ['Café menu', 'caf-menu'],
    ['!!!', 'board'],
    ['Admin', 'board-admin'],
    ['dashboard', 'board-dashboard'],
    ['a'.repeat(70), 'a'.repeat(60)],
  ])('%s gives /%s', (name, slug) => {
    expect(slugPreview(name)).toBe(slug);
  });
});

describe('templates', () => {
  it('reads column names word by word', () => {
    expect(columnWords('startDate')).toEqual(['start', 'date']);
    expect(columnWords('Order  ID')).toEqual(['order', 'id']);
  });

  it('hides the server columns from every block', () => {
    expect(visibleColumns(['ChartApps Record ID', 'Name', 'chartmat_row_index'])).toEqual(['Name']);
  });

  it('charts the first column named like a number by the first column', () => {
    expect(measureColumn(['Region', 'Notes', 'Revenue'], 'Region')).toBe('Revenue');
    expect(measureColumn(['Region', 'Notes'], 'Region')).toBe('Notes');
    expect(measureColumn(['Region'], 'Region')).toBe('Region');
  });

  it('finds date columns by whole words only', () => {
    expect(dateColumns(['Vendor', 'Holiday plans', 'Gender'])).toBeNull();
    expect(dateColumns(['Task', 'Start date', 'End date'])).toEqual({ start: 'Start date', end: 'End date' });
    expect(dateColumns(['Task', 'Due'])).toEqual({ start: 'Due', end: 'Due' });
  });

  it('adds a calendar to the tracker only when a column is named like a date', () => {
    const withDates = template('tracker').blocks({ title: 'Tasks', columns: ['Task', 'Owner', 'Due date'] });
    expect(withDates.map((b) => b.type)).toEqual(['table', 'calendar']);
    expect(withDates[1]).toMatchObject({ sheet_title: 'Tasks', start_time_column: 'Due date', end_time_column: 'Due date', event_title_column: 'Task' });
    expect(template('tracker').blocks({ title: 'Tasks', columns: ['Task', 'Owner'] }).map((b) => b.type)).toEqual(['table']);
  });

  it('makes a directory list of text and image columns', () => {
    const [list] = template('directory').blocks({ title: 'People', columns: ['Name', 'Photo', 'Team', 'Phone', 'Email'] });
    expect(list).toMatchObject({ type: 'list', sheet_title: 'People' });
    expect(list.axis).toEqual([
      { column: 'Name', type: 'text' },
      { column: 'Photo', type: 'image' },
      { column: 'Team', type: 'text' },
      { column: 'Phone', type: 'text' },
    ]);
  });

  it('keeps every block within the settings the server checks', () => {
    const sheet = { title: 'Orders', columns: ['Region', 'Revenue', 'Order date'] };
    for (const t of TEMPLATES) {
      for (const block of t.blocks(sheet)) {
        expect(typeof block.type).toBe('string');
        expect(typeof block.sheet_title).toBe('string');
        if ('full_width' in block) expect(typeof block.full_width).toBe('boolean');
        if ('axis' in block) expect(Array.isArray(block.axis)).toBe(true);
      }
    }
  });
});
