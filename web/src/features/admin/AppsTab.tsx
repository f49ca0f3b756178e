import { appEditorPath } from '../../blocks/links/appLocation';
import { deleteApp, listApps } from './adminApi';
import { RowActions } from './AdminControls';
import { dateLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';
import { AdminTableHead } from './AdminTableHead';

/** Every multi-page app with its owner: open it or delete it with its pages and users. */
export function AppsTab() {
  const list = usePagedList(listApps);

  return (
    <ListFrame list={list} noun="apps" empty={<p className="muted">No multi-page apps yet. Owners create apps from their dashboard.</p>}>
      {(apps) => (
        <table className="admin-table">
          <AdminTableHead columns={['Name', 'Sub-domain', 'Visibility', 'Owner', 'Created']} />
          <tbody>
            {apps.map((app) => (
              <tr key={app.id}>
                <td>{app.name}</td>
                <td>{app.subdomain}</td>
                <td>{app.public ? 'Public' : 'Private'}</td>
                <td>{app.owner_email}</td>
                <td>{dateLabel(app.created_at)}</td>
                <RowActions
                  name={app.name}
                  openTo={appEditorPath(app.subdomain)}
                  deleteQuestion={`Delete the app "${app.name}" of ${app.owner_email} with its pages, blocks and app users? Its sub-domain becomes free. This cannot be undone.`}
                  busy={list.working === app.id}
                  onDelete={() => void list.act(app.id, () => deleteApp(app.id))}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}
