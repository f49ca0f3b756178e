// An app's pages (platform §7 GET /api/pages/{appId}), for page links and pickers. It never
// alerts: without the pages, links are followed as typed.
import { answer, client } from '../../api/client';
import type { AppPage } from '../../generated/api';

/** The pages of app `appId` in their order. */
export async function listPages(appId: string): Promise<AppPage[]> {
  return (await answer(client.GET('/api/pages/{appId}', { params: { path: { appId } } }), false)).pages;
}
