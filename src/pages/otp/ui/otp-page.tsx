import { getRouteApi } from '@tanstack/react-router';
import { VerifyAppCodeForm, VerifyOtpForm } from '@/features/verify-otp';
import { PublicCard } from '@/shared/ui/public-card';

const route = getRouteApi('/otp');

export function OtpPage() {
  const { email, redirect, method } = route.useSearch();
  return (
    <PublicCard title="Verifica tu identidad">
      {method === 'app' ? <VerifyAppCodeForm email={email} redirect={redirect} /> : <VerifyOtpForm email={email} redirect={redirect} />}
    </PublicCard>
  );
}
