// The row activity list: its filters and pages as the server's query, the CSV link, what each
// entry shows, and the undo of a write, asking first when the row changed since.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type FetchCall } from '../../test/fetchMock';
import { useToastStore } from '../../store/toastStore';
import { ActivityLog, NO_ACTIVITY, NO_MATCH } from './ActivityLog';

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const entry = (id: string, more: object) => ({
  id,
  created_at: 1_767_225_600,
  kind: 'edit',
  spreadsheet_id: 's1',
  sheet_title: 'Orders',
  record_id: `rec-${id}`,
  actor: { kind: 'account', label: 'Ann Lee' },
  board_id: 'b1',
  app_id: null,
  page_id: null,
  block_id: 'k1',
  block_title: 'Order form',
  columns: ['Name', 'Amount'],
  before: null,
  after: null,
  undone_by: null,
  undo: null,
  ...more,
});

const EDIT = entry('e1', { before: { Name: 'Tea', Amount: '3' }, after: { Name: 'Tea', Amount: '5' }, undo: 'revert' });
const DELETE = entry('e2', { kind: 'delete', actor: { kind: 'guest', label: 'Guest 3f9a' }, before: { Amount: '8', Name: 'Cake' }, undo: 'restore' });
const FACETS = { actors: ['Ann Lee', 'Guest 3f9a'], blocks: [{ id: 'k1', title: 'Order form' }] };

function serve(entries: object[] = [EDIT, DELETE], total = entries.length) {
  return mockFetch({
    'GET /api/spreadsheets/s1/activity': { body: { entries, total, facets: FACETS } },
  });
}

const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET');
/** The activity's own parameters of the last list call (the request layer adds the spec ones to every call). */
const OWN = ['actor', 'block', 'kind', 'since', 'until', 'limit', 'offset'];
const lastQuery = (calls: FetchCall[]) => Object.fromEntries([...listCalls(calls).at(-1)!.url.searchParams].filter(([k]) => OWN.includes(k)));
const localDay = (y: number, m: number, d: number) => String(new Date(y, m - 1, d).getTime() / 1000);

describe('row activity', () => {
  it('shows each entry: who, what, where, and only the cells an edit changed', async () => {
    serve();
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} />);
    const list = await screen.findByRole('list', { name: 'Row activity' });
    const [edit, deleted] = within(list).getAllByRole('listitem');
    expect(edit).toHaveTextContent('Edited');
    expect(edit).toHaveTextContent('Ann Lee');
    expect(edit).toHaveTextContent('Sheet Orders · Row rec-e1 · Block Order form');
    expect(within(edit).getByRole('term')).toHaveTextContent('Amount');
    expect(within(edit).getByRole('definition')).toHaveTextContent('3 → 5');
    expect(within(edit).queryByText('Name')).not.toBeInTheDocument();
    expect(within(edit).getByRole('button', { name: 'Revert' })).toBeInTheDocument();
    expect(
      within(deleted)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Name', 'Amount']); // the sheet's order (`columns`), not the map's
    expect(
      within(deleted)
        .getAllByRole('definition')
        .map((t) => t.textContent),
    ).toEqual(['Cake', '8']);
    expect(within(deleted).getByRole('button', { name: 'Restore row' })).toBeInTheDocument();
    expect(screen.getByText('Entries 1–2 of 2')).toBeInTheDocument();
  });

  it('shortens a long record id in the line and keeps short ones whole', async () => {
    serve([entry('e5', { record_id: '2033640413bc4f0c9d8e7a6b5c4d3e2f', kind: 'add', after: { Name: 'Jam', Amount: '2' } })]);
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} />);
    const item = within(await screen.findByRole('list', { name: 'Row activity' })).getByRole('listitem');
    expect(item).toHaveTextContent('Sheet Orders · Row 20336404… · Block Order form');
  });

  it('shows an upload that replaced the rows as row counts per tab, and offers them back', async () => {
    const upload = entry('e4', {
      kind: 'import',
      sheet_title: '',
      record_id: '',
      block_id: null,
      block_title: '',
      columns: ['Orders'],
      before: { Orders: '120' },
      after: { Orders: '98' },
      undo: 'restore',
    });
    serve([upload]);
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} />);
    const item = within(await screen.findByRole('list', { name: 'Row activity' })).getByRole('listitem');
    expect(item).toHaveTextContent('Upload replaced the rows');
    expect(item).toHaveTextContent('Every tab: rows per tab');
    expect(item).not.toHaveTextContent('Block');
    expect(within(item).getByRole('definition')).toHaveTextContent('120 → 98');
    expect(within(item).getByRole('button', { name: 'Restore the replaced rows' })).toBeInTheDocument();
  });

  it('sends the filters as the query, pages with limit and offset, and links the same query as CSV', async () => {
    const { calls } = serve([EDIT, DELETE], 120);
    const user = userEvent.setup();
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} />);
    await screen.findByRole('list', { name: 'Row activity' });
    expect(lastQuery(calls)).toEqual({ limit: '50', offset: '0' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ limit: '50', offset: '50' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Guest 3f9a');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ actor: 'Guest 3f9a', limit: '50', offset: '0' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Block' }), 'Order form');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Deleted');
    await user.type(screen.getByLabelText('From'), '2026-01-02');
    await user.type(screen.getByLabelText('To'), '2026-01-03');
    const expected = { actor: 'Guest 3f9a', block: 'k1', kind: 'delete', since: localDay(2026, 1, 2), until: String(Number(localDay(2026, 1, 4)) - 1) };
    await waitFor(() => expect(lastQuery(calls)).toEqual({ ...expected, limit: '50', offset: '0' }));

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(csv.getAttribute('href')!, window.location.origin);
    expect(href.pathname).toBe('/api/spreadsheets/s1/activity');
    expect(Object.fromEntries(href.searchParams)).toEqual({ ...expected, format: 'csv' });
    expect(csv).toHaveAttribute('download');
  });

  it('says what will appear before anything was written, and that filters match nothing', async () => {
    serve([]);
    const user = userEvent.setup();
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} />);
    expect(await screen.findByText(NO_ACTIVITY.spreadsheets)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Added');
    expect(await screen.findByText(NO_MATCH)).toBeInTheDocument();
  });

  it('asks before reverting a row changed since, then sends force and lists again', async () => {
    const message = 'This row was edited since this change (by Bob on 2 Jan). Revert anyway?';
    let posts = 0;
    const { calls } = mockFetch({
      'GET /api/spreadsheets/s1/activity': { body: { entries: [EDIT], total: 1, facets: FACETS } },
      'POST /api/activity/e1/revert': () => {
        posts += 1;
        return posts === 1
          ? { status: 409, body: { error: message, message } }
          : { body: { entry: entry('e3', { kind: 'revert' }), message: 'The edit was reverted.' } };
      },
    });
    const changed = vi.fn();
    const user = userEvent.setup();
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} onChanged={changed} />);
    await user.click(await screen.findByRole('button', { name: 'Revert' }));
    const question = await screen.findByRole('alertdialog', { name: 'The row changed since' });
    expect(question).toHaveTextContent(message);
    expect(changed).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Revert anyway' }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}, { force: true }]);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['The edit was reverted.']);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('says why a revert was refused, and lists the log as it is now', async () => {
    const { calls } = mockFetch({
      'GET /api/spreadsheets/s1/activity': { body: { entries: [EDIT], total: 1, facets: FACETS } },
      'POST /api/activity/e1/revert': { status: 404, body: { error: 'This row is no longer in the sheet.' } },
    });
    const user = userEvent.setup();
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} />);
    await user.click(await screen.findByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('This row is no longer in the sheet.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('leaves the row alone when the owner keeps it', async () => {
    const { calls } = mockFetch({
      'GET /api/spreadsheets/s1/activity': { body: { entries: [EDIT], total: 1, facets: FACETS } },
      'POST /api/activity/e1/revert': { status: 409, body: { error: 'This row was edited since. Revert anyway?' } },
    });
    const user = userEvent.setup();
    render(<ActivityLog scope={{ kind: 'spreadsheets', id: 's1' }} />);
    await user.click(await screen.findByRole('button', { name: 'Revert' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
