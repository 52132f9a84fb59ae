import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { Suspense, lazy, type ReactNode } from 'react';
import { useScreenSettled } from '@/shared/lib/use-screen-settled';

dayjs.locale('es');

// The toasts' container (its portals, its transitions) is mounted once the first screen has settled:
// a notification shown before waits in Mantine's store and appears then.
const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

/**
 * Dates in Spanish and notifications: only the signed-in screens use them, so they load with the
 * shell's chunk instead of with /login (the toasts' container in a chunk of its own, above). No
 * ModalsProvider: no screen opens Mantine's modals manager; every dialog is a component.
 */
export function PanelProviders({ children }: { children: ReactNode }) {
  const settled = useScreenSettled();
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      {settled ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
      {children}
    </DatesProvider>
  );
}
