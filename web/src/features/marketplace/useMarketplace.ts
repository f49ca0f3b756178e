import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { MarketplaceListing } from '../../generated/api';
import { loadMarketplace, PAGE_SIZE } from './marketplaceApi';

export interface MarketplaceView {
  status: 'loading' | 'ready' | 'error';
  listings: MarketplaceListing[];
  total: number;
  categories: string[];
  error: string | null;
  /** A 'Load more' request is under way. */
  loadingMore: boolean;
  /** The error of the last 'Load more', shown under the cards that did load. */
  moreError: string | null;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The marketplace for a search and a category: the first page whenever either changes (an
 * answer to an older search is dropped), then more pages appended on request.
 */
export function useMarketplace(q: string, category: string): MarketplaceView {
  const [status, setStatus] = useState<MarketplaceView['status']>('loading');
  const [listings, setListings] = useState<MarketplaceListing[]>([]);
  const [total, setTotal] = useState(0);
  const [categories, setCategories] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The search the shown cards belong to: 'Load more' answers for another one are dropped.
  const current = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    current.current = abort;
    setStatus('loading');
    setError(null);
    setMoreError(null);
    setLoadingMore(false);
    loadMarketplace({ q, category, limit: PAGE_SIZE }, abort.signal).then(
      (page) => {
        setListings(page.listings);
        setTotal(page.total);
        setCategories(page.categories);
        setStatus('ready');
      },
      (thrown) => {
        if (abort.signal.aborted) return;
        setError(toApiError(thrown).message);
        setStatus('error');
      },
    );
    return () => abort.abort();
  }, [q, category, attempt]);

  const loadMore = useCallback(() => {
    const abort = current.current;
    if (!abort) return;
    setLoadingMore(true);
    setMoreError(null);
    loadMarketplace({ q, category, limit: PAGE_SIZE, offset: listings.length }, abort.signal).then(
      (page) => {
        setListings((shown) => [...shown, ...page.listings.filter((listing) => !shown.some((s) => s.board_id === listing.board_id))]);
        setTotal(page.total);
        setLoadingMore(false);
      },
      (thrown) => {
        if (abort.signal.aborted) return;
        setMoreError(toApiError(thrown).message);
        setLoadingMore(false);
      },
    );
  }, [q, category, listings.length]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, listings, total, categories, error, loadingMore, moreError, loadMore, retry };
}
