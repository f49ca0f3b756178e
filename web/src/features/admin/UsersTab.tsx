import { useState, type FormEvent } from 'react';
import type { AdminUser, Plan } from '../../generated/api';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSessionStore } from '../../store/sessionStore';
import { useSubmit } from '../../hooks/useSubmit';
import { DeleteButton, FormPopup } from './AdminControls';
import { deleteUser, listUsers, updateUser, type UserChange } from './adminApi';
import { dateLabel, ListFrame } from './ListFrame';
import { planName, usePlans } from './usePlans';
import { usePagedList } from './usePagedList';
import { AdminTableHead } from './AdminTableHead';

/** Every account: search by e-mail or name, change a user's name, plan or verification, delete a user. */
export function UsersTab() {
  const list = usePagedList(listUsers);
  const plans = usePlans();
  const me = useSessionStore((s) => s.user);
  const [editing, setEditing] = useState<AdminUser | null>(null);

  return (
    <>
      <ListFrame
        list={list}
        noun="users"
        searchLabel="Search users"
        searchPlaceholder="E-mail or name"
        empty={<p className="muted">No accounts yet. People appear here once they sign up.</p>}
      >
        {(users) => (
          <table className="admin-table">
            <AdminTableHead columns={['E-mail', 'Name', 'Plan', 'Verified', 'Signed up']} />
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>{user.email}</td>
                  <td>{user.name}</td>
                  <td>{planName(plans, user.plan_id)}</td>
                  <td>{user.email_verified ? 'Yes' : 'No'}</td>
                  <td>{dateLabel(user.created_at)}</td>
                  <td className="admin-actions">
                    <button type="button" className="button small" aria-label={`Edit ${user.email}`} onClick={() => setEditing(user)}>
                      Edit
                    </button>
                    {/* The server refuses to delete the administrator's own account; the button says so up front. */}
                    <DeleteButton
                      name={user.email}
                      question={`Delete the account ${user.email} with all its workspaces, boards, apps and spreadsheets? This cannot be undone.`}
                      busy={list.working === user.id}
                      disabledReason={me?.id === user.id ? 'You cannot delete your own account here.' : undefined}
                      onConfirmed={() => void list.act(user.id, () => deleteUser(user.id))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
      {editing && (
        <UserForm
          user={editing}
          plans={plans}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}

function UserForm({ user, plans, onClose, onSaved }: { user: AdminUser; plans: Plan[]; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(user.name);
  const [planId, setPlanId] = useState(user.plan_id);
  const [verified, setVerified] = useState(user.email_verified);
  const { busy, error, run } = useSubmit();
  const choices = plans.some((p) => p.id === user.plan_id) ? plans : [{ id: user.plan_id, name: user.plan_id }, ...plans];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent, so a concurrent change of another field is not overwritten.
    const change: UserChange = {};
    if (name.trim() !== user.name) change.name = name.trim();
    if (planId !== user.plan_id) change.plan_id = planId;
    if (verified !== user.email_verified) change.email_verified = verified;
    if (Object.keys(change).length === 0) return onClose();
    void run(async () => {
      await updateUser(user.id, change);
      onSaved();
    });
  };

  return (
    <FormPopup title={`Edit ${user.email}`} busy={busy} onClose={onClose} onSubmit={submit}>
      <Field label="Name">
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Plan" hint="The paid plan unlocks embedding.">
        <select value={planId} onChange={(e) => setPlanId(e.target.value)}>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <label className="admin-check">
        <input type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} />
        E-mail address verified
      </label>
      <FormError message={error} />
    </FormPopup>
  );
}
