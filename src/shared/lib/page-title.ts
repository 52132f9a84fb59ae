import { useEffect } from 'react';
import { COMPANY_NAME } from '@/shared/config';

/**
 * The browser tab says which screen it is: 'Auditoría · Panel de Control'. The app has no
 * per-route titles, so the page sets its own and leaving puts the previous one back.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${COMPANY_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
