import { answer, client } from '../../api/client';
import type { Onboarding } from '../../generated/api';

/** `GET /api/account/onboarding`: the first-run guide of the signed-in account (its newest board is the one the 'Add a block' step opens). */
export type { Onboarding };

/** The guide is a help, never in the way: a failed read shows no guide and alerts nobody. */
export function loadOnboarding(): Promise<Onboarding> {
  return answer(client.GET('/api/account/onboarding'), false);
}

export function setGuideDismissed(dismissed: boolean): Promise<Onboarding> {
  return answer(client.PUT('/api/account/onboarding', { body: { dismissed } }));
}

/** The guide's steps in order, each done from the account's own data. */
export function guideSteps(guide: Onboarding): boolean[] {
  return [guide.has_workspace, guide.data_connected, guide.board_made, guide.block_added];
}

export const GUIDE_STEP_COUNT = 4;

/** How many of the guide's steps are done. */
export function stepsDone(guide: Onboarding): number {
  return guideSteps(guide).filter(Boolean).length;
}

/** The guide still has something to teach: shown, with a step left. */
export function guideOpen(guide: Onboarding): boolean {
  return !guide.dismissed && stepsDone(guide) < GUIDE_STEP_COUNT;
}
