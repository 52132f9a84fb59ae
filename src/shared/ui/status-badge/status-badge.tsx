import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One colour per meaning, whatever the record: every status badge picks its tone here, so
 * 'Inactivo', 'Pendiente' or 'Cancelado' look the same on every screen. Dark shades (and yellow.5
 * with dark text by autoContrast) keep the text at 4.5:1.
 */
export const BADGE_TONES = {
  /** Activo, Activa, Pagado. */
  active: 'teal.9',
  /** Completado: done, for good. */
  done: 'teal.9',
  /** Confirmado. */
  confirmed: 'blue.8',
  /** Pendiente. */
  pending: 'yellow.9',
  /** Pausada, Suspendido: held, may come back. */
  paused: 'yellow.5',
  /** Borrador. */
  draft: 'indigo.8',
  /** Inactivo, Inactiva, Expirado. */
  off: 'gray.7',
  /** Cancelado. */
  cancelled: 'red.8',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

/** What a record's active flag reads as, everywhere it shows. */
export const activeLabel = (active: boolean) => (active ? 'Activo' : 'Inactivo');
export const activeTone = (active: boolean): BadgeTone => (active ? 'active' : 'off');

/** The one look of a status badge: filled in its tone, never shrunk by its row. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <FilledBadge color={BADGE_TONES[tone]}>{children}</FilledBadge>;
}

/**
 * 'Padre' for a root category, 'Subcategoría' for one that hangs from another: catalogue categories
 * and a campaign's own (always a subcategory) read the same.
 */
export function CategoryKindBadge({ sub }: { sub: boolean }) {
  return sub ? <FilledBadge color="grape.8">Subcategoría</FilledBadge> : <FilledBadge color="blue.8">Padre</FilledBadge>;
}

function FilledBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {children}
    </Badge>
  );
}

/** Activo or Inactivo: a DSP, connector, API client, service or person. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <StatusBadge tone={activeTone(active)}>{activeLabel(active)}</StatusBadge>;
}
