import type { MiddlewareHandler } from 'hono';
import type { EmulatorContext } from './context.ts';
import type { AppEnv } from './http.ts';
import { ReferenceViolation } from './violations.ts';

/**
 * The live service's API-version header (../shared/spec/published-reference.md: `X-`, the
 * service's product name, `-Api-Version`; value `1.0.0`). The reference does not say whether it is
 * required, nor the product's name: the published profile requires the header only when told its
 * name (`startEmulator({ requireVersionHeader })`, `--require-version-header NAME`, or a reset with
 * `requireVersionHeader`), and then refuses an API request without it as a violation.
 */

/** The name under which this emulator, standing in for Workspace Notes, knows the header: CORS preflights allow it. */
export const VERSION_HEADER = 'X-Workspace-Notes-Api-Version';

/** A header name as HTTP allows it (RFC 9110 token), for the options that name one. */
export function isHeaderName(value: unknown): value is string {
  return typeof value === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value);
}

/** Runs before the published profile's other API middleware: the header, when it is required. */
export function versionHeaderCheck(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const name = ctx.requireVersionHeader;
    if (name && !c.req.header(name)?.trim()) {
      throw new ReferenceViolation('cap_invalid_input', `The ${name} header is required (the API version, e.g. 1.0.0)`);
    }
    await next();
  };
}
