import type { EmulatorContext } from './context.ts';
import type { EmulatorState } from './emulator-state.ts';
import { escapeHtml, htmlDocument, safeHref } from './html.ts';
import type { ProfileName } from './profile.ts';
import { titleOf } from './property-values.ts';
import { STRUCTURE } from './structures.ts';
import type { Block, ObjectRecord, PropertyDefinition, StructureRecord, TextBlock, Token } from './types.ts';

/**
 * `GET /`: every space, its objects grouped by structure with readable properties and content,
 * refreshing itself every 2 seconds, so a person can watch clips arrive. Everything from the
 * store is escaped: it is clipped web text.
 */

const PROFILE_DESCRIPTIONS: Record<ProfileName, string> = {
  spec: 'answers as the spec says',
  published: 'answers as the live service’s published reference says',
};

/** Cards shown per structure before "… and N more" (the Research space has 2,500 tags). */
const CARD_LIMIT = 40;
const CHIP_LIMIT = 200;
const STRUCTURE_ORDER: string[] = [
  STRUCTURE.dailyNote,
  STRUCTURE.weblink,
  STRUCTURE.page,
  STRUCTURE.task,
  STRUCTURE.image,
  STRUCTURE.pdf,
  STRUCTURE.collection,
  STRUCTURE.tag,
];

function tokensHtml(tokens: Token[]): string {
  return tokens
    .map((token) => {
      const text = escapeHtml(token.text).replace(/\n/g, '<br>');
      if (token.type === 'CodeToken' || token.type === 'MathToken') return `<code>${text}</code>`;
      let html = text;
      if (token.style?.code) html = `<code>${html}</code>`;
      if (token.style?.bold) html = `<strong>${html}</strong>`;
      if (token.style?.italic) html = `<em>${html}</em>`;
      if (token.style?.strikethrough) html = `<s>${html}</s>`;
      if (token.style?.underline) html = `<u>${html}</u>`;
      if (token.type === 'LinkToken') {
        const href = safeHref(token.url);
        html = href
          ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${html}</a>`
          : `${html} (${escapeHtml(token.url)})`;
      }
      return html;
    })
    .join('');
}

function listTag(block: TextBlock): 'ul' | 'ol' | null {
  if (block.hierarchy.key === 'heading' || block.quote) return null;
  if (block.list === 'numbered' && !block.todo) return 'ol';
  return block.list || block.todo || block.toggle ? 'ul' : null;
}

function blocksHtml(blocks: Block[], store: EmulatorState, spaceId: string): string {
  let html = '';
  let openList: 'ul' | 'ol' | null = null;
  for (const block of blocks) {
    const list = block.type === 'TextBlock' ? listTag(block) : null;
    if (openList && list !== openList) {
      html += `</${openList}>`;
      openList = null;
    }
    if (list && !openList) {
      html += `<${list}>`;
      openList = list;
    }
    html += blockHtml(block, store, spaceId);
  }
  if (openList) html += `</${openList}>`;
  return html;
}

function blockHtml(block: Block, store: EmulatorState, spaceId: string): string {
  switch (block.type) {
    case 'TextBlock': {
      const children = blocksHtml(block.blocks, store, spaceId);
      const text = tokensHtml(block.tokens);
      if (block.hierarchy.key === 'heading') return `<p><strong>${text}</strong></p>${children}`;
      if (listTag(block)) {
        const box = block.todo ? (block.todo.checked ? '☑ ' : '☐ ') : '';
        return `<li>${box}${text}${children}</li>`;
      }
      if (block.quote) return `<blockquote>${text}</blockquote>${children}`;
      return `${text ? `<p>${text}</p>` : ''}${children}`;
    }
    case 'GroupBlock':
      return blocksHtml(block.blocks, store, spaceId);
    case 'GridBlock':
      return block.columns.map((column) => blocksHtml(column, store, spaceId)).join('');
    case 'CodeBlock':
      return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case 'MathBlock':
      return `<pre>${escapeHtml(block.text)}</pre>`;
    case 'EntityBlock': {
      const target = store.liveObject(spaceId, block.entityId);
      return `<p>↳ ${escapeHtml(target ? titleOf(target) : block.entityId)}</p>`;
    }
    case 'HorizontalLineBlock':
      return '<hr>';
    case 'unsupported':
      return `<pre>${escapeHtml(block.markdown)}</pre>`;
  }
}

function chips(items: string[]): string {
  return items.map((item) => `<span class="chip">${escapeHtml(item)}</span>`).join('');
}

function propertyHtml(def: PropertyDefinition, obj: ObjectRecord, store: EmulatorState): string | null {
  const value = obj.properties[def.id];
  if (!value) return null;
  switch (value.type) {
    case 'label': {
      const names = value.label.flatMap((entry) =>
        (def.labelSet ?? []).filter((o) => o.id === entry.id).map((o) => o.name),
      );
      return names.length ? chips(names) : null;
    }
    case 'entity': {
      const titles = value.entity.flatMap((link) => {
        const target = store.liveObject(obj.spaceId, link.id);
        return target ? [titleOf(target)] : [];
      });
      return titles.length ? chips(titles) : null;
    }
    case 'date': {
      const { start, end, dateResolution } = value.date;
      if (!start) return null;
      const show = (iso: string) =>
        dateResolution === 'day' ? iso.slice(0, 10) : iso.replace('T', ' ').replace(/\.000Z$/, 'Z');
      return escapeHtml(end ? `${show(start)} → ${show(end)}` : show(start));
    }
    case 'url': {
      if (!value.url.value) return null;
      const href = safeHref(value.url.value);
      const text = escapeHtml(value.url.value);
      return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${text}</a>` : text;
    }
    case 'text':
      return value.text.value ? escapeHtml(value.text.value) : null;
    case 'number':
      return value.number.value === null ? null : escapeHtml(String(value.number.value));
    case 'boolean':
      return value.boolean.value ? 'yes' : null;
    case 'richText':
      return value.richText.tokens.length ? tokensHtml(value.richText.tokens) : null;
    default:
      return null;
  }
}

function objectCard(obj: ObjectRecord, structure: StructureRecord, store: EmulatorState): string {
  const rows: string[] = [];
  for (const def of structure.propertyDefinitions) {
    if (def.id === 'title' || def.type === 'blocks' || def.type === 'createdAt' || def.type === 'lastUpdatedAt')
      continue;
    const html = propertyHtml(def, obj, store);
    if (html) rows.push(`<dt>${escapeHtml(def.name)}</dt><dd>${html}</dd>`);
  }
  const collections = obj.collections.flatMap((id) => {
    const collection = store.liveObject(obj.spaceId, id);
    return collection ? [titleOf(collection)] : [];
  });
  if (collections.length) rows.push(`<dt>Collections</dt><dd>${chips(collections)}</dd>`);
  const content = structure.contentPropertyId
    ? blocksHtml(obj.blocks[structure.contentPropertyId] ?? [], store, obj.spaceId)
    : '';
  return `<article class="card">
<h4 dir="auto">${escapeHtml(titleOf(obj) || 'Untitled')}</h4>
<p class="meta">${escapeHtml(obj.id)} · updated ${escapeHtml(new Date(obj.updatedAt).toISOString())}</p>
${rows.length ? `<dl>${rows.join('')}</dl>` : ''}
${content ? `<div class="content" dir="auto">${content}</div>` : ''}
</article>`;
}

function structureSection(structure: StructureRecord, objects: ObjectRecord[], store: EmulatorState): string {
  const newest = [...objects].sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : 1));
  const heading = `<h3>${escapeHtml(structure.pluralName)} <span class="muted">(${objects.length})</span></h3>`;
  if (structure.id === STRUCTURE.tag) {
    const more =
      newest.length > CHIP_LIMIT ? `<span class="muted"> … and ${newest.length - CHIP_LIMIT} more</span>` : '';
    return `${heading}<p>${chips(newest.slice(0, CHIP_LIMIT).map(titleOf))}${more}</p>`;
  }
  const cards = newest.slice(0, CARD_LIMIT).map((obj) => objectCard(obj, structure, store));
  const more = newest.length > CARD_LIMIT ? `<p class="muted">… and ${newest.length - CARD_LIMIT} more</p>` : '';
  return `${heading}${cards.join('\n')}${more}`;
}

export function renderStatePage(ctx: EmulatorContext, refresh: boolean): string {
  const { store } = ctx;
  const sections = store.data.spaces.map((space) => {
    const objects = store.liveObjects(space.id);
    const ordered = [...space.structures].sort((a, b) => {
      const rank = (id: string) => (STRUCTURE_ORDER.includes(id) ? STRUCTURE_ORDER.indexOf(id) : 3.5);
      return rank(a.id) - rank(b.id);
    });
    const groups = ordered
      .map((structure) => {
        const members = objects.filter((obj) => obj.structureId === structure.id);
        return members.length ? structureSection(structure, members, store) : '';
      })
      .join('\n');
    return `<section>
<h2>${escapeHtml(space.title)}</h2>
<p class="meta">${escapeHtml(space.id)} · ${objects.length} objects</p>
${groups}
</section>`;
  });
  const toggle = refresh ? '<a href="/?refresh=0">stop refreshing</a>' : '<a href="/">refresh every 2 s</a>';
  return htmlDocument(
    'Workspace emulator',
    `<main>
<h1>Workspace emulator</h1>
<p class="muted">API at ${escapeHtml(ctx.baseUrl)} · profile <strong>${escapeHtml(ctx.profile)}</strong> (${PROFILE_DESCRIPTIONS[ctx.profile]}) · emulator time ${escapeHtml(new Date(ctx.clock.now()).toISOString())} · ${toggle}</p>
${sections.join('\n')}
</main>`,
    refresh ? { refreshSeconds: 2 } : {},
  );
}
