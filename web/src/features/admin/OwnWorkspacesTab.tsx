import { Link } from 'react-router';
import type { Workspace } from '../../generated/api';
import { deleteOwnWorkspace, listOwnApps, listOwnBoards, listOwnWorkspaces, pageOf } from './adminApi';
import { DeleteButton } from './AdminControls';
import { AdminTableHead } from './AdminTableHead';
import { countLabel, dateLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';
import { workspaceTabHref } from './workspaceFilter';

interface WorkspaceRow extends Workspace {
  boards: number;
  apps: number;
}

async function loadWorkspaces(): Promise<WorkspaceRow[]> {
  const [workspaces, boards, apps] = await Promise.all([listOwnWorkspaces(), listOwnBoards(), listOwnApps()]);
  return workspaces.map((workspace) => ({
    ...workspace,
    boards: boards.filter((board) => board.workspace_id === workspace.id).length,
    apps: apps.filter((app) => app.workspace_id === workspace.id).length,
  }));
}

/** The owner's workspaces: what each holds (its boards and apps, one click away) and delete. */
export function OwnWorkspacesTab() {
  const list = usePagedList(async (page) => pageOf(await loadWorkspaces(), page));

  return (
    <ListFrame
      list={list}
      noun="workspaces"
      empty={
        <p className="muted">
          You have no workspace yet. A workspace gives your boards and apps their address: <Link to="/dashboard/new-workspace">create one</Link>.
        </p>
      }
    >
      {(workspaces) => (
        <table className="admin-table">
          <AdminTableHead columns={['Name', 'Sub-domain', 'Boards', 'Apps', 'Created']} />
          <tbody>
            {workspaces.map((workspace) => (
              <tr key={workspace.id}>
                <td>{workspace.name}</td>
                <td>{workspace.subdomain}</td>
                <td>{workspace.boards}</td>
                <td>{workspace.apps}</td>
                <td>{dateLabel(workspace.created_at)}</td>
                <td className="admin-actions">
                  <Link className="button small" to={workspaceTabHref('boards', workspace.id)} aria-label={`Boards of ${workspace.name}`}>
                    Boards
                  </Link>
                  <Link className="button small" to={workspaceTabHref('apps', workspace.id)} aria-label={`Apps of ${workspace.name}`}>
                    Apps
                  </Link>
                  <DeleteButton
                    name={workspace.name}
                    question={`Delete the workspace "${workspace.name}" with its ${countLabel(workspace.boards, 'board', 'boards')}, ${countLabel(workspace.apps, 'app', 'apps')} and spreadsheets? Its sub-domain becomes free. This cannot be undone.`}
                    busy={list.working === workspace.id}
                    onConfirmed={() => void list.act(workspace.id, () => deleteOwnWorkspace(workspace.id))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}
