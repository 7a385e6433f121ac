// DELETE /api/reports/:id: removes the report and every stored file.
import { OkResponseSchema } from '@atr/shared';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** `keepalive` lets the request finish when the page is being closed. */
export const deleteReport = (id: string, keepalive = false) =>
  api.request(`/reports/${encodeURIComponent(id)}`, z.union([OkResponseSchema, z.null(), z.unknown()]), {
    method: 'DELETE',
    keepalive,
  });
