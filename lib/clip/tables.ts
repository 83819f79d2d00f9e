/**
 * Tables. Data tables become GFM tables that stay valid: `colspan`/`rowspan` are expanded into
 * empty cells so every row has the same number of cells as the HTML table model, the first row
 * is the header row (GFM requires one), block content in a cell is joined with `<br>` and pipes
 * are escaped. Layout tables — ones that hold another table or a code block, have a single row,
 * or say `role="presentation"` — cannot be GFM tables; their cells are written as plain blocks.
 * Tables with neither text nor images are spacers and are dropped.
 */
import { inlineDisplayMath } from './math';

const TABLE_ATTR = 'data-clip-table';
const SECTIONS = ['THEAD', 'TBODY', 'TFOOT'];
const ROW_ATTR = 'data-clip-row';
const HEADER_ROW = 'header';
const MAX_SPAN = 1000;

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of table.children) {
    if (child.nodeName === 'TR') rows.push(child);
    else if (SECTIONS.includes(child.nodeName)) {
      for (const row of child.children) if (row.nodeName === 'TR') rows.push(row);
    }
  }
  return rows;
}

function isCell(el: Element): boolean {
  return el.nodeName === 'TD' || el.nodeName === 'TH';
}

function cellsOf(row: Element): Element[] {
  return [...row.children].filter(isCell);
}

function childNamed(parent: Element, name: string): Element | undefined {
  return [...parent.children].find((child) => child.nodeName === name);
}

function span(cell: Element, name: string): number {
  const value = Number.parseInt(cell.getAttribute(name) ?? '', 10);
  return value >= 1 ? Math.min(value, MAX_SPAN) : 1;
}

function isLayoutTable(table: Element, rows: Element[]): boolean {
  const role = table.getAttribute('role');
  // A data table has a header and at least one row of data; one row is side-by-side layout.
  return role === 'presentation' || role === 'none' || rows.length < 2 || !!table.querySelector('table, pre');
}

/**
 * Inserts empty cells where the HTML table model has cells covered by a span, and pads short
 * rows, so that the Markdown has one cell per grid slot.
 */
function expandGrid(rows: Element[]): void {
  const doc = rows[0]?.ownerDocument;
  if (!doc) return;
  const filler = () => doc.createElement('td');
  // For each column, how many more rows a cell from above still covers.
  const covered: number[] = [];
  let width = 0;
  for (const row of rows) {
    let column = 0;
    const fillCovered = (before: Element) => {
      for (; (covered[column] ?? 0) > 0; column++) {
        covered[column] = (covered[column] ?? 1) - 1;
        row.insertBefore(filler(), before);
      }
    };
    for (const cell of cellsOf(row)) {
      fillCovered(cell);
      const colspan = span(cell, 'colspan');
      const rowspan = span(cell, 'rowspan');
      for (let extra = 1; extra < colspan; extra++) cell.after(filler());
      for (let k = 0; k < colspan; k++) covered[column + k] = rowspan - 1;
      column += colspan;
    }
    // Columns to the right of the row's last cell: covered ones, or gaps before a covered one.
    for (; column < covered.length; column++) {
      covered[column] = Math.max(0, (covered[column] ?? 0) - 1);
      row.append(filler());
    }
    width = Math.max(width, column);
  }
  for (const row of rows) {
    for (let count = cellsOf(row).length; count < width; count++) row.append(filler());
  }
}

function normalizeTable(table: Element): void {
  if (!table.textContent?.trim() && !table.querySelector('img')) {
    table.remove();
    return;
  }
  const rows = rowsOf(table);
  if (isLayoutTable(table, rows)) return;
  const caption = childNamed(table, 'CAPTION');
  if (caption) {
    const paragraph = table.ownerDocument.createElement('p');
    paragraph.append(...caption.childNodes);
    caption.remove();
    table.before(paragraph);
  }
  // A `<thead>` written after the body still renders first.
  const head = childNamed(table, 'THEAD');
  if (head && rows[0]?.parentElement !== head) {
    table.prepend(head);
    rows.sort((a, b) => Number(b.parentElement === head) - Number(a.parentElement === head));
  }
  expandGrid(rows);
  table.setAttribute(TABLE_ATTR, '');
  rows.forEach((row, index) => {
    row.setAttribute(ROW_ATTR, index === 0 ? HEADER_ROW : '');
    row.parentElement?.setAttribute(TABLE_ATTR, '');
  });
  inlineDisplayMath(table);
}

export function normalizeTables(root: ParentNode): void {
  for (const table of root.querySelectorAll('table')) normalizeTable(table);
}

function cellAlignment(cell: Element): string {
  const align = cell.getAttribute('align') ?? /text-align\s*:\s*(\w+)/i.exec(cell.getAttribute('style') ?? '')?.[1];
  switch (align?.toLowerCase()) {
    case 'left':
      return ':--';
    case 'right':
      return '--:';
    case 'center':
      return ':-:';
    default:
      return '---';
  }
}

function isDataRow(node: Node | null): node is Element {
  return !!node && (node as Element).hasAttribute?.(ROW_ATTR);
}

export const tableRules = {
  table: {
    filter: (node: HTMLElement) => node.nodeName === 'TABLE' && node.hasAttribute(TABLE_ATTR),
    replacement: (content: string) => `\n\n${content.trim()}\n\n`,
  },
  tableSection: {
    filter: (node: HTMLElement) => SECTIONS.includes(node.nodeName) && node.hasAttribute(TABLE_ATTR),
    replacement: (content: string) => content,
  },
  tableRow: {
    filter: (node: HTMLElement) => node.nodeName === 'TR' && isDataRow(node),
    replacement: (content: string, node: HTMLElement) => {
      if (node.getAttribute(ROW_ATTR) !== HEADER_ROW) return `\n|${content}`;
      const separator = cellsOf(node).map((cell) => ` ${cellAlignment(cell)} |`);
      return `\n|${content}\n|${separator.join('')}`;
    },
  },
  tableCell: {
    filter: (node: HTMLElement) => isCell(node) && isDataRow(node.parentNode),
    replacement: (content: string) =>
      ` ${content
        .trim()
        .replace(/\s*\n\s*/g, '<br>')
        .replace(/\|/g, '\\|')} |`,
  },
};
