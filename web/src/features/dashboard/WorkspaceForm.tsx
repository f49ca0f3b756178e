import type { FormEvent, ReactNode } from 'react';
import { createWorkspace } from './dashboardApi';
import type { Workspace } from '../../generated/api';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { useNameWithAddress } from './subdomain';
import { SubdomainField } from './SubdomainField';

/**
 * A new workspace: its name and the sub-domain suggested from it. The page of its own
 * (/dashboard/new-workspace) and the first step of /dashboard/start both use it, each deciding
 * where to go once the server has made it.
 */
export function WorkspaceForm({ onCreated, className, cancel }: { onCreated: (workspace: Workspace) => void; className: string; cancel?: ReactNode }) {
  const { name, address: subdomain, changeName, changeAddress } = useNameWithAddress();
  const { busy, error, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      onCreated(await createWorkspace(name.trim(), subdomain.trim(), { alert: false }));
    });
  };

  return (
    <form className={className} aria-label="New workspace" onSubmit={submit}>
      <p className="muted form-intro">A workspace groups boards and apps. Its sub-domain is part of their web address and must be unique.</p>
      <Field label="Workspace name">
        <input required value={name} onChange={(e) => changeName(e.target.value)} />
      </Field>
      <SubdomainField value={subdomain} onChange={changeAddress} />
      <FormError message={error} />
      <div className="form-actions">
        {cancel}
        <button className="button primary" type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create workspace'}
        </button>
      </div>
    </form>
  );
}
