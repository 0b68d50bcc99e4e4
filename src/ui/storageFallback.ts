// A page in another site's frame (an embedded dashboard) may be denied the browser's storage:
// reading `localStorage` then throws, and every screen that keeps a setting would fail. Where
// that happens, this page gets storage that lives in memory for as long as it is open, under
// the same names, so nothing else needs to know. Imported first by main.tsx.

class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(String(key)) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(String(key));
  }
  setItem(key: string, value: string) {
    this.#items.set(String(key), String(value));
  }
}

function usable(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    const storage = window[name];
    storage.getItem('');
    return true;
  } catch {
    return false;
  }
}

export function ensureStorage(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (usable(name)) continue;
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
  }
}

ensureStorage();
