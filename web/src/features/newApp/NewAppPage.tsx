import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createApp, listWorkspaces } from '../dashboard/dashboardApi';
import { ApiError, toApiError } from '../../api/errors';
import type { AppRecord, SpreadsheetView, Workspace } from '../../generated/api';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { useSubmit } from '../../hooks/useSubmit';
import { updateApp } from '../app/appApi';
import { appEditorPath } from '../../blocks/links/appLocation';
import { useNameWithAddress } from '../dashboard/subdomain';
import { SubdomainField } from '../dashboard/SubdomainField';
import { DataPicker } from '../start/DataPicker';
import { useDataChoice } from '../start/useDataChoice';
import './newApp.css';
import { WorkspaceSelect } from '../dashboard/WorkspaceSelect';

/** Creating a workspace from here comes back here. */
const NEW_WORKSPACE = `/dashboard/new-workspace?next=${encodeURIComponent('/dashboard/new-multipage')}`;

/**
 * The address the editor's spreadsheet button opens for `spreadsheet`: its Google Sheets or CSV
 * link, or the in-app grid of an upload (made absolute, as the server keeps http(s) links only).
 */
const openAddress = (spreadsheet: SpreadsheetView) => new URL(spreadsheet.open_url, window.location.origin).href;

/**
 * /dashboard/new-multipage: a new multi-page app in one of the user's workspaces, with its home
 * page (the server makes it), connected to a spreadsheet of the workspace picked or connected
 * here, so its first blocks already have tabs to read. `?workspace=<id>` preselects the
 * workspace. The server's refusals, a taken sub-domain (409) among them, show inline.
 */
export default function NewAppPage() {
  const [params] = useSearchParams();
  const [workspaces, setWorkspaces] = useState<Workspace[] | null>(null);
  const [workspaceId, setWorkspaceId] = useState('');

  useEffect(() => {
    let current = true;
    listWorkspaces().then(
      (loaded) => {
        if (!current) return;
        setWorkspaces(loaded);
        const wanted = params.get('workspace');
        setWorkspaceId(loaded.find((w) => w.id === wanted)?.id ?? loaded[0]?.id ?? '');
      },
      // The request layer has said what went wrong; the form stays without workspaces.
      () => current && setWorkspaces([]),
    );
    return () => {
      current = false;
    };
  }, [params]);

  return (
    <DashboardLayout title="New multi-page app">
      {workspaces === null ? (
        <Loading />
      ) : workspaces.length === 0 ? (
        <div className="card form narrow">
          <p className="form-intro">An app lives in a workspace. Create a workspace first; you come back here to add the app.</p>
          <div className="form-actions start">
            <Link className="button primary" to={NEW_WORKSPACE}>
              Create workspace
            </Link>
          </div>
        </div>
      ) : (
        <NewAppForm workspaces={workspaces} workspaceId={workspaceId} onWorkspace={setWorkspaceId} />
      )}
    </DashboardLayout>
  );
}

function NewAppForm({ workspaces, workspaceId, onWorkspace }: { workspaces: Workspace[]; workspaceId: string; onWorkspace: (id: string) => void }) {
  const navigate = useNavigate();
  const formId = useId();
  const dataHeading = useId();
  const { name, address: subdomain, changeName, changeAddress } = useNameWithAddress();
  const data = useDataChoice(workspaceId);
  const { busy, error, setError, run } = useSubmit();
  // The app once the server made it: connecting its spreadsheet is a second call, and trying
  // again after that one failed must not make a second app.
  const [made, setMade] = useState<AppRecord | null>(null);
  const spreadsheet = data.spreadsheet;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (data.source !== 'none' && !spreadsheet) {
      setError(
        data.source === 'existing'
          ? 'Pick a spreadsheet for the app, or choose No data for now.'
          : 'Connect the spreadsheet first (Upload or Connect above), or choose No data for now.',
      );
      return;
    }
    void run(async () => {
      let app = made;
      if (!app) {
        const body = {
          workspace_id: workspaceId,
          name: name.trim(),
          subdomain: subdomain.trim(),
          ...(spreadsheet ? { spreadsheet_url: openAddress(spreadsheet) } : {}),
        };
        app = await createApp(body, { alert: false });
        setMade(app);
      }
      if (spreadsheet) {
        try {
          await updateApp(app.id, { spreadsheetId: spreadsheet.id });
        } catch (thrown) {
          const failure = toApiError(thrown);
          throw new ApiError(`The app was created, but its spreadsheet could not be connected: ${failure.message}`, failure.status, failure.field);
        }
      }
      navigate(appEditorPath(app.subdomain));
    });
  };

  return (
    <div className="card form new-app">
      <form id={formId} className="form" onSubmit={submit} aria-label="New app">
        <p className="muted form-intro">
          An app has several pages made of blocks. Its sub-domain is its web address and must be unique among workspaces and apps.
        </p>
        <WorkspaceSelect required workspaces={workspaces} value={workspaceId} disabled={made !== null} onChange={onWorkspace} />
        <Field label="App name">
          <input required maxLength={200} value={name} disabled={made !== null} onChange={(e) => changeName(e.target.value)} />
        </Field>
        <SubdomainField value={subdomain} onChange={changeAddress} />
      </form>
      {/* Outside the app's form: uploading a file and pasting a link are forms of their own. */}
      <section className="new-app-data" aria-labelledby={dataHeading}>
        <h2 id={dataHeading}>Data</h2>
        <p className="muted form-intro">The app's blocks read and write the rows of this spreadsheet. You can change it later in App Settings.</p>
        <DataPicker
          workspaceId={workspaceId}
          choice={data}
          sheetHint="The preview shows this tab; each block picks its own."
          noneText="The app starts without data; connect a spreadsheet later in App Settings."
        />
      </section>
      <FormError message={error} />
      <div className="form-actions">
        {made ? (
          <Link className="button" to={appEditorPath(made.subdomain)}>
            Open the app without data
          </Link>
        ) : (
          <Link className="button" to="/dashboard">
            Cancel
          </Link>
        )}
        <button className="button primary" type="submit" form={formId} disabled={busy}>
          {busy ? 'Creating...' : made ? 'Connect and open' : 'Create app'}
        </button>
      </div>
    </div>
  );
}
