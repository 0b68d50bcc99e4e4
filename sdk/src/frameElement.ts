import { isEmbedMessage, type EmbedMessage } from './messages.js';

// What <brandboard-dashboard> and <brandboard-chart> share: an iframe on the embed page of
// their token (`base-url`, `token`), sized by the page's messages, and DOM events for what the
// page tells: `brandboard-loaded` and `brandboard-chart-clicked` (detail: the chart and the
// value clicked). Messages are taken only from its own iframe at the page's origin.

const MIN_HEIGHT = 200;

export abstract class BrandboardFrameElement extends HTMLElement {
  static observedAttributes = ['base-url', 'token'];
  /** The embed pages of this element: `/embed/<path>/<token>`. */
  protected abstract readonly embedPath: 'dashboards' | 'charts';
  protected readonly frame: HTMLIFrameElement;
  /** The origin of the page in the frame: messages are taken from it and sent to it only. */
  protected origin: string | null = null;
  protected loaded = false;

  constructor(title: string) {
    super();
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('title', this.getAttribute('title') ?? title);
    this.frame.style.cssText = `border:0;width:100%;height:${MIN_HEIGHT}px;display:block`;
    this.frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
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

  #load(): void {
    const base = this.getAttribute('base-url');
    const token = this.getAttribute('token');
    if (!base || !token) return;
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
    if (message.height !== undefined && Number.isFinite(message.height)) {
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
