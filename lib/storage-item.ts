import { browser } from 'wxt/browser';

/**
 * A typed, versioned value in `browser.storage`, named `area:name`. Written here instead of taking
 * @wxt-dev/storage: the extension reads and writes whole values and watches two of them, and that
 * library's batching, snapshots and locks cost the background a twentieth of its size budget
 * (README, "Dependencies"). It keeps that library's layout (the value under `name`, its version
 * under `name$` as `{ v }`), so values written before carry over.
 */
export interface StorageItem<T> {
  /** The key in its storage area. */
  readonly key: string;
  /** The stored value (brought up to the item's version), or a fresh copy of the fallback. */
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Calls back with the new value (or the fallback) whenever it changes; returns the unwatch. */
  watch(callback: (value: T) => void): () => void;
}

type AreaName = 'local' | 'session' | 'sync';
export type StorageKey = `${AreaName}:${string}`;

export interface ItemOptions<T> {
  fallback: T;
  /** The value's shape version; a value stored at an older one goes through `migrations` when read. */
  version?: number;
  /** `migrations[n]` turns a version n-1 value into a version n one. */
  migrations?: Record<number, (value: unknown) => unknown>;
}

export function defineItem<T>(key: StorageKey, options: ItemOptions<T>): StorageItem<T>;
export function defineItem<T>(key: StorageKey): StorageItem<T | null>;
export function defineItem<T>(key: StorageKey, options?: ItemOptions<T>): StorageItem<T | null> {
  const separator = key.indexOf(':');
  const areaName = key.slice(0, separator) as AreaName;
  const name = key.slice(separator + 1);
  const metaName = `${name}$`;
  const version = options?.version ?? 1;
  const area = () => browser.storage[areaName];
  const orFallback = (value: unknown): T | null =>
    value === undefined || value === null ? structuredClone(options?.fallback ?? null) : (value as T);
  const written = (value: T | null) => ({ [name]: value, [metaName]: { v: version } });

  async function getValue(): Promise<T | null> {
    const stored = await area().get([name, metaName]);
    let value = stored[name];
    const from = (stored[metaName] as { v?: number } | undefined)?.v ?? 1;
    if (value === undefined || value === null || from >= version) return orFallback(value);
    for (let next = from + 1; next <= version; next += 1) {
      const migrate = options?.migrations?.[next];
      if (!migrate) throw new Error(`${key}: no migration to version ${next}`);
      value = migrate(value);
    }
    await area().set(written(value as T));
    return orFallback(value);
  }

  return {
    key: name,
    getValue,
    setValue: (value) => area().set(written(value)),
    removeValue: () => area().remove([name, metaName]),
    watch(callback) {
      const listener = (changes: Record<string, { newValue?: unknown }>, changedArea: string) => {
        const change = changes[name];
        if (changedArea === areaName && change) callback(orFallback(change.newValue));
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
}

/** Removes `key` from a stored record (a per-tab or per-space value), writing only when it was there. */
export async function removeKey<T>(item: StorageItem<Record<string, T>>, key: string): Promise<void> {
  const all = await item.getValue();
  if (!Object.hasOwn(all, key)) return;
  delete all[key];
  await item.setValue(all);
}
