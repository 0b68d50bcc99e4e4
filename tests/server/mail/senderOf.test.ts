import { describe, expect, it } from 'vitest';
import { senderOf } from '../../../server/mail/mailer';

describe("a message's sender", () => {
  it("keeps SMTP_FROM as it is for the platform's own messages", () => {
    expect(senderOf('Brandboard <no-reply@example.com>', null)).toBe(
      'Brandboard <no-reply@example.com>',
    );
  });

  it("puts a tenant's name on SMTP_FROM's address", () => {
    expect(senderOf('Brandboard <no-reply@example.com>', 'Acme Analytics')).toEqual({
      name: 'Acme Analytics',
      address: 'no-reply@example.com',
    });
    expect(senderOf(' no-reply@example.com ', 'Acme')).toEqual({
      name: 'Acme',
      address: 'no-reply@example.com',
    });
  });
});
