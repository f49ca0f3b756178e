import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { createCodes, deleteCode, listCodes, MAX_CODES_PER_REQUEST } from './adminApi';
import { DeleteButton } from './AdminControls';
import { dateLabel, ListFrame } from './ListFrame';
import { planName, usePlans } from './usePlans';
import { usePagedList } from './usePagedList';
import { AdminTableHead } from './AdminTableHead';

/** Redemption codes: generate a batch for a plan, see who redeemed which, delete unused ones. */
export function CodesTab() {
  const list = usePagedList(listCodes);
  const plans = usePlans();

  return (
    <>
      <NewCodesForm plans={plans} onCreated={list.reload} />
      <ListFrame list={list} noun="redemption codes" empty={<p className="muted">No codes yet. Generate a batch above and hand them out.</p>}>
        {(codes) => (
          <table className="admin-table">
            <AdminTableHead columns={['Code', 'Plan', 'Status', 'Created', 'Redeemed by', 'Redeemed']} />
            <tbody>
              {codes.map((code) => (
                <tr key={code.code}>
                  <td>
                    <code>{code.code}</code>
                  </td>
                  <td>{planName(plans, code.plan_id)}</td>
                  <td>{code.status === 'redeemed' ? 'Redeemed' : 'Unused'}</td>
                  <td>{dateLabel(code.created_at)}</td>
                  <td>{code.redeemed_by_email ?? ''}</td>
                  <td>{dateLabel(code.redeemed_at)}</td>
                  <td className="admin-actions">
                    {/* A redeemed code stays as the record of its redemption; the server refuses to delete it. */}
                    {code.status === 'unused' && (
                      <DeleteButton
                        name={code.code}
                        question={`Delete the unused code ${code.code}? Nobody will be able to redeem it.`}
                        busy={list.working === code.code}
                        onConfirmed={() => void list.act(code.code, () => deleteCode(code.code))}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
    </>
  );
}

function NewCodesForm({ plans, onCreated }: { plans: { id: string; name: string }[]; onCreated: () => void }) {
  const headingId = useId();
  const [count, setCount] = useState('10');
  const [planId, setPlanId] = useState('paid');
  const [prefix, setPrefix] = useState('');
  const [created, setCreated] = useState<string[]>([]);
  const { busy, error, run } = useSubmit();
  const choices = plans.length > 0 ? plans : [{ id: planId, name: planId }];
  // Codes are usually for the paid plan; a server without one falls back to its first plan.
  const selected = choices.some((p) => p.id === planId) ? planId : choices[0].id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const codes = await createCodes({ count: Number(count), plan_id: selected, ...(prefix.trim() ? { prefix: prefix.trim() } : {}) });
      setCreated(codes);
      onCreated();
    });
  };

  return (
    <form className="card form admin-codes-form" aria-labelledby={headingId} onSubmit={submit}>
      <h3 id={headingId}>Generate codes</h3>
      <div className="admin-inline-fields">
        <Field label="How many" hint={`1 to ${MAX_CODES_PER_REQUEST}.`}>
          <input type="number" min={1} max={MAX_CODES_PER_REQUEST} required value={count} onChange={(e) => setCount(e.target.value)} />
        </Field>
        <Field label="Plan">
          <select value={selected} onChange={(e) => setPlanId(e.target.value)}>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Prefix" hint="Optional: up to 12 letters or digits put in front of each code.">
          <input value={prefix} maxLength={12} onChange={(e) => setPrefix(e.target.value)} />
        </Field>
      </div>
      <FormError message={error} />
      <div className="form-actions start">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Generating...' : 'Generate'}
        </button>
      </div>
      {created.length > 0 && (
        <div className="admin-created" role="status">
          <p>{created.length === 1 ? '1 new code' : `${created.length} new codes`}, ready to hand out:</p>
          <textarea readOnly aria-label="New codes" rows={Math.min(created.length, 8)} value={created.join('\n')} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </form>
  );
}
