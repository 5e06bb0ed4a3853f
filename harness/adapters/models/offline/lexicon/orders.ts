// Words that introduce an order number ("order #1042", "pedido nº 1001", "Bestellung Nr. 1002",
// "commande n° 1003", "ordine n. 1004", "encomenda 1005") and the words that mark an order as
// another, older or unproblematic one ("last year's order #998 was fine"). Data only.

export const ORDER_WORDS = [
  'order',
  'orders',
  'ordered',
  'pedido',
  'pedidos',
  'orden',
  'compra',
  'encomenda',
  'ordem',
  'commande',
  'bestellung',
  'bestellnummer',
  'auftrag',
  'auftragsnummer',
  'ordine',
  'ordinazione',
];

/** Words that may stand between the order word and its number ("order number", "Nr.", "n°"). */
export const NUMBER_LABELS = ['no', 'nr', 'n', 'nro', 'num', 'number', 'numero', 'nummer', 'id', 'ref', 'is', 'de', 'do', 'o'];

/** A bare number after one of these is an order number when it cannot be a year ("the mugs in 2206"). */
export const BARE_NUMBER_BEFORE = ['from', 'in', 'of', 'meant', 'mine', 'de', 'del', 'da', 'do', 'von', 'aus', 'di', 'della', 'dal', 'du'];

/** Words that say an order has a problem, without saying which ("order 3312 has a problem"). */
export const TROUBLE_WORDS = ['problem', 'issue', 'problema', 'problème', 'Problem', 'mängel', 'guasto'];

/** Joins a second number to the first ("orders 1001 and 1002"). */
export const NUMBER_JOINERS = ['and', 'or', 'y', 'o', 'e', 'ou', 'und', 'oder', 'et'];

/** Marks the order of its sentence as another one than the complaint's. */
export const OTHER_ORDER_WORDS = [
  'last year',
  'last month',
  'last week',
  'previous',
  'earlier',
  'older',
  'old order',
  'another order',
  'other order',
  'was fine',
  'were fine',
  'no problem',
  'no problems',
  'packed well',
  'unlike',
  'my friend',
  "friend's",
  'newer',
  'older one',
  'anterior',
  'pasado',
  'el ano pasado',
  'otro pedido',
  'ano passado',
  'outra encomenda',
  'outro pedido',
  'precedente',
  "l'annee derniere",
  'autre commande',
  'letztes jahr',
  'vorherige',
  'fruhere',
  'andere bestellung',
  "l'anno scorso",
  'scorso',
  'altro ordine',
];
