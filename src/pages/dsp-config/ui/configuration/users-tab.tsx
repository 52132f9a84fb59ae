import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import type { Dsp, DspStaffMember } from '@/entities/dsp';
import { AssignDspStaff, RemoveDspStaffDialog } from '@/features/assign-dsp-staff';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconUsers } from '@/shared/ui/icons';

/** The DSP's assigned staff (from its detail), the picker to add more, and 'Quitar' per person. */
export function UsersTab({ dsp }: { dsp: Dsp }) {
  const staff = dsp.users ?? [];
  const [removing, setRemoving] = useState<DspStaffMember | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <Stack gap="md">
      <AssignDspStaff dsp={dsp} />
      <Title ref={headingRef} order={3} size="h5" tabIndex={-1}>
        Personal asignado
      </Title>
      {staff.length === 0 ? (
        <EmptyState icon={<IconUsers size={28} />} title="Sin usuarios asignados" text="Esta DSP todavía no tiene personal asignado." />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={`Personal asignado a ${dsp.name}`}>
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
              {staff.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {person.name}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{person.email}</Table.Td>
                  <Table.Td>{person.dni ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {person.rol.length > 0
                        ? person.rol.map((role) => (
                            <Badge key={role} variant="filled" color="gray.7" autoContrast radius="sm" tt="none">
                              {role}
                            </Badge>
                          ))
                        : '—'}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="outline" color="red" aria-label={`Quitar a ${person.name}`} onClick={() => setRemoving(person)}>
                      Quitar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RemoveDspStaffDialog
        dsp={dsp}
        person={removing}
        onClose={() => setRemoving(null)}
        // Inside the configuration modal, next to the list the person left.
        onRemoved={() => setTimeout(() => headingRef.current?.focus(), 0)}
      />
    </Stack>
  );
}
