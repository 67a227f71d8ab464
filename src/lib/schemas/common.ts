import * as z from 'zod';

/** Every error the API answers has this shape; `fields` names the inputs that were wrong. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const uuidSchema = z.uuid({ error: 'Must be an id from this site.' });
