import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { errorMessage, formFieldErrors } from '@/shared/api';

type Of<TSaved, TVariables, T> = T | ((saved: TSaved, variables: TVariables) => T);

export interface SaveMutationOptions<TSaved, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TSaved>;
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

const valueOf = <TSaved, TVariables, T>(option: Of<TSaved, TVariables, T>, saved: TSaved, variables: TVariables): T =>
  typeof option === 'function' ? (option as (saved: TSaved, variables: TVariables) => T)(saved, variables) : option;

/**
 * The one save of the panel: send, put the answer in its detail, notify, hand it on, then refetch
 * what lists it. Busy while the refetch runs, so a form's busy label holds until the lists follow.
 */
export function useSaveMutation<TSaved, TVariables = void>({
  mutationFn,
  detailKey,
  invalidate,
  successMessage,
  onSaved,
  onFieldErrors,
  fieldErrors = formFieldErrors,
  errorFallback,
  gcTime,
}: SaveMutationOptions<TSaved, TVariables>): UseMutationResult<TSaved, Error, TVariables> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(gcTime === undefined ? {} : { gcTime }),
    onSuccess: async (saved, variables) => {
      if (detailKey) queryClient.setQueryData(detailKey(saved, variables), saved);
      notifications.show({ color: 'green', message: valueOf(successMessage, saved, variables) });
      onSaved?.(saved, variables);
      await Promise.all(valueOf(invalidate, saved, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      onFieldErrors?.(fieldErrors(error));
      if (errorFallback !== undefined) notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, errorFallback) });
    },
  });
}
