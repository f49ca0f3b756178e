import { nextPath } from '../../components/nextPath';
import { guideOpen, loadOnboarding } from './onboardingApi';

/**
 * Where a log-in goes: the `next` page it was sent from, else `/dashboard/start` while the
 * account's first-run guide has a step left and is not dismissed, else the dashboard.
 */
export async function landingPath(search: URLSearchParams): Promise<string> {
  if (search.get('next')) return nextPath(search);
  try {
    return guideOpen(await loadOnboarding()) ? '/dashboard/start' : '/dashboard';
  } catch {
    return '/dashboard';
  }
}
