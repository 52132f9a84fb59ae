import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { focusPageHeadingWhenShown } from '@/shared/ui/page-header';

/**
 * Every move to another screen puts focus on its h1, so the keyboard and a screen reader start from
 * the new page rather than from the body the old page's link left behind. The first screen after
 * loading or signing in starts at the document's top instead, where 'Saltar al contenido' is the
 * first stop. A change of search alone (a filter, a tab, a dialog's address) is not a new screen.
 */
export function useHeadingFocusOnNavigate() {
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (pathname === undefined) return;
    const previous = shown.current;
    shown.current = pathname;
    if (previous === undefined || previous === pathname) return;
    return focusPageHeadingWhenShown();
  }, [pathname]);
}
