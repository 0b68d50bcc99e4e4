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
      content: 'Content',
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
      colors: {
        default: 'Default',
        blue: 'Blue',
        red: 'Red',
        purple: 'Purple',
        lightblue: 'Light blue',
        dark: 'Dark',
        grey: 'Grey',
      },
      images: {
        none: 'None',
        ocean: 'Ocean',
        sunset: 'Sunset',
        forest: 'Forest',
      },
      backgrounds: {
        plain: 'Plain',
        blue: 'Blue tint',
        purple: 'Purple tint',
        grey: 'Grey tint',
      },
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
  public: {
    login: {
      title: 'Sign in',
      username: 'Username',
      password: 'Password',
      submit: 'Sign in',
      usernameRequired: 'Please enter your username',
      passwordRequired: 'Please enter your password',
      failed: 'Sign-in failed. Please try again.',
      createAccount: 'Create an account',
      home: 'About Brandboard',
    },
    home: {
      nav: {
        pricing: 'Pricing',
        signIn: 'Sign in',
        openApp: 'Open the app',
        register: 'Register',
      },
      hero: {
        title: 'Your data, your dashboards, your brand',
        text: 'Brandboard connects to your databases, turns tables into reusable datasets, and lets your team explore them with SQL or plain-language questions, build charts and dashboards, and share them by link, all under your own name and logo.',
        start: 'Create an account',
        pricing: 'See pricing',
      },
      features: {
        title: 'What Brandboard does',
        connect: {
          title: 'Connect your data',
          text: 'PostgreSQL, MySQL, MariaDB and SQLite sources, or upload files into a built-in analytics warehouse.',
        },
        datasets: {
          title: 'Define datasets',
          text: 'Name tables and queries once, with labelled fields, formats and synonyms everyone can reuse.',
        },
        explorer: {
          title: 'Explore with SQL',
          text: 'A SQL editor with schema completion, read-only and time-limited, for quick answers.',
        },
        aiCharts: {
          title: 'Charts from plain language',
          text: 'Ask "revenue by month for 2024" and get a chart, with the interpretation shown so you can correct it.',
        },
        dashboards: {
          title: 'Dashboards',
          text: 'Arrange charts, numbers and notes on a grid, with filters that apply across charts.',
        },
        sharing: {
          title: 'Share by link',
          text: 'Send a read-only link to a dashboard, with an expiry date and the option to revoke it.',
        },
        whiteLabel: {
          title: 'White-label',
          text: 'Each company gets its own sub-domain, name, logo and colours, on screen and on shared links.',
        },
      },
      pricing: {
        title: 'Pricing',
        subtitle: 'Start free and change plans as your team grows.',
        perMonth: '/ month',
        popular: 'Most popular',
        choose: 'Get started',
        loading: 'Loading plans',
        error: 'The plans could not be loaded. Please try again later.',
        empty: 'No plans are on offer at the moment.',
      },
      footer: {
        label: 'Information pages',
        copyright: '© %{year} Brandboard',
      },
    },
    sharedDashboard: {
      title: 'Shared dashboard',
      unavailable: 'This shared dashboard could not be shown: the link is not available.',
      home: 'Go to the home page',
    },
  },
  resources: {
    dashboards: { name: 'Dashboard |||| Dashboards' },
    aicharts: { name: 'AI chart |||| AI charts' },
    datasets: { name: 'Dataset |||| Datasets' },
    'data-explorer': { name: 'Data explorer |||| Data explorer' },
    datasources: { name: 'Data source |||| Data sources' },
    surveys: { name: 'Survey |||| Surveys' },
    'getting-started': { name: 'Getting started |||| Getting started' },
    tokens: { name: 'API token |||| API tokens' },
    registrations: { name: 'Registration |||| Registrations' },
    pricing: { name: 'Pricing plan |||| Pricing' },
    helpsections: { name: 'Help section |||| Help sections' },
    info: { name: 'Information page |||| Information pages' },
    messages: { name: 'Message |||| Messages' },
    users: {
      name: 'User |||| Users',
      fields: {
        username: 'Username',
        fullName: 'Full name',
        email: 'E-mail',
        role: 'Role',
        active: 'Active',
        password: 'Password',
        newPassword: 'Set a new password',
        q: 'Search',
      },
      roles: {
        'platform-admin': 'Platform administrator',
        admin: 'Administrator',
        editor: 'Editor',
        viewer: 'Viewer',
      },
      helpers: {
        password: 'At least 12 characters.',
        newPassword: 'Leave empty to keep the current password. At least 12 characters.',
      },
      validation: {
        required: 'Required',
        tooLong: 'Too long',
        email: 'Must be a valid e-mail address',
        usernameFormat: 'Use letters, digits, dots, hyphens and underscores only',
        passwordLength: 'The password must be at least 12 characters long',
      },
    },
    accounts: {
      name: 'Account |||| Accounts',
      fields: {
        site: 'Site',
        name: 'Name',
        plan: 'Plan',
        active: 'Active',
        q: 'Search',
      },
      helpers: {
        site: 'The sub-domain: lower-case letters, digits and hyphens, e.g. acme.',
        siteFixed: 'The site cannot be changed: links and sign-ins depend on it.',
      },
      validation: {
        required: 'Required',
        tooLong: 'Too long',
        site: 'Use 2 to 40 lower-case letters, digits and inner hyphens',
      },
    },
    companies: {
      name: 'Company profile |||| Company profiles',
      fields: {
        name: 'Company name',
        website: 'Website',
        primaryColor: 'Primary colour',
        secondaryColor: 'Secondary colour',
        logo: 'New logo',
        hasLogo: 'Logo',
        accountId: 'Account',
        q: 'Search',
      },
      helpers: {
        website: 'For example acme.example or https://acme.example',
        logo: 'PNG, JPEG, GIF or WebP, at most 1 MB.',
      },
      logo: {
        current: 'Current logo',
        none: 'No logo yet',
        set: 'A logo is set',
      },
      validation: {
        required: 'Required',
        tooLong: 'Too long',
        website: 'Must be a web address such as acme.example',
        colour: 'Must be a colour like #1976d2',
        logoType: 'The logo must be a PNG, JPEG, GIF or WebP image',
        logoSize: 'The logo must be at most 1 MB',
      },
    },
  },
  sections: {
    notAvailable: {
      text: '%{section} is not available yet in this version of Brandboard. It arrives with a coming release; nothing here is shown until then.',
      back: 'Back to getting started',
    },
    gettingStarted: {
      title: 'Getting started, %{name}',
      stepsLabel: 'Steps',
      available: 'Available now',
      later: 'Not available yet',
      intro: {
        admin:
          'As an administrator you connect your data, manage your team and your company brand, and can do everything editors do.',
        editor:
          'As an editor you turn data into datasets, explore it, and build the charts and dashboards your team shares.',
        viewer: 'As a viewer you open the dashboards and charts your team has built.',
        'platform-admin':
          'As a platform administrator you manage the accounts of this installation.',
      },
      steps: {
        datasources: {
          title: 'Connect a data source',
          text: 'Add a database connection or upload a file.',
        },
        datasets: {
          title: 'Define datasets',
          text: 'Pick tables or write a query, and label the fields people will use.',
        },
        'data-explorer': {
          title: 'Explore with SQL',
          text: 'Run read-only queries against a source to check the data.',
        },
        aicharts: {
          title: 'Ask for a chart',
          text: 'Describe the chart in plain language and refine it.',
        },
        dashboards: {
          title: 'Build and share dashboards',
          text: 'Arrange charts on a dashboard and share it by link.',
        },
        users: {
          title: 'Invite your team',
          text: 'Create users and give each the role they need.',
        },
        companies: {
          title: 'Brand your workspace',
          text: 'Set your company name, website, colours and logo.',
        },
        tokens: {
          title: 'Create API tokens',
          text: 'Give scripts and other tools access to your account.',
        },
        helpsections: {
          title: 'Read the help',
          text: 'Answers to common questions about every part of Brandboard.',
        },
      },
    },
  },
  platform: {
    common: {
      home: 'Back to the home page',
      loading: 'Loading…',
      loadFailed: 'This page could not be loaded. Please try again in a moment.',
      preview: 'Preview',
      markdownHelp:
        'Markdown: # heading, **bold**, [link](https://…), - list. HTML is shown as text.',
      copy: 'Copy',
      copied: 'Copied to the clipboard',
      copyFailed: 'Could not copy; select the text and copy it by hand',
    },
    register: {
      title: 'Register your company',
      intro:
        'Tell us about your company and choose the address of your site. We review every registration and send you a link to choose your plan.',
      companyName: 'Company name',
      site: 'Site',
      sitePreview: 'Your address: %{host}',
      fullName: 'Your full name',
      email: 'E-mail',
      username: 'Username of the administrator',
      submit: 'Register',
      signIn: 'Already registered? Sign in',
      siteTaken: 'This site is taken',
      siteTakenHint: 'Choose another site name: this one is taken or reserved.',
      errors: {
        required: 'Required',
        tooLong: 'At most 200 characters',
        site: '2 to 40 lower-case letters, digits or inner hyphens',
        email: 'Enter an e-mail address such as name@example.com',
        username: '3 to 64 letters, digits, dots, dashes or underscores',
      },
    },
    pricing: {
      title: 'Choose your plan',
      intro: 'Choose the plan for %{company} (%{site}).',
      perMonth: '/ month',
      recommended: 'Recommended',
      choose: 'Choose %{name}',
      alreadyUsed: 'An account has already been created with this link. Sign in on your site.',
      failed: 'The account could not be created. Please try again.',
      invalidTitle: 'Pricing link not valid',
      invalid:
        'This pricing link is not valid any more. Ask the platform administrator for a new one.',
      createTitle: 'New pricing plan',
      editTitle: 'Edit pricing plan',
      fields: {
        name: 'Name',
        priceMonthly: 'Monthly price',
        currency: 'Currency',
        features: 'Features',
        highlighted: 'Recommended',
        active: 'Offered',
        sortOrder: 'Order',
      },
      helpers: {
        features: 'One feature per line',
      },
      validation: {
        currency: 'A three-letter currency code such as USD',
      },
    },
    createPassword: {
      title: 'Create your password',
      password: 'Password',
      confirm: 'Repeat the password',
      hint: 'At least 12 characters',
      submit: 'Create password and sign in',
      tooShort: 'The password must have at least 12 characters',
      mismatch: 'The passwords do not match',
      invalidLink: 'This link is not valid or has expired.',
      alreadySet: 'A password has already been set with this link. Sign in on your site.',
      failed: 'The password could not be saved. Please try again.',
    },
    info: {
      notFoundTitle: 'Page not found',
      notFoundBody: 'There is no page at this address.',
      failedTitle: 'Information',
      createTitle: 'New information page',
      editTitle: 'Edit information page',
      open: 'Open the public page',
      fields: {
        slug: 'Address',
        title: 'Title',
        body: 'Content',
        published: 'Published',
        updatedAt: 'Updated',
      },
      helpers: {
        slug: 'The page is shown at /info/<address>, e.g. terms or legal/imprint',
      },
      validation: {
        slug: 'Lower-case words joined by hyphens, sub-pages after a slash',
      },
    },
    messages: {
      createTitle: 'New message',
      editTitle: 'Edit message',
      fields: {
        type: 'Type',
        title: 'Title',
        body: 'Content',
        published: 'Published',
        createdAt: 'Created',
      },
      helpers: {
        type: 'Shown at /messages/<type> (the newest of the type) and /messages/<type>/<id>',
      },
      validation: {
        type: 'Lower-case words joined by hyphens, e.g. announcement',
      },
    },
    registrations: {
      fields: {
        companyName: 'Company',
        site: 'Site',
        fullName: 'Name',
        email: 'E-mail',
        username: 'Administrator username',
        status: 'Status',
        pricingLinkSent: 'Pricing link sent',
        accountId: 'Account',
        createdAt: 'Registered',
      },
      status: {
        pending: 'Pending',
        accepted: 'Accepted',
        rejected: 'Rejected',
      },
      accept: 'Accept',
      reject: 'Reject',
      sendPricingLink: 'Send pricing link',
      pricingLink: 'Pricing link',
      pricingLinkTitle: 'Pricing link',
      pricingLinkHelp:
        'Send this link to %{email}. It is shown only now; making a new link makes this one invalid.',
      linkFailed: 'The pricing link could not be made.',
    },
    helpsections: {
      fields: {
        title: 'Title',
        body: 'Content',
        sortOrder: 'Order',
        published: 'Published',
      },
    },
    tokens: {
      fields: {
        label: 'Label',
        token: 'Token',
        createdAt: 'Created',
        lastUsedAt: 'Last used',
        expiresAt: 'Expires',
        expiresInDays: 'Valid for (days)',
        revoked: 'Revoked',
      },
      helpers: {
        expiresInDays: 'From 1 to 365 days',
      },
      createdTitle: 'Your new API token',
      shownOnce: 'Copy the token now: it is shown only once and cannot be seen again.',
      revoke: 'Revoke',
      revokeTitle: 'Revoke the token "%{label}"?',
      revokeContent: 'Programs using this token stop working at once.',
    },
    message: {
      builtIn: {
        registrationReceived: {
          title: 'Registration received',
          body: 'Thank you for registering. We review your registration and send you a link to choose your plan.',
        },
        shareExpired: {
          title: 'Link expired',
          body: 'This shared dashboard link has expired. Ask the person who shared it for a new one.',
        },
        shareRevoked: {
          title: 'Link revoked',
          body: 'This shared dashboard link has been revoked. Ask the person who shared it for a new one.',
        },
        accountCreated: {
          title: 'Account created',
          body: 'Your account is ready. Sign in on your site to get started.',
        },
        notFound: {
          title: 'Message not found',
          body: 'There is no message at this address.',
        },
      },
    },
  },
};

export type Messages = typeof en;
