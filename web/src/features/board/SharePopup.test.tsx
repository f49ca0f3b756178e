import { screen, waitFor, within } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { SESSION_HINT_KEY } from '../../store/sessionStore';
import { boardState, salesRows, unpublished } from './boardFixture';
import { ANYONE_CAN_VIEW, BOARD_INVITES, INVITE_PEOPLE, PRIVATE_BOARD_STATE as PRIVATE_STATE, PUBLIC_STATE, SESSION_NOTE } from '../share/SharePanel';

beforeAll(() => import('./BoardViewerRoute'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const editor = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com' };

function serve(board: ReturnType<typeof boardState>, more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    ...unpublished,
    ...more,
  });
}

const shareButton = () => screen.findByRole('button', { name: /^Share/ });

async function openShare(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await shareButton());
  return screen.getByRole('dialog', { name: 'Share' });
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('Share in the board editor', () => {
  it('shows a private board as Private in the top bar and in the dialog, and makes it public with one switch', async () => {
    const { calls } = serve(boardState({ ...editor, public: false }), {
      'PUT /api/boards/b1': (init) => ({ body: boardState({ ...editor, ...JSON.parse(String(init.body)) }) }),
    });
    const { user } = renderApp('/sales');
    expect(await shareButton()).toHaveAccessibleName('Share Private');

    const dialog = await openShare(user);
    expect(dialog).toHaveAccessibleDescription(PRIVATE_STATE);
    const toggle = within(dialog).getByRole('switch', { name: 'Public' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText('The board is now public.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === '/api/boards/b1')!;
    expect(put.body).toEqual({ public: true });
    expect(put.url.searchParams.get('board')).toBe('sales');
    expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeChecked();
    expect(within(dialog).getByText(PUBLIC_STATE)).toBeInTheDocument();
    // The top bar follows the saved board.
    expect(screen.getByRole('button', { name: 'Share Public' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    expect(await screen.findByText('The board is now private.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ public: true }, { public: false }]);
    expect(screen.getByRole('button', { name: 'Share Private' })).toBeInTheDocument();
  });

  it('keeps the board as it was and says why when the server refuses the change', async () => {
    serve(boardState({ ...editor, public: false }), {
      'PUT /api/boards/b1': { status: 500, body: { error: 'The board could not be saved.' } },
    });
    const { user } = renderApp('/sales');
    const dialog = await openShare(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    expect(await screen.findByText('The board could not be saved.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeEnabled());
    expect(within(dialog).getByRole('switch', { name: 'Public' })).not.toBeChecked();
    expect(within(dialog).getByText(PRIVATE_STATE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Private' })).toBeInTheDocument();
  });

  it("copies the board's link, and selects it when the browser refuses the clipboard", async () => {
    serve(boardState(editor));
    const { user } = renderApp('/sales');
    expect(await shareButton()).toHaveAccessibleName('Share Public');
    const dialog = await openShare(user);
    expect(dialog).toHaveAccessibleDescription(PUBLIC_STATE);
    const link = `${window.location.origin}/sales`;
    const field = within(dialog).getByRole('textbox', { name: 'Board link' });
    expect(field).toHaveValue(link);

    const writeText = stubClipboard(async () => {});
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    stubClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    field.blur();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/the link is selected, press Ctrl\+C/)).toBeInTheDocument();
    expect(field).toHaveFocus();
    const input = field as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, link.length]);
  });

  it('opens the board in a new tab as a guest preview, which the server answers as a guest', async () => {
    serve(boardState(editor));
    const { user } = renderApp('/sales');
    const dialog = await openShare(user);
    const guest = within(dialog).getByRole('link', { name: 'Open as a guest' });
    expect(guest).toHaveAttribute('href', `${window.location.origin}/sales?as=guest`);
    expect(guest).toHaveAttribute('target', '_blank');
    expect(guest).toHaveAttribute('rel', 'noopener noreferrer');
    // The board is on this host, which the session cookie belongs to: the note says it is set aside.
    expect(guest).toHaveAccessibleDescription(SESSION_NOTE);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Share' })).not.toBeInTheDocument();
    expect(await shareButton()).toHaveFocus();
  });

  it('a guest preview asks every call as a guest, never for the session, and leaves the session of other tabs alone', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    const { calls } = serve(boardState({ public: true, can_edit: false, user_role: 'guest', blocks: [] }), { 'GET /api/auth': { body: ann } });
    // Requests read the page's own address, as the new tab has it.
    window.history.replaceState(null, '', '/sales?as=guest');
    onTestFinished(() => window.history.replaceState(null, '', '/'));
    renderApp('/sales?as=guest');
    expect(await screen.findByText('Nothing has been published on this board yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Board editor' })).not.toBeInTheDocument();
    const asked = calls.filter((call) => call.url.pathname.startsWith('/api/'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((call) => call.url.searchParams.get('as') !== 'guest').map((call) => call.url.pathname)).toEqual([]);
    expect(calls.some((call) => call.url.pathname === '/api/auth')).toBe(false);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
  });

  it('says who has access: the owner alone while private, and anyone with the link once public', async () => {
    serve(boardState({ ...editor, public: false }), {
      'PUT /api/boards/b1': (init) => ({ body: boardState({ ...editor, ...JSON.parse(String(init.body)) }) }),
    });
    const { user } = renderApp('/sales');
    const dialog = await openShare(user);
    const access = within(dialog).getByRole('region', { name: 'Who has access' });
    expect(
      within(access)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The ownerann@example.comOwner']);
    expect(within(access).getByText(BOARD_INVITES)).toBeInTheDocument();
    expect(within(access).queryByText(ANYONE_CAN_VIEW)).not.toBeInTheDocument();
    // Nobody is invited to a board (the server has no board users), so nothing offers to.
    expect(within(access).queryByRole('button', { name: INVITE_PEOPLE })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    expect(await within(access).findByText(ANYONE_CAN_VIEW)).toBeInTheDocument();
  });
});
