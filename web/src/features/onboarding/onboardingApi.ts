import { api } from '../../api/client';

/** `GET /api/account/onboarding`: the first-run guide of the signed-in account. */
export interface Onboarding {
  dismissed: boolean;
  has_workspace: boolean;
  data_connected: boolean;
  board_made: boolean;
  block_added: boolean;
  /** The account's newest board, whose editor the 'Add a block' step opens. */
  newest_board: { slug: string; name: string } | null;
}

export const ONBOARDING_PATH = '/api/account/onboarding';

/** The guide is a help, never in the way: a failed read shows no guide and alerts nobody. */
export function loadOnboarding(): Promise<Onboarding> {
  return api.get<Onboarding>(ONBOARDING_PATH, { alert: false });
}

export function setGuideDismissed(dismissed: boolean): Promise<Onboarding> {
  return api.put<Onboarding>(ONBOARDING_PATH, { dismissed });
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
