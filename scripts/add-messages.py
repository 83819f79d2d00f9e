#!/usr/bin/env python3
"""Adds or replaces messages in every locale's messages.json, in every language at once.

Usage: scripts/add-messages.py FILE.json, where FILE maps key -> {"en": "...", "de": "...",
"fr": "...", ..., "description": "...", "placeholders": {"name": "$1", ...}}, with one text for each
folder under public/_locales (en, de, es, fr, ja, pt_BR, zh_CN). Placeholders are written as $NAME$
in the text. The description (in English, for translators) and the placeholders are the same in
every locale. Keeps existing keys and their order; new keys are appended.

Writes nothing and exits 1, naming the key and the locale, when an entry lacks the text of a locale
(the browser would show that language the English one), has an empty text, names a locale that has
no folder, or uses $NAME$ placeholders other than the ones it declares (the browser would show them
raw or drop the value). tests/unit/locales.test.ts checks the same of the files themselves.
"""
import json
import re
import sys
from pathlib import Path

NOT_LOCALES = {'description', 'placeholders'}
PLACEHOLDER = re.compile(r'\$([A-Za-z0-9_@]+)\$')

root = Path(__file__).resolve().parent.parent / 'public' / '_locales'
locales = sorted(folder.name for folder in root.iterdir() if (folder / 'messages.json').is_file())
entries = json.loads(Path(sys.argv[1]).read_text())


def problems_of(key, entry):
    declared = {name.lower() for name in entry.get('placeholders', {})}
    for locale in locales:
        text = entry.get(locale)
        if text is None:
            yield f'{key}: no text for locale {locale}'
        elif not text.strip():
            yield f'{key}: empty text for locale {locale}'
        else:
            used = {name.lower() for name in PLACEHOLDER.findall(text)}
            if used != declared:
                yield f'{key}: the {locale} text uses placeholders {sorted(used)}, declared {sorted(declared)}'
    for name in sorted(set(entry) - set(locales) - NOT_LOCALES):
        yield f'{key}: {name} is not a locale of public/_locales ({", ".join(locales)})'


problems = [problem for key, entry in entries.items() for problem in problems_of(key, entry)]
if problems:
    sys.exit('add-messages.py: nothing written.\n' + '\n'.join(problems))

for locale in locales:
    path = root / locale / 'messages.json'
    messages = json.loads(path.read_text())
    for key, entry in entries.items():
        message = {'message': entry[locale]}
        if 'description' in entry:
            message['description'] = entry['description']
        if 'placeholders' in entry:
            message['placeholders'] = {name: {'content': content} for name, content in entry['placeholders'].items()}
        messages[key] = message
    path.write_text(json.dumps(messages, ensure_ascii=False, indent=2) + '\n')
