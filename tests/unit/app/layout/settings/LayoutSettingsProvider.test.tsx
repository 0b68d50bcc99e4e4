import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LayoutSettingsProvider,
  resolveInitialTheme,
  useLayoutSettings,
} from '../../../../../src/app/layout/settings';

function Probe() {
  const [settings, dispatch] = useLayoutSettings();
  return (
    <>
      <span data-testid="type">{settings.layoutType}</span>
      <span data-testid="active">{settings.navActiveListColor}</span>
      <span data-testid="collapsed">{String(settings.collapseMenu)}</span>
      <span data-testid="rtl">{String(settings.rtlLayout)}</span>
      <button onClick={() => dispatch({ type: 'RTL_LAYOUT' })}>rtl</button>
      <button onClick={() => dispatch({ type: 'COLLAPSE_MENU' })}>collapse</button>
      <button onClick={() => dispatch({ type: 'LAYOUT_TYPE', layoutType: 'dark' })}>dark</button>
      <button onClick={() => dispatch({ type: 'RESET' })}>reset</button>
    </>
  );
}

describe('resolveInitialTheme', () => {
  it('takes the given theme first, then localStorage `Theme`, then light', () => {
    localStorage.setItem('Theme', 'dark');
    expect(resolveInitialTheme('light')).toBe('light');
    expect(resolveInitialTheme(undefined)).toBe('dark');
    localStorage.setItem('Theme', 'purple');
    expect(resolveInitialTheme(undefined)).toBe('light');
    localStorage.removeItem('Theme');
    expect(resolveInitialTheme(undefined)).toBe('light');
  });
});

describe('LayoutSettingsProvider', () => {
  it('keeps right-to-left across a reload (a new provider), until switched off or reset', () => {
    localStorage.removeItem('rtlLayout');
    const first = render(
      <LayoutSettingsProvider>
        <Probe />
      </LayoutSettingsProvider>,
    );
    expect(screen.getByTestId('rtl')).toHaveTextContent('false');
    act(() => screen.getByText('rtl').click());
    first.unmount();

    const reloaded = render(
      <LayoutSettingsProvider>
        <Probe />
      </LayoutSettingsProvider>,
    );
    expect(screen.getByTestId('rtl')).toHaveTextContent('true');
    act(() => screen.getByText('reset').click());
    reloaded.unmount();

    render(
      <LayoutSettingsProvider>
        <Probe />
      </LayoutSettingsProvider>,
    );
    expect(screen.getByTestId('rtl')).toHaveTextContent('false');
  });

  it('starts dark from localStorage with the dark colours', () => {
    localStorage.setItem('Theme', 'dark');
    render(
      <LayoutSettingsProvider>
        <Probe />
      </LayoutSettingsProvider>,
    );
    expect(screen.getByTestId('type')).toHaveTextContent('dark');
    expect(screen.getByTestId('active')).toHaveTextContent('active-lightblue');
  });

  it('prefers the given theme over localStorage', () => {
    localStorage.setItem('Theme', 'dark');
    render(
      <LayoutSettingsProvider theme="light">
        <Probe />
      </LayoutSettingsProvider>,
    );
    expect(screen.getByTestId('type')).toHaveTextContent('light');
  });

  it('fires a window resize when the menu collapses', () => {
    render(
      <LayoutSettingsProvider>
        <Probe />
      </LayoutSettingsProvider>,
    );
    let resizes = 0;
    const count = () => resizes++;
    window.addEventListener('resize', count);
    act(() => screen.getByText('collapse').click());
    window.removeEventListener('resize', count);
    expect(resizes).toBe(1);
    expect(screen.getByTestId('collapsed')).toHaveTextContent('true');
  });

  it('writes the theme to localStorage `Theme` when it changes and on reset', () => {
    render(
      <LayoutSettingsProvider>
        <Probe />
      </LayoutSettingsProvider>,
    );
    act(() => screen.getByText('dark').click());
    expect(localStorage.getItem('Theme')).toBe('dark');
    act(() => screen.getByText('reset').click());
    expect(localStorage.getItem('Theme')).toBe('light');
    expect(screen.getByTestId('type')).toHaveTextContent('light');
  });
});
