import { useState } from 'react';
import { Link } from 'react-router';
import { toApiError } from '../../api/errors';
import type { AppRecord, AppUser } from '../../generated/api';
import { FormError } from '../../components/FormError';
import { appEditorPath } from '../../blocks/links/appLocation';
import { UsersDialog } from '../users/UsersDialog';
import { permissionLabel } from '../users/usersDialogState';
import { listAppUsers, listOwnApps, pageOf, type PageRequest } from './adminApi';
import { AdminTableHead } from './AdminTableHead';
import { countLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';

/** One app with the people invited to it, or why they could not be read. */
interface AppPeople {
  app: AppRecord;
  users: AppUser[] | { failed: string };
}

/**
 * The server lists invited users per app only, so a page of apps is read first and then the
 * users of each app on it, side by side.
 */
async function loadPeople(page: PageRequest) {
  const apps = pageOf(await listOwnApps(), page);
  const items = await Promise.all(
    apps.items.map(async (app): Promise<AppPeople> => {
      try {
        return { app, users: await listAppUsers(app.id) };
      } catch (thrown) {
        return { app, users: { failed: toApiError(thrown).message } };
      }
    }),
  );
  return { items, total: apps.total };
}

/**
 * Who the owner invited: the users of each app with their permission, and the users dialog to
 * add, change or remove them. Boards invite no one, which the tab says.
 */
export function OwnAppUsersTab() {
  const list = usePagedList(loadPeople);
  const [managing, setManaging] = useState<AppRecord | null>(null);

  return (
    <>
      <p className="muted admin-tab-intro">
        Apps invite people with Read or Read-Write access. Boards invite no one: a private board is seen only by you (and the platform&apos;s administrators), a
        public one by anyone with its link. Share in a board&apos;s editor switches between the two.
      </p>
      <ListFrame
        list={list}
        noun="apps"
        empty={
          <p className="muted">
            You have no apps yet, so nobody is invited. <Link to="/dashboard/new-multipage">Make an app</Link> to invite people to it.
          </p>
        }
      >
        {(entries) => (
          <div className="admin-app-users">
            {entries.map(({ app, users }) => (
              <section key={app.id} className="admin-app-users-app" aria-labelledby={`app-users-${app.id}`}>
                <div className="admin-app-users-head">
                  <h3 id={`app-users-${app.id}`}>{app.name}</h3>
                  {Array.isArray(users) && <span className="muted">{countLabel(users.length, 'user', 'users')}</span>}
                  <div className="admin-actions">
                    <Link className="button small" to={appEditorPath(app.subdomain)} aria-label={`Open ${app.name}`}>
                      Open
                    </Link>
                    <button type="button" className="button small" aria-label={`Manage the users of ${app.name}`} onClick={() => setManaging(app)}>
                      Manage users
                    </button>
                  </div>
                </div>
                {!Array.isArray(users) ? (
                  <FormError message={`The users of ${app.name} could not be loaded: ${users.failed}`} />
                ) : users.length === 0 ? (
                  <p className="muted">No one is invited yet: Manage users adds people.</p>
                ) : (
                  <table className="admin-table">
                    <AdminTableHead columns={['Name', 'E-mail', 'Permission']} actions={false} />
                    <tbody>
                      {users.map((user) => (
                        <tr key={user.id}>
                          <td>{user.name}</td>
                          <td>{user.email}</td>
                          <td>{permissionLabel(user.permissions)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            ))}
          </div>
        )}
      </ListFrame>
      <UsersDialog
        appId={managing?.id ?? null}
        open={managing !== null}
        onClose={() => {
          setManaging(null);
          // The dialog changed the server's list; the tab shows what it holds now.
          list.reload();
        }}
      />
    </>
  );
}
