// English interface text. One top-level namespace per area: `app` (shell: providers and
// layout), `public` (public pages), `resources` (sections), `platform` (platform admin).
// react-admin's own `ra.*` messages come from ra-language-english (see i18nProvider).

export const en = {
  app: {
    productName: 'Brandboard',
    title: {
      welcome: 'Welcome | %{name}',
    },
    error: {
      render:
        'An unexpected error has occured. Please refresh your browser and try again. If you continue to encounter this error, please contact our customer support.',
    },
    auth: {
      invalidCredentials: 'Invalid username or password',
      inactiveUser: 'This user is not active. Please contact your administrator.',
      tooManyAttempts: 'Too many sign-in attempts. Please wait a moment and try again.',
      loginFailed: 'Sign-in failed. Please try again.',
    },
    brand: {
      logoAlt: '%{name} logo',
    },
    progress: {
      loading: 'Loading',
    },
    menu: {
      analytics: 'Analytics',
      data: 'Data',
      administration: 'Administration',
      platform: 'Platform',
      gettingStarted: 'Getting started',
      navigation: 'Main navigation',
    },
    appBar: {
      toggleMenu: 'Collapse or expand the menu',
      switchToDark: 'Switch to the dark theme',
      switchToLight: 'Switch to the light theme',
      openSettings: 'Layout settings',
      signOut: 'Sign out',
    },
    settings: {
      title: 'Layout settings',
      close: 'Close',
      reset: 'Reset to defaults',
      layout: 'Layout',
      layoutVertical: 'Vertical',
      layoutHorizontal: 'Horizontal',
      layoutType: 'Colour scheme',
      layoutTypes: {
        light: 'Light',
        dark: 'Dark',
        'menu-dark': 'Dark menu',
        'menu-light': 'Light menu',
      },
      collapseMenu: 'Collapsed menu',
      navIconColor: 'Coloured menu icons',
      headerBackColor: 'Header colour',
      navBackColor: 'Menu background colour',
      navBrandColor: 'Brand area colour',
      navBackImage: 'Menu background image',
      noImage: 'None',
      rtlLayout: 'Right-to-left layout',
      navFixedLayout: 'Fixed menu',
      headerFixedLayout: 'Fixed header',
      boxLayout: 'Boxed layout',
      navDropdownIcon: 'Sub menu arrow',
      navListIcon: 'Menu item marker',
      navActiveListColor: 'Active menu item colour',
      navListTitleColor: 'Menu group title colour',
      navListTitleHide: 'Hide menu group titles',
      layout6Background: 'Page background',
      iconStyles: {
        arrow: 'Arrow',
        chevron: 'Chevron',
        plus: 'Plus',
        none: 'None',
        dot: 'Dot',
        circle: 'Circle',
        square: 'Square',
      },
    },
  },
  public: {},
  resources: {},
  platform: {},
};

export type Messages = typeof en;
