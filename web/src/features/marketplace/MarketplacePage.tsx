import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MarketplaceListing } from '../../generated/api';
import { Loading } from '../../components/Loading';
import { useSessionStatus } from '../../store/sessionStore';
import { ListingCard } from './ListingCard';
import { LivePreview } from './LivePreview';
import { UseTemplateDialog } from './UseTemplateDialog';
import { useMarketplace } from './useMarketplace';
import './marketplace.css';

/** Log in and sign up for visitors, the dashboard for a signed-in user. */
function AccountLinks() {
  const status = useSessionStatus();
  if (status === 'user') {
    return (
      <nav className="topbar-actions" aria-label="Account">
        <Link className="button primary" to="/dashboard">
          Dashboard
        </Link>
      </nav>
    );
  }
  if (status !== 'guest') return null;
  return (
    <nav className="topbar-actions" aria-label="Account">
      <Link className="button" to="/dashboard/auth">
        Log in
      </Link>
      <Link className="button primary" to="/dashboard/signup">
        Sign up
      </Link>
    </nav>
  );
}

/** What the empty list says: the search and category that found nothing, if any. */
function emptyText(q: string, category: string): string {
  if (q && category) return `No boards match “${q}” in ${category}.`;
  if (q) return `No boards match “${q}”.`;
  if (category) return `No boards match the category ${category}.`;
  return 'No boards have been published yet.';
}

/**
 * `/marketplace` (platform §2): the boards their owners published, for everyone, signed in or
 * not. The search and the category live in the address (`?q=`, `?category=`), so a filtered
 * marketplace can be linked to and Back returns to the previous filter; so does the board being
 * used as a template (`?use=`), so that signing in on the way leads back to it.
 */
export default function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const category = params.get('category') ?? '';
  const using = params.get('use') ?? '';
  const [typed, setTyped] = useState(q);
  const [previewed, setPreviewed] = useState<MarketplaceListing | null>(null);
  const view = useMarketplace(q, category);

  // The box follows the address when it changes from outside (Back, 'Clear filters').
  useEffect(() => setTyped(q), [q]);

  const setFilter = (next: { q?: string; category?: string; use?: string }) => {
    const merged = { q, category, use: using, ...next };
    const search = new URLSearchParams();
    if (merged.q.trim()) search.set('q', merged.q.trim());
    if (merged.category) search.set('category', merged.category);
    if (merged.use) search.set('use', merged.use);
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ q: typed });
  };
  const filtered = q !== '' || category !== '';

  return (
    <div className="marketplace">
      <header className="topbar marketplace-topbar">
        <Link to="/" className="brand">
          Tessera
        </Link>
        <span className="topbar-sub">Marketplace</span>
        <AccountLinks />
      </header>
      <main className="marketplace-main">
        <div className="marketplace-intro">
          <h1>Marketplace</h1>
          <p className="muted">Boards built from spreadsheets and shared by their owners. Preview one live, or use it as a template for your own data.</p>
        </div>
        <form className="marketplace-search" role="search" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="marketplace-q">
            Search boards
          </label>
          <input
            id="marketplace-q"
            type="search"
            value={typed}
            placeholder="Search titles, descriptions and tags"
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button primary">
            Search
          </button>
        </form>
        {view.categories.length > 0 && (
          <div className="category-chips" role="group" aria-label="Category">
            {['', ...view.categories].map((name) => (
              <button
                key={name || 'all'}
                type="button"
                className="category-chip"
                aria-pressed={category === name}
                onClick={() => setFilter({ category: name })}
              >
                {name || 'All'}
              </button>
            ))}
          </div>
        )}
        <MarketplaceResults
          view={view}
          emptyText={emptyText(q, category)}
          onClear={filtered ? () => setParams(new URLSearchParams()) : undefined}
          onPreview={setPreviewed}
          onUse={(listing) => setFilter({ use: listing.board_id })}
        />
      </main>
      {previewed && <LivePreview listing={previewed} onClose={() => setPreviewed(null)} />}
      {using && (
        <UseTemplateDialog
          boardId={using}
          title={view.listings.find((listing) => listing.board_id === using)?.title ?? 'this template'}
          onClose={() => setFilter({ use: '' })}
        />
      )}
    </div>
  );
}

function MarketplaceResults({
  view,
  emptyText,
  onClear,
  onPreview,
  onUse,
}: {
  view: ReturnType<typeof useMarketplace>;
  emptyText: string;
  onClear?: () => void;
  onPreview: (listing: MarketplaceListing) => void;
  onUse: (listing: MarketplaceListing) => void;
}) {
  if (view.status === 'loading') return <Loading />;
  if (view.status === 'error') {
    return (
      <div className="alert marketplace-message" role="alert">
        <p>The marketplace could not be loaded: {view.error}</p>
        <button type="button" className="button" onClick={view.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (view.listings.length === 0) {
    return (
      <div className="marketplace-message">
        <p>{emptyText}</p>
        {!onClear && (
          <p className="muted">
            Publish one of your boards from its editor with Publish to Marketplace and it will be listed here, or{' '}
            <Link to="/dashboard/start">create a board</Link> to start.
          </p>
        )}
        {onClear && (
          <button type="button" className="button" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    );
  }
  return (
    <>
      <p className="muted marketplace-count" aria-live="polite">
        Showing {view.listings.length} of {view.total} {view.total === 1 ? 'board' : 'boards'}
      </p>
      <ul className="listing-grid">
        {view.listings.map((listing) => (
          <li key={listing.board_id}>
            <ListingCard listing={listing} onPreview={onPreview} onUse={onUse} />
          </li>
        ))}
      </ul>
      {view.moreError && (
        <p className="form-error" role="alert">
          More boards could not be loaded: {view.moreError}
        </p>
      )}
      {view.listings.length < view.total && (
        <div className="marketplace-more">
          <button type="button" className="button" disabled={view.loadingMore} onClick={view.loadMore}>
            {view.loadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
