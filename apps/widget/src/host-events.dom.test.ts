import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOST_EVENT_TYPES, hostEvents, interestEvent, isHostEvent } from './host-events';

describe('host events', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts only known types of version 1 with a project id', () => {
    for (const type of HOST_EVENT_TYPES) expect(isHostEvent({ type, v: 1, projectId: 3 })).toBe(true);
    expect(isHostEvent({ type: 'planvy:height', v: 1, projectId: 3 })).toBe(false);
    expect(isHostEvent({ type: 'planvy:view', v: 2, projectId: 3 })).toBe(false);
    expect(isHostEvent({ type: 'planvy:view', v: 1, projectId: '3' })).toBe(false);
    expect(isHostEvent(null)).toBe(false);
    expect(isHostEvent('planvy:view')).toBe(false);
  });

  it('posts the versioned envelope to the parent origin only, never "*"', () => {
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    hostEvents(
      'https://broker.example',
      7,
    )({
      type: 'planvy:favourite',
      apartmentId: 12,
      bostad: '1001',
      favourite: true,
      count: 1,
    });
    expect(postMessage).toHaveBeenCalledWith(
      {
        type: 'planvy:favourite',
        v: 1,
        projectId: 7,
        apartmentId: 12,
        bostad: '1001',
        favourite: true,
        count: 1,
      },
      'https://broker.example',
    );
  });

  it('posts nothing outside a frame', () => {
    const spy = vi.spyOn(window, 'postMessage');
    hostEvents('https://broker.example', 7)({ type: 'planvy:plan', plan: 1, name: 'a.svg', title: 'Hus A' });
    expect(spy).not.toHaveBeenCalled();
  });

  it('says that interest was registered, from where and for which apartments, and nothing about who', () => {
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    hostEvents('https://broker.example', 7)(interestEvent('favourites', [12, 9]));
    expect(postMessage).toHaveBeenCalledTimes(1);
    const [event] = postMessage.mock.calls[0] as [Record<string, unknown>];
    expect(event).toEqual({
      type: 'planvy:interest',
      v: 1,
      projectId: 7,
      source: 'favourites',
      apartmentIds: [12, 9],
    });
    expect(isHostEvent(event)).toBe(true);
  });
});
