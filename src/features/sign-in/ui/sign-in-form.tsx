import type { LoginBody } from '@contract/auth';
import { CODE_ALREADY_SENT_MESSAGE } from '@contract/auth.constants';
import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage, formFieldErrors } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { AuthEmailInput, AuthSubmitButton } from '@/shared/ui/auth-form';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PasswordInput } from '@/shared/ui/password-input';
import { SIGN_IN_FALLBACK, signIn } from '../api/sign-in';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = keyof LoginBody;
type Errors = Partial<Record<Field, string>>;

// The same rules and messages as the contract's loginBody, without loading zod or a form library
// on /login (the page with the tightest bundle budget).
const validate = ({ email, password }: LoginBody): Errors => {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'El email es requerido';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'El email no es válido';
  if (!password) errors.password = 'La contraseña es requerida';
  return errors;
};

/** Unknown e-mail or wrong password: the server answers both alike, so neither is singled out. */
const isWrongCredentials = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Signed in again within the minute: the code mailed a moment ago still stands. */
const isCodeAlreadySent = (error: unknown) => error instanceof ApiError && error.status === 429 && error.message === CODE_ALREADY_SENT_MESSAGE;

/** What recovery's last step says, repeated where the new password is first used. */
export const PASSWORD_RESET_GREETING = 'Tu contraseña ha sido actualizada correctamente.';

export interface SignInFormProps {
  /** The panel address to open once signed in; carried through the code page. */
  redirect?: string;
}

/** E-mail and password; when accepted, a one-time code is on its way and the code screen opens. */
export function SignInForm({ redirect }: SignInFormProps) {
  const navigate = useNavigate();
  const notice = useSessionStore((state) => state.notice);
  const recoveredEmail = useSessionStore((state) => state.recoveredEmail);
  const clearNotice = useSessionStore((state) => state.clearNotice);
  const codeSent = useSessionStore((state) => state.codeSent);

  const [values, setValues] = useState<LoginBody>({ email: recoveredEmail ?? '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // Where focus goes once a refusal is on screen: the fields are disabled while sending, so
  // without this it would fall to the page's body.
  const [focusAfterError, setFocusAfterError] = useState<Field | 'alert' | null>(null);

  useEffect(() => {
    // After a reset the address is known: the new password is what is left to type.
    if (recoveredEmail) passwordRef.current?.focus();
  }, [recoveredEmail]);

  useEffect(() => {
    if (!focusAfterError) return;
    if (focusAfterError === 'alert') alertRef.current?.focus();
    else (focusAfterError === 'email' ? emailRef : passwordRef).current?.focus();
    setFocusAfterError(null);
  }, [focusAfterError]);

  const signInMutation = useMutation({
    mutationFn: signIn,
    onSuccess: (secondFactor, { email }) => {
      const address = email.trim();
      if (secondFactor === 'app') {
        // Nothing was mailed: no resend minute to count, the app shows the code.
        void navigate({ to: '/otp', search: { email: address, redirect, method: 'app' } });
        return;
      }
      codeSent(address);
      void navigate({ to: '/otp', search: { email: address, redirect } });
    },
    onError: (error) => {
      const fields = formFieldErrors(error);
      if (fields.email || fields.password) {
        setErrors({ email: fields.email, password: fields.password });
        setFocusAfterError(fields.email ? 'email' : 'password');
      } else if (isWrongCredentials(error)) {
        // Wrong e-mail or password (the server never says which): the password is what to retype.
        setErrors({ password: errorMessage(error, SIGN_IN_FALLBACK) });
        setFocusAfterError('password');
      } else {
        setFocusAfterError('alert');
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    // A previous refusal no longer describes what is in the form.
    signInMutation.reset();
    if (Object.keys(found).length > 0) {
      setFocusAfterError(found.email ? 'email' : 'password');
      return;
    }
    clearNotice();
    signInMutation.mutate(values);
  };

  /** Props of one input: its value, and an error that goes away as soon as the person edits it. */
  const inputProps = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const busy = signInMutation.isPending;
  // Wrong credentials are shown on the password field, not repeated above the form.
  const serverError = isWrongCredentials(signInMutation.error) ? null : signInMutation.error;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {recoveredEmail ? (
          <Alert color="green" variant="light" title={PASSWORD_RESET_GREETING} role="status">
            Inicia sesión con tu nueva contraseña.
          </Alert>
        ) : null}
        {notice ? (
          <Alert color="yellow" variant="light" title="Aviso">
            {notice}
          </Alert>
        ) : null}
        {serverError ? (
          <div ref={alertRef} tabIndex={-1}>
            <ErrorAlert error={serverError} message={errorMessage(serverError, SIGN_IN_FALLBACK)} />
          </div>
        ) : null}
        {isCodeAlreadySent(serverError) ? (
          <Anchor
            size="sm"
            fw={600}
            className="small-target"
            style={{ alignSelf: 'flex-start' }}
            renderRoot={(props) => <Link to="/otp" search={{ email: values.email.trim(), redirect }} {...props} />}
          >
            Ya tengo un código
          </Anchor>
        ) : null}
        <AuthEmailInput ref={emailRef} disabled={busy} {...inputProps('email')} />
        <PasswordInput label="Contraseña" autoComplete="current-password" ref={passwordRef} disabled={busy} {...inputProps('password')} />
        <Group justify="flex-end">
          <Anchor size="sm" className="small-target" renderRoot={(props) => <Link to="/recover" search={{ redirect }} {...props} />}>
            ¿Olvidaste tu contraseña?
          </Anchor>
        </Group>
        <AuthSubmitButton busy={busy} busyLabel="Enviando código...">
          Continuar
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
