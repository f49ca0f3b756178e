// Sharing a board or an app (issue 26): whether it is public, in words and as one switch saved at
// once, the link to copy and to open, and who has access. The board and app editors describe what
// they share as a `Shareable`; everything a person sees of it is drawn here, once for both.
import { useId, useState, type ReactNode } from 'react';
import { toApiError } from '../../api/errors';
import type { AppUser } from '../../generated/api';
import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import { useSessionStatus, useSessionStore } from '../../store/sessionStore';
import { showToast } from '../../store/toastStore';
import { LOADING_USERS, permissionLabel } from '../users/usersDialogState';
import './share.css';

export const PUBLIC_STATE = 'Public: anyone with the link can view it.';
// Who may open a private one is the server's rule (server/src/access.rs): a board only its owner,
// an app also the people invited to it, matched by the verified e-mail they sign in with.
export const PRIVATE_BOARD_STATE = 'Private: only its owner can open it.';
export const PRIVATE_APP_STATE = 'Private: only its owner and the people invited to it can open it, once signed in.';
export const ANYONE_CAN_VIEW = 'Anyone with the link can view.';
export const BOARD_INVITES = 'Nobody is invited to a board: it opens for its owner, or for everyone once it is public.';
export const NOBODY_INVITED = 'Nobody else is invited yet.';
export const INVITED_SIGN_IN = 'Invited people open it once they sign in with that e-mail address, verified.';
export const ADMINS_NOTE = "The platform's administrators can also open and change it.";
// The session cookie is host-only (server/src/auth/session.rs), so a tab on this host keeps it and
// a tab on another host (an app's own sub-domain) starts without it.
export const SESSION_NOTE =
  'Opens the link in a new tab as a guest preview: the server sets your session aside there, so the tab shows exactly what a signed-out visitor sees.';
export const GUEST_NOTE =
  'Opens the link in a new tab. Your session stays with this site and does not reach that address, so the tab shows what a guest sees (unless you signed in there too).';
export const INVITE_PEOPLE = 'Invite or change people';

/** 'Public' or 'Private', as the editors' top bars show it next to Share. */
export const accessWord = (isPublic: boolean) => (isPublic ? 'Public' : 'Private');

/** The people invited to an app, as the Share dialog lists them. */
export interface InvitedPeople {
  /** null while they load. */
  users: AppUser[] | null;
  /** Why they could not be loaded. */
  error: string | null;
  retry: () => void;
  /** Opens the Users dialog, where people are invited, changed and removed. */
  manage: () => void;
}

/** What an editor shares. */
export interface Shareable {
  noun: 'board' | 'app';
  isPublic: boolean;
  /** The address visitors open. */
  link: string;
  /** Saves the public flag; a refusal throws, and the switch stays as it was. */
  savePublic: (next: boolean) => Promise<void>;
  ownerEmail: string;
  /** An app's invited people; absent for a board, to which nobody is invited. */
  invited?: InvitedPeople;
}

/**
 * The address of `link` as a signed-out visitor sees it. On this host a new tab keeps the
 * session, so it opens as a guest preview (`as=guest`), which the server answers as a guest; on
 * another host the tab has no session anyway.
 */
export function guestLink(link: string): string {
  if (opensWithoutSession(link)) return link;
  const url = new URL(link, window.location.href);
  url.searchParams.set('as', 'guest');
  return url.toString();
}

/** Whether `link` opens on another host than this page, so a new tab of it has no session. */
export function opensWithoutSession(link: string): boolean {
  try {
    return new URL(link, window.location.href).host !== window.location.host;
  } catch {
    return false;
  }
}

/**
 * The Share button of an editor's top bar, with the Public/Private badge that keeps the access in
 * sight. It is the bar's primary action: sharing is what an editor most often comes to do.
 */
export function ShareButton({ isPublic, expanded, onClick }: { isPublic: boolean; expanded: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button primary share-button" aria-haspopup="dialog" aria-expanded={expanded} onClick={onClick}>
      Share <span className={isPublic ? 'share-badge public' : 'share-badge'}>{accessWord(isPublic)}</span>
    </button>
  );
}

/** The 'Share' dialog of either editor. */
export function SharePopup({ item, onClose }: { item: Shareable; onClose: () => void }) {
  const stateId = useId();
  return (
    <Popup title="Share" onClose={onClose} describedBy={stateId}>
      <SharePanel item={item} stateId={stateId} />
    </Popup>
  );
}

/**
 * The state in words, the Public switch, the link with Copy link, Open as a guest and who has
 * access. `stateId` names the state's text, which the dialog around reads out as its description.
 */
export function SharePanel({ item, stateId }: { item: Shareable; stateId: string }) {
  const linkId = useId();
  const guestNoteId = useId();
  const [saving, setSaving] = useState(false);
  const { noun, isPublic, link } = item;
  const privateState = noun === 'board' ? PRIVATE_BOARD_STATE : PRIVATE_APP_STATE;

  const setPublic = async (next: boolean) => {
    setSaving(true);
    try {
      await item.savePublic(next);
      showToast({ kind: 'success', text: `The ${noun} is now ${next ? 'public' : 'private'}.` });
    } catch (thrown) {
      showToast({ kind: 'error', text: toApiError(thrown).message });
    } finally {
      setSaving(false);
    }
  };

  // Clipboard access can be refused (permissions, insecure origins): then the link is selected.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast({ kind: 'success', text: 'Link copied.' });
    } catch {
      const field = document.getElementById(linkId) as HTMLInputElement | null;
      field?.focus();
      field?.select();
      showToast({ kind: 'warning', text: 'The browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.' });
    }
  };

  return (
    <div className="share-popup">
      <p id={stateId} className="share-state" role="status">
        {isPublic ? PUBLIC_STATE : privateState}
      </p>
      <label className="share-switch">
        <input
          type="checkbox"
          role="switch"
          checked={isPublic}
          disabled={saving}
          aria-busy={saving || undefined}
          onChange={(event) => void setPublic(event.target.checked)}
        />
        Public
      </label>
      <div className="share-link">
        <label htmlFor={linkId}>{noun === 'board' ? 'Board link' : 'App link'}</label>
        <div className="share-link-row">
          <input id={linkId} type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button primary" onClick={() => void copy()}>
            Copy link
          </button>
        </div>
      </div>
      <div className="share-guest">
        <a className="button" href={guestLink(link)} target="_blank" rel="noopener noreferrer" aria-describedby={guestNoteId}>
          Open as a guest
        </a>
        <p id={guestNoteId} className="muted">
          {opensWithoutSession(link) ? GUEST_NOTE : SESSION_NOTE}
        </p>
      </div>
      <WhoHasAccess item={item} />
    </div>
  );
}

/** The owner and, for an app, each invited person with their permission. */
function WhoHasAccess({ item }: { item: Shareable }) {
  const headingId = useId();
  // The editor may not have asked who is signed in yet; the owner is then shown as 'You' once known.
  useSessionStatus();
  const me = useSessionStore((s) => s.user?.email);
  const { invited, ownerEmail } = item;
  let others: ReactNode;
  if (!invited) others = null;
  else if (invited.error) {
    others = (
      <li className="share-person-problem">
        <span role="alert">Who else has access could not be loaded: {invited.error}</span>
        <button type="button" className="button small" onClick={invited.retry}>
          Try again
        </button>
      </li>
    );
  } else if (!invited.users) {
    others = (
      <li>
        <Loading message={LOADING_USERS} />
      </li>
    );
  } else {
    others = invited.users.map((user) => (
      <li key={user.id}>
        <span className="share-person">
          <span>{user.name}</span>
          <span className="share-email">{user.email}</span>
        </span>
        <span className="share-permission">{permissionLabel(user.permissions)}</span>
      </li>
    ));
  }

  return (
    <section className="share-access" aria-labelledby={headingId}>
      <h3 id={headingId}>Who has access</h3>
      {item.isPublic && <p className="share-anyone">{ANYONE_CAN_VIEW}</p>}
      <ul className="share-people">
        <li>
          <span className="share-person">
            <span>{ownerEmail && ownerEmail === me ? 'You' : 'The owner'}</span>
            {ownerEmail && <span className="share-email">{ownerEmail}</span>}
          </span>
          <span className="share-permission">Owner</span>
        </li>
        {others}
      </ul>
      {!invited ? (
        <p className="muted">{BOARD_INVITES}</p>
      ) : (
        <>
          {invited.users?.length === 0 && <p className="muted">{NOBODY_INVITED}</p>}
          <p className="muted">{INVITED_SIGN_IN}</p>
          <button type="button" className="button" onClick={invited.manage}>
            {INVITE_PEOPLE}
          </button>
        </>
      )}
      <p className="muted">{ADMINS_NOTE}</p>
    </section>
  );
}
