import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GUIDE_STEP_COUNT, stepsDone } from './onboardingApi';
import { useOnboarding } from './useOnboarding';
import './onboarding.css';

/**
 * The dashboard's way back to the first-run guide: how far it is while it shows, or a button that
 * shows it again once dismissed. Nothing once every step is done and the guide is still on.
 */
export function GuideNotice() {
  const { guide, setDismissed } = useOnboarding();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!guide) return null;

  if (guide.dismissed) {
    const showAgain = () => {
      setBusy(true);
      setDismissed(false)
        .then(() => navigate('/dashboard/start'))
        .catch(() => setBusy(false));
    };
    return (
      <div className="onboarding-notice">
        <button type="button" className="button small" disabled={busy} onClick={showAgain}>
          Show getting-started guide
        </button>
      </div>
    );
  }

  const done = stepsDone(guide);
  if (done === GUIDE_STEP_COUNT) return null;
  return (
    <div className="card onboarding-notice">
      <p>
        <strong>Getting started:</strong> {done} of {GUIDE_STEP_COUNT} steps done.
      </p>
      <Link className="button small primary" to="/dashboard/start">
        Continue the guide
      </Link>
    </div>
  );
}
