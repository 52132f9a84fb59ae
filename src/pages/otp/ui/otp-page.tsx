import { getRouteApi } from '@tanstack/react-router';
import { VerifyOtpForm } from '@/features/verify-otp';
import { PublicCard } from '@/shared/ui/public-card';

const route = getRouteApi('/otp');

export function OtpPage() {
  const { email, redirect } = route.useSearch();
  return (
    <PublicCard title="Verifica tu identidad">
      <VerifyOtpForm email={email} redirect={redirect} />
    </PublicCard>
  );
}
