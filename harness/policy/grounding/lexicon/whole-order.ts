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
