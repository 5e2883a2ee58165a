import { z } from 'zod';

/** The body of every non-2xx answer. */
export const ApiError = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiError>;
