import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { useSessionStore } from '../../store/sessionStore';
import { landingPath } from '../onboarding/landing';
import { resendCode, verifyEmail } from './authApi';

/**
 * /dashboard/emailVerify: the code e-mailed after sign-up (or an unverified log-in) starts the
 * session; a new account then lands on the first-run guide of /dashboard/start.
 */
export default function EmailVerifyPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSessionStore((s) => s.signedIn);
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [code, setCode] = useState('');
  const [resentTo, setResentTo] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();
  const knownEmail = Boolean(search.get('email'));

  const verify = (event: FormEvent) => {
    event.preventDefault();
    setResentTo(null);
    void run(async () => {
      const { user } = await verifyEmail(email.trim(), code.trim());
      signedIn(user);
      navigate(await landingPath(search), { replace: true });
    });
  };

  const resend = () => {
    setResentTo(null);
    void run(async () => {
      const sent = await resendCode(email.trim());
      setResentTo(sent.email);
    });
  };

  return (
    <AuthLayout
      title="Check your e-mail"
      intro={knownEmail ? `We sent a verification code to ${email}. Enter it below to finish.` : 'Enter your e-mail and the verification code we sent you.'}
      footer={<Link to="/dashboard/auth">Back to log in</Link>}
    >
      <form className="form" onSubmit={verify}>
        {!knownEmail && (
          <Field label="E-mail">
            <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
        )}
        <Field label="Verification code">
          <input inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <FormError message={error} />
        {resentTo && (
          <p className="form-notice" role="status">
            A new code is on its way to {resentTo}. Earlier codes no longer work.
          </p>
        )}
        <button className="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify e-mail'}
        </button>
        <button className="button wide" type="button" disabled={busy || !email.trim()} onClick={resend}>
          Send a new code
        </button>
      </form>
    </AuthLayout>
  );
}
