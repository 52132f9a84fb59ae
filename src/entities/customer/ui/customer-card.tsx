import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecordCard } from '@/shared/ui/record-card';
import type { Customer } from '../model/types';

export interface CustomerCardProps {
  customer: Customer;
  /** The names of the plans the customer holds (see `customerPlanNames`). */
  planNames: string[];
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {`${label}: `}
      </Text>
      {children}
    </Text>
  );
}

/** A customer in the grid: name, contact details, DNI, city and the plans they hold. */
export function CustomerCard({ customer, planNames, actions }: CustomerCardProps) {
  return (
    <RecordCard name={customer.name} actions={actions}>
      <Fact label="DNI">{customer.dni}</Fact>
      <Fact label="Email">{customer.email}</Fact>
      <Fact label="Teléfono">{customer.phone ?? '—'}</Fact>
      <Fact label="Ciudad">{customer.meta.city ?? '—'}</Fact>
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
