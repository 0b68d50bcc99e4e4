import { describe, expect, it } from 'vitest';
import { formatMegabytes, usedOf, usedPercent } from '../../../common/planLimits';

// The pure helpers behind the usage panel and the plan cards.

describe('plan limit helpers', () => {
  it('writes megabytes as people read them', () => {
    expect(formatMegabytes(0)).toBe('0 MB');
    expect(formatMegabytes(0.04)).toBe('0 MB');
    expect(formatMegabytes(0.45)).toBe('0.5 MB');
    expect(formatMegabytes(500)).toBe('500 MB');
    expect(formatMegabytes(1536)).toBe('1.5 GB');
    expect(formatMegabytes(10240)).toBe('10 GB');
  });

  it('reads the usage a limit caps, storage in megabytes', () => {
    const usage = { users: 4, dashboards: 2, dataSources: 1, storageBytes: 3 * 1024 * 1024 };
    expect(usedOf(usage, 'maxUsers')).toBe(4);
    expect(usedOf(usage, 'maxDashboards')).toBe(2);
    expect(usedOf(usage, 'maxDataSources')).toBe(1);
    expect(usedOf(usage, 'maxStorageMb')).toBe(3);
  });

  it('answers the share used, capped at 100, and none when unlimited', () => {
    expect(usedPercent(4, 25)).toBe(16);
    expect(usedPercent(30, 25)).toBe(100);
    expect(usedPercent(0, 0)).toBe(0);
    expect(usedPercent(1, 0)).toBe(100);
    expect(usedPercent(5, null)).toBeNull();
  });
});
