import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toApiError } from '../../api/errors';
import { AuthLayout } from '../../components/AuthLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { nextPath, withNext } from '../../components/nextPath';
import { landingPath } from '../onboarding/landing';
import { useSubmit } from '../../hooks/useSubmit';
import { useSessionStore } from '../../store/sessionStore';
import { useTokenLogIn } from './useTokenLogIn';
import { sendLoginLink } from './authApi';

/** /dashboard/auth: log in with a password or an e-mailed link; the target of every log-in redirect. */
export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const next = nextPath(search);
  const status = useSessionStore((s) => s.status);
  const load = useSessionStore((s) => s.load);
  const logIn = useSessionStore((s) => s.logIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit();

  const token = search.get('token');
  // A fresh log-in of an account that has not finished the first-run guide lands on it.
  const goOn = useCallback(async () => navigate(await landingPath(search), { replace: true }), [navigate, search]);
  const tokenLogIn = useTokenLogIn(token, goOn);

  useEffect(() => {
    if (!token && useSessionStore.getState().status === 'idle') void load();
  }, [token, load]);

  if (tokenLogIn.pending) return <Loading message="Logging you in..." />;
  if (!token && status === 'user') return <Navigate to={next} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLinkSentTo(null);
    void run(async () => {
      try {
        await logIn(email.trim(), password);
        await goOn();
      } catch (thrown) {
        // platform §7: an unverified account gets a fresh code with the 403; enter it next.
        if (toApiError(thrown).status === 403) navigate(`/dashboard/emailVerify?${withNext({ email: email.trim() }, search)}`);
        else throw thrown;
      }
    });
  };

  const sendLink = () => {
    setLinkSentTo(null);
    if (!email.trim()) {
      setError('Enter your e-mail address first, then ask for the link.');
      return;
    }
    void run(async () => {
      const sent = await sendLoginLink(email.trim());
      setLinkSentTo(sent.email);
    });
  };

  return (
    <AuthLayout
      title="Log in"
      intro="Welcome back. Log in to build and edit your boards and apps."
      footer={
        <>
          New to Tessera? <Link to="/dashboard/signup">Create an account</Link>
        </>
      }
    >
      <form className="form" onSubmit={submit}>
        <Field label="E-mail">
          <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password">
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <FormError message={tokenLogIn.error ?? error} />
        {linkSentTo && (
          <p className="form-notice" role="status">
            We sent a log-in link to {linkSentTo}. Open it on this device to log in.
          </p>
        )}
        <button className="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Logging in...' : 'Log in'}
        </button>
        <button className="button wide" type="button" disabled={busy} onClick={sendLink}>
          Send me a log-in link
        </button>
        <Link className="form-link" to="/dashboard/forgetPassword">
          Forgot your password?
        </Link>
      </form>
    </AuthLayout>
  );
}
