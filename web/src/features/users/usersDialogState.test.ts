import type { AppUser } from '../../generated/api';
import {
  deleteQuestion,
  initialUsersDialogState,
  INVALID_EMAIL_MESSAGE,
  permissionLabel,
  permissionOf,
  REQUIRED_MESSAGE,
  sortUsers,
  usersDialogReducer,
  validateUserForm,
  withAdded,
  withoutUser,
  withUpdated,
  type UsersDialogAction,
  type UsersDialogState,
} from './usersDialogState';

const ann: AppUser = { id: 'a', name: 'Ann', email: 'ann@example.com', permissions: 'read', created_at: 100 };
const bob: AppUser = { id: 'b', name: 'Bob', email: 'bob@example.com', permissions: 'read-write', created_at: 200 };
const cy: AppUser = { id: 'c', name: 'Cy', email: 'cy@example.com', permissions: 'read', created_at: 300 };

const run = (state: UsersDialogState, ...actions: UsersDialogAction[]) => actions.reduce(usersDialogReducer, state);
const loadedWith = (users: AppUser[]) => run(initialUsersDialogState, { type: 'loaded', users });

describe('permissions', () => {
  it('shows read-write as Read-Write and every other value, or none, as Read', () => {
    expect(permissionLabel('read-write')).toBe('Read-Write');
    expect(permissionLabel('read')).toBe('Read');
    for (const odd of ['admin', 'READ-WRITE', '', null, undefined, 3]) {
      expect(permissionLabel(odd)).toBe('Read');
      expect(permissionOf(odd)).toBe('read');
    }
  });
});

describe('list rules', () => {
  it('sorts ascending by created_at as numbers, keeping the order of equal times', () => {
    const tie = { ...bob, id: 'b2', created_at: 200 };
    const asText = { ...cy, created_at: '1000' as unknown as number };
    expect(sortUsers([asText, bob, tie, ann]).map((u) => u.id)).toEqual(['a', 'b', 'b2', 'c']);
  });

  it('places an added user by created_at', () => {
    expect(withAdded([ann, cy], bob)?.map((u) => u.id)).toEqual(['a', 'b', 'c']);
  });

  it('asks for a reload when the added user lacks id or created_at', () => {
    expect(withAdded([ann], { ...bob, id: '' })).toBeNull();
    expect(withAdded([ann], { name: 'Bob', email: 'bob@example.com', created_at: 5 })).toBeNull();
    expect(withAdded([ann], { id: 'b', name: 'Bob', email: 'bob@example.com' })).toBeNull();
    expect(withAdded([ann], null)).toBeNull();
  });

  it('replaces an updated row in place and keeps its created_at', () => {
    const sent = { name: 'Ann B', email: 'annb@example.com', permissions: 'read-write' };
    const updated = withUpdated([ann, bob], 'a', sent, { ...ann, ...sent, created_at: 999 });
    expect(updated).toEqual([{ ...ann, ...sent, created_at: 100 }, bob]);
  });

  it('uses what was sent when the update answer is empty', () => {
    const sent = { name: 'Bobby', email: 'bob@example.com', permissions: 'read' };
    expect(withUpdated([ann, bob], 'b', sent, undefined)?.[1]).toEqual({ ...bob, ...sent });
  });

  it('asks for a reload when the updated row is not in the list', () => {
    expect(withUpdated([ann], 'gone', { name: 'X', email: 'x@example.com', permissions: 'read' }, null)).toBeNull();
  });

  it('removes a deleted user', () => {
    expect(withoutUser([ann, bob, cy], 'b')).toEqual([ann, cy]);
  });
});

describe('validateUserForm (platform §5)', () => {
  const form = (name: string, email: string) => ({ name, email, permission: 'read' as const });

  it('requires a trimmed name and e-mail and names the first empty field', () => {
    expect(validateUserForm(form('  ', 'ann@example.com'))).toEqual({ ok: false, message: REQUIRED_MESSAGE, field: 'name' });
    expect(validateUserForm(form('Ann', ' '))).toEqual({ ok: false, message: REQUIRED_MESSAGE, field: 'email' });
    expect(validateUserForm(form('', ''))).toEqual({ ok: false, message: REQUIRED_MESSAGE, field: 'name' });
  });

  it('wants local part, @, domain, dot and two or more letters', () => {
    for (const bad of ['ann', 'ann@example', 'ann@example.c', '@example.com', 'ann@.com', 'a b@example.com', 'ann@example.c0m']) {
      expect(validateUserForm(form('Ann', bad))).toEqual({ ok: false, message: INVALID_EMAIL_MESSAGE, field: 'email' });
    }
    expect(validateUserForm(form('Ann', 'ann.lee+x@mail.example.org')).ok).toBe(true);
    // The core's rule: Unicode letters after the last dot count, as the server takes them.
    expect(validateUserForm(form('Ada', 'ada@пример.рф')).ok).toBe(true);
  });

  it('gives an example address in the invalid e-mail text, like the server does', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid Email address (e.g., name@example.com).');
  });

  it('hands back the trimmed values', () => {
    expect(validateUserForm({ name: ' Ann ', email: ' ann@example.com ', permission: 'read-write' })).toEqual({
      ok: true,
      values: { name: 'Ann', email: 'ann@example.com', permission: 'read-write' },
    });
  });
});

describe('usersDialogReducer', () => {
  it('starts loading and shows the loaded users sorted', () => {
    expect(initialUsersDialogState.loading).toBe(true);
    const state = loadedWith([cy, ann, bob]);
    expect(state.loading).toBe(false);
    expect(state.users.map((u) => u.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the list it had when a load fails', () => {
    const state = run(loadedWith([ann]), { type: 'loadStarted' }, { type: 'loadFailed' });
    expect(state).toMatchObject({ loading: false, users: [ann] });
  });

  it('opens the add form empty with Read and the edit form prefilled', () => {
    expect(run(loadedWith([]), { type: 'addOpened' }).form).toEqual({ userId: null, name: '', email: '', permission: 'read' });
    expect(run(loadedWith([bob]), { type: 'editOpened', user: bob }).form).toEqual({
      userId: 'b',
      name: 'Bob',
      email: 'bob@example.com',
      permission: 'read-write',
    });
    const odd = { ...ann, permissions: 'owner' };
    expect(run(loadedWith([odd]), { type: 'editOpened', user: odd }).form?.permission).toBe('read');
  });

  it('blocks closing and changes while a submit runs', () => {
    const submitting = run(loadedWith([]), { type: 'addOpened' }, { type: 'formChanged', values: { name: 'Ann' } }, { type: 'submitStarted' });
    expect(submitting.submitting).toBe(true);
    const after = run(submitting, { type: 'formClosed' }, { type: 'formChanged', values: { name: 'X' } }, { type: 'addOpened' });
    expect(after.form?.name).toBe('Ann');
  });

  it('keeps the form and what was typed when a submit fails', () => {
    const state = run(
      loadedWith([]),
      { type: 'addOpened' },
      { type: 'formChanged', values: { name: 'Ann', email: 'ann@example.com' } },
      { type: 'submitStarted' },
      { type: 'submitFailed' },
    );
    expect(state).toMatchObject({ submitting: false, form: { name: 'Ann', email: 'ann@example.com' } });
  });

  it('closes the form and appends the added user, or marks the list stale', () => {
    const open = run(loadedWith([ann, cy]), { type: 'addOpened' }, { type: 'submitStarted' });
    const added = run(open, { type: 'added', answer: bob });
    expect(added).toMatchObject({ form: null, submitting: false, stale: false });
    expect(added.users.map((u) => u.id)).toEqual(['a', 'b', 'c']);
    const incomplete = run(open, { type: 'added', answer: { name: 'Bob' } });
    expect(incomplete).toMatchObject({ form: null, submitting: false, stale: true, users: [ann, cy] });
    expect(run(incomplete, { type: 'loadStarted' }).stale).toBe(false);
  });

  it('replaces the updated row, or marks the list stale when the row is gone', () => {
    const sent = { name: 'Ann B', email: 'ann@example.com', permissions: 'read-write' };
    const open = run(loadedWith([ann, bob]), { type: 'editOpened', user: ann }, { type: 'submitStarted' });
    expect(run(open, { type: 'updated', userId: 'a', sent, answer: null }).users[0]).toEqual({ ...ann, ...sent });
    expect(run(open, { type: 'updated', userId: 'x', sent, answer: null }).stale).toBe(true);
  });

  it('removes a deleted row and clears the delete mark either way', () => {
    const deleting = run(loadedWith([ann, bob]), { type: 'deleteStarted', userId: 'a' });
    expect(deleting.deletingId).toBe('a');
    expect(run(deleting, { type: 'deleted', userId: 'a' })).toMatchObject({ deletingId: null, users: [bob] });
    expect(run(deleting, { type: 'deleteFailed' })).toMatchObject({ deletingId: null, users: [ann, bob] });
  });

  it('asks the delete question with name and e-mail', () => {
    expect(deleteQuestion(ann)).toBe('Are you sure you want to delete user "Ann" (ann@example.com)? This action cannot be undone.');
  });
});
