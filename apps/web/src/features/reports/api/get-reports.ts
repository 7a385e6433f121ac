// GET /api/reports?page&per_page&q&status: one page of the caller's reports, searched and filtered on the server;
// refetched every 5 s while any is processing.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ReportListResponseSchema,
  STATUS_POLL_MS,
  type ReportListQuery,
  type ReportStatusFilter,
} from '@atr/shared';
import { api } from '../../../lib/api.ts';

export interface ReportsView {
  page: number;
  perPage: number;
  q?: string;
  status?: ReportStatusFilter;
}

/** The query string, named as the shared schema names it. */
export function reportsSearch({ page, perPage, q, status }: ReportsView): string {
  const query: Record<keyof ReportListQuery, string | undefined> = {
    page: String(page),
    per_page: String(perPage),
    limit: undefined,
    q: q?.trim() || undefined,
    status: status || undefined,
  };
  return new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
}

export const getReports = (view: ReportsView) =>
  api.request(`/reports?${reportsSearch(view)}`, ReportListResponseSchema);

export const reportsQueryOptions = (view: ReportsView) =>
  queryOptions({
    queryKey: ['reports', 'list', view.page, view.perPage, view.q ?? '', view.status ?? ''],
    queryFn: () => getReports(view),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.reports.some((r) => r.status === 'processing') ? STATUS_POLL_MS : false,
  });

export const useReports = (view: ReportsView) => useQuery(reportsQueryOptions(view));
