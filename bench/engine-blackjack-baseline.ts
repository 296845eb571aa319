// The same work as bench/engine.ts's six-deck hit-17 run, through the npm package engine-blackjack@0.9.2,
// measured in the same process for a ratio. engine-blackjack is GPL-2.0: it is NOT a dependency of this
// project and no code of it is copied here; the bench loads it by absolute path from a scratch folder
// when one is present (default /tmp/eb: mkdir /tmp/eb && cd /tmp/eb && npm init -y && npm i engine-blackjack@0.9.2),
// or from ENGINE_BLACKJACK_DIR, and says so when it is absent.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { shuffle } from '../src/random/prng.js';

interface EbCard { text: string; suite: string; value: number; color: string }
interface EbState {
  stage: string;
  deck: EbCard[];
  handInfo: { right: { playerValue: { hi: number; lo: number }; availableActions: { insurance: boolean; hit: boolean } } };
}
interface EbModule {
  Game: new (state?: object) => { dispatch(action: object): void; getState(): EbState };
  actions: { deal(p: { bet: number }): object; insurance(p: { bet: number }): object; hit(p: { position: string }): object; stand(p: { position: string }): object };
  presets: { getRules(r: object): object; defaultState(rules: object): EbState };
}

export function loadEngineBlackjack(): { module: EbModule; path: string } | null {
  const dir = process.env.ENGINE_BLACKJACK_DIR ?? '/tmp/eb';
  const path = join(dir, 'node_modules', 'engine-blackjack');
  if (!existsSync(join(path, 'package.json'))) return null;
  const require = createRequire(join(dir, 'package.json'));
  return { module: require('engine-blackjack') as EbModule, path };
}

const TEXTS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITES = ['spades', 'hearts', 'diamonds', 'clubs'];

function ebShoe(decks: number, random: () => number): EbCard[] {
  const cards: EbCard[] = [];
  for (let d = 0; d < decks; d++) {
    for (const text of TEXTS) {
      for (const suite of SUITES) {
        const value = text === 'A' ? 1 : text === 'J' || text === 'Q' || text === 'K' ? 10 : Number(text);
        cards.push({ text, suite, value, color: suite === 'hearts' || suite === 'diamonds' ? 'R' : 'B' });
      }
    }
  }
  return shuffle(cards, random);
}

/** Six decks, one hand of 1,000 a round, hit below 17 and stand on 17+, no insurance, a new seeded shoe
 *  when a quarter is left. Returns the rounds played. */
export function playEngineBlackjack(eb: EbModule, rounds: number, random: () => number): { rounds: number; actions: number } {
  const rules = eb.presets.getRules({ decks: 6 });
  const template = eb.presets.defaultState(rules);
  let deck = ebShoe(6, random);
  const cut = Math.floor(deck.length * 0.25);
  let actions = 0;
  for (let r = 0; r < rounds; r++) {
    if (deck.length <= cut) deck = ebShoe(6, random);
    const game = new eb.Game({ ...template, deck });
    game.dispatch(eb.actions.deal({ bet: 1000 }));
    actions++;
    let state = game.getState();
    while (state.stage.startsWith('player-turn')) {
      const hand = state.handInfo.right;
      if (hand.availableActions.insurance && !hand.availableActions.hit) {
        game.dispatch(eb.actions.insurance({ bet: 0 })); // no insurance, as our bot
        actions++;
        state = game.getState();
        continue;
      }
      const { hi, lo } = hand.playerValue;
      const total = hi > 21 ? lo : hi;
      game.dispatch(total < 17 ? eb.actions.hit({ position: 'right' }) : eb.actions.stand({ position: 'right' }));
      actions++;
      state = game.getState();
    }
    deck = state.deck;
  }
  return { rounds, actions };
}
