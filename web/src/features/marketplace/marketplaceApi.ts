// The marketplace calls: the public list, and a board's listing as its owner publishes it.
// Every failure is shown by the screen or form that asked, so none of them alerts.
import { answer, client, specQuery } from '../../api/client';
import type { ListingInput, MarketplaceListing, MarketplacePage } from '../../generated/api';

export interface MarketplaceQuery {
  q?: string;
  category?: string;
  limit?: number;
  offset?: number;
}

/** Listings per page of /marketplace (the server's default). */
export const PAGE_SIZE = 24;

export function loadMarketplace(query: MarketplaceQuery, signal?: AbortSignal): Promise<MarketplacePage> {
  const params: MarketplaceQuery = {};
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.category) params.category = query.category;
  if (query.limit !== undefined) params.limit = query.limit;
  if (query.offset) params.offset = query.offset;
  return answer(client.GET('/api/marketplace', { params: { query: params }, signal }), false);
}

/** The categories a listing may have: the marketplace answers them with any page. */
export async function loadCategories(signal?: AbortSignal): Promise<string[]> {
  return (await loadMarketplace({ limit: 1 }, signal)).categories;
}

// The board is named in the query too: the editor may sit on /boardWorkspace, whose path is no slug.
const named = (slug: string) => specQuery({ board: slug });

/** The board's listing, or null when it is not published (the server answers null, not a 404). */
export async function loadListing(slug: string, boardId: string, signal?: AbortSignal): Promise<MarketplaceListing | null> {
  return (await answer(client.GET('/api/boards/{boardId}/listing', { params: { path: { boardId } }, signal, querySerializer: named(slug) }), false)) ?? null;
}

/** Publishes or updates the listing; the server makes the board public too. 422s name the field. */
export function publishListing(slug: string, boardId: string, input: ListingInput): Promise<MarketplaceListing> {
  return answer(client.PUT('/api/boards/{boardId}/listing', { params: { path: { boardId } }, body: input, querySerializer: named(slug) }), false);
}

export async function unpublishListing(slug: string, boardId: string): Promise<void> {
  await answer(client.DELETE('/api/boards/{boardId}/listing', { params: { path: { boardId } }, querySerializer: named(slug) }), false);
}
