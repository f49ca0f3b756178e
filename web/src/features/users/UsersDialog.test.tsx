import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppUser } from '../../generated/api';
import { mockFetch, type Answer, type Routes } from '../../test/fetchMock';
import { UsersDialog } from './UsersDialog';

const ann: AppUser = { id: 'a', name: 'Ann Lee', email: 'ann@example.com', permissions: 'read', created_at: 100 };
const bob: AppUser = { id: 'b', name: 'Bob Roy', email: 'bob@example.com', permissions: 'read-write', created_at: 200 };
const cy: AppUser = { id: 'c', name: 'Cy Odd', email: 'cy@example.com', permissions: 'owner', created_at: 300 };

const LIST = 'GET /api/mutipageapp_users/app1';

function serve(users: AppUser[], more: Routes = {}) {
  return mockFetch({ [LIST]: { body: { app_users: users } }, ...more });
}

/** Holds every request to `method` until `release()`, to look at the screen while it runs. */
function holdRequests(fetchMock: ReturnType<typeof mockFetch>['fetchMock'], method: string) {
  const answer = fetchMock.getMockImplementation()!;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  fetchMock.mockImplementation(async (input, init = {}) => {
    if (init.method === method) await gate;
    return answer(input, init);
  });
  return () => act(release);
}

function open(appId: string | null = 'app1') {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = render(<UsersDialog appId={appId} open onClose={onClose} />);
  return { user, onClose, ...view };
}

const dialog = () => screen.getByRole('dialog', { name: 'Users' });
const form = (title = 'Add User') => screen.getByRole('dialog', { name: title });
const rows = () => within(dialog()).getAllByRole('row').slice(1);
/** The in-app question before a delete, answered with `answer`. */
const answerDelete = async (user: ReturnType<typeof open>['user'], answer: 'Delete' | 'Cancel') =>
  user.click(within(screen.getByRole('alertdialog', { name: 'Delete user' })).getByRole('button', { name: answer }));
const rowText = () =>
  rows().map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 3)
      .map((cell) => cell.textContent),
  );

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UsersDialog: loading', () => {
  it('shows nothing and loads nothing when closed or without an app id', () => {
    const { calls } = serve([]);
    const { rerender } = render(<UsersDialog appId="app1" open={false} onClose={() => {}} />);
    rerender(<UsersDialog appId={null} open onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lists the users oldest first with their permission, in a dialog at most 700 px wide', async () => {
    const { calls } = serve([cy, bob, ann]);
    open();
    expect(dialog()).toHaveStyle({ maxWidth: '700px' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(
      within(dialog())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Permission', 'Action']);
    expect(rowText()).toEqual([
      ['Ann Lee', 'ann@example.com', 'Read'],
      ['Bob Roy', 'bob@example.com', 'Read-Write'],
      ['Cy Odd', 'cy@example.com', 'Read'],
    ]);
    expect(screen.getByRole('button', { name: 'Edit Ann Lee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Ann Lee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Users' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([LIST]);
  });

  it('shows Loading users... for at least 200 ms, however fast the answer', async () => {
    vi.useFakeTimers();
    serve([ann]);
    render(<UsersDialog appId="app1" open onClose={() => {}} />);
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Loading users...')).not.toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
  });

  it('says No users found. for an empty list', async () => {
    serve([]);
    open();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('reloads for the new app when the app id changes while open', async () => {
    const { calls } = serve([ann], { 'GET /api/mutipageapp_users/app2': { body: { app_users: [bob] } } });
    const { rerender } = open();
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    rerender(<UsersDialog appId="app2" open onClose={() => {}} />);
    expect(await screen.findByText('Bob Roy')).toBeInTheDocument();
    expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/mutipageapp_users/app1', '/api/mutipageapp_users/app2']);
  });

  it('alerts the server message once when the load fails', async () => {
    mockFetch({ [LIST]: { status: 500, body: { error: 'The database is busy.' } } });
    open();
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to load users: The database is busy.'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('alerts the error message when the request itself fails', async () => {
    mockFetch({});
    open();
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to load users: no answer for GET /api/mutipageapp_users/app1'));
    expect(window.alert).toHaveBeenCalledTimes(1);
  });

  it('closes with the close button', async () => {
    serve([]);
    const { user, onClose } = open();
    await screen.findByText('No users found.');
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('UsersDialog: adding', () => {
  it('opens an empty Add User form at most 450 px wide and adds the user in created_at order', async () => {
    const added = { id: 'n', name: 'Nia Park', email: 'nia@example.com', permissions: 'read-write', created_at: 150 };
    const { calls } = serve([ann, bob], { 'POST /api/mutipageapp_users': { status: 201, body: { new_app_user: added } } });
    const { user } = open();
    await screen.findByText('Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    expect(form()).toHaveStyle({ maxWidth: '450px' });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('button', { name: /^Permission/ })).toHaveAccessibleName('Permission Read');
    await user.type(screen.getByLabelText('Name'), '  Nia Park ');
    await user.type(screen.getByLabelText('Email'), 'nia@example.com');
    await user.click(screen.getByRole('button', { name: /^Permission/ }));
    await user.click(screen.getByRole('option', { name: 'Read-Write' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      appId: 'app1',
      name: 'Nia Park',
      email: 'nia@example.com',
      permissions: 'read-write',
    });
    expect(rowText().map(([name]) => name)).toEqual(['Ann Lee', 'Nia Park', 'Bob Roy']);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('reloads the list when the answer lacks id or created_at', async () => {
    let lists = 0;
    const { calls } = mockFetch({
      [LIST]: () => ({ body: { app_users: ++lists === 1 ? [ann] : [ann, bob] } }),
      'POST /api/mutipageapp_users': { status: 201, body: { new_app_user: { name: 'Bob Roy' } } },
    });
    const { user } = open();
    await screen.findByText('Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    await user.type(screen.getByLabelText('Name'), 'Bob Roy');
    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Bob Roy')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('shows Submitting... and blocks every way of closing while the add runs', async () => {
    const { fetchMock, calls } = serve([], {
      'POST /api/mutipageapp_users': { status: 201, body: { new_app_user: { ...ann } } },
    });
    const release = holdRequests(fetchMock, 'POST');
    const { user, onClose } = open();
    await screen.findByText('No users found.');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    await user.type(screen.getByLabelText('Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const submitting = await screen.findByRole('button', { name: 'Submitting...' });
    expect(submitting).toBeDisabled();
    expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(form()).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getAllByTestId('popup-overlay')[1]);
    await user.click(screen.getAllByTestId('popup-overlay')[0]);
    expect(form()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(submitting);
    await release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
  });

  it('fails silently and keeps the form with what was typed', async () => {
    serve([], { 'POST /api/mutipageapp_users': { status: 409, body: { error: 'This e-mail has already been added to this app.' } } });
    const { user } = open();
    await screen.findByText('No users found.');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    await user.type(screen.getByLabelText('Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Add' })).toBeEnabled();
    expect(window.alert).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });

  it('asks for both fields and focuses the empty one, without a request', async () => {
    const { calls } = serve([]);
    const { user } = open();
    await screen.findByText('No users found.');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(window.alert).toHaveBeenLastCalledWith('Please fill in both Name and Email.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(window.alert).toHaveBeenLastCalledWith('Please fill in both Name and Email.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for a valid e-mail with an example address', async () => {
    const { calls } = serve([]);
    const { user } = open();
    await screen.findByText('No users found.');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(window.alert).toHaveBeenCalledWith('Please enter a valid Email address (e.g., name@example.com).');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('closes only the form on Cancel or Escape', async () => {
    serve([]);
    const { user, onClose } = open();
    await screen.findByText('No users found.');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    await user.click(screen.getByRole('button', { name: /^Permission/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(form()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('UsersDialog: editing', () => {
  const putAnswer = (answer: Answer) => serve([ann, bob, cy], { 'PUT /api/mutipageapp_users': answer });

  it('prefills the Edit User form and replaces the row in place', async () => {
    const { calls } = putAnswer({ body: { updated_user: { ...bob, name: 'Bob Ray', permissions: 'read', created_at: 999 } } });
    const { user } = open();
    await screen.findByText('Bob Roy');
    await user.click(screen.getByRole('button', { name: 'Edit Bob Roy' }));
    expect(form('Edit User')).toHaveStyle({ maxWidth: '450px' });
    expect(screen.getByLabelText('Name')).toHaveValue('Bob Roy');
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
    expect(screen.getByRole('button', { name: /^Permission/ })).toHaveAccessibleName('Permission Read-Write');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Bob Ray');
    screen.getByRole('button', { name: /^Permission/ }).focus();
    await user.keyboard('{ArrowDown}{Home}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      appId: 'app1',
      userId: 'b',
      name: 'Bob Ray',
      email: 'bob@example.com',
      permissions: 'read',
    });
    expect(rowText()).toEqual([
      ['Ann Lee', 'ann@example.com', 'Read'],
      ['Bob Ray', 'bob@example.com', 'Read'],
      ['Cy Odd', 'cy@example.com', 'Read'],
    ]);
  });

  it('edits a user whose stored permission is unknown as Read', async () => {
    putAnswer({ body: {} });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Cy Odd' }));
    expect(screen.getByRole('button', { name: /^Permission/ })).toHaveAccessibleName('Permission Read');
  });

  it('alerts a failed update and keeps the form', async () => {
    putAnswer({ status: 409, body: { error: 'This e-mail has already been added to this app.' } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Ann Lee' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to update user: This e-mail has already been added to this app.'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(form('Edit User')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });
});

describe('UsersDialog: deleting', () => {
  it('asks first, then deletes with appId and userId and removes the row', async () => {
    const { calls } = serve([ann, bob], { 'DELETE /api/mutipageapp_users': { body: { deleted: true, userId: 'a' } } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Ann Lee' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete user' })).toHaveAccessibleDescription(
      'Are you sure you want to delete user "Ann Lee" (ann@example.com)? This action cannot be undone.',
    );
    await answerDelete(user, 'Delete');
    await waitFor(() => expect(screen.queryByText('Ann Lee')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ appId: 'app1', userId: 'a' });
    expect(screen.getByText('Bob Roy')).toBeInTheDocument();
  });

  it('does nothing when the question is cancelled', async () => {
    const { calls } = serve([ann]);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Ann Lee' }));
    await answerDelete(user, 'Cancel');
    expect(dialog()).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
  });

  it('alerts a failed delete and keeps the row', async () => {
    serve([ann], { 'DELETE /api/mutipageapp_users': { status: 404, body: { error: 'This user is not a user of the app.' } } });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Ann Lee' }));
    await answerDelete(user, 'Delete');
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to delete user: This user is not a user of the app.'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Ann Lee' })).toBeEnabled();
  });
});
