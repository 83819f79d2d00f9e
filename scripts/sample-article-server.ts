/**
 * The web page the store screenshots clip (store/screenshots/sample-article.html), served at an
 * article's address on a free loopback port; nothing else.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from './extension-browser.ts';

const SAMPLE_ARTICLE = path.join(ROOT, 'store', 'screenshots', 'sample-article.html');
const ARTICLE_PATH = '/articles/keeping-bread-starters-alive';

export interface SampleArticleServer {
  /** The sample article's address. */
  url: string;
  close(): Promise<void>;
}

export async function serveSampleArticle(): Promise<SampleArticleServer> {
  const html = await readFile(SAMPLE_ARTICLE);
  const server = createServer((request, response) => {
    if (request.url === ARTICLE_PATH) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${ARTICLE_PATH}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
