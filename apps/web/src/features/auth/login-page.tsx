import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { postSignInPath } from '../../lib/navigation';
import { FullPageLoader } from '../../ui/full-page-loader';
import { AuthLayout } from './auth-layout';
import { RegisterForm } from './register-form';
import { ResetConfirmForm } from './reset-confirm-form';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import { VerifyEmail } from './verify-email';

/** /login: sign in (default), ?mode=register, ?mode=reset[&token=…], ?mode=verify&token=… (DESIGN.md §6). */
export function LoginPage() {
  const [params] = useSearchParams();
  const { loading, isAuthenticated } = useAuth();
  const mode = params.get('mode');
  const token = params.get('token');
  const next = params.get('next');

  if (mode === 'verify' && token) {
    return (
      <AuthLayout title="Verify email">
        <VerifyEmail token={token} next={next} />
      </AuthLayout>
    );
  }
  // A reset link works whether or not someone is signed in on this browser.
  if (mode === 'reset' && token) {
    return (
      <AuthLayout title="Set a new password">
        <ResetConfirmForm token={token} next={next} />
      </AuthLayout>
    );
  }
  if (loading) return <FullPageLoader />;
  // Also how a successful sign-in or registration leaves this page: to the remembered page (spec §2).
  if (isAuthenticated) return <Navigate to={postSignInPath(next)} replace />;
  if (mode === 'register') {
    return (
      <AuthLayout title="Create account">
        <RegisterForm next={next} />
      </AuthLayout>
    );
  }
  if (mode === 'reset') {
    return (
      <AuthLayout title="Reset password">
        <ResetRequestForm next={next} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Sign in">
      <SignInForm next={next} />
    </AuthLayout>
  );
}
