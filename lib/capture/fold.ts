/**
 * Text folded for comparing names: lowercase, without diacritics (`Gödel` = `Godel`), with the
 * Latin letters Unicode does not decompose spelled out (`ß` = `ss`, `ø` = `o`), and everything
 * but letters and digits (and `+`, `#`, so `C++` and `C#` stay apart) turned into single spaces.
 * Person names and tag names are both compared on this.
 */

const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}
