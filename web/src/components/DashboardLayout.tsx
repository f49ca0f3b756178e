import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useSessionStore } from '../store/sessionStore';
import './dashboardLayout.css';

const LINKS = [
  { to: '/dashboard', label: 'Workspaces' },
  { to: '/dashboard/account', label: 'Account' },
  { to: '/dashboard/accountbilling', label: 'Billing' },
  // Every owner may use /admin (their own workspaces, boards, apps and users), not only platform admins.
  { to: '/admin', label: 'Administration' },
];

/** The frame of the signed-in screens: brand, navigation, who is signed in, log-out. */
export function DashboardLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  const logOut = useSessionStore((s) => s.logOut);
  const navigate = useNavigate();

  const leave = () => {
    void logOut().finally(() => navigate('/dashboard/auth'));
  };

  return (
    <div className="dash">
      <header className="topbar dash-topbar">
        <NavLink to="/dashboard" className="brand dash-brand">
          Tessera
        </NavLink>
        <nav className="dash-nav" aria-label="Dashboard">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="dash-user">
          {user && <span className="dash-user-name">{user.name || user.email}</span>}
          <button type="button" className="button ghost" onClick={leave}>
            Log out
          </button>
        </div>
      </header>
      <main className="dash-main">
        <div className="dash-heading">
          <h1>{title}</h1>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}
