// Sign-in form (spec §2 Login): show/hide password, remember me, banner from navigation state, back to where the user came from.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoginFormSchema, errorMessages, firstIssue, linkMessages, messages } from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, PasswordField, TextField } from '../../../components/ui/input.tsx';
import { useAuth } from '../../../lib/auth-context.tsx';
import { authStorage } from '../../../lib/auth-client.ts';
import { signIn } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';

export interface LoginLocationState {
  message?: string;
  email?: string;
  from?: { pathname: string; search?: string; hash?: string };
  /** Set when a confirmation link could not be used (expired or already used). */
  linkError?: 'confirmation';
  /** The session ended on a protected page: signing in returns there. */
  reason?: 'session-ended';
}

function targetOf(state: LoginLocationState | null): string {
  const from = state?.from;
  if (!from?.pathname || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/app';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Back on the page where the session ended: it may bring back what the user had entered there. */
const resumeState = (state: LoginLocationState | null): { resumed: true } | undefined =>
  state?.reason === 'session-ended' ? { resumed: true } : undefined;

export function LoginForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const { session, loading } = useAuth();
  const state = (location.state ?? null) as LoginLocationState | null;
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => authStorage.remembers());
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Already signed in (or just signed in): continue to the page the user wanted.
  useEffect(() => {
    if (!loading && session) navigate(targetOf(state), { replace: true, state: resumeState(state) });
  }, [loading, session, navigate, state]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = LoginFormSchema.safeParse({ email, password, remember });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setSubmitting(true);
    const result = await signIn(parsed.data);
    setSubmitting(false);
    if (!result.success) return setError(result.error);
    navigate(targetOf(state), { replace: true, state: resumeState(state) });
  }

  return (
    <AuthCard
      title="Sign in to ATR"
      subtitle="Welcome back. Generate, preview and download your technical reports."
      footer={
        <>
          New to ATR?{' '}
          <Link to="/signup" className="font-semibold text-indigo-700 hover:text-indigo-600">
            Create an account
          </Link>
        </>
      }
    >
      {state?.linkError === 'confirmation' && (
        <Alert tone="error" className="mb-5" title={linkMessages.confirmationExpiredTitle}>
          <p>{linkMessages.confirmationExpired}</p>
        </Alert>
      )}
      {state?.reason === 'session-ended' && !error && (
        <Alert tone="info" className="mb-5" data-testid="session-ended">
          {errorMessages.sessionEnded}
        </Alert>
      )}
      {/* One banner at a time: an error on submit replaces the notice the user arrived with. */}
      {state?.message && !error && (
        <Alert tone="success" className="mb-5">
          {state.message}
          {state.email && (
            <>
              {' '}
              <span className="font-semibold">{state.email}</span>
            </>
          )}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@company.com"
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox
            label="Remember me"
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to="/reset-password" className="text-sm font-medium text-indigo-700 hover:text-indigo-600">
            Forgot your password?
          </Link>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Sign in
        </Button>
      </form>
      {/* The next step when the account is not confirmed: a new link, from the same e-mail field. */}
      {(state?.linkError === 'confirmation' || error === messages.login.emailNotConfirmed) && (
        <div className="mt-5 border-t border-slate-200 pt-5">
          <ResendConfirmation email={email} />
        </div>
      )}
    </AuthCard>
  );
}
