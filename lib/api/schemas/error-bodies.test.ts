import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, oauthErrorBodySchema } from './error-bodies';

describe('apiErrorBodySchema', () => {
  const normalised = { code: 'cap_invalid_input', message: 'bad date' };

  it('reads the emulator shape { error: { code, message } }', () => {
    expect(apiErrorBodySchema.parse({ error: normalised })).toEqual(normalised);
  });

  it('reads every accepted variant (README decisions table) into { code, message }', () => {
    expect(apiErrorBodySchema.parse({ code: 'cap_invalid_input', message: 'bad date' })).toEqual(normalised);
    expect(apiErrorBodySchema.parse({ error: 'cap_invalid_input', message: 'bad date' })).toEqual(normalised);
    expect(apiErrorBodySchema.parse({ error: 'cap_invalid_input', error_description: 'bad date' })).toEqual(normalised);
  });

  it('leaves missing parts undefined', () => {
    expect(apiErrorBodySchema.parse({ error: {} })).toEqual({ code: undefined, message: undefined });
    expect(apiErrorBodySchema.parse({ error: 'cap_forbidden' })).toEqual({ code: 'cap_forbidden', message: undefined });
  });

  it('rejects bodies that are none of the shapes', () => {
    expect(apiErrorBodySchema.safeParse({ message: 'only a message' }).success).toBe(false);
    expect(apiErrorBodySchema.safeParse('<html>').success).toBe(false);
  });
});

describe('oauthErrorBodySchema', () => {
  it('reads an RFC 6749 error and requires a non-empty error code', () => {
    expect(oauthErrorBodySchema.parse({ error: 'invalid_grant', error_description: 'used' })).toEqual({
      error: 'invalid_grant',
      error_description: 'used',
    });
    expect(oauthErrorBodySchema.safeParse({ error: '' }).success).toBe(false);
    expect(oauthErrorBodySchema.safeParse({ error_description: 'x' }).success).toBe(false);
  });
});
