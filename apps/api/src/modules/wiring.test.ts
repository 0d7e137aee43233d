import { describe, expect, it } from 'vitest';
import { opsCommandsOf } from '../cli/commands/index';
import { wiring } from './wiring';

describe('the wiring (decision 0048)', () => {
  it('gives every order ttype a definition with each part named', () => {
    expect(Object.keys(wiring.products).sort()).toEqual(['fo', 'fund', 'ipo', 'otc', 'quant', 'standard']);
    for (const definition of Object.values(wiring.products)) {
      expect(Object.keys(definition).sort()).toEqual([
        'offeringListDetails',
        'operatorActions',
        'orderView',
        'positionValuer',
      ]);
    }
  });

  it("lists each product's operator actions in the ops commands once, by the product that owns them", () => {
    const commands = opsCommandsOf(wiring.products);
    const paths = commands.map((c) => c.path.join(' '));
    expect(new Set(paths).size).toBe(paths.length);
    const actionsOf = (ttype: keyof typeof wiring.products) =>
      wiring.products[ttype].operatorActions.map((a) => a.path.join(' '));
    expect(actionsOf('ipo')).toEqual(expect.arrayContaining(['ipo create', 'ipo price', 'ipo allot']));
    expect(actionsOf('fund')).toEqual(expect.arrayContaining(['fund create', 'fund value']));
    expect(actionsOf('quant')).toEqual(
      expect.arrayContaining(['quant create', 'quant start', 'quant mature']),
    );
    expect(actionsOf('fo')).toEqual(actionsOf('otc'));
    expect(actionsOf('fo')).toEqual(expect.arrayContaining(['offering open', 'offering settle']));
    expect(actionsOf('standard')).toEqual([]);
    for (const definition of Object.values(wiring.products)) {
      for (const action of definition.operatorActions) expect(commands).toContain(action);
    }
  });
});
