// Processing (/app/processing/:id): polls the status every 5 s and animates progress between the server's steps (spec §4).
// A failed poll (network blip, server restart) is not a failed report: the page says it is reconnecting and
// keeps polling with back-off; only the server's own answer can fail, cancel or complete the report.
// The browser's offline event shows a calm offline state at once; no request waits without end; and the page never
// goes backwards: nothing is shown as running before the first answer, and an older answer never replaces a newer.
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  onlineManager,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { CheckCircle2, Circle, Clock, Loader2, WifiOff, XCircle } from 'lucide-react';
import {
  ELAPSED_TICK_MS,
  PIPELINE_STEPS,
  STATUS_POLL_MS,
  STATUS_REQUEST_TIMEOUT_MS,
  messages,
  reportUiMessages,
  storageKeys,
  type StatusResponse,
} from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { logError, reportErrorText } from '../../../lib/user-error.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cancelReport } from '../api/cancel-report.ts';
import { useDurationEstimate } from '../api/get-duration-estimate.ts';
import { getStatus } from '../api/get-status.ts';
import { StepLog } from './step-log.tsx';
import {
  LAST_STEP,
  advance,
  animatedProgress,
  furthest,
  readStoredProgress,
  reconnectDelay,
  remainingText,
  stepIndexOf,
  stepStates,
  type StoredProgress,
} from '../progress.ts';

type Phase = 'processing' | 'completed' | 'failed' | 'cancelled' | 'not-found';

/** A bad id (400) or someone else's or a deleted report (404) will not come back by asking again. */
const isNotFound = (e: unknown) => e instanceof ApiRequestError && (e.status === 404 || e.status === 400);

function load(id: string): StoredProgress | null {
  try {
    return readStoredProgress(localStorage.getItem(storageKeys.processing(id)), Date.now());
  } catch {
    return null;
  }
}
function save(id: string, value: StoredProgress | null) {
  try {
    if (value) localStorage.setItem(storageKeys.processing(id), JSON.stringify(value));
    else localStorage.removeItem(storageKeys.processing(id));
  } catch {
    /* storage unavailable: the animation restarts on reload, nothing else is lost */
  }
}

/** What one poll learned: the server's answer and the progress record it left in storage. */
type PollResult = { status: StatusResponse; stored: StoredProgress | null };

/**
 * One status poll. Storage is written here, in the query function, so rendering only reads what
 * the poll returned (the page derives its phase from the query instead of mirroring it in state).
 */
async function pollStatus(
  reportId: string,
  signal: AbortSignal,
  onCompleted: () => void,
): Promise<PollResult> {
  // A failed request throws before storage is touched: the progress record survives a blip (unlike spec §4).
  const status = await getStatus(reportId, signal);
  if (status.state === 'completed') {
    save(reportId, {
      ...(load(reportId) ?? advance(null, LAST_STEP, Date.now())),
      progress: 100,
      completed: true,
    });
    onCompleted();
    return { status, stored: null };
  }
  if (status.state === 'processing') {
    if (status.step === 'queued') return { status, stored: null };
    const next = advance(load(reportId), stepIndexOf(status.step), Date.now());
    save(reportId, next);
    return { status, stored: next };
  }
  save(reportId, null);
  return { status, stored: null };
}

/**
 * Starts a status request and resolves once it has answered (true) or failed, paused offline or run out of time
 * (false), so the Refresh button never spins while the poll waits between retries.
 */
function nextAnswer(client: QueryClient, queryKey: QueryKey, start: () => void): Promise<boolean> {
  return new Promise((resolve) => {
    const since = client.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
    let baseline = Number.POSITIVE_INFINITY;
    let timer = 0;
    const check = () => {
      const s = client.getQueryState(queryKey);
      if (!s) return;
      if (s.dataUpdatedAt > since) finish(true);
      else if (s.fetchFailureCount > baseline || s.fetchStatus === 'paused') finish(false);
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    function finish(answered: boolean) {
      unsubscribe();
      window.clearTimeout(timer);
      resolve(answered);
    }
    timer = window.setTimeout(() => finish(false), STATUS_REQUEST_TIMEOUT_MS + 1_000);
    start();
    // The refetch has reset the failure count by now: a failure from here on is this request's.
    baseline = client.getQueryState(queryKey)?.fetchFailureCount ?? 0;
  });
}

function phaseOf(data: PollResult | undefined, error: unknown): Phase {
  if (isNotFound(error)) return 'not-found';
  const state = data?.status.state;
  return state === 'completed' || state === 'failed' || state === 'cancelled' ? state : 'processing';
}

export function ProcessingPage({ reportId, reportName }: { reportId: string; reportName?: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  // That the last Refresh got no answer, kept with the answer it was about: a newer answer makes it out of date.
  const [refreshNote, setRefreshNote] = useState<{ at: number } | null>(null);
  const online = useOnline();

  // Poll once on load and every 5 s while the report is processing; a finished run or a missing report ends
  // polling. A failed poll is retried with back-off, indefinitely, while the last known state stays on screen.
  const queryKey = ['processing-status', reportId];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      pollStatus(reportId, signal, () => void client.invalidateQueries({ queryKey: ['reports'] })),
    refetchInterval: (q) => (phaseOf(q.state.data, q.state.error) === 'processing' ? STATUS_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    retry: (_count, error) => !isNotFound(error),
    retryDelay: reconnectDelay,
    // Answers can arrive out of order (a slow poll, then a Refresh): the page keeps the furthest one.
    structuralSharing: (shown, next) => furthest(shown as PollResult | undefined, next as PollResult),
  });
  const phase = phaseOf(query.data, query.error);
  // Offline as soon as the browser says so (TanStack Query then holds the poll until the connection is back);
  // reconnecting while the last poll failed and the next attempt is pending.
  const offline = phase === 'processing' && (!online || query.fetchStatus === 'paused');
  const reconnecting =
    !offline && phase === 'processing' && query.failureCount > 0 && !isNotFound(query.failureReason);
  // Before the first answer nothing is shown as running: the report may still be queued.
  const checking = phase === 'processing' && !query.data;
  // Usually the reconnecting notice already says it (the request failed); this covers an answer that never came.
  const refreshFailed =
    !offline && !reconnecting && refreshNote !== null && refreshNote.at === query.dataUpdatedAt;
  useEffect(() => {
    if (query.failureReason) logError('Status poll failed; retrying with back-off', query.failureReason);
  }, [query.failureReason]);
  const status = query.data?.status ?? null;
  const queued = phase === 'processing' && status?.state === 'processing' && status.step === 'queued';
  const stored = query.data?.stored ?? null;
  const errorText =
    phase === 'failed' ? reportErrorText(status?.error, messages.report.generationFailed) : null;

  useEffect(() => {
    if (phase !== 'processing') return;
    const t = window.setInterval(() => setNow(Date.now()), ELAPSED_TICK_MS);
    return () => window.clearInterval(t);
  }, [phase]);

  const completed = phase === 'completed';
  const stepIndex = completed ? LAST_STEP : (stored?.stepIndex ?? stepIndexOf(status?.step));
  const secondsInStep = stored ? (now - stored.stepStartedAt) / 1000 : 0;
  const progress = completed ? 100 : animatedProgress(stepIndex, secondsInStep, status?.progress ?? 0);
  // The time left comes from measured durations on the server, never from the animation's nominal seconds.
  const estimate = useDurationEstimate(
    reportId,
    status?.step,
    phase === 'processing' && !queued && !checking,
  );
  const states =
    queued || checking ? PIPELINE_STEPS.map(() => 'Pending' as const) : stepStates(stepIndex, completed);

  async function refresh() {
    setRefreshNote(null);
    // Offline, the button is disabled and the offline notice says the page updates by itself.
    if (!onlineManager.isOnline()) return;
    setRefreshing(true);
    const answered = await nextAnswer(client, queryKey, () => void query.refetch());
    setRefreshing(false);
    if (!answered) setRefreshNote({ at: client.getQueryState(queryKey)?.dataUpdatedAt ?? 0 });
  }

  async function cancel() {
    setCancelling(true);
    try {
      await cancelReport(reportId);
    } catch {
      /* spec §4: go to the upload page even if the call fails */
    }
    save(reportId, null);
    void client.invalidateQueries({ queryKey: ['reports'] });
    navigate('/app/upload');
    toast(reportUiMessages.cancelledToast(reportName ?? null), { tone: 'info' });
  }

  if (phase === 'not-found') {
    return (
      <Shell>
        <Card className="flex flex-col items-center p-8 text-center" data-testid="report-not-found">
          <h1 className="text-xl font-semibold text-slate-900">{messages.report.notFoundTitle}</h1>
          <p className="mt-2 max-w-sm text-slate-600">{reportUiMessages.notFoundHint}</p>
          <ButtonLink to="/app" className="mt-6">
            Back to Dashboard
          </ButtonLink>
        </Card>
      </Shell>
    );
  }

  return (
    <Shell>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {completed
          ? 'Your report is ready'
          : checking
            ? reportUiMessages.checkingProgress
            : queued
              ? 'Your report is queued'
              : phase === 'processing'
                ? 'Generating your report'
                : phase === 'cancelled'
                  ? 'Generation cancelled'
                  : messages.report.generationFailed}
      </h1>
      <p
        className="mt-1 min-h-6 font-medium break-words text-slate-700"
        data-testid="processing-report-name"
        title={reportName}
      >
        {reportName ?? (
          // The name is on its way: a quiet placeholder of its size rather than an empty line.
          <span aria-hidden="true" className="inline-block h-4 w-48 animate-pulse rounded bg-slate-200" />
        )}
      </p>
      {phase === 'processing' && !checking && (
        <p className="mt-2 text-slate-600">
          {queued ? reportUiMessages.queuedHint : reportUiMessages.processingIntro}
        </p>
      )}
      {offline && (
        <div
          role="status"
          className="mt-4 flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="offline"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-semibold">{reportUiMessages.offline}</span> {reportUiMessages.offlineHint}
          </p>
        </div>
      )}
      {reconnecting && (
        <div
          role="status"
          className="mt-4 flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="reconnecting"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-semibold">{reportUiMessages.reconnecting}</span>{' '}
            {reportUiMessages.reconnectingHint}
          </p>
        </div>
      )}

      <Card className="mt-8 p-5 sm:p-6">
        <div className="flex items-baseline justify-between gap-4">
          <span className="text-sm font-medium text-slate-700">Overall progress</span>
          {checking ? (
            <span className="text-2xl font-bold text-slate-400" data-testid="progress-percent">
              …
            </span>
          ) : queued ? (
            <span
              className="flex items-center gap-1.5 text-lg font-semibold text-slate-600"
              data-testid="progress-percent"
            >
              <Clock aria-hidden="true" className="size-5" />
              {reportUiMessages.queuedTitle}
            </span>
          ) : (
            <span className="text-2xl font-bold tabular-nums text-slate-900" data-testid="progress-percent">
              {Math.floor(progress)}%
            </span>
          )}
        </div>
        <div
          role="progressbar"
          aria-label="Report generation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={queued || checking ? 0 : Math.floor(progress)}
          aria-valuetext={
            checking ? reportUiMessages.checkingProgress : queued ? reportUiMessages.queuedTitle : undefined
          }
          className="mt-3 h-3 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-1000 ease-linear',
              phase === 'failed' ? 'bg-rose-500' : completed ? 'bg-emerald-500' : 'bg-indigo-600',
            )}
            style={{ width: `${checking ? 0 : progress}%` }}
          />
        </div>
        {phase === 'processing' && !queued && !checking && estimate.data && (
          <p className="mt-2 text-sm text-slate-500" data-testid="time-remaining">
            {remainingText(estimate.data, Math.max(0, now - estimate.dataUpdatedAt))}
          </p>
        )}

        <ol className="mt-6 space-y-3" aria-label="Pipeline steps">
          {PIPELINE_STEPS.map((step, i) => {
            // A stopped run has no step in progress: the step it stopped at says so.
            const stopped = phase !== 'processing' && !completed && states[i] === 'In Progress';
            const state = stopped ? (phase === 'cancelled' ? 'Cancelled' : 'Failed') : states[i]!;
            return (
              <li
                key={step.key}
                className="flex items-center justify-between gap-3 rounded-xl px-3 py-2.5 ring-1 ring-slate-200"
                data-testid="pipeline-step"
              >
                <span className="flex items-center gap-3">
                  {state === 'Complete' ? (
                    <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />
                  ) : stopped ? (
                    <XCircle aria-hidden="true" className="size-5 text-rose-500" />
                  ) : state === 'In Progress' ? (
                    <Loader2 aria-hidden="true" className="size-5 animate-spin text-indigo-600" />
                  ) : (
                    <Circle aria-hidden="true" className="size-5 text-slate-300" />
                  )}
                  <span className="text-sm font-medium text-slate-900">
                    {i + 1}. {step.label}
                  </span>
                </span>
                <span
                  className={cn(
                    'text-xs font-medium',
                    state === 'Complete'
                      ? 'text-emerald-700'
                      : state === 'In Progress'
                        ? 'text-indigo-700'
                        : stopped
                          ? 'text-rose-700'
                          : 'text-slate-500',
                  )}
                >
                  {state}
                </span>
              </li>
            );
          })}
        </ol>
        <StepLog entries={status?.step_log ?? []} now={now} running={phase === 'processing'} />
      </Card>

      {completed && (
        <Alert tone="success" className="mt-6" title="Report generated successfully">
          <p>
            Your technical report is ready. Preview the first pages for free and download it in Word or LaTeX.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <ButtonLink to={`/app/report/${reportId}`}>View &amp; Download Report</ButtonLink>
            <ButtonLink to="/app" variant="secondary">
              Back to Dashboard
            </ButtonLink>
          </div>
        </Alert>
      )}

      {phase === 'failed' && (
        <div className="mt-6 rounded-2xl bg-rose-50 p-5 ring-1 ring-rose-200" role="alert">
          <div className="flex gap-3">
            <XCircle aria-hidden="true" className="size-6 shrink-0 text-rose-600" />
            <div>
              <h2 className="font-semibold text-rose-800">Processing Failed</h2>
              <p className="mt-1 text-sm text-rose-800" data-testid="processing-error">
                {errorText}
              </p>
            </div>
          </div>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            {/* Asking again cannot change a failed run: the way forward is a new report. */}
            <ButtonLink to="/app/upload">Generate New Report</ButtonLink>
            <ButtonLink to="/app" variant="secondary">
              Back to Dashboard
            </ButtonLink>
          </div>
        </div>
      )}

      {phase === 'cancelled' && (
        <Alert tone="info" className="mt-6">
          <p>{messages.report.cancelled}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <ButtonLink to="/app/upload">Generate New Report</ButtonLink>
            <ButtonLink to="/app" variant="secondary">
              Back to Dashboard
            </ButtonLink>
          </div>
        </Alert>
      )}

      {phase === 'processing' && (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ButtonLink to="/app" variant="secondary">
            Continue in Background
          </ButtonLink>
          <Button variant="secondary" loading={refreshing} disabled={offline} onClick={() => void refresh()}>
            Refresh Status
          </Button>
          <Button variant="danger-ghost" className="sm:ml-auto" onClick={() => setConfirmCancel(true)}>
            Cancel Generation
          </Button>
        </div>
      )}
      {phase === 'processing' && refreshFailed && (
        <p className="mt-3 text-sm text-slate-700" role="status" data-testid="refresh-note">
          {reportUiMessages.statusTimedOut}
        </p>
      )}

      <Dialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={reportUiMessages.cancelConfirmTitle}
        tone="danger"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
              Keep Processing
            </Button>
            <Button variant="danger" loading={cancelling} onClick={() => void cancel()}>
              Yes, Cancel
            </Button>
          </>
        }
      >
        <p>{reportUiMessages.cancelConfirmBody(reportName ?? null)}</p>
      </Dialog>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">{children}</div>;
}
