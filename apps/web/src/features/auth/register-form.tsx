import { nameLimits, passwordLimits } from '@deckhand/contract/auth-limits';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { loginPath } from '../../lib/navigation';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { toast } from '../../ui/toast';
import { GoogleSignIn } from './google-sign-in';
import { authMessages, registrationErrorMessage } from './messages';
import { checkRegistration } from './validation';

export interface RegisterFormProps {
  next: string | null;
}

export function RegisterForm({ next }: RegisterFormProps) {
  const { register } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const details = { email: email.trim(), password, name: name.trim() };
    const problem = checkRegistration(details.email, details.password, details.name);
    if (problem) {
      toast.error(problem);
      return;
    }
    setPending(true);
    try {
      await register(details);
      toast.success(authMessages.verificationSent);
    } catch (error) {
      toast.error(registrationErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={nameLimits.maxLength}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${passwordLimits.minLength} characters; a passphrase of a few words works well.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="text-xs text-muted">
          By creating an account you accept the <TextLink to="/terms-and-conditions">terms and conditions</TextLink>.
        </p>
        <Button type="submit" disabled={pending}>
          Create account
        </Button>
      </form>
      <GoogleSignIn />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account? <TextLink to={loginPath('sign-in', next)}>Sign in</TextLink>
      </p>
    </>
  );
}
