import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * Mantine's PasswordInput, with its input marked aria-invalid while it shows an error: Mantine's
 * other inputs do that themselves, its PasswordInput only links the message.
 */
export function PasswordInput({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <MantinePasswordInput ref={ref} aria-invalid={props.error ? true : undefined} {...props} />;
}
