import { useLayoutEffect } from 'react';

/** The title of a page that names no screen of its own (and `index.html`'s). */
export const PRODUCT_TITLE = 'Tessera';

/** A product screen's title: its name, then the product's ("Dashboard · Tessera"). */
export function screenTitle(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `${trimmed} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

/**
 * Sets the browser tab's title while the calling screen shows, so tabs, history and bookmarks
 * tell screens apart. `null` (or blank) leaves the title as it is: a board keeps the title the
 * server wrote into its page until the board has loaded. When the screen goes the product's
 * title comes back; React removes the old screen before the next one sets its own. Layout
 * effects, so the title changes in the same commit as the screen (a passive effect could still be
 * pending when the new screen is already on show).
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const wanted = title?.trim() || null;
  useLayoutEffect(() => {
    if (wanted) document.title = wanted;
  }, [wanted]);
  useLayoutEffect(
    () => () => {
      document.title = PRODUCT_TITLE;
    },
    [],
  );
}

/** A screen whose title is fixed: the route table wraps such screens in this. */
export function DocumentTitle({ title }: { title: string }): null {
  useDocumentTitle(title);
  return null;
}
