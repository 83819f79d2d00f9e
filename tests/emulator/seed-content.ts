/** Markdown bodies of the seeded demo objects (kept apart so seed.ts stays about structure and ids). */

export const WELCOME = `# Welcome

This space is served by the **workspace emulator**, a local stand-in for the Workspace Notes API.
Everything you clip with Space Clipper lands here, and the page at the emulator's root shows it.

## What is in here

- Pages, tasks and daily notes with content
- Weblinks in two collections: _Reading list_ and _Research_
- A custom type, **Book**, with every kind of property
- 15 tags (the Research space has 2,500)

See the [API specification](https://example.com/workspace-notes-api) for the details.`;

export const SHOWCASE = `# Markdown showcase

A paragraph with **bold**, _italic_, ~~struck~~ and \`inline code\`, a [link](https://example.com/docs) and math $e^{i\\pi} + 1 = 0$.

## Lists

- First bullet
- Second bullet
  - Nested bullet
  - Another nested bullet
- Third bullet

1. Step one
2. Step two
3. Step three

- [ ] An open to-do
- [x] A finished to-do

## Quote

> The best way to predict the future is to invent it.
>
> — Alan Kay

## Code

\`\`\`ts
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

\`\`\`python
def mean(values):
    return sum(values) / len(values)
\`\`\`

## Display math

$$
\\int_0^1 x^2 \\, dx = \\frac{1}{3}
$$

---

## A table (kept as Markdown)

| Format | Kept as |
|---|---|
| Table | unsupported block |
| Image | unsupported block |`;

export const READING_NOTES = `## Chapter 1: A pragmatic philosophy

- Take responsibility: provide options, don't make lame excuses.
- Don't live with broken windows.

> Care about your craft.

## Chapter 2: A pragmatic approach

The **DRY** principle is about knowledge, not about code.`;

export const PROJECT_IDEAS = `## Ideas

1. A browser extension that clips pages as clean Markdown
2. A local emulator for every API we depend on
3. A reading tracker built on the Book type

### Later

- Offline queue with retries
- Keyboard shortcuts for everything`;

export const MEETING_NOTES = `# Q3 planning

**Attendees:** Ada, Grace, Linus

## Decisions

- Ship the clipper beta in July
- Keep the emulator in sync with the spec

## Action items

- [ ] Ada: draft the release notes
- [x] Grace: set up the test matrix`;

export const MULTILINGUAL = `# Notes in several scripts

## עברית

שלום עולם! זוהי פסקה בעברית, שנכתבת מימין לשמאל.

## العربية

مرحبا بالعالم. هذه فقرة باللغة العربية.

## 日本語

吾輩は猫である。名前はまだ無い。

## Deutsch

Größere Übungen für schöne Äpfel.

## Emoji

Clipping works with emoji too 🎉 ✂️ 📚`;

export const RECIPE = `## Ingredients

- 6 eggs
- 1 can of tomatoes
- 1 onion, 2 cloves of garlic
- Cumin, paprika, chilli

## Method

1. Soften the onion and garlic.
2. Add the spices and the tomatoes; simmer for 10 minutes.
3. Make wells, crack in the eggs, cover until set.`;

export const TASK_WEEKLY_REVIEW = `- [ ] Inbox zero
- [ ] Review the calendar
- [x] Update the project list`;

export const TASK_LOGIN_BUG =
  'The session expires after **one minute** instead of one hour. Waiting for the auth team.';

export const DAILY_NOTES: Record<string, string> = {
  '2024-06-10': `### 09:12

Started the week with the planning meeting. Notes are on the Q3 planning page.

### 16:40

> Simple things should be simple, complex things should be possible.

— [Alan Kay](https://en.wikipedia.org/wiki/Alan_Kay)`,
  '2024-06-11': `### 10:05

- Read about OAuth 2.0 with PKCE
- Tried the emulator's fault injection

\`\`\`sh
curl -X POST http://127.0.0.1:8787/__emulator/reset
\`\`\``,
  '2024-06-12': `### 08:30

A quiet day. Finished chapter 3 of _The Pragmatic Programmer_.`,
};

export const RESEARCH_DAILY_NOTE = `### 11:00

Collected three more papers on attention mechanisms.`;

export const WEBLINK_NOTES: Record<string, string> = {
  mdn: `> Resources for developers, by developers.

— [MDN Web Docs](https://developer.mozilla.org/)`,
  markdownGuide: 'A free and open-source reference guide that explains how to use Markdown.',
  ariaPractices: `## Patterns to revisit

- Combobox
- Disclosure
- Dialog (modal)`,
  hebrewWikipedia: '> ויקיפדיה היא מיזם לכתיבת אנציקלופדיה רב־לשונית, שיתופית, חופשית ומבוססת תוכן פתוח.',
  attention: `> The dominant sequence transduction models are based on complex recurrent or convolutional neural networks.

— [Attention Is All You Need](https://arxiv.org/abs/1706.03762)`,
};

export const LITERATURE_REVIEW = `# Literature review

## Transformers

The transformer replaced recurrence with attention; see the weblink in _Papers_.

## Open threads

- Efficient attention for long documents
- Evaluation of retrieval-augmented models`;

export const METHODS = `## Data

We use three public corpora.

## Metrics

$$
F_1 = 2 \\cdot \\frac{precision \\cdot recall}{precision + recall}
$$`;
