import { ActionIcon, Alert, Anchor, Stack, Stepper } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSessionStore } from '@/shared/auth';
import { RECOVERY_REDIRECT_MS } from '@/shared/config';
import { IconArrowLeft } from '@/shared/ui/icons';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { PasswordStep } from './password-step';

const SUCCESS_MESSAGE = 'Tu contraseña ha sido actualizada correctamente.';

type Step = 0 | 1 | 2 | 3;

export interface RecoverPasswordWizardProps {
  /** The panel address a deep link asked for: sign-in opens it once the new password is used. */
  redirect?: string;
}

/** Recovery in three steps: e-mail, the code sent to it, a new password; then back to sign-in. */
export function RecoverPasswordWizard({ redirect }: RecoverPasswordWizardProps) {
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const [resetToken, setResetToken] = useState('');
  const passwordReset = useSessionStore((state) => state.passwordReset);

  const inProgress = step === 1 || step === 2;

  return (
    <Stack gap="lg">
      {inProgress ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Volver al paso anterior"
          onClick={() => setStep((current) => (current === 2 ? 1 : 0))}
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
      ) : null}
      <Stepper active={step} size="sm" labelPosition="bottom" wrap={false} allowNextStepsSelect={false}>
        <Stepper.Step label="Correo">
          <EmailStep
            initialEmail={email}
            onSent={(address) => {
              setEmail(address);
              setCodeSentAt(Date.now());
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label="Código">
          <CodeStep
            email={email}
            codeSentAt={codeSentAt}
            onResent={() => setCodeSentAt(Date.now())}
            onVerified={(token) => {
              setResetToken(token);
              setStep(2);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label="Nueva contraseña">
          <PasswordStep email={email} resetToken={resetToken} onSaved={() => {
              // The sign-in page then greets with the success and the address filled in.
              passwordReset(email);
              setStep(3);
            }} />
        </Stepper.Step>
        <Stepper.Completed>
          <RecoveryDone redirect={redirect} />
        </Stepper.Completed>
      </Stepper>
      {step < 3 ? (
        <Anchor size="sm" className="small-target" style={{ alignSelf: 'center' }} renderRoot={(props) => <Link to="/login" search={{ redirect }} {...props} />}>
          Volver al inicio de sesión
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** The success message, then the sign-in page after a short pause to read it. */
function RecoveryDone({ redirect }: RecoverPasswordWizardProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate({ to: '/login', search: { redirect }, replace: true }), RECOVERY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, redirect]);

  return (
    <Alert color="green" variant="light" title={SUCCESS_MESSAGE}>
      Te llevamos al inicio de sesión…
    </Alert>
  );
}
