import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { latestPayment } from './paymentApi';
import { toApiError } from '../../api/errors';
import type { LatestPayment } from '../../generated/api';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Loading } from '../../components/Loading';

type Outcome = { kind: 'payment'; payment: LatestPayment } | { kind: 'none'; message: string };

const receivedOn = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/**
 * /payment_success and /payment_fail: the provider sends the buyer to one of them, but the
 * outcome shown is the one the server recorded from the provider's webhook (GET /api/payments/latest).
 */
export default function PaymentOutcomePage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    latestPayment().then(
      (payment) => setOutcome({ kind: 'payment', payment }),
      (e: unknown) => setOutcome({ kind: 'none', message: toApiError(e).message }),
    );
  }, []);

  if (!outcome) {
    return (
      <DashboardLayout title="Payment">
        <Loading />
      </DashboardLayout>
    );
  }

  const succeeded = outcome.kind === 'payment' && outcome.payment.status === 'succeeded';
  const title = outcome.kind === 'none' ? 'No payment found' : succeeded ? 'Payment received' : 'Payment failed';

  return (
    <DashboardLayout title={title}>
      <section className={`card outcome ${succeeded ? 'ok' : 'failed'}`}>
        {outcome.kind === 'none' ? (
          <p>{outcome.message}</p>
        ) : succeeded ? (
          <p>
            Thank you. Your payment of {receivedOn(outcome.payment.received_at)} went through
            {outcome.payment.plan ? ` and your account is on the ${outcome.payment.plan} plan.` : '.'}
          </p>
        ) : (
          <p>Your payment of {receivedOn(outcome.payment.received_at)} did not go through, and your plan has not changed. You can try again from billing.</p>
        )}
        <div className="form-actions start">
          <Link className="button primary" to="/dashboard">
            Go to dashboard
          </Link>
          <Link className="button" to="/dashboard/accountbilling">
            Go to billing
          </Link>
        </div>
      </section>
    </DashboardLayout>
  );
}
