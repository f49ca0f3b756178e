// The marketplace calls: the public list, and a board's listing as its owner publishes it.
// Every failure is shown by the screen or form that asked, so none of them alerts.
import { api } from '../../api/client';
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
  const params: Record<string, string> = {};
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.category) params.category = query.category;
  if (query.limit !== undefined) params.limit = String(query.limit);
  if (query.offset) params.offset = String(query.offset);
  return api.get<MarketplacePage>('/api/marketplace', { query: params, alert: false, signal });
}

/** The categories a listing may have: the marketplace answers them with any page. */
export async function loadCategories(signal?: AbortSignal): Promise<string[]> {
  return (await loadMarketplace({ limit: 1 }, signal)).categories;
}

const listingPath = (boardId: string) => `/api/boards/${encodeURIComponent(boardId)}/listing`;
// The board is named in the query too: the editor may sit on /boardWorkspace, whose path is no slug.
const named = (slug: string) => ({ board: slug });

/** The board's listing, or null when it is not published (the server answers null, not a 404). */
export async function loadListing(slug: string, boardId: string, signal?: AbortSignal): Promise<MarketplaceListing | null> {
  return (await api.get<MarketplaceListing | null>(listingPath(boardId), { query: named(slug), alert: false, signal })) ?? null;
}

/** Publishes or updates the listing; the server makes the board public too. 422s name the field. */
export function publishListing(slug: string, boardId: string, input: ListingInput): Promise<MarketplaceListing> {
  return api.put<MarketplaceListing>(listingPath(boardId), input, { query: named(slug), alert: false });
}

export function unpublishListing(slug: string, boardId: string): Promise<void> {
  return api.delete<void>(listingPath(boardId), undefined, { query: named(slug), alert: false });
}
