import { EmptyState, PageHeader } from '@/shared/ui';

export function CategoriesPage() {
  return (
    <>
      <PageHeader title="Categorías" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
