// GET /api/config: operator facts for the legal pages and the footer's external links.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicConfigSchema } from '@atr/shared';
import { api } from './api.ts';

export const getPublicConfig = () => api.request('/config', PublicConfigSchema);

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
