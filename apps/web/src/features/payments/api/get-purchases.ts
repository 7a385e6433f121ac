// GET /api/purchases: the caller's purchase history, kept by the server (the browser copy is only a cache).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PurchaseListSchema } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export const getPurchases = () => api.request('/purchases', PurchaseListSchema);

export const purchasesQueryOptions = () => queryOptions({ queryKey: ['purchases'], queryFn: getPurchases, staleTime: 0 });

export const usePurchases = () => useQuery(purchasesQueryOptions());
