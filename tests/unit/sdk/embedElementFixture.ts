// Mounting an SDK element on the page and speaking to it as its embed page would.

export const BASE = 'https://acme.brandboard.example';

/** The element `tag` for `token`, in the page, and the iframe it made. */
export function mountElement<E extends HTMLElement>(tag: string, token = 'h.p.s') {
  const element = document.createElement(tag) as E;
  element.setAttribute('base-url', BASE);
  element.setAttribute('token', token);
  document.body.append(element);
  const frame = element.querySelector('iframe')!;
  return { element, frame };
}

/** A message to the host window, from `frame`'s window at `origin`. */
export function fromFrame(frame: HTMLIFrameElement, data: unknown, origin = BASE) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));
}

/** The same message from the host's own window: no element may take it. */
export function fromOwnWindow(data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: BASE, source: window }));
}

const EVENTS = ['brandboard-loaded', 'brandboard-filters-changed', 'brandboard-chart-clicked'];

/** Every SDK event `element` fires from now on, as [type, detail], in order. */
export function recordEvents(element: HTMLElement): [string, unknown][] {
  const seen: [string, unknown][] = [];
  for (const type of EVENTS) {
    element.addEventListener(type, (event) => seen.push([type, (event as CustomEvent).detail]));
  }
  return seen;
}
