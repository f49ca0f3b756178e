import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toApiError } from '../../api/errors';
import type { BoardState, ListingInput, MarketplaceListing } from '../../generated/api';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import { showToast } from '../../store/toastStore';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../marketplace/ListingCard';
import { loadCategories, loadListing, publishListing, unpublishListing } from '../marketplace/marketplaceApi';
import { TagsInput } from '../marketplace/TagsInput';
import { previewImageUrl } from '../marketplace/templateApi';
import { updateBoard } from './boardApi';

type Busy = 'publish' | 'unpublish' | 'public' | null;
type FieldError = { message: string; field?: string };
const FIELDS: readonly string[] = ['title', 'description', 'category', 'tags'];

/** The form's fields: every field of the listing body, each filled in. */
type ListingForm = Required<ListingInput>;

function formOf(board: BoardState, listing: MarketplaceListing | null): ListingForm {
  if (listing) return { title: listing.title, description: listing.description, category: listing.category, tags: listing.tags };
  return { title: board.title || board.name, description: '', category: '', tags: [] };
}

const published = (listing: MarketplaceListing) => new Date(listing.published_at * 1000).toLocaleDateString();

/**
 * 'Publish Board' (mode 'publish'): the board's Marketplace listing (title, description,
 * category, tags), which the owner publishes, updates or unpublishes, and whether the board is
 * public. Publishing makes the board public, because a listing leads visitors to the live
 * board; while the board is private again its listing is hidden from the Marketplace.
 *
 * The listing's preview image is rendered by the server from the board as a guest sees it; its
 * address carries the listing's last change, so publishing again shows the fresh one.
 */
export function PublishPopup({ board, onSaved, onClose }: { board: BoardState; onSaved: (board: BoardState) => void; onClose: () => void }) {
  const formId = useId();
  const [loaded, setLoaded] = useState<{ listing: MarketplaceListing | null; categories: string[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<ListingForm | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<FieldError | null>(null);
  // An unpublished board's preview is drawn as it is when the popup opens.
  const [openedAt] = useState(() => Date.now());
  const listing = loaded?.listing ?? null;

  const { id: boardId, slug } = board;
  useEffect(() => {
    const abort = new AbortController();
    Promise.all([loadListing(slug, boardId, abort.signal), loadCategories(abort.signal)]).then(
      ([found, categories]) => {
        setLoaded({ listing: found, categories });
        setForm((current) => current ?? formOf(board, found));
      },
      (thrown) => {
        if (!abort.signal.aborted) setLoadError(toApiError(thrown).message);
      },
    );
    return () => abort.abort();
    // Loaded once per board: the form starts from the board as it was when the popup opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen on purpose, see above
  }, [slug, boardId]);

  const set = <K extends keyof ListingForm>(key: K, value: ListingForm[K]) => setForm((current) => (current ? { ...current, [key]: value } : current));
  const fieldError = (key: keyof ListingInput) => (error?.field === key ? error.message : undefined);
  const formLevelError = error && !(error.field && FIELDS.includes(error.field)) ? error.message : null;

  const run = async (what: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (thrown) {
      const { message, field } = toApiError(thrown);
      setError({ message, field });
    } finally {
      setBusy(null);
    }
  };

  const publish = (event: FormEvent) => {
    event.preventDefault();
    if (!form || !loaded) return;
    const updating = listing !== null;
    void run('publish', async () => {
      const saved = await publishListing(slug, boardId, form);
      setLoaded({ ...loaded, listing: saved });
      setForm(formOf(board, saved));
      if (!board.public) onSaved({ ...board, public: true });
      showToast({ kind: 'success', text: updating ? 'Listing updated.' : 'Board published to the Marketplace.' });
    });
  };

  const unpublish = () =>
    run('unpublish', async () => {
      await unpublishListing(slug, boardId);
      if (loaded) setLoaded({ ...loaded, listing: null });
      showToast({ kind: 'success', text: 'Board removed from the Marketplace.' });
    });

  const togglePublic = () => run('public', async () => onSaved(await updateBoard(slug, boardId, { public: !board.public })));

  const footer = form && (
    <>
      {listing && (
        <button type="button" className="button danger" disabled={busy !== null} onClick={() => void unpublish()}>
          {busy === 'unpublish' ? 'Unpublishing...' : 'Unpublish'}
        </button>
      )}
      <button type="submit" form={formId} className="button primary" disabled={busy !== null}>
        {busy === 'publish' ? 'Saving...' : listing ? 'Update listing' : 'Publish'}
      </button>
    </>
  );

  return (
    <Popup title="Publish Board" onClose={onClose} closeBlocked={busy !== null} footer={footer}>
      <section className="publish-status" aria-label="Publishing status">
        <p role="status">
          {listing ? (
            <>
              Published on the Marketplace since {published(listing)}
              {board.public ? '. ' : ', but hidden there while the board is private. '}
              <Link to="/marketplace">See the Marketplace</Link>
            </>
          ) : (
            'Not on the Marketplace. Publishing lists the board there and makes it public.'
          )}
        </p>
        <label className="check">
          <input type="checkbox" checked={board.public} disabled={busy !== null} onChange={() => void togglePublic()} />
          Public board
        </label>
        <p className="muted">
          {board.public ? 'This board is public: anyone with its link can see it.' : 'This board is private: only its owner and admins can see it.'}
        </p>
      </section>
      <figure className="publish-preview">
        <img
          src={previewImageUrl(boardId, listing?.updated_at ?? openedAt)}
          alt={`Preview of ${listing?.title ?? (board.title || board.name)}`}
          width={PREVIEW_WIDTH}
          height={PREVIEW_HEIGHT}
        />
        <figcaption className="muted">
          {listing
            ? 'The preview shown on the Marketplace: the board as visitors see it.'
            : 'The Marketplace shows this preview of the board as visitors see it.'}
        </figcaption>
      </figure>
      <FormError message={formLevelError ?? loadError} />
      {!form || !loaded ? (
        !loadError && <Loading />
      ) : (
        <form id={formId} className="settings-form publish-form" onSubmit={publish} noValidate>
          <Field label="Title" error={fieldError('title')}>
            <input value={form.title} maxLength={120} onChange={(event) => set('title', event.target.value)} />
          </Field>
          <Field label="Description" hint="What the board shows and who it is for." error={fieldError('description')}>
            <textarea rows={4} value={form.description} maxLength={2000} onChange={(event) => set('description', event.target.value)} />
          </Field>
          <Field label="Category" error={fieldError('category')}>
            <select value={form.category} onChange={(event) => set('category', event.target.value)}>
              <option value="">Choose a category</option>
              {loaded.categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Tags" hint="Separate tags with commas; up to 10." error={fieldError('tags')}>
            <TagsInput value={form.tags} onChange={(tags) => set('tags', tags)} />
          </Field>
        </form>
      )}
    </Popup>
  );
}
