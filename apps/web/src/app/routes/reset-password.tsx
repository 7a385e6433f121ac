// Route /reset-password: a thin wrapper around the auth feature's screen.
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  return <ResetPasswordForm />;
}
