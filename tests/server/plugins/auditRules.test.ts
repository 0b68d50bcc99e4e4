import { describe, expect, it } from 'vitest';
import { auditDetail } from '../../../server/plugins/auditDetail';
import { auditTarget } from '../../../server/plugins/audit';

// Which calls the audit log records, under which resource and action, and what it keeps of
// their bodies.

describe('auditTarget', () => {
  it('names the resource and the action of administrative routes', () => {
    const cases: [string, string, string, string][] = [
      ['POST', '/api/v1/users', 'users', 'create'],
      ['PUT', '/api/v1/users/:id', 'users', 'update'],
      ['DELETE', '/api/v1/tokens/:id', 'tokens', 'delete'],
      ['POST', '/api/v1/registrations/:id/approve', 'registrations', 'approve'],
      ['POST', '/api/v1/registrations/:id/reject', 'registrations', 'reject'],
      ['PUT', '/api/v1/companyProfiles/:id', 'companyProfiles', 'update'],
      ['POST', '/api/v1/datasources/:id/uploads', 'datasources', 'uploads'],
      ['DELETE', '/api/v1/datasources/:id/tables/:table', 'datasources', 'delete'],
      ['POST', '/api/v1/dashboards/:id/shareLinks', 'shareLinks', 'create'],
      ['DELETE', '/api/v1/dashboards/:id/shareLinks/:linkId', 'shareLinks', 'delete'],
      ['POST', '/api/v1/me/password', 'profile', 'password'],
      ['PUT', '/api/v1/pricing/:id', 'pricing', 'update'],
    ];
    for (const [method, url, resource, action] of cases) {
      expect(auditTarget(method, url), `${method} ${url}`).toEqual({ resource, action });
    }
  });

  it('leaves out reads, tests and routes that are not administrative', () => {
    const skipped: [string, string | undefined][] = [
      ['GET', '/api/v1/users'],
      ['HEAD', '/api/v1/users/:id'],
      ['POST', '/api/v1/datasources/:id/test'],
      ['POST', '/api/v1/dashboards'],
      ['PUT', '/api/v1/dashboards/:id'],
      ['POST', '/api/v1/query'],
      ['POST', '/api/v1/login'],
      ['POST', '/api/v1/usersettings'],
      ['POST', '/api/v1/information'],
      ['POST', undefined],
    ];
    for (const [method, url] of skipped) {
      expect(auditTarget(method, url), `${method} ${url}`).toBeNull();
    }
  });
});

describe('auditDetail', () => {
  it('redacts secrets at any depth and keeps the other fields', () => {
    const detail = auditDetail({
      name: 'Warehouse',
      password: 'hunter2-hunter2',
      config: { host: 'db', user: 'reader', password: 'x', apiKey: 'k', nested: { token: 't' } },
      newPassword: 'p',
      currentPassword: 'q',
      clientSecret: 's',
    });
    expect(detail).toEqual({
      fields: {
        name: 'Warehouse',
        password: '[redacted]',
        config: {
          host: 'db',
          user: 'reader',
          password: '[redacted]',
          apiKey: '[redacted]',
          nested: { token: '[redacted]' },
        },
        newPassword: '[redacted]',
        currentPassword: '[redacted]',
        clientSecret: '[redacted]',
      },
    });
  });

  it('cuts long values, keeps only field names of huge bodies and ignores non-objects', () => {
    const long = auditDetail({ body: 'x'.repeat(500) }).fields as { body: string };
    expect(long.body).toHaveLength(201);
    const huge = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`f${i}`, 'y'.repeat(150)]),
    );
    expect(auditDetail(huge)).toEqual({ fieldNames: Object.keys(huge) });
    expect(auditDetail(undefined)).toEqual({});
    expect(auditDetail('text')).toEqual({});
    expect(auditDetail([1, 2])).toEqual({});
  });
});
