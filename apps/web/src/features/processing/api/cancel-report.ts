// POST /api/cancel/:id: asks the worker to stop at the next step boundary.
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export const cancelReport = (id: string) =>
  api.request(`/cancel/${encodeURIComponent(id)}`, z.unknown(), { method: 'POST' });
