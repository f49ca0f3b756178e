// The board editor's History: the versions list, a version's read-only preview, and its restore,
// through the whole editor as an owner opens it from the top bar.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, tableBlock, unpublished } from '../board/boardFixture';
import { loadRealCore } from '../../test/realCore';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import { NO_VERSIONS } from './VersionsTab';

/** The columns call a preview reads a tab through (the editor's preview reads tabs the same way). */
const grid = {
  [columnsPath('s1', 'Sales')]: () => columnsAnswer({ columns: ['ChartApps Record ID', 'Month', 'Revenue'], rows: [['r1', 'Mar', '90']] }, 1),
};

// A version's preview computes its blocks in the WASM core over the tab's rows of today.
beforeAll(async () => {
  await import('../board/BoardViewerRoute');
  await loadRealCore();
});
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const editor = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com' };
const NOW = Math.floor(Date.now() / 1000);

const revision = (number: number, more: object = {}) => ({
  id: `r${number}`,
  number,
  created_at: NOW - (4 - number) * 3600,
  actor: 'ann@example.com',
  summary: [],
  restored_from: null,
  published: false,
  current: false,
  ...more,
});

const REVISIONS = [
  revision(3, { current: true, restored_from: 1, summary: ['Restored version #1'] }),
  revision(2, { summary: ["Chart 'Revenue by month': X axis Date → Region", "Block 'Notes' deleted"] }),
  revision(1, { published: true, summary: ["Block 'Old sales' added"] }),
];

function serve(more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: boardState({ ...editor, blocks: [tableBlock] }) },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/boards/b1/revisions': { body: { revisions: REVISIONS } },
    ...unpublished,
    ...more,
  });
}

async function openHistory(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'History' }));
  return screen.getByRole('dialog', { name: 'History' });
}

describe('History in the board editor', () => {
  it('lists the versions newest first with their badges and changes', async () => {
    serve();
    const { user } = renderApp('/sales');
    const dialog = await openHistory(user);
    const list = await within(dialog).findByRole('list', { name: 'Versions' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['#3', '#2', '#1']);
    expect(within(items[0]).getByText('Current')).toBeInTheDocument();
    expect(within(items[0]).getByText('Restored from #1')).toBeInTheDocument();
    expect(within(items[1]).getByText("Chart 'Revenue by month': X axis Date → Region")).toBeInTheDocument();
    expect(within(items[1]).queryByText('Published')).not.toBeInTheDocument();
    expect(within(items[2]).getByText('Published')).toBeInTheDocument();
    expect(items[1].querySelector('time')).toHaveTextContent('2 hours ago');
    expect(items[1].querySelector('time')?.getAttribute('title')).toBe(new Date((NOW - 7200) * 1000).toLocaleString());
    expect(within(dialog).getByRole('tab', { name: 'Row activity' })).toBeInTheDocument();
  });

  it('tells a newcomer what will appear when the board has no versions yet', async () => {
    serve({ 'GET /api/boards/b1/revisions': { body: { revisions: [] } } });
    const { user } = renderApp('/sales');
    const dialog = await openHistory(user);
    expect(await within(dialog).findByText(NO_VERSIONS.boards)).toBeInTheDocument();
  });

  it('previews a version with its own blocks, restores it, reloads the board and names the blocks left out', async () => {
    const oldBlock = { ...tableBlock, id: 'k0', title: 'Old sales' };
    const restored = revision(4, { current: true, restored_from: 1, summary: ['Restored version #1'] });
    const { calls } = serve({
      ...grid,
      'GET /api/boards/b1/revisions/r1': {
        body: {
          revision: REVISIONS[2],
          snapshot: { name: 'Sales board', settings: { title: 'Sales then' }, blocks: [oldBlock] },
          restore_changes: ["Added Table 'Old sales'", "Deleted Table 'Monthly sales'"],
        },
      },
      'POST /api/boards/b1/revisions/r1/restore': {
        body: { revision: restored, replaced: 'r3', skipped: [{ block_id: 'k9', title: 'Returns chart', reason: 'The sheet `Returns` no longer exists.' }] },
      },
      'POST /api/boards/b1/revisions/r3/restore': { body: { revision: revision(5, { current: true, restored_from: 3 }), replaced: 'r4', skipped: [] } },
    });
    const { user } = renderApp('/sales');
    const dialog = await openHistory(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Preview version #1' }));
    const preview = within(dialog).getByRole('region', { name: 'Version preview' });
    await within(preview).findByRole('heading', { name: 'Version #1', hidden: true });
    // The version's own title and blocks, not the board's current ones.
    await waitFor(() => expect(preview.querySelector('.history-preview')).toHaveTextContent('Old sales'));
    expect(preview.querySelector('.history-preview')).toHaveTextContent('Sales then');
    expect(preview.querySelector('.history-preview')).not.toHaveTextContent('Monthly sales');
    // Its rows are today's, computed in the browser: the server's block calls answer a block's
    // settings of today, and a block deleted since has none.
    await waitFor(() => expect(preview.querySelector('.history-preview')).toHaveTextContent('Mar'));
    expect(calls.some((c) => c.url.pathname === '/api/spreadsheets/s1/sheets/Sales/columns')).toBe(true);
    expect(calls.some((c) => c.url.searchParams.get('block') === 'k0')).toBe(false);

    const loadsBefore = calls.filter((c) => c.url.pathname === '/api/board/update-metadata').length;
    // Asked first, in the app's own dialog, with what the restore changes; Cancel changes nothing.
    await user.click(within(preview).getByRole('button', { name: 'Restore this version' }));
    let question = await screen.findByRole('alertdialog', { name: 'Restore version #1' });
    expect(
      within(question)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["Added Table 'Old sales'", "Deleted Table 'Monthly sales'"]);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url.pathname.endsWith('/restore'))).toBe(false);
    await user.click(within(preview).getByRole('button', { name: 'Restore this version' }));
    question = await screen.findByRole('alertdialog', { name: 'Restore version #1' });
    await user.click(within(question).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored version #1')).toBeInTheDocument();
    const restore = calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/restore'));
    expect(restore.map((c) => c.url.pathname)).toEqual(['/api/boards/b1/revisions/r1/restore']);
    const skipped = within(dialog).getByRole('status');
    expect(skipped).toHaveTextContent('Version #1 was restored, except for this block:');
    expect(skipped).toHaveTextContent('Returns chart: The sheet `Returns` no longer exists.');
    // The editor loads the restored board, and the list again with the restore at its top.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/board/update-metadata').length).toBe(loadsBefore + 1));
    expect(calls.filter((c) => c.url.pathname === '/api/boards/b1/revisions')).toHaveLength(2);

    // The editor's Undo takes the restore back: it restores the version the restore replaced.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toBeEnabled();
    expect(undo).toHaveAttribute('title', 'Undo: restore of version #1');
    await user.click(undo);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/restore')).map((c) => c.url.pathname)).toEqual([
        '/api/boards/b1/revisions/r1/restore',
        '/api/boards/b1/revisions/r3/restore',
      ]),
    );
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/board/update-metadata').length).toBe(loadsBefore + 2));
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveAttribute('title', 'Redo: restore of version #1');
  });
});
