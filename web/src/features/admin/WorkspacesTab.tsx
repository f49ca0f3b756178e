import { deleteWorkspace, listWorkspaces } from './adminApi';
import { DeleteButton } from './AdminControls';
import { dateLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';
import { AdminTableHead } from './AdminTableHead';

/** Every workspace with its owner; deleting one takes its boards, apps and spreadsheets with it. */
export function WorkspacesTab() {
  const list = usePagedList(listWorkspaces);

  return (
    <ListFrame list={list} noun="workspaces" empty={<p className="muted">No workspaces yet. Each account creates its own from the dashboard.</p>}>
      {(workspaces) => (
        <table className="admin-table">
          <AdminTableHead columns={['Name', 'Sub-domain', 'Owner', 'Created']} />
          <tbody>
            {workspaces.map((workspace) => (
              <tr key={workspace.id}>
                <td>{workspace.name}</td>
                <td>{workspace.subdomain}</td>
                <td>{workspace.owner_email}</td>
                <td>{dateLabel(workspace.created_at)}</td>
                <td className="admin-actions">
                  <DeleteButton
                    name={workspace.name}
                    question={`Delete the workspace "${workspace.name}" of ${workspace.owner_email} with all its boards, apps and spreadsheets? Its sub-domain becomes free. This cannot be undone.`}
                    busy={list.working === workspace.id}
                    onConfirmed={() => void list.act(workspace.id, () => deleteWorkspace(workspace.id))}
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
