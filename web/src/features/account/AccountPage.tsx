import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { changePassword, deleteAccount, getProfile, renameAccount } from './accountApi';
import type { Profile } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { DashboardLayout } from '../../components/DashboardLayout';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { useSubmit } from '../../hooks/useSubmit';
import { useSessionStore } from '../../store/sessionStore';
import { SessionsCard } from './SessionsCard';

function NameForm({ profile }: { profile: Profile }) {
  const signedIn = useSessionStore((s) => s.signedIn);
  const isAdmin = useSessionStore((s) => s.user?.is_admin === true);
  const [name, setName] = useState(profile.name);
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void run(async () => {
      const updated = await renameAccount(name.trim());
      // The profile does not say who administers the platform; a new name does not change it.
      signedIn({ id: updated.id, email: updated.email, name: updated.name, plan: updated.plan, is_admin: isAdmin });
      setSaved(true);
    });
  };

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <p className="muted form-intro">Signed in as {profile.email}.</p>
      <Field label="Name">
        <input autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <FormError message={error} />
      {saved && (
        <p className="form-notice" role="status">
          Your name has been saved.
        </p>
      )}
      <div className="form-actions">
        <button className="button primary" type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save name'}
        </button>
      </div>
    </form>
  );
}

/** Changes the password; an account without one (its e-mail was verified by a log-in link) sets one. */
function PasswordForm({ hasPassword, onSet }: { hasPassword: boolean; onSet: () => void }) {
  const signedIn = useSessionStore((s) => s.signedIn);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [changed, setChanged] = useState(false);
  const { busy, error, run } = useSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    void run(async () => {
      const { user } = await changePassword(next, hasPassword ? current : undefined);
      signedIn(user);
      onSet();
      setCurrent('');
      setNext('');
      setChanged(true);
    });
  };

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {hasPassword ? (
        <Field label="Current password">
          <input type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
        </Field>
      ) : (
        <p className="muted form-intro">Your account has no password yet: you log in with e-mailed links. Set one to log in with it too.</p>
      )}
      <Field label="New password" hint="At least 8 characters. Other devices will be logged out.">
        <input type="password" autoComplete="new-password" required minLength={8} value={next} onChange={(e) => setNext(e.target.value)} />
      </Field>
      <FormError message={error} />
      {changed && (
        <p className="form-notice" role="status">
          Your password has been changed. Other sessions were logged out.
        </p>
      )}
      <div className="form-actions">
        <button className="button primary" type="submit" disabled={busy}>
          {busy ? 'Saving...' : hasPassword ? 'Change password' : 'Set password'}
        </button>
      </div>
    </form>
  );
}

function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  const logOut = useSessionStore((s) => s.logOut);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();
  const { confirm, confirmDialog } = useConfirm();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const question = 'Delete your account with all its workspaces, boards and apps? This cannot be undone.';
    if (!(await confirm({ title: 'Delete account', question, confirmLabel: 'Delete account' }))) return;
    void run(async () => {
      await deleteAccount(hasPassword ? password : undefined);
      await logOut().catch(() => undefined);
      navigate('/dashboard/signup', { replace: true });
    });
  };

  return (
    <form className="card form danger-zone" onSubmit={(event) => void submit(event)} aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p className="muted form-intro">Your workspaces, boards, apps and their addresses are deleted with the account.</p>
      {hasPassword && (
        <Field label="Password, to confirm">
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
      )}
      <FormError message={error} />
      <div className="form-actions">
        <button className="button danger" type="submit" disabled={busy}>
          {busy ? 'Deleting...' : 'Delete account'}
        </button>
      </div>
      {confirmDialog}
    </form>
  );
}

/** /dashboard/account: name, password, sessions and account deletion. */
export default function AccountPage() {
  const [profile, setProfile] = useState<Profile | null>(null);

  useEffect(() => {
    getProfile().then(setProfile, () => undefined);
  }, []);

  return (
    <DashboardLayout title="Account">
      {profile ? (
        <div className="card-grid two">
          <NameForm profile={profile} />
          <PasswordForm hasPassword={profile.has_password} onSet={() => setProfile({ ...profile, has_password: true })} />
          <SessionsCard />
          <DeleteAccountForm hasPassword={profile.has_password} />
        </div>
      ) : (
        <Loading />
      )}
    </DashboardLayout>
  );
}
