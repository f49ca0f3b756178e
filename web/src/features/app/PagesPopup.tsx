import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toApiError } from '../../api/errors';
import type { AppPage } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import { useSubmit } from '../../hooks/useSubmit';
import { useNameWithAddress } from '../dashboard/subdomain';
import { createPage, deletePage, reorderPages, updatePage } from './appApi';
import { pageHref } from '../../blocks/links/appLocation';
import { useAppPagesStore } from '../../blocks/links/appPages';
import { listPages } from '../../blocks/links/pagesApi';

export const PAGES_TITLE = 'Pages';

const SLUG_HINT = 'Lowercase letters, digits and hyphens; the page lives at /{slug}.';

/** An app starts with its home page alone: say how it grows. */
const ONLY_HOME_TEXT = 'This app has only its home page so far. Add a page below: it joins the navigation every page shows.';

/** The list is the navigation an app without a header gets (AppNav): say so where it is edited. */
export const NAVIGATION_TEXT =
  'While the app has no header, every page shows these pages, in this order and under these names, as its navigation; a page with an Item Details block opens from a list row instead and is left out.';

function isHome(page: AppPage): boolean {
  return page.page_type === 'home';
}

interface Editing {
  id: string;
  name: string;
  slug: string;
}

/**
 * platform §2 page list: the app's pages in order, each openable, renamable and movable; pages other
 * than the home page can be deleted; new pages are added at the end. The server's refusals (a slug
 * already used, a malformed slug) show inline.
 */
export function PagesPopup({
  appId,
  currentPageId,
  search,
  onClose,
  onRenamed,
  onDeleted,
}: {
  appId: string;
  currentPageId: string;
  /** The current address's query, so page links keep `?app=`. */
  search: string;
  onClose: () => void;
  onRenamed: (page: AppPage) => void;
  onDeleted: (page: AppPage) => void;
}) {
  const [pages, setPages] = useState<AppPage[] | null>(null);
  // One change at a time; a refusal stays on screen until the next change.
  const { busy, error, setError, run } = useSubmit();
  const [editing, setEditing] = useState<Editing | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  // A page slug is suggested by the sub-domain rule: page slugs take the same characters.
  const { name: newName, address: newSlug, changeName, changeAddress: changeSlug, reset: resetNewPage } = useNameWithAddress();

  // The page pickers of the block settings follow every change made here.
  const keepPages = useAppPagesStore((s) => s.set);
  useEffect(() => {
    if (pages) keepPages(appId, pages);
  }, [appId, pages, keepPages]);

  useEffect(() => {
    let current = true;
    listPages(appId).then(
      (loaded) => current && setPages(loaded),
      (thrown: unknown) => current && setError(toApiError(thrown).message),
    );
    return () => {
      current = false;
    };
  }, [appId, setError]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const page = await createPage(appId, newName.trim(), newSlug.trim());
      setPages((list) => [...(list ?? []), page]);
      resetNewPage();
    });
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const page = pages?.find((p) => p.id === editing.id);
    if (!page) return;
    void run(async () => {
      const change = isHome(page) ? { page_name: editing.name.trim() } : { page_name: editing.name.trim(), page_slug: editing.slug.trim() };
      const { page: renamed } = await updatePage(appId, page.id, change);
      setPages((list) => (list ?? []).map((p) => (p.id === renamed.id ? renamed : p)));
      setEditing(null);
      onRenamed(renamed);
    });
  };

  const move = (index: number, by: -1 | 1) => {
    if (!pages) return;
    const ids = pages.map((p) => p.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void run(async () => {
      setPages(await reorderPages(appId, ids));
    });
  };

  const remove = async (page: AppPage) => {
    if (
      !(await confirm({
        title: 'Delete page',
        question: `Delete the page "${page.page_name}" and its blocks? You can bring them back from History.`,
        confirmLabel: 'Delete',
      }))
    )
      return;
    void run(async () => {
      await deletePage(appId, page.id);
      setPages((list) => (list ?? []).filter((p) => p.id !== page.id));
      onDeleted(page);
    });
  };

  return (
    <Popup title={PAGES_TITLE} onClose={onClose} maxWidth={560}>
      {pages === null && !error && <Loading />}
      {pages && (
        <ol className="app-pages" aria-busy={busy}>
          {pages.map((page, index) => (
            <li key={page.id} className="app-pages-item">
              {editing?.id === page.id ? (
                <form className="app-pages-rename" aria-label={`Rename ${page.page_name}`} onSubmit={rename}>
                  <Field label="Page name">
                    <input required maxLength={100} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
                  </Field>
                  {!isHome(page) && (
                    <Field label="Page slug" hint={SLUG_HINT}>
                      <input required maxLength={100} value={editing.slug} onChange={(e) => setEditing({ ...editing, slug: e.target.value })} />
                    </Field>
                  )}
                  <div className="form-actions">
                    <button type="button" className="button" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                    <button type="submit" className="button primary" disabled={busy}>
                      Save
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <span className="app-pages-name">
                    {page.page_name}
                    {page.id === currentPageId && <span className="app-pages-tag">Current</span>}
                  </span>
                  <span className="muted app-pages-slug">/{page.page_slug}</span>
                  <span className="app-pages-actions">
                    <Link className="button small" to={pageHref(page.page_slug, search)} onClick={onClose} aria-label={`Open ${page.page_name}`}>
                      Open
                    </Link>
                    <button
                      type="button"
                      className="button small"
                      aria-label={`Rename ${page.page_name}`}
                      disabled={busy}
                      onClick={() => setEditing({ id: page.id, name: page.page_name, slug: page.page_slug })}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="button small"
                      aria-label={`Move ${page.page_name} up`}
                      disabled={busy || index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button small"
                      aria-label={`Move ${page.page_name} down`}
                      disabled={busy || index === pages.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    {!isHome(page) && (
                      <button
                        type="button"
                        className="button small danger"
                        aria-label={`Delete ${page.page_name}`}
                        disabled={busy}
                        onClick={() => void remove(page)}
                      >
                        Delete
                      </button>
                    )}
                  </span>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {pages && <p className="muted">{pages.length === 1 ? ONLY_HOME_TEXT : NAVIGATION_TEXT}</p>}
      <FormError message={error} />
      {pages && (
        <form className="app-pages-add" aria-label="Add a page" onSubmit={add}>
          <h3>Add a page</h3>
          <Field label="Page name">
            <input required maxLength={100} value={newName} onChange={(e) => changeName(e.target.value)} />
          </Field>
          <Field label="Page slug" hint={SLUG_HINT}>
            <input maxLength={100} value={newSlug} onChange={(e) => changeSlug(e.target.value)} />
          </Field>
          <div className="form-actions start">
            <button type="submit" className="button primary" disabled={busy}>
              Add page
            </button>
          </div>
        </form>
      )}
      {confirmDialog}
    </Popup>
  );
}
