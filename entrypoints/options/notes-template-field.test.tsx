import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NotesTemplateField } from './notes-template-field';

function Editable() {
  const [value, setValue] = useState('');
  return <NotesTemplateField value={value} onChange={setValue} error={undefined} />;
}

async function preview(template: string) {
  const user = userEvent.setup();
  render(<Editable />);
  await user.click(screen.getByRole('textbox', { name: 'Notes template' }));
  await user.paste(template);
  return screen.getByRole('region', { name: 'Preview' });
}

describe('the notes template preview', () => {
  it('shows the sample page values as literal text, Markdown escaped, never as markup', async () => {
    const region = await preview('# {{title}}\n<{{url}}> by {{ author }}, {{site}}, {{published}}');
    expect(region.querySelector('pre')?.textContent).toBe(
      '# Sample page: \\*emphasis\\*, \\[brackets\\] and \\<b>tags\\</b>\n' +
        '<https://example.com/articles/sample-page> by Ada Lovelace, Example Journal, 2025-03-14',
    );
    expect(region.querySelector('b, h1, a')).toBeNull();
  });

  it('keeps a name it does not know visible, and markup typed in the template stays text', async () => {
    const region = await preview('{{titel}} <img src=x onerror=alert(1)> {{date}}');
    const text = region.querySelector('pre')?.textContent ?? '';
    expect(text).toMatch(/^\{\{titel\}\} <img src=x onerror=alert\(1\)> \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(region.querySelector('img')).toBeNull();
  });

  it('quotes every line of the selection after a quote marker, its Markdown kept', async () => {
    const region = await preview('> {{selection}}');
    expect(region.querySelector('pre')?.textContent).toBe(
      '> A short **selected** passage with [a link](https://example.com/).',
    );
  });

  it('lists every variable in the hint of the textarea', () => {
    render(<Editable />);
    const textarea = screen.getByRole('textbox', { name: 'Notes template' });
    const hint = document.getElementById(textarea.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(
      /: {{title}}, {{url}}, {{selection}}, {{author}}, {{published}}, {{site}}, {{date}}$/,
    );
  });

  it('says the template is empty instead of showing an empty preview', () => {
    render(<Editable />);
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('The template is empty.');
  });
});
