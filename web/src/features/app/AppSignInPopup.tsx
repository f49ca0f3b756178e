import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toApiError } from '../../api/errors';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Popup } from '../../components/Popup';
import { useSubmit } from '../../hooks/useSubmit';
import { useSessionStore } from '../../store/sessionStore';
import { signInOffers } from '../auth/signInMethods';
import { signupPathFor } from '../invitation/invitationPaths';
import { sendLoginLink, type LinkApp } from '../auth/authApi';

/** Which app the sign-in is for: its id once a page has loaded, else its sub-domain (a 403). */
export type SignInApp = LinkApp;

/**
 * Signing in on an app's own pages (its sub-domain), so the session is this host's: e-mail and
 * password, or an e-mailed link that leads back to this app, as the app's `sign_in_method`
 * allows ('' offers both; the server refuses a method the app does not offer). An account that
 * is not verified yet goes on to the verification page and comes back here.
 */
export function AppSignInPopup({
  appTitle,
  app,
  method,
  onSignedIn,
  onClose,
}: {
  appTitle: string;
  app: SignInApp;
  method: string;
  onSignedIn: () => void;
  onClose: () => void;
}) {
  const offers = signInOffers(method);
  const logIn = useSessionStore((s) => s.logIn);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit();

  const logInWithPassword = () =>
    run(async () => {
      try {
        await logIn(email.trim(), password, 'app_id' in app ? app.app_id : undefined);
        onSignedIn();
      } catch (thrown) {
        // platform §7: an unverified account gets a fresh code with the 403; enter it next.
        if (toApiError(thrown).status !== 403) throw thrown;
        navigate(`/dashboard/emailVerify?${new URLSearchParams({ email: email.trim(), next: here })}`);
      }
    });

  const sendLink = () => {
    if (!email.trim()) {
      setError('Enter your e-mail address first, then ask for the link.');
      return;
    }
    void run(async () => {
      const sent = await sendLoginLink(email.trim(), app);
      setLinkSentTo(sent.email);
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLinkSentTo(null);
    if (offers.password) void logInWithPassword();
    else sendLink();
  };

  return (
    <Popup title={`Sign in to ${appTitle}`} onClose={onClose} closeBlocked={busy} maxWidth={420}>
      <form className="form app-sign-in" onSubmit={submit}>
        <Field label="E-mail">
          <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        {offers.password && (
          <Field label="Password">
            <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
        )}
        <FormError message={error} />
        {linkSentTo && (
          <p className="form-notice" role="status">
            We sent a log-in link to {linkSentTo}. Open it on this device to sign in here.
          </p>
        )}
        {offers.password && (
          <button className="button primary wide" type="submit" disabled={busy}>
            {busy ? 'Logging in...' : 'Log in'}
          </button>
        )}
        {offers.link && (
          <button
            className={offers.password ? 'button wide' : 'button primary wide'}
            type={offers.password ? 'button' : 'submit'}
            disabled={busy}
            onClick={offers.password ? sendLink : undefined}
          >
            Send me a log-in link
          </button>
        )}
        <p className="muted app-sign-in-links">
          {offers.password && <Link to="/dashboard/forgetPassword">Forgot your password?</Link>}
          <Link to={signupPathFor(here)}>No account yet? Sign up</Link>
        </p>
      </form>
    </Popup>
  );
}
