import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { nextPath } from '../../components/nextPath';
import { useSubmit } from '../../hooks/useSubmit';
import { useNameWithAddress } from './subdomain';
import { SubdomainField } from './SubdomainField';

/** /dashboard/new-workspace: a name and the sub-domain its boards and apps live under; then back to `next` (the first-run guide) or the dashboard. */
export default function NewWorkspacePage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { name, address: subdomain, changeName, changeAddress } = useNameWithAddress();
  const { busy, error, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.post('/api/workspaces', { name: name.trim(), subdomain: subdomain.trim() }, { alert: false });
      navigate(nextPath(search));
    });
  };

  return (
    <DashboardLayout title="New workspace">
      <form className="card form narrow" onSubmit={submit}>
        <p className="muted form-intro">A workspace groups boards and apps. Its sub-domain is part of their web address and must be unique.</p>
        <Field label="Workspace name">
          <input required value={name} onChange={(e) => changeName(e.target.value)} />
        </Field>
        <SubdomainField value={subdomain} onChange={changeAddress} />
        <FormError message={error} />
        <div className="form-actions">
          <Link className="button" to="/dashboard">
            Cancel
          </Link>
          <button className="button primary" type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create workspace'}
          </button>
        </div>
      </form>
    </DashboardLayout>
  );
}
