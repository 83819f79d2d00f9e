import { defineItem } from '../storage-item';
import type { SpaceTag } from './tag-names';

/**
 * Each space's tag vocabulary, most recently seen first (entrypoints/popup/capture/tag-vocabulary.ts
 * keeps it). Declared apart from lib/storage.ts, whose every item the background keeps: the
 * background needs this one only to forget a disconnected space's tags (lib/auth/forget-space.ts).
 */
export const tagVocabularyItem = defineItem<Record<string, SpaceTag[]>>('local:tagVocabulary', { fallback: {} });
