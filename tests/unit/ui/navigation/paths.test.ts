import { describe, expect, it } from 'vitest';
import {
  afterSignInPath,
  defaultLandingFor,
  sectionOfPath,
} from '../../../../src/ui/navigation/paths';
import {
  infoSlugFromParams,
  parseRecordParam,
  recordDrawerPath,
} from '../../../../src/ui/navigation/publicProtectedPrefixes';

describe('sectionOfPath', () => {
  it('names the section of a protected path', () => {
    expect(sectionOfPath('/users')).toBe('users');
    expect(sectionOfPath('/users/5/show')).toBe('users');
    expect(sectionOfPath('/data-explorer')).toBe('data-explorer');
  });

  it('is null for any other path', () => {
    expect(sectionOfPath('/')).toBeNull();
    expect(sectionOfPath('/login')).toBeNull();
    expect(sectionOfPath('/userz')).toBeNull();
  });
});

describe('landing after sign-in', () => {
  it('tenant users land on their dashboards (the list goes on to getting-started when empty), platform admins on accounts', () => {
    expect(defaultLandingFor('admin')).toBe('/dashboards?landing');
    expect(defaultLandingFor('viewer')).toBe('/dashboards?landing');
    expect(defaultLandingFor('platform-admin')).toBe('/accounts');
  });

  it('returns to the remembered path with its query', () => {
    expect(afterSignInPath('admin', '?redirect=%2Fusers%3Fpage%3D2')).toBe('/users?page=2');
  });

  it('ignores a remembered path on another origin', () => {
    expect(afterSignInPath('admin', '?redirect=%2F%2Fevil.example%2Fx')).toBe(
      '/dashboards?landing',
    );
    expect(afterSignInPath('admin', '?redirect=https%3A%2F%2Fevil.example')).toBe(
      '/dashboards?landing',
    );
  });

  it('ignores a remembered section the role may not use', () => {
    expect(afterSignInPath('viewer', '?redirect=%2Fusers')).toBe('/dashboards?landing');
    expect(afterSignInPath('platform-admin', '?redirect=%2Fmessages')).toBe('/messages');
  });
});

describe('shared-prefix drawer parameter', () => {
  it('builds the list URL with the drawer open', () => {
    expect(recordDrawerPath('messages', 'new')).toBe('/messages?record=new');
    expect(recordDrawerPath('info', 12)).toBe('/info?record=12');
  });

  it('reads create, a record id, or nothing', () => {
    expect(parseRecordParam('?record=new')).toEqual({ isCreate: true, recordId: null });
    expect(parseRecordParam('?record=12&page=2')).toEqual({ isCreate: false, recordId: '12' });
    expect(parseRecordParam('?page=2')).toEqual({ isCreate: false, recordId: null });
  });

  it('reads an info page slug from its route params', () => {
    expect(infoSlugFromParams({ page: 'about', '*': '' })).toBe('about');
    expect(infoSlugFromParams({ page: 'legal', '*': 'terms' })).toBe('legal/terms');
  });
});
