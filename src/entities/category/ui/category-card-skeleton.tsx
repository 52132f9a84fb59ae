import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** The shape of a CategoryCard while the list loads. */
export function CategoryCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true" data-testid="category-card-skeleton">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <Skeleton height={56} width={56} radius="md" />
          <Stack gap={6} style={{ flexGrow: 1 }}>
            <Skeleton height={16} width="70%" />
            <Skeleton height={14} width={80} radius="xl" />
          </Stack>
        </Group>
        <Skeleton height={10} width="90%" />
        <Skeleton height={10} width="60%" />
        <Group gap="xs">
          <Skeleton height={30} width={70} />
          <Skeleton height={30} width={80} />
          <Skeleton height={30} width={80} />
        </Group>
      </Stack>
    </Card>
  );
}
