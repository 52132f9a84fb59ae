import { replaceEqualDeep } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from './session-key';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** Role names, for display. */
  rol: string[];
  /** Role slugs, for the menu. */
  roles: string[];
  permissions: string[];
}

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** The e-mail waiting for its one-time code. */
  email: string | null;
  loading: boolean;
  error: string | null;
  /** When the last code was sent (ms since epoch). */
  otpSentAt: number | null;
  /** A notice for the sign-in page, e.g. why the session ended. Not persisted. */
  notice: string | null;
  /** The account whose password was just reset: the sign-in page greets it. Not persisted. */
  recoveredEmail: string | null;

  setLoading(loading: boolean): void;
  setError(error: string | null): void;
  /** The credentials were accepted and a code is on its way to `email`. */
  codeSent(email: string): void;
  /** Stores token and user and clears the error. */
  setLogin(token: string, user: SessionUser): void;
  /** The server's current view of the signed-in person (roles and permissions may have changed). */
  refreshUser(user: SessionUser): void;
  /** Clears token, email, error and otp time; the user object is kept. */
  logout(notice?: string | null): void;
  /** Recovery set a new password for `email`; the sign-in page says so and fills the address in. */
  passwordReset(email: string): void;
  /** Forgets the sign-in page's notice and greeting once the person acts. */
  clearNotice(): void;
}

export { SESSION_STORAGE_KEY } from './session-key';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      email: null,
      loading: false,
      error: null,
      otpSentAt: null,
      notice: null,
      recoveredEmail: null,
      setLoading: (loading) => set({ loading }),
      setError: (error) => set({ error }),
      codeSent: (email) => set({ email, otpSentAt: Date.now(), error: null }),
      setLogin: (token, user) => set({ token, user, error: null, loading: false, notice: null, recoveredEmail: null }),
      // A profile that did not change keeps its object: every screen reads the user, and a new
      // object after each refresh redrew the whole panel (on a phone, a long task after each load).
      refreshUser: (user) =>
        set((state) => {
          if (!state.token) return state;
          const next = replaceEqualDeep(state.user, user);
          return next === state.user ? state : { user: next };
        }),
      logout: (notice = null) => set({ token: null, email: null, error: null, otpSentAt: null, loading: false, notice }),
      passwordReset: (email) => set({ recoveredEmail: email, notice: null }),
      clearNotice: () => set({ notice: null, recoveredEmail: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, email, loading, error, otpSentAt }) => ({ token, user, email, loading, error, otpSentAt }),
      // A reload never resumes a request, so a persisted busy flag would lock the forms.
      merge: (persisted, current) => ({ ...current, ...(persisted as Partial<SessionState>), loading: false }),
    },
  ),
);

/** The signed-in user's permission check, used to hide what the server would refuse. */
export const hasPermission = (user: SessionUser | null, permission: string) =>
  Boolean(user?.permissions.includes(permission));

export const hasRole = (user: SessionUser | null, role: string) => Boolean(user?.roles.includes(role));
