import { Button, Loader, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/** The account's e-mail on the sign-in and recovery screens, offered by the browser's password manager. */
export function AuthEmailInput(props: Omit<TextInputProps, 'label' | 'type'> & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput label="Correo electrónico" type="email" autoComplete="username" placeholder="nombre@empresa.com" {...props} />;
}

export interface AuthSubmitButtonProps {
  busy: boolean;
  /** E.g. 'Enviando código...'. */
  busyLabel: string;
  /** E.g. 'Continuar'. */
  children: ReactNode;
}

/** The full-width submit of an auth screen: off, with a spinner and `busyLabel`, while it sends. */
export function AuthSubmitButton({ busy, busyLabel, children }: AuthSubmitButtonProps) {
  return (
    <Button type="submit" fullWidth disabled={busy} leftSection={busy ? <Loader size="xs" /> : null}>
      {busy ? busyLabel : children}
    </Button>
  );
}
