import { z } from 'zod';
import { ERROR_KEYS, type TApiError } from './error-keys.ts';

const ZErrorKey = z.enum(ERROR_KEYS);
const ZValues = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The body of every error answer (`TApiError`) as a schema: the OpenAPI document's `ApiError`. Kept apart from
 * error-keys.ts so that the console's first screens, which only need the keys, do not load zod for it.
 */
export const ZApiError = z.object({
  key: ZErrorKey,
  /** Field-level errors: field path → error key. */
  fields: z.record(z.string(), ZErrorKey).optional(),
  /** Values to embed in the translated message. */
  params: ZValues.optional(),
  /** Values to embed in one field's message: field path → values. */
  fieldParams: z.record(z.string(), ZValues).optional(),
}) satisfies z.ZodType<TApiError>;
