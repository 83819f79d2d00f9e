import { invalidRequest } from './errors.ts';
import { newId } from './ids.ts';
import { isRecord } from './input.ts';

/**
 * Fault injection. Each request that matches at least one rule makes ONE random draw in [0, 1);
 * the matching rules take consecutive slices of that draw by their probabilities, in the order
 * they were added. So "20 % drop before, 10 % drop after, 10 % 500" on one path are disjoint.
 */

export interface FaultRuleInput {
  /** HTTP method; without it every method. (CORS preflights are answered before faults apply.) */
  method?: string;
  /** Exact path, or a prefix ending in `*`. Without it: every path (except the control routes). */
  path?: string;
  status?: number;
  /** Raw response body (may be invalid JSON or HTML, to test malformed responses). */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /**
   * `before`: the connection is closed before the request is processed. `after`: the request is
   * processed, then the connection is closed with no response at all. `mid-response`: the request
   * is processed and the response's status line and headers are sent, then the connection is
   * closed before its body. (Chromium resends a request by itself when a reused keep-alive
   * connection closes before any response byte, POST included, so in a browser `after` can hand
   * the request to the server twice; `mid-response` is the lost answer a browser reports.)
   */
  drop?: 'before' | 'after' | 'mid-response';
  probability?: number;
  times?: number;
}

export interface FaultRule extends FaultRuleInput {
  id: string;
  /** How often the rule has fired. */
  fired: number;
}

export function parseFaultRule(input: unknown): FaultRuleInput {
  if (!isRecord(input)) throw invalidRequest('A fault rule must be a JSON object');
  const rule: FaultRuleInput = {};
  const { method, path, status, body, contentType, headers, delayMs, drop, probability, times } = input;
  if (method !== undefined) {
    if (typeof method !== 'string' || method === '') throw invalidRequest('method must be a string');
    rule.method = method.toUpperCase();
  }
  if (path !== undefined) {
    if (typeof path !== 'string' || !path.startsWith('/')) throw invalidRequest('path must start with "/"');
    rule.path = path;
  }
  if (status !== undefined) {
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
      throw invalidRequest('status must be an HTTP status from 200 to 599');
    }
    rule.status = status;
  }
  if (body !== undefined) {
    if (typeof body !== 'string') throw invalidRequest('body must be a string (the raw response body)');
    rule.body = body;
  }
  if (contentType !== undefined) {
    if (typeof contentType !== 'string') throw invalidRequest('contentType must be a string');
    rule.contentType = contentType;
  }
  if (headers !== undefined) {
    if (!isRecord(headers) || !Object.values(headers).every((value) => typeof value === 'string')) {
      throw invalidRequest('headers must map header names to strings');
    }
    rule.headers = headers as Record<string, string>;
  }
  if (delayMs !== undefined) {
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0)
      throw invalidRequest('delayMs must be >= 0');
    rule.delayMs = delayMs;
  }
  if (drop !== undefined) {
    if (drop !== 'before' && drop !== 'after' && drop !== 'mid-response') {
      throw invalidRequest('drop must be "before", "after" or "mid-response"');
    }
    rule.drop = drop;
  }
  if (probability !== undefined) {
    if (typeof probability !== 'number' || !(probability >= 0 && probability <= 1)) {
      throw invalidRequest('probability must be a number from 0 to 1');
    }
    rule.probability = probability;
  }
  if (times !== undefined) {
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1)
      throw invalidRequest('times must be a positive integer');
    rule.times = times;
  }
  if (rule.status === undefined && rule.body === undefined && rule.drop === undefined && rule.delayMs === undefined) {
    throw invalidRequest('A fault rule needs at least one of status, body, drop or delayMs');
  }
  if ((rule.status !== undefined || rule.body !== undefined) && rule.drop !== undefined) {
    throw invalidRequest('A rule either answers (status/body) or drops the connection, not both');
  }
  return rule;
}

/** mulberry32: a small seedable PRNG, so a test can replay the same sequence of faults. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.times !== undefined && rule.fired >= rule.times) return false;
  if (rule.method !== undefined && rule.method !== method) return false;
  if (rule.path === undefined) return true;
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
}

export class FaultInjector {
  #rules: FaultRule[] = [];
  #random: () => number;
  readonly #seed: number | undefined;

  constructor(seed?: number) {
    this.#seed = seed;
    this.#random = seed === undefined ? Math.random : seededRandom(seed);
  }

  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = { ...input, id: newId(), fired: 0 };
    this.#rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.#rules.map((rule) => ({ ...rule }));
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((rule) => rule.id !== id);
    return this.#rules.length < before;
  }

  /** Removes every rule and restarts the seeded sequence. */
  clear(): void {
    this.#rules = [];
    this.#random = this.#seed === undefined ? Math.random : seededRandom(this.#seed);
  }

  /** The rule that fires for this request, if any (counts it as fired). */
  pick(method: string, path: string): FaultRule | undefined {
    const candidates = this.#rules.filter((rule) => matches(rule, method, path));
    if (candidates.length === 0) return undefined;
    const draw = this.#random();
    let upper = 0;
    for (const rule of candidates) {
      upper += rule.probability ?? 1;
      if (draw < upper) {
        rule.fired++;
        return rule;
      }
    }
    return undefined;
  }
}
