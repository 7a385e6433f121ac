// Payment success (/app/payment-success): verifies the payment with the server, then forwards to the report after 2 s.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import {
  FormatSchema,
  PAYMENT_SUCCESS_REDIRECT_MS,
  UUID_RE,
  messages,
  reportUiMessages,
  storageKeys,
  type Format,
} from '@atr/shared';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isRetryable, logError, userMessage } from '../../../lib/user-error.ts';
import { formatLabel } from '../api/download-report.ts';
import { canDownload, getPaymentStatus } from '../api/get-payment-status.ts';
import { announceCheckoutEnded } from '../lib/checkout-channel.ts';

type State =
  | { kind: 'verifying' }
  | { kind: 'success'; format: Format }
  | { kind: 'error'; message: string; retryable: boolean }
  | { kind: 'no-session' };

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function forget(reportId: string) {
  try {
    localStorage.removeItem(storageKeys.paymentSession(reportId));
    localStorage.removeItem(storageKeys.currentReportId);
    localStorage.removeItem(storageKeys.currentPaymentFormat);
  } catch {
    /* nothing stored */
  }
}

type Target = { reportId: string; format: Format; sessionId: string | null };

/** Asks the server (which asks the provider) whether this purchase is paid; never throws, the answer is the page's state. */
async function verifyPayment({ reportId, format, sessionId }: Target, client: QueryClient): Promise<State> {
  if (!reportId) return { kind: 'no-session' };
  if (!UUID_RE.test(reportId))
    return { kind: 'error', message: reportUiMessages.paymentLinkInvalid, retryable: false };
  try {
    const status = await getPaymentStatus(reportId, sessionId ?? undefined);
    if (canDownload(status, format)) {
      forget(reportId);
      // The tab that opened the checkout stops waiting now, not at its next poll.
      announceCheckoutEnded({ reportId, format, outcome: 'paid' });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['payment-status', reportId] }),
        client.invalidateQueries({ queryKey: ['reports'] }),
        client.invalidateQueries({ queryKey: ['purchases'] }),
      ]);
      return { kind: 'success', format };
    }
    return sessionId
      ? { kind: 'error', message: reportUiMessages.notConfirmedYet, retryable: true }
      : { kind: 'no-session' };
  } catch (e) {
    logError('Verifying the payment failed', e);
    return {
      kind: 'error',
      message: reportUiMessages.verifyFailed(userMessage(e)),
      retryable: isRetryable(e),
    };
  }
}

export function PaymentSuccessPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Read once: the session id leaves the URL after handling, and the fallbacks are cleared on success.
  const [target] = useState<Target>(() => {
    const reportId =
      params.get('reportId') ?? params.get('report_id') ?? stored(storageKeys.currentReportId) ?? '';
    const format = FormatSchema.catch('word').parse(
      params.get('format') ?? stored(storageKeys.currentPaymentFormat) ?? 'word',
    );
    const sessionId =
      params.get('session_id') ?? (reportId ? stored(storageKeys.paymentSession(reportId)) : null);
    return { reportId, format, sessionId };
  });
  // Verification runs once per visit (no cache between visits); Try Again refetches.
  const verification = useQuery({
    queryKey: ['payment-verification', target],
    queryFn: () => verifyPayment(target, client),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const state: State =
    verification.isFetching || !verification.data ? { kind: 'verifying' } : verification.data;
  const verify = () => void verification.refetch();

  // Spec §2: the session id is removed from the address once it has been read.
  useEffect(() => {
    if (!params.has('session_id')) return;
    const next = new URLSearchParams(params);
    next.delete('session_id');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const t = window.setTimeout(
      () => navigate(`/app/report/${target.reportId}`, { replace: true }),
      PAYMENT_SUCCESS_REDIRECT_MS,
    );
    return () => window.clearTimeout(t);
  }, [navigate, state.kind, target.reportId]);

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="p-6 text-center sm:p-8">
        {state.kind === 'verifying' && (
          <div role="status" className="flex flex-col items-center gap-3">
            <Spinner className="size-8 text-indigo-600" />
            <p className="font-medium text-slate-700">{reportUiMessages.verifyingPayment}</p>
          </div>
        )}
        {state.kind === 'success' && (
          <div role="status" className="flex flex-col items-center gap-3">
            <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-600" />
            <h1 className="text-xl font-semibold text-slate-900">{reportUiMessages.paymentConfirmed}</h1>
            <p className="text-slate-600">
              {reportUiMessages.paymentConfirmedDetail(formatLabel(state.format))}
            </p>
            <ButtonLink to={`/app/report/${target.reportId}`} className="mt-2">
              Go to report
            </ButtonLink>
          </div>
        )}
        {state.kind === 'error' && (
          <div role="alert" className="flex flex-col items-center gap-3">
            <XCircle aria-hidden="true" className="size-12 text-rose-600" />
            <h1 className="text-xl font-semibold text-slate-900">{messages.purchase.failed}</h1>
            <p className="text-slate-600" data-testid="payment-error">
              {state.message}
            </p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <ButtonLink to="/app" variant={state.retryable ? 'secondary' : 'primary'}>
                Back to Dashboard
              </ButtonLink>
              {state.retryable && <Button onClick={verify}>Try Again</Button>}
            </div>
          </div>
        )}
        {state.kind === 'no-session' && (
          <div className="flex flex-col items-center gap-3 text-left">
            <h1 className="w-full text-center text-xl font-semibold text-slate-900">
              {messages.purchase.noSessionTitle}
            </h1>
            <p className="text-center text-sm text-slate-600">{messages.purchase.noSessionDetail}</p>
            <div
              className="w-full rounded-xl bg-indigo-50 p-4 text-sm text-indigo-900 ring-1 ring-indigo-200"
              data-testid="no-session-tips"
            >
              <p className="font-semibold">Tips</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {reportUiMessages.noSessionTips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </div>
            <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
              <ButtonLink to="/app" variant="secondary">
                Back to Dashboard
              </ButtonLink>
              <Button onClick={verify}>Try Again</Button>
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
