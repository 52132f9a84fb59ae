import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from '@/shared/lib';
import { auditSearchSchema } from './model/search';

/** 'Auditoría': its search, its prefetch (loaded on demand) and its lazy page. */
export const auditRoute = pageRoute({
  validateSearch: auditSearchSchema,
  loader: () => import('./model/loader'),
  component: lazyRouteComponent(() => import('./ui/audit-page'), 'AuditPage'),
});
