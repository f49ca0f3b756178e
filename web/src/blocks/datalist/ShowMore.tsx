// The foot of a paged block (datalist, grid): how many rows show, and 'Show more' while the
// server has another page.
import { Loading } from '../../components/Loading';
import type { PagedRows } from './usePagedRows';

export function ShowMore({ paged, className }: { paged: Extract<PagedRows, { status: 'ready' }>; className: string }) {
  return (
    <div className={className}>
      {paged.moreError && (
        <p className="block-error" role="alert">
          {paged.moreError}
        </p>
      )}
      {paged.loadingMore ? (
        <Loading message="Loading more..." />
      ) : (
        paged.hasMore && (
          <button type="button" className="button" onClick={paged.showMore}>
            Show more
          </button>
        )
      )}
      <span className="muted">{`Showing ${paged.rows.length} of ${paged.total}`}</span>
    </div>
  );
}
