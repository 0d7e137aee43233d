import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_FEE_SCHEDULES } from '@imali/money';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/env';
import { feesFor, loadFeeSchedules, scheduleForCountry } from './fees.service';

const ZA_JSON = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../../../packages/money/fee-schedules/ZA.json'),
    'utf8',
  ),
) as { version: string; lines: { code: string; rate: string }[] };

describe('fee schedules from configuration', () => {
  const dirs: string[] = [];
  const dirWith = (files: Record<string, unknown>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-fees-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) {
      fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses the shipped schedules when FEE_SCHEDULES_DIR is unset: R10,000 buy costs R62.40', () => {
    const ctx = { config: testConfig() };
    expect(scheduleForCountry(ctx, 'ZA')).toBe(DEFAULT_FEE_SCHEDULES.find((s) => s.country === 'ZA'));
    const fees = feesFor(ctx, 'ZA', { side: 'buy', considerationMinor: 1_000_000n, quantity: '100' });
    expect(fees.totalMinor).toBe(6240n);
    expect(() => scheduleForCountry(ctx, 'GB')).toThrow('No fee schedule for country GB');
  });

  it('lets a file replace its country; the shipped version stays findable', () => {
    const cheaper = {
      ...ZA_JSON,
      version: 'ZA-TEST-1',
      lines: ZA_JSON.lines.map((l) => (l.code === 'brokerage' ? { ...l, rate: '0.001' } : l)),
    };
    const schedules = loadFeeSchedules(dirWith({ 'za.json': cheaper, 'notes.txt': 'ignored' }));
    expect(schedules.current.get('ZA')!.version).toBe('ZA-TEST-1');
    expect(schedules.current.get('US')!.version).toMatch(/^US-/);
    expect(schedules.byVersion.has(ZA_JSON.version)).toBe(true);
    const ctx = { config: testConfig({ FEE_SCHEDULES_DIR: dirWith({ 'za.json': cheaper }) }) };
    const fees = feesFor(ctx, 'ZA', { side: 'buy', considerationMinor: 1_000_000n, quantity: '100' });
    expect(fees.scheduleVersion).toBe('ZA-TEST-1');
    expect(fees.brokerageMinor).toBe(1000n);
  });

  it('refuses a bad file, naming it, and two files for one country', () => {
    const broken = dirWith({ 'za.json': { ...ZA_JSON, vatRate: '15%' } });
    expect(() => loadFeeSchedules(broken)).toThrow(/za\.json: Fee schedule .*vatRate/);
    expect(() => loadFeeSchedules(dirWith({ 'bad.json': '{ not json' }))).toThrow(/bad\.json/);
    const twice = dirWith({
      'a.json': { ...ZA_JSON, version: 'ZA-A' },
      'b.json': { ...ZA_JSON, version: 'ZA-B' },
    });
    expect(() => loadFeeSchedules(twice)).toThrow(/a second schedule for ZA/);
  });
});
