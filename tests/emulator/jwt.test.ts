import { describe, expect, it } from 'vitest';
import { peekJwt, signJwt, verifyJwt } from './jwt.ts';

describe('HS256 JWT', () => {
  it('signs and verifies', () => {
    const token = signJwt({ sub: 'u', exp: 5 }, 'secret');
    expect(token.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(verifyJwt(token, 'secret')).toEqual({ sub: 'u', exp: 5 });
  });

  it('refuses another secret, tampering and other algorithms', () => {
    const token = signJwt({ sub: 'u' }, 'secret');
    expect(verifyJwt(token, 'other')).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from('{"sub":"admin"}').toString('base64url')}.${signature}`;
    expect(verifyJwt(forged, 'secret')).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`;
    expect(verifyJwt(none, 'secret')).toBeNull();
    expect(verifyJwt('not-a-jwt', 'secret')).toBeNull();
  });

  it('peeks without verifying (for logs only)', () => {
    expect(peekJwt(signJwt({ client_id: 'c' }, 'x'))).toEqual({ client_id: 'c' });
    expect(peekJwt('garbage')).toBeNull();
  });
});
