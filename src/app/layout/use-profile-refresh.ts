import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/shared/api';
import { useSessionStore, type SessionUser } from '@/shared/auth';

/** How often the shell asks who the person is now: a role change shows without signing in again. */
const PROFILE_REFRESH_MS = 5 * 60 * 1000;

/**
 * Keeps the stored profile (name, roles, permissions) in step with the server while the panel is
 * open, so the menu and the buttons follow what the server would allow. A refused token ends the
 * session through the API client, like any other call.
 */
export function useProfileRefresh() {
  const refreshUser = useSessionStore((state) => state.refreshUser);
  const profile = useQuery({
    queryKey: ['session', 'profile'],
    queryFn: ({ signal }) => api.get<SessionUser>('auth/me', { signal }),
    refetchInterval: PROFILE_REFRESH_MS,
    staleTime: 0,
  });
  useEffect(() => {
    if (profile.data) refreshUser(profile.data);
  }, [profile.data, refreshUser]);
}
