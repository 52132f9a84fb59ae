import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** The shape of a SponsorCard while the list loads. */
export function SponsorCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true" data-testid="sponsor-card-skeleton">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <Skeleton height={56} width={56} radius="md" />
          <Stack gap={6} style={{ flexGrow: 1 }}>
            <Skeleton height={16} width="70%" />
            <Skeleton height={10} width="30%" />
          </Stack>
        </Group>
        <Skeleton height={10} width="60%" />
        <Skeleton height={10} width="80%" />
        <Group gap="xs">
          <Skeleton height={30} width={70} />
          <Skeleton height={30} width={70} />
          <Skeleton height={30} width={70} />
        </Group>
      </Stack>
    </Card>
  );
}
