// GET /api/config: operator facts for the legal pages and the footer's external links.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicConfigParser } from '@atr/shared';
import { api } from './api.ts';

// Read by every page's footer: a zod-free parser, so the first visit downloads no zod (decision 022).
export const getPublicConfig = () => api.request('/config', PublicConfigParser);

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
