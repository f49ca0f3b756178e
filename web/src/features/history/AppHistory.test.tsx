// The app editor's History: an app's versions, a page of one previewed, and its restore, which
// loads the page again.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '../../generated/api';
import { useSessionStore } from '../../store/sessionStore';
import { home, pageState, renderViewer, serve } from '../../test/appViewer';
import { loadRealCore } from '../../test/realCore';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import { viewBlockOf } from '../../test/viewBlocks';
import { NO_VERSIONS } from './VersionsTab';

// A version's preview computes its blocks in the WASM core over the tabs' rows of today.
beforeAll(async () => {
  await loadRealCore();
});

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  act(() => useSessionStore.setState({ status: 'user', user: { id: 'u1', email: 'ann@example.com', name: 'Ann Lee' } as AuthUser }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rows = { columns: ['Task'], rows: [{ Task: 'Paint' }], total: 1, page: 1, page_count: 1, version: 1 };
const version = {
  id: 'v1',
  number: 1,
  created_at: 1_767_225_600,
  actor: 'Ann Lee',
  summary: ["Page 'About' added"],
  restored_from: null,
  published: false,
  current: false,
};
const snapshot = {
  name: 'Field app',
  settings: {},
  pages: [
    {
      id: 'p-home',
      page_name: 'Home',
      page_slug: '',
      page_type: 'home',
      settings: {},
      blocks: [{ id: 'k1', type: 'table', title: 'Open tasks', sheet_title: 'Tasks' }],
    },
    {
      id: 'p-about',
      page_name: 'About',
      page_slug: 'about',
      page_type: 'page',
      settings: {},
      blocks: [{ id: 'k2', type: 'table', title: 'Team', sheet_title: 'Tasks' }],
    },
  ],
};

function serveEditor(revisions = [version]) {
  return serve(
    {
      'GET /api/pages/a1': { body: { pages: [home] } },
      'GET /api/apps/a1/revisions': { body: { revisions } },
      'GET /api/apps/a1/revisions/v1': { body: { revision: version, snapshot, restore_changes: ["Page 'About': Added Table 'Team'"] } },
      'POST /api/apps/a1/revisions/v1/restore': {
        body: { revision: { ...version, id: 'v2', number: 2, current: true, restored_from: 1 }, replaced: 'v0', skipped: [] },
      },
      'GET /v3/api/page/sheet/Tasks': { body: rows },
      [columnsPath('s1', 'Tasks')]: () => columnsAnswer({ columns: ['ChartApps Record ID', 'Task'], rows: [['r1', 'Sand the floor']] }, 1),
    },
    // Today the app has a header; the version had none.
    pageState({
      blocks: [{ id: 'k9', type: 'table', title: 'Today', sheet_title: 'Tasks' }],
      app_header: viewBlockOf('header', { id: 'app-header', HeaderTitle: 'Field crew today', navigationItems: [] }),
    }),
  );
}

describe('History in the app editor', () => {
  it('has versions only, and says what will appear', async () => {
    serveEditor([]);
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = screen.getByRole('dialog', { name: 'History' });
    expect(await within(dialog).findByText(NO_VERSIONS.apps)).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
  });

  it('previews the open page of a version, another page on request, and restores it', async () => {
    const { calls } = serveEditor();
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = screen.getByRole('dialog', { name: 'History' });
    await user.click(await within(dialog).findByRole('button', { name: 'Preview version #1' }));
    const preview = within(dialog).getByRole('region', { name: 'Version preview' });
    const drawn = () => preview.querySelector('.history-preview')!;
    await waitFor(() => expect(drawn()).toHaveTextContent('Open tasks'));
    expect(drawn()).not.toHaveTextContent('Today');
    expect(drawn()).not.toHaveTextContent('Field crew today');
    await waitFor(() => expect(drawn()).toHaveTextContent('Sand the floor'));
    await user.selectOptions(within(preview).getByRole('combobox', { name: 'Page' }), 'About');
    await waitFor(() => expect(drawn()).toHaveTextContent('Team'));

    const loads = () => calls.filter((c) => c.url.pathname === '/api/page/update-metadata').length;
    const before = loads();
    await user.click(within(preview).getByRole('button', { name: 'Restore this version' }));
    const question = await screen.findByRole('alertdialog', { name: 'Restore version #1' });
    expect(question).toHaveTextContent("Page 'About': Added Table 'Team'");
    await user.click(within(question).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored version #1')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.startsWith('/api/apps/')).map((c) => c.url.pathname)).toEqual([
      '/api/apps/a1/revisions/v1/restore',
    ]);
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
    // The panel stays open over the page loaded again, with the restore at the top of its list.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/apps/a1/revisions')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'History' })).toBeInTheDocument();
    // The page's Undo can take the restore back.
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo: restore of version #1');
  });
});
