import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import { DeleteIcon, EditIcon } from './icons';
import { useUsersDialog } from './useUsersDialog';
import { UserFormPopup } from './UserFormPopup';
import { LOADING_USERS, NO_USERS, permissionLabel } from './usersDialogState';
import './users.css';

export interface UsersDialogProps {
  appId: string | null;
  open: boolean;
  onClose: () => void;
}

/**
 * platform §2 'Users dialog': who may open the app, with Read or Read-Write access. One dialog per
 * app: a new app id while open starts afresh (its own state and a new load).
 */
export function UsersDialog({ appId, open, onClose }: UsersDialogProps) {
  if (!open || !appId) return null;
  return <UsersDialogBody key={appId} appId={appId} onClose={onClose} />;
}

function UsersDialogBody({ appId, onClose }: { appId: string; onClose: () => void }) {
  const { state, confirmDialog, submit, remove, openAdd, openEdit, change, closeForm } = useUsersDialog(appId);
  const { users, loading, form, submitting, deletingId } = state;

  return (
    <>
      {/* While the form is open its own Escape and overlay close only the form, never this dialog too. */}
      <Popup title="Users" onClose={onClose} maxWidth={700} closeBlocked={submitting || form !== null}>
        <div className="users-dialog">
          <div className="users-toolbar">
            <button type="button" className="button primary" onClick={openAdd} disabled={loading}>
              Add Users
            </button>
          </div>
          {loading ? (
            <Loading message={LOADING_USERS} />
          ) : (
            <div className="table-scroll">
              <table className="users-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Permission</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {users.length === 0 ? (
                    <tr>
                      <td className="empty" colSpan={4}>
                        {NO_USERS}
                      </td>
                    </tr>
                  ) : (
                    users.map((user) => (
                      <tr key={user.id}>
                        <td>{user.name}</td>
                        <td>{user.email}</td>
                        <td>{permissionLabel(user.permissions)}</td>
                        <td className="users-actions">
                          <button
                            type="button"
                            className="icon-button"
                            aria-label={`Edit ${user.name}`}
                            onClick={() => openEdit(user)}
                            disabled={deletingId !== null}
                          >
                            <EditIcon />
                          </button>
                          <button
                            type="button"
                            className="icon-button danger"
                            aria-label={`Delete ${user.name}`}
                            onClick={() => void remove(user)}
                            disabled={deletingId !== null}
                          >
                            <DeleteIcon />
                          </button>
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </Popup>
      {form && <UserFormPopup form={form} submitting={submitting} onChange={change} onCancel={closeForm} onSubmit={submit} />}
      {confirmDialog}
    </>
  );
}
