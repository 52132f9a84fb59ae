import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlert } from '../icons';

export interface ErrorAlertProps {
  /** @default 'Error', or 'Aviso' for a warning */
  title?: string;
  /** A warning (yellow) says what is still shown may be out of date; an error (red) that it failed. */
  tone?: 'error' | 'warning';
  message: string;
  /** When given, a 'Reintentar' button calls it. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load or action, in red (or yellow for a warning), with an optional retry. */
export function ErrorAlert({ tone = 'error', title = tone === 'error' ? 'Error' : 'Aviso', message, onRetry, retrying = false }: ErrorAlertProps) {
  const color = tone === 'error' ? 'red' : 'yellow';
  return (
    <Alert color={color} variant="light" title={title} icon={<IconAlert />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color={color} onClick={onRetry} loading={retrying}>
            Reintentar
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
