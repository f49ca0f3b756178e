// The users dialog's requests (platform §7 mutipageapp_users) and alerts (§8) around the pure
// reducer of usersDialogState.ts. Every call opts out of the request layer's own alert so that
// the dialog shows exactly the spec's texts.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toApiError } from '../../api/errors';
import type { AppUser } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { addAppUser, deleteAppUser, fetchAppUsers, updateAppUser } from './appUsersApi';
import {
  deleteFailedMessage,
  deleteQuestion,
  initialUsersDialogState,
  loadFailedMessage,
  updateFailedMessage,
  USERS_MIN_LOADING_MS,
  usersDialogReducer,
  validateUserForm,
  type UserForm,
  type UserFormField,
  type UserFormValues,
} from './usersDialogState';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Settles like `promise`, but not before `ms` have passed (platform §9 minimum display delay). */
async function atLeast<T>(promise: Promise<T>, ms: number): Promise<T> {
  const [outcome] = await Promise.allSettled([promise, wait(ms)]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

/** The dialog of one app; the caller remounts it (a React key) when the app changes. */
export function useUsersDialog(appId: string) {
  const [state, dispatch] = useReducer(usersDialogReducer, initialUsersDialogState);
  const { confirm, confirmDialog } = useConfirm();
  // Answers that arrive after the dialog closed, or after a newer load started, are dropped.
  const alive = useRef(true);
  const loadSeq = useRef(0);
  const loadAbort = useRef<AbortController | null>(null);
  // One add, update or delete at a time, even before the disabled buttons have rendered.
  const busy = useRef(false);

  const load = useCallback(async () => {
    const seq = ++loadSeq.current;
    loadAbort.current?.abort();
    const abort = new AbortController();
    loadAbort.current = abort;
    dispatch({ type: 'loadStarted' });
    try {
      const users = await atLeast(fetchAppUsers(appId, abort.signal), USERS_MIN_LOADING_MS);
      if (alive.current && seq === loadSeq.current) dispatch({ type: 'loaded', users });
    } catch (thrown) {
      if (!alive.current || seq !== loadSeq.current || abort.signal.aborted) return;
      dispatch({ type: 'loadFailed' });
      window.alert(loadFailedMessage(toApiError(thrown).message));
    }
  }, [appId]);

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
      loadAbort.current?.abort();
    };
  }, [load]);

  // An answer the dialog could not place in its list (platform §4) makes it load the list again.
  useEffect(() => {
    if (state.stale) void load();
  }, [state.stale, load]);

  /** Sends the form; a validation failure is alerted and its field returned for focus. */
  const submit = useCallback(
    async (form: UserForm): Promise<UserFormField | null> => {
      if (busy.current) return null;
      const checked = validateUserForm(form);
      if (!checked.ok) {
        window.alert(checked.message);
        return checked.field;
      }
      const { name, email, permission } = checked.values;
      const sent = { name, email, permissions: permission };
      const { userId } = form;
      busy.current = true;
      dispatch({ type: 'submitStarted' });
      try {
        if (userId === null) {
          const answer = await addAppUser(appId, sent);
          if (alive.current) dispatch({ type: 'added', answer: answer?.new_app_user });
        } else {
          const answer = await updateAppUser(appId, userId, sent);
          if (alive.current) dispatch({ type: 'updated', userId, sent, answer: answer?.updated_user });
        }
      } catch (thrown) {
        if (!alive.current) return null;
        dispatch({ type: 'submitFailed' });
        // platform §8: a failed add shows no message (the form keeps what was typed); a failed update alerts.
        if (userId !== null) window.alert(updateFailedMessage(toApiError(thrown).message));
      } finally {
        busy.current = false;
      }
      return null;
    },
    [appId],
  );

  const remove = useCallback(
    async (user: AppUser) => {
      if (busy.current || !(await confirm({ title: 'Delete user', question: deleteQuestion(user), confirmLabel: 'Delete' })) || busy.current) return;
      busy.current = true;
      dispatch({ type: 'deleteStarted', userId: user.id });
      try {
        await deleteAppUser(appId, user.id);
        if (alive.current) dispatch({ type: 'deleted', userId: user.id });
      } catch (thrown) {
        if (!alive.current) return;
        dispatch({ type: 'deleteFailed' });
        window.alert(deleteFailedMessage(toApiError(thrown).message));
      } finally {
        busy.current = false;
      }
    },
    [appId, confirm],
  );

  return {
    state,
    /** The question before a delete, to render with the dialog. */
    confirmDialog,
    submit,
    remove,
    openAdd: useCallback(() => dispatch({ type: 'addOpened' }), []),
    openEdit: useCallback((user: AppUser) => dispatch({ type: 'editOpened', user }), []),
    change: useCallback((values: Partial<UserFormValues>) => dispatch({ type: 'formChanged', values }), []),
    closeForm: useCallback(() => dispatch({ type: 'formClosed' }), []),
  };
}
