import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { packFirefoxExtension } from '../../scripts/extension-browser.ts';
import { workerBuild } from './env';

/**
 * The builds of workers 1…n-1, derived from worker 0's: a copy with the emulator's address put in
 * place of worker 0's. The API base URL is the only thing an e2e build takes from its port (the
 * host permission is `http://127.0.0.1/*`, port-less), and the build holds it only as that literal
 * text, so the copy is what `wxt build` makes for the other port, byte for byte (checked once by
 * building both and comparing; `assertOnlyLiteral` keeps checking the premise on every run), in
 * well under a second instead of a build per browser and worker.
 */
export async function deriveWorkerBuilds(workers: number): Promise<void> {
  const first = workerBuild(0);
  for (let index = 1; index < workers; index += 1) {
    const build = workerBuild(index);
    for (const [from, to] of [
      [first.chromeDir, build.chromeDir],
      [first.firefoxDir, build.firefoxDir],
    ] as const) {
      await rm(to, { recursive: true, force: true });
      await cp(from, to, { recursive: true });
      await replaceInBuild(to, first.apiBaseUrl, build.apiBaseUrl, String(first.port));
    }
    packFirefoxExtension(build.firefoxDir);
  }
}

async function replaceInBuild(dir: string, from: string, to: string, port: string): Promise<void> {
  let replaced = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|html|json)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    const parts = text.split(from);
    assertOnlyLiteral(parts, port, file);
    if (parts.length === 1) continue;
    replaced += parts.length - 1;
    await writeFile(file, parts.join(to));
  }
  if (replaced === 0) throw new Error(`${dir} does not hold the address ${from}: was it built for another port?`);
}

/** The port may appear nowhere but in the address: else the build uses it in a form this copy would miss. */
function assertOnlyLiteral(partsAroundAddress: string[], port: string, file: string): void {
  if (partsAroundAddress.some((part) => part.includes(port))) {
    throw new Error(`${file} names port ${port} outside the address: build each worker instead of deriving it`);
  }
}
