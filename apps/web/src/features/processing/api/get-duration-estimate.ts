// GET /api/reports/:id/duration-estimate: how long the rest of this report should take, from the measured step
// durations of recent reports (or a first guess when there are none yet).
import { useQuery } from '@tanstack/react-query';
import { DurationEstimateSchema } from '@atr/shared';
import { api } from '../../../lib/api.ts';

/** Asked again this often while the report runs, so the estimate follows the real steps. */
const ESTIMATE_REFRESH_MS = 15_000;

export const getDurationEstimate = (id: string, signal?: AbortSignal) =>
  api.request(`/reports/${encodeURIComponent(id)}/duration-estimate`, DurationEstimateSchema, { signal });

/** The estimate while the report runs; a new step asks again at once. */
export const useDurationEstimate = (id: string, step: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['duration-estimate', id, step ?? ''],
    queryFn: ({ signal }) => getDurationEstimate(id, signal),
    enabled,
    refetchInterval: ESTIMATE_REFRESH_MS,
    placeholderData: (previous) => previous,
    retry: 1,
  });
