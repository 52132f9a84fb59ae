import dayjs from 'dayjs';
import 'dayjs/locale/es';

/** A booking's instant in the staff member's own zone (the browser's), in Spanish: '22 nov 2026, 15:30'. */
export const formatBookingDate = (at: string | null | undefined, none = 'Sin fecha'): string =>
  at ? dayjs(at).locale('es').format('D MMM YYYY, HH:mm') : none;
