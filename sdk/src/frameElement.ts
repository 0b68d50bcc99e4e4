import { isEmbedMessage, type EmbedMessage } from './messages.js';

// What <brandboard-dashboard> and <brandboard-chart> share: an iframe on the embed page of
// their token (`base-url`, `token`), sized by the page's messages, and DOM events for what the
// page tells: `brandboard-loaded` and `brandboard-chart-clicked` (detail: the chart and the
// value clicked). Messages are taken only from its own iframe at the page's origin.
//
// A height the host gives the element (its `height` attribute or an inline style height) is
// kept: the iframe fills it and the page scrolls inside, instead of growing past it. A token
// whose `origins` do not name this page cannot be framed (the browser would show an empty grey
// box): the element says so in its place and tells `brandboard-error` (detail: the reason).

const MIN_HEIGHT = 200;

export abstract class BrandboardFrameElement extends HTMLElement {
  static observedAttributes = ['base-url', 'token', 'height', 'title'];
  /** The embed pages of this element: `/embed/<path>/<token>`. */
  protected abstract readonly embedPath: 'dashboards' | 'charts';
  protected readonly frame: HTMLIFrameElement;
  /** The origin of the page in the frame: messages are taken from it and sent to it only. */
  protected origin: string | null = null;
  protected loaded = false;
  /** Said in place of the frame when the token cannot be framed on this page. */
  readonly #notice: HTMLParagraphElement;
  /** The frame's accessible name unless the host gives the element a `title`. */
  readonly #defaultTitle: string;

  constructor(title: string) {
    super();
    this.#defaultTitle = title;
    this.frame = document.createElement('iframe');
    this.frame.style.cssText = `border:0;width:100%;height:${MIN_HEIGHT}px;display:block`;
    this.frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
    this.#notice = document.createElement('p');
    this.#notice.setAttribute('role', 'alert');
    this.#notice.style.cssText = 'margin:0;padding:16px;font:14px/1.5 system-ui,sans-serif';
  }

  connectedCallback(): void {
    if (!this.frame.isConnected) this.append(this.frame);
    window.addEventListener('message', this.#onMessage);
    this.#load();
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.#onMessage);
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#load();
  }

  /** A message of the page beyond sizing and the events every element tells. */
  protected onPageMessage(_message: EmbedMessage): void {}

  /** The page has loaded: what waited for it may be sent now. */
  protected onPageLoaded(): void {}

  protected emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** The host's own height for the element, if it set one; the frame then fills it. */
  #hostHeight(): string | null {
    const attribute = this.getAttribute('height');
    if (attribute) return /^\d+(\.\d+)?$/.test(attribute) ? `${attribute}px` : attribute;
    return this.style.height || null;
  }

  #applyHostHeight(): void {
    const height = this.#hostHeight();
    if (!height) return;
    this.style.display = this.style.display || 'block';
    this.style.height = height;
    this.frame.style.height = '100%';
  }

  #refuse(reason: string): void {
    this.#notice.textContent = reason;
    this.frame.remove();
    if (!this.#notice.isConnected) this.append(this.#notice);
    this.emit('brandboard-error', { reason });
  }

  #load(): void {
    // Read here, not in the constructor: a framework sets attributes after creating the element.
    this.frame.setAttribute('title', this.getAttribute('title') ?? this.#defaultTitle);
    this.#applyHostHeight();
    const base = this.getAttribute('base-url');
    const token = this.getAttribute('token');
    if (!base || !token) return;
    const refusal = framingRefusal(token, window.location.origin);
    if (refusal) return this.#refuse(refusal);
    this.#notice.remove();
    if (!this.frame.isConnected) this.append(this.frame);
    const url = new URL(`/embed/${this.embedPath}/${token}`, base);
    if (this.frame.src === url.href) return;
    this.origin = url.origin;
    this.loaded = false;
    this.frame.src = url.href;
  }

  readonly #onMessage = (event: MessageEvent): void => {
    if (event.source !== this.frame.contentWindow || event.origin !== this.origin) return;
    if (!isEmbedMessage(event.data)) return;
    const message = event.data;
    if (message.height !== undefined && Number.isFinite(message.height) && !this.#hostHeight()) {
      this.frame.style.height = `${Math.max(MIN_HEIGHT, Math.ceil(message.height))}px`;
    }
    if (message.type === 'loaded') {
      this.loaded = true;
      this.emit('brandboard-loaded', {});
      this.onPageLoaded();
    } else if (message.type === 'chartClicked') {
      this.emit('brandboard-chart-clicked', message.chart);
    } else {
      this.onPageMessage(message);
    }
  };
}

/**
 * The `origins` a token names (null: none), or undefined when its payload does not read (the
 * server checks the rest, and its page says what is wrong).
 */
function originsOf(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const claims: unknown = JSON.parse(json);
    if (!claims || typeof claims !== 'object') return null;
    return (claims as { origins?: unknown }).origins ?? null;
  } catch {
    return undefined;
  }
}

/** Why a token cannot be framed on a page of `origin`, or null when it may be (or is unread). */
export function framingRefusal(token: string, origin: string): string | null {
  const origins = originsOf(token);
  if (origins === undefined) return null;
  if (!Array.isArray(origins) || origins.length === 0) {
    return `This content cannot be shown here: its embed token names no origins. Sign it with "origins": ["${origin}"].`;
  }
  if (!origins.includes(origin)) {
    return `This content cannot be shown here: its embed token does not allow ${origin} in its "origins".`;
  }
  return null;
}
