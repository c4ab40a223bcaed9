import { clusterImpact, iconOf, weeklyPulse, weekOf } from './cluster-figures';

describe('cluster figures', () => {
  it('impact: the highest level that at least a quarter of the issues reach', () => {
    expect(clusterImpact({ high: 1 })).toBe('high');
    expect(clusterImpact({ low: 19, high: 1 })).toBe('low');
    expect(clusterImpact({ low: 12, medium: 3, high: 1 })).toBe('medium');
    expect(clusterImpact({ low: 15, high: 5 })).toBe('high');
    expect(clusterImpact({})).toBe('low');
  });
  it('weekly pulse: 13 weeks, oldest first, the last entry the current week', () => {
    const now = new Date('2026-03-04T12:00:00.000Z'); // a Wednesday
    expect(weekOf(now)).toBe('2026-03-02');
    const pulse = weeklyPulse({ '2026-03-02': 4, '2026-02-23': 2, '2025-12-08': 1, '2025-12-01': 9 }, now);
    expect(pulse).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4]);
  });
  it('icon by the most frequent terms, within 50 characters', () => {
    expect(iconOf({ webhook: 3, signature: 2 })).toBe('bell');
    expect(iconOf({ constructor: 1 })).toBe('message-exclamation');
  });
});
