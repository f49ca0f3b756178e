import { useCallback, useEffect, useState } from 'react';
import { loadOnboarding, setGuideDismissed, type Onboarding } from './onboardingApi';

/**
 * The account's first-run guide, read again whenever the window gets focus back: a step is often
 * done in another tab (the board editor), and its tick should be there on return.
 */
export function useOnboarding() {
  const [guide, setGuide] = useState<Onboarding | null>(null);

  const reload = useCallback(async () => {
    try {
      setGuide(await loadOnboarding());
    } catch {
      // No guide rather than an error: it only helps, the page works without it.
      setGuide(null);
    }
  }, []);

  useEffect(() => {
    void reload();
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [reload]);

  /** Hides or shows the guide for the account; a failure is alerted by the request layer. */
  const setDismissed = useCallback(async (dismissed: boolean) => {
    setGuide(await setGuideDismissed(dismissed));
  }, []);

  return { guide, reload, setDismissed };
}
