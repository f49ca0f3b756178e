// How the header's user menu signs someone in and out where it is drawn. On an app's pages the
// app fills this slot with its own sign-in (the session cookie is host-only, so a log-in on the
// dashboard's host would not sign anyone in at the app's sub-domain) and reloads the page for
// the new session; elsewhere the slot is empty and the menu leads to the log-in page.
import { createContext, useContext } from 'react';

export interface SignInSlot {
  /** Opens the sign-in of the place the header is drawn on. */
  signIn: () => void;
  /** Called once a sign-out has ended the session, so the page shows what a guest may see. */
  signedOut: () => void;
}

export const SignInSlotContext = createContext<SignInSlot | null>(null);

export function useSignInSlot(): SignInSlot | null {
  return useContext(SignInSlotContext);
}
