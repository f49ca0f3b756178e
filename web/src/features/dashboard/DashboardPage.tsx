import { Link } from 'react-router';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Loading } from '../../components/Loading';
import { GuideNotice } from '../onboarding/GuideNotice';
import { useDashboardData } from './useDashboardData';
import { WorkspaceCard } from './WorkspaceCard';
import './dashboard.css';

const createLinks = (
  <div className="dash-actions">
    <Link className="button primary" to="/dashboard/start">
      New board
    </Link>
    <Link className="button" to="/dashboard/new-multipage">
      New app
    </Link>
    <Link className="button" to="/dashboard/new-workspace">
      New workspace
    </Link>
  </div>
);

/** /dashboard: the caller's workspaces, each with its boards and apps. */
export default function DashboardPage() {
  const { data, failed, reload } = useDashboardData();

  return (
    <DashboardLayout title="My workspaces" actions={data && data.workspaces.length > 0 ? createLinks : undefined}>
      <GuideNotice />
      {!data ? (
        failed ? (
          <div className="card empty-state">
            <h2>Your workspaces could not be loaded</h2>
            <button type="button" className="button primary" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        ) : (
          <Loading />
        )
      ) : data.workspaces.length === 0 ? (
        <div className="card empty-state">
          <h2>Create your first workspace</h2>
          <p className="muted">A workspace holds your boards and apps and gives them their web address. Create one, then add a board to it.</p>
          <Link className="button primary" to="/dashboard/new-workspace">
            Create workspace
          </Link>
        </div>
      ) : (
        <div className="card-grid two">
          {data.workspaces.map((ws) => (
            <WorkspaceCard
              key={ws.id}
              workspace={ws}
              boards={data.boards.filter((b) => b.workspace_id === ws.id)}
              apps={data.apps.filter((a) => a.workspace_id === ws.id)}
              onChanged={reload}
            />
          ))}
        </div>
      )}
    </DashboardLayout>
  );
}
