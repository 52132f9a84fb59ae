import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';

export function CategoriesPage() {
  return (
    <>
      <PageHeader title="Categorías" />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
