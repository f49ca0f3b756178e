import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { redeemCode } from './accountApi';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { useSessionStore } from '../../store/sessionStore';

/** /dashboard/redeemappsumocodes: a code moves the account to the code's plan. */
export default function RedeemCodePage() {
  const load = useSessionStore((s) => s.load);
  const [code, setCode] = useState('');
  const [redeemed, setRedeemed] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRedeemed(null);
    void run(async () => {
      const { plan } = await redeemCode(code.trim());
      setRedeemed(plan.id);
      setCode('');
      // The plan is part of the session's user; fetch it again so every screen sees the new plan.
      await load();
    });
  };

  return (
    <DashboardLayout title="Redeem a code">
      <form className="card form narrow" onSubmit={submit}>
        <p className="muted form-intro">Enter the code you received. Spaces and letter case do not matter.</p>
        <Field label="Code">
          <input required autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <FormError message={error} />
        {redeemed && (
          <p className="form-notice" role="status">
            Code redeemed. Your account is now on the {redeemed} plan.
          </p>
        )}
        <div className="form-actions">
          <Link className="button" to="/dashboard/accountbilling">
            Back to billing
          </Link>
          <button className="button primary" type="submit" disabled={busy}>
            {busy ? 'Redeeming...' : 'Redeem'}
          </button>
        </div>
      </form>
    </DashboardLayout>
  );
}
