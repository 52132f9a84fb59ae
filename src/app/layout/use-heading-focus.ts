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
  const target = useRouterState({ select: (state) => state.location.pathname });
  const resolved = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  // The screen the shell opened with (after the sign-in, its old path may still read as resolved).
  const shown = useRef(target);
  useEffect(() => {
    // Still on its way: the new screen is not drawn yet.
    if (resolved === undefined || resolved !== target || resolved === shown.current) return;
    shown.current = resolved;
    return focusPageHeadingWhenShown();
  }, [resolved, target]);
}
