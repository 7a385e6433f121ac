// GET /api/reports/:id: one report with pricing and what the caller has paid for; polled while it is processing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_NOT_FOUND_RETRY_MS, ReportDetailSchema, STATUS_POLL_MS } from '@atr/shared';
import { api } from '../../../lib/api.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';

export const getReport = (id: string) =>
  api.request(`/reports/${encodeURIComponent(id)}`, ReportDetailSchema);

export const reportQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['reports', 'detail', id], queryFn: () => getReport(id), staleTime: 0 });

/** Spec §4: one retry after 2 s when the report is not found (or the server stumbles), then the error shows. */
export const useReport = (id: string, enabled = true) =>
  useQuery({
    ...reportQueryOptions(id),
    enabled,
    retry: (count, error) =>
      count < 1 && (!(error instanceof ApiRequestError) || error.status === 404 || error.status >= 500),
    retryDelay: REPORT_NOT_FOUND_RETRY_MS,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? STATUS_POLL_MS : false),
  });
