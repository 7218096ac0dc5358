import { describe, expect, it } from 'vitest';
import type { Project } from '@planvy/shared';
import { filterProjects } from './project-search';

function project(id: number, name: string, type: Project['type'], owner: string, description = ''): Project {
  const [first_name = '', last_name = ''] = owner.split(' ');
  return {
    id,
    name,
    description,
    type,
    user: { id: 100 + id, first_name, last_name },
    user_id: 100 + id,
    broker_id: null,
    broker: null,
    created_at: '',
    version: 1,
  };
}

const projects = [
  project(1, 'Brf Solgården', 'sale', 'Eva Ek', 'Balkong mot söder'),
  project(2, 'Kvarteret Linden', 'rental', 'Olle Berg'),
  project(3, 'Tomter vid sjön', 'tomter', 'Eva Ek'),
];
const sv = { sale: 'Försäljning', rental: 'Hyresrätter', tomter: 'Tomter' } as const;
const label = (type: Project['type']) => sv[type];

describe('filterProjects', () => {
  it('returns everything for an empty query', () => {
    expect(filterProjects(projects, '  ', label)).toHaveLength(3);
  });

  it('matches name, description, owner and the type as shown, ignoring case', () => {
    expect(filterProjects(projects, 'SOLG', label).map((p) => p.id)).toEqual([1]);
    expect(filterProjects(projects, 'söder', label).map((p) => p.id)).toEqual([1]);
    expect(filterProjects(projects, 'olle', label).map((p) => p.id)).toEqual([2]);
    expect(filterProjects(projects, 'hyresrätter', label).map((p) => p.id)).toEqual([2]);
  });

  it('needs every word to match somewhere', () => {
    expect(filterProjects(projects, 'eva tomter', label).map((p) => p.id)).toEqual([3]);
    expect(filterProjects(projects, 'eva linden', label)).toEqual([]);
  });
});
