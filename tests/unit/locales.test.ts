import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../wxt.config.ts';

/**
 * Every language the extension ships (issue #14.4) says everything English says, with every value
 * a message is given: a key missing from a locale shows that language the English text, and a
 * placeholder lost in translation shows `$NAME$` raw or drops the value (a title, a space's name).
 */

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../public/_locales');
/** Issue #14.4: at least these; a new language only needs its folder. */
const REQUIRED_LOCALES = ['en', 'de', 'fr', 'es', 'ja', 'zh_CN', 'pt_BR'];
/** AMO takes 50 characters of (localised) name, the Chrome Web Store 75; both 132 of description. */
const MAX_NAME_LENGTH = 50;
const MAX_DESCRIPTION_LENGTH = 132;
/**
 * A translation may keep a few short messages as English has them ("Tags", "Link", a sample
 * author's name); more than this share is a copy of the English file, not a translation.
 */
const MAX_SHARE_AS_IN_ENGLISH = 0.05;
/** No two languages write a sentence of this many words the same way: such a copy was never translated. */
const MAX_WORDS_AS_IN_ENGLISH = 2;
/**
 * Names that stay as they are in every language (docs/words.md), so they do not make a message
 * "translatable" nor count as English left in a translation. Each is here for a reason:
 */
const NAMES = [
  // the product and the service it clips into: brand names, never translated
  'Space Clipper',
  'Workspace Notes',
  // the sign-in protocol's name, shown beside the client id field
  'OAuth',
  // the notes' format, a proper name
  'Markdown',
  // the start every personal token has, typed exactly so
  'cap-api-',
  // the acronym every language writes so ("API-Token", "jeton d’API"), as the service does
  'API',
  // the sample author and site of the notes preview: names, not words
  'Ada Lovelace',
  'Example Journal',
  // the date and time forms the date fields read, written as a person has to type them
  'YYYY-MM-DD',
  'hh:mm',
  // a page's meta tag, named in the capture rules editor as a person types it in a rule
  'citation_title',
];
/** This many words in a row as English has them, inside a translation, are an English phrase left in it. */
const MAX_RUN_AS_IN_ENGLISH = 3;

interface Message {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
type Messages = Record<string, Message>;

const readMessages = (locale: string): Messages =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as Messages;

const locales = readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const english = readMessages('en');
const translations = locales.filter((locale) => locale !== 'en');

/** The `$NAME$` placeholders a text uses, matched by name case-insensitively as the browsers do. */
function placeholdersUsed(text: string): string[] {
  return [...new Set([...text.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map(([, name = '']) => name.toLowerCase()))].sort();
}

/** Each declared placeholder's name (lower case) and the substitution it stands for. */
function placeholdersDeclared(message: Message): Record<string, string> {
  return Object.fromEntries(
    Object.entries(message.placeholders ?? {})
      .map(([name, { content }]) => [name.toLowerCase(), content] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The words of a text a translator would translate: not its placeholders, addresses or product names. */
function translatableWords(text: string): string[] {
  const rest = NAMES.reduce(
    (remaining, name) => remaining.replaceAll(name, ' '),
    text
      .replace(/\$[A-Za-z0-9_@]+\$/g, ' ')
      .replace(/\b[a-z]+:\/\/\S*/g, ' ')
      // a notes template's placeholders, {{title}}, typed exactly so in every language
      .replace(/\{\{\w+\}\}/g, ' '),
  );
  return rest.match(/\p{L}{2,}/gu) ?? [];
}

/** The first run of more than MAX_RUN_AS_IN_ENGLISH words that `translation` writes as `english` does. */
function englishRunIn(translation: string, english: string): string | undefined {
  const words = (text: string) => translatableWords(text).map((word) => word.toLowerCase());
  const ours = ` ${words(translation).join(' ')} `;
  const theirs = words(english);
  for (let start = 0; start + MAX_RUN_AS_IN_ENGLISH < theirs.length; start += 1) {
    const run = theirs.slice(start, start + MAX_RUN_AS_IN_ENGLISH + 1).join(' ');
    if (ours.includes(` ${run} `)) return run;
  }
  return undefined;
}

/**
 * English words a translation quotes as English has them ("choose „Approve“"): a button or term
 * left untranslated. Quotes around a placeholder (a title, a tag) hold a value, not words.
 */
function englishQuotedIn(translation: string, english: string): string[] {
  const englishWords = new Set(translatableWords(english).map((word) => word.toLowerCase()));
  const quoted = [...translation.matchAll(/[„“"«「]\s*([^“”"»」$]+?)\s*[“”"»」]/g)].map(([, inside = '']) => inside);
  return quoted.filter((inside) => {
    const words = translatableWords(inside);
    return words.length > 0 && words.every((word) => englishWords.has(word.toLowerCase()));
  });
}

/** The names in the manifest's `__MSG_name__` references, for the browser the manifest is built for. */
async function manifestMessages(
  browser: 'chrome' | 'firefox',
): Promise<{ name: string; description: string; all: string[] }> {
  const manifest =
    typeof config.manifest === 'function'
      ? await config.manifest({ browser, mode: 'production', command: 'build', manifestVersion: 3 })
      : await config.manifest;
  const messageName = (value: unknown) => /^__MSG_(\w+)__$/.exec(String(value))?.[1] ?? `(not a message: ${value})`;
  return {
    name: messageName(manifest?.name),
    description: messageName(manifest?.description),
    all: [...JSON.stringify(manifest).matchAll(/__MSG_(\w+)__/g)].map(([, name = '']) => name),
  };
}

it('ships English and every language the issue asks for', () => {
  expect(locales).toEqual(expect.arrayContaining(REQUIRED_LOCALES));
});

describe.each(locales)('the %s messages', (locale) => {
  const messages = readMessages(locale);

  it('have no empty text', () => {
    expect(Object.keys(messages).filter((key) => !messages[key]?.message.trim())).toEqual([]);
  });

  it('declare every placeholder they use, and use every one they declare', () => {
    const mismatched = Object.entries(messages)
      .filter(
        ([, message]) => placeholdersUsed(message.message).join() !== Object.keys(placeholdersDeclared(message)).join(),
      )
      .map(
        ([key, message]) =>
          `${key}: uses ${placeholdersUsed(message.message)}, declares ${Object.keys(placeholdersDeclared(message))}`,
      );
    expect(mismatched).toEqual([]);
  });

  it("give the manifest's name and description within the stores' limits", async () => {
    for (const browser of ['chrome', 'firefox'] as const) {
      const { name, description } = await manifestMessages(browser);
      expect(messages[name]?.message.length ?? 0, `${locale} ${name}`).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect(messages[description]?.message.length ?? 0, `${locale} ${description}`).toBeLessThanOrEqual(
        MAX_DESCRIPTION_LENGTH,
      );
    }
  });
});

it('English has every message the manifest names', async () => {
  for (const browser of ['chrome', 'firefox'] as const) {
    const { name, description, all } = await manifestMessages(browser);
    expect(all).toEqual(expect.arrayContaining([name, description]));
    expect(
      all.filter((key) => !english[key]),
      browser,
    ).toEqual([]);
  }
});

/** Messages named by a prefix and a name made at run time, with the module that makes them. */
const BUILT_NAMES = [
  { prefix: 'pageValue', by: 'entrypoints/options/rule-source-names.ts' },
  { prefix: 'source', by: 'entrypoints/options/source-names.ts' },
];

it('English has no message the code or the manifest never shows', async () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = ['entrypoints', 'lib', 'components']
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(folder, file),
      ),
    )
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const code = [
    ...files.map((file) => readFileSync(path.join(root, file), 'utf8')),
    ...(await manifestMessages('chrome')).all,
    ...(await manifestMessages('firefox')).all,
  ].join('\n');
  for (const { prefix, by } of BUILT_NAMES) {
    expect(readFileSync(path.join(root, by), 'utf8'), by).toContain(`\`${prefix}\${`);
  }
  const unused = Object.keys(english).filter(
    (key) => !code.includes(key) && !BUILT_NAMES.some(({ prefix }) => key.startsWith(prefix)),
  );
  expect(unused).toEqual([]);
});

describe.each(locales)('what a person reads in %s (docs/words.md)', (locale) => {
  const messages = readMessages(locale);
  const offending = (pattern: RegExp) =>
    Object.entries(messages)
      .filter(([, { message }]) => pattern.test(NAMES.reduce((rest, name) => rest.replaceAll(name, ' '), message)))
      .map(([key, { message }]) => `${key}: ${message}`);

  it('names no HTTP status', () => {
    expect(offending(/\bHTTP\b|\(\d{3}\)/)).toEqual([]);
  });

  it('names no endpoint: no path such as /object/url, no request such as POST …', () => {
    // A path starts at a slash no letter, dot, colon, slash or < comes before (not https://…, and/or, </b>).
    expect(offending(/(?<![\p{L}\d.:/<])\/[a-z][\w-]*|\b(GET|POST|PATCH|PUT|DELETE) \//u)).toEqual([]);
  });

  it('names no internal code such as access_denied or cap_invalid_input', () => {
    expect(offending(/\b[a-z]+_[a-z_]+\b/)).toEqual([]);
  });
});

describe.each(translations)('the %s translation', (locale) => {
  const messages = readMessages(locale);
  const keys = Object.keys(english).filter((key) => messages[key]);

  it('has exactly the keys of English', () => {
    expect({
      missing: Object.keys(english).filter((key) => !messages[key]),
      notInEnglish: Object.keys(messages).filter((key) => !english[key]),
    }).toEqual({ missing: [], notInEnglish: [] });
  });

  it("keeps every message's placeholders, each standing for the same substitution as in English", () => {
    const changed = keys.filter(
      (key) =>
        placeholdersUsed(messages[key]?.message ?? '').join() !==
          placeholdersUsed(english[key]?.message ?? '').join() ||
        JSON.stringify(placeholdersDeclared(messages[key] as Message)) !==
          JSON.stringify(placeholdersDeclared(english[key] as Message)),
    );
    expect(changed.map((key) => `${key}: "${messages[key]?.message}" for "${english[key]?.message}"`)).toEqual([]);
  });

  it('is translated: no sentence, and only a small share of short messages, as English has it', () => {
    const asInEnglish = keys.filter(
      (key) =>
        messages[key]?.message === english[key]?.message && translatableWords(english[key]?.message ?? '').length > 0,
    );
    const sentences = asInEnglish.filter(
      (key) => translatableWords(english[key]?.message ?? '').length > MAX_WORDS_AS_IN_ENGLISH,
    );
    expect(sentences).toEqual([]);
    expect(asInEnglish.length / keys.length, `as in English: ${asInEnglish.join(', ')}`).toBeLessThanOrEqual(
      MAX_SHARE_AS_IN_ENGLISH,
    );
  });

  it('leaves no English phrase inside a message it translates', () => {
    const left = keys
      .filter((key) => messages[key]?.message !== english[key]?.message)
      .map((key) => [key, englishRunIn(messages[key]?.message ?? '', english[key]?.message ?? '')] as const)
      .filter(([, run]) => run !== undefined)
      .map(([key, run]) => `${key}: "${run}"`);
    expect(left).toEqual([]);
  });

  it('quotes no English word as English has it (a button name left untranslated)', () => {
    const left = keys
      .filter((key) => messages[key]?.message !== english[key]?.message)
      .flatMap((key) =>
        englishQuotedIn(messages[key]?.message ?? '', english[key]?.message ?? '').map((words) => `${key}: ${words}`),
      );
    expect(left).toEqual([]);
  });
});
