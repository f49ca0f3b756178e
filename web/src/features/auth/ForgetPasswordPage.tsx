import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { forgotPassword, resetPassword } from './authApi';

type Step = 'request' | 'reset' | 'done';

/** /dashboard/forgetPassword: e-mail a code, then set a new password with it. */
export default function ForgetPasswordPage() {
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();

  const requestCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const sent = await forgotPassword(email.trim());
      setEmail(sent.email);
      setStep('reset');
    });
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await resetPassword(email, code.trim(), password);
      setStep('done');
    });
  };

  const footer = <Link to="/dashboard/auth">Back to log in</Link>;

  if (step === 'done') {
    return (
      <AuthLayout title="Password changed" intro="Your new password is set and every other session has been logged out." footer={footer}>
        <Link className="button primary wide" to="/dashboard/auth">
          Log in
        </Link>
      </AuthLayout>
    );
  }

  if (step === 'reset') {
    return (
      <AuthLayout title="Choose a new password" intro={`We e-mailed a code to ${email}. Enter it with your new password.`} footer={footer}>
        <form className="form" onSubmit={reset}>
          <Field label="Code">
            <input inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Field label="New password" hint="At least 8 characters.">
            <input type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <FormError message={error} />
          <button className="button primary wide" type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" intro="Enter the e-mail of your account and we will send you a code to choose a new password." footer={footer}>
      <form className="form" onSubmit={requestCode}>
        <Field label="E-mail">
          <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <FormError message={error} />
        <button className="button primary wide" type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send me a code'}
        </button>
      </form>
    </AuthLayout>
  );
}
