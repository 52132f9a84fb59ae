import { useEffect, useState } from 'react';

/** How long the server makes one wait between two codes for the same address. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** Seconds left before another code may be asked for, counting from when the last one was sent. */
export function useResendCountdown(sentAt: number | null): number {
  const deadline = sentAt === null ? null : sentAt + RESEND_COOLDOWN_SECONDS * 1000;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(tick, 1000);
    function tick() {
      const current = Date.now();
      setNow(current);
      if (current >= (deadline ?? 0)) window.clearInterval(timer);
    }
    tick();
    return () => window.clearInterval(timer);
  }, [deadline]);

  if (deadline === null) return 0;
  // `now` may be up to a tick old right after a new send; never show more than the full wait.
  return Math.min(RESEND_COOLDOWN_SECONDS, Math.max(0, Math.ceil((deadline - now) / 1000)));
}
