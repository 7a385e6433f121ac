// The dashboard (/app): welcome line, total count, the Generate New Report card, and the Recent Reports list.
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FilePlus2, FileText } from 'lucide-react';
import { errorMessages, messages, uiMessages, type Report } from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { displayName, useAuth } from '../../../lib/auth-context.tsx';
import { isRetryable, logError, userMessage } from '../../../lib/user-error.ts';
import { useReports } from '../api/get-reports.ts';
import { Pagination, pageParams, readPageParams, showsPerPage } from './pagination.tsx';
import { ReportRow } from './report-row.tsx';

export interface DashboardPageProps {
  /** The Word and LaTeX buttons of a row (the payments feature provides them). */
  renderDownloads?: (report: Report) => ReactNode;
}

export function DashboardPage({ renderDownloads }: DashboardPageProps) {
  const { user } = useAuth();
  // Page and per-page live in the address, so Back, a reload or a shared link land on the same page.
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, perPage } = readPageParams(searchParams);
  const setPage = (next: number, nextPerPage = perPage) => setSearchParams(pageParams(next, nextPerPage));
  const query = useReports(page, perPage);
  const total = query.data?.pagination.totalReports;
  const totalPages = query.data?.pagination.totalPages;
  useEffect(() => {
    if (query.error) logError('Loading the reports failed', query.error);
  }, [query.error]);

  // A page past the end (reports deleted since, or an edited address) shows the last page instead of an empty list.
  useEffect(() => {
    if (totalPages !== undefined && !query.isPlaceholderData && totalPages >= 1 && page > totalPages)
      setSearchParams(pageParams(totalPages, perPage), { replace: true });
  }, [totalPages, page, perPage, query.isPlaceholderData, setSearchParams]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Welcome back, {displayName(user)}
        </h1>
        <p className="mt-2 text-slate-600">
          Generate technical reports from your code and download them in the formats you need.
        </p>
        <p className="mt-1 text-sm text-slate-500" data-testid="total-reports">
          {total === undefined ? '\u00a0' : `Total reports: ${total}`}
        </p>
      </header>

      <Card className="mt-8 flex flex-col gap-5 bg-gradient-to-br from-indigo-600 to-indigo-500 p-6 text-white ring-0 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
            <FilePlus2 aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h2 className="text-lg font-semibold">Generate New Report</h2>
            <p className="mt-1 text-sm text-indigo-100">
              Upload a ZIP or link a GitHub repository, add your YAML template, and let the agents write.
            </p>
          </div>
        </div>
        <ButtonLink to="/app/upload" variant="secondary" size="lg" className="shrink-0">
          Generate New Report
        </ButtonLink>
      </Card>

      <section aria-labelledby="recent-title" className="mt-10">
        <h2 id="recent-title" className="text-lg font-semibold text-slate-900">
          Recent Reports
        </h2>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError && !query.data ? (
          <Alert tone="error" className="mt-4" title={errorMessages.reportsLoadFailed}>
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
        ) : query.data.pagination.totalReports === 0 ? (
          <EmptyState />
        ) : (
          <>
            {/* A refresh that failed keeps the list on screen and says the list may be out of date. */}
            {query.isError && <StaleNotice error={query.error} onRetry={() => void query.refetch()} />}
            <ul className="mt-4 space-y-3" data-testid="reports-list">
              {query.data.reports.map((r) => (
                <ReportRow key={r.id} report={r} downloads={renderDownloads?.(r)} />
              ))}
            </ul>
            {(query.data.pagination.totalPages > 1 || showsPerPage(query.data.pagination.totalReports)) && (
              <Pagination
                page={page}
                totalPages={query.data.pagination.totalPages}
                perPage={perPage}
                onPage={(n) => setPage(n)}
                onPerPage={(n) => setPage(1, n)}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

function StaleNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-50 px-4 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="stale-notice"
    >
      <p>{userMessage(error)}</p>
      {isRetryable(error) && (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {uiMessages.retry}
        </Button>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <ul className="mt-4 space-y-3" aria-busy="true" aria-label={uiMessages.loading}>
      {[0, 1, 2].map((i) => (
        <li key={i} className="h-24 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200">
          <div className="m-4 h-4 w-1/3 rounded bg-slate-200" />
          <div className="mx-4 h-3 w-1/2 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

function EmptyState() {
  return (
    <Card className="mt-4 flex flex-col items-center px-6 py-14 text-center" data-testid="reports-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileText aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 font-semibold text-slate-900">{messages.report.empty}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">{uiMessages.noReportsHint}</p>
      <ButtonLink to="/app/upload" className="mt-6">
        Generate New Report
      </ButtonLink>
    </Card>
  );
}
