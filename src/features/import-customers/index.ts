import { lazyModal } from '@/shared/ui/lazy-modal';

export type { ImportCustomersModalProps } from './ui/import-customers-modal';

/** Its code (the wizard and the CSV reader) loads when it first opens, not before: few open it. */
export const ImportCustomersModal = lazyModal(
  () => import('./ui/import-customers-modal').then((module) => module.ImportCustomersModal),
  { prefetch: false },
);
