import type { Hono, MiddlewareHandler } from 'hono';
import type { EmulatorContext } from './context.ts';
import type { ApiError } from './errors.ts';
import type { AppEnv } from './http.ts';

/**
 * A profile is one way of answering the API. `spec` follows the spec word for word, with the
 * emulator's guesses where it says "not shown"; `published` behaves as the live service's
 * published reference describes (../shared/spec/published-reference.md). Routes, error bodies
 * and the answer to an unknown route come from the active profile; state is shared.
 */

export const PROFILE_NAMES = ['spec', 'published'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export const DEFAULT_PROFILE: ProfileName = 'spec';

export function isProfileName(value: unknown): value is ProfileName {
  return (PROFILE_NAMES as readonly unknown[]).includes(value);
}

export interface ApiProfile {
  readonly name: ProfileName;
  /** Registers the profile's API routes on an app. */
  installRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void;
  /** Runs before every API request (not OAuth, not the controls), before the body limit. */
  apiMiddleware?(ctx: EmulatorContext): MiddlewareHandler<AppEnv>;
  /** An API error as this profile's JSON body. */
  errorBody(error: ApiError): unknown;
  /** What a request to a route this profile does not serve raises. */
  unknownRoute(method: string, path: string): ApiError;
}
