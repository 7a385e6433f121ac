// GET /api/reports?page&limit: one page of the caller's reports; refetched every 5 s while any is processing.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportListResponseSchema, STATUS_POLL_MS } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export const getReports = (page: number, perPage: number) =>
  api.request(`/reports?page=${page}&limit=${perPage}`, ReportListResponseSchema);

export const reportsQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: ['reports', 'list', page, perPage],
    queryFn: () => getReports(page, perPage),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.reports.some((r) => r.status === 'processing') ? STATUS_POLL_MS : false,
  });

export const useReports = (page: number, perPage: number) => useQuery(reportsQueryOptions(page, perPage));
