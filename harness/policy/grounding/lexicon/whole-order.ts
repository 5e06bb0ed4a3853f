// Words of the grounding rules (normal form of text.ts) that speak of an order as a whole, and the
// words that make a sentence about part of it: "my order never arrived" is about every item; "my
// order came but only the spoons were in it" is not.

/** The order, its parcel or its delivery, or nothing at all, as the subject of a sentence, in the six languages. */
export const WHOLE_ORDER_WORDS: readonly string[] = [
  ...['order', 'parcel', 'package', 'shipment', 'delivery', 'nothing', 'none'],
  ...['pedido', 'paquete', 'envio', 'entrega', 'nada', 'ninguno'],
  ...['encomenda', 'pacote', 'encomendas'],
  ...['commande', 'colis', 'livraison', 'rien'],
  ...['bestellung', 'paket', 'lieferung', 'sendung', 'nichts'],
  ...['ordine', 'pacco', 'spedizione', 'consegna', 'niente', 'nulla'],
];

/**
 * Words that make what follows them about part of an order: only some of it came, or one item is
 * missing from it ("my order came but only the spoons were in it"). Articles that are also "one"
 * in other languages (una, ein, um) are left out: they name items as often as they count them.
 */
export const PART_OF_ORDER_WORDS: readonly string[] = [
  ...['only', 'but', 'except', 'some', 'part', 'half', 'one'],
  ...['solo', 'solamente', 'pero', 'excepto', 'algunos', 'algunas', 'parte', 'mitad'],
  ...['apenas', 'mas', 'exceto', 'alguns', 'algumas', 'metade'],
  ...['seulement', 'mais', 'sauf', 'certains', 'certaines', 'partie', 'moitie'],
  ...['nur', 'aber', 'ausser', 'einige', 'teil', 'halfte'],
  ...['soltanto', 'ma', 'tranne', 'alcuni', 'alcune', 'meta'],
];

/** Words that turn an arrival verb into a non-arrival ("hasn't arrived", "nothing was ever delivered", "nunca llegó"), in the six languages. */
export const NOT_ARRIVED_NEGATIONS: readonly string[] = [
  ...['not', 'never', 'nothing', 'no', 't', 'nor', 'still'],
  ...['nunca', 'nada', 'ningun', 'todavia', 'aun'],
  ...['nao', 'ainda'],
  ...['pas', 'jamais', 'rien', 'toujours'],
  ...['nicht', 'nie', 'nichts', 'kein', 'keine', 'immer', 'noch'],
  ...['non', 'mai', 'niente', 'nulla', 'ancora'],
];

/** Beginnings of arrival verbs (arrive, come, deliver, receive, turn up, show up, reach), in the six languages. */
export const ARRIVAL_PREFIXES: readonly string[] = [
  ...['arriv', 'came', 'come', 'deliver', 'receiv', 'turn', 'show', 'reach', 'got'],
  ...['lleg', 'recib', 'entreg'],
  ...['cheg', 'receb', 'entreg'],
  ...['recu', 'recev', 'livr'],
  ...['ankomm', 'angekomm', 'erhalt', 'geliefert', 'zugestellt', 'bekomm'],
  ...['ricev', 'consegn'],
];
