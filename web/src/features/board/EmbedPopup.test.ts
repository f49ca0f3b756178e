import { afterEach, describe, expect, it } from 'vitest';
import { setRuntimeConfigForTests } from '../../config/runtime';
import { billingUrl } from './EmbedPopup';

// The test page's own host is not the board host named below.
describe('Upgrade Now (platform §6: the billing page on the board host)', () => {
  afterEach(() => setRuntimeConfigForTests(null));

  it('goes to the board host CHARTMAT_BOARD_BASE_URL names, from any other host', () => {
    setRuntimeConfigForTests({ baseHost: 'tessera.example', boardBaseUrl: 'https://boards.example.com' });
    expect(billingUrl()).toBe('https://boards.example.com/dashboard/accountbilling');
  });

  it('stays on this host when it is the board host', () => {
    setRuntimeConfigForTests({ boardBaseUrl: `${window.location.origin}/` });
    expect(billingUrl()).toBe('/dashboard/accountbilling');
  });

  it('falls back to the base host when no board host is set, or it cannot be read', () => {
    setRuntimeConfigForTests({ baseHost: 'tessera.example' });
    expect(billingUrl()).toBe(`${window.location.protocol}//tessera.example/dashboard/accountbilling`);
    setRuntimeConfigForTests({ baseHost: 'tessera.example', boardBaseUrl: 'not a url' });
    expect(billingUrl()).toBe(`${window.location.protocol}//tessera.example/dashboard/accountbilling`);
    setRuntimeConfigForTests({});
    expect(billingUrl()).toBe('/dashboard/accountbilling');
  });
});
