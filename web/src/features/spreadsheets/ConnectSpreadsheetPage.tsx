import { Link, useNavigate, useSearchParams } from 'react-router';
import { DashboardLayout } from '../../components/DashboardLayout';
import { PasteLinkForm } from './PasteLinkForm';
import { UploadFileForm } from './UploadFileForm';
import './spreadsheets.css';

const backLink = (
  <Link className="button" to="/dashboard">
    Back to the dashboard
  </Link>
);

/** /dashboard/spreadsheets/new?workspace=<id>: upload a file or paste a link into a workspace. */
export default function ConnectSpreadsheetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const workspaceId = params.get('workspace') ?? '';
  const done = () => navigate('/dashboard');

  return (
    <DashboardLayout title="Connect a spreadsheet" actions={backLink}>
      {!workspaceId ? (
        <div className="card empty-state">
          <h2>Which workspace is it for?</h2>
          <p className="muted">Open this screen with Connect a spreadsheet in one of your workspaces on the dashboard.</p>
        </div>
      ) : (
        <div className="connect-ways">
          <UploadFileForm workspaceId={workspaceId} onDone={done} />
          <PasteLinkForm workspaceId={workspaceId} onDone={done} />
        </div>
      )}
    </DashboardLayout>
  );
}
