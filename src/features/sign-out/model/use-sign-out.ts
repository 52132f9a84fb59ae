import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';

/**
 * Ends the session: tells the server (a failure changes nothing), then always
 * clears the local session and goes to /login, replacing history.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => api.post<null>('auth/logout').catch(() => null),
    onSettled: () => {
      useSessionStore.getState().logout();
      void navigate({ to: '/login', replace: true });
    },
  });

  return { signOut: () => mutation.mutate(), busy: mutation.isPending };
}
