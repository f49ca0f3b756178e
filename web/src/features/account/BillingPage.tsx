import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { listPlans } from './accountApi';
import type { PlansAnswer } from '../../generated/api';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Loading } from '../../components/Loading';

/** /dashboard/accountbilling: the current plan, what upgrading adds, and where to redeem a code. */
export default function BillingPage() {
  const [answer, setAnswer] = useState<PlansAnswer | null>(null);

  useEffect(() => {
    listPlans().then(setAnswer, () => undefined);
  }, []);

  if (!answer) {
    return (
      <DashboardLayout title="Plan and billing">
        <Loading />
      </DashboardLayout>
    );
  }

  const current = answer.plans.find((p) => p.id === answer.mine);
  const upgrades = answer.plans.filter((p) => p.embedding && p.id !== answer.mine);

  return (
    <DashboardLayout title="Plan and billing">
      <section className="card" aria-labelledby="current-plan">
        <p className="muted eyebrow">Current plan</p>
        <h2 id="current-plan">{current?.name ?? answer.mine ?? 'Unknown'}</h2>
        {current && <p>{current.description}</p>}
      </section>

      {current && !current.embedding && (
        <section className="card upgrade" aria-labelledby="upgrade-title">
          <h2 id="upgrade-title">Upgrade</h2>
          <p>
            Embedding boards in other sites needs a paid plan. On your current plan the Embed button shows a notice instead of the embed code. Upgrading keeps
            all your workspaces, boards and apps as they are.
          </p>
          {upgrades.map((p) => (
            <p key={p.id}>
              <strong>{p.name}</strong>: {p.description}
            </p>
          ))}
          <p>Have a redemption code? Redeem it to move to its plan straight away.</p>
          <Link className="button primary" to="/dashboard/redeemappsumocodes">
            Redeem a code
          </Link>
        </section>
      )}

      <section className="card" aria-labelledby="all-plans">
        <h2 id="all-plans">All plans</h2>
        <ul className="plan-list">
          {answer.plans.map((p) => (
            <li key={p.id} className={p.id === answer.mine ? 'plan current' : 'plan'}>
              <strong>{p.name}</strong>
              {p.id === answer.mine && <span className="badge">Your plan</span>}
              <span className="muted">{p.description}</span>
            </li>
          ))}
        </ul>
        {current?.embedding && (
          <Link className="form-link" to="/dashboard/redeemappsumocodes">
            Redeem a code
          </Link>
        )}
      </section>
    </DashboardLayout>
  );
}
