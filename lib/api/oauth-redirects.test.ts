// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RequestRecorder, startRequestRecorder } from '../../tests/support/request-recorder';
import { discover, refreshTokens, revokeToken } from './oauth';

let attacker: RequestRecorder;
let service: Server;
let serviceUrl: string;

/** A service whose every OAuth endpoint redirects to the attacker's server, keeping the path. */
beforeEach(async () => {
  attacker = await startRequestRecorder();
  service = createServer((request, response) => {
    response.writeHead(307, { location: `${attacker.url}${request.url ?? '/'}` });
    response.end();
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterEach(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
  await attacker.close();
});

describe('OAuth requests over real HTTP', () => {
  it('do not follow a 307 that would repost the refresh token elsewhere', async () => {
    const metadata = {
      issuer: serviceUrl,
      authorization_endpoint: `${serviceUrl}/oauth/authorize`,
      token_endpoint: `${serviceUrl}/oauth/token`,
      revocation_endpoint: `${serviceUrl}/oauth/revoke`,
    };
    await expect(discover(serviceUrl)).rejects.toMatchObject({ code: 'redirected' });
    await expect(
      refreshTokens({ metadata, clientId: 'space-clipper', refreshToken: 'cap-rt-secret' }),
    ).rejects.toMatchObject({ code: 'redirected' });
    await expect(revokeToken({ metadata, clientId: 'space-clipper', token: 'cap-rt-secret' })).rejects.toMatchObject({
      code: 'redirected',
    });
    expect(attacker.requests).toEqual([]);
  });
});
