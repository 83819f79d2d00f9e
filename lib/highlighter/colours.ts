/**
 * The six highlight colours of the published reference's `custom` highlight, by the keys a
 * highlight keeps (and sends as `color`), and the name each is drawn under in `CSS.highlights`.
 * public/highlights.css styles each name: a translucent fill that keeps the page's own text colour
 * (legible on light and dark pages) and, for people who do not tell the fills apart, a line of its
 * own under each colour but yellow.
 */

export const HIGHLIGHT_COLOURS = ['yellow', 'orange', 'green', 'red', 'purple', 'blue'] as const;

export type HighlightColour = (typeof HIGHLIGHT_COLOURS)[number];

/** The colour of a new highlight unless the person chose another (options page, "Highlight colour"). */
export const DEFAULT_HIGHLIGHT_COLOUR: HighlightColour = 'yellow';

export function isHighlightColour(value: unknown): value is HighlightColour {
  return (HIGHLIGHT_COLOURS as readonly unknown[]).includes(value);
}

/** The name a colour's highlights are registered under in the page's `CSS.highlights`. */
export function highlightName(colour: HighlightColour): string {
  return `space-clipper-${colour}`;
}

/** The message (public/_locales) naming each colour, as the toolbar's radios and the popup show it. */
export const COLOUR_MESSAGES = {
  yellow: 'highlightColourYellow',
  orange: 'highlightColourOrange',
  green: 'highlightColourGreen',
  red: 'highlightColourRed',
  purple: 'highlightColourPurple',
  blue: 'highlightColourBlue',
} as const satisfies Record<HighlightColour, string>;
