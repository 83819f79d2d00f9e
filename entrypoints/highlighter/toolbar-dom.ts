/**
 * The toolbar's elements, in a CLOSED shadow root of the one element the highlighter adds to a
 * page (a child of `<html>`, outside the page's content): no page script can reach into it, read a
 * note being typed or a colour being chosen. Styled through `::part()` by public/highlights.css,
 * which the browser injects: no `<style>` for the page's content security policy to refuse.
 */

import { COLOUR_MESSAGES, HIGHLIGHT_COLOURS, type HighlightColour } from '@/lib/highlighter/colours';
import { t } from '@/lib/i18n';

export const TOOLBAR_HOST = 'space-clipper-toolbar';

export interface ToolbarElements {
  host: HTMLElement;
  panel: HTMLElement;
  radios: Map<HighlightColour, HTMLInputElement>;
  note: HTMLTextAreaElement;
  remove: HTMLButtonElement;
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  part: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag);
  created.setAttribute('part', part);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}

/** Keeps the host out of the page's layout and above it, whatever the page's stylesheets say of elements. */
function styleHost(host: HTMLElement): void {
  for (const [property, value] of [
    ['all', 'initial'],
    ['position', 'absolute'],
    ['z-index', '2147483647'],
    ['display', 'none'],
  ]) {
    host.style.setProperty(property as string, value as string, 'important');
  }
}

export function buildToolbar(doc: Document): ToolbarElements {
  const host = doc.createElement(TOOLBAR_HOST);
  styleHost(host);
  const root = host.attachShadow({ mode: 'closed' });
  const panel = element(doc, 'div', 'toolbar', { role: 'dialog', 'aria-label': t('highlightToolbar') });
  const group = element(doc, 'div', 'colours', { role: 'radiogroup', 'aria-label': t('highlightColour') });
  const radios = new Map<HighlightColour, HTMLInputElement>();
  for (const colour of HIGHLIGHT_COLOURS) {
    const label = element(doc, 'label', `colour colour-${colour}`);
    const radio = element(doc, 'input', 'radio', { type: 'radio', name: 'colour', value: colour });
    // A sample of how the colour draws text (its fill and its line); the radio's name is the word.
    const swatch = element(doc, 'span', `swatch swatch-${colour}`, { 'aria-hidden': 'true' });
    swatch.textContent = 'Aa';
    const name = element(doc, 'span', 'colour-name');
    name.textContent = t(COLOUR_MESSAGES[colour]);
    label.append(radio, swatch, name);
    group.append(label);
    radios.set(colour, radio);
  }
  const note = element(doc, 'textarea', 'note', {
    'aria-label': t('highlightNote'),
    placeholder: t('highlightNote'),
    rows: '2',
  });
  const remove = element(doc, 'button', 'remove', { type: 'button' });
  remove.textContent = t('highlightRemove');
  panel.append(group, note, remove);
  root.append(panel);
  return { host, panel, radios, note, remove };
}

/** Where the toolbar goes: below the passage's last line, or above its first when there is no room below. */
export function placeToolbar(toolbar: ToolbarElements, passage: Range): void {
  const { host, panel } = toolbar;
  const view = host.ownerDocument.defaultView;
  if (!view) return;
  const rects = [...passage.getClientRects()];
  const first = rects[0] ?? passage.getBoundingClientRect();
  const last = rects[rects.length - 1] ?? first;
  host.style.setProperty('display', 'block', 'important');
  const size = panel.getBoundingClientRect();
  const gap = 6;
  const below = last.bottom + gap;
  const top = below + size.height <= view.innerHeight ? below : Math.max(0, first.top - gap - size.height);
  const left = Math.min(Math.max(0, last.left), Math.max(0, view.innerWidth - size.width - gap));
  host.style.setProperty('top', `${top + view.scrollY}px`, 'important');
  host.style.setProperty('left', `${left + view.scrollX}px`, 'important');
}
