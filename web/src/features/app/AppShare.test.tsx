// Share and Publish in the app editor: the app's address, its Public switch saved at once, opening
// it as a guest, who has access with their permissions, and what Publish shows.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AppUser, AuthUser } from '../../generated/api';
import { setRuntimeConfigForTests } from '../../config/runtime';
import { useSessionStore } from '../../store/sessionStore';
import type { Routes } from '../../test/fetchMock';
import { about, app, home, pageState, renderViewer, serve } from '../../test/appViewer';
import {
  ANYONE_CAN_VIEW,
  GUEST_NOTE,
  INVITE_PEOPLE,
  INVITED_SIGN_IN,
  NOBODY_INVITED,
  PRIVATE_APP_STATE,
  PUBLIC_STATE,
  SESSION_NOTE,
} from '../share/SharePanel';
import { PAGES_FOR_ANYONE, PAGES_FOR_INVITED, PUBLISH_APP_INTRO } from './AppShare';

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  act(() => useSessionStore.setState({ status: 'user', user: { id: 'u1', email: 'ann@example.com', name: 'Ann Lee' } as AuthUser }));
});
afterEach(() => {
  setRuntimeConfigForTests(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const users: AppUser[] = [
  { id: 'u3', name: 'Cy Doe', email: 'cy@example.com', permissions: 'read-write', created_at: 30 },
  { id: 'u2', name: 'Bo Lee', email: 'bo@example.com', permissions: 'read', created_at: 20 },
  // platform §4: a value other than read or read-write reads as Read.
  { id: 'u4', name: 'Di Ray', email: 'di@example.com', permissions: 'admin', created_at: 40 },
];

function serveEditor(more: Routes = {}, isPublic = false) {
  return serve(
    {
      'GET /api/mutipageapp_users/a1': { body: { app_users: users } },
      'GET /api/pages/a1': { body: { pages: [home, about] } },
      'PUT /api/apps/a1': (init) => ({ body: { app: { ...app, ...JSON.parse(String(init.body)) } } }),
      ...more,
    },
    pageState({ public: isPublic }),
    { ...app, public: isPublic },
  );
}

const shareButton = () => screen.findByRole('button', { name: /^Share/ });
const sidebarButton = (name: string) => within(screen.getByRole('navigation', { name: 'App editor' })).getByRole('button', { name });

async function openShare(user: ReturnType<typeof renderViewer>['user']) {
  await user.click(await shareButton());
  return screen.getByRole('dialog', { name: 'Share' });
}

/** Each row of "Who has access" as its text. */
async function accessRows(dialog: HTMLElement) {
  const access = within(dialog).getByRole('region', { name: 'Who has access' });
  await waitFor(() => expect(within(access).queryByRole('status')).not.toBeInTheDocument());
  return within(access)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('Share in the app editor', { timeout: 15_000 }, () => {
  it('shows a private app as Private and makes it public with one switch, saved on the app', async () => {
    const { calls } = serveEditor();
    const { user } = renderViewer('/?app=field');
    expect(await shareButton()).toHaveAccessibleName('Share Private');

    const dialog = await openShare(user);
    expect(dialog).toHaveAccessibleDescription(PRIVATE_APP_STATE);
    const link = `${window.location.origin}/?app=field`;
    expect(within(dialog).getByRole('textbox', { name: 'App link' })).toHaveValue(link);
    const toggle = within(dialog).getByRole('switch', { name: 'Public' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText('The app is now public.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/apps/a1');
    expect(put.body).toEqual({ public: true });
    expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeChecked();
    expect(within(dialog).getByText(PUBLIC_STATE)).toBeInTheDocument();
    expect(within(dialog).getByText(ANYONE_CAN_VIEW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Public' })).toBeInTheDocument();
  });

  it('keeps the app private and says why when the server refuses', async () => {
    serveEditor({ 'PUT /api/apps/a1': { status: 403, body: { error: 'only the owner can change this.' } } });
    const { user } = renderViewer('/?app=field');
    const dialog = await openShare(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    expect(await screen.findByText('only the owner can change this.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeEnabled());
    expect(within(dialog).getByRole('switch', { name: 'Public' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Share Private' })).toBeInTheDocument();
  });

  it('lists who has access: the owner, then each invited user with Read or Read-Write, oldest first', async () => {
    serveEditor();
    const { user } = renderViewer('/?app=field');
    const dialog = await openShare(user);
    expect(await accessRows(dialog)).toEqual([
      'Youann@example.comOwner',
      'Bo Leebo@example.comRead',
      'Cy Doecy@example.comRead-Write',
      'Di Raydi@example.comRead',
    ]);
    expect(within(dialog).getByText(INVITED_SIGN_IN)).toBeInTheDocument();
    expect(within(dialog).queryByText(ANYONE_CAN_VIEW)).not.toBeInTheDocument();

    // The Users dialog takes the Share dialog's place to invite or change people.
    await user.click(within(dialog).getByRole('button', { name: INVITE_PEOPLE }));
    expect(screen.queryByRole('dialog', { name: 'Share' })).not.toBeInTheDocument();
    const usersDialog = screen.getByRole('dialog', { name: 'Users' });
    expect(await within(usersDialog).findByRole('cell', { name: 'Cy Doe' })).toBeInTheDocument();
  });

  it('says when nobody is invited, and offers to try again when the users could not be read', async () => {
    let fail = true;
    serveEditor({
      'GET /api/mutipageapp_users/a1': () => (fail ? { status: 500, body: { error: 'The database is busy.' } } : { body: { app_users: [] } }),
    });
    const { user } = renderViewer('/?app=field');
    const dialog = await openShare(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Who else has access could not be loaded: The database is busy.');
    expect(window.alert).not.toHaveBeenCalled();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(NOBODY_INVITED)).toBeInTheDocument();
    expect(await accessRows(dialog)).toEqual(['Youann@example.comOwner']);
  });

  it("opens the app's own address as a guest: on this host as a guest preview, on the app's sub-domain as it is (no session goes there)", async () => {
    serveEditor();
    const { user } = renderViewer('/?app=field');
    let dialog = await openShare(user);
    let guest = within(dialog).getByRole('link', { name: 'Open as a guest' });
    expect(guest).toHaveAttribute('href', `${window.location.origin}/?app=field&as=guest`);
    expect(guest).toHaveAttribute('target', '_blank');
    expect(guest).toHaveAccessibleDescription(SESSION_NOTE);
    await user.keyboard('{Escape}');

    // With a base host the app lives at its own sub-domain, where the host-only cookie is not sent.
    setRuntimeConfigForTests({ baseHost: 'tessera.test' });
    dialog = await openShare(user);
    const port = window.location.port ? `:${window.location.port}` : '';
    const address = `${window.location.protocol}//field.tessera.test${port}/`;
    expect(within(dialog).getByRole('textbox', { name: 'App link' })).toHaveValue(address);
    guest = within(dialog).getByRole('link', { name: 'Open as a guest' });
    expect(guest).toHaveAttribute('href', address);
    expect(guest).toHaveAccessibleDescription(GUEST_NOTE);
  });
});

describe('Publish in the app editor', { timeout: 15_000 }, () => {
  it('sets the publish mode and shows what publishing means: address, access, people and pages', async () => {
    const { calls } = serveEditor();
    const { user } = renderViewer('/?app=field');
    await shareButton();
    await user.click(sidebarButton('Publish'));
    expect(sidebarButton('Publish')).toHaveAttribute('aria-pressed', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Publish App' });
    expect(dialog).toHaveAccessibleDescription(PUBLISH_APP_INTRO);
    expect(within(dialog).getByRole('textbox', { name: 'App link' })).toHaveValue(`${window.location.origin}/?app=field`);
    expect(within(dialog).getByText(PRIVATE_APP_STATE)).toBeInTheDocument();
    expect(await accessRows(dialog)).toHaveLength(4);

    const pages = within(dialog).getByRole('region', { name: 'Pages' });
    expect(within(pages).getByText(PAGES_FOR_INVITED)).toBeInTheDocument();
    const links = await within(pages).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', `${window.location.origin}/?app=field`],
      ['About', `${window.location.origin}/about?app=field`],
    ]);

    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    expect(await within(pages).findByText(PAGES_FOR_ANYONE)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ public: true }]);
    expect(screen.getByRole('button', { name: 'Share Public' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Publish App' })).not.toBeInTheDocument();
    expect(sidebarButton('Publish')).toHaveAttribute('aria-pressed', 'false');
  });

  it("opens the Users dialog from Publish's who-has-access", async () => {
    serveEditor({}, true);
    const { user } = renderViewer('/?app=field');
    await shareButton();
    await user.click(sidebarButton('Publish'));
    const dialog = screen.getByRole('dialog', { name: 'Publish App' });
    expect(within(dialog).getByText(PUBLIC_STATE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: INVITE_PEOPLE }));
    expect(screen.getAllByRole('dialog')).toEqual([screen.getByRole('dialog', { name: 'Users' })]);
    expect(sidebarButton('Publish')).toHaveAttribute('aria-pressed', 'false');
  });
});
