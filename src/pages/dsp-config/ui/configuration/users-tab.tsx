import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DSP_STAFF_PAGE_SIZE } from '@contract/dsp.constants';
import { DSP_FALLBACKS, dspQueries, type Dsp, type DspStaffMember } from '@/entities/dsp';
import { UserRoleBadges } from '@/entities/user';
import { AssignDspStaff, RemoveDspStaffDialog } from '@/features/assign-dsp-staff';
import { IconUsers } from '@/shared/ui/icons';
import { ListState } from '@/shared/ui/list-state';
import { LoadingState } from '@/shared/ui/loading-state';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';

/**
 * The DSP's assigned staff, paged and searched by the server (`GET /dsps/{id}/users`), the picker
 * to add more, and 'Quitar' per person.
 */
export function UsersTab({ dsp }: { dsp: Dsp }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const staff = useQuery(dspQueries.staff(dsp.id, { filter: { q }, page, limit: DSP_STAFF_PAGE_SIZE }));
  const answer = staff.data;
  const [removing, setRemoving] = useState<DspStaffMember | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => setTimeout(() => headingRef.current?.focus(), 0);

  // The last person of the last page removed: the page before, now the last, is shown.
  useEffect(() => {
    if (answer && !staff.isPlaceholderData && answer.total > 0 && page > answer.last_page) setPage(answer.last_page);
  }, [answer, staff.isPlaceholderData, page]);

  return (
    <Stack gap="md">
      <AssignDspStaff dsp={dsp} />
      <Title ref={headingRef} order={3} size="h5" tabIndex={-1}>
        Personal asignado
      </Title>
      <SearchInput
        label="Buscar en el personal asignado"
        placeholder="Buscar por nombre, e-mail o DNI..."
        value={q}
        onSearch={(next) => {
          setQ(next);
          setPage(1);
        }}
      />
      <ListState
        list={staff}
        loading={<LoadingState label="Cargando personal asignado..." />}
        errorFallback={DSP_FALLBACKS.staff}
        filtered={q !== ''}
        empty={{ icon: <IconUsers size={28} />, title: 'Sin usuarios asignados', text: 'Esta DSP todavía no tiene personal asignado.' }}
        emptyFiltered={{ icon: <IconUsers size={28} />, title: 'Nadie del personal asignado coincide', text: 'Prueba con otra búsqueda.' }}
      >
        {(rows) => (
          <Stack gap="md">
            <StaffTable dspName={dsp.name} rows={rows} onRemove={setRemoving} />
            <ListFooter list={staff} noun="personas" onChange={setPage} focusAfterChange={focusHeading} />
          </Stack>
        )}
      </ListState>
      <RemoveDspStaffDialog
        dsp={dsp}
        person={removing}
        onClose={() => setRemoving(null)}
        // Inside the configuration modal, next to the list the person left.
        onRemoved={focusHeading}
      />
    </Stack>
  );
}

/** One page of the staff: name, e-mail, DNI, roles and 'Quitar'. */
function StaffTable({ dspName, rows, onRemove }: { dspName: string; rows: DspStaffMember[]; onRemove: (person: DspStaffMember) => void }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={`Personal asignado a ${dspName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>DNI</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {person.name}
                </Text>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{person.email}</Table.Td>
              <Table.Td>{person.dni ?? '—'}</Table.Td>
              <Table.Td>
                <UserRoleBadges roles={person.rol.map((name) => ({ name }))} />
              </Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="outline" color="red" aria-label={`Quitar a ${person.name}`} onClick={() => onRemove(person)}>
                  Quitar
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
