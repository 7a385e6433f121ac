// The JSON body of every /api error response.
import { z } from 'zod';

export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  message: z.string(),
  statusCode: z.number().int(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
