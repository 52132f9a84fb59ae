import { EmptyState, PageHeader } from '@/shared/ui';

export function DspConfigPage() {
  return (
    <>
      <PageHeader title="Configuración de DSP" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
