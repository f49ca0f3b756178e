import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { Invitation } from '../../generated/api';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { Loading } from '../../components/Loading';
import { loginPathFor } from '../../components/RequireSession';
import { useSessionStatus, useSessionStore } from '../../store/sessionStore';
import { getInvitation } from './invitationApi';
import { appViewerPath, signupPathFor } from './invitationPaths';
import { useInvitedApp } from './useInvitedApp';

/**
 * /accept-invitation?app=<appId>&token=<token>: where the invitation e-mail of the users dialog
 * sends people (server api/app_users.rs: 'Sign in or sign up with this e-mail address to open
 * it'). Access comes from the invited e-mail itself, so there is nothing to accept: the page makes
 * sure the right account is signed in and leads on to the app. The token (links sent before it
 * existed have none) tells a signed-out visitor who invited them to which app, and whether the
 * invited e-mail has an account: then Log in comes first, else Create account with it prefilled.
 */
export default function AcceptInvitationPage() {
  const [search] = useSearchParams();
  const appId = search.get('app')?.trim() ?? '';
  const token = search.get('token')?.trim() ?? '';
  const status = useSessionStatus();

  if (!appId) {
    return (
      <AuthLayout
        title="This invitation link is incomplete"
        intro="It does not say which app it is for. Open the link from the invitation e-mail again, or ask the app's owner to send a new one."
      >
        <Link className="button wide" to="/dashboard">
          Go to the dashboard
        </Link>
      </AuthLayout>
    );
  }
  if (status === 'guest') return token ? <InvitedSignedOut token={token} /> : <SignedOut />;
  if (status !== 'user') return <Loading />;
  return <SignedIn appId={appId} />;
}

function useHere() {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/** The invitation of a link's token, null while it loads; an error message when it cannot be read. */
function useInvitation(token: string): Invitation | { error: string; gone: boolean } | null {
  const [invitation, setInvitation] = useState<Invitation | { error: string; gone: boolean } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setInvitation(null);
    getInvitation(token, abort.signal).then(setInvitation, (thrown: unknown) => {
      if (abort.signal.aborted) return;
      const error = toApiError(thrown);
      setInvitation({ error: error.message, gone: error.status === 404 });
    });
    return () => abort.abort();
  }, [token]);
  return invitation;
}

/** A signed-out visitor with a link that has its token: who invited them to what, and the way in. */
function InvitedSignedOut({ token }: { token: string }) {
  const here = useHere();
  const invitation = useInvitation(token);
  if (!invitation) return <Loading message="Opening your invitation..." />;
  // A link whose invitation was withdrawn or sent again still leads to logging in.
  if ('error' in invitation) return <SignedOut notice={invitation.gone ? invitation.error : undefined} />;
  const { inviter, app_name: app, email, has_account: hasAccount } = invitation;
  const logIn = (
    <Link className={hasAccount ? 'button primary wide' : 'button wide'} to={loginPathFor(here)}>
      Log in
    </Link>
  );
  return (
    <AuthLayout
      title={`${inviter} invited you to ${app}`}
      intro={
        hasAccount
          ? `The invitation is for ${email}, which has an account: log in with it to open the app.`
          : `The invitation is for ${email}. Create your account with it (it takes a minute), then open the app.`
      }
    >
      <div className="form">
        {!hasAccount && (
          <Link className="button primary wide" to={signupPathFor(here, email)}>
            Create account
          </Link>
        )}
        {logIn}
      </div>
    </AuthLayout>
  );
}

function SignedOut({ notice }: { notice?: string }) {
  const here = useHere();
  return (
    <AuthLayout
      title="You are invited to an app"
      intro={`${notice ? `${notice} ` : ''}Log in, or sign up, with the e-mail address the invitation was sent to. You will come back here and can open the app.`}
    >
      <div className="form">
        <Link className="button primary wide" to={loginPathFor(here)}>
          Log in
        </Link>
        <Link className="button wide" to={signupPathFor(here)}>
          Sign up
        </Link>
      </div>
    </AuthLayout>
  );
}

function SignedIn({ appId }: { appId: string }) {
  const { state, retry } = useInvitedApp(appId);
  const email = useSessionStore((s) => s.user?.email ?? '');

  switch (state.kind) {
    case 'loading':
      return <Loading message="Checking your invitation..." />;
    case 'ready':
      return (
        <AuthLayout title={state.name} intro={`You have access to this app as ${email}.`}>
          <a className="button primary wide" href={appViewerPath(state.subdomain)}>
            Open app
          </a>
        </AuthLayout>
      );
    case 'not-invited':
      return (
        <AuthLayout
          title="This invitation is for another e-mail address"
          intro={`You are signed in as ${email}, and this e-mail address was not invited to the app. Log out, then log in or sign up with the address the invitation was sent to.`}
        >
          <SwitchAccount />
        </AuthLayout>
      );
    case 'gone':
      return (
        <AuthLayout title="This app no longer exists" intro="The app this invitation is for has been deleted. Ask its owner if there is a new one.">
          <Link className="button wide" to="/dashboard">
            Go to the dashboard
          </Link>
        </AuthLayout>
      );
    case 'failed':
      return (
        <AuthLayout title="We could not check your invitation" intro={state.message}>
          <button type="button" className="button primary wide" onClick={retry}>
            Try again
          </button>
        </AuthLayout>
      );
  }
}

/** Logs out and goes to log in with the same return path, so the invited account lands back here. */
function SwitchAccount() {
  const here = useHere();
  const navigate = useNavigate();
  const logOut = useSessionStore((s) => s.logOut);
  const [busy, setBusy] = useState(false);
  const switchAccount = async () => {
    setBusy(true);
    try {
      await logOut();
    } catch {
      // logOut ends the session here either way (sessionStore's finally); go on to log in.
    }
    navigate(loginPathFor(here), { replace: true });
  };
  return (
    <button type="button" className="button primary wide" disabled={busy} onClick={() => void switchAccount()}>
      {busy ? 'Logging out...' : 'Log out and switch account'}
    </button>
  );
}
