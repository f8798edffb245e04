import { describe, expect, it } from 'vitest';
import {
  FARM_SWITCH_RULES,
  farmSwitchTarget,
  resolveCurrentFarm,
  routeFarmId,
  selectableFarms,
} from './current-farm';

const A = { id: 1, enabled: true };
const B = { id: 2, enabled: true };
const OFF = { id: 3, enabled: false };

describe('the current farm', () => {
  it('is the farm the route names when the session sees it', () => {
    expect(resolveCurrentFarm([A, B], 2, 1)).toBe(B);
    // Even a disabled one: the shell warns that it is.
    expect(resolveCurrentFarm([A, B, OFF], 3, 1)).toBe(OFF);
  });

  it('is the stored choice when the route names none, or one not seen', () => {
    expect(resolveCurrentFarm([A, B], null, 2)).toBe(B);
    expect(resolveCurrentFarm([A, B], 99, 2)).toBe(B);
  });

  it('is the first enabled farm otherwise (a deleted or unassigned farm is forgotten)', () => {
    expect(resolveCurrentFarm([A, B], null, null)).toBe(A);
    expect(resolveCurrentFarm([A, B], 99, 98)).toBe(A);
    expect(resolveCurrentFarm([OFF, B], null, null)).toBe(B);
  });

  it('is the first farm when all are disabled, and none without farms', () => {
    expect(resolveCurrentFarm([OFF], null, null)).toBe(OFF);
    expect(resolveCurrentFarm([], 1, 1)).toBeNull();
  });

  it('reads a well-formed fazenda_id only', () => {
    expect(routeFarmId('?fazenda_id=12&plot_id=3')).toBe(12);
    for (const bad of ['', '?fazenda_id=', '?fazenda_id=abc', '?fazenda_id=0', '?fazenda_id=-1']) {
      expect(routeFarmId(bad)).toBeNull();
    }
  });

  it('offers the enabled farms only in the selector', () => {
    expect(selectableFarms([A, OFF, B])).toEqual([A, B]);
  });
});

describe('what a farm switch does to the page', () => {
  it('stays on a page of the new farm itself (a link to its sowing)', () => {
    expect(farmSwitchTarget('/sowings/700', '?fazenda_id=1', 2, true)).toBe(
      '/sowings/700?fazenda_id=2',
    );
    expect(farmSwitchTarget('/sowings/700', '?fazenda_id=1', 2)).toBe('/sowings?fazenda_id=2');
  });

  it('leaves a plot’s page for my farm, with the new farm', () => {
    expect(farmSwitchTarget('/field', '?plot_id=7&fazenda_id=1', 2)).toBe('/my_farm?fazenda_id=2');
  });

  it('keeps any other path and its query, setting fazenda_id', () => {
    expect(farmSwitchTarget('/farms', '', 2)).toBe('/farms?fazenda_id=2');
    expect(farmSwitchTarget('/my_farm', '?fazenda_id=1', 2)).toBe('/my_farm?fazenda_id=2');
  });

  it('starts the catalogue over in the same category', () => {
    expect(
      farmSwitchTarget('/catalog', '?category=variety&search=brs&company=Embrapa&page=3&item=7', 5),
    ).toBe('/catalog?category=variety&fazenda_id=5');
  });

  it('follows the spec’s table for the comparison and the executions', () => {
    expect(farmSwitchTarget('/comparacao', '?x=1', 2)).toBe('/programas?fazenda_id=2');
    expect(farmSwitchTarget('/execucao', '', 2)).toBe('/sowings?fazenda_id=2');
    expect(Object.keys(FARM_SWITCH_RULES).sort()).toEqual([
      '/catalog',
      '/comparacao',
      '/execucao',
      '/field',
      '/sowings',
    ]);
    // A sowing's page, or a filter naming the old farm's plot, goes to the new farm's list.
    expect(farmSwitchTarget('/sowings/12', '', 3)).toBe('/sowings?fazenda_id=3');
    expect(farmSwitchTarget('/sowings', '?plot=4&fazenda_id=2', 3)).toBe('/sowings?fazenda_id=3');
  });
});
