// GET /api/status/:id: the processing page's poll ({state, progress, step, error}), never left waiting for good.
import { STATUS_REQUEST_TIMEOUT_MS, StatusResponseSchema } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export const getStatus = (id: string, signal?: AbortSignal) =>
  api.request(`/status/${encodeURIComponent(id)}`, StatusResponseSchema, {
    signal,
    // A request that hangs (a dead connection the browser has not noticed) fails, so the page says so and asks again.
    timeoutMs: STATUS_REQUEST_TIMEOUT_MS,
  });
