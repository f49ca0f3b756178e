import { useState } from 'react';
import { Link } from 'react-router';
import type { AppRecord } from '../../generated/api';
import { appEditorPath } from '../../blocks/links/appLocation';
import { UsersDialog } from '../users/UsersDialog';
import { deleteApp, listOwnApps, listOwnWorkspaces, pageOf } from './adminApi';
import { RowActions } from './AdminControls';
import { AdminTableHead } from './AdminTableHead';
import { dateLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';
import { useWorkspaceParam, WorkspaceFilterNote } from './workspaceFilter';

/** The owner's apps, all or one workspace's: open one in its editor, manage who may use it, delete it. */
export function OwnAppsTab() {
  const workspace = useWorkspaceParam();
  // A new workspace in the address starts a fresh list (first page, its own rows).
  return <AppsList key={workspace} workspaceId={workspace} />;
}

interface AppRow extends AppRecord {
  workspace_name: string;
}

function AppsList({ workspaceId }: { workspaceId: string }) {
  const [workspaceName, setWorkspaceName] = useState<string | null | undefined>(undefined);
  const [usersOf, setUsersOf] = useState<AppRecord | null>(null);
  const list = usePagedList(async (page) => {
    const [apps, workspaces] = await Promise.all([listOwnApps(), listOwnWorkspaces()]);
    const names = new Map(workspaces.map((w) => [w.id, w.name]));
    if (workspaceId) setWorkspaceName(names.get(workspaceId) ?? null);
    const rows: AppRow[] = apps
      .filter((app) => !workspaceId || app.workspace_id === workspaceId)
      .map((app) => ({ ...app, workspace_name: names.get(app.workspace_id) ?? '' }));
    return pageOf(rows, page);
  });

  return (
    <>
      {workspaceId && <WorkspaceFilterNote tab="apps" noun="apps" name={workspaceName} />}
      <ListFrame
        list={list}
        noun="apps"
        empty={
          <p className="muted">
            No apps {workspaceId ? 'in this workspace' : 'yet'}. An app joins several pages of blocks under its own address and invites people to it:{' '}
            <Link to={workspaceId ? `/dashboard/new-multipage?${new URLSearchParams({ workspace: workspaceId })}` : '/dashboard/new-multipage'}>
              make an app
            </Link>
            .
          </p>
        }
      >
        {(apps) => (
          <table className="admin-table">
            <AdminTableHead columns={['Name', 'Sub-domain', 'Workspace', 'Visibility', 'Created']} />
            <tbody>
              {apps.map((app) => (
                <tr key={app.id}>
                  <td>{app.name}</td>
                  <td>{app.subdomain}</td>
                  <td>{app.workspace_name}</td>
                  <td>{app.public ? 'Public' : 'Private'}</td>
                  <td>{dateLabel(app.created_at)}</td>
                  <RowActions
                    name={app.name}
                    openTo={appEditorPath(app.subdomain)}
                    deleteQuestion={`Delete the app "${app.name}" with its pages and users? Its sub-domain becomes free. This cannot be undone.`}
                    busy={list.working === app.id}
                    onDelete={() => void list.act(app.id, () => deleteApp(app.id))}
                  >
                    <button type="button" className="button small" aria-label={`Users of ${app.name}`} onClick={() => setUsersOf(app)}>
                      Users
                    </button>
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
      <UsersDialog appId={usersOf?.id ?? null} open={usersOf !== null} onClose={() => setUsersOf(null)} />
    </>
  );
}
