// The app editor's Share dialog and its Publish panel (issue 26): both show the app through the
// shared Share panel (its address, the Public switch saved through PUT /api/apps/{id}, open as a
// guest, who has access); Publish adds what publishing an app means and the pages visitors get.
import { useEffect, useId, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { AppRecord, AppUser } from '../../generated/api';
import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import { runtimeConfig } from '../../config/runtime';
import { SharePanel, SharePopup, type Shareable } from '../share/SharePanel';
import { fetchAppUsers } from '../users/appUsersApi';
import { updateApp } from './appApi';
import { publicAppUrl } from '../../blocks/links/appLocation';
import { useAppPagesStore, type AppPageList } from '../../blocks/links/appPages';

export const PUBLISH_APP_TITLE = 'Publish App';
// platform §2 'Publish only sets the mode to publish': an app has no unpublished state, its pages
// are served as saved. So the panel says so, and shows what decides who sees them.
export const PUBLISH_APP_INTRO =
  'Your app is published at its address: every change you save shows there at once. Whether people can open it depends on the Public switch and on who is invited.';
export const PAGES_FOR_ANYONE = 'Anyone with the link can open these pages:';
export const PAGES_FOR_INVITED = 'The people with access can open these pages:';
export const PAGES_UNAVAILABLE = 'The pages could not be loaded.';

/** The address visitors open for the app's page `slug` ('' is the home page). */
export function appAddress(subdomain: string, slug: string): string {
  return publicAppUrl(subdomain, slug, window.location, runtimeConfig().baseHost);
}

export interface AppShareProps {
  appId: string;
  subdomain: string;
  isPublic: boolean;
  ownerEmail: string;
  onAppSaved: (app: AppRecord) => void;
  /** Opens the Users dialog in this dialog's place. */
  onManageUsers: () => void;
  onClose: () => void;
}

/** The app as the Share panel shows it; its users are read each time a dialog opens, so they are current. */
function useAppShareable({ appId, subdomain, isPublic, ownerEmail, onAppSaved, onManageUsers }: AppShareProps): Shareable {
  const [loaded, setLoaded] = useState<{ users: AppUser[] | null; error: string | null }>({ users: null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    fetchAppUsers(appId, abort.signal).then(
      (users) => {
        if (!abort.signal.aborted) setLoaded({ users, error: null });
      },
      (thrown: unknown) => {
        if (!abort.signal.aborted) setLoaded({ users: null, error: toApiError(thrown).message });
      },
    );
    return () => abort.abort();
  }, [appId, attempt]);

  return {
    noun: 'app',
    isPublic,
    link: appAddress(subdomain, ''),
    savePublic: async (next) => onAppSaved(await updateApp(appId, { public: next })),
    ownerEmail,
    invited: {
      ...loaded,
      retry: () => {
        setLoaded({ users: null, error: null });
        setAttempt((n) => n + 1);
      },
      manage: onManageUsers,
    },
  };
}

/** 'Share' in the app editor's top bar. */
export function AppSharePopup(props: AppShareProps) {
  return <SharePopup item={useAppShareable(props)} onClose={props.onClose} />;
}

/** What the app editor's Publish (mode 'publish') shows: what publishing means, the Share panel and the pages. */
export function AppPublishPopup({ pages, ...props }: AppShareProps & { pages: AppPageList | undefined }) {
  const item = useAppShareable(props);
  const introId = useId();
  const stateId = useId();
  return (
    <Popup title={PUBLISH_APP_TITLE} onClose={props.onClose} describedBy={introId} maxWidth={600}>
      <div className="share-popup">
        <p id={introId}>{PUBLISH_APP_INTRO}</p>
        <SharePanel item={item} stateId={stateId} />
        <PublishedPages appId={props.appId} subdomain={props.subdomain} isPublic={props.isPublic} pages={pages} />
      </div>
    </Popup>
  );
}

/** Each page of the app, linked at the address its visitors open. */
function PublishedPages({ appId, subdomain, isPublic, pages }: { appId: string; subdomain: string; isPublic: boolean; pages: AppPageList | undefined }) {
  const headingId = useId();
  const loadPages = useAppPagesStore((s) => s.load);
  let list;
  if (pages === 'unavailable') {
    list = (
      <p className="share-person-problem" role="alert">
        {PAGES_UNAVAILABLE}{' '}
        <button type="button" className="button small" onClick={() => loadPages(appId)}>
          Try again
        </button>
      </p>
    );
  } else if (!Array.isArray(pages)) {
    list = <Loading message="Loading pages..." />;
  } else {
    list = (
      <ul>
        {pages.map((page) => {
          const address = appAddress(subdomain, page.page_slug);
          return (
            <li key={page.id}>
              <a href={address} target="_blank" rel="noopener noreferrer">
                {page.page_name || 'Home'}
              </a>
              <span className="share-email">{address}</span>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section className="publish-pages" aria-labelledby={headingId}>
      <h3 id={headingId}>Pages</h3>
      <p>{isPublic ? PAGES_FOR_ANYONE : PAGES_FOR_INVITED}</p>
      {list}
    </section>
  );
}
