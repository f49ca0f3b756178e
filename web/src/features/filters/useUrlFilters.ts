import { useSearchParams } from 'react-router';

/**
 * The URL `filters` query of a board or an app page, and a setter that rewrites it in place (the
 * viewer's filter bar, the notice's "Remove it from the link"); every block's request sends it.
 */
export function useUrlFilters(): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('filters', next);
        else updated.delete('filters');
        return updated;
      },
      { replace: true },
    );
  return [params.get('filters') ?? '', set];
}
