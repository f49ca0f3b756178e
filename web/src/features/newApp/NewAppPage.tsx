import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import type { AppAnswer, Workspace } from '../../api/types';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { useSubmit } from '../../hooks/useSubmit';
import { appEditorPath } from '../app/appLocation';
import { useNameWithAddress } from '../dashboard/subdomain';
import { SubdomainField } from '../dashboard/SubdomainField';

/**
 * /dashboard/new-multipage: a new multi-page app in one of the user's workspaces, with its home
 * page (the server makes it). `?workspace=<id>` preselects the workspace. The server's refusals,
 * a taken sub-domain (409) among them, show inline.
 */
export default function NewAppPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [workspaces, setWorkspaces] = useState<Workspace[] | null>(null);
  const [workspaceId, setWorkspaceId] = useState('');
  const { name, address: subdomain, changeName, changeAddress } = useNameWithAddress();
  const [spreadsheetUrl, setSpreadsheetUrl] = useState('');
  const { busy, error, run } = useSubmit();

  useEffect(() => {
    let current = true;
    api.get<Workspace[]>('/api/workspaces').then(
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const url = spreadsheetUrl.trim();
      const body = { workspace_id: workspaceId, name: name.trim(), subdomain: subdomain.trim(), ...(url ? { spreadsheet_url: url } : {}) };
      const { app } = await api.post<AppAnswer>('/api/apps', body, { alert: false });
      navigate(appEditorPath(app.subdomain));
    });
  };

  return (
    <DashboardLayout title="New multi-page app">
      {workspaces === null ? (
        <Loading />
      ) : workspaces.length === 0 ? (
        <div className="card form narrow">
          <p className="form-intro">An app lives in a workspace. Create a workspace first, then come back to add the app.</p>
          <div className="form-actions start">
            <Link className="button primary" to="/dashboard/new-workspace">
              Create workspace
            </Link>
          </div>
        </div>
      ) : (
        <form className="card form narrow" onSubmit={submit}>
          <p className="muted form-intro">
            An app has several pages made of blocks. Its sub-domain is its web address and must be unique among workspaces and apps.
          </p>
          <Field label="Workspace">
            <select required value={workspaceId} onChange={(e) => setWorkspaceId(e.target.value)}>
              {workspaces.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="App name">
            <input required maxLength={200} value={name} onChange={(e) => changeName(e.target.value)} />
          </Field>
          <SubdomainField value={subdomain} onChange={changeAddress} />
          <Field label="Spreadsheet URL (optional)" hint="The editor's spreadsheet button opens it; https:// or http://.">
            <input type="url" value={spreadsheetUrl} onChange={(e) => setSpreadsheetUrl(e.target.value)} />
          </Field>
          <FormError message={error} />
          <div className="form-actions">
            <Link className="button" to="/dashboard">
              Cancel
            </Link>
            <button className="button primary" type="submit" disabled={busy}>
              {busy ? 'Creating...' : 'Create app'}
            </button>
          </div>
        </form>
      )}
    </DashboardLayout>
  );
}
