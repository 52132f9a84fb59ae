import { Alert, Button, Stack, Text } from '@mantine/core';
import { requestIdOf } from '@/shared/api';
// Not the icons' index: the sign-in pages show this alert, and would carry every icon with it.
import { IconAlert } from '../icons/alert';

export interface ErrorAlertProps {
  /** @default 'Error', or 'Aviso' for a warning */
  title?: string;
  /** A warning (yellow) says what is still shown may be out of date; an error (red) that it failed. */
  tone?: 'error' | 'warning';
  message: string;
  /** The failure itself: when the server logged it under an id, the alert shows it for support. */
  error?: unknown;
  /** When given, a 'Reintentar' button calls it. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load or action, in red (or yellow for a warning), with an optional retry. */
export function ErrorAlert({ tone = 'error', title = tone === 'error' ? 'Error' : 'Aviso', message, error, onRetry, retrying = false }: ErrorAlertProps) {
  const color = tone === 'error' ? 'red' : 'yellow';
  const reference = requestIdOf(error);
  return (
    <Alert color={color} variant="light" title={title} icon={<IconAlert />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {reference ? (
          <Text size="xs" c="dimmed">
            Referencia para soporte: <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{reference}</span>
          </Text>
        ) : null}
        {onRetry ? (
          <Button size="xs" variant="white" color={color} onClick={onRetry} loading={retrying}>
            Reintentar
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
