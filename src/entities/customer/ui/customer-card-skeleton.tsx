import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** The shape of a CustomerCard while the list loads. */
export function CustomerCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true" data-testid="customer-card-skeleton">
      <Stack gap="xs">
        <Skeleton height={18} width="55%" />
        <Skeleton height={10} width="35%" />
        <Skeleton height={10} width="70%" />
        <Skeleton height={10} width="45%" />
        <Skeleton height={10} width="40%" />
        <Group gap={4}>
          <Skeleton height={18} width={90} />
          <Skeleton height={18} width={70} />
        </Group>
        <Group gap="xs" mt="xs">
          <Skeleton height={30} width={120} />
          <Skeleton height={30} width={70} />
          <Skeleton height={30} width={80} />
        </Group>
      </Stack>
    </Card>
  );
}
