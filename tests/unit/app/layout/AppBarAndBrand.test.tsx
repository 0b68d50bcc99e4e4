import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppBar } from '../../../../src/app/layout/AppBar';
import { Brand } from '../../../../src/ui/brand/Brand';
import { useLayoutSettings } from '../../../../src/app/layout/settings';
import { buildMuiTheme } from '../../../../src/app/layout/theme';
import { renderInAdmin, signInAs } from '../../support/renderInAdmin';

function SettingsProbe() {
  const [settings] = useLayoutSettings();
  return <output data-testid="settings">{JSON.stringify(settings)}</output>;
}
const currentSettings = () => JSON.parse(screen.getByTestId('settings').textContent!);

describe('AppBar', () => {
  it('switches the theme and writes localStorage `Theme`', async () => {
    signInAs('viewer');
    renderInAdmin(
      <>
        <AppBar />
        <SettingsProbe />
      </>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Switch to the dark theme' })));
    expect(localStorage.getItem('Theme')).toBe('dark');
    expect(currentSettings()).toMatchObject({
      layoutType: 'dark',
      navActiveListColor: 'active-lightblue',
    });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Switch to the light theme' })));
    expect(localStorage.getItem('Theme')).toBe('light');
  });

  it('collapses the menu with its button', () => {
    signInAs('viewer');
    renderInAdmin(
      <>
        <AppBar />
        <SettingsProbe />
      </>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Collapse or expand the menu' })));
    expect(currentSettings().collapseMenu).toBe(true);
  });

  it('opens the settings panel, whose controls change settings and reset them', () => {
    signInAs('viewer');
    renderInAdmin(
      <>
        <AppBar />
        <SettingsProbe />
      </>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Layout settings' })));
    const panel = screen.getByRole('region', { name: 'Layout settings' });
    act(() => fireEvent.click(within(panel).getByLabelText('Fixed header')));
    expect(currentSettings()).toMatchObject({
      headerFixedLayout: true,
      headerBackColor: 'header-blue',
    });
    act(() => fireEvent.click(within(panel).getByLabelText('Right-to-left layout')));
    expect(currentSettings().rtlLayout).toBe(true);
    act(() => fireEvent.click(within(panel).getByRole('button', { name: 'Reset to defaults' })));
    expect(currentSettings()).toMatchObject({ headerFixedLayout: false, rtlLayout: false });
  });
});

describe('Brand', () => {
  it("links the logo and company name to the app's home, the website separately beside them", () => {
    signInAs('viewer', { logoDataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    renderInAdmin(<Brand />);
    const home = screen.getByRole('link', { name: 'Acme Analytics' });
    // The viewer's home: their landing page (dashboards).
    expect(home.getAttribute('href')).toMatch(/^\/dashboards/);
    expect(home).toHaveAttribute('href', expect.not.stringContaining('acme.example'));
    expect(within(home).getByRole('img', { name: 'Acme Analytics logo' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    const website = screen.getByRole('link', { name: 'Website of Acme Analytics' });
    expect(website).toHaveAttribute('href', '//acme.example');
    expect(website).toHaveAttribute('target', '_blank');
    expect(home.contains(website)).toBe(false);
  });
});

describe('buildMuiTheme', () => {
  it('is light or dark by layout type, in the brand colours, right-to-left when asked', () => {
    const light = buildMuiTheme(
      { layoutType: 'menu-dark', rtlLayout: false },
      { primaryColor: '#112233' },
    );
    expect(light.palette.mode).toBe('light');
    expect(light.palette.primary.main).toBe('#112233');
    const dark = buildMuiTheme(
      { layoutType: 'dark', rtlLayout: true },
      { primaryColor: 'not a colour' },
    );
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.primary.main).not.toBe('not a colour');
    expect(dark.direction).toBe('rtl');
  });
});
