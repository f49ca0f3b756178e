import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { Field } from '../../components/Field';
import { withNext } from '../../components/nextPath';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { signUp } from './authApi';

/** /dashboard/signup (and /dashboard/signupbackup): create an account, then verify the e-mail. */
export default function SignupPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [name, setName] = useState('');
  // An invitation's page sends the invited address along (?email=), so it is not typed again.
  const [email, setEmail] = useState(() => search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const created = await signUp(name.trim(), email.trim(), password);
      navigate(`/dashboard/emailVerify?${withNext({ email: created.email }, search)}`);
    });
  };

  return (
    <AuthLayout
      title="Create your account"
      intro="Turn your spreadsheets into boards and apps. We will e-mail you a code to confirm your address."
      footer={
        <>
          Already have an account? <Link to="/dashboard/auth">Log in</Link>
        </>
      }
    >
      <form className="form" onSubmit={submit}>
        <Field label="Name">
          <input autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="E-mail">
          <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" hint="At least 8 characters.">
          <input type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <FormError message={error} />
        <button className="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </button>
      </form>
    </AuthLayout>
  );
}
