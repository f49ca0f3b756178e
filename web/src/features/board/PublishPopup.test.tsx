import { screen, waitFor, within } from '@testing-library/react';
import type { MarketplaceListing } from '../../generated/api';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardViewerRoute'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const editor = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com' };

const listing: MarketplaceListing = {
  board_id: 'b1',
  slug: 'sales',
  title: 'Sales pipeline',
  description: 'Deals by stage.',
  category: 'Sales',
  tags: ['crm', 'deals'],
  published_at: 1_767_225_600,
  updated_at: 1_767_225_600,
  owner_name: 'Ann Lee',
};

function serve(board: ReturnType<typeof boardState>, more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': { body: { open_url: 'https://docs.google.com/spreadsheets/d/abc' } },
    ...unpublished,
    ...more,
  });
}

async function openPublish(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Publish to Marketplace' }));
  const dialog = screen.getByRole('dialog', { name: 'Publish Board' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  return dialog;
}

describe('Publish Board', () => {
  it('publishes a private board with its title, description, category and tags, and shows it as public', async () => {
    const { calls } = serve(boardState({ ...editor, public: false }), {
      'PUT /api/boards/b1/listing': { body: { ...listing, title: 'Sales overview', tags: ['crm', 'deals', 'q3'] } },
    });
    const { user } = renderApp('/sales');
    const dialog = await openPublish(user);
    expect(within(dialog).getByText('Not on the Marketplace. Publishing lists the board there and makes it public.')).toBeInTheDocument();
    // Before publishing, the image shows the board as visitors would see it.
    expect(within(dialog).getByRole('img', { name: 'Preview of Sales overview' }).getAttribute('src')).toMatch(/^\/api\/boards\/b1\/preview\.svg\?v=\d+$/);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Sales overview');
    expect(within(dialog).queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Deals by stage.');
    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('Finance');
    await user.selectOptions(category, 'Sales');
    const tags = within(dialog).getByRole('textbox', { name: 'Tags' });
    await user.type(tags, 'CRM, deals,crm,');
    expect(
      within(within(dialog).getByRole('list', { name: 'Chosen tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['crm×', 'deals×']);
    // A tag typed last without a comma is kept when the form is sent.
    await user.type(tags, 'Q3');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(/^Published on the Marketplace since/));
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === '/api/boards/b1/listing')!;
    expect(put.body).toEqual({ title: 'Sales overview', description: 'Deals by stage.', category: 'Sales', tags: ['crm', 'deals', 'q3'] });
    expect(put.url.searchParams.get('board')).toBe('sales');
    expect(within(dialog).getByRole('link', { name: 'See the Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(within(dialog).getByRole('checkbox', { name: 'Public board' })).toBeChecked();
    expect(within(dialog).getByText('This board is public: anyone with its link can see it.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update listing' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.getByText('Board published to the Marketplace.')).toBeInTheDocument();
  });

  it('shows a refused field under that field', async () => {
    serve(boardState(editor), {
      'PUT /api/boards/b1/listing': {
        status: 422,
        body: { error: 'Choose one of these categories: Sales, Marketing, Finance.', field: 'category' },
      },
    });
    const { user } = renderApp('/sales');
    const dialog = await openPublish(user);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toHaveAttribute('aria-invalid', 'true'));
    expect(category).toHaveAccessibleDescription('Choose one of these categories: Sales, Marketing, Finance.');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid');
    expect(window.alert).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('loads the listing of a published board, updates it and unpublishes it', async () => {
    const { calls } = serve(boardState(editor), {
      'GET /api/boards/b1/listing': { body: listing },
      'PUT /api/boards/b1/listing': { body: { ...listing, title: 'Pipeline', updated_at: listing.updated_at + 60 } },
      'DELETE /api/boards/b1/listing': { status: 204 },
    });
    const { user } = renderApp('/sales');
    const dialog = await openPublish(user);
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Published on the Marketplace since .+\. See the Marketplace$/);
    // The listing's preview is the server's image of the board, addressed by the listing's last change.
    const preview = within(dialog).getByRole('img', { name: 'Preview of Sales pipeline' });
    expect(preview).toHaveAttribute('src', `/api/boards/b1/preview.svg?v=${listing.updated_at}`);
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Sales pipeline');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('Sales');
    expect(within(dialog).getByRole('button', { name: 'Remove tag crm' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove tag crm' }));
    await user.clear(title);
    await user.type(title, 'Pipeline');
    await user.click(within(dialog).getByRole('button', { name: 'Update listing' }));
    expect(await screen.findByText('Listing updated.')).toBeInTheDocument();
    // Publishing again shows the fresh image, not the one cached under the old address.
    expect(within(dialog).getByRole('img', { name: 'Preview of Pipeline' })).toHaveAttribute('src', `/api/boards/b1/preview.svg?v=${listing.updated_at + 60}`);
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      title: 'Pipeline',
      description: 'Deals by stage.',
      category: 'Sales',
      tags: ['deals'],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await within(dialog).findByText('Not on the Marketplace. Publishing lists the board there and makes it public.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/boards/b1/listing')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    // Unpublishing leaves the board public.
    expect(within(dialog).getByRole('checkbox', { name: 'Public board' })).toBeChecked();
    expect(screen.getByText('Board removed from the Marketplace.')).toBeInTheDocument();
  });

  it('says a listing of a private board is hidden from the Marketplace', async () => {
    serve(boardState({ ...editor, public: false }), { 'GET /api/boards/b1/listing': { body: listing } });
    const { user } = renderApp('/sales');
    const dialog = await openPublish(user);
    expect(within(dialog).getByRole('status')).toHaveTextContent(/, but hidden there while the board is private\./);
  });

  it('reads an unpublished board as the null listing the server answers, and a 404 as the error it is', async () => {
    const { calls } = serve(boardState(editor));
    const { user } = renderApp('/sales');
    const dialog = await openPublish(user);
    expect(calls.filter((call) => call.url.pathname === '/api/boards/b1/listing').map((call) => call.method)).toEqual(['GET']);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Not on the Marketplace.');
    await user.keyboard('{Escape}');

    // Only a board that is gone answers 404 now: that is said, not shown as an empty listing form.
    serve(boardState(editor), { 'GET /api/boards/b1/listing': { status: 404, body: { error: 'Board not found.' } } });
    await user.click(await screen.findByRole('button', { name: 'Publish to Marketplace' }));
    const again = screen.getByRole('dialog', { name: 'Publish Board' });
    expect(await within(again).findByText('Board not found.')).toBeInTheDocument();
    expect(within(again).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  });
});
