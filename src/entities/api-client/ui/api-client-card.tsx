import { Code, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Fact } from '@/shared/ui/fact';
import { RecordCard } from '@/shared/ui/record-card';
import { formatRateLimit } from '../lib/format';
import type { ApiClient } from '../api/api-client.api';
import { ApiClientEnabledBadge } from './api-client-enabled-badge';

export interface ApiClientCardProps {
  client: ApiClient;
  /** Beside the name; the plain Activo/Inactivo badge unless the page supplies a toggle. */
  status?: ReactNode;
  /** The card's buttons, supplied by the page. */
  actions?: ReactNode;
}

const listOrDash = (entries: string[]) => (entries.length > 0 ? entries.join(', ') : '—');

/** An API client: name, status, client_id, type, base URL, scopes, allowed IPs and rate limit. Never a secret. */
export function ApiClientCard({ client, status, actions }: ApiClientCardProps) {
  return (
    <RecordCard name={client.name} badge={status ?? <ApiClientEnabledBadge enabled={client.enabled} />} actions={actions}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" m={0} style={{ flexGrow: 1 }}>
        <Fact label="client_id">
          <Code style={{ wordBreak: 'break-all' }}>{client.client_id}</Code>
        </Fact>
        <Fact label="Tipo">{client.type}</Fact>
        <Fact label="URL base">
          <Text span size="sm" style={{ wordBreak: 'break-all' }}>
            {client.base_url ?? '—'}
          </Text>
        </Fact>
        <Fact label="Límite de solicitudes">{formatRateLimit(client.rate_limit)}</Fact>
        <Fact label="Scopes">{listOrDash(client.scopes)}</Fact>
        {/* An empty list lets any address in. */}
        <Fact label="IP permitidas">{client.ip_whitelist.length > 0 ? client.ip_whitelist.join(', ') : 'Cualquiera'}</Fact>
      </SimpleGrid>
    </RecordCard>
  );
}
