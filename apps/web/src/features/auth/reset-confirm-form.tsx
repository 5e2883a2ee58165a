import { passwordLimits } from '@deckhand/contract/auth-limits';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorCodeOf } from '../../lib/api';
import { loginPath } from '../../lib/navigation';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { toast } from '../../ui/toast';
import { confirmPasswordReset } from './api';
import { authMessages, resetConfirmErrorMessage } from './messages';
import { checkNewPassword } from './validation';

export interface ResetConfirmFormProps {
  /** The token from the reset mail's link. */
  token: string;
  next: string | null;
}

export function ResetConfirmForm({ token, next }: ResetConfirmFormProps) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problem = checkNewPassword(password);
    if (problem) {
      toast.error(problem);
      return;
    }
    setPending(true);
    try {
      await confirmPasswordReset({ token, password });
      toast.success(authMessages.passwordChanged);
      navigate(loginPath('sign-in', next), { replace: true });
    } catch (error) {
      if (errorCodeOf(error) === 'auth/invalid-reset-token') setLinkInvalid(true);
      toast.error(resetConfirmErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <p className="mb-4 text-sm text-muted">Choose a new password for your account.</p>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${passwordLimits.minLength} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" disabled={pending || linkInvalid}>
          Set new password
        </Button>
      </form>
      {linkInvalid ? (
        <p role="alert" className="mt-4 rounded-md border border-danger bg-danger-soft p-3 text-sm">
          This link is invalid or has expired.{' '}
          <TextLink to={loginPath('reset', next)}>Request a new reset link</TextLink>
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm">
        <TextLink to={loginPath('sign-in', next)}>Back to sign in</TextLink>
      </p>
    </>
  );
}
