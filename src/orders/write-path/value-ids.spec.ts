/*
 * assignValueIds over entities made in memory, its one statement answered by a fake that counts ids on
 * from 5000 (units) and 9000 (adjustments), as the sequences would.
 */
import { OrderItem } from '../domain/order-item.entity';
import { UNASSIGNED_ID, type LineUnit, type StoredAdjustment } from '../domain/order-values';
import { Order } from '../domain/order.entity';
import { fakeSequences } from '../pricing/testing/fake-sequences';
import { assignValueIds } from './value-ids';

/** An adjustment told apart by its label; id 0 unless given (one stored before this command). */
const adjustment = (label: string, id: number = UNASSIGNED_ID): StoredAdjustment => ({
  id, type: 'tax', label, amount: 1, neutral: false, locked: false, originCode: null,
});

const unit = (adjustments: StoredAdjustment[], id: number = UNASSIGNED_ID): LineUnit => ({ id, adjustmentsTotal: adjustments.length, adjustments });

const line = (adjustments: StoredAdjustment[], units: LineUnit[]): OrderItem => Object.assign(new OrderItem(), { id: 1, adjustments, units, quantity: units.length });

const anOrder = (adjustments: StoredAdjustment[]): Order => Object.assign(new Order(), { id: 1, adjustments });

/** Each value's label (or, for a unit, 'unit') with its id. */
const idsOf = (values: Array<StoredAdjustment | LineUnit>): Array<[string, number]> =>
  values.map((value) => ['label' in value ? value.label : 'unit', value.id]);

describe('assignValueIds', () => {
  it('sends no statement when the command made no value, and leaves every value as it was', async () => {
    const units = [unit([adjustment('u', 21)], 11), unit([], 12)];
    const item = line([adjustment('l', 22)], units);
    const order = anOrder([adjustment('o', 23)]);
    const [lineAdjustments, orderAdjustments] = [item.adjustments, order.adjustments];
    const { tx, sent } = fakeSequences();

    await assignValueIds(tx, order, [item]);
    await assignValueIds(tx, anOrder([]), []);

    expect(sent).toEqual([]);
    expect(item.units).toBe(units);
    expect(item.adjustments).toBe(lineAdjustments);
    expect(order.adjustments).toBe(orderAdjustments);
  });

  it('takes every id in one statement: adjustments numbered line by line (its own, then its units\'), then the order\'s; units in line order', async () => {
    const first = line([adjustment('first line'), adjustment('first line, second')], [unit([adjustment('first unit')]), unit([adjustment('second unit')])]);
    const second = line([], [unit([adjustment('third unit'), adjustment('third unit, second')])]);
    const order = anOrder([adjustment('order')]);
    const { tx, sent } = fakeSequences();

    await assignValueIds(tx, order, [first, second]);

    expect(sent).toHaveLength(1);
    expect(sent[0].params).toEqual([3, 7]);
    expect(idsOf(first.adjustments)).toEqual([['first line', 9000], ['first line, second', 9001]]);
    expect(first.units.map((value) => [value.id, idsOf(value.adjustments)])).toEqual([
      [5000, [['first unit', 9002]]],
      [5001, [['second unit', 9003]]],
    ]);
    expect(second.units.map((value) => [value.id, idsOf(value.adjustments)])).toEqual([[5002, [['third unit', 9004], ['third unit, second', 9005]]]]);
    expect(idsOf(order.adjustments)).toEqual([['order', 9006]]);
  });

  it('keeps the ids and the very objects of stored values, giving new ones ids in new arrays', async () => {
    const [storedLineAdjustment, storedUnitAdjustment, storedOrderAdjustment] = [adjustment('stored', 31), adjustment('stored unit', 32), adjustment('stored order', 33)];
    const untouched = unit([adjustment('untouched', 34)], 13);
    const storedUnit = unit([storedUnitAdjustment, adjustment('new on a stored unit')], 14);
    const lineAdjustments = [adjustment('new'), storedLineAdjustment];
    const item = line(lineAdjustments, [untouched, storedUnit, unit([])]);
    const orderAdjustments = [storedOrderAdjustment, adjustment('new order')];
    const order = anOrder(orderAdjustments);
    const { tx, sent } = fakeSequences();

    await assignValueIds(tx, order, [item]);

    expect(sent[0].params).toEqual([1, 3]);
    // Stored values stay as they were, the same objects.
    expect(item.adjustments[1]).toBe(storedLineAdjustment);
    expect(item.units[0]).toBe(untouched);
    expect(item.units[1].adjustments[0]).toBe(storedUnitAdjustment);
    expect(order.adjustments[0]).toBe(storedOrderAdjustment);
    expect(item.units.map((value) => [value.id, idsOf(value.adjustments)])).toEqual([
      [13, [['untouched', 34]]],
      [14, [['stored unit', 32], ['new on a stored unit', 9001]]],
      [5000, []],
    ]);
    expect(idsOf(item.adjustments)).toEqual([['new', 9000], ['stored', 31]]);
    expect(idsOf(order.adjustments)).toEqual([['stored order', 33], ['new order', 9002]]);
    // Values with new ids are new values in new arrays: what was loaded is not changed in place.
    expect(item.units[1]).not.toBe(storedUnit);
    expect(item.units[1].adjustmentsTotal).toBe(storedUnit.adjustmentsTotal);
    expect(idsOf(storedUnit.adjustments)).toEqual([['stored unit', 32], ['new on a stored unit', UNASSIGNED_ID]]);
    expect(item.adjustments).not.toBe(lineAdjustments);
    expect(idsOf(lineAdjustments)).toEqual([['new', UNASSIGNED_ID], ['stored', 31]]);
    expect(order.adjustments).not.toBe(orderAdjustments);
    expect(idsOf(orderAdjustments)).toEqual([['stored order', 33], ['new order', UNASSIGNED_ID]]);
  });
});
