import { describe, expect, it } from 'vitest';
import type { BuildingNumber } from '@planvy/shared';
import { buildingForPlan } from './link-building';

const building = (id: number, label: string): BuildingNumber => ({ id, label, label_svg: '', project_id: 1 });
const buildings = [building(1, 'A'), building(2, 'B'), building(3, 'A2'), building(4, '12')];

describe('buildingForPlan', () => {
  it('finds the one building a plan title names as a whole word', () => {
    expect(buildingForPlan('Hus A, plan 1', buildings)).toBe(1);
    expect(buildingForPlan('hus b – entréplan', buildings)).toBe(2);
    expect(buildingForPlan('Hus A2', buildings)).toBe(3);
    expect(buildingForPlan('Plan 2 i Hus 12', buildings)).toBe(4);
  });

  it('suggests nothing when no building or several are named', () => {
    expect(buildingForPlan('Plan 1', buildings)).toBeNull();
    expect(buildingForPlan('Husen A och B', buildings)).toBeNull();
    expect(buildingForPlan('Hus A och Hus B', buildings)).toBeNull();
    expect(buildingForPlan('Hus 123', buildings)).toBeNull();
    expect(buildingForPlan('Hus A', [])).toBeNull();
  });
});
