/** The news story the article tests read: an address, and enough prose for Readability to take it as the article. */
export const PAGE_URL = 'https://news.example.com/2024/story.html';

export const PROSE = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the story, long enough to read as prose: the committee met on Tuesday and agreed, after a long debate about the budget, to fund the new library wing next spring.</p>`,
).join('');
