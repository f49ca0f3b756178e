// The app's pages as page settings need them: the settings editor's page pickers list them, and
// every link a block makes to a page (header navigation, toolbar and item buttons, item details'
// actions) is resolved against them by `resolvePage`. Fetched once per app, and only when
// something on screen names a page; the Pages popup keeps the list in step with its changes.
import { createContext, useCallback, useContext, useEffect } from 'react';
import { create } from 'zustand';
import type { AppPage } from '../../generated/api';
import { listPages } from './pagesApi';
import { resolvePage, type PageTarget } from './appLocation';

/** An app's pages in their order, or where fetching them stands. */
export type AppPageList = readonly AppPage[] | 'loading' | 'unavailable';

interface AppPagesState {
  byApp: Record<string, AppPageList>;
  /** Fetches the app's pages unless they are known or on their way (a failed fetch is tried again). */
  load: (appId: string) => void;
  /** The pages as they are now (after an add, rename, move or delete). */
  set: (appId: string, pages: readonly AppPage[]) => void;
}

export const useAppPagesStore = create<AppPagesState>()((set, get) => ({
  byApp: {},
  load: (appId) => {
    const known = get().byApp[appId];
    if (known !== undefined && known !== 'unavailable') return;
    const put = (list: AppPageList) => set((s) => ({ byApp: { ...s.byApp, [appId]: list } }));
    put('loading');
    // Without them links are followed as typed and the pickers take a typed address.
    listPages(appId).then(put, () => put('unavailable'));
  },
  set: (appId, pages) => set((s) => ({ byApp: { ...s.byApp, [appId]: pages } })),
}));

/** The id of the app whose page is drawn; null on boards and embeds, which have no pages. */
export const AppPagesContext = createContext<string | null>(null);

/**
 * The pages of app `appId` (undefined when there is no app), fetched on first use while
 * `wanted`, so a page that links to no page costs no request.
 */
export function useAppPages(appId: string | null | undefined, wanted = true): AppPageList | undefined {
  const list = useAppPagesStore((s) => (appId ? s.byApp[appId] : undefined));
  const load = useAppPagesStore((s) => s.load);
  useEffect(() => {
    if (appId && wanted) load(appId);
  }, [appId, wanted, load]);
  if (!appId) return undefined;
  return list ?? 'loading';
}

/** Where a page setting's value leads on the page being drawn (see `resolvePage`). */
export function usePageResolver(wanted: boolean): (value: string) => PageTarget {
  const list = useAppPages(useContext(AppPagesContext), wanted);
  const pages = Array.isArray(list) ? (list as readonly AppPage[]) : undefined;
  return useCallback((value: string) => resolvePage(value, pages), [pages]);
}
