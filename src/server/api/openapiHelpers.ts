import type * as z from 'zod';
import { errorBodySchema } from '~/lib/schemas/common';

/** OpenAPI response entries for error statuses, all with the one error body. */
export function errorResponses(...codes: number[]) {
  return Object.fromEntries(
    codes.map((code) => [
      code,
      { description: 'Error', content: { 'application/json': { schema: errorBodySchema } } },
    ]),
  );
}

/** The OpenAPI content entry of a JSON body or answer. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
