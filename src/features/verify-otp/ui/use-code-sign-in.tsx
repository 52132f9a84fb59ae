import type { VerifyOtpResult } from '@contract/auth';
import { Anchor } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useSessionStore } from '@/shared/auth';
import { safeRedirect } from '@/shared/lib';
import { ErrorAlert } from '@/shared/ui/error-alert';

const NO_EMAIL_MESSAGE = 'No email provided for verification.';

export interface CodeSignInProps {
  /** Who is signing in, from the URL; the session store's address is used when absent. */
  email?: string;
  /** The panel address to open once signed in (checked again here: it comes from the URL). */
  redirect?: string;
}

/**
 * What the two ways of finishing a sign-in (a mailed code, an authenticator app's) share: who is
 * signing in, the alert above the form, where focus goes after a refusal, and the session a code
 * that was accepted starts.
 */
export function useCodeSignIn({ email: emailFromUrl, redirect }: CodeSignInProps) {
  const navigate = useNavigate();
  const pendingEmail = useSessionStore((state) => state.email);
  const setLogin = useSessionStore((state) => state.setLogin);
  const email = emailFromUrl?.trim() || pendingEmail || '';

  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The fields are disabled while checking, so after a refusal focus is put back on purpose.
  const [focusNext, setFocusNext] = useState<'field' | 'alert' | null>(null);

  useEffect(() => {
    if (!focusNext) return;
    if (focusNext === 'alert') alertRef.current?.focus();
    else formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const showAlert = (message: string) => {
    setFormError(message);
    setFocusNext('alert');
  };

  return {
    email,
    pendingEmail,
    formRef,
    /** The message above the form (null: none), focusable so that focus can go to it. */
    alert: formError ? (
      <div ref={alertRef} tabIndex={-1}>
        <ErrorAlert message={formError} />
      </div>
    ) : null,
    showAlert,
    clearAlert: () => setFormError(null),
    /** Puts focus back on the form's first field. */
    focusField: () => setFocusNext('field'),
    /** Whether there is an address to check the code for; without one the alert says so. */
    hasEmail: () => {
      if (!email) showAlert(NO_EMAIL_MESSAGE);
      return Boolean(email);
    },
    /** Starts the session a code answered and opens the address that needed it ('/' when none did). */
    signIn: ({ token, expires_at: _expiresAt, ...user }: VerifyOtpResult) => {
      setLogin(token, user);
      void navigate({ href: safeRedirect(redirect), replace: true });
    },
  };
}

/** 'Volver al inicio de sesión', keeping the address to open once signed in. */
export function BackToLogin({ redirect }: Pick<CodeSignInProps, 'redirect'>) {
  return (
    <Anchor size="sm" className="small-target" style={{ alignSelf: 'center' }} renderRoot={(props) => <Link to="/login" search={{ redirect }} {...props} />}>
      Volver al inicio de sesión
    </Anchor>
  );
}
