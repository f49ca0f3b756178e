import { useId, useState, type FormEvent } from 'react';
import type { Plan } from '../../generated/api';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { FormPopup } from './AdminControls';
import { listPlans, updatePlan } from './adminApi';
import { ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';
import { AdminTableHead } from './AdminTableHead';

// The server answers every plan at once; the shared list hook still gives loading, errors and 403.
const loadPlans = async () => {
  const plans = await listPlans();
  return { items: plans, total: plans.length };
};

/** The plans and their wording. What a plan unlocks is fixed on the server by its id. */
export function PlansTab() {
  const list = usePagedList(loadPlans);
  const [editing, setEditing] = useState<Plan | null>(null);

  return (
    <>
      <ListFrame list={list} noun="plans" empty={<p className="muted">No plans are set up. The server creates the free and paid plans when it starts.</p>}>
        {(plans) => (
          <table className="admin-table">
            <AdminTableHead columns={['Id', 'Name', 'Description', 'Embedding']} />
            <tbody>
              {plans.map((plan) => (
                <tr key={plan.id}>
                  <td>{plan.id}</td>
                  <td>{plan.name}</td>
                  <td>{plan.description}</td>
                  <td>{plan.embedding ? 'Included' : 'Not included'}</td>
                  <td className="admin-actions">
                    <button type="button" className="button small" aria-label={`Edit ${plan.name}`} onClick={() => setEditing(plan)}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
      {editing && (
        <PlanForm
          plan={editing}
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

function PlanForm({ plan, onClose, onSaved }: { plan: Plan; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(plan.name);
  const [description, setDescription] = useState(plan.description);
  const { busy, error, run } = useSubmit();
  const descriptionId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await updatePlan(plan.id, { name: name.trim(), description: description.trim() });
      onSaved();
    });
  };

  return (
    <FormPopup title={`Edit the ${plan.id} plan`} busy={busy} onClose={onClose} onSubmit={submit}>
      <Field label="Name">
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <div className="form-field">
        <label htmlFor={descriptionId}>Description</label>
        <textarea id={descriptionId} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <p className="muted form-hint">
        Embedding is {plan.embedding ? 'included in' : 'not part of'} this plan; that is fixed by the plan itself and cannot be changed here.
      </p>
      <FormError message={error} />
    </FormPopup>
  );
}
