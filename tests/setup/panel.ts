import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { theme } from '@/app/setup/theme';
import { useSessionStore } from '@/shared/auth';
import { assertContractKept, resetMockStores, server } from '../msw/server';

// A route's first render loads its lazy chunks, and a worker's first page compiles the whole page
// graph: on a busy machine that passes testing-library's default wait. A wrong page still fails,
// only later.
configure({ asyncUtilTimeout: 10_000 });

// React's development build records where each element was created (an Error and its stack per
// element) to print component stacks in its warnings. The counter it checks is held at its limit,
// so elements share one placeholder stack; the warnings still fail their tests, with a shorter trace.
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 10_000, set: () => {} });
}

// The page asks for reduced motion and the theme honours it: dialogs and dropdowns open and close
// without waiting for their animation on the clock, which no test is about.
theme.respectReducedMotion = true;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

// Mantine reads these browser APIs, which jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: query === REDUCED_MOTION,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
window.HTMLElement.prototype.scrollIntoView = vi.fn();
// The router restores scroll on navigation; jsdom has no scrolling and logs every call.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
// jsdom has no object URLs; image previews ask for one.
URL.createObjectURL = () => 'blob:vista-previa';
URL.revokeObjectURL = () => {};
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// An unmocked call is a bug in the test or the code, never a silent pass.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(resetMockStores);
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // The store lives for the whole file; start every test signed out.
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  window.history.replaceState(null, '', '/');
  // The notifications store is a module of its own: a notice left over must not reach the next test.
  notifications.clean();
  notifications.cleanQueue();
  // Last, so a breach fails the test after everything above is put back.
  assertContractKept();
});
afterAll(() => server.close());
