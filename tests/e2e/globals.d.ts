// Code passed to `page.evaluate` / `worker.evaluate` runs inside the extension, where `chrome` exists.
/// <reference types="chrome" />
