import dayjs from 'dayjs';
import 'dayjs/locale/es';

/** A moment of a subscription in Spanish with its time, e.g. '3 de marzo de 2026, 14:05'. */
export const formatEntitlementTime = (value: string): string => dayjs(value).locale('es').format('D [de] MMMM [de] YYYY, HH:mm');

/** A period's bound in Spanish, e.g. '3 de marzo de 2026'. */
export const formatEntitlementDate = (value: string): string => dayjs(value).locale('es').format('D [de] MMMM [de] YYYY');
