import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** The shape of a DspCard while the list loads. */
export function DspCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true" data-testid="dsp-card-skeleton">
      <Card.Section>
        <Skeleton height={120} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Group justify="space-between">
          <Skeleton height={16} width="50%" />
          <Skeleton height={18} width={110} />
        </Group>
        <Skeleton height={10} width="20%" />
        <Skeleton height={10} width="80%" />
        <Skeleton height={10} width="70%" />
        <Skeleton height={10} width="60%" />
        <Skeleton height={10} width="45%" />
        <Group gap="xs" mt="xs">
          <Skeleton height={30} width={80} />
          <Skeleton height={30} width={110} />
          <Skeleton height={30} width={70} />
        </Group>
      </Stack>
    </Card>
  );
}
