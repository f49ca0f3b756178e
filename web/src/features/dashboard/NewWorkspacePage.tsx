import { Link, useNavigate, useSearchParams } from 'react-router';
import { DashboardLayout } from '../../components/DashboardLayout';
import { nextPath } from '../../components/nextPath';
import { WorkspaceForm } from './WorkspaceForm';

/** /dashboard/new-workspace: a name and the sub-domain its boards and apps live under; then back to `next` (the page that sent here) or the dashboard. */
export default function NewWorkspacePage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();

  return (
    <DashboardLayout title="New workspace">
      <WorkspaceForm
        className="card form narrow"
        onCreated={() => navigate(nextPath(search))}
        cancel={
          <Link className="button" to="/dashboard">
            Cancel
          </Link>
        }
      />
    </DashboardLayout>
  );
}
