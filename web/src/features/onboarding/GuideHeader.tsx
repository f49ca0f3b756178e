import { useState } from 'react';
import { GUIDE_STEP_COUNT, stepsDone, type Onboarding } from './onboardingApi';
import './onboarding.css';

/**
 * The top of the first-run stepper on /dashboard/start: how far the account is, from what it has
 * made, and the button that dismisses the guide for the account (the dashboard can show it again).
 */
export function GuideHeader({ guide, headingId, onDismiss }: { guide: Onboarding; headingId: string; onDismiss: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const done = stepsDone(guide);
  const dismiss = () => {
    setBusy(true);
    onDismiss().catch(() => setBusy(false));
  };

  return (
    <header className="onboarding-head">
      <div>
        <h2 id={headingId}>{done === GUIDE_STEP_COUNT ? 'You are all set' : 'Get started in four steps'}</h2>
        <p className="muted onboarding-progress">
          {done} of {GUIDE_STEP_COUNT} steps done
        </p>
      </div>
      <button type="button" className="button small" disabled={busy} onClick={dismiss}>
        Dismiss guide
      </button>
    </header>
  );
}
