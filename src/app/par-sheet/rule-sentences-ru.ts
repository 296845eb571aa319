// Правила набора по-русски, для листа доходности: каждое поле, меняющее доходность игры. Названия —
// словами исходных документов (/seeds: «Удвоить», «Разделить», «Сдаться», «Страховка», «Равные деньги»,
// «Трипл», «Свитч», «Суперматч», «Пары», ставка за сидячим игроком, бокс, закрытая карта).
import type { Ratio, RuleSet, UpCardClass } from '../../rules/rule-set.js';

const r = ([n, d]: Ratio) => `${n}:${d}`;
const classes = (c: readonly UpCardClass[]) => c.map((x) => (x === 'ace' ? 'туз' : 'десятка')).join(' или ');
const RANK: Record<string, string> = { T: '10', J: 'В', Q: 'Д', K: 'К', A: 'Т' };
const rank = (x: string) => RANK[x] ?? x;

/** 1 колода, 2 колоды, 5 колод. */
export function plural(n: number, one: string, few: string, many: string): string {
  const t = n % 100, u = n % 10;
  if (t >= 11 && t <= 14) return many;
  return u === 1 ? one : u >= 2 && u <= 4 ? few : many;
}

export function ruleSentencesRu(rules: RuleSet): string[] {
  const d = rules.deck;
  const size = d.ranks.length * d.suits.length;
  const lines: string[] = [];
  const values = Object.entries(d.values).map(([k, v]) => `${rank(k)}=${v}`).join(' ');
  lines.push(`${d.decks} ${plural(d.decks, 'колода', 'колоды', 'колод')} по ${size} ${plural(size, 'карте', 'карты', 'карт')}${size !== 52 ? ` (${d.ranks.map(rank).join(' ')}${values ? `; ${values}` : ''})` : ''}; ${rules.seats} ${plural(rules.seats, 'место', 'места', 'мест')}${rules.boxes.handsPerBox > 1 ? `, ${rules.boxes.handsPerBox} руки на бокс` : ''}.`);
  const dl = rules.dealer;
  lines.push(`Дилер ${dl.hitSoft17 ? 'берёт карту на мягких 17' : 'останавливается на мягких 17'}${rules.hand.maxCards ? `, не более ${rules.hand.maxCards} карт на руке` : ''}; ${dl.holeCard ? `закрытая карта, дилер проверяет блэкджек, если открыт ${classes(dl.peekOn)}` : `без закрытой карты: блэкджек дилера забирает ${rules.blackjack.dealerBlackjackTakes === 'all' ? 'все ставки, с удвоениями и разделениями' : 'только первоначальную ставку'}`}${dl.push22 ? '; 22 у дилера — ничья для всех рук, кроме блэкджека' : ''}.`);
  const bj = rules.blackjack;
  const extras = [
    bj.suitedPays ? `одномастный блэкджек ${r(bj.suitedPays)}` : null,
    bj.pairOfAcesBeatsAll ? 'пара тузов из двух карт бьёт любую комбинацию и оплачивается как блэкджек' : null,
    bj.pictureCardsCount ? `${bj.pictureCardsCount} ${plural(bj.pictureCardsCount, 'картинка', 'картинки', 'картинок')} считаются блэкджеком` : null,
    rules.hand.threeSevensPays ? `три семёрки оплачиваются ${r(rules.hand.threeSevensPays)}` : null,
    bj.evenMoneyAgainst.length > 0 ? `«Равные деньги» предлагаются, если у дилера открыт ${classes(bj.evenMoneyAgainst)}` : null,
  ].filter((x) => x !== null);
  lines.push(`Блэкджек оплачивается ${r(bj.pays)}${bj.settle === 'endOfRound' ? ' в конце раунда' : ''}${extras.length ? `; ${extras.join('; ')}` : ''}. Выигрыш оплачивается ${r(rules.payouts.win)}.`);
  const db = rules.double;
  lines.push(db.allowed
    ? `Удвоить можно на двух картах${db.forbidWithAce ? ' без туза' : ''}${db.forbidOn21 ? ', кроме 21' : ''}${db.afterSplit ? ', и после разделения' : ', но не после разделения'}${db.afterSplitAces ? ' (и на разделённых тузах)' : ''}${db.forLess ? ', в том числе на меньшую сумму' : ''}${db.triple ? '; Трипл (ещё одна ставка за ещё одну карту после удвоения)' : ''}.`
    : 'Удвоения нет.');
  const sp = rules.split;
  lines.push(sp.allowed ? `Разделить пару можно до ${sp.maxHands} рук, тузы — до ${sp.maxHandsAces}${sp.oneCardOnAces ? ', на каждый разделённый туз — одна карта' : ''}.` : 'Разделения нет.');
  lines.push(rules.surrender.allowed ? `Сдаться (с потерей половины ставки) можно на первых двух картах${rules.surrender.notAgainst.length ? `, но не если у дилера открыт ${classes(rules.surrender.notAgainst)}` : ''}.` : 'Сдаться нельзя.');
  lines.push(rules.insurance.offered ? `Страховка ${r(rules.insurance.pays)}, если у дилера открыт туз${rules.insurance.partial ? ', до половины ставки' : ', в половину ставки'}.` : 'Страховки нет.');
  if (rules.switch.allowed) lines.push('Свитч: вторые карты двух рук бокса можно поменять местами до любого другого действия; туз с десяткой после свитча — это 21.');
  if (rules.boxes.betBehind) lines.push('Ставка за сидячим игроком (здесь — со следованием за каждым удвоением и разделением).');
  const sb = rules.sideBets;
  if (sb.pairs) lines.push(`Побочная ставка «Пары»: смешанная пара ${r(sb.pairs.mixed)}, пара одного цвета ${r(sb.pairs.coloured)}, идеальная пара ${r(sb.pairs.perfect)}, три карты одной масти с первой картой дилера ${r(sb.pairs.suitedTrips)}.`);
  if (sb.superMatch) lines.push(`«Суперматч» на четырёх картах бокса: каре ${r(sb.superMatch.quads)}, две пары ${r(sb.superMatch.twoPair)}, тройка ${r(sb.superMatch.trips)}, одна пара ${r(sb.superMatch.pair)}.`);
  return lines;
}
