import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlert } from '../icons';

export interface ErrorAlertProps {
  /** @default 'Error' */
  title?: string;
  message: string;
  /** When given, a 'Reintentar' button calls it. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load or action, in red, with an optional retry. */
export function ErrorAlert({ title = 'Error', message, onRetry, retrying = false }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlert />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
            Reintentar
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
