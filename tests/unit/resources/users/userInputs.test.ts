import { describe, expect, it } from 'vitest';
import { roleChoicesFor, toUserPayload } from '../../../../src/resources/users/userInputs';
import {
  toAccountUpdatePayload,
  validateSite,
} from '../../../../src/resources/accounts/accountInputs';
import { validateLogo } from '../../../../src/resources/companies/companyInputs';

describe('user form rules', () => {
  it('offers roles by the current role', () => {
    expect(roleChoicesFor('admin')).toEqual(['admin', 'editor', 'viewer']);
    expect(roleChoicesFor('platform-admin')).toEqual(['platform-admin']);
    expect(roleChoicesFor('viewer')).toEqual([]);
  });

  it('sends only editable fields, and the password only when typed', () => {
    const record = {
      id: 3,
      accountId: 2,
      site: 'acme',
      username: 'eve',
      fullName: 'Eve Editor',
      email: 'eve@acme.example',
      role: 'editor',
      active: true,
      password: '',
    };
    expect(toUserPayload(record)).toEqual({
      username: 'eve',
      fullName: 'Eve Editor',
      email: 'eve@acme.example',
      role: 'editor',
      active: true,
    });
    expect(toUserPayload({ ...record, password: 'a long new password' }).password).toBe(
      'a long new password',
    );
  });
});

describe('account form rules', () => {
  const siteError = (site: string) => {
    for (const validate of validateSite) {
      const error = validate(site, {}, {} as never);
      if (error) return error;
    }
    return undefined;
  };

  it('accepts sites of lower-case letters, digits and hyphens', () => {
    expect(siteError('acme')).toBeUndefined();
    expect(siteError('acme-2')).toBeUndefined();
  });

  it('refuses other sites', () => {
    expect(siteError('Acme')).toBeDefined();
    expect(siteError('acme_2')).toBeDefined();
    expect(siteError('-acme')).toBeDefined();
    expect(siteError('')).toBeDefined();
  });

  it('never sends the site of an existing account; the plan goes by id, active by its actions', () => {
    expect(
      toAccountUpdatePayload({
        id: 2,
        site: 'acme',
        name: 'Acme',
        plan: 'Team',
        planId: 2,
        active: true,
      }),
    ).toEqual({ name: 'Acme', planId: 2 });
  });
});

describe('logo rule', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });

  it('accepts PNG, JPEG, GIF and WebP up to 1 MB', () => {
    expect(validateLogo({ rawFile: file('image/png', 1024) })).toBeUndefined();
    expect(validateLogo({ rawFile: file('image/webp', 1024 * 1024) })).toBeUndefined();
    expect(validateLogo(null)).toBeUndefined();
  });

  it('refuses SVG and files over 1 MB', () => {
    expect(validateLogo({ rawFile: file('image/svg+xml', 100) })).toBe(
      'resources.companies.validation.logoType',
    );
    expect(validateLogo({ rawFile: file('image/png', 1024 * 1024 + 1) })).toBe(
      'resources.companies.validation.logoSize',
    );
  });
});
