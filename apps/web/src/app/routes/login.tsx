// Route /login: a thin wrapper around the auth feature's screen.
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export function LoginRoute() {
  useDocumentTitle('Sign in');
  return <LoginForm />;
}
