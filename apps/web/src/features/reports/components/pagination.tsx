// Previous/Next with at most 5 page buttons around the current page, and the reports-per-page selector.
import {
  PAGINATION_MAX_BUTTONS,
  REPORTS_DEFAULT_PAGE,
  REPORTS_DEFAULT_PER_PAGE,
  REPORTS_PER_PAGE_OPTIONS,
  REPORTS_SEARCH_MAX,
  ReportStatusValueSchema,
  type ReportStatusFilter,
} from '@atr/shared';
import { Button } from '../../../components/ui/button.tsx';

/** The page numbers to show: a window of at most 5 that keeps the current page inside. */
export function pageWindow(current: number, total: number, max = PAGINATION_MAX_BUTTONS): number[] {
  const count = Math.min(max, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** What the list shows, as the address says it: page, per-page, search text and status filter. */
export interface ListParams {
  page: number;
  perPage: number;
  /** Search in project names; '' for none. */
  q: string;
  /** A report status, or '' for all. */
  status: ReportStatusFilter;
}

/** Page, per-page, search and status from the address; anything unreadable falls back to the defaults. */
export function readPageParams(params: URLSearchParams): ListParams {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  const status = ReportStatusValueSchema.safeParse(params.get('status'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : REPORTS_DEFAULT_PAGE,
    perPage: (REPORTS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage)
      ? perPage
      : REPORTS_DEFAULT_PER_PAGE,
    q: (params.get('q') ?? '').slice(0, REPORTS_SEARCH_MAX),
    status: status.success ? status.data : '',
  };
}

/** The address's query for a list view; defaults are left out so /app stays /app. */
export function pageParams(
  page: number,
  perPage: number,
  filters: { q?: string; status?: ReportStatusFilter } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.status) params.set('status', filters.status);
  if (page !== REPORTS_DEFAULT_PAGE || perPage !== REPORTS_DEFAULT_PER_PAGE) {
    params.set('page', String(page));
    params.set('per_page', String(perPage));
  }
  return params;
}

/** The per-page choice matters once there are more reports than the smallest page holds. */
export const showsPerPage = (totalReports: number) => totalReports > REPORTS_PER_PAGE_OPTIONS[0];

export function Pagination({
  page,
  totalPages,
  perPage,
  onPage,
  onPerPage,
}: {
  page: number;
  totalPages: number;
  /** The page buttons show only when there is more than one page; the per-page choice always. */
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  return (
    <nav
      aria-label="Reports pages"
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      {totalPages > 1 ? (
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          {pageWindow(page, totalPages).map((n) => (
            <Button
              key={n}
              size="sm"
              variant={n === page ? 'primary' : 'ghost'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </Button>
        </div>
      ) : (
        <span aria-hidden="true" />
      )}
      <label className="flex items-center gap-2 text-sm text-slate-600 sm:ml-auto">
        Reports per page
        <select
          value={perPage}
          onChange={(e) => onPerPage(Number(e.target.value))}
          className="rounded-lg border-0 bg-white py-1.5 pl-2 pr-8 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
        >
          {REPORTS_PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
