// jsdom has no ResizeObserver (every browser has); the charts observe their tile's size with
// it. Nothing resizes in jsdom, so an observer that never reports is the faithful stand-in.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
