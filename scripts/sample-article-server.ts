/**
 * The web page the store screenshots clip (store/screenshots/sample-article.html), served as a real
 * site would be: at https://slowkitchen.example/…, a made-up host (`.example` is reserved, RFC
 * 2606), so the images show an address a person recognises rather than 127.0.0.1 and a port. The
 * page is served over TLS with a certificate made for this run, on a loopback port, and the
 * browser reaches it through a local CONNECT proxy that answers for that host only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './extension-browser.ts';

const SAMPLE_ARTICLE = path.join(ROOT, 'store', 'screenshots', 'sample-article.html');
export const SAMPLE_HOST = 'slowkitchen.example';
const ARTICLE_PATH = '/articles/keeping-bread-starters-alive';

export interface SampleArticleServer {
  /** The sample article's address. */
  url: string;
  /** The host it is served at, and the local proxy's port a browser reaches it through. */
  site: { hosts: string[]; proxyPort: number };
  close(): Promise<void>;
}

/** A self-signed certificate for the sample host, valid for a day (the browsers are told to take it). */
async function certificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-sample-tls-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-keyout', key, '-out', cert].concat([
        '-subj',
        `/CN=${SAMPLE_HOST}`,
        '-addext',
        `subjectAltName=DNS:${SAMPLE_HOST}`,
      ]),
      { stdio: 'ignore' },
    );
    return { key: await readFile(key), cert: await readFile(cert) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

export async function serveSampleArticle(): Promise<SampleArticleServer> {
  const html = await readFile(SAMPLE_ARTICLE);
  const site = createHttpsServer(await certificate(), (request, response) => {
    if (request.url === ARTICLE_PATH) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  const sitePort = await listen(site);
  // Tunnels `CONNECT slowkitchen.example:443` to the site; any other host is refused (offline run).
  const proxy = createHttpServer((_, response) => response.writeHead(405).end());
  const tunnels = new Set<Socket>();
  proxy.on('connect', (request, client: Socket) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    if (request.url !== `${SAMPLE_HOST}:443`) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(sitePort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const proxyPort = await listen(proxy);
  return {
    url: `https://${SAMPLE_HOST}${ARTICLE_PATH}`,
    site: { hosts: [SAMPLE_HOST], proxyPort },
    close: async () => {
      for (const tunnel of tunnels) tunnel.destroy();
      for (const server of [proxy, site]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
