// TanStack Query defaults: one retry, no refetch storms on focus, client errors are not retried.
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
    },
  },
});
