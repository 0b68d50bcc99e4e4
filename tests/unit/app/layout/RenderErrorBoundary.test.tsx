import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import {
  LayoutErrorPage,
  RENDER_ERROR_TEXT,
  RenderErrorBoundary,
} from '../../../../src/app/layout/RenderErrorBoundary';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';

function Broken(): never {
  throw new Error('boom');
}

beforeEach(() => {
  // React reports caught render errors on the console; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('RenderErrorBoundary', () => {
  it('shows the exact text of spec §2', () => {
    expect(RENDER_ERROR_TEXT).toBe(
      'An unexpected error has occured. Please refresh your browser and try again. If you continue to encounter this error, please contact our customer support.',
    );
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <RenderErrorBoundary>
            <Broken />
          </RenderErrorBoundary>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(RENDER_ERROR_TEXT);
  });

  it('clears the error on the next navigation', () => {
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <AdminContext i18nProvider={i18nProvider}>
          <Link to="/fine">go on</Link>
          <RenderErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<p>All good</p>} />
            </Routes>
          </RenderErrorBoundary>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(screen.getByText(RENDER_ERROR_TEXT)).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByText('go on')));
    expect(screen.queryByText(RENDER_ERROR_TEXT)).not.toBeInTheDocument();
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('gives react-admin’s layout the same text', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LayoutErrorPage />
      </AdminContext>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(RENDER_ERROR_TEXT);
  });
});
