import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { AppRecord, PageState } from '../../generated/api';
import { copyKey, keepCopy, loadWithCopy } from '../../platform/offlineStore';
import { withoutLocalDrafts } from '../../store/blockList';
import { chromeBlock } from './appChrome';
import { fetchApp, fetchPageState, type AppRef } from './appApi';
import { takePrefetchedPage } from './pagePrefetch';

export type AppPageStatus = 'loading' | 'ready' | 'denied' | 'missing' | 'failed';

export interface AppPageView {
  status: AppPageStatus;
  /** The page shown; while the next page loads, the previous one stays so the editor shell stays put. */
  page: PageState | null;
  /** The app record, fetched for editors only (guests see page content alone); null until it arrives. */
  app: AppRecord | null;
  /** The message of a failure other than 403 and 404. */
  error: string | null;
  setPage: (update: (page: PageState) => PageState) => void;
  /** A changed app record; a new sub-domain keeps naming the same app. */
  setApp: (app: AppRecord) => void;
  reload: () => void;
}

/**
 * The page at `path` of the app with sub-domain `appName`. The page state comes first: it decides
 * 403/404 and whether the editor shows, so a private app raises one access-denied toast, not two.
 * The app record follows for editors, which is when the title reads 'Fetching App...'; both are
 * kept on an editor's device and served from there when the network is gone. Once a page
 * has named its app's id, later pages are asked for by id, which survives a sub-domain change.
 */
export function useAppPage(appName: string, path: string): AppPageView {
  const [status, setStatus] = useState<AppPageStatus>('loading');
  const [page, setPageState] = useState<PageState | null>(null);
  const [app, setAppState] = useState<AppRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const appIds = useRef(new Map<string, string>());
  const appRef = useRef<AppRecord | null>(null);

  useEffect(() => {
    let current = true;
    const knownId = appIds.current.get(appName);
    const ref: AppRef = knownId ? { appId: knownId } : { appName };
    setStatus('loading');
    setError(null);
    // An editor's page is kept on the device (by the effect below) and served from there offline.
    loadWithCopy(copyKey.page(appName, path), () => takePrefetchedPage(appName, path) ?? fetchPageState(ref, path), false).then(
      (loaded) => {
        if (!current) return;
        appIds.current.set(appName, loaded.app_id);
        setPageState(loaded);
        setStatus('ready');
        if (!loaded.can_edit || appRef.current?.id === loaded.app_id) return;
        appRef.current = null;
        setAppState(null);
        // Kept on the device like the page (by the effect below), and served from there offline.
        loadWithCopy(copyKey.app(appName), () => fetchApp(appName), false).then(
          (record) => {
            if (!current) return;
            appRef.current = record;
            setAppState(record);
          },
          // The request layer has alerted a refusal, and offline without a copy there is nothing to
          // say but the 'Offline' notice; either way the title keeps 'Fetching App...'.
          () => {},
        );
      },
      (thrown: unknown) => {
        if (!current) return;
        const failure = toApiError(thrown);
        setPageState(null);
        setStatus(failure.status === 403 ? 'denied' : failure.status === 404 ? 'missing' : 'failed');
        setError(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [appName, path, attempt]);

  useEffect(() => {
    if (status === 'ready' && page?.can_edit) void keepCopy(copyKey.page(appName, path), { ...page, blocks: withoutLocalDrafts(page.blocks) });
  }, [status, page, appName, path]);

  // The record follows the app settings saved since, like the page.
  useEffect(() => {
    if (app) void keepCopy(copyKey.app(appName), app);
  }, [app, appName]);

  const setPage = useCallback((update: (page: PageState) => PageState) => {
    setPageState((before) => (before ? update(before) : before));
  }, []);

  const setApp = useCallback((record: AppRecord) => {
    appIds.current.set(record.subdomain, record.id);
    appRef.current = record;
    setAppState(record);
    setPageState((before) =>
      before
        ? {
            ...before,
            name: record.name,
            public: record.public,
            app_header: chromeBlock(record.settings, 'header'),
            app_footer: chromeBlock(record.settings, 'footer'),
          }
        : before,
    );
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, page, app, error, setPage, setApp, reload };
}
