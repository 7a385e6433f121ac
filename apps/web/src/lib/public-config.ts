// GET /api/config: operator facts for the legal pages and the footer's external links.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

// Read by the footer of every page: its schema (and zod) loads with the answer, not before first paint.
export const getPublicConfig = async () =>
  api.request('/config', (await import('@atr/shared/schemas/public-config')).PublicConfigSchema);

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
