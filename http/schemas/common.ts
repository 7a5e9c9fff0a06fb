import { z } from 'zod';

/** The JSON body of every error answer; some errors add fields of their own (retry_after, details). */
export const ErrorBodySchema = z
  .object({
    error: z.string().meta({ example: 'not_found' }),
    message: z.string(),
    request_id: z.string().optional(),
  })
  .loose()
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
