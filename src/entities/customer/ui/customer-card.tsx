import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { InlineFact } from '@/shared/ui/fact';
import { RecordCard } from '@/shared/ui/record-card';
import type { Customer } from '../api/customer.api';

export interface CustomerCardProps {
  customer: Customer;
  /** The names of the plans the customer holds (see `customerPlanNames`). */
  planNames: string[];
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

/** A customer in the grid: name, contact details, DNI, city and the plans they hold. */
export function CustomerCard({ customer, planNames, actions }: CustomerCardProps) {
  return (
    <RecordCard name={customer.name} actions={actions}>
      <InlineFact label="DNI">{customer.dni}</InlineFact>
      <InlineFact label="Email">{customer.email}</InlineFact>
      <InlineFact label="Teléfono">{customer.phone ?? '—'}</InlineFact>
      <InlineFact label="Ciudad">{customer.meta.city ?? '—'}</InlineFact>
      <Group gap={4} aria-label="Planes" role="list">
        {planNames.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin planes activos
          </Text>
        ) : (
          planNames.map((name, index) => (
            <Badge key={`${index}-${name}`} role="listitem" variant="light" color="blue" style={{ textTransform: 'none' }}>
              {name}
            </Badge>
          ))
        )}
      </Group>
    </RecordCard>
  );
}
