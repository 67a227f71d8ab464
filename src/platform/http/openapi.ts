import * as z from 'zod';
import { errorBodySchema } from './common.schema';

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

const binary = z.string().meta({ format: 'binary' });

/** The OpenAPI content entry of a file sent or answered as raw bytes, one entry per media type. */
export const binaryContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: binary }]));
