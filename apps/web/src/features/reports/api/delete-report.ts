// DELETE /api/reports/:id: removes the report and every stored file.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkResponseSchema } from '@atr/shared';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export const deleteReport = (id: string) =>
  api.request(`/reports/${encodeURIComponent(id)}`, z.union([OkResponseSchema, z.null(), z.unknown()]), {
    method: 'DELETE',
  });

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSettled: () => client.invalidateQueries({ queryKey: ['reports'] }),
  });
}
