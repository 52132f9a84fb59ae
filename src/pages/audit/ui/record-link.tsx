import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AuditEntry } from '@/entities/audit';

type RootProps = Record<string, unknown>;

/**
 * The record of an entry as a link to where staff see it: its detail page, or the list filtered
 * to it; null when it has no page or is gone (`record_path` null), so its name shows as text.
 */
export function recordLink(entry: AuditEntry, text: string): ReactNode {
  const root = linkRoot(entry);
  return root ? (
    <Anchor size="sm" renderRoot={root}>
      {text}
    </Anchor>
  ) : null;
}

function linkRoot(entry: AuditEntry): ((props: RootProps) => ReactNode) | null {
  const path = entry.record_path;
  const id = entry.resource_id;
  if (!path || id === null) return null;
  const q = entry.resource_label ?? undefined;
  const [first, second] = path.map(String);
  switch (entry.resource) {
    case 'user':
      return (props: RootProps) => <Link to="/users" search={{ q }} {...props} />;
    case 'sponsor':
      return (props: RootProps) => <Link to="/sponsor/$sponsorId" params={{ sponsorId: String(id) }} {...props} />;
    case 'campaign':
      return first ? (props: RootProps) => <Link to="/sponsor/$sponsorId/campaign/$campanaId" params={{ sponsorId: first, campanaId: String(id) }} {...props} /> : null;
    case 'campaign-category':
      return first && second ? (
        (props: RootProps) => <Link to="/sponsor/$sponsorId/campaign/$campanaId" params={{ sponsorId: first, campanaId: second }} search={{ tab: 'categorias' }} {...props} />
      ) : null;
    case 'plan':
      return (props: RootProps) => <Link to="/planes-asistencia" search={{ q }} {...props} />;
    case 'category':
      return (props: RootProps) => <Link to="/categorias" search={{ q }} {...props} />;
    case 'service':
      return (props: RootProps) => <Link to="/servicios" search={{ q }} {...props} />;
    case 'dsp':
      return (props: RootProps) => <Link to="/dsp-config" search={{ config: id }} {...props} />;
    case 'connector':
      return first ? (props: RootProps) => <Link to="/dsp-config" search={{ config: Number(first), tab: 'conectores' }} {...props} /> : null;
    case 'api-client':
      return first ? (props: RootProps) => <Link to="/dsp-config" search={{ config: Number(first), tab: 'clientes' }} {...props} /> : null;
    case 'customer':
      return first ? (props: RootProps) => <Link to="/customers/$dspId" params={{ dspId: first }} search={{ q }} {...props} /> : null;
    case 'entitlement':
      return first ? (props: RootProps) => <Link to="/customers/$dspId" params={{ dspId: first }} {...props} /> : null;
    case 'booking':
      return (props: RootProps) => <Link to="/agendamientos" search={{ dsp: first ? Number(first) : undefined, booking: id }} {...props} />;
    case 'role':
      return (props: RootProps) => <Link to="/users" search={{ tab: 'roles' }} {...props} />;
    case 'country':
    case 'session':
      return null;
  }
}
