import { type FormEvent, useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { loginPath } from '../../lib/navigation';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { TextLink } from '../../ui/text-link';
import { toast } from '../../ui/toast';
import { GoogleSignIn } from './google-sign-in';
import { authMessages, signInErrorMessage } from './messages';
import { checkSignIn } from './validation';

export interface SignInFormProps {
  /** The remembered page; the login page itself navigates once the session exists. */
  next: string | null;
}

export function SignInForm({ next }: SignInFormProps) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problem = checkSignIn(email.trim(), password);
    if (problem) {
      toast.error(problem);
      return;
    }
    setPending(true);
    try {
      await signIn(email.trim(), password);
      toast.success(authMessages.signedIn);
    } catch (error) {
      toast.error(signInErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="-mt-1 text-right text-sm">
          <TextLink to={loginPath('reset', next)}>Forgot password?</TextLink>
        </div>
        <Button type="submit" disabled={pending}>
          Sign in
        </Button>
      </form>
      <GoogleSignIn />
      <p className="mt-6 text-center text-sm text-muted">
        New to Deckhand? <TextLink to={loginPath('register', next)}>Create an account</TextLink>
      </p>
    </>
  );
}
