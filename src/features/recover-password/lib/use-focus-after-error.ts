import { useEffect, useState, type RefObject } from 'react';

/** Marks the alert a step focuses when a refusal names no field. */
export const ERROR_ALERT_ATTRIBUTE = 'data-step-error';

/**
 * Once a refusal is on screen, focus goes to the first field marked aria-invalid (whose message is
 * linked to it), or to the step's alert when no field is at fault. The fields are disabled while a
 * request runs, so focus would otherwise fall to the page's body.
 */
export function useFocusAfterError(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>(`[${ERROR_ALERT_ATTRIBUTE}]`);
    target?.focus();
  }, [requests, formRef]);
  return () => setRequests((current) => current + 1);
}
