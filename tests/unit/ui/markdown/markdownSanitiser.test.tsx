import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../../src/ui/markdown/Markdown';

// Every markdown text of the product (help, info pages, messages, dashboard text tiles) is
// rendered by one component. Whatever a writer stores, nothing in it may run: no script
// element, no event handler attribute, no javascript:/vbscript:/data: link or source, no
// frame, object, embed, form or style element.

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<https://example.com" onmouseover="alert(1)>',
  '<javascript:alert(1)>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '> <img src=x onerror=alert(1)>',
  '* <a href=x onclick=alert(1)>x</a>',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
];

const FORBIDDEN_ELEMENTS = 'script, iframe, object, embed, form, style, meta, base, svg, math';
const UNSAFE_URL = /^\s*(javascript|vbscript|data):/i;

function dangers(container: HTMLElement): string[] {
  const found: string[] = [];
  container.querySelectorAll(FORBIDDEN_ELEMENTS).forEach((element) => {
    found.push(`<${element.tagName.toLowerCase()}>`);
  });
  container.querySelectorAll('*').forEach((element) => {
    for (const attribute of Array.from(element.attributes)) {
      if (/^on/i.test(attribute.name)) found.push(`${attribute.name} on <${element.tagName}>`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name)) {
        const value = Array.from(attribute.value)
          .filter((character) => character.charCodeAt(0) > 32)
          .join('');
        if (UNSAFE_URL.test(value)) found.push(`${attribute.name}="${attribute.value}"`);
      }
      if (attribute.name === 'style' || attribute.name === 'srcdoc') found.push(attribute.name);
    }
  });
  return found;
}

describe('markdown sanitiser', () => {
  it.each(PAYLOADS)('renders %j without anything that runs', (payload) => {
    const { container } = render(<Markdown>{payload}</Markdown>);
    expect(dangers(container)).toEqual([]);
  });

  it('still renders safe markdown: headings, emphasis, lists, code, tables, http links', () => {
    const { container } = render(
      <Markdown>
        {'# Title\n\n*em* **strong**\n\n- one\n- two\n\n`code`\n\n[site](https://example.com)'}
      </Markdown>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Title');
    expect(container.querySelector('em')?.textContent).toBe('em');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('code')?.textContent).toBe('code');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
  });

  it('shows raw HTML as text rather than dropping what was written', () => {
    const { container } = render(<Markdown>{'<b>bold?</b> plain'}</Markdown>);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>bold?</b> plain');
  });

  it('the checker itself finds what it looks for', () => {
    const probe = document.createElement('div');
    probe.innerHTML = '<a href=" javascript:x" onclick="y"></a><script></script>';
    expect(dangers(probe)).toEqual(['<script>', 'href=" javascript:x"', 'onclick on <A>']);
  });
});
