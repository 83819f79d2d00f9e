/**
 * A static server for the web pages the demo and the end-to-end tests clip: `tests/fixtures/` at
 * `/`, and the shared corpus of real pages (when present beside the project) at `/corpus/`.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from './extension-browser.ts';

export const FIXTURES_DIR = path.join(ROOT, 'tests', 'fixtures');
export const CORPUS_DIR = path.resolve(ROOT, '..', 'shared', 'corpus');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
};

export interface FixtureServer {
  url: string;
  close(): Promise<void>;
}

export async function startFixtureServer(port = 0): Promise<FixtureServer> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://fixtures').pathname);
    const [root, rest] = pathname.startsWith('/corpus/')
      ? [CORPUS_DIR, pathname.slice('/corpus/'.length)]
      : [FIXTURES_DIR, pathname.slice(1)];
    const file = path.join(root, rest.endsWith('/') || rest === '' ? `${rest}index.html` : rest);
    // Never serve outside the two folders.
    if (!file.startsWith(root + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
