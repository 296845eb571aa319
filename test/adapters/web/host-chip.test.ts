// The live chip on the dealer's and the supervisor's pages (src/adapters/web/pages/host-alarm.ts): the shoe
// link's state comes from /api/health's `link` and is said in the page's words from its code; the host's
// other lines have no code and are shown as they came.
import { afterEach, describe, expect, test } from 'vitest';
import { healthChip } from '../../../src/adapters/web/pages/host-alarm.js';
import { setLanguage } from '../../../src/adapters/web/pages/i18n.js';

afterEach(() => setLanguage('en'));

describe('the live chip', () => {
  test('a link being made is amber, a link gone is red, each said from its code in the page\'s language', () => {
    setLanguage('ru');
    expect(healthChip({ problems: ['no shoe link'], link: null })).toEqual({ tone: 'amber', text: 'подключение к шузу', detail: 'нет связи с шузом' });
    expect(healthChip({ problems: ['shoe link down'], link: 'down' })).toMatchObject({ tone: 'red', detail: 'связь с шузом: нет' });
    setLanguage('en');
    expect(healthChip({ problems: ['shoe link handshaking'], link: 'handshaking' })).toMatchObject({ tone: 'amber', detail: 'shoe link handshaking' });
  });

  test('the host\'s own lines have no code: shown as they came, the link\'s line apart', () => {
    setLanguage('ru');
    expect(healthChip({ problems: ['event loop stalled 900 ms (limit 500 ms)'], link: 'up' }))
      .toMatchObject({ tone: 'red', detail: 'event loop stalled 900 ms (limit 500 ms)' });
    expect(healthChip({ problems: [], degraded: ['floor link down: NATS away'], link: 'up' })).toMatchObject({ tone: 'amber', detail: 'floor link down: NATS away' });
    expect(healthChip({ problems: [], degraded: [], link: 'up' }).tone).toBe('green');
    expect(healthChip({}, true).tone).toBe('red');
  });
});
