import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other and into the code: every relative link must reach a file
 * of this repository (not one beside it, which a reader of the repository does not have), and every
 * `#anchor` a heading of the file it points to.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/**
 * Written by other changes of issue #22 and #23/#24 that land beside this one (highlights, capture
 * rules, the names on screen); linked from the README already. Remove each once its file exists.
 */
const COMING = new Set(['docs/highlights.md', 'docs/capture-rules.md', 'docs/names-on-screen.md']);

/** Links written `[text](target)`, outside code spans and blocks. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target = '']) => target);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading = '']) => anchorOf(heading));
}

describe.each(DOCUMENTS)('%s', (document) => {
  const links = linksOf(readFileSync(path.join(ROOT, document), 'utf8')).filter(
    (target) => !/^(https?:|mailto:)/.test(target),
  );

  it('links only to files inside this repository that exist', () => {
    const broken = links
      .map((target) => target.split('#')[0] ?? '')
      .filter((file) => file !== '')
      .filter((file) => {
        const resolved = path.resolve(ROOT, path.dirname(document), decodeURI(file));
        const inside = path.relative(ROOT, resolved);
        if (inside.startsWith('..') || path.isAbsolute(inside)) return true;
        return !existsSync(resolved) && !COMING.has(inside.split(path.sep).join('/'));
      });
    expect(broken).toEqual([]);
  });

  it('links to headings that exist', () => {
    const missing = links
      .filter((target) => target.includes('#'))
      .filter((target) => {
        const [file = '', anchor = ''] = target.split('#');
        const resolved = file === '' ? path.join(ROOT, document) : path.resolve(ROOT, path.dirname(document), file);
        return existsSync(resolved) && resolved.endsWith('.md') && !anchorsIn(resolved).includes(anchor);
      });
    expect(missing).toEqual([]);
  });
});

describe.each(DOCUMENTS)('%s', (document) => {
  it('names no file outside this repository by a relative path (`../…`), which its readers do not have', () => {
    const text = readFileSync(path.join(ROOT, document), 'utf8');
    const outside = [...text.matchAll(/`(\.\.\/[^`\s]+)`/g)]
      .map(([, named = '']) => named)
      .filter((named) => path.relative(ROOT, path.resolve(ROOT, path.dirname(document), named)).startsWith('..'));
    expect(outside).toEqual([]);
  });
});

it('finds the links it checks (a README without links would pass for nothing)', () => {
  expect(linksOf(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
});
