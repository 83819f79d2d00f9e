import { invalidRequest } from './errors.ts';

/** Small readers for untrusted JSON: ill-typed envelope fields are `cap_invalid_request`. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requireRecord(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw invalidRequest(`${what} must be a JSON object`);
  return value;
}

export function requireString(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string') throw invalidRequest(`"${key}" is required and must be a string`);
  return value;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`"${key}" must be a string`);
  return value;
}

export function optionalBoolean(body: Record<string, unknown>, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidRequest(`"${key}" must be a boolean`);
  return value;
}

export function optionalStringArray(body: Record<string, unknown>, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw invalidRequest(`"${key}" must be an array of strings`);
  }
  return value;
}
