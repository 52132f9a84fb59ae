import { Group, Loader, Text } from '@mantine/core';

export interface LoadingStateProps {
  /** @default 'Cargando...' */
  label?: string;
}

/** A spinner and a line of text, e.g. 'Cargando usuarios...'. */
export function LoadingState({ label = 'Cargando...' }: LoadingStateProps) {
  return (
    <Group justify="center" gap="sm" py="xl" role="status">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
