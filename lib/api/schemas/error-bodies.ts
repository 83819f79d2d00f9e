import { z } from 'zod/mini';
import { unionOf } from './lean-kinds';

/** An API error body, normalised; both fields may be missing. */
export interface ApiErrorBody {
  code: string | undefined;
  message: string | undefined;
}

/**
 * The emulator sends `{ error: { code, message } }`; the other accepted shapes are listed in
 * tests/emulator/README.md, decisions table ("JSON shape of an API error"). A non-JSON body is
 * handled by the client (the status alone decides the error class).
 */
export const apiErrorBodySchema: z.ZodMiniType<ApiErrorBody> = unionOf([
  z.pipe(
    z.object({ error: z.object({ code: z.optional(z.string()), message: z.optional(z.string()) }) }),
    z.transform(({ error }) => ({ code: error.code, message: error.message })),
  ),
  z.pipe(
    z.object({ error: z.string(), message: z.optional(z.string()), error_description: z.optional(z.string()) }),
    z.transform((body) => ({ code: body.error, message: body.message ?? body.error_description })),
  ),
  z.pipe(
    z.object({ code: z.string(), message: z.optional(z.string()) }),
    z.transform((body) => ({ code: body.code, message: body.message })),
  ),
]);

/** RFC 6749 §5.2 error response. */
export const oauthErrorBodySchema = z.object({
  error: z.string().check(z.minLength(1)),
  error_description: z.optional(z.string()),
});
