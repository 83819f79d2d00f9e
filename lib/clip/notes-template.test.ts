import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { NOTES_TEMPLATE_VARIABLES, type NotesTemplateValues, renderNotesTemplate } from './notes-template';

const page: NotesTemplateValues = {
  title: 'A story',
  url: 'https://news.example.com/story',
  selection: 'Some **bold** words and [a link](https://example.org/x).',
  author: 'Ann Author',
  published: '2024-03-05T23:30:00-08:00',
  site: 'Example News',
  now: new Date('2026-11-24T13:03:00Z'),
  timeZone: 'Europe/Berlin',
};

function rendered(markdown: string): Element {
  const container = document.createElement('div');
  container.innerHTML = marked.parse(markdown, { async: false });
  return container;
}

describe('renderNotesTemplate', () => {
  it('fills every variable', () => {
    const template = NOTES_TEMPLATE_VARIABLES.map((name) => `${name}: {{${name}}}`).join('\n');
    expect(renderNotesTemplate(template, page)).toBe(
      [
        'title: A story',
        'url: https://news.example.com/story',
        'selection: Some **bold** words and [a link](https://example.org/x).',
        'author: Ann Author',
        'published: 2024-03-05',
        'site: Example News',
        'date: 2026-11-24 14:03 UTC+01:00',
      ].join('\n'),
    );
  });

  it('tolerates whitespace inside the braces', () => {
    expect(renderNotesTemplate('{{ title }}|{{title  }}|{{\ttitle}}|{{\n title\n}}', page)).toBe(
      'A story|A story|A story|A story',
    );
  });

  it('leaves an unknown variable visible as written, spaces and case included', () => {
    expect(renderNotesTemplate('{{ titel }} {{Title}} {{tags}} {{}} {title} {{ title', page)).toBe(
      '{{ titel }} {{Title}} {{tags}} {{}} {title} {{ title',
    );
    expect(renderNotesTemplate('{{constructor}} {{toString}} {{__proto__}}', page)).toBe(
      '{{constructor}} {{toString}} {{__proto__}}',
    );
  });

  it('writes a missing value as nothing', () => {
    expect(
      renderNotesTemplate('by {{author}} on {{site}}, {{published}}; {{selection}}.', {
        ...page,
        author: null,
        site: null,
        published: null,
        selection: null,
      }),
    ).toBe('by  on , ; .');
  });

  it("writes the page's own text for a published date that is no date", () => {
    expect(renderNotesTemplate('{{published}}', { ...page, published: 'Spring *2015*' })).toBe('Spring \\*2015\\*');
  });

  it('keeps a hostile title literal: no link, no emphasis, no HTML, no heading', () => {
    const hostile = {
      ...page,
      title: '[x](javascript:alert(1)) *y* <img src=x onerror=alert(2)> `z`',
      author: '# Heading\n\n- item',
      site: '![p](https://tracker.example/p.gif)',
    };
    const markdown = renderNotesTemplate('{{title}}\n\n{{author}}\n\n{{site}}', hostile);
    const html = rendered(markdown);
    expect(html.querySelectorAll('em, strong, img, code, h1, li')).toHaveLength(0);
    // GFM links a bare web address by itself; nothing else becomes a link.
    expect([...html.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      'https://tracker.example/p.gif',
    ]);
    expect(html.textContent).toContain('[x](javascript:alert(1)) *y* <img src=x onerror=alert(2)> `z`');
    expect(html.textContent).toContain('# Heading - item');
    expect(html.textContent).toContain('![p](https://tracker.example/p.gif)');
  });

  it("keeps a title literal inside the template's own link", () => {
    const html = rendered(
      renderNotesTemplate('[{{title}}]({{url}})', { ...page, title: 'a](javascript:alert(1)) [b', url: page.url }),
    );
    const links = html.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(page.url);
    expect(links[0]?.textContent).toBe('a](javascript:alert(1)) [b');
  });

  it('percent-encodes what would end a link in the address', () => {
    const url = 'https://example.com/a)(javascript:alert(1)) <b>';
    const markdown = renderNotesTemplate('[source]({{url}})', { ...page, url });
    expect(markdown).toBe('[source](https://example.com/a%29%28javascript:alert%281%29%29%20%3Cb%3E)');
    expect(rendered(markdown).querySelector('a')?.getAttribute('href')).toBe(
      'https://example.com/a%29%28javascript:alert%281%29%29%20%3Cb%3E',
    );
  });

  it('never reads a value as template', () => {
    expect(renderNotesTemplate('{{title}} {{author}}', { ...page, title: '{{url}}', author: '{{ date }}' })).toBe(
      '{{url}} {{ date }}',
    );
  });

  it('runs no code: a template full of script syntax is only text', () => {
    const template = `{{ constructor.constructor("return 1")() }} $\{title} <%= title %> {{title.length}}`;
    expect(renderNotesTemplate(template, page)).toBe(template);
  });

  it('inserts the selection as the Markdown it already is, without escaping it again', () => {
    const html = rendered(renderNotesTemplate('{{selection}}', page));
    expect(html.querySelector('strong')?.textContent).toBe('bold');
    expect(html.querySelector('a')?.getAttribute('href')).toBe('https://example.org/x');
  });

  it("quotes every line of the selection after a line's blockquote marker, code and blank lines included", () => {
    const selection =
      'First paragraph.\n\n```js\nconst a = 1;\n\nreturn a;\n```\n\n| a | b |\n| --- | --- |\n| 1 | 2 |';
    const markdown = renderNotesTemplate('Notes:\n\n> {{selection}}\n\n— {{title}}', { ...page, selection });
    expect(markdown).toBe(
      'Notes:\n\n> First paragraph.\n>\n> ```js\n> const a = 1;\n>\n> return a;\n> ```\n>\n> | a | b |\n> | --- | --- |\n> | 1 | 2 |\n\n— A story',
    );
    const quote = rendered(markdown).querySelector('blockquote');
    expect(quote?.querySelector('pre code')?.textContent).toBe('const a = 1;\n\nreturn a;\n');
    expect(quote?.querySelectorAll('td')).toHaveLength(2);
  });

  it('indents every line of the selection under a list item', () => {
    expect(renderNotesTemplate('- Quote:\n  {{selection}}', { ...page, selection: 'one\n\ntwo' })).toBe(
      '- Quote:\n  one\n\n  two',
    );
  });

  it('does not repeat text that precedes the selection on its line', () => {
    expect(renderNotesTemplate('{{title}}: {{selection}}', { ...page, selection: 'one\ntwo' })).toBe(
      'A story: one\ntwo',
    );
  });
});
