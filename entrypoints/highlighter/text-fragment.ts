/**
 * A page address that scrolls to a passage and marks it: a text fragment
 * (https://wicg.github.io/scroll-to-text-fragment/), `#:~:text=[prefix-,]textStart[,textEnd][,-suffix]`.
 * A short passage is quoted whole; a long one, or one over several blocks (a text directive's
 * single term does not match across blocks), by its first and last words. The words just before
 * and after, from the same block, tell a repeated passage apart.
 */

/** A passage of this many words or fewer is quoted whole. */
const WHOLE_WORDS = 8;
/** Words that open and close a longer passage, at least. */
const END_WORDS = 4;
/** Words of context on each side. */
const CONTEXT_WORDS = 3;

export interface FragmentPassage {
  /** The passage, white space collapsed, with a line break between blocks. */
  text: string;
  /** The text of its first block before it, and of its last block after it. */
  before: string;
  after: string;
}

/** A text directive's term: percent-encoded, `-`, `,` and `&` included (they delimit the directive). */
export function encodeTerm(term: string): string {
  return encodeURIComponent(term).replace(/-/g, '%2D');
}

const wordsOf = (text: string) => text.split(/\s+/).filter((word) => word.length > 0);

/** The text directive (without `text=`) for a passage. */
export function textDirective(passage: FragmentPassage): string {
  const blocks = passage.text
    .split('\n')
    .map(wordsOf)
    .filter((words) => words.length > 0);
  const all = blocks.flat();
  const terms: string[] = [];
  const before = wordsOf(passage.before).slice(-CONTEXT_WORDS);
  const after = wordsOf(passage.after).slice(0, CONTEXT_WORDS);
  if (before.length > 0) terms.push(`${encodeTerm(before.join(' '))}-`);
  if (blocks.length <= 1 && all.length <= WHOLE_WORDS) {
    terms.push(encodeTerm(all.join(' ')));
  } else {
    const first = blocks[0] ?? [];
    const last = blocks[blocks.length - 1] ?? [];
    const whole = all.join(' ');
    let count = Math.min(END_WORDS, first.length);
    const start = first.slice(0, count).join(' ');
    // The end term is matched at its first occurrence after the start: it must not occur earlier.
    count = Math.min(END_WORDS, last.length);
    let end = last.slice(-count).join(' ');
    while (count < last.length && whole.indexOf(end, start.length) < whole.length - end.length) {
      count += 1;
      end = last.slice(-count).join(' ');
    }
    terms.push(encodeTerm(start), encodeTerm(end));
  }
  if (after.length > 0) terms.push(`-${encodeTerm(after.join(' '))}`);
  return terms.join(',');
}

/** The page's address (its own fragment kept, an earlier text directive dropped) with the passage's. */
export function textFragmentUrl(pageUrl: string, passage: FragmentPassage): string {
  const base = pageUrl.replace(/:~:.*$/, '');
  const joiner = base.includes('#') ? '' : '#';
  return `${base}${joiner}:~:text=${textDirective(passage)}`;
}
