import { PlatformConfig } from './platform-config';

describe('PlatformConfig: HEAP_GROWING_PERCENT', () => {
  it('defaults to 50 and takes an integer from 0 (V8 decides) to 400', () => {
    expect(PlatformConfig.fromEnv({}).heapGrowingPercent).toBe(50);
    expect(PlatformConfig.fromEnv({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(PlatformConfig.fromEnv({ HEAP_GROWING_PERCENT: '400' }).heapGrowingPercent).toBe(400);
    expect(PlatformConfig.fromEnv({ HEAP_GROWING_PERCENT: '' }).heapGrowingPercent).toBe(50);
  });

  it.each(['-1', '401', '12.5', 'lots'])('refuses %s at start, naming the variable and the rule', (value) => {
    expect(() => PlatformConfig.fromEnv({ HEAP_GROWING_PERCENT: value })).toThrow('HEAP_GROWING_PERCENT must be an integer from 0 to 400 (0: V8 decides)');
  });
});

describe('PlatformConfig: LANE_BUSY_SHARE', () => {
  it('defaults to 0.05 and takes a share above 0 up to 1 (lanes never yield)', () => {
    expect(PlatformConfig.fromEnv({}).laneBusyShare).toBe(0.05);
    expect(PlatformConfig.fromEnv({ LANE_BUSY_SHARE: '0.25' }).laneBusyShare).toBe(0.25);
    expect(PlatformConfig.fromEnv({ LANE_BUSY_SHARE: '1' }).laneBusyShare).toBe(1);
    expect(PlatformConfig.fromEnv({ LANE_BUSY_SHARE: '' }).laneBusyShare).toBe(0.05);
  });

  it.each(['0', '-0.1', '1.5', 'half'])('refuses %s at start, naming the variable and the rule', (value) => {
    expect(() => PlatformConfig.fromEnv({ LANE_BUSY_SHARE: value })).toThrow('LANE_BUSY_SHARE must be a number above 0 and at most 1 (1: lanes never yield)');
  });
});
