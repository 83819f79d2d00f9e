// turndown-plugin-gfm ships no types; only what this project imports is declared.
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  export const gfm: TurndownService.Plugin;
}
