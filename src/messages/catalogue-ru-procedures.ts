// The dealer-error procedures' words in Russian (docs/procedures.md): the supervisor's panel, the actions as
// the log and recall name them, and why a card was burned. ICU MessageFormat, by key.
import type { Catalogue } from './catalogue.js';

export const PROCEDURES_RU: Catalogue = {
  'action.enterCard': 'Ввести карту',
  'action.correctCard': 'Исправить карту',
  'action.moveCard': 'Переложить карту',
  'action.burnCard': 'Сжечь карту',
  'action.loadDiscards': 'Загрузить сброс',
  'burnCause.exposed': 'карта открыта',
  'burnCause.floor': 'карта на полу',
  'burnCause.faceUp': 'карта лицом вверх в шузе',
  'burnCause.dealerStood': 'дилер взял карту на стоящей руке',
  'burnCause.dealerChange': 'смена дилера',
  'sup.procedures': 'Процедуры',
  'sup.procCard': 'Карта (например, QH)',
  'sup.procSeat': 'Бокс (пусто: дилер)',
  'sup.procHand': 'Рука',
  'sup.procCause': 'Почему сжигается',
  'sup.enterCard': 'Ввести нераспознанную карту',
  'sup.correctCard': 'Исправить неверно распознанную карту',
  'sup.moveCard': 'Карта переложена на свой бокс',
  'sup.burnCard': 'Сжечь карту',
  'sup.loadDiscards': 'Загрузить перетасованный сброс',
};
