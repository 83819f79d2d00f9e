/**
 * The library code `npm run extract` runs in Node, around the page: reading the rules and space
 * files, and deciding the links from the space's objects. Loaded through Vite (runnerImport),
 * which resolves the library's extensionless imports as the build does.
 */
export { resolveLinks } from '../lib/capture/links';
export { describeImportError, parseRulesFile } from '../lib/capture/rules-file';
export { parseSpaceFile } from '../lib/capture/space-file';
