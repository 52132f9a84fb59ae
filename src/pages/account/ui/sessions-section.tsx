import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CloseOtherSessionsButton, CloseSessionButton } from '@/features/close-session';
import { ACCOUNT_SESSION_FALLBACKS, AccountSessionCard, accountSessionQueries } from '@/entities/account-session';
import { errorMessage } from '@/shared/api';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LoadingState } from '@/shared/ui/loading-state';
import { AccountSection } from './account-section';
import { SignOutSessionButton } from './sign-out-session-button';

/** 'Sesiones abiertas': this browser's session first, then the others, each closable. */
export function SessionsSection() {
  const sessions = useQuery(accountSessionQueries.list());
  // The server lists by last use; the one in this browser leads so the person finds it at once.
  const ordered = useMemo(
    () => [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current)),
    [sessions.data],
  );
  const others = ordered.filter((session) => !session.current).length;

  let content;
  if (sessions.isPending) {
    content = <LoadingState label="Cargando sesiones..." />;
  } else if (sessions.isError && !sessions.data) {
    content = (
      <ErrorAlert
        error={sessions.error}
        message={errorMessage(sessions.error, ACCOUNT_SESSION_FALLBACKS.list)}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  } else if (ordered.length === 0) {
    content = <EmptyState title="No hay sesiones abiertas" text="Cuando inicies sesión en un dispositivo, aparecerá aquí." />;
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sesiones abiertas">
        {ordered.map((session) => (
          <AccountSessionCard
            key={session.id}
            session={session}
            actions={session.current ? <SignOutSessionButton /> : <CloseSessionButton session={session} />}
          />
        ))}
      </Stack>
    );
  }

  return (
    <AccountSection
      id="account-sessions"
      title="Sesiones abiertas"
      actions={sessions.data ? <CloseOtherSessionsButton others={others} /> : null}
    >
      {sessions.isError && sessions.data ? (
        <ErrorAlert error={sessions.error} message={errorMessage(sessions.error, ACCOUNT_SESSION_FALLBACKS.list)} onRetry={() => void sessions.refetch()} />
      ) : null}
      {content}
    </AccountSection>
  );
}
