import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Category } from '../api/category.api';
import { CategoryImage } from './category-image';
import { CategoryKindBadge } from './category-kind-badge';

export interface CategoryCardProps {
  /** Read with `include=parent,subcategories`. */
  category: Category;
  /** The card's buttons (edit, history, delete), supplied by the page. */
  actions?: ReactNode;
}

/** A catalogue category: image, name, 'Padre' or 'Subcategoría de …', description and its subcategories. */
export function CategoryCard({ category, actions }: CategoryCardProps) {
  const subcategories = category.subcategories ?? [];
  return (
    <Card withBorder radius="md" padding="md" h="100%" miw={0} component="article" aria-label={category.name}>
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <CategoryImage name={category.name} imageUrl={category.image_url} />
          <Stack gap={4} miw={0}>
            <Title order={2} size="h4" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {category.name}
            </Title>
            <Group gap={6} wrap="wrap">
              <CategoryKindBadge category={category} />
              {category.parent ? (
                <Text size="xs" c="dimmed">
                  {`de ${category.parent.name}`}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Stack gap={4} miw={0} style={{ flexGrow: 1 }}>
          <Text size="sm" c={category.description ? undefined : 'dimmed'} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {category.description ?? 'Sin descripción'}
          </Text>
          {/* The catalogue nests deeper than two levels: any category may list its own. */}
          {subcategories.length > 0 ? (
            <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" size="sm">
                {subcategories.length === 1 ? '1 subcategoría: ' : `${subcategories.length} subcategorías: `}
              </Text>
              {subcategories.map((child) => child.name).join(', ')}
            </Text>
          ) : category.parent_id === null ? (
            <Text size="sm" c="dimmed">
              Sin subcategorías
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="xs" wrap="wrap">{actions}</Group> : null}
      </Stack>
    </Card>
  );
}
