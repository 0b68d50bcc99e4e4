import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  checkSourceHost,
  type NetworkInterfaces,
} from '../../../server/engines/hostPolicy';

// A source may not point at a special-purpose address that is not globally reachable (the IANA
// IPv4 and IPv6 Special-Purpose Address Registries, multicast, broadcast) nor at this machine's
// own addresses, read from its interfaces at each check. Checked here on the addresses alone:
// every host below is an IP literal, so nothing is looked up and nothing is connected to.

const PRIVATE = 'is a loopback or private address';
const RESERVED = 'is a reserved/documentation address not reachable on the internet';
const OWN = "is this server's own address";

/** An interface list holding `addresses` (eth0), as os.networkInterfaces() describes them. */
function interfacesWith(...addresses: string[]): NetworkInterfaces {
  const info = (address: string): NetworkInterfaceInfo =>
    address.includes(':')
      ? {
          address,
          family: 'IPv6',
          netmask: 'ffff::',
          mac: '',
          internal: false,
          cidr: null,
          scopeid: 0,
        }
      : { address, family: 'IPv4', netmask: '255.0.0.0', mac: '', internal: false, cidr: null };
  return { eth0: addresses.map(info) };
}

const NONE = interfacesWith();

const source = (host: string) => ({ host, database: 'd', user: 'u' });

describe('special-purpose addresses', () => {
  it.for([
    ['0.0.0.0', PRIVATE], // this network
    ['0.255.255.255', PRIVATE],
    ['10.0.0.1', PRIVATE],
    ['100.64.0.1', PRIVATE], // shared address space
    ['100.127.255.255', PRIVATE],
    ['127.0.0.1', PRIVATE],
    ['127.255.255.254', PRIVATE],
    ['169.254.169.254', PRIVATE],
    ['172.16.0.1', PRIVATE],
    ['172.31.255.255', PRIVATE],
    ['192.168.1.1', PRIVATE],
    ['192.0.0.1', RESERVED], // IETF protocol assignments
    ['192.0.0.9', RESERVED], // PCP anycast: global in the registry, refused (anycast)
    ['192.0.0.10', RESERVED], // TURN anycast: likewise
    ['192.0.0.170', RESERVED], // NAT64 discovery
    ['192.0.2.1', RESERVED], // TEST-NET-1
    ['192.0.2.255', RESERVED],
    ['192.88.99.1', RESERVED], // 6to4 relay anycast
    ['192.88.99.2', RESERVED], // 6a44 relay anycast
    ['198.18.0.1', RESERVED], // benchmarking
    ['198.19.255.255', RESERVED],
    ['198.51.100.7', RESERVED], // TEST-NET-2
    ['203.0.113.9', RESERVED], // TEST-NET-3
    ['224.0.0.1', RESERVED], // multicast
    ['239.255.255.250', RESERVED],
    ['240.0.0.1', RESERVED], // reserved (class E)
    ['255.255.255.254', RESERVED],
    ['255.255.255.255', RESERVED], // limited broadcast
  ] as const)('refuses the IPv4 %s: %s', ([address, reason]) => {
    expect(addressRefusal(address, NONE)).toBe(reason);
  });

  it.for([
    ['::', PRIVATE],
    ['::1', PRIVATE],
    ['::ffff:10.0.0.1', PRIVATE], // IPv4-mapped: the IPv4 address decides
    ['::ffff:192.0.2.1', RESERVED],
    ['::ffff:c633:6407', RESERVED], // 198.51.100.7
    ['64:ff9b::c000:201', RESERVED], // NAT64 of 192.0.2.1
    ['64:ff9b:1::1', PRIVATE], // local-use NAT64
    ['100::1', RESERVED], // discard-only
    ['100::ffff:ffff:ffff:ffff', RESERVED],
    ['100:0:0:1::1', RESERVED], // dummy prefix
    ['2001::1', RESERVED], // Teredo
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', RESERVED], // Teredo whose client is 8.8.8.8
    ['2001:1::1', RESERVED], // PCP anycast: global in the registry, refused (anycast)
    ['2001:1::2', RESERVED], // TURN anycast
    ['2001:1::3', RESERVED], // DNS-SD SRP anycast
    ['2001:2::1', RESERVED], // benchmarking
    ['2001:10::1', RESERVED], // deprecated ORCHID
    ['2001:1ff:ffff::1', RESERVED], // the end of 2001::/23
    ['2001:db8::1', RESERVED], // documentation
    ['2001:db8:ffff:ffff::1', RESERVED],
    ['2002:c000:201::1', RESERVED], // 6to4 of 192.0.2.1
    ['2002:cb00:7109::', RESERVED], // 6to4 of 203.0.113.9
    ['2002:a00:1::', PRIVATE], // 6to4 of 10.0.0.1
    ['3fff::1', RESERVED], // documentation
    ['3fff:fff:ffff::1', RESERVED],
    ['5f00::1', RESERVED], // segment routing
    ['fc00::1', PRIVATE],
    ['fdff:ffff::1', PRIVATE],
    ['fe80::1', PRIVATE],
    ['febf::1', PRIVATE],
    ['fec0::1', PRIVATE], // site-local
    ['ff02::1', RESERVED], // multicast
    ['ff0e::1', RESERVED],
  ] as const)('refuses the IPv6 %s: %s', ([address, reason]) => {
    expect(addressRefusal(address, NONE)).toBe(reason);
  });

  it.for([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255', // just outside 100.64.0.0/10
    '100.128.0.0',
    '172.15.255.255', // just outside 172.16.0.0/12
    '172.32.0.0',
    '192.0.1.255', // just outside 192.0.2.0/24
    '192.0.3.0',
    '192.31.196.1', // AS112: globally reachable
    '192.52.193.1', // AMT: globally reachable
    '192.175.48.1', // AS112: globally reachable
    '198.17.255.255', // just outside 198.18.0.0/15
    '198.20.0.0',
    '223.255.255.255', // just below multicast
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '2001:200::1', // just outside 2001::/23
    '2001:3::1', // AMT: globally reachable
    '2001:4:112::1', // AS112-v6: globally reachable
    '2001:20::1', // ORCHIDv2: globally reachable
    '2001:30::1', // drone remote ID: globally reachable
    '2620:4f:8000::1', // AS112: globally reachable
    '2001:db9::1', // just outside 2001:db8::/32
  ])('lets the globally reachable %s through', (address) => {
    expect(addressRefusal(address, NONE)).toBeNull();
  });
});

describe("this machine's own addresses", () => {
  const own = interfacesWith('8.8.8.8', '2606:4700:4700::1111');

  it.for([
    '8.8.8.8',
    '::ffff:8.8.8.8', // IPv4-mapped
    '64:ff9b::808:808', // NAT64 of it
    '2002:808:808::', // 6to4 of it
    '2606:4700:4700::1111',
    '2606:4700:4700:0:0:0:0:1111', // another notation
  ])('refuses %s when an interface has it', (address) => {
    expect(addressRefusal(address, own)).toBe(OWN);
  });

  it('lets an address no interface has through', () => {
    expect(addressRefusal('8.8.4.4', own)).toBeNull();
    expect(addressRefusal('2606:4700:4700::1001', own)).toBeNull();
  });

  it('names the special-purpose range before the interface holding it', () => {
    expect(addressRefusal('127.0.0.1', interfacesWith('127.0.0.1'))).toBe(PRIVATE);
    expect(addressRefusal('192.0.2.2', interfacesWith('192.0.2.2'))).toBe(RESERVED);
  });

  it('reads the interfaces at each check, so a new one counts', async () => {
    const list = interfacesWith();
    const policy = { allowedHosts: [], networkInterfaces: () => list };
    await expect(checkSourceHost(source('8.8.4.4'), policy)).resolves.toEqual({
      address: '8.8.4.4',
      port: 5432,
    });
    list.eth1 = interfacesWith('8.8.4.4').eth0;
    const refused = checkSourceHost(source('8.8.4.4'), policy);
    await expect(refused).rejects.toMatchObject({ statusCode: 400, field: 'host' });
    await expect(refused).rejects.toThrow(`Host "8.8.4.4" (8.8.4.4) ${OWN}`);
  });

  it('refuses every address of the real interfaces by default', async () => {
    const addresses = Object.values(networkInterfaces())
      .flat()
      .map((info) => info!.address);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      expect(addressRefusal(address), address).not.toBeNull();
      const host = address.includes(':') ? `[${address}]` : address;
      await expect(checkSourceHost(source(host), { allowedHosts: [] })).rejects.toMatchObject({
        statusCode: 400,
        field: 'host',
      });
    }
  });
});

describe('the refusal of a source host', () => {
  it('says why, names the host field and the allow list', async () => {
    const check = checkSourceHost(source('198.51.100.7'), { allowedHosts: [] });
    await expect(check).rejects.toMatchObject({ statusCode: 400, field: 'host' });
    await expect(check).rejects.toThrow(
      `Host "198.51.100.7" (198.51.100.7) ${RESERVED}; the operator must list it in ` +
        'DATASOURCE_ALLOWED_HOSTS.',
    );
  });

  it('lets a host the operator lists through, reserved or own', async () => {
    const policy = {
      allowedHosts: ['192.0.2.1', '[2001:db8::1]:5432', '8.8.8.8'],
      networkInterfaces: () => interfacesWith('8.8.8.8'),
    };
    for (const [host, address] of [
      ['192.0.2.1', '192.0.2.1'],
      ['[2001:db8::1]', '2001:db8::1'],
      ['8.8.8.8', '8.8.8.8'],
    ]) {
      await expect(checkSourceHost(source(host), policy)).resolves.toEqual({ address, port: 5432 });
    }
  });
});
