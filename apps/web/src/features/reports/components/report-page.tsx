// Report (/app/report/:id): summary, one card per format, the 5-page preview, and the way back.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { REPORT_INITIAL_LOAD_DELAY_MS, messages, uiMessages, type ReportDetail } from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDate, formatFileSize } from '../../../lib/format.ts';
import { isRetryable, logError, userMessage } from '../../../lib/user-error.ts';
import { useReport } from '../api/get-report.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';
import { ReportNotFound } from './report-not-found.tsx';
import { ShareButton } from './share-button.tsx';

/** 404 for a deleted or another account's report, 400 for an id that cannot be one. */
const isNotFound = (e: unknown) => e instanceof ApiRequestError && (e.status === 404 || e.status === 400);
const tierLabels: Record<ReportDetail['payment_tier'], string> = {
  none: 'Free preview',
  word: 'Word',
  latex: 'LaTeX',
  both: 'Word and LaTeX',
};

export interface ReportPageProps {
  reportId: string;
  renderFormats: (report: ReportDetail) => ReactNode;
  renderPreview: (report: ReportDetail) => ReactNode;
}

export function ReportPage({ reportId, renderFormats, renderPreview }: ReportPageProps) {
  // Spec §4: a short initial delay, so a report created a moment ago is found on the first call.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = window.setTimeout(() => setReady(true), REPORT_INITIAL_LOAD_DELAY_MS);
    return () => window.clearTimeout(t);
  }, []);
  const query = useReport(reportId, ready);
  const report = query.data;
  useEffect(() => {
    if (query.error) logError('Loading the report failed', query.error);
  }, [query.error]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link
        to="/app"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Dashboard
      </Link>
      {!ready || query.isPending ? (
        <Skeleton />
      ) : query.isError && (!report || isNotFound(query.error)) ? (
        isNotFound(query.error) ? (
          <ReportNotFound className="mt-6" />
        ) : (
          <Alert tone="error" className="mt-6" title={messages.report.loadFailed}>
            <p>{userMessage(query.error)}</p>
            {isRetryable(query.error) && (
              <Button
                size="sm"
                variant="secondary"
                className="mt-2"
                loading={query.isFetching}
                onClick={() => void query.refetch()}
              >
                {uiMessages.retry}
              </Button>
            )}
          </Alert>
        )
      ) : report ? (
        <>
          {/* A refresh that failed (while the report is polled) keeps the report on screen and says so. */}
          {query.isError && (
            <div
              role="status"
              className="mt-6 rounded-xl bg-amber-50 px-4 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
              data-testid="stale-notice"
            >
              {userMessage(query.error)}
            </div>
          )}
          <ReportBody report={report} renderFormats={renderFormats} renderPreview={renderPreview} />
        </>
      ) : null}
    </div>
  );
}

function ReportBody({
  report,
  renderFormats,
  renderPreview,
}: { report: ReportDetail } & Pick<ReportPageProps, 'renderFormats' | 'renderPreview'>) {
  const sizes: Array<[string, number | null]> = [
    ['Word', report.file_sizes.docx ?? report.file_sizes.word],
    ['LaTeX', report.file_sizes.latex],
    ['PDF', report.file_sizes.pdf],
  ];
  const completed = report.status === 'completed';
  return (
    <>
      <header className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {report.name}
            </h1>
            <ReportStatusBadge status={report.status} step={report.step} />
          </div>
          <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Created:</dt>
              <dd>{formatDate(report.created_at)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Template:</dt>
              <dd className="max-w-[16rem] truncate">{report.template}</dd>
            </div>
            {/* Only a completed report has a preview and formats to buy; a failed one has neither. */}
            {completed && (
              <div className="flex gap-1">
                <dt>Payment tier:</dt>
                <dd data-testid="payment-tier">{tierLabels[report.payment_tier]}</dd>
              </div>
            )}
          </dl>
          {completed && (
            <dl
              className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-500"
              aria-label="File sizes"
            >
              {sizes
                .filter(([, s]) => s !== null)
                .map(([label, s]) => (
                  <div key={label} className="flex gap-1">
                    <dt>{label}:</dt>
                    <dd>{formatFileSize(s)}</dd>
                  </div>
                ))}
            </dl>
          )}
        </div>
        {/* Nothing to share before the report is done, and a failed or cancelled report never will be. */}
        {completed && <ShareButton title={report.name} className="self-start" />}
      </header>

      {report.status === 'failed' ? (
        <Alert tone="error" className="mt-8" title={messages.report.failureModalTitle}>
          <p>{messages.report.failedPage}</p>
          {report.error && <p className="mt-1 text-xs">{report.error}</p>}
        </Alert>
      ) : report.status === 'processing' ? (
        <Alert tone="info" className="mt-8" title="Your report is still being generated">
          <p>This page updates by itself. You can also follow every step on the progress page.</p>
          <ButtonLink to={`/app/processing/${report.id}`} size="sm" variant="secondary" className="mt-2">
            View progress
          </ButtonLink>
        </Alert>
      ) : report.status === 'cancelled' ? (
        <Alert tone="info" className="mt-8">
          {messages.report.cancelled}
        </Alert>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_1fr]">
          <section aria-labelledby="formats-title" className="min-w-0 space-y-4">
            <h2 id="formats-title" className="text-lg font-semibold text-slate-900">
              Download formats
            </h2>
            {renderFormats(report)}
          </section>
          <section aria-labelledby="preview-title" className="min-w-0">
            <h2 id="preview-title" className="mb-3 text-lg font-semibold text-slate-900">
              Preview
            </h2>
            {renderPreview(report)}
          </section>
        </div>
      )}

      <div className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row">
        <ButtonLink to="/app" variant="secondary">
          Back to Dashboard
        </ButtonLink>
        <ButtonLink to="/app/upload">Generate Another Report</ButtonLink>
      </div>
    </>
  );
}

function Skeleton() {
  return (
    <div
      role="status"
      className="mt-6 animate-pulse space-y-4"
      aria-busy="true"
      aria-label={uiMessages.loading}
    >
      <div className="h-8 w-1/2 rounded bg-slate-200" />
      <div className="h-4 w-1/3 rounded bg-slate-200" />
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className="h-48 rounded-2xl bg-slate-200" />
        <div className="h-96 rounded-2xl bg-slate-200" />
      </div>
    </div>
  );
}
