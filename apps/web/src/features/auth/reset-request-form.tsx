import { type FormEvent, useState } from 'react';
import { loginPath } from '../../lib/navigation';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { toast } from '../../ui/toast';
import { requestPasswordReset } from './api';
import { authMessages, resetRequestErrorMessage } from './messages';
import { checkResetRequest } from './validation';

export interface ResetRequestFormProps {
  next: string | null;
}

export function ResetRequestForm({ next }: ResetRequestFormProps) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problem = checkResetRequest(email.trim());
    if (problem) {
      toast.error(problem);
      return;
    }
    setPending(true);
    try {
      await requestPasswordReset({ email: email.trim() });
      toast.success(authMessages.resetSent);
    } catch (error) {
      toast.error(resetRequestErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <p className="mb-4 text-sm text-muted">Enter the email address of your account and we will send you a link.</p>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={pending}>
          Send reset link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <TextLink to={loginPath('sign-in', next)}>Back to sign in</TextLink>
      </p>
    </>
  );
}
