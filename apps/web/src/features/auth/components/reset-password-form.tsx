// Password reset (spec §2): mode 1 asks for the e-mail and counts down 300 s before "Send again";
// mode 2 (a session from the recovery link exists) sets the new password, then /login after 2 s.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ChangePasswordSchema,
  NewPasswordSchema,
  PASSWORD_UPDATE_REDIRECT_MS,
  RESET_EMAIL_COOLDOWN_S,
  ResetRequestSchema,
  firstIssue,
  linkMessages,
  messages,
  uiMessages,
} from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../../components/ui/input.tsx';
import { InlineLoader } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth-context.tsx';
import { landedWithLinkError } from '../../../lib/auth-client.ts';
import { formatCountdown } from '../../../lib/format.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { updatePassword } from '../api/update-password.ts';
import { AuthCard } from './auth-card.tsx';

const backToLogin = (
  <Link to="/login" className="font-semibold text-indigo-700 hover:text-indigo-600">
    Back to sign in
  </Link>
);
// Signed in (not through a recovery link), the way back is the dashboard: sign-in would only send them there.
const backToDashboard = (
  <Link to="/app" className="font-semibold text-indigo-700 hover:text-indigo-600">
    Back to Dashboard
  </Link>
);

export function ResetPasswordForm() {
  const { session, recovery, loading } = useAuth();
  const [passwordChanged, setPasswordChanged] = useState(false);
  if (loading)
    return (
      <AuthCard title="Reset your password">
        <InlineLoader label={uiMessages.loading} />
      </AuthCard>
    );
  if (passwordChanged || recovery || session)
    return <NewPasswordForm askCurrent={!recovery} onChanged={() => setPasswordChanged(true)} />;
  return <RequestResetForm />;
}

function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const remaining =
    sentAt === null ? 0 : Math.max(0, RESET_EMAIL_COOLDOWN_S - Math.floor((now - sentAt) / 1000));
  const coolingDown = sentAt !== null && remaining > 0;

  useEffect(() => {
    if (!coolingDown) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [coolingDown]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    setError(null);
    const parsed = ResetRequestSchema.safeParse({ email });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setSubmitting(true);
    const result = await requestPasswordReset(parsed.data.email);
    setSubmitting(false);
    if (!result.success) return setError(result.error);
    const t = Date.now();
    setSentAt(t);
    setNow(t);
  }

  return (
    <AuthCard title="Reset your password" subtitle={uiMessages.resetIntro} footer={backToLogin}>
      {/* A reset link that expired or was already used lands here: say so; the form below is the next step. */}
      {landedWithLinkError?.path === '/reset-password' && sentAt === null && (
        <Alert tone="error" className="mb-5" title={linkMessages.resetExpiredTitle}>
          <p>{linkMessages.resetExpired}</p>
        </Alert>
      )}
      <form noValidate onSubmit={send} className="space-y-5" aria-label="Request password reset">
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          readOnly={coolingDown}
          placeholder="you@company.com"
        />
        {error && <Alert tone="error">{error}</Alert>}
        {sentAt !== null && (
          <Alert tone="success">
            <p>{messages.account.mailSent}</p>
          </Alert>
        )}
        {coolingDown && (
          <p id="reset-countdown" className="sr-only">
            {uiMessages.resetCountdown(formatCountdown(remaining))}
          </p>
        )}
        {sentAt === null ? (
          <Button type="submit" size="lg" className="w-full" loading={submitting}>
            Send Reset Link
          </Button>
        ) : coolingDown ? (
          <Button size="lg" className="w-full tabular-nums" disabled aria-describedby="reset-countdown">
            {uiMessages.resetSendAgain} ({formatCountdown(remaining)})
          </Button>
        ) : (
          <Button type="submit" size="lg" variant="secondary" className="w-full" loading={submitting}>
            {uiMessages.resetSendAgain}
          </Button>
        )}
      </form>
    </AuthCard>
  );
}

/** The new password; a signed-in user (not one who came from a recovery link) also gives the current one. */
function NewPasswordForm({ askCurrent, onChanged }: { askCurrent: boolean; onChanged: () => void }) {
  // A used or expired reset link opened while signed in grants nothing: say so, above the ordinary change form.
  const usedLink = askCurrent && landedWithLinkError?.path === '/reset-password';
  const navigate = useNavigate();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(
      () => navigate('/login', { replace: true, state: { message: messages.account.passwordUpdated } }),
      PASSWORD_UPDATE_REDIRECT_MS,
    );
    return () => window.clearTimeout(id);
  }, [done, navigate]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = askCurrent
      ? ChangePasswordSchema.safeParse({ currentPassword, password, confirmPassword })
      : NewPasswordSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setSubmitting(true);
    const result = await updatePassword(parsed.data.password, askCurrent ? currentPassword : undefined);
    setSubmitting(false);
    if (!result.success) return setError(result.error);
    onChanged();
    setDone(true);
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={uiMessages.resetNewPasswordIntro}
      footer={askCurrent ? backToDashboard : backToLogin}
    >
      {done ? (
        <Alert tone="success">{uiMessages.resetRedirecting}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Set new password">
          {usedLink && (
            <Alert tone="error" title={linkMessages.resetExpiredTitle}>
              <p>{linkMessages.resetExpiredSignedIn}</p>
            </Alert>
          )}
          {askCurrent && (
            <PasswordField
              label="Current Password"
              name="currentPassword"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
          )}
          <PasswordField
            label="New Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="At least 6 characters."
          />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" size="lg" className="w-full" loading={submitting}>
            Update Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
