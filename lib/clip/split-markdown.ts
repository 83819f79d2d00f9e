/**
 * Splitting Markdown that is too large for one request into ordered parts of at most `maxBytes`
 * of UTF-8. Parts end at block boundaries (blank lines outside fenced code), so joining them with
 * "\n\n" gives the original back. Only a single block larger than the limit is cut: a fenced
 * code block into smaller fenced blocks repeating its fence, a table into smaller tables
 * repeating its header row, anything else at a line end, else a space, else between characters
 * (never inside a surrogate pair).
 */

const FENCE = /^((?:[ \t]*>)*[ \t]*)(`{3,}|~{3,})/;
// A GFM table's delimiter row (`| --- | :-: |`), the line below its header row.
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

function codePointBytes(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) bytes += codePointBytes(char.codePointAt(0) ?? 0);
  return bytes;
}

/** The longest prefix of `text` within `maxBytes` (≥ 4), preferably ending at a line end or space. */
function prefixWithin(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += codePointBytes(char.codePointAt(0) ?? 0);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  if (end >= text.length) return text;
  const head = text.slice(0, end);
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  return cut > 0 ? head.slice(0, cut) : head;
}

/** Cuts text into pieces within `maxBytes`, dropping the line end or space at each cut. */
function cutText(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  for (let rest = text; rest; ) {
    const piece = prefixWithin(rest, maxBytes);
    pieces.push(piece);
    rest = rest.slice(piece.length).replace(/^[ \n]/, '');
  }
  return pieces;
}

/** A fenced block too large for one part, as several fenced blocks each within the limit. */
function cutFencedBlock(block: string, maxBytes: number): string[] {
  const lines = block.split('\n');
  const open = lines.shift() ?? '';
  const last = lines[lines.length - 1];
  // An unclosed fence runs to the end of the document; its pieces get a closing fence.
  const close = last !== undefined && FENCE.test(last) ? (lines.pop() ?? '') : (FENCE.exec(open)?.[0] ?? '```');
  const budget = maxBytes - utf8Length(open) - utf8Length(close) - 2;
  if (budget < 4) return cutText(block, maxBytes);
  const pieces: string[] = [];
  let body: string[] = [];
  let bodyBytes = -1;
  for (const line of lines) {
    for (const piece of utf8Length(line) > budget ? cutText(line, budget) : [line]) {
      const bytes = utf8Length(piece) + 1;
      if (body.length > 0 && bodyBytes + bytes > budget) {
        pieces.push([open, ...body, close].join('\n'));
        body = [];
        bodyBytes = -1;
      }
      body.push(piece);
      bodyBytes += bytes;
    }
  }
  pieces.push([open, ...body, close].join('\n'));
  return pieces;
}

function isTable(block: string): boolean {
  const [header = '', delimiter = ''] = block.split('\n', 2);
  return header.includes('|') && delimiter.includes('-') && TABLE_DELIMITER.test(delimiter);
}

/** A table too large for one part, as several tables each with its header and delimiter rows. */
function cutTable(block: string, maxBytes: number): string[] {
  const [header = '', delimiter = '', ...rows] = block.split('\n');
  const head = `${header}\n${delimiter}`;
  const budget = maxBytes - utf8Length(head) - 1;
  if (budget < 4) return cutText(block, maxBytes);
  const pieces: string[] = [];
  let body: string[] = [];
  let bodyBytes = -1;
  for (const row of rows) {
    // A single row beyond a part cannot stay a row; its text is kept all the same.
    for (const piece of utf8Length(row) > budget ? cutText(row, budget) : [row]) {
      const bytes = utf8Length(piece) + 1;
      if (body.length > 0 && bodyBytes + bytes > budget) {
        pieces.push([head, ...body].join('\n'));
        body = [];
        bodyBytes = -1;
      }
      body.push(piece);
      bodyBytes += bytes;
    }
  }
  pieces.push([head, ...body].join('\n'));
  return pieces;
}

function cutBlock(block: string, maxBytes: number): string[] {
  if (FENCE.test(block)) return cutFencedBlock(block, maxBytes);
  if (isTable(block)) return cutTable(block, maxBytes);
  return cutText(block, maxBytes);
}

/** Blocks separated by blank lines outside fenced code; joining with "\n\n" restores the text. */
function blocksOf(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const match = FENCE.exec(line);
    if (match?.[2] && fence === null) fence = match[2];
    else if (match?.[2] && fence !== null) {
      const marker = match[2];
      if (marker[0] === fence[0] && marker.length >= fence.length && !line.slice(match[0].length).trim()) fence = null;
    } else if (fence === null && line === '' && current.length > 0) {
      blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
  }
  blocks.push(current.join('\n'));
  return blocks;
}

export function splitMarkdown(markdown: string, maxBytes: number): string[] {
  if (!(maxBytes >= 16)) throw new RangeError(`maxBytes must be at least 16, got ${maxBytes}`);
  if (!markdown) return [];
  const parts: string[] = [];
  let current: string | null = null;
  let currentBytes = 0;
  for (const block of blocksOf(markdown)) {
    const bytes = utf8Length(block);
    if (current !== null && currentBytes + 2 + bytes <= maxBytes) {
      current += `\n\n${block}`;
      currentBytes += 2 + bytes;
      continue;
    }
    if (current !== null) parts.push(current);
    const pieces = bytes <= maxBytes ? [block] : cutBlock(block, maxBytes);
    current = pieces.pop() ?? '';
    currentBytes = utf8Length(current);
    parts.push(...pieces);
  }
  if (current !== null) parts.push(current);
  return parts;
}
