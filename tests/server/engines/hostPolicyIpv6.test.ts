import { describe, expect, it } from 'vitest';
import { carriedIpv4, ipv6Bytes } from '../../../server/engines/embeddedIpv4';
import { checkSourceHost, isPrivateAddress } from '../../../server/engines/hostPolicy';

// Every IPv6 form that carries an IPv4 address is checked as that address.

describe('carriedIpv4', () => {
  it.for([
    ['::127.0.0.1', '127.0.0.1'], // IPv4-compatible
    ['::ffff:127.0.0.1', '127.0.0.1'], // mapped, dotted
    ['::ffff:7f00:1', '127.0.0.1'], // mapped, hex
    ['::FFFF:7F00:0001', '127.0.0.1'],
    ['0:0:0:0:0:ffff:a00:1', '10.0.0.1'],
    ['::ffff:0:192.168.1.1', '192.168.1.1'], // IPv4-translated
    ['64:ff9b::7f00:1', '127.0.0.1'], // NAT64
    ['64:ff9b::127.0.0.1', '127.0.0.1'],
    ['64:ff9b:0:0:0:0:a9fe:a9fe', '169.254.169.254'],
    ['2002:7f00:1::', '127.0.0.1'], // 6to4: bits 16-48
    ['2002:c0a8:101:1::5', '192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'], // Teredo client, inverted
    ['10.1.2.3', '10.1.2.3'],
  ] as const)('reads %s as %s', ([address, ipv4]) => {
    expect(carriedIpv4(address)).toBe(ipv4);
  });

  it.for(['2606:4700:4700::1111', 'fe80::1', '1::', 'not an address'])(
    'finds none in %s',
    (address) => {
      expect(carriedIpv4(address)).toBeNull();
    },
  );

  it('expands :: and dotted tails into 16 bytes', () => {
    expect([...ipv6Bytes('1::2')!]).toEqual([0, 1, ...Array(12).fill(0), 0, 2]);
    expect([...ipv6Bytes('::1.2.3.4')!].slice(12)).toEqual([1, 2, 3, 4]);
    expect(ipv6Bytes('1.2.3.4')).toBeNull();
  });
});

describe('isPrivateAddress', () => {
  it.for([
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:0:10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::7f00:1',
    '64:ff9b:1:ab::1',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:a9fe:a9fe::',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.for(['2606:4700:4700::1111', '64:ff9b::808:808', '2002:808:808::1', '::ffff:8.8.8.8'])(
    'allows the public %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('refuses a source at [64:ff9b::7f00:1] even when 127.0.0.1 is allowed', async () => {
    const check = checkSourceHost(
      { host: '[64:ff9b::7f00:1]', database: 'd', user: 'u' },
      { allowedHosts: ['127.0.0.1'] },
    );
    await expect(check).rejects.toMatchObject({ statusCode: 400, field: 'host' });
    await expect(check).rejects.toThrow(/\(64:ff9b::7f00:1\) is a loopback or private/);
  });
});
