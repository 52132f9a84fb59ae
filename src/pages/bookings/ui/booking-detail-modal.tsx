import { BOOKING_STATUS_LABELS } from '@contract/booking.constants';
import { Anchor, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BOOKING_FALLBACKS, BookingStatusBadge, bookingQueries, formatBookingDate, type Booking } from '@/entities/booking';
import { ChangeBookingStatusButton } from '@/features/change-booking-status';
import { errorMessage } from '@/shared/api';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { Fact } from '@/shared/ui/fact';
import { Modal } from '@/shared/ui/modal';

export interface BookingDetailModalProps {
  /** The booking whose detail shows (the URL's `booking`); undefined keeps it closed. */
  bookingId: number | undefined;
  onClose: () => void;
  onChangeStatus: (booking: Booking) => void;
}

const NONE = 'Sin dato';
const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? NONE : String(value));

/** OpenStreetMap centred on the point, with a marker. */
const mapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** A related record by its name, its id after it in grey ('Andes Agenda · ID 3'); the id alone when the name did not come. */
function Named({ name, id }: { name: string | undefined; id: number }) {
  if (!name) return <>{`ID ${id}`}</>;
  return (
    <>
      {name}
      <Text span size="xs" c="dimmed">{` · ID ${id}`}</Text>
    </>
  );
}

function FileLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return <>Sin archivo</>;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {label}
    </Anchor>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** 'Detalle de Reservación': every fact of one booking, its customer, its files and its status history. */
export function BookingDetailModal({ bookingId, onClose, onChangeStatus }: BookingDetailModalProps) {
  return (
    <Modal opened={bookingId !== undefined} onClose={onClose} title="Detalle de Reservación" size="lg" centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {bookingId !== undefined ? <Detail bookingId={bookingId} onChangeStatus={onChangeStatus} /> : null}
    </Modal>
  );
}

function Detail({ bookingId, onChangeStatus }: { bookingId: number; onChangeStatus: (booking: Booking) => void }) {
  const detail = useQuery(bookingQueries.detail(bookingId));
  if (detail.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Cargando detalle">
        <Skeleton h={24} w="40%" />
        <Skeleton h={120} />
        <Skeleton h={120} />
      </Stack>
    );
  }
  if (!detail.data) {
    return <ErrorAlert error={detail.error} message={errorMessage(detail.error, BOOKING_FALLBACKS.detail)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  }
  const booking = detail.data;
  const { meta, customer } = booking;
  const latitude = meta.latitude;
  const longitude = meta.longitude;
  const plan = booking.plan ?? booking.entitlement?.plan;
  const history = booking.status_histories ?? [];

  return (
    <Stack gap="lg">
      {detail.isError ? <ErrorAlert tone="warning" error={detail.error} message={errorMessage(detail.error, BOOKING_FALLBACKS.detail)} /> : null}
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={600} ff="monospace">
            {booking.code_ref}
          </Text>
          <BookingStatusBadge status={booking.status} />
        </Group>
        <ChangeBookingStatusButton booking={booking} onClick={() => onChangeStatus(booking)} size="sm" />
      </Group>

      <Section title="Fechas">
        <Fact label="Programado">{formatBookingDate(booking.scheduled_at)}</Fact>
        <Fact label="Confirmado">{formatBookingDate(booking.confirmed_at)}</Fact>
        <Fact label="Cancelado">{formatBookingDate(booking.cancelled_at)}</Fact>
        <Fact label="Completado">{formatBookingDate(booking.consumed_at)}</Fact>
      </Section>

      <Section title="Reservación">
        <Fact label="Código">{booking.code_ref}</Fact>
        <Fact label="DSP">
          <Named name={booking.dsp?.name} id={booking.dsp_id} />
        </Fact>
        <Fact label="Cliente">
          <Named name={customer?.name} id={booking.customer_id} />
        </Fact>
        <Fact label="Suscripción">
          <Named name={booking.entitlement?.plan?.name ?? plan?.name} id={booking.entitlement_id} />
        </Fact>
        <Fact label="Plan">
          <Named name={plan?.name} id={booking.plan_id} />
        </Fact>
        <Fact label="Servicio">
          <Named name={booking.service?.name} id={booking.plan_service_id} />
        </Fact>
        <Fact label="Notas">{booking.notes ?? 'Sin notas'}</Fact>
      </Section>

      <Section title="Cliente">
        <Fact label="Nombre">{text(customer?.name)}</Fact>
        <Fact label="DNI">{text(customer?.dni)}</Fact>
        <Fact label="País">{text(meta.country)}</Fact>
        <Fact label="Ciudad">{text(meta.city ?? customer?.meta.city)}</Fact>
        <Fact label="Teléfono">{text(meta.phone ?? customer?.phone)}</Fact>
        <Fact label="Email">{text(customer?.email)}</Fact>
        <Fact label="Dirección">{text(meta.address ?? customer?.meta.address)}</Fact>
        <Fact label="Latitud">{text(latitude)}</Fact>
        <Fact label="Longitud">{text(longitude)}</Fact>
        <Fact label="Ubicación">
          {latitude !== null && longitude !== null ? (
            <Anchor href={mapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer" size="sm">
              Ver en el mapa
            </Anchor>
          ) : (
            'Sin coordenadas'
          )}
        </Fact>
      </Section>

      <Section title="Archivos">
        <Fact label="Evidencia">
          <FileLink url={booking.evidence_file_url} label="Ver evidencia" />
        </Fact>
        <Fact label="Soporte">
          <FileLink url={booking.support_file_url} label="Ver soporte" />
        </Fact>
      </Section>

      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Historial de estados
        </Title>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin cambios de estado.
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Historial de estados">
            {history.map((entry) => (
              <Stack key={entry.id} component="li" gap={2}>
                <Text size="sm" fw={500}>
                  {entry.old_status ? `${BOOKING_STATUS_LABELS[entry.old_status]} → ${BOOKING_STATUS_LABELS[entry.new_status]}` : `Creada como ${BOOKING_STATUS_LABELS[entry.new_status]}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {`${entry.changed_by?.name ?? 'Sistema'} · ${formatBookingDate(entry.created_at)}`}
                </Text>
                {entry.reason ? <Text size="sm">{`Motivo: ${entry.reason}`}</Text> : null}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
