import { Group, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecordCard } from '@/shared/ui/record-card';
import { CategoryKindBadge } from '@/shared/ui/status-badge';
import type { CampaignCategory } from '../api/campaign-category.api';

export interface CampaignCategoryCardProps {
  category: CampaignCategory;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

/** A campaign category: its image if any, name, the catalogue category it hangs from, description. */
export function CampaignCategoryCard({ category, actions }: CampaignCategoryCardProps) {
  return (
    <RecordCard
      name={category.name}
      banner={category.image_url ? <Image src={category.image_url} alt={`Imagen de ${category.name}`} h={120} fit="cover" /> : null}
      actions={actions}
    >
      <Group gap="xs">
        <CategoryKindBadge sub />
        <Text size="sm" c="dimmed">{`de ${category.parent.name}`}</Text>
      </Group>
      <Text size="sm" c={category.description ? undefined : 'dimmed'} lineClamp={3} style={{ flexGrow: 1 }}>
        {category.description || 'Sin descripción'}
      </Text>
    </RecordCard>
  );
}
