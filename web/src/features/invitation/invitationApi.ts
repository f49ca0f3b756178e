// The invitation page's one call: what an invitation link's token stands for. Its holder alone
// learns who invited which e-mail to which app (server api/app_users.rs `invitation`).
import { answer, client } from '../../api/client';
import type { Invitation } from '../../generated/api';

/** The invitation of `token`; a 404 when no invitation has it (any more). The page says why itself: no alert. */
export const getInvitation = (token: string, signal?: AbortSignal): Promise<Invitation> =>
  answer(client.GET('/api/invitations/{token}', { params: { path: { token } }, signal }), false);
