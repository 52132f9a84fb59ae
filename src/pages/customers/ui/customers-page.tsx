import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageHeader } from '@/shared/ui/page-header';

const route = getRouteApi('/protected/customers/$dspId');

/** A DSP id is a positive whole number; anything else means the user did not come from a DSP. */
const isDspId = (value: string | undefined): value is string => Boolean(value && /^[1-9]\d*$/.test(value));

export function CustomersPage() {
  const { dspId } = route.useParams();

  if (!isDspId(dspId)) {
    return (
      <>
        <PageHeader title="Clientes" />
        <ErrorAlert
          title="DSP no encontrada"
          message="No se encontró el DSP en la ruta. Asegúrate de navegar desde una DSP."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Clientes" description={`DSP ${dspId}`} />
      <EmptyState title="Sección en preparación" text="Esta sección todavía no está disponible." />
    </>
  );
}
