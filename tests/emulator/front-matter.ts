import { invalidInput } from './errors.ts';

/**
 * YAML front matter at the start of Markdown (`---`, `key: value` lines, `---`), as the published
 * `PATCH /object/markdown` reads it. Only the flat subset that maps onto properties is understood:
 * scalars (strings, quoted or not, numbers, true/false, null) and lists of strings (`[a, b]` or
 * `- a` lines below the key). Anything else is `cap_invalid_input` naming the line.
 */

export type FrontMatterValue = string | number | boolean | null | string[];

export interface SplitMarkdown {
  /** Entries in the order written; empty when there is no front matter. */
  entries: [string, FrontMatterValue][];
  /** The Markdown after the front matter. */
  body: string;
}

const FENCE = /^---[ \t]*$/;
const ENTRY = /^([A-Za-z0-9_][\w .-]*?)[ \t]*:(?:[ \t]+(.*))?$/;
const ITEM = /^[ \t]+-[ \t]+(.*)$/;

function unquote(text: string): string {
  const quoted = /^"(.*)"$|^'(.*)'$/.exec(text);
  if (!quoted) return text;
  return quoted[1] !== undefined ? quoted[1].replace(/\\(["\\])/g, '$1') : (quoted[2] ?? '').replace(/''/g, "'");
}

function scalar(raw: string): FrontMatterValue {
  const text = raw.replace(/[ \t]+#.*$/, '').trim();
  if (text === '' || text === 'null' || text === '~') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1).trim();
    return inner === '' ? [] : inner.split(',').map((item) => unquote(item.trim()));
  }
  return unquote(text);
}

export function splitFrontMatter(markdown: string): SplitMarkdown {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  if (!FENCE.test(lines[0] ?? '')) return { entries: [], body: markdown };
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end < 0) throw invalidInput('front matter: no closing "---" line');
  const entries: [string, FrontMatterValue][] = [];
  for (let index = 1; index < end; index++) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const item = ITEM.exec(line);
    const last = entries[entries.length - 1];
    if (item && last && (last[1] === null || Array.isArray(last[1]))) {
      last[1] = [...(last[1] ?? []), unquote((item[1] ?? '').trim())];
      continue;
    }
    const entry = ENTRY.exec(line);
    if (!entry) throw invalidInput(`front matter line ${index + 1} is not "key: value": ${JSON.stringify(line)}`);
    entries.push([entry[1] ?? '', scalar(entry[2] ?? '')]);
  }
  return { entries, body: lines.slice(end + 1).join('\n') };
}
