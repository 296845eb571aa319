// The live chip on the dealer's and the supervisor's pages (src/adapters/web/pages/host-alarm.ts): the shoe
// link's state comes from /api/health's `link` and is said in the page's words from its code; the host's
// other lines are said from their codes (`problemReasons`, `degradedReasons`), a line without one as it came.
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

  test('the host\'s own lines are said from their codes in the page\'s language, the link\'s line apart', () => {
    setLanguage('ru');
    const stalled = { reason: 'event loop stalled 900 ms (limit 500 ms)', code: 'loopStalled', params: { ms: '900', limit: '500' } };
    expect(healthChip({ problems: [stalled.reason, 'shoe link down'], problemReasons: [stalled, { reason: 'shoe link down', code: 'shoeLinkState', params: { state: 'down' } }], link: 'up' }))
      .toMatchObject({ tone: 'red', detail: 'цикл событий простаивал 900 мс (предел 500 мс)' });
    const away = { reason: 'a display gateway lost NATS', code: 'gatewayNatsDown', params: { address: 'nats://a:4222' } };
    expect(healthChip({ problems: [], degraded: [away.reason], degradedReasons: [away], link: 'up' }).detail).toContain('nats://a:4222');
    expect(healthChip({ problems: [], degraded: [away.reason], degradedReasons: [away], link: 'up' }).detail).toMatch(/[а-я]/);
  });

  test('a line without a code, or an answer whose codes do not match its lines, is shown as it came', () => {
    setLanguage('ru');
    expect(healthChip({ problems: ['event loop stalled 900 ms (limit 500 ms)'], link: 'up' }))
      .toMatchObject({ tone: 'red', detail: 'event loop stalled 900 ms (limit 500 ms)' });
    expect(healthChip({ problems: [], degraded: ['floor link down: NATS away'], link: 'up' })).toMatchObject({ tone: 'amber', detail: 'floor link down: NATS away' });
    expect(healthChip({ problems: [], degraded: [], link: 'up' }).tone).toBe('green');
    expect(healthChip({}, true).tone).toBe('red');
  });
});
