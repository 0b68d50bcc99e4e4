import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../../../../src/app/layout/AppLayout';
import { RENDER_ERROR_TEXT } from '../../../../src/app/layout/RenderErrorBoundary';
import { renderInAdmin, signInAs } from '../../support/renderInAdmin';

function Broken(): never {
  throw new Error('boom');
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('AppLayout', () => {
  it('frames the page with the brand, the menu for the role and the content', async () => {
    signInAs('editor');
    renderInAdmin(
      <AppLayout>
        <p>Page content</p>
      </AppLayout>,
    );
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.getByTestId('sidebar-brand')).toHaveTextContent('Acme Analytics');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByTestId('app-layout')).toHaveAttribute('dir', 'ltr');
  });

  it('follows rtl, box layout and collapsed menu settings', () => {
    signInAs('editor');
    renderInAdmin(
      <AppLayout>
        <p>Page content</p>
      </AppLayout>,
      { settings: { rtlLayout: true, boxLayout: true, collapseMenu: true } },
    );
    const layout = screen.getByTestId('app-layout');
    expect(layout).toHaveAttribute('dir', 'rtl');
    expect(getComputedStyle(layout).maxWidth).toBe('1280px');
    expect(document.querySelector('.RaSidebar-closed')).not.toBeNull();
  });

  it('puts the menu in a bar under the header in the horizontal layout', async () => {
    signInAs('admin');
    renderInAdmin(
      <AppLayout>
        <p>Page content</p>
      </AppLayout>,
      { settings: { layout: 'horizontal' } },
    );
    expect(screen.queryByTestId('sidebar-brand')).not.toBeInTheDocument();
    const administration = await screen.findByRole('button', { name: 'Administration' });
    act(() => fireEvent.click(administration));
    expect(await screen.findByRole('menuitem', { name: /Users/ })).toHaveAttribute(
      'href',
      '/users',
    );
  });

  it('shows the render error text inside the layout', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs('editor');
    renderInAdmin(
      <AppLayout>
        <Link to="/fine">go on</Link>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<p>All good</p>} />
        </Routes>
      </AppLayout>,
      { path: '/broken' },
    );
    expect(screen.getByText(RENDER_ERROR_TEXT)).toBeInTheDocument();
  });
});
