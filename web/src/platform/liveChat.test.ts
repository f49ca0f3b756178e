import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveChatAllowed, loadLiveChat } from './liveChat';

describe('live chat', () => {
  afterEach(() => {
    document.getElementById('tessera-live-chat')?.remove();
    vi.useRealTimers();
  });

  it.each([
    ['/', true],
    ['/dashboard', true],
    ['/dashboard/', true],
    ['/admin', true],
    ['/marketplace', true],
    ['/dashboard/auth', true],
    ['/dashboard/signup', true],
    ['/embed', false],
    ['/embed/', false],
    ['/sales-overview', false],
    ['/dashboard/account', false],
    ['/admin_old', false],
  ])('on %s the widget loads: %s', (path, allowed) => {
    expect(liveChatAllowed(path)).toBe(allowed);
  });

  it('adds the configured script 1 ms after load, once', () => {
    vi.useFakeTimers();
    loadLiveChat('/dashboard', 'https://chat.example/widget.js');
    loadLiveChat('/', 'https://chat.example/widget.js');
    expect(document.getElementById('tessera-live-chat')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelectorAll('#tessera-live-chat')).toHaveLength(1);
    expect(document.getElementById('tessera-live-chat')?.getAttribute('src')).toBe('https://chat.example/widget.js');
  });

  it('adds nothing under /embed or without a configured script', () => {
    vi.useFakeTimers();
    loadLiveChat('/embed', 'https://chat.example/widget.js');
    loadLiveChat('/dashboard', null);
    vi.advanceTimersByTime(10);
    expect(document.getElementById('tessera-live-chat')).toBeNull();
  });
});
