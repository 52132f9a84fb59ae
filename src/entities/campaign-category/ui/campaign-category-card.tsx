import { Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CampaignCategory } from '../model/types';

export interface CampaignCategoryCardProps {
  category: CampaignCategory;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

/** A campaign category: its image if any, name, the catalogue category it hangs from, description. */
export function CampaignCategoryCard({ category, actions }: CampaignCategoryCardProps) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" component="article" aria-label={category.name}>
      {category.image_url ? (
        <Card.Section>
          <Image src={category.image_url} alt={`Imagen de ${category.name}`} h={120} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap="xs" mt={category.image_url ? 'md' : 0} style={{ flexGrow: 1 }}>
        <Title order={2} size="h4" lineClamp={2}>
          {category.name}
        </Title>
        <Group gap="xs">
          <Badge color="indigo.7" variant="filled" autoContrast radius="sm">
            Subcategoría
          </Badge>
          <Text size="sm" c="dimmed">{`de ${category.parent.name}`}</Text>
        </Group>
        <Text size="sm" c={category.description ? undefined : 'dimmed'} lineClamp={3} style={{ flexGrow: 1 }}>
          {category.description || 'Sin descripción'}
        </Text>
        {actions ? (
          <Group gap="xs" wrap="wrap" mt="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
