// The dashboard (/app): welcome line, total count, the Generate New Report card, and the Recent Reports list.
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@supabase/auth-js';
import { FilePlus2, FileText, Search, SearchX } from 'lucide-react';
import {
  REPORTS_SEARCH_MAX,
  errorMessages,
  messages,
  reportUiMessages,
  storageKeys,
  uiMessages,
  type Report,
  type ReportStatusFilter,
} from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { displayName, useAuth } from '../../../lib/auth-context.tsx';
import { isRetryable, logError, userMessage } from '../../../lib/user-error.ts';
import { useReports } from '../api/get-reports.ts';
import { commitPendingDeletes, useHiddenReports } from '../hooks/pending-deletes.ts';
import { Pagination, pageParams, readPageParams, showsPerPage } from './pagination.tsx';
import { ReportRow } from './report-row.tsx';

export interface DashboardPageProps {
  /** The Word and LaTeX buttons of a row (the payments feature provides them). */
  renderDownloads?: (report: Report) => ReactNode;
}

export function DashboardPage({ renderDownloads }: DashboardPageProps) {
  const { user } = useAuth();
  const client = useQueryClient();
  // Page, per-page, search and status live in the address, so Back, a reload or a shared link land on the same view.
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, perPage, q, status } = readPageParams(searchParams);
  const setPage = (next: number, nextPerPage = perPage) =>
    setSearchParams(pageParams(next, nextPerPage, { q, status }));
  const query = useReports({ page, perPage, q, status });
  const hidden = useHiddenReports();
  const now = useNow(RELATIVE_TIME_TICK_MS);
  const [returning] = useState(() => isReturning(user));
  useEffect(() => markVisited(user), [user]);
  const filtered = q !== '' || status !== '';
  // Rows whose delete is waiting for its Undo to run out are not shown, and not counted.
  const rows = query.data?.reports.filter((r) => !hidden.has(r.id)) ?? [];
  const hiddenHere = (query.data?.reports.length ?? 0) - rows.length;
  const total =
    query.data === undefined ? undefined : Math.max(0, query.data.pagination.totalReports - hiddenHere);
  const totalPages = query.data?.pagination.totalPages;
  useEffect(() => {
    if (query.error) logError('Loading the reports failed', query.error);
  }, [query.error]);

  // Leaving the dashboard, or the page, sends the deletes still waiting for their Undo to run out.
  useEffect(() => {
    const onPageHide = () => commitPendingDeletes(client, true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      commitPendingDeletes(client);
    };
  }, [client]);

  // A page past the end (reports deleted since, or an edited address) shows the last page instead of an empty list.
  useEffect(() => {
    if (totalPages !== undefined && !query.isPlaceholderData && totalPages >= 1 && page > totalPages)
      setSearchParams(pageParams(totalPages, perPage, { q, status }), { replace: true });
  }, [totalPages, page, perPage, q, status, query.isPlaceholderData, setSearchParams]);
  return (
    // Dense on a phone: the first report shows in the first screen, below the header, greeting and the call to action.
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {returning ? 'Welcome back' : 'Welcome'}, {displayName(user)}
        </h1>
        <p className="mt-2 hidden text-slate-600 sm:block">
          Generate technical reports from your code and download them in the formats you need.
        </p>
        <p className="mt-1 text-sm text-slate-500 tabular-nums" data-testid="total-reports">
          {total === undefined
            ? '\u00a0'
            : filtered
              ? `${total} matching ${total === 1 ? 'report' : 'reports'}`
              : `Total reports: ${total}`}
        </p>
      </header>

      <Card className="mt-4 flex flex-row items-center justify-between gap-3 bg-gradient-to-br from-indigo-600 to-indigo-500 p-4 text-white ring-0 sm:mt-8 sm:gap-5 sm:p-8">
        {/* On a phone the button says it all; the card's heading and sentence join it from small tablets up. */}
        <div className="hidden items-start gap-4 sm:flex">
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
        <ButtonLink to="/app/upload" variant="secondary" size="lg" className="w-full shrink-0 sm:w-auto">
          Generate New Report
        </ButtonLink>
      </Card>

      <section aria-labelledby="recent-title" className="mt-6 sm:mt-10">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="recent-title" className="text-lg font-semibold text-slate-900">
            Recent Reports
          </h2>
          {(filtered || (total ?? 0) > 0) && (
            <ListFilters
              q={q}
              status={status}
              onChange={(next) => setSearchParams(pageParams(1, perPage, next), { replace: true })}
            />
          )}
        </div>
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
        ) : total === 0 && filtered ? (
          <NoMatch onClear={() => setSearchParams(pageParams(1, perPage))} />
        ) : total === 0 ? (
          <EmptyState />
        ) : (
          <>
            {/* A refresh that failed keeps the list on screen and says the list may be out of date. */}
            {query.isError && <StaleNotice error={query.error} onRetry={() => void query.refetch()} />}
            <ul
              className="mt-4 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
              data-testid="reports-list"
            >
              {rows.map((r) => (
                <ReportRow key={r.id} report={r} now={now} downloads={renderDownloads?.(r)} />
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

/** Relative times ("2 minutes ago") move on by themselves. */
const RELATIVE_TIME_TICK_MS = 30_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(t);
  }, [intervalMs]);
  return now;
}

/**
 * The marker that this browser has greeted the account. It outlives sign-out (so a returning user is welcomed back),
 * so it is named by a digest of the user id, not the id: nothing in storage says who used this browser.
 */
const visitedKey = (userId: string) => storageKeys.visited(digest(userId));

/** cyrb53: a fast 53-bit string digest (not a secret; it only keeps the id out of the key's name). */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
/** An account older than a day has been here before, even if this browser has not seen it. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** "Welcome back" is for someone who has been here before: this browser saw them, or the account is not new. */
function isReturning(user: User | null): boolean {
  if (!user) return false;
  try {
    if (localStorage.getItem(visitedKey(user.id))) return true;
  } catch {
    /* storage blocked: judge by the account's age alone */
  }
  return Date.now() - new Date(user.created_at).getTime() > NEW_ACCOUNT_MS;
}

function markVisited(user: User | null) {
  if (!user) return;
  try {
    localStorage.setItem(visitedKey(user.id), '1');
  } catch {
    /* storage blocked: the next visit says "Welcome" again, which is still true */
  }
}

function ListFilters({
  q,
  status,
  onChange,
}: {
  q: string;
  status: ReportStatusFilter;
  onChange: (next: { q: string; status: ReportStatusFilter }) => void;
}) {
  // The box keeps what is typed; the address (and so the server query) follows after a short pause.
  const [text, setText] = useState(q);
  // The address changed by itself (Back, Clear search): the box follows it.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }
  useEffect(() => {
    if (text.trim() === q) return;
    const t = window.setTimeout(() => onChange({ q: text, status }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [text, q, status, onChange]);
  return (
    <div className="flex gap-2" role="search" aria-label="Filter reports">
      <label className="relative min-w-0 flex-1 sm:w-64 sm:flex-none">
        <span className="sr-only">Search reports</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={text}
          maxLength={REPORTS_SEARCH_MAX}
          placeholder="Search projects"
          onChange={(e) => setText(e.target.value)}
          className="h-9 w-full rounded-lg border-0 bg-white pr-2 pl-8 text-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600"
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <span className="sr-only sm:not-sr-only">Status</span>
        <select
          value={status}
          aria-label="Status"
          onChange={(e) => onChange({ q: text, status: e.target.value as ReportStatusFilter })}
          className="h-9 rounded-lg border-0 bg-white py-1.5 pr-8 pl-2 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
        >
          <option value="">All</option>
          {STATUS_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

const SEARCH_DEBOUNCE_MS = 250;
const STATUS_OPTIONS: [ReportStatusFilter, string][] = [
  ['processing', 'Processing'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
  ['cancelled', 'Cancelled'],
];

function NoMatch({ onClear }: { onClear: () => void }) {
  return (
    <Card className="mt-4 flex flex-col items-center px-6 py-12 text-center" data-testid="reports-no-match">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 font-semibold text-slate-900">{reportUiMessages.noMatch}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">{reportUiMessages.noMatchHint}</p>
      <Button variant="secondary" className="mt-6" onClick={onClear}>
        Clear search
      </Button>
    </Card>
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
    <ul
      className="mt-4 divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200"
      aria-busy="true"
      aria-label={uiMessages.loading}
    >
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex h-12 animate-pulse items-center gap-3 px-4">
          <div className="h-4 w-20 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-100" />
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
