// The users dialog's state (platform §2 'Users dialog', §3 App user, §4, §5) as a pure reducer and
// the pure rules it applies, so every rule is testable without React or fetch. The requests
// themselves live in useUsersDialog.ts.
import type { AppUser } from '../../generated/api';
// The one browser copy of the core's e-mail rule (platform §5), replayed against its vectors.
import { isEmail } from '../../blocks/form/fields';

export const LOADING_USERS = 'Loading users...';
export const NO_USERS = 'No users found.';
export const REQUIRED_MESSAGE = 'Please fill in both Name and Email.';
// platform §5 writes '(e.g., {email})'. The spec's texts quote every e-mail address as {email}
// (as in the delete question), so here it stands for an example address, not for what was typed:
// repeating an invalid entry back would show no valid form. The server's own check (api/app_users.rs
// BAD_EMAIL) says name@example.com, so both layers show the same sentence.
export const EXAMPLE_EMAIL = 'name@example.com';
export const INVALID_EMAIL_MESSAGE = `Please enter a valid Email address (e.g., ${EXAMPLE_EMAIL}).`;
/** platform §9: 'Loading users...' stays at least this long, so a fast answer does not flicker. */
export const USERS_MIN_LOADING_MS = 200;

export const loadFailedMessage = (message: string) => `Failed to load users: ${message}`;
export const updateFailedMessage = (message: string) => `Failed to update user: ${message}`;
export const deleteFailedMessage = (message: string) => `Failed to delete user: ${message}`;
export const deleteQuestion = (user: Pick<AppUser, 'name' | 'email'>) =>
  `Are you sure you want to delete user "${user.name}" (${user.email})? This action cannot be undone.`;

/** 'read' or 'read-write' as stored; older or foreign values may be anything (shown as Read). */
export type AppUserPermission = 'read' | 'read-write';

export const PERMISSION_OPTIONS: ReadonlyArray<{ value: AppUserPermission; label: string }> = [
  { value: 'read', label: 'Read' },
  { value: 'read-write', label: 'Read-Write' },
];

/** platform §4: anything but 'read-write' (another value, or none) counts as Read. */
export function permissionOf(value: unknown): AppUserPermission {
  return value === 'read-write' ? 'read-write' : 'read';
}

export function permissionLabel(value: unknown): string {
  return permissionOf(value) === 'read-write' ? 'Read-Write' : 'Read';
}

function createdAt(user: AppUser): number {
  const seconds = Number(user.created_at);
  return Number.isFinite(seconds) ? seconds : 0;
}

/** Ascending by created_at (platform §3); equal times keep their order (Array.sort is stable). */
export function sortUsers(users: readonly AppUser[]): AppUser[] {
  return [...users].sort((a, b) => createdAt(a) - createdAt(b));
}

/** The list with an added user, or null when the answer lacks id or created_at (reload instead). */
export function withAdded(users: readonly AppUser[], added: Partial<AppUser> | null | undefined): AppUser[] | null {
  if (!added || !added.id || added.created_at === undefined || added.created_at === null) return null;
  return sortUsers([...users, added as AppUser]);
}

/**
 * The list with user `userId` changed to what was sent and what the server answered, keeping the
 * row's created_at (platform §4); null when the row is no longer in the list (reload instead).
 */
export function withUpdated(
  users: readonly AppUser[],
  userId: string,
  sent: Pick<AppUser, 'name' | 'email' | 'permissions'>,
  answered: Partial<AppUser> | null | undefined,
): AppUser[] | null {
  const index = users.findIndex((user) => user.id === userId);
  if (index < 0) return null;
  const row = users[index];
  const next = [...users];
  next[index] = { ...row, ...sent, ...(answered ?? {}), id: row.id, created_at: row.created_at };
  return next;
}

export function withoutUser(users: readonly AppUser[], userId: string): AppUser[] {
  return users.filter((user) => user.id !== userId);
}

export type UserFormField = 'name' | 'email';

export interface UserFormValues {
  name: string;
  email: string;
  permission: AppUserPermission;
}

export type Validation = { ok: true; values: UserFormValues } | { ok: false; message: string; field: UserFormField };

/** platform §5: trimmed name and e-mail required (the first empty one is named), then the e-mail pattern. */
export function validateUserForm(form: UserFormValues): Validation {
  const name = form.name.trim();
  const email = form.email.trim();
  if (!name || !email) return { ok: false, message: REQUIRED_MESSAGE, field: name ? 'email' : 'name' };
  if (!isEmail(email)) return { ok: false, message: INVALID_EMAIL_MESSAGE, field: 'email' };
  return { ok: true, values: { name, email, permission: form.permission } };
}

export interface UserForm extends UserFormValues {
  /** null: add mode; else the id of the user being edited. */
  userId: string | null;
}

export interface UsersDialogState {
  users: AppUser[];
  loading: boolean;
  form: UserForm | null;
  /** An add or update is under way: the form and the dialog cannot close. */
  submitting: boolean;
  /** The user whose delete is under way. */
  deletingId: string | null;
  /** The list no longer matches the server (an answer the dialog cannot place): load it again. */
  stale: boolean;
}

export const initialUsersDialogState: UsersDialogState = {
  users: [],
  loading: true,
  form: null,
  submitting: false,
  deletingId: null,
  stale: false,
};

export type UsersDialogAction =
  | { type: 'loadStarted' }
  | { type: 'loaded'; users: AppUser[] }
  | { type: 'loadFailed' }
  | { type: 'addOpened' }
  | { type: 'editOpened'; user: AppUser }
  | { type: 'formChanged'; values: Partial<UserFormValues> }
  | { type: 'formClosed' }
  | { type: 'submitStarted' }
  | { type: 'submitFailed' }
  | { type: 'added'; answer: Partial<AppUser> | null | undefined }
  | { type: 'updated'; userId: string; sent: Pick<AppUser, 'name' | 'email' | 'permissions'>; answer: Partial<AppUser> | null | undefined }
  | { type: 'deleteStarted'; userId: string }
  | { type: 'deleted'; userId: string }
  | { type: 'deleteFailed' };

/** The form's change is stored: the form closes and the list is `users`, or reloaded when null. */
function stored(state: UsersDialogState, users: AppUser[] | null): UsersDialogState {
  const done = { ...state, submitting: false, form: null };
  return users ? { ...done, users } : { ...done, stale: true };
}

export function usersDialogReducer(state: UsersDialogState, action: UsersDialogAction): UsersDialogState {
  switch (action.type) {
    case 'loadStarted':
      return { ...state, loading: true, stale: false };
    case 'loaded':
      return { ...state, loading: false, users: sortUsers(action.users) };
    case 'loadFailed':
      return { ...state, loading: false };
    case 'addOpened':
      return state.submitting ? state : { ...state, form: { userId: null, name: '', email: '', permission: 'read' } };
    case 'editOpened': {
      if (state.submitting) return state;
      const { user } = action;
      return { ...state, form: { userId: user.id, name: user.name ?? '', email: user.email ?? '', permission: permissionOf(user.permissions) } };
    }
    case 'formChanged':
      return state.form && !state.submitting ? { ...state, form: { ...state.form, ...action.values } } : state;
    case 'formClosed':
      return state.submitting ? state : { ...state, form: null };
    case 'submitStarted':
      return state.form ? { ...state, submitting: true } : state;
    case 'submitFailed':
      // The form stays open with what was typed, so nothing is lost.
      return { ...state, submitting: false };
    case 'added':
      return stored(state, withAdded(state.users, action.answer));
    case 'updated':
      return stored(state, withUpdated(state.users, action.userId, action.sent, action.answer));
    case 'deleteStarted':
      return { ...state, deletingId: action.userId };
    case 'deleted':
      return { ...state, deletingId: null, users: withoutUser(state.users, action.userId) };
    case 'deleteFailed':
      return { ...state, deletingId: null };
  }
}
