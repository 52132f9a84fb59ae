import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import '../focus.css';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right, e.g. 'Nuevo Sponsor'. */
  actions?: ReactNode;
}

/** The page's h1 (the shell's main holds one per screen), made focusable by script, never by Tab. */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('[data-page-heading]') ?? document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * Moves focus to the page's h1, e.g. after a list changed page or lost the row whose button had
 * focus, so keyboard and screen-reader users start again from the top of what changed instead of
 * from the document's body. Waits a tick for a closing dialog to let go of focus.
 */
export function focusPageHeading() {
  setTimeout(() => pageHeading()?.focus(), 0);
}

/**
 * A new screen's h1 takes focus as soon as it is drawn (a detail page draws it once its record
 * has loaded), unless the person has put focus somewhere else meanwhile. Answers a cancel.
 */
export function focusPageHeadingWhenShown(): () => void {
  const startedOn = document.activeElement;
  const moved = () => document.activeElement !== startedOn && document.activeElement !== document.body && document.activeElement !== null;
  const tryFocus = () => {
    if (moved()) return true;
    const heading = pageHeading();
    if (!heading) return false;
    // Without scrolling: going Back, the router puts the page back where it was.
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timeout = window.setTimeout(() => stop(), 10_000);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timeout);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** The page's h1 (focusable by script, not by Tab), its description and its main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap" mb="lg">
      <Stack gap={4}>
        <Title order={1} size="h2" tabIndex={-1} data-page-heading>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
