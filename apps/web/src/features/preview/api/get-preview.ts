// GET /api/reports/:id/preview: the first 5 pages as a base64 PDF, or 404 'PDF file not found' while it is not written yet.
import { PreviewResponseSchema } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export const getPreview = (id: string, signal?: AbortSignal) =>
  api.request(`/reports/${encodeURIComponent(id)}/preview`, PreviewResponseSchema, { signal });
