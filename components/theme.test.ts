import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * happy-dom does no layout or painting, so axe cannot measure contrast there (it reports
 * color-contrast as "incomplete"). The pairs the stylesheet actually puts together are checked
 * here from the tokens instead; the e2e axe run in Chromium checks the rendered popup as well.
 */

const css = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');

function tokens(block: string): Map<string, string> {
  return new Map([...block.matchAll(/--(color-[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

const themes = {
  light: tokens(css.slice(0, darkStart)),
  dark: tokens(css.slice(darkStart, css.indexOf('}\n}', darkStart))),
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/** [foreground, background] as theme.css combines them. */
const TEXT_PAIRS = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'chip'],
  ['text', 'option-active'],
  ['text', 'border-subtle'],
  ['muted', 'bg'],
  ['on-primary', 'primary'],
  ['on-primary', 'primary-hover'],
  ['error', 'bg'],
  ['error', 'surface'],
  ['error', 'border-subtle'],
  ['success', 'bg'],
];

/** Control borders, focus rings, the active option's ring: WCAG 1.4.11 asks 3:1. */
const NON_TEXT_PAIRS = [
  ['border', 'bg'],
  ['focus', 'bg'],
  ['focus', 'surface'],
  ['focus', 'option-active'],
  ['focus', 'chip'],
  ['error', 'bg'],
];

describe.each(Object.entries(themes))('the %s theme', (_, colors) => {
  const color = (name: string) => {
    const value = colors.get(`color-${name}`);
    if (!value) throw new Error(`--color-${name} is not defined`);
    return value;
  };

  it.each(TEXT_PAIRS)('gives %s text on %s at least 4.5:1', (fg, bg) => {
    expect(contrast(color(fg ?? ''), color(bg ?? ''))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)('gives %s against %s at least 3:1', (fg, bg) => {
    expect(contrast(color(fg ?? ''), color(bg ?? ''))).toBeGreaterThanOrEqual(3);
  });

  it('defines every colour the stylesheet uses', () => {
    for (const [, name] of css.matchAll(/var\(--(color-[\w-]+)\)/g)) {
      expect(colors.has(name ?? ''), `--${name}`).toBe(true);
    }
  });
});

describe('theme.css', () => {
  it('shows a focus ring on everything focusable', () => {
    expect(css).toMatch(/:focus-visible\s*{\s*outline: 2px solid var\(--color-focus\)/);
  });

  it('moves nothing when reduced motion is asked for', () => {
    const transitions = [...css.matchAll(/transition:([^;]+);/g)].map((match) => match[1]);
    expect(transitions.length).toBeGreaterThan(0);
    for (const transition of transitions) expect(transition).toContain('var(--motion)');
    expect(css).not.toMatch(/animation:/);
    expect(css).toMatch(/prefers-reduced-motion: reduce\)\s*{\s*:root\s*{\s*--motion: 0s;/);
  });
});
