import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { SKELETON_CARDS } from '@/shared/config';

export interface SkeletonGridProps {
  /** What is loading, for screen readers, e.g. 'Cargando campañas'. */
  label: string;
  /** One placeholder card; it is repeated SKELETON_CARDS times. */
  skeleton: ReactNode;
  cols?: SimpleGridProps['cols'];
}

/** The grid of placeholder cards a card list shows while its first page loads. */
export function SkeletonGrid({ label, skeleton, cols = { base: 1, sm: 2, md: 3 } }: SkeletonGridProps) {
  return (
    <SimpleGrid cols={cols} spacing="md" aria-busy="true" aria-label={label}>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index}>{skeleton}</div>
      ))}
    </SimpleGrid>
  );
}
