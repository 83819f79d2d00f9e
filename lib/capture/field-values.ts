/**
 * A page value as the value of one property, by the property's type: the texts a source gave
 * (lib/capture/apply-rule.ts picks them) turned into what `POST /object` takes. Nothing is
 * guessed beyond the type's own reading: a date must name a day, a number must be in the text, a
 * label must be one of the property's options by name, a URL must be a web address. A value that
 * does not fit gives no property, never an empty one. Entity properties take names, not values:
 * they are linked later (lib/capture/links.ts).
 */
import {
  booleanValue,
  dateResolutionOf,
  dateValue,
  labelValue,
  numberValue,
  textValue,
  titleValue,
  urlValue,
} from '../api/property-values';
import type { PropertyValueInput } from '../api/schemas/property-values';
import type { PropertyDefinition } from '../api/schemas/space';
import { MAX_TITLE_LENGTH } from '../clip/capture-limits';
import { publishedDay, publishedInstant } from '../clip/published-date';
import { fold } from './fold';
import { clockDuration, durationSeconds } from './iso-duration';
import { listSeparator, type PageValueName } from './page-values';

/** The view of a property definition a rule needs (the API's, or a space file's). */
export type RuleDefinition = Pick<
  PropertyDefinition,
  'id' | 'name' | 'type' | 'writable' | 'multiple' | 'labelSet' | 'allowedStructureIds' | 'dateResolution'
>;

function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
}

/** A number in the text: `12`, `4 servings`, `1,234 words`, `2,5`; a duration in whole minutes. */
export function numberIn(text: string): number | undefined {
  const seconds = durationSeconds(text);
  if (seconds !== null) return Math.round(seconds / 60);
  const normalised = text.replace(/(\d),(?=\d{3}(?!\d))/g, '$1').replace(/(\d),(\d)/, '$1.$2');
  const match = /[-+]?\d+(?:\.\d+)?/.exec(normalised);
  const value = match ? Number(match[0]) : Number.NaN;
  return Number.isFinite(value) ? value : undefined;
}

function booleanIn(text: string): boolean | undefined {
  if (/^(?:true|yes|1|on)$/i.test(text.trim())) return true;
  if (/^(?:false|no|0|off)$/i.test(text.trim())) return false;
  return undefined;
}

function dateFor(definition: RuleDefinition, texts: readonly string[]): PropertyValueInput | undefined {
  const resolution = dateResolutionOf(definition);
  const read = resolution === 'day' ? publishedDay : publishedInstant;
  const start = texts.map(read).find((date) => date !== null);
  return start ? dateValue({ start, resolution }) : undefined;
}

function labelFor(definition: RuleDefinition, texts: readonly string[]): PropertyValueInput | undefined {
  const options = definition.labelSet ?? [];
  const chosen: { id: string; name: string }[] = [];
  for (const text of texts) {
    const option = options.find(({ name }) => fold(name) === fold(text));
    if (option && !chosen.some(({ id }) => id === option.id)) chosen.push(option);
  }
  if (chosen.length === 0) return undefined;
  return labelValue(definition.multiple ? chosen : chosen.slice(0, 1));
}

function textFor(texts: readonly string[], name: PageValueName | undefined): string | undefined {
  // A duration reads as a clock in a text property, not as `PT1H2M3S`.
  const shown = texts.map((text) => {
    const seconds = durationSeconds(text);
    return seconds === null ? text : clockDuration(seconds);
  });
  const joined = shown.join(listSeparator(name)).trim();
  return joined === '' ? undefined : joined;
}

/** A DOI is an address too: `10.1000/xyz` goes into a URL property as its resolver's link. */
function urlFor(texts: readonly string[], name: PageValueName | undefined): string | undefined {
  const addresses = name === 'doi' ? texts.map((doi) => `https://doi.org/${doi}`) : texts;
  return addresses.map((text) => text.trim()).find(isHttpUrl);
}

/**
 * The value `texts` give the property, or undefined when none fits it. `texts` are a single
 * value, or a list when the source is one (they are then joined for a text, chosen among for a
 * label). `name` is the page value they came from, when they came from one.
 */
export function propertyValueFor(
  definition: RuleDefinition,
  texts: readonly string[],
  name?: PageValueName,
): PropertyValueInput | undefined {
  const present = texts.filter((text) => text.trim() !== '');
  if (present.length === 0) return undefined;
  const first = present[0] ?? '';
  switch (definition.type) {
    case 'title':
      return titleValue(first.trim().slice(0, MAX_TITLE_LENGTH));
    case 'text': {
      const text = textFor(present, name);
      return text === undefined ? undefined : textValue(text);
    }
    case 'number': {
      const number = present.map(numberIn).find((value) => value !== undefined);
      return number === undefined ? undefined : numberValue(number);
    }
    case 'boolean': {
      const value = booleanIn(first);
      return value === undefined ? undefined : booleanValue(value);
    }
    case 'url': {
      const url = urlFor(present, name);
      return url === undefined ? undefined : urlValue(url);
    }
    case 'date':
      return dateFor(definition, present);
    case 'label':
      return labelFor(definition, present);
    default:
      return undefined;
  }
}
