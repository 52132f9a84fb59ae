import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { COMPANY_NAME } from '@/shared/config';

/** The browser tab's text for a screen titled `title`: 'Sponsors · Panel de Control'. */
export const documentTitle = (title: string | undefined) => (title ? `${title} · ${COMPANY_NAME}` : COMPANY_NAME);

/**
 * The root of every screen: names the browser tab after the deepest route that declares a
 * `staticData.title`, so each route says its title where it is declared, in one entry.
 */
export function TitledOutlet() {
  const title = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title,
  });
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return <Outlet />;
}
