/**
 * The library code `npm run extract` runs in Node, around the page: reading the rules and space
 * files, and deciding the links from the space's objects. Loaded through Vite (runnerImport),
 * which resolves the library's extensionless imports as the build does.
 */

export { describeImportError, parseRulesFile } from '../entrypoints/options/rules-file';
export { resolveLinks } from '../lib/capture/links';
export { parseSpaceFile } from './space-file';
