import { screen, waitFor, within } from '@testing-library/react';
import type { ImportProgress } from '../../generated/api';
import { mockFetch, type Answer, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { google, workspace } from '../../test/spreadsheetFixtures';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

// A known import id, so the progress route can be answered by its path.
const IMPORT_ID = '00112233445566778899aabbccddeeff';
vi.mock('./importProgress', async (original) => ({ ...(await original<typeof import('./importProgress')>()), newImportId: () => IMPORT_ID }));

const PATH = '/dashboard/spreadsheets/new?workspace=w1';

function signedIn(routes: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    // The dashboard the screen goes back to.
    'GET /api/workspaces': { body: [workspace] },
    'GET /api/boards': { body: [] },
    'GET /api/apps': { body: { apps: [] } },
    'GET /api/spreadsheets': { body: [] },
    ...routes,
  });
}

const uploadForm = async () => screen.findByRole('form', { name: 'Upload a file' });
const linkForm = async () => screen.findByRole('form', { name: 'Paste a link' });

// Load the lazy screen once up front: its first import can outlast a test's time under load.
beforeAll(() => import('./ConnectSpreadsheetPage'));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard/spreadsheets/new: upload a file', () => {
  it('uploads the file with the workspace and name, then goes back to the dashboard', async () => {
    const { calls } = signedIn({
      'POST /api/spreadsheets/upload': { status: 201, body: { spreadsheet: { id: 's-up', name: 'Orders', source_kind: 'upload', sheets: [] } } },
    });
    const { user, where } = renderApp(PATH);
    const form = await uploadForm();
    const file = new File(['Date,Amount\n2026-01-02,10\n'], 'orders.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText('File'), file);
    await user.type(within(form).getByLabelText('Name'), 'Orders 2026');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    const sent = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(sent.get('workspace_id')).toBe('w1');
    expect(sent.get('name')).toBe('Orders 2026');
    expect(sent.get('file')).toBe(file);
  });

  it('leaves the name out when none is typed, so the server names it after the file', async () => {
    const { calls } = signedIn({ 'POST /api/spreadsheets/upload': { status: 201, body: { spreadsheet: { id: 's-up', name: 'orders' } } } });
    const { user, where } = renderApp(PATH);
    const form = await uploadForm();
    await user.upload(within(form).getByLabelText('File'), new File(['a\n1\n'], 'orders.tsv'));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect((calls.find((c) => c.method === 'POST')?.body as FormData).has('name')).toBe(false);
  });

  it.each([
    [413, 'The file is too large: files may be at most 200 MiB.'],
    [422, 'The file is not a spreadsheet this app can read: row 3 has 4 cells, the header 3.'],
  ])('shows the server refusal %i inline and stays', async (status, message) => {
    signedIn({ 'POST /api/spreadsheets/upload': { status, body: { error: message, field: 'file' } } });
    const { user, where } = renderApp(PATH);
    const form = await uploadForm();
    await user.upload(within(form).getByLabelText('File'), new File(['x'], 'sales.xlsx'));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(where()).toBe(PATH);
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('/dashboard/spreadsheets/new: a long upload', () => {
  it('shows the bytes sent, then the rows the server has stored, for the import id it sent', async () => {
    let answer: (value: Answer) => void = () => undefined;
    let sentId: string | undefined;
    let progress: ImportProgress = { phase: 'receiving', rows_read: 0, rows_stored: 0, rows_total: null };
    signedIn({
      'POST /api/spreadsheets/upload': (init) => {
        sentId = (init.headers as Record<string, string>)['X-Import-Id'];
        return new Promise<Answer>((resolve) => (answer = resolve));
      },
      [`GET /api/imports/${IMPORT_ID}/progress`]: () => ({ body: progress }),
    });
    const { user, where } = renderApp(PATH);
    const form = await uploadForm();
    await user.upload(within(form).getByLabelText('File'), new File(['x'.repeat(2_500_000)], 'people.csv'));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    // The stand-in sends the body at once; the server is still receiving, so the bytes show.
    expect(await within(form).findByRole('status')).toHaveTextContent('Uploaded 2.5 of 2.5 MB; the server is reading it…');
    expect(within(form).getByRole('progressbar', { name: 'Upload' })).toHaveAttribute('value', '2500002');
    expect(sentId).toBe(IMPORT_ID);

    progress = { phase: 'reading', rows_read: 1_500_000, rows_stored: 0, rows_total: null };
    expect(await within(form).findByText('Read 1,500,000 rows', {}, { timeout: 2000 })).toBeInTheDocument();
    progress = { phase: 'storing', rows_read: 2_000_000, rows_stored: 1_200_000, rows_total: 2_000_000 };
    expect(await within(form).findByText('Stored 1,200,000 of 2,000,000 rows', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(within(form).getByRole('progressbar', { name: 'Rows stored' })).toHaveAttribute('value', '1200000');

    answer({ status: 201, body: { spreadsheet: { id: 's-up', name: 'people', source_kind: 'upload', sheets: [] } } });
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });
});

describe('/dashboard/spreadsheets/new: paste a link', () => {
  const connectWith = async (url: string, kind?: string) => {
    const { calls } = signedIn({ 'POST /api/spreadsheets': { status: 201, body: google } });
    const { user, where } = renderApp(PATH);
    const form = await linkForm();
    await user.type(within(form).getByLabelText('Link'), url);
    if (kind) await user.selectOptions(within(form).getByLabelText('Kind'), kind);
    await user.click(within(form).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    return calls.find((c) => c.method === 'POST')?.body;
  };

  it('connects a Google Sheets /edit address as google_sheets', async () => {
    const url = 'https://docs.google.com/spreadsheets/d/abc/edit';
    expect(await connectWith(url)).toEqual({ workspace_id: 'w1', kind: 'google_sheets', url });
  });

  it('connects a published CSV address as csv_url', async () => {
    const url = 'https://docs.google.com/spreadsheets/d/e/2PACX/pub?output=csv';
    expect(await connectWith(url)).toEqual({ workspace_id: 'w1', kind: 'csv_url', url });
  });

  it('lets the kind be chosen by hand', async () => {
    const url = 'https://docs.google.com/spreadsheets/d/abc/edit';
    expect(await connectWith(url, 'Published CSV link')).toMatchObject({ kind: 'csv_url', url });
  });

  it('names the detected kind while the address is typed', async () => {
    signedIn();
    const { user } = renderApp(PATH);
    const form = await linkForm();
    expect(within(form).getByRole('option', { name: 'Automatic: Published CSV link' })).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Link'), 'https://docs.google.com/spreadsheets/d/abc/edit');
    expect(within(form).getByRole('option', { name: 'Automatic: Google Sheets' })).toBeInTheDocument();
  });

  it('shows a link the server cannot read inline and stays', async () => {
    signedIn({ 'POST /api/spreadsheets': { status: 422, body: { error: 'The link did not answer with a CSV file.', field: 'url' } } });
    const { user, where } = renderApp(PATH);
    const form = await linkForm();
    await user.type(within(form).getByLabelText('Link'), 'https://example.com/page.html');
    await user.type(within(form).getByLabelText('Name'), 'Prices');
    await user.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The link did not answer with a CSV file.');
    expect(where()).toBe(PATH);
  });
});

describe('/dashboard/spreadsheets/new without a workspace', () => {
  it('says to start from a workspace on the dashboard', async () => {
    signedIn();
    renderApp('/dashboard/spreadsheets/new');
    expect(await screen.findByRole('heading', { name: 'Which workspace is it for?' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Upload a file' })).not.toBeInTheDocument();
  });
});
