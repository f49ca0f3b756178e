import { screen, waitFor, within } from '@testing-library/react';
import type { BoardState } from '../../generated/api';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, unpublished } from './boardFixture';
import { ROTATE_CONFIRM } from './EmbedSecurity';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardViewerRoute'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const regionFilter = { name: 'Region', active: false, condition: '=', sheet_column: { sheet: 'Sales', column: 'Region' }, value: '' };
const owner = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com', public: false, filters: [regionFilter] };
const secret = { secret: 'a'.repeat(64), rotated_at: 1_767_225_600 };

function serve(board: BoardState, more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': { body: { open_url: 'https://docs.google.com/spreadsheets/d/abc' } },
    'GET /api/board/workspace': { body: { is_free_plan: false } },
    'GET /api/workspaces/w1/embed-secret': { body: secret },
    ...unpublished,
    ...more,
  });
}

async function openEmbed(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Embed' }));
  const dialog = screen.getByRole('dialog', { name: 'Embed Content' });
  await within(dialog).findByRole('form', { name: 'Sites allowed to embed' });
  return dialog;
}

describe('Embed Content: embed security', () => {
  it("saves the allowed sites to the board and shows the server's refusal at the field", async () => {
    const saved = boardState({ ...owner, embed_origins: ['https://shop.example.com', 'http://localhost:5173'] });
    const { calls } = serve(boardState(owner), {
      'PUT /api/boards/b1': (init) => {
        const body = JSON.parse(String(init.body)) as { embed_origins: string[] };
        if (body.embed_origins.includes('shop.example.com')) {
          return { status: 422, body: { error: '`shop.example.com` in `embed_origins` is not an address.', field: 'embed_origins' } };
        }
        return { body: saved };
      },
    });
    const { user } = renderApp('/sales');
    const dialog = await openEmbed(user);
    const sites = within(dialog).getByRole('textbox', { name: 'Allowed sites' });

    await user.type(sites, 'shop.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save sites' }));
    expect(await within(dialog).findByText('`shop.example.com` in `embed_origins` is not an address.')).toBeInTheDocument();
    expect(sites).toHaveAttribute('aria-invalid', 'true');

    await user.clear(sites);
    await user.type(sites, 'https://Shop.Example.com/{Enter}http://localhost:5173');
    await user.click(within(dialog).getByRole('button', { name: 'Save sites' }));
    expect(await within(dialog).findByText('Allowed sites saved.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { embed_origins: ['shop.example.com'] },
      { embed_origins: ['https://Shop.Example.com/', 'http://localhost:5173'] },
    ]);
    // The field shows the sites as the server stored them.
    expect(sites).toHaveValue('https://shop.example.com\nhttp://localhost:5173');
  });

  it('creates a signed link locking the chosen filter values and shows it with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    const url = 'https://tessera.example.com/embed?board=sales&token=eyJ.abc.sig';
    const { calls } = serve(boardState(owner), {
      'POST /api/boards/b1/embed-token': { body: { token: 'eyJ.abc.sig', url, expires_at: 1_767_225_600 } },
    });
    const { user } = renderApp('/sales');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = await openEmbed(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Lock Region' }), 'North');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Link expires after' }), '7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: /^Signed link, valid until/ });
    expect(link).toHaveValue(url);
    const minted = calls.find((call) => call.url.pathname === '/api/boards/b1/embed-token')!;
    expect(minted.body).toEqual({ filters: { Region: 'North' }, expires_in_minutes: 7 * 24 * 60 });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('shows when the secret was rotated, reveals it, and rotates it only after a confirmation', async () => {
    const rotated = { secret: 'b'.repeat(64), rotated_at: 1_770_000_000 };
    const { calls } = serve(boardState(owner), { 'POST /api/workspaces/w1/embed-secret/rotate': { body: rotated } });
    const { user } = renderApp('/sales');
    const dialog = await openEmbed(user);
    const panel = within(dialog).getByRole('region', { name: 'Signing secret' });
    expect(await within(panel).findByText(`Last rotated ${new Date(secret.rotated_at * 1000).toLocaleString()}.`)).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Embed secret')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Show secret' }));
    expect(within(panel).getByLabelText('Embed secret')).toHaveTextContent(secret.secret);
    expect(within(panel).getByText('tessera-embed')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Rotate secret' }));
    const question = screen.getByRole('alertdialog', { name: 'Rotate secret' });
    expect(question).toHaveAccessibleDescription(ROTATE_CONFIRM);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.url.pathname.endsWith('/rotate'))).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Rotate secret' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Rotate secret' })).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(within(panel).getByLabelText('Embed secret')).toHaveTextContent(rotated.secret));
    expect(within(panel).getByText(`Last rotated ${new Date(rotated.rotated_at * 1000).toLocaleString()}.`)).toBeInTheDocument();
    expect(ROTATE_CONFIRM).toMatch(/signed link.*stops working/);
  });
});
