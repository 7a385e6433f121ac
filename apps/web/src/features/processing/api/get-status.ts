// GET /api/status/:id: the processing page's poll ({state, progress, step, error}).
import { StatusResponseSchema } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export const getStatus = (id: string, signal?: AbortSignal) =>
  api.request(`/status/${encodeURIComponent(id)}`, StatusResponseSchema, { signal });
