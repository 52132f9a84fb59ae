import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

dayjs.locale('es');

/**
 * Dates in Spanish and notifications: only the signed-in screens use them, so they load with the
 * shell's chunk instead of with /login. (No ModalsProvider: no screen opens Mantine's modals
 * manager; every dialog is a component.)
 */
export function PanelProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Notifications position="top-right" />
      {children}
    </DatesProvider>
  );
}
