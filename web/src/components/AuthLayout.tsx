import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './authLayout.css';

/** The frame of the log-in, sign-up and recovery screens: the brand over one centred card. */
export function AuthLayout({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth-screen">
      <Link to="/dashboard" className="brand auth-brand">
        Tessera
      </Link>
      <main className="auth-card">
        <h1>{title}</h1>
        {intro && <p className="muted auth-intro">{intro}</p>}
        {children}
      </main>
      {footer && <p className="auth-footer">{footer}</p>}
    </div>
  );
}
