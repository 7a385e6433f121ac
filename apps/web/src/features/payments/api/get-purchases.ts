// GET /api/purchases: the caller's purchase history, kept by the server; atr_downloads_{userId} only caches it for a fast first paint.
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PurchaseListSchema, storageKeys, type Purchase } from '@atr/shared';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-context.tsx';

export const getPurchases = () => api.request('/purchases', PurchaseListSchema);

export const purchasesQueryOptions = () =>
  queryOptions({ queryKey: ['purchases'], queryFn: getPurchases, staleTime: 0 });

function readCache(userId: string | undefined): { purchases: Purchase[] } | undefined {
  if (!userId) return undefined;
  try {
    const parsed = PurchaseListSchema.safeParse({
      purchases: JSON.parse(localStorage.getItem(storageKeys.downloads(userId)) ?? 'null'),
    });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function usePurchases() {
  const { user } = useAuth();
  const query = useQuery({ ...purchasesQueryOptions(), placeholderData: () => readCache(user?.id) });
  useEffect(() => {
    if (!user?.id || !query.data || query.isPlaceholderData) return;
    try {
      localStorage.setItem(storageKeys.downloads(user.id), JSON.stringify(query.data.purchases));
    } catch {
      /* storage full or unavailable: the server stays the source */
    }
  }, [query.data, query.isPlaceholderData, user?.id]);
  return query;
}
