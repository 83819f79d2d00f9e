#!/usr/bin/env python3
"""Adds or replaces messages in every locale's messages.json.

Usage: scripts/add-messages.py FILE.json, where FILE maps key -> {"en": "...", "de": "...",
"description": "...", "placeholders": {"name": "$1", ...}}. Placeholders are written as $NAME$ in the
text. Keeps existing keys and their order; new keys are appended.
"""
import json
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent / 'public' / '_locales'
entries = json.loads(Path(sys.argv[1]).read_text())
for locale in ('en', 'de'):
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
