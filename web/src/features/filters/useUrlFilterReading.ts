// The core's reading of a link's URL `filters` against a board's filters, for the filter bar and
// the notice: which pairs apply and which are left out, decided by the same Rust the server runs.
import { useEffect, useMemo, useState } from 'react';
import { loadCore, type Core } from '../../core/wasm';
import type { Filter } from '../../generated/core';
import type { UrlFilters } from '../../generated/urlFilters';

/** `null` while the WASM core loads (or if it cannot), and for a link without filters. */
export function useUrlFilterReading(filters: readonly Filter[], urlFilters: string): UrlFilters | null {
  const [core, setCore] = useState<Core | null>(null);
  const asked = urlFilters.trim() !== '';
  useEffect(() => {
    if (!asked || core) return;
    let live = true;
    // Without the core, callers fall back to showing less: the blocks still show the server's answer.
    loadCore().then(
      (loaded) => live && setCore(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [asked, core]);
  return useMemo(() => {
    if (!core || !asked) return null;
    try {
      return core.readUrlFilters(filters, urlFilters);
    } catch {
      return null;
    }
  }, [core, asked, filters, urlFilters]);
}
