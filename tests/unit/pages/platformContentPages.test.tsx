import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import InfoPage from '../../../src/pages/info/InfoPage';
import MessagePage from '../../../src/pages/messages/MessagePage';
import { Markdown } from '../../../src/ui/markdown/Markdown';
import { renderPublicPage } from '../support/platformRender';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import { call, startPlatformServer, type PlatformServer } from '../../api/platformHarness';

const HOSTILE = [
  '# Terms',
  '',
  'Plain **bold** text.',
  '',
  '<script>window.__injected = true</script>',
  '',
  '<img src="x" onerror="window.__injected = true">',
  '',
  '[click](javascript:window.__injected=true)',
].join('\n');

describe('Markdown', () => {
  it('renders markdown but shows raw HTML as text and drops script links', () => {
    const { container } = render(<Markdown>{HOSTILE}</Markdown>);
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>window.__injected = true</script>');
    expect(container).toHaveTextContent('<img src="x" onerror="window.__injected = true">');
    const link = screen.getByText('click').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect((window as { __injected?: boolean }).__injected).toBeUndefined();
  });
});

describe('InfoPage and MessagePage', () => {
  let server: PlatformServer;

  beforeAll(async () => {
    server = await startPlatformServer();
    setApiPrefix(server.base);
    const root = await server.sessionFor('www', 'admin');
    const published = [
      ['/api/v1/info', { slug: 'legal/terms', title: 'Terms of service', body: HOSTILE }],
      [
        '/api/v1/messages',
        { type: 'announcement', title: 'Maintenance', body: 'Back at **noon**.' },
      ],
    ] as const;
    for (const [path, body] of published) {
      const created = await call(server, 'POST', path, {
        token: root,
        body: { ...body, published: true },
      });
      expect(created.status).toBe(200);
    }
  });
  afterAll(async () => {
    setApiPrefix('');
    await server.close();
  });

  it('shows the published page of the slug, HTML in its body as text', async () => {
    const { container } = renderPublicPage('/info/:page/*', '/info/legal/terms', <InfoPage />);
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src="x" onerror="window.__injected = true">');
  });

  it('answers an unknown page with a friendly not-found and a link home', async () => {
    renderPublicPage('/info/:page/*', '/info/nowhere', <InfoPage />);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it.each([
    ['/messages/registration/received', 'Registration received'],
    ['/messages/share/expired', 'Link expired'],
    ['/messages/share/revoked', 'Link revoked'],
    ['/messages/account/created', 'Account created'],
    ['/messages/registration-received/42', 'Registration received'],
    ['/messages/invitation/used', 'Password already set'],
    ['/messages/invitation/expired', 'Link expired'],
    ['/messages/invitation/unknown', 'Link not valid'],
  ])('shows the built-in message of %s without asking the server', async (path, title) => {
    renderPublicPage('/messages/:type/:id', path, <MessagePage />);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.startsWith('/api/v1/public/messages'))).toEqual([]);
  });

  it('shows a stored message of another type from the server', async () => {
    renderPublicPage('/messages/:type', '/messages/announcement', <MessagePage />);
    expect(await screen.findByRole('heading', { name: 'Maintenance' })).toBeInTheDocument();
    expect(screen.getByText('noon').tagName).toBe('STRONG');
  });

  it('shows the generic not-found message for an unknown message', async () => {
    renderPublicPage('/messages/:type/:id', '/messages/unknown/thing', <MessagePage />);
    expect(await screen.findByText('Message not found')).toBeInTheDocument();
  });
});
