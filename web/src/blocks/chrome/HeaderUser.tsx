// The header's user menu (blocks §3.20 UserMenu): who is signed in, from the session store, with
// the store's own log-out; a guest gets the sign-in of the place the header is on (an app's own,
// see signInSlot.ts), else the log-in page, which brings them back here after.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../../components/RequireSession';
import { useSessionStatus, useSessionStore } from '../../store/sessionStore';
import { useSignInSlot } from './signInSlot';

/** Up to two letters from the name's words, else the e-mail's first letter. */
export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => Array.from(word)[0]) : [Array.from(email)[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export function HeaderUser({ profileImage }: { profileImage: string | null }) {
  // App pages are open to guests, so nothing may have asked who is signed in yet.
  const status = useSessionStatus();
  const user = useSessionStore((s) => s.user);
  const logOut = useSessionStore((s) => s.logOut);
  const { pathname, search } = useLocation();
  const slot = useSignInSlot();
  const [leaving, setLeaving] = useState(false);

  if (status === 'guest') {
    return (
      <div className="header-user">
        {slot ? (
          <button type="button" className="button header-sign-in" onClick={slot.signIn}>
            Sign in
          </button>
        ) : (
          <Link className="button header-sign-in" to={loginPathFor(pathname + search)}>
            Sign in
          </Link>
        )}
      </div>
    );
  }
  // The box keeps its place while the session loads, so nothing moves when it arrives.
  if (status !== 'user' || !user) return <div className="header-user" aria-busy="true" />;

  const signOut = () => {
    setLeaving(true);
    // logOut ends the session here even when the call fails (the client reports the failure), so
    // the menu turns into 'Sign in' either way.
    void logOut()
      .catch(() => undefined)
      .finally(() => {
        setLeaving(false);
        slot?.signedOut();
      });
  };

  const name = user.name || user.email;
  return (
    <div className="header-user">
      <span className="header-avatar" aria-hidden="true">
        {profileImage ? <img src={profileImage} alt="" loading="lazy" decoding="async" /> : initials(user.name, user.email)}
      </span>
      <span className="header-user-name">{name}</span>
      <button type="button" className="button header-sign-out" onClick={signOut} disabled={leaving}>
        Sign out
      </button>
    </div>
  );
}
