import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that reached the recorder. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export interface RequestRecorder {
  /** `http://127.0.0.1:PORT`: a loopback address every build may send to, like the emulator's. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A local server that stands for "another origin" an attacker would like tokens sent to: it
 * answers every request with 404 and records it (method, path, Authorization header, body).
 */
export async function startRequestRecorder(): Promise<RequestRecorder> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      response.end('{"error":"not_found"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
