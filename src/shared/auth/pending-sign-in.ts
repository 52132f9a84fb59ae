// The server sends a sign-in code only after checking the password: it has no other way to ask for
// a new code. To offer 'Reenviar código' on the code page, the credentials the person just typed
// are held here, in this tab's memory only (never in storage, the URL or the store's state), until
// the code is used or could no longer be valid.

/** How long a sign-in code is valid; after that a resend would be a new sign-in anyway. */
const HOLD_MS = 10 * 60 * 1000;

let held: { email: string; password: string; until: number } | null = null;

/** The credentials the server accepted and mailed a code for. */
export function holdSignIn(email: string, password: string) {
  held = { email, password, until: Date.now() + HOLD_MS };
}

/** The held credentials for `email`, if they are still held. */
export function heldSignIn(email: string): { email: string; password: string } | null {
  if (!held || held.email !== email || Date.now() > held.until) return null;
  return { email: held.email, password: held.password };
}

/** Forgets the held credentials (the code was used, or the session ended). */
export function forgetSignIn() {
  held = null;
}
