/**
 * Finding a control by its ARIA role and accessible name inside the page, for browsers whose
 * automation protocol has no such query (puppeteer's ARIA selectors need the Chrome DevTools
 * Protocol; over WebDriver BiDi Firefox offers none). It covers what our own pages and the
 * emulator's consent page use, following the HTML-AAM role mappings and the accessible-name
 * computation in the order that matters here: aria-labelledby, aria-label, <label>, <legend>,
 * content (for roles named by it), title. Hidden elements are never found, as with Playwright.
 *
 * `findControls` is serialized into the page by `page.evaluate`: it must stay self-contained.
 */

/** A name to match, in a form that crosses into the page: exact text, or a RegExp's parts. */
export type NameQuery = { exact: string } | { source: string; flags: string };

export function nameQuery(name: string | RegExp): NameQuery {
  return typeof name === 'string' ? { exact: name } : { source: name.source, flags: name.flags };
}

/** The query `findControls` runs: a role (or `labelled`, any labelled control) and a name. */
export interface ControlQuery {
  role: string;
  name: NameQuery;
  /** Only options inside a listbox (the suggestions of a combobox). */
  inListbox?: boolean;
}

export function findControls(query: ControlQuery): Element[] {
  const TEXTBOX_TYPES = ['', 'text', 'password', 'email', 'tel', 'url', 'search'];
  const BUTTON_TYPES = ['button', 'submit', 'reset', 'image'];
  const NAMED_BY_CONTENT = ['button', 'link', 'heading', 'option', 'radio', 'checkbox', 'tab', 'menuitem'];

  const implicitRole = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    if (tag === 'button') return 'button';
    if (tag === 'a') return element.hasAttribute('href') ? 'link' : '';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'li') return 'listitem';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'output') return 'status';
    if (tag === 'option') return 'option';
    if (tag === 'fieldset' || tag === 'details') return 'group';
    if (tag === 'select') {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    if (tag === 'input') {
      const input = element as HTMLInputElement;
      const type = (input.getAttribute('type') ?? '').toLowerCase();
      if (BUTTON_TYPES.includes(type)) return 'button';
      if (type === 'checkbox' || type === 'radio') return type;
      if (TEXTBOX_TYPES.includes(type)) return input.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    return '';
  };
  const roleOf = (element: Element): string =>
    element.getAttribute('role')?.trim().split(/\s+/)[0] ?? implicitRole(element);

  const isHidden = (element: Element): boolean =>
    element.closest('[hidden], [aria-hidden="true"]') !== null ||
    !(element as HTMLElement).checkVisibility({ visibilityProperty: true });

  const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

  /** The text a node contributes to a name computed from content. */
  const contentText = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const element = node as Element;
    if (element.getAttribute('aria-hidden') === 'true') return '';
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return '';
    if (element.tagName === 'IMG') return element.getAttribute('alt') ?? '';
    const label = element.getAttribute('aria-label');
    if (label) return label;
    const parts = [...element.childNodes].map(contentText);
    return style.display.startsWith('inline') ? parts.join('') : ` ${parts.join('')} `;
  };

  const nameOf = (element: Element, role: string): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return collapse(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id))
          .map((target) => (target ? contentText(target) : ''))
          .join(' '),
      );
    }
    const ariaLabel = element.getAttribute('aria-label');
    if (ariaLabel?.trim()) return collapse(ariaLabel);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return collapse([...labels].map(contentText).join(' '));
    if (element.tagName === 'FIELDSET') {
      const legend = element.querySelector(':scope > legend');
      if (legend) return collapse(contentText(legend));
    }
    if (NAMED_BY_CONTENT.includes(role)) {
      const fromContent = collapse(contentText(element));
      if (fromContent) return fromContent;
    }
    if (element instanceof HTMLInputElement && BUTTON_TYPES.includes(element.type)) return collapse(element.value);
    return collapse(element.getAttribute('title') ?? '');
  };

  const matches = (name: string): boolean =>
    'exact' in query.name
      ? name === collapse(query.name.exact)
      : new RegExp(query.name.source, query.name.flags).test(name);

  const found: Element[] = [];
  for (const element of document.querySelectorAll('*')) {
    const role = roleOf(element);
    if (query.role === 'labelled') {
      const labels = (element as HTMLInputElement).labels;
      if (!labels || labels.length === 0) continue;
    } else if (role !== query.role) {
      continue;
    }
    if (query.inListbox && element.closest('[role="listbox"]') === null) continue;
    if (isHidden(element)) continue;
    if (matches(nameOf(element, role))) found.push(element);
  }
  return found;
}
