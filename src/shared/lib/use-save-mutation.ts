import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';
import { errorMessage, formFieldErrors, staleRecord } from '@/shared/api';

type Of<TSaved, TVariables, T> = T | ((saved: TSaved, variables: TVariables) => T);

export interface SaveMutationOptions<TSaved, TVariables> {
  /** `version`: the one of the record being edited (see `record`), for the update to send. */
  mutationFn: (variables: TVariables, version: number | undefined) => Promise<TSaved>;
  /**
   * The record the form opened, when it edits one: its version goes with each save, so a save
   * after someone else's is refused (409) instead of undoing theirs; each save moves it on.
   */
  record?: { version?: number } | null;
  /** The saved item's detail query, set to the answer: its page shows it without a refetch. */
  detailKey?: (saved: TSaved, variables: TVariables) => QueryKey;
  /** Refetched after the save: the lists, and whatever else shows the item. */
  invalidate: Of<TSaved, TVariables, readonly QueryKey[]>;
  /** The green notification's message. */
  successMessage: Of<TSaved, TVariables, string>;
  /** After the notification and before the refetch: hand the item on, close the form. */
  onSaved?: (saved: TSaved, variables: TVariables) => void;
  /** The refusal's field errors, as the form names its fields (usually `form.setErrors`). */
  onFieldErrors?: (errors: Record<string, string>) => void;
  /** Maps the refusal onto the form's field names; `formFieldErrors` unless the form renames some. */
  fieldErrors?: (error: unknown) => Record<string, string>;
  /** With no form to show a refusal in, it shows as a red notification, this its fallback. */
  errorFallback?: string;
  gcTime?: number;
}

export type SaveMutation<TSaved, TVariables> = UseMutationResult<TSaved, Error, TVariables> & {
  /** After a refusal because someone else changed the record meanwhile: the record as it is now. */
  stale: TSaved | undefined;
  /**
   * Takes the record as it is now as the one being edited: the next save sends its version, its
   * detail shows it and the lists refetch; the refusal is cleared.
   */
  rebase: () => void;
};

const versionOf = (record: unknown): number | undefined => {
  const version = record && typeof record === 'object' ? (record as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? version : undefined;
};

const valueOf = <TSaved, TVariables, T>(option: Of<TSaved, TVariables, T>, saved: TSaved, variables: TVariables): T =>
  typeof option === 'function' ? (option as (saved: TSaved, variables: TVariables) => T)(saved, variables) : option;

/**
 * The one save of the panel: send, put the answer in its detail, notify, hand it on, then refetch
 * what lists it. Busy while the refetch runs, so a form's busy label holds until the lists follow.
 * A save refused because someone else changed the record keeps the record as it is now (`stale`):
 * a form asks what to do (`SaveFormBody`); a control with no form (`errorFallback`) shows it at once.
 */
export function useSaveMutation<TSaved, TVariables = void>({
  mutationFn,
  record,
  detailKey,
  invalidate,
  successMessage,
  onSaved,
  onFieldErrors,
  fieldErrors = formFieldErrors,
  errorFallback,
  gcTime,
}: SaveMutationOptions<TSaved, TVariables>): SaveMutation<TSaved, TVariables> {
  const queryClient = useQueryClient();
  // The version of the record as the form holds it: the one it opened, then each save's.
  const version = useRef(versionOf(record));
  const showCurrent = (current: TSaved, variables: TVariables) => {
    if (detailKey) queryClient.setQueryData(detailKey(current, variables), current);
    for (const queryKey of valueOf(invalidate, current, variables)) void queryClient.invalidateQueries({ queryKey });
  };
  const mutation = useMutation({
    mutationFn: (variables: TVariables) => mutationFn(variables, version.current),
    ...(gcTime === undefined ? {} : { gcTime }),
    onSuccess: async (saved, variables) => {
      version.current = versionOf(saved) ?? version.current;
      if (detailKey) queryClient.setQueryData(detailKey(saved, variables), saved);
      notifications.show({ color: 'green', message: valueOf(successMessage, saved, variables) });
      onSaved?.(saved, variables);
      await Promise.all(valueOf(invalidate, saved, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, variables) => {
      onFieldErrors?.(fieldErrors(error));
      if (errorFallback === undefined) return;
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, errorFallback) });
      // No form to ask in: the control shows the record as someone else left it.
      const current = staleRecord<TSaved>(error);
      if (current !== undefined) showCurrent(current, variables);
    },
  });
  const stale = staleRecord<TSaved>(mutation.error);
  return {
    ...mutation,
    stale,
    rebase: () => {
      if (stale === undefined) return;
      version.current = versionOf(stale);
      showCurrent(stale, mutation.variables as TVariables);
      mutation.reset();
    },
  };
}
