import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Loading } from './components/Loading';
import { RequireSession } from './components/RequireSession';
import { Toaster } from './components/Toaster';
import { PreviewPage } from './features/preview/PreviewPage';
import { ErrorPage, ErrorPageFailed } from './pages/ErrorPage';
import { NotFound } from './pages/NotFound';

// Every screen but the preview is its own chunk, so the entry stays small (issue 5 budget).
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const SignupPage = lazy(() => import('./features/auth/SignupPage'));
const EmailVerifyPage = lazy(() => import('./features/auth/EmailVerifyPage'));
const ForgetPasswordPage = lazy(() => import('./features/auth/ForgetPasswordPage'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const NewWorkspacePage = lazy(() => import('./features/dashboard/NewWorkspacePage'));
const ConnectSpreadsheetPage = lazy(() => import('./features/spreadsheets/ConnectSpreadsheetPage'));
const SpreadsheetGridPage = lazy(() => import('./features/spreadsheets/SpreadsheetGridPage'));
const AccountPage = lazy(() => import('./features/account/AccountPage'));
const BillingPage = lazy(() => import('./features/account/BillingPage'));
const RedeemCodePage = lazy(() => import('./features/account/RedeemCodePage'));
const PaymentOutcomePage = lazy(() => import('./features/payment/PaymentOutcomePage'));
const AdminPage = lazy(() => import('./features/admin/AdminPage'));
const AdminOldPage = lazy(() => import('./features/admin/AdminOldPage'));
const StartPage = lazy(() => import('./features/start/StartPage'));

const signedIn = (screen: ReactNode) => <RequireSession>{screen}</RequireSession>;

/** The routes of platform §2 built so far; unmatched paths fall to NotFound. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/" element={<PreviewPage />} />
        <Route path="/dashboard/auth" element={<LoginPage />} />
        <Route path="/dashboard/signup" element={<SignupPage />} />
        <Route path="/dashboard/signupbackup" element={<SignupPage />} />
        <Route path="/dashboard/emailVerify" element={<EmailVerifyPage />} />
        <Route path="/dashboard/forgetPassword" element={<ForgetPasswordPage />} />
        <Route path="/dashboard" element={signedIn(<DashboardPage />)} />
        <Route path="/dashboard/new-workspace" element={signedIn(<NewWorkspacePage />)} />
        <Route path="/dashboard/spreadsheets/new" element={signedIn(<ConnectSpreadsheetPage />)} />
        <Route path="/dashboard/spreadsheets/:spreadsheetId" element={signedIn(<SpreadsheetGridPage />)} />
        <Route path="/dashboard/account" element={signedIn(<AccountPage />)} />
        <Route path="/dashboard/accountbilling" element={signedIn(<BillingPage />)} />
        <Route path="/dashboard/redeemappsumocodes" element={signedIn(<RedeemCodePage />)} />
        <Route path="/payment_success" element={signedIn(<PaymentOutcomePage />)} />
        <Route path="/payment_fail" element={signedIn(<PaymentOutcomePage />)} />
        <Route path="/admin" element={signedIn(<AdminPage />)} />
        <Route path="/admin_old" element={signedIn(<AdminOldPage />)} />
        <Route path="/dashboard/start" element={signedIn(<StartPage />)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The routes inside two error boundaries: the inner one shows the error page (and clears when the
 * address changes); if the error page fails too, the outer one shows platform §2's last resort.
 */
export function App() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary fallback={() => <ErrorPageFailed />}>
      <ErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />}>
        <AppRoutes />
      </ErrorBoundary>
      <Toaster />
    </ErrorBoundary>
  );
}
