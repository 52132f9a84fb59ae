import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** The shape of a CampaignCard while the list loads. */
export function CampaignCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true" data-testid="campaign-card-skeleton">
      <Card.Section>
        <Skeleton height={140} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Group justify="space-between">
          <Skeleton height={16} width="55%" />
          <Skeleton height={18} width={60} />
        </Group>
        <Skeleton height={10} />
        <Skeleton height={10} width="85%" />
        <Skeleton height={10} width="40%" />
        <Group gap="xs" mt="xs">
          <Skeleton height={30} width={90} />
          <Skeleton height={30} width={70} />
          <Skeleton height={30} width={70} />
        </Group>
      </Stack>
    </Card>
  );
}
