import { Button, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { offButKeepsFocus } from '@/shared/lib';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconPlus } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { SearchInput } from '@/shared/ui/search-input';
import type { ProvidersSearch } from '../model/search';

const route = getRouteApi('/protected/proveedores');

const SOON = 'Disponible próximamente';
const SOON_ID = 'proveedores-disponible-pronto';

/** Providers are not stored by the system yet (spec: placeholder); the search already lives in the URL. */
export function ProvidersPage() {
  const { q } = route.useSearch();
  const navigate = route.useNavigate();

  return (
    <Stack gap="md">
      <PageHeader
        title="Proveedores"
        description="Proveedores de los servicios de asistencia"
        actions={
          <>
            <Tooltip label={SOON} events={{ hover: true, focus: true, touch: true }}>
              {/* Focusable while disabled, and the tooltip opens on focus, so it also reaches keyboard users. */}
              <Button
                leftSection={<IconPlus size={16} />}
                {...offButKeepsFocus(true)}
                aria-describedby={SOON_ID}
              >
                Nuevo Proveedor
              </Button>
            </Tooltip>
            {/* The reason, for a screen reader, without waiting for the tooltip. */}
            <VisuallyHidden id={SOON_ID}>{SOON}</VisuallyHidden>
          </>
        }
      />
      <SearchInput
        label="Buscar proveedores"
        placeholder="Nombre, email, teléfono o dirección"
        value={q}
        maw={420}
        onSearch={(value) =>
          void navigate({ to: '.', search: (old: ProvidersSearch) => ({ ...old, q: value || undefined }), replace: true })
        }
      />
      <EmptyState
        title="No hay proveedores registrados"
        text="La gestión de proveedores todavía no está disponible."
      />
    </Stack>
  );
}
