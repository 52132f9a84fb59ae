import { Button, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DSP_NOT_FOUND } from '@contract/dsp.constants';
import { DSP_FALLBACKS, dspQueries, type Dsp } from '@/entities/dsp';
import { ApiError, errorMessage } from '@/shared/api';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { Modal } from '@/shared/ui/modal';
import type { ConfigTab } from '../../model/search';
import { ApiClientsTab } from './api-clients-tab';
import { ConnectorsTab } from './connectors-tab';
import { PlanMapTab } from './plan-map-tab';
import { UsersTab } from './users-tab';

export interface ConfigurationModalProps {
  /** Whether a configuration is open (`lazyModal` reads it too: a first opening loads the code at once). */
  opened: boolean;
  /** The DSP whose configuration is open; null when none is. */
  dspId: number | null;
  /** The tab shown; Conectores when not set. */
  tab: ConfigTab | undefined;
  onTabChange: (tab: ConfigTab) => void;
  onClose: () => void;
  /** The DSP's name while its detail loads (from the card that opened it). */
  name?: string;
}

/** Phones get the whole screen: four tabs of lists and forms do not fit a centred box. */
const PHONE = '(max-width: 36em)';

/** A DSP's configuration: its connectors, API clients, staff and plan map, one tab each. */
export function ConfigurationModal({ opened, dspId, tab = 'conectores', onTabChange, onClose, name }: ConfigurationModalProps) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  // The modal keeps showing its DSP while it fades out after closing.
  const [shownId, setShownId] = useState(dspId);
  if (dspId !== null && dspId !== shownId) setShownId(dspId);
  const dsp = useQuery({ ...dspQueries.detail(shownId ?? 0), enabled: opened && dspId !== null });
  const shownName = dsp.data?.name ?? name;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shownName ? `Configuración de ${shownName}` : 'Configuración de la DSP'}
      size="xl"
      fullScreen={phone}
      centered={!phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {shownId === null ? null : dsp.data ? (
        <ConfigurationTabs dsp={dsp.data} tab={tab} onTabChange={onTabChange} />
      ) : dsp.isError ? (
        <Stack gap="md">
          {dsp.error instanceof ApiError && dsp.error.status === 404 ? (
            <ErrorAlert message={DSP_NOT_FOUND} />
          ) : (
            <ErrorAlert error={dsp.error} message={errorMessage(dsp.error, DSP_FALLBACKS.list)} onRetry={() => void dsp.refetch()} retrying={dsp.isFetching} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Cargando configuración">
          <Skeleton height={36} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Modal>
  );
}

function ConfigurationTabs({ dsp, tab, onTabChange }: { dsp: Dsp; tab: ConfigTab; onTabChange: (tab: ConfigTab) => void }) {
  return (
    <Tabs value={tab} onChange={(value) => value && onTabChange(value as ConfigTab)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="conectores">Conectores</Tabs.Tab>
        <Tabs.Tab value="clientes">Clientes Api</Tabs.Tab>
        <Tabs.Tab value="usuarios">Usuarios</Tabs.Tab>
        <Tabs.Tab value="mapa">Mapa de planes</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="conectores" pt="md">
        <ConnectorsTab dsp={dsp} />
      </Tabs.Panel>
      <Tabs.Panel value="clientes" pt="md">
        <ApiClientsTab dsp={dsp} />
      </Tabs.Panel>
      <Tabs.Panel value="usuarios" pt="md">
        {/* Keyed: another DSP's staff starts again at page 1, without a search. */}
        <UsersTab key={dsp.id} dsp={dsp} />
      </Tabs.Panel>
      <Tabs.Panel value="mapa" pt="md">
        <PlanMapTab dsp={dsp} />
      </Tabs.Panel>
    </Tabs>
  );
}
