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
