import { Card, Skeleton, Stack } from '@mantine/core';

/** The shape of a ConnectorCard while the list loads. */
export function ConnectorCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true">
      <Stack gap="xs">
        <Skeleton height={20} width="60%" />
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}
