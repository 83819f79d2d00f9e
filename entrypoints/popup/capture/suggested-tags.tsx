import type { SpaceTag } from '@/lib/capture/tag-names';
import { t } from '@/lib/i18n';

/** Up to five existing tags of the space the page is about: one button each, named by the tag. */
export function SuggestedTags({ tags, onAdd }: { tags: SpaceTag[]; onAdd(tag: SpaceTag): void }) {
  if (tags.length === 0) return null;
  return (
    <fieldset className="suggested-tags">
      <legend>{t('captureSuggestedTags')}</legend>
      {tags.map((tag) => (
        <button key={tag.id} type="button" className="chip" onClick={() => onAdd({ id: tag.id, title: tag.title })}>
          {tag.title}
        </button>
      ))}
    </fieldset>
  );
}
