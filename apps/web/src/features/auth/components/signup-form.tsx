// Two-step sign-up (spec §2 Signup): the form, then "check your e-mail" with a 5 s redirect to /login.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { MailCheck } from 'lucide-react';
import {
  SIGNUP_REDIRECT_MS,
  SignupFormSchema,
  firstIssue,
  messages,
  storageKeys,
  uiMessages,
} from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../../components/ui/input.tsx';
import { useAuth } from '../../../lib/auth-context.tsx';
import { usePricing } from '../../../lib/pricing.ts';
import { signUp } from '../api/sign-up.ts';
import { AuthCard } from './auth-card.tsx';

function readCompletion(): { email: string } | null {
  try {
    const raw = sessionStorage.getItem(storageKeys.signupComplete);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { email?: unknown };
    return typeof parsed.email === 'string' ? { email: parsed.email } : null;
  } catch {
    return null;
  }
}
function writeCompletion(email: string | null) {
  try {
    if (email) sessionStorage.setItem(storageKeys.signupComplete, JSON.stringify({ email }));
    else sessionStorage.removeItem(storageKeys.signupComplete);
  } catch {
    // storage blocked: the step-2 screen still shows for this page view
  }
}

export function SignupForm() {
  const { session, loading } = useAuth();
  const [completed, setCompleted] = useState(readCompletion);
  if (!loading && session && !completed) return <Navigate to="/app" replace />;
  return completed ? (
    <SignupComplete
      email={completed.email}
      onAnother={() => {
        writeCompletion(null);
        setCompleted(null);
      }}
    />
  ) : (
    <SignupStepOne
      onDone={(email) => {
        writeCompletion(email);
        setCompleted({ email });
      }}
    />
  );
}

function SignupStepOne({ onDone }: { onDone: (email: string) => void }) {
  const navigate = useNavigate();
  const { price } = usePricing();
  const [form, setForm] = useState({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFieldError(null);
    const parsed = SignupFormSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = firstIssue(parsed.error);
      // "fill in all fields" is about the whole form; the other rules show at their field, and only there.
      if (issue && message !== messages.validation.fillAllFields)
        return setFieldError({ field: String(issue.path[0]), message });
      return setError(message);
    }
    setSubmitting(true);
    const result = await signUp(parsed.data);
    setSubmitting(false);
    if (!result.success) return setError(result.error);
    if (!result.needsConfirmation) return navigate('/app', { replace: true });
    onDone(parsed.data.email);
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Generating reports is free. Pay only for the downloads you want: Word {price('word')}, LaTeX{' '}
          {price('latex')} per report.
        </>
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-700 hover:text-indigo-600">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign up">
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          value={form.fullName}
          onChange={set('fullName')}
          error={errorFor('fullName')}
        />
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errorFor('email')}
          placeholder="you@company.com"
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errorFor('password')}
          hint="At least 6 characters."
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errorFor('confirmPassword')}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          Create Account
        </Button>
        <p className="text-center text-xs text-slate-500">
          By creating an account you agree to our{' '}
          <Link to="/terms-of-service" className="underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}

function SignupComplete({ email, onAnother }: { email: string; onAnother: () => void }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(Math.round(SIGNUP_REDIRECT_MS / 1000));

  useEffect(() => {
    const goToLogin = () => {
      writeCompletion(null);
      navigate('/login', { state: { message: messages.account.accountCreated, email } });
    };
    const timer = window.setTimeout(goToLogin, SIGNUP_REDIRECT_MS);
    const tick = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      window.clearTimeout(timer);
      window.clearInterval(tick);
    };
  }, [email, navigate]);

  return (
    <AuthCard title={uiMessages.signupEmailSentTitle}>
      <div className="flex flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <p className="mt-4 text-sm text-slate-700">{uiMessages.signupEmailSent(email)}</p>
        <p className="mt-4 text-xs text-slate-500" aria-live="polite">
          {uiMessages.signupRedirecting(secondsLeft)}
        </p>
        <div className="mt-6 flex w-full flex-col gap-3">
          <Button
            size="lg"
            onClick={() => {
              writeCompletion(null);
              navigate('/login', { state: { message: messages.account.accountCreated, email } });
            }}
          >
            Go to Login Now
          </Button>
          <Button variant="secondary" size="lg" onClick={onAnother}>
            Create Another Account
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
