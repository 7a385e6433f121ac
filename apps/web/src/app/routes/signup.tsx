// Route /signup: a thin wrapper around the auth feature's screen.
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';

export function SignupRoute() {
  useDocumentTitle('Create account');
  return <SignupForm />;
}
