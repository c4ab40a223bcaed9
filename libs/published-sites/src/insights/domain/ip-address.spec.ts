import { truncateIp } from './ip-address';

describe('truncateIp: only the network part of a visitor address is kept', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['10.1.2.255', '10.1.2.0'],
    ['0.0.0.0', '0.0.0.0'],
    [' 198.51.100.9 ', '198.51.100.0'],
  ])('IPv4 %s → its /24 %s', (ip, net) => expect(truncateIp(ip)).toBe(net));

  it.each([
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:0DB8:0000:0001::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
    ['[2001:db8::42]', '2001:db8:0::'],
    ['2001:db8:1:2:3:4:192.0.2.33', '2001:db8:1::'],
  ])('IPv6 %s → its /48 %s', (ip, net) => expect(truncateIp(ip)).toBe(net));

  it('an IPv4 client on a dual-stack socket (IPv4-mapped) is truncated as IPv4', () => {
    expect(truncateIp('::ffff:127.0.0.1')).toBe('127.0.0.0');
    expect(truncateIp('::ffff:c000:0221')).toBe('192.0.2.0');
  });

  it.each([
    '',
    'localhost',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '2001:db8::1::2',
    '1:2:3:4:5:6:7:8:9',
    'gggg::1',
    '::ffff:999.1.1.1',
    '1:2:3:4:5:6:7::8',
  ])('%j is not an address', (ip) => expect(truncateIp(ip)).toBeNull());
});
