import { describe, expect, it } from 'vitest';
import { isInternalAddress } from '@/lib/legacy-import/public-address';

describe('an old CRM’s address as the screen judges it', () => {
  it.each(['127.0.0.1', '127.9.9.9', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip'])(
    '%s is inside the server’s networks',
    (address) => expect(isInternalAddress(address)).toBe(true),
  );
  it.each(['93.184.216.34', '172.32.0.1', '8.8.8.8', '2a00:1450:4001:80b::200e', '::ffff:93.184.216.34'])('%s is public', (address) => expect(isInternalAddress(address)).toBe(false));
});
