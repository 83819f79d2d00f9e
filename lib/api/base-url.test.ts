import { describe, expect, it } from 'vitest';
import { buildUrl, isLoopbackHost, normalizeBaseUrl } from './base-url';
import { InvalidInputError } from './errors';

describe('normalizeBaseUrl', () => {
  it('keeps a path prefix and drops trailing slashes', () => {
    expect(normalizeBaseUrl('https://api.example/v1/')).toBe('https://api.example/v1');
    expect(normalizeBaseUrl(' https://api.example ')).toBe('https://api.example');
  });

  it('allows plain http only on loopback hosts', () => {
    expect(normalizeBaseUrl('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(normalizeBaseUrl('http://localhost:8787/')).toBe('http://localhost:8787');
    expect(() => normalizeBaseUrl('http://api.example')).toThrow(/https/);
  });

  it('refuses non-URLs, other schemes, credentials, queries and fragments', () => {
    for (const bad of [
      'api.example',
      'ftp://api.example',
      'https://u:p@api.example',
      'https://a.example?x=1',
      'https://a.example#x',
    ]) {
      expect(() => normalizeBaseUrl(bad)).toThrow(InvalidInputError);
    }
  });

  it('knows the loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['127.example', '10.0.0.1', 'localhost.example'].some(isLoopbackHost)).toBe(false);
  });
});

describe('buildUrl', () => {
  it('appends the path under the prefix and encodes query values, skipping undefined ones', () => {
    expect(buildUrl('https://api.example/v1', '/object', { id: 'a b&c', hardDelete: true, cursor: undefined })).toBe(
      'https://api.example/v1/object?id=a+b%26c&hardDelete=true',
    );
    expect(buildUrl('http://127.0.0.1:8787', '/space')).toBe('http://127.0.0.1:8787/space');
  });
});
